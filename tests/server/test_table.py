"""engine.core.table: a set-up plus a journal, acting through the core, typed refusals."""
from __future__ import annotations

import json

import pytest

import engine
from engine.analysis.agents import play_game
from engine.core.scenario import replay
from engine.core.table import (MAX_ACTION_CHARS, BadRequest, Illegal, NoSeat, NotOver,
                          StaleVersion, Table, TableSetup, WrongSeat)

from .helpers import racing_tanuki

GAMES = engine.games()


def _played(name: str, seed: int = 2) -> tuple[Table, list[str]]:
    game = engine.load(name)
    rec = play_game(game, "random", seed=seed)
    table = Table("t", TableSetup(game=name, seed=seed))
    for text in rec.actions:
        seat = int(text[1:text.index(":")])
        table.act(seat, text, table.version)
    return table, rec.actions


@pytest.mark.parametrize("name", GAMES)
def test_a_table_replays_a_whole_game_and_its_scenario_replays_it_again(name):
    table, actions = _played(name)
    assert table.over and table.journal == actions
    again = Table("t2", table.setup, table.journal)
    assert again.digest() == table.digest()
    sc = table.scenario()
    json.dumps(sc)
    result = replay(sc)
    assert result.ok, result.failures
    assert result.game.dumps(result.state) == table.game.dumps(table.state)


def test_every_refusal_leaves_the_table_unchanged():
    table = Table("t", TableSetup(game="tindahan", players=3, seed=1))
    seat = table.view(None)["actors"][0]
    other = (seat + 1) % 3
    before = (table.digest(), table.version)
    legal = table.view(seat)["legal"]
    cases = [(NoSeat, None, legal[0], None), (WrongSeat, other, legal[0], None),
             (StaleVersion, seat, legal[0], 3), (Illegal, seat, "fly away", None),
             (Illegal, other, legal[0].split(": ")[1], None),
             (Illegal, seat, "x" * (MAX_ACTION_CHARS + 1), None)]
    for kind, who, text, version in cases:
        with pytest.raises(kind) as info:
            table.act(who, text, version)
        assert info.value.message and (kind is not Illegal or info.value.rule)
        assert (table.digest(), table.version) == before


def test_an_action_without_prefix_is_the_acting_seats_own():
    """The body alone never plays another seat's identical action."""
    table = Table("t", TableSetup(game="tindahan", players=3, seed=1))
    seat = table.view(None)["actors"][0]
    other = (seat + 1) % 3
    body = table.view(seat)["legal"][0].split(": ", 1)[1]
    with pytest.raises(Illegal) as info:
        table.act(other, body)
    assert info.value.rule.startswith("TIN-")
    assert table.act(seat, body).version == 1


def test_a_commit_that_fails_applies_nothing():
    table = Table("t", TableSetup(game="fruit-passion", seed=1))
    seat = table.view(None)["actors"][0]

    def broken(*args):
        raise OSError("disk full")

    with pytest.raises(OSError):
        table.act(seat, table.view(seat)["legal"][0], 0, commit=broken)
    assert table.version == 0 and table.events_since(0, seat) == []


def test_racing_seats_one_wins_the_cart_the_other_is_refused():
    seed, before = racing_tanuki()
    table = Table("t", TableSetup(game="tanuki-market", players=3, seed=seed, prelude=tuple(before)))
    takes = [a for a in table.game.legal_actions(table.state) if a.name == "take"]
    body = next(a.body for a in takes if sum(b.body == a.body for b in takes) > 1)
    first, second = [a.player for a in takes if a.body == body][:2]
    assert table.act(first, body, 0).version == 1
    with pytest.raises(StaleVersion):
        table.act(second, body, 0)
    with pytest.raises(Illegal):
        table.act(second, body)
    assert table.version == 1


def test_scenario_of_a_running_game_is_refused():
    with pytest.raises(NotOver):
        Table("t", TableSetup(game="bastos", seed=1)).scenario()


@pytest.mark.parametrize("setup, needle", [
    (TableSetup(game="chess"), "chess"),
    (TableSetup(game="tindahan", players=100), "100"),
    (TableSetup(game="tindahan", options={"nope": "x"}), "nope"),
    (TableSetup(game="tindahan", players=3, agents=("greedy",)), "agents"),
    (TableSetup(game="tindahan", players=3, prelude=("fly away",)), "action 0"),
])
def test_a_table_that_cannot_be_set_up_is_a_bad_request(setup, needle):
    with pytest.raises(BadRequest) as info:
        Table("t", setup)
    assert needle in info.value.message


def test_a_scenario_table_starts_at_version_0_after_its_prelude():
    game = engine.load("bastos")
    rec = play_game(game, "random", seed=4)
    half = rec.actions[: len(rec.actions) // 2]
    table = Table("t", TableSetup(game="bastos", seed=4, prelude=tuple(half)))
    assert table.version == 0
    for text in rec.actions[len(half):]:
        table.act(int(text[1:text.index(":")]), text)
    sc = table.scenario()
    assert sc["actions"] == rec.actions and replay(sc).ok


@pytest.mark.parametrize("name", ["engine.core.table", "engine.server"])
def test_docstring_examples(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
