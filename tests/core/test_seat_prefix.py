"""A seat prefix is ASCII ``pN:``: the engine's notation parser refuses any other way of
writing one, so the API, the command line and scenarios refuse it alike; an action
without a prefix that several seats could make is an :class:`AmbiguousAction`."""
from __future__ import annotations

import json

import pytest

import engine
from engine import AmbiguousAction, IllegalAction, MalformedAction
from tests.cli.cli_support import cli

GAMES = engine.games()
#: texts that start like a seat prefix but are not an ASCII one
NOT_PREFIXES = ["p²: taco 1", "p١: take 1", "p٣: play B7", "p: take 1", "P1: take 1",
                "p 1: take 1", "ｐ1: take 1", "p-1: take 1", " p¹ : keep 2"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", NOT_PREFIXES)
def test_a_prefix_not_in_ascii_is_malformed_under_the_notation_clause(name: str,
                                                                      text: str) -> None:
    game = engine.load(name)
    state = game.new(seed=1)
    with pytest.raises(MalformedAction) as info:
        game.step(state, text)
    assert info.value.rule == game.spec.notation_rule
    assert "is not a seat prefix" in info.value.message and "ASCII" in info.value.message
    with pytest.raises(MalformedAction):
        game.split_seat(text)


@pytest.mark.parametrize("name", GAMES)
def test_ascii_prefixes_are_read_as_before(name: str) -> None:
    game = engine.load(name)
    state = game.new(seed=1)
    legal = game.legal_actions(state)[0]
    body = legal.body
    for text in (str(legal), f"p{legal.player} : {body}", f"  p0{legal.player}:{body} ",
                 f"p{legal.player}:\n{body}"):
        assert game.resolve(state, text) == legal, text
    assert game.split_seat(f"p{legal.player} :  {body} ") == (legal.player, body)
    assert game.split_seat(body) == (None, body)
    # a move whose name merely starts with "p" is no prefix: refused as an unknown move
    with pytest.raises(MalformedAction, match="is not a move"):
        game.step(state, "play: B7")


def test_a_prefix_with_nothing_after_it_is_an_empty_action() -> None:
    game = engine.load("tindahan", players=3)
    with pytest.raises(MalformedAction, match="empty action"):
        game.step(game.new(seed=1), "p0:")


@pytest.mark.parametrize("text", ["p²: taco 1", "p١: take 1"])
def test_a_scenario_with_such_a_prefix_stops_there_under_the_notation_clause(text: str) -> None:
    game = engine.load("tanuki-market", players=3)
    doc = {"game": "tanuki-market", "players": 3, "seed": 0, "actions": [text]}
    refused = cli("replay", json.dumps(doc))
    assert refused.code == 1 and "Traceback" not in refused.out + refused.err
    assert f"refused under {game.spec.notation_rule}: '{text.split(':')[0]}:'" in refused.out
    doc["expect"] = {"illegal_at": 0, "illegal_rule": game.spec.notation_rule}
    assert cli("replay", json.dumps(doc)).code == 0


def _tanuki_deal() -> tuple[engine.Game, object]:
    """A 3-player Tanuki Market in its real-time phase, where every seat may take."""
    game = engine.load("tanuki-market", players=3)
    state = game.new(seed=0)
    while state.phase != "deal":
        state = game.apply(state, game.legal_actions(state)[0])
    return game, state


def test_a_take_that_several_seats_could_make_is_ambiguous() -> None:
    game, state = _tanuki_deal()
    assert len(game.actors(state)) > 1
    with pytest.raises(AmbiguousAction) as info:
        game.step(state, "take 1")
    assert isinstance(info.value, IllegalAction)
    assert not isinstance(info.value, MalformedAction)
    assert info.value.rule == game.spec.notation_rule
    assert "prefix it with the seat" in info.value.message
    # with its seat the same action is legal
    assert game.resolve(state, "p1: take 1") in game.legal_actions(state)


def test_the_error_classes_are_exported_and_ordered() -> None:
    assert issubclass(MalformedAction, IllegalAction)
    assert issubclass(AmbiguousAction, IllegalAction)
    assert {"AmbiguousAction", "IllegalAction", "MalformedAction"} <= set(engine.__all__)
