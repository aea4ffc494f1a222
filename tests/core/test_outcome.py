"""``Game.outcome``: the clause that ended a finished game, its scores and its winners."""
from __future__ import annotations

import random

import pytest

import engine
from tests.core.helpers import configurations


def finish(game: engine.Game, seed: int) -> tuple[object, list[engine.Event]]:
    """A seeded random play-out's last state and the events of its last step."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    events: list[engine.Event] = []
    while not game.is_over(state):
        legal = game.legal_actions(state)
        state, events = game.step(state, legal[rng.randrange(len(legal))])
    return state, events


@pytest.mark.parametrize("name, players, variant", configurations())
def test_the_outcome_names_the_clause_the_last_step_ended_the_game_by(name, players, variant):
    game = engine.load(name, players=players, variant=variant)
    for seed in range(3):
        state, events = finish(game, seed)
        out = game.outcome(state)
        assert out.ended_by in {c.id for c in game.spec.clauses}
        assert out.ended_by in {e.rule for e in events}, (
            f"{out.ended_by} ended the game, but its last step cited only"
            f" {sorted({e.rule for e in events})}")
        assert list(out.scores) == game.scores(state)
        assert list(out.winners) == game.winners(state)


def test_a_game_that_is_not_over_has_no_outcome():
    game = engine.load("tindahan")
    with pytest.raises(engine.StateError, match="not over"):
        game.outcome(game.new(seed=1))
