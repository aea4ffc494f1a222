"""What people read on the table: the last trick, dimmed controls, whole card names and
effects, where Taco is, a solo result, a breakdown that fits a phone, the witness steps.

Tables are dealt and played through the API (quicker than clicking), then looked at in the
browser at a desk's width and a phone's.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import httpx
import pytest

import engine

from .driver import open_seat, view

ROOT = Path(__file__).resolve().parents[2]
PHONE, DESK = 390, 1280


def _deal(server: str, game: str, players: int, variant: str | None = None, *,
          seed: int = 5, setup: dict[str, Any] | None = None) -> dict[str, Any]:
    body = {"game": game, "players": players, "variant": variant, "seed": seed, "setup": setup}
    made = httpx.post(f"{server}api/tables", json=body, timeout=20).raise_for_status().json()
    return {"id": made["table"], "tokens": {s["seat"]: s["token"] for s in made["seats"]}}


def _finished(server: str, game: str, players: int, variant: str | None = None, *,
              seed: int = 2, until: Callable[[dict[str, Any]], bool] | None = None
              ) -> dict[str, Any]:
    """A table holding a game played at random in this process (quicker than over HTTP)
    to its end or until ``until(view)``, continued from there as a scenario."""
    g = engine.load(game, players=players, variant=variant)
    rng, s, actions = random.Random(seed), g.new(seed), []
    while not g.is_over(s) and not (until and until(g.view(s, None))):
        action = str(rng.choice(g.legal_actions(s)))
        actions.append(action)
        s = g.apply(s, action)
    scenario = {"game": game, "players": players, "variant": variant, "seed": seed,
                "actions": actions}
    made = httpx.post(f"{server}api/tables", json={"scenario": scenario},
                      timeout=20).raise_for_status().json()
    return {"id": made["table"], "tokens": {t["seat"]: t["token"] for t in made["seats"]},
            "scores": g.scores(s)}


def _act(server: str, table: dict[str, Any], pick: Callable[[list[str]], str],
         until: Callable[[dict[str, Any]], bool], limit: int = 2000) -> dict[str, Any]:
    """Plays ``pick(legal)`` for whichever seat may act until ``until(view)``; the view."""
    with httpx.Client(base_url=server, timeout=20) as c:
        for _ in range(limit):
            got = c.get(f"api/tables/{table['id']}",
                        headers={"Authorization": f"Bearer {table['tokens'][0]}"}).json()
            v = got["view"]
            if until(v) or v["over"]:
                return v
            seat = (v["actors"] or [0])[0]
            token = table["tokens"][seat]
            mine = c.get(f"api/tables/{table['id']}",
                         headers={"Authorization": f"Bearer {token}"}).json()
            c.post(f"api/tables/{table['id']}/actions", headers={"Authorization": f"Bearer {token}"},
                   json={"action": pick(mine["view"]["legal"]), "version": mine["version"]})
    raise AssertionError("the position was not reached")


def _open(new_page, server: str, table: dict[str, Any], width: int, seat: int = 0):
    page = new_page(width, 844)
    open_seat(page, f"{server}t/{table['id']}#s{seat}={table['tokens'][seat]}")
    return page


def _scenario(path: str) -> dict[str, Any]:
    return json.loads((ROOT / path).read_text())


def test_the_last_trick_stays_in_sight_with_its_winner(server, new_page):
    sc = _scenario("tests/tindahan/scenarios/cart-move-example.json")
    table = _deal(server, "tindahan", sc["players"], setup=sc["setup"])
    actions = iter(sc["actions"])
    _act(server, table, lambda legal: next(actions),
         until=lambda v: v["round"] == 1 and sum(v["tricks_won"]) == 1)
    page = _open(new_page, server, table, DESK)
    strip = page.query_selector(".last-trick")
    assert strip is not None
    assert [c.get_attribute("data-card") for c in strip.query_selector_all("[data-card]")] \
        == ["B10", "B3", "M2"]
    assert "took it" in strip.query_selector(".spot.won").inner_text()
    assert "wins the trick with M2" in strip.inner_text()
    assert not view(page)["trick"]  # the view itself has moved on to the next trick


def test_controls_that_cannot_be_used_are_dimmed(server, new_page):
    table = _deal(server, "bastos", 3)
    page = _open(new_page, server, table, DESK)
    assert view(page)["phase"] == "choose"
    steppers = page.query_selector_all(".value-box button")
    assert steppers
    for b in steppers:  # no value may change while Bastos! cards are chosen
        assert "unusable" in b.get_attribute("class") and "(not now)" in b.get_attribute("aria-label")
        assert float(b.evaluate("e => getComputedStyle(e).opacity")) < 0.7
    for b in page.query_selector_all(".board .legal"):
        assert float(b.evaluate("e => getComputedStyle(e).opacity")) == 1


#: a name or effect drawn cut short: its box narrower than its text, or an ellipsis
_CUT = """() => [...document.querySelectorAll('.card .c-name, .card .c-effect')]
  .filter(e => e.offsetParent !== null && (e.scrollWidth > e.clientWidth + 1
               || getComputedStyle(e).textOverflow === 'ellipsis'))
  .map(e => e.closest('.card').dataset.card + ':' + e.textContent)"""

#: effect labels in sight that some other element covers, or that stick out of their card
_HIDDEN = """() => [...document.querySelectorAll('.card .c-effect')].filter(e => {
  const r = e.getBoundingClientRect(), c = e.closest('.card').getBoundingClientRect();
  if (!r.width || r.bottom < 0 || r.top > innerHeight) return false;  // looked at when in sight
  if (r.left < c.left - 1 || r.right > c.right + 1) return true;
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(at && (at === e || e.contains(at)));
}).map(e => e.closest('.card').dataset.card)"""


@pytest.mark.parametrize("width", [DESK, PHONE])
def test_every_tanuki_card_on_the_tables_shows_its_whole_effect(server, new_page, width):
    table = _finished(server, "tanuki-market", 2, seed=5,
                      until=lambda v: max(len(col) for seat in v["tables"] for col in seat) >= 4)
    page = _open(new_page, server, table, width)
    page.evaluate("window.scrollTo(0, 0)")
    for zone in page.query_selector_all(".tables5"):
        zone.scroll_into_view_if_needed()
        assert page.evaluate(_HIDDEN) == []
    assert page.evaluate(_CUT) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


def test_taco_is_said_to_be_on_its_cart(server, new_page):
    table = _deal(server, "tanuki-market", 2, seed=5)
    v = _act(server, table, lambda legal: next(a for a in legal if a.split(": ")[-1].startswith("taco")),
             until=lambda v: v["phase"] != "taco")
    cart = next(i for i, c in enumerate(v["carts"]) if "TACO" in c) + 1
    page = _open(new_page, server, table, DESK)
    facts = " ".join(page.inner_text(".board .zone .facts").split())
    assert f"Taco the Thief on cart {cart}" in facts


def test_a_solo_game_has_a_result_not_a_winner(server, new_page):
    table = _finished(server, "fruit-passion", 1, "solo", seed=4)
    page = _open(new_page, server, table, PHONE)
    page.wait_for_selector("#scores .scores")
    scores = page.inner_text("#scores")
    assert "wins" not in scores
    assert f"{table['scores'][0]} points is the result to beat" in scores


@pytest.mark.parametrize("game,players", [("fruit-passion", 2), ("tanuki-market", 2)])
def test_the_breakdowns_total_and_whole_card_names_on_a_phone(server, new_page, game, players):
    table = _finished(server, game, players, seed=2)
    page = _open(new_page, server, table, PHONE)
    page.wait_for_selector("#scores .scroll table")
    totals = page.query_selector_all("#scores .scroll tr > :last-child")
    assert [t.inner_text() for t in totals][1:] == [str(s) for s in table["scores"]]
    for cell in totals:
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE + 1
    # every card's name and effect whole: Fruit Passion's stacks show its longest names
    assert page.query_selector(".card.fruit-pomegranate, .card.fruit-strawberry") is not None
    assert page.evaluate(_CUT) == []


def test_witness_steps_keep_the_action_apart_and_name_a_clause_once(server, new_page):
    page = new_page(DESK, 900)
    page.goto(server + "ambiguities/FRP-A1")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    refused = page.query_selector("ol.steps .refused")
    assert refused is not None
    assert refused.inner_text().count("FRP-3.3") == 1
    skipped = [li.inner_text() for li in page.query_selector_all("ol.steps li")
               if "not reached" in li.inner_text()]
    assert skipped and all("\n" in t for t in skipped)  # the action, then on its own line why
    facts = page.inner_text("#entry")
    assert "seed" not in facts and "p0:" not in page.inner_text("#sides")
