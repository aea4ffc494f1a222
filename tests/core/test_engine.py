"""The engine on a toy game: parsing, errors, views, serialisation, scenarios."""
from __future__ import annotations

import json

import pytest

from engine import IllegalAction, MalformedAction, StateError
from engine.core.game import Game
from engine.core.scenario import ScenarioError, load_scenario

from tests.core.toy import SPEC


@pytest.fixture
def game() -> Game:
    return Game(SPEC, SPEC.configure(2, None, {}))


def test_legal_actions_come_from_the_guards(game):
    s = game.new(seed=1)
    assert {a.args[0] for a in game.legal_actions(s)} == set(s.hands[0])
    assert game.actors(s) == [0]


def test_notation_round_trips_and_prefix_is_optional(game):
    s = game.new(seed=1)
    a = game.legal_actions(s)[0]
    assert game.parse(s, str(a)) == a
    assert game.parse(s, a.body) == a
    assert game.apply(s, a.body) == game.apply(s, a)


def test_illegal_action_names_the_clause_and_keeps_the_state(game):
    s = game.new(seed=1)
    before = game.dumps(s)
    with pytest.raises(IllegalAction) as info:
        game.step(s, "play X99")
    assert info.value.rule == "TOY-2"
    assert "does not hold X99" in str(info.value)
    assert game.dumps(s) == before


@pytest.mark.parametrize("text,rule", [("nonsense 42", "TOY-2"), ("play", "TOY-2"),
                                       ("p7: play X1", "TOY-2"), ("", "TOY-2")])
def test_malformed_actions(game, text, rule):
    with pytest.raises(IllegalAction) as info:
        game.step(game.new(seed=1), text)
    assert info.value.rule == rule


def test_wrong_seat_is_refused(game):
    s = game.new(seed=1)
    card = s.hands[1][0]
    with pytest.raises(IllegalAction, match="seat 1 may not play now"):
        game.step(s, f"p1: play {card}")


def test_unknown_move_is_malformed(game):
    with pytest.raises(MalformedAction, match="not a move of toy"):
        game.step(game.new(seed=1), "dance")


def test_views_hide_hands_and_the_deck(game):
    s = game.new(seed=1)
    v0, v1, spectator = game.view(s, 0), game.view(s, 1), game.view(s, None)
    assert v0["hands"] == [list(s.hands[0]), 2]
    assert v1["hands"] == [2, list(s.hands[1])]
    assert spectator["hands"] == [2, 2] and spectator["deck"] == 2
    assert "rng" not in v0 and v0["legal"] and not v1["legal"]
    json.dumps(v0)


def test_loads_refuses_bad_states(game):
    s = game.new(seed=1)
    text = game.dumps(s)
    assert game.loads(text) == s
    with pytest.raises(StateError):
        game.loads("{not json")
    with pytest.raises(StateError, match="players"):
        game.loads(text.replace('"players":2', '"players":3'))
    with pytest.raises(StateError, match="TOY-I1"):
        doc = json.loads(text)
        doc["state"]["deck"] = []
        game.loads(json.dumps(doc))


def test_playing_is_deterministic(game):
    def run(seed):
        s, out = game.new(seed=seed), []
        while not game.is_over(s):
            a = game.legal_actions(s)[-1]
            out.append(str(a))
            s = game.apply(s, a)
        return out, game.scores(s)

    assert run(4) == run(4)
    assert game.scores(game.new(seed=4)) == [0, 0]


def test_options_are_validated():
    from engine import ConfigError

    with pytest.raises(ConfigError, match="double takes no, yes"):
        SPEC.configure(2, None, {"double": "maybe"})
    with pytest.raises(ConfigError, match="no option"):
        SPEC.configure(2, None, {"triple": "yes"})
    with pytest.raises(ConfigError, match="for 2 players"):
        SPEC.configure(3, None, {})


@pytest.mark.parametrize("data,field", [
    ({"players": 3}, "game"),
    ({"game": "tindahan", "actions": "play B1"}, "actions"),
    ({"game": "tindahan", "expect": {"scores": "x"}}, "expect.scores"),
    ({"game": "tindahan", "colour": 1}, "colour"),
])
def test_malformed_scenarios_name_the_field(data, field):
    with pytest.raises(ScenarioError, match=f"'{field}"):
        load_scenario(data)


def test_scenario_text_errors():
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load_scenario("{oops")
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario("/no/such/file.json")
