"""The engine's fast paths decide exactly as the general ones: an action taken from the
legal list, an equal action built anew and its notation all step alike; what only looks
like a legal action is refused as before; a game with its own end test lists nothing once
it is over."""
from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from engine.core.game import Game
from spec.common.core import Action
from spec.common.errors import IllegalAction, MalformedAction

from tests.core.toy import SPEC as TOY


def _states(game: Game, seed: int, limit: int = 200) -> list:
    """The states of one seeded random game, in order."""
    rng = random.Random(seed)
    s = game.new(seed=seed)
    out = [s]
    while not game.is_over(s) and len(out) < limit:
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
        out.append(s)
    return out


@pytest.mark.parametrize("name", ["tindahan", "bastos", "tanuki-market", "fruit-passion"])
def test_an_action_steps_alike_however_it_is_given(name: str) -> None:
    game = engine.load(name)
    for s in _states(game, 3)[:-1]:
        legal = game.legal_actions(s)
        for a in legal[:4]:
            expected = game.step(s, a)
            rebuilt = Action(a.player, a.name, tuple(a.args))
            other = engine.load(name)  # a game that never listed this state
            for result in (game.step(s, rebuilt), game.step(s, str(a)), other.step(s, a),
                           other.step(s, rebuilt)):
                assert result[0] == expected[0]
                assert [e.to_json() for e in result[1]] == [e.to_json() for e in expected[1]]


def test_legal_actions_is_a_fresh_list_each_time() -> None:
    game = engine.load("tindahan", players=3)
    s = game.new(seed=5)
    first = game.legal_actions(s)
    expected = list(first)
    first.clear()
    assert game.legal_actions(s) == expected
    assert game.legal_actions(s) is not game.legal_actions(s)


def test_what_only_equals_a_legal_action_is_refused() -> None:
    game = engine.load("bastos", players=3)
    s = game.new(seed=2)
    legal = game.legal_actions(s)
    a = next(x for x in legal if x.player == 1)
    # True == 1 and a plain tuple equals an Action: neither is an action of seat 1
    with pytest.raises(MalformedAction, match="a seat is a whole number"):
        game.step(s, Action(True, a.name, a.args))
    with pytest.raises(MalformedAction, match="not an action"):
        game.step(s, (a.player, a.name, a.args))
    assert game.legal_actions(s) == legal  # and nothing changed


def test_an_action_legal_elsewhere_is_refused_here() -> None:
    game = engine.load("tindahan", players=3)
    states = _states(game, 1)
    for before, after in zip(states, states[1:]):
        for a in game.legal_actions(before):
            if a not in game.legal_actions(after) and not game.is_over(after):
                with pytest.raises(IllegalAction) as info:
                    game.step(after, a)
                assert info.value.rule.startswith("TIN-")
                return
    pytest.fail("no action legal in one state and not in the next")  # pragma: no cover


class _EndsEarly(type(TOY)):  # type: ignore[misc]
    """The toy game with its own end test: over once any card has been played."""

    def is_over(self, cfg, state):  # noqa: ANN001, ANN201
        return bool(state.played)


def test_a_game_with_its_own_end_test_lists_nothing_once_over() -> None:
    spec = _EndsEarly(**{f.name: getattr(TOY, f.name) for f in dataclasses.fields(TOY)
                         if not f.name.startswith("_")})
    game = Game(spec, spec.configure(2, None, {}))
    s = game.new(seed=4)
    assert not game.is_over(s) and game.legal_actions(s)
    s = game.apply(s, game.legal_actions(s)[0])
    assert s.phase == "play" and game.is_over(s)
    assert game.legal_actions(s) == [] and game.actors(s) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        game.step(s, "p1: play X1")
