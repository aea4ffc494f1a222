"""Live play: a Tanuki Market round raced from two browsers, reloads, dropped connections,
two tabs of one seat, refusals with their clause, and keyboard play."""
from __future__ import annotations

import random
import time

from .driver import (body, click_action, create_from_lobby, look, open_seat, play, version, view,
                     wait_version)

#: clicks the element marked data-pick at the wall-clock time ``at`` (ms since the epoch):
#: two pages given the same time click within a millisecond or two of each other
_CLICK_AT = """(at) => {
  const el = document.querySelector('[data-pick]');
  setTimeout(() => el.click(), Math.max(0, at - Date.now()));
}"""


def _mark_move(page, action: str) -> None:
    page.evaluate("""(a) => {
      document.querySelectorAll('[data-pick]').forEach(e => e.removeAttribute('data-pick'));
      const b = [...document.querySelectorAll('#moves button')].find(b => b.dataset.action === a);
      b.dataset.pick = '1';
    }""", action)


def _race_ready(views) -> bool:
    return _contested(views) is not None


def _contested(views):
    """A cart the leader may keep while the other seat may take it: (leader, cart)."""
    for seat, v in views.items():
        if v["phase"] != "deal" or v["leader"] != seat:
            continue
        others = [views[o]["legal"] for o in views if o != seat]
        for a in v["legal"]:
            if body(a).startswith("keep "):
                cart = body(a).split()[1]
                if all(f"p{o}: take {cart}" in lg or f"take {cart}" in map(body, lg)
                       for o, lg in zip([o for o in views if o != seat], others)):
                    return seat, cart
    return None


def test_tanuki_real_time_round_raced_from_two_browsers(server, new_page):
    lobby = new_page()
    made = create_from_lobby(lobby, server, "tanuki-market", 2, seed=11)
    pages = {s: new_page() for s in made["links"]}
    for s, link in made["links"].items():
        open_seat(pages[s], link)
    rng = random.Random(5)
    play(pages, "tanuki-market", rng=rng, max_actions=40, stop=_race_ready)
    views = {s: view(p) for s, p in pages.items()}
    leader, cart = _contested(views)
    other = 1 - leader
    start_round = views[leader]["round"]
    before = version(pages[0])

    _mark_move(pages[leader], f"keep {cart}")
    _mark_move(pages[other], f"take {cart}")
    at = int(time.time() * 1000) + 300
    for p in pages.values():
        p.evaluate(_CLICK_AT, at)
    for p in pages.values():
        wait_version(p, before + 1)
    deadline = time.monotonic() + 10  # the loser's answer, then its catch-up, arrive
    while not any(p.query_selector("#notice [data-kind]") for p in pages.values()):
        assert time.monotonic() < deadline, "no page says the race was lost"
        time.sleep(0.05)

    assert version(pages[0]) == version(pages[1]) == before + 1  # exactly one action won
    lost = [s for s, p in pages.items() if p.query_selector("#notice [data-kind=refusal]")]
    assert len(lost) == 1, f"pages showing a refusal: {lost}"
    loser = pages[lost[0]]
    text = loser.inner_text("#notice")
    assert "Too late" in text or loser.query_selector("#notice .rule") is not None
    # why the race was lost: the winner's move, with its clause, is on the loser's page
    assert loser.query_selector_all("#notice li[data-rule]") or "Too late" not in text
    taker = pages[0].evaluate(f"""() => [...document.querySelectorAll('#log li')]
        .map(li => li.textContent).filter(t => /takes cart {cart}/.test(t)
        && t.startsWith('#{before + 1}'))""")
    assert len(taker) == 1, taker

    # the round goes on to its end, both seats clicking, every page checked for secrets
    play(pages, "tanuki-market", rng=rng, max_actions=80,
         stop=lambda vs: any(v["round"] != start_round for v in vs.values()))
    assert look(pages[0])["version"] == look(pages[1])["version"]


def _two_seats(server, new_page, seed=2, agent=True):
    """A Tindahan table with seats 0 and 1 open in two browsers; seat 2 is an agent's (or,
    with ``agent`` False, nobody's: the game then waits whenever seat 2 is to act)."""
    lobby = new_page()
    made = create_from_lobby(lobby, server, "tindahan", 3, seed=seed,
                             agents={2: "random"} if agent else None)
    pages = {s: new_page() for s in (0, 1)}
    for s in (0, 1):
        open_seat(pages[s], made["links"][s])
    return made, pages


