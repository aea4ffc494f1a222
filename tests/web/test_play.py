"""Full games of every game played by clicking, one seat per browser context.

Each game is created from the lobby; two seats are played from two browser contexts (a
third seat, where the game needs one, by a built-in agent in the server), and at every
action each page is checked for the other seats' hands. The finished game is downloaded
as a scenario and loaded back into a new table from the lobby.
"""
from __future__ import annotations

import json
import random
import shutil

import pytest

from .conftest import pictures_dir
from .driver import create_from_lobby, open_seat, play, version, view

GAMES = [
    # game, players, agents (seat -> agent), actions at most, screenshot after this many
    ("tindahan", 3, {2: "random"}, 200, 12),
    ("bastos", 3, {2: "random"}, 400, 20),
    ("tanuki-market", 2, {}, 300, 9),
    ("fruit-passion", 2, {}, 300, 25),
]


@pytest.mark.parametrize("game,players,agents,limit,shot", GAMES, ids=[g[0] for g in GAMES])
def test_full_game_by_clicking(server, new_page, tmp_path, game, players, agents, limit, shot):
    lobby = new_page()
    made = create_from_lobby(lobby, server, game, players, seed=3, agents=agents)
    assert sorted(made["links"]) == [s for s in range(players) if s not in agents]
    pages = {}
    for seat, link in made["links"].items():
        pages[seat] = new_page()
        open_seat(pages[seat], link)
        assert pages[seat].get_attribute("body", "data-seat") == str(seat)

    rng = random.Random(game)
    clicked = play(pages, game, rng=rng, max_actions=shot, must_end=False)
    _picture(pages[0], game, tmp_path)
    clicked += play(pages, game, rng=rng, max_actions=limit)
    assert clicked > 0

    for seat, page in pages.items():
        page.wait_for_selector("#scores .scores")
        assert page.get_attribute("body", "data-over") == "true"
        scores = view(page)["scores"]
        rows = page.query_selector_all("#scores tbody tr")
        assert len(rows) >= players
        assert [int(r.query_selector_all("td")[-1].inner_text()) for r in rows[:players]] \
            == scores
    _download_and_reload(lobby, pages[0], server, tmp_path, game)


def _picture(page, game: str, tmp_path) -> None:
    path = tmp_path / f"{game}.png"
    page.screenshot(path=str(path))  # the viewport: the board and the side panels
    out = pictures_dir()
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, out / f"{game}.png")


def _download_and_reload(lobby, page, server: str, tmp_path, game: str) -> None:
    """Download the finished game, load it into a new table from the lobby: same end."""
    with page.expect_download() as info:
        page.click("#download")
    saved = tmp_path / "game.json"
    info.value.save_as(str(saved))
    scenario = json.loads(saved.read_text())
    assert scenario["game"] == game and scenario["actions"]
    final = view(page)

    lobby.goto(server)
    lobby.wait_for_selector("body[data-state=ready]", state="attached")
    lobby.set_input_files("#scenario-file", str(saved))
    lobby.click("#load-btn")
    lobby.wait_for_selector("#table-id")
    lobby.click("#watch")
    lobby.wait_for_selector("body[data-state=ready]", state="attached")
    assert lobby.get_attribute("body", "data-over") == "true"
    again = view(lobby)
    assert again["scores"] == final["scores"]
    assert version(lobby) == 0  # the scenario's actions are the table's prelude
    assert lobby.get_attribute("#log [data-origin]", "data-origin") == \
        str(len(scenario["actions"]))
