"""The lobby, the variants' tables, the witness viewer and the pages for bad addresses."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from .driver import create_from_lobby, open_seat, view

VARIANTS = [("tanuki-market", "solo", 1), ("tanuki-market", "special-carts", 3),
            ("fruit-passion", "solo", 1), ("bastos", None, 4), ("tindahan", None, 5)]


def test_lobby_offers_readings_with_question_default_and_docs(server, new_page):
    page = new_page()
    page.goto(server)
    page.wait_for_selector("body[data-state=ready]", state="attached")
    page.select_option("#game", "bastos")
    page.click("#readings-box summary")
    option = page.query_selector("#readings .option")
    assert option is not None
    assert "?" in option.inner_text()  # the register's question
    assert option.query_selector("a[href^='/rules/BAS-A']") is not None
    selected = option.query_selector("select").evaluate("s => s.selectedOptions[0].textContent")
    assert "(default)" in selected
    assert page.query_selector_all("#agents select")  # one per seat: a person or an agent
    for width in (1100, 390):  # long readings never widen the page, on a desk or a phone
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("game,variant,players", VARIANTS,
                         ids=[f"{g}-{v or 'base'}-{n}" for g, v, n in VARIANTS])
def test_every_variant_opens_as_a_table(server, new_page, game, variant, players):
    lobby = new_page()
    made = create_from_lobby(lobby, server, game, players, variant=variant, seed=2)
    assert len(made["links"]) == players
    assert len(lobby.query_selector_all(".seat-links button")) == players  # copy buttons
    page = new_page(390, 844)  # a phone
    open_seat(page, made["all"])  # every seat from one screen
    assert page.get_attribute("body", "data-game") == game
    assert page.query_selector(".board .zone") is not None
    # the page fits a phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    v = view(page)
    if v["legal"]:
        page.click("#moves button")
        page.wait_for_function("window.fruitspec.version >= 1")


def test_witness_viewer_highlights_the_first_difference(server, new_page):
    page = new_page()
    page.goto(server + "ambiguities/TIN-A2")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    first = page.get_attribute("body", "data-first-difference")
    assert first not in (None, "none")
    sides = page.query_selector_all("#sides > section")
    assert len(sides) == 2
    marked = [s.query_selector(".differs") for s in sides]
    assert all(marked), "both readings mark where they part ways"
    assert marked[0].inner_text() != marked[1].inner_text()
    assert "first difference" in marked[0].inner_text()
    for s in sides:
        assert "scores" in s.inner_text() and "winners" in s.inner_text()
    # choosing other readings replays the witness again
    values = page.eval_on_selector_all("#reading-b option", "os => os.map(o => o.value)")
    page.select_option("#reading-b", values[0])
    page.wait_for_function("document.body.dataset.firstDifference === 'none'")
    # the address carries the chosen readings: the page can be sent as it is
    assert f"b={values[0]}" in page.url
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached")
    assert page.get_attribute("body", "data-first-difference") == "none"


def test_register_lists_witnesses(server, new_page):
    page = new_page()
    page.goto(server + "ambiguities")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    assert page.query_selector("a[href='/ambiguities/TAN-A1']") is not None


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_bad_addresses_get_clear_pages(server, new_page):
    status, text = _get(server + "t/no-such-table")
    assert status == 404 and "No such table" in text and "Traceback" not in text
    status, text = _get(server + "ambiguities/TIN-A999")
    assert status == 404 and "No such ambiguity" in text
    status, text = _get(server + "rules/XYZ-1")
    assert status == 404 and "No such clause" in text
    status, text = _get(server + "rules/TIN-3.2")
    assert status == 200 and "TIN-3.2" in text

    lobby = new_page()
    made = create_from_lobby(lobby, server, "fruit-passion", 2, seed=1)
    page = new_page()
    good = made["links"][0]
    page.goto(good[:-6] + "AAAAAA")  # a token cut short and changed
    page.wait_for_selector("body[data-state=error]", state="attached")
    assert "does not open a seat" in page.inner_text("main")
    assert good.split("#s0=")[1] not in page.content()


def test_catalogue_and_witness_json(server):
    status, text = _get(server + "api/web/catalogue")
    data = json.loads(text)
    assert {g["name"] for g in data["games"]} == {"tindahan", "bastos", "tanuki-market",
                                                  "fruit-passion"}
    assert "greedy" in data["agents"]
    status, text = _get(server + "api/web/ambiguities/TIN-A2?a=sits-out&b=nonsense")
    assert status == 404 and "no reading" in text