def test_reload_mid_game_and_continue(server, new_page):
    made, pages = _two_seats(server, new_page)
    rng = random.Random(1)
    play(pages, "tindahan", rng=rng, max_actions=8, must_end=False)
    page = pages[0]
    at = version(page)
    lines = page.query_selector_all("#log li")
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached")
    wait_version(page, at)
    assert len(page.query_selector_all("#log li")) >= len(lines)
    assert page.get_attribute("body", "data-seat") == "0"
    play(pages, "tindahan", rng=rng, max_actions=6, must_end=False)
    assert version(page) > at
    # a spectator, without a token, sees no hand at all
    watcher = new_page()
    open_seat(watcher, f"{server}t/{made['table']}")
    wait_version(watcher, version(page))
    assert watcher.get_attribute("body", "data-seat") == "spectator"
    hands = [c for s, p in pages.items() for c in view(p)["hands"][s]]
    faces = watcher.eval_on_selector_all("[data-card]", "es => es.map(e => e.dataset.card)")
    assert hands and not set(hands) & set(faces)
    assert "open a seat link" in watcher.inner_text("#moves")


def test_dropped_connection_catches_up_and_two_tabs_agree(server, new_page):
    made, pages = _two_seats(server, new_page, seed=4)
    rng = random.Random(2)
    play(pages, "tindahan", rng=rng, max_actions=3, must_end=False)
    play(pages, "tindahan", rng=rng, max_actions=20, stop=lambda vs: bool(vs[0]["legal"]))
    # a second tab of seat 0, in the same browser context
    twin = pages[0].context.new_page()
    open_seat(twin, made["links"][0])
    # seat 1's connection drops and stays away while seat 0 plays
    seen = version(pages[1])
    pages[1].evaluate("window.fruitspec.drop(2000)")
    pages[1].wait_for_selector("body[data-feed=down]", state="attached")
    click_action(pages[0], body(view(pages[0])["legal"][0]), seen)
    wait_version(pages[0], seen + 1)
    assert version(pages[1]) == seen  # it has not heard of the move yet
    # it reconnects by itself and catches up from its last version
    pages[1].wait_for_selector("body[data-feed=live]", state="attached", timeout=10000)
    top = version(pages[0])
    for p in (pages[1], twin):
        wait_version(p, top)
    assert view(twin) == view(pages[0])
    assert twin.inner_text("#log") == pages[0].inner_text("#log")
    logged = [li.inner_text() for li in pages[1].query_selector_all("#log li")]
    assert any(line.startswith(f"#{seen + 1}") for line in logged)


def test_refusal_names_its_clause(server, new_page):
    made, pages = _two_seats(server, new_page, seed=6, agent=False)
    views = {s: view(p) for s, p in pages.items()}
    idle = next(s for s, v in views.items() if not v["legal"])
    page = pages[idle]
    card = page.query_selector(".hand[data-seat='%d'] button.card" % idle)
    before = version(page)
    card.click()
    page.wait_for_selector("#notice [data-kind=refusal]")
    rule = page.inner_text("#notice .rule")
    assert rule.startswith("TIN-")
    assert page.get_attribute("#notice .rule", "href") == f"/rules/{rule}"
    assert version(page) == before


def test_keyboard_play(server, new_page):
    made, pages = _two_seats(server, new_page, seed=8)
    views = {s: view(p) for s, p in pages.items()}
    seat = next((s for s, v in views.items() if v["legal"]), None)
    if seat is None:  # the agent's seat leads: wait for its move
        wait_version(pages[0], 1, timeout=15000)
        views = {s: view(p) for s, p in pages.items()}
        seat = next(s for s, v in views.items() if v["legal"])
    page = pages[seat]
    before = version(page)
    page.keyboard.press("1")  # the first listed move
    wait_version(page, before + 1)
    # a highlighted card, cart or stall is reached with the keyboard and played with Enter
    play(pages, "tindahan", rng=random.Random(3), max_actions=30,
         stop=lambda vs: any(v["legal"] for v in vs.values()))
    views = {s: view(p) for s, p in pages.items()}
    seat = next(s for s, v in views.items() if v["legal"])
    page = pages[seat]
    before = version(page)
    page.focus(".board .legal")
    page.keyboard.press("Enter")
    if page.query_selector(".chooser"):
        page.keyboard.press("Enter")  # the chooser's first move has the focus
    wait_version(page, before + 1)
    # every control on the board that offers a move is a labelled button
    for el in page.query_selector_all(".board [data-actions]"):
        assert el.evaluate("e => e.tagName") == "BUTTON"
        assert el.get_attribute("aria-label")
