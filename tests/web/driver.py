"""Driving the web table as a person does: the lobby's form, then clicks on the board."""
from __future__ import annotations

import random
from typing import Any

#: games whose cards are all different: a card's code then names one card, so a seat's
#: hand can be looked for anywhere on another seat's page
UNIQUE_CARDS = {"tindahan", "bastos"}


def create_from_lobby(page: Any, url: str, game: str, players: int, *,
                      variant: str | None = None, seed: int | None = 1,
                      agents: dict[int, str] | None = None,
                      options: dict[str, str] | None = None) -> dict[str, Any]:
    """Fill in the lobby and create a table; returns its ID and each seat's link.

    ``seed`` None keeps the lobby's default, a fresh deal nobody can foresee.
    """
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]", state="attached")
    page.select_option("#game", game)
    page.select_option("#variant", "null" if variant is None else variant)
    page.select_option("#players", str(players))
    if seed is not None:
        page.check("#deal-seed")
        page.fill("#seed", str(seed))
    for seat, agent in (agents or {}).items():
        page.select_option(f"#agent-{seat}", agent)
    if options:
        page.click("#readings-box summary")
        for name, value in options.items():
            page.select_option(f"#opt-{name}", value)
    page.click("#create-btn")
    page.wait_for_selector("#table-id")
    links = {}
    for li in page.query_selector_all(".seat-links li"):
        seat = int(li.get_attribute("data-seat"))
        field = li.query_selector("input")
        if field is not None:
            links[seat] = field.input_value()
    play_all = page.query_selector("#play-all")
    return {"table": page.inner_text("#table-id"), "links": links,
            "all": play_all.get_attribute("href") if play_all else None}


def open_seat(page: Any, link: str) -> None:
    page.goto(link)
    page.wait_for_selector("body[data-state=ready]", state="attached")


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("window.fruitspec.view")


def version(page: Any) -> int:
    return int(page.evaluate("window.fruitspec.version"))


def wait_version(page: Any, at_least: int, timeout: float = 8000) -> None:
    page.wait_for_function(f"window.fruitspec && window.fruitspec.version >= {at_least}",
                           timeout=timeout)


#: one round trip per page and step: the page's version and view, the cards drawn in each
#: seat's secret area (``.hand[data-seat=N]``) and every card face on the page
_LOOK = """() => {
  const hands = {};
  for (const el of document.querySelectorAll('.hand[data-seat]')) {
    const seat = el.dataset.seat;
    hands[seat] = (hands[seat] || []).concat(
      [...el.querySelectorAll('[data-card]')].map(c => c.dataset.card));
  }
  return { version: window.fruitspec.version, view: window.fruitspec.view, hands,
           faces: [...document.querySelectorAll('[data-card]')].map(c => c.dataset.card) };
}"""

#: marks the board element that offers an action (or the moves list's button) for a click
_MARK = """(action) => {
  document.querySelectorAll('[data-pick]').forEach(e => e.removeAttribute('data-pick'));
  for (const el of document.querySelectorAll('.board [data-legal]')) {
    const offered = el.dataset.legal.split('|');
    if (offered.includes(action)) { el.dataset.pick = '1'; return offered.length; }
  }
  const btn = [...document.querySelectorAll('#moves button')].find(b => b.dataset.action === action);
  if (btn) { btn.dataset.pick = '1'; return 1; }
  return 0;
}"""


def look(page: Any) -> dict[str, Any]:
    return page.evaluate(_LOOK)


def body(action: str) -> str:
    return action.split(":", 1)[1].strip() if action.startswith("p") and ":" in action else action


def click_action(page: Any, action: str, at: int) -> bool:
    """Click the board element offering ``action`` (a card, cart, stall, pile, value box),
    then its choice when it offers several; a move nothing on the board offers is clicked
    in the moves list. False when a version after ``at`` redrew the page before the click."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    offered = page.evaluate(_MARK, action)
    if not offered:
        if version(page) == at:
            raise AssertionError(f"nothing on the page offers '{action}'")
        return False
    try:
        page.click("[data-pick]", timeout=2000)
        if offered > 1:
            page.click(f".chooser button[data-action='{action}']", timeout=2000)
    except PlaywrightTimeout:
        return False
    return True


def leaks(seat: int, seen: dict[str, Any], views: dict[int, dict[str, Any]],
          game: str) -> list[str]:
    """Cards of other seats' hands that seat ``seat``'s page shows: must be none."""
    shown = [c for other, cards in seen["hands"].items() if int(other) != seat for c in cards]
    if game in UNIQUE_CARDS:
        faces = set(seen["faces"])
        for other, v in views.items():
            if other != seat:
                shown += [c for c in v["hands"][other] if c in faces]
    return shown


def play(pages: dict[int, Any], game: str, *, rng: random.Random, max_actions: int,
         stop: Any = None, must_end: bool = True) -> int:
    """Play by clicking, each seat on its own page, until the game is over or ``stop(views)``
    holds (views: seat -> view); returns the number of actions clicked. Before each action, every page is checked
    for the other seats' hands. After ``max_actions`` it is a failure when ``must_end``."""
    clicked = 0
    top = max(version(p) for p in pages.values())
    while clicked < max_actions:
        for p in pages.values():
            wait_version(p, top)
        seen = {s: look(p) for s, p in pages.items()}
        if len({x["version"] for x in seen.values()}) > 1:  # a newer version arrived meanwhile
            top = max(x["version"] for x in seen.values())
            continue
        views = {s: x["view"] for s, x in seen.items()}
        for s in pages:
            leaked = leaks(s, seen[s], views, game)
            assert not leaked, f"seat {s}'s page shows other seats' cards {leaked}"
        any_view = next(iter(views.values()))
        if any_view["over"] or (stop is not None and stop(views)):
            return clicked
        movers = [s for s, v in views.items() if v["legal"]]
        if not movers:  # an agent's seat is to act: wait for its move
            top += 1
            wait_version(next(iter(pages.values())), top, timeout=15000)
            continue
        seat = rng.choice(movers)
        page = pages[seat]
        action = body(rng.choice(views[seat]["legal"]))
        if not click_action(page, action, top):
            continue  # another seat (or an agent) moved first and the page was redrawn
        top += 1
        try:
            wait_version(page, top)
        except Exception as exc:
            notice = page.inner_text("#notice")
            raise AssertionError(f"seat {seat}: '{action}' made no progress: {notice}") from exc
        clicked += 1
    if not must_end:
        return clicked
    raise AssertionError(f"the game did not end in {max_actions} actions")
