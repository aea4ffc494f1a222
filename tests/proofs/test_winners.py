"""Winnability: every seat of every size of every game has a stored game it wins alone,
and the engine replays each to that end."""
from __future__ import annotations

import pytest

import spec
from engine.core.scenario import replay
from proofs import winners


@pytest.mark.parametrize("game", spec.available())
def test_every_seat_of_every_size_has_a_game_it_wins_alone(game: str) -> None:
    docs = winners.stored(game)
    have = {(d.get("variant"), d["players"], d["expect"]["winners"][0]) for d in docs}
    want = {(v, n, seat) for v, n in winners.sizes(game) for seat in range(n)}
    assert want <= have, sorted(want - have, key=str)
    for doc in docs:
        r = replay(doc)
        assert r.ok, (doc["title"], doc.get("variant"), r.failures)
        assert r.winners() == doc["expect"]["winners"]


def test_a_witness_that_no_longer_ends_with_its_winner_fails() -> None:
    """The check can fail: a stored path cut short ends no game, a wrong winner is
    named as such."""
    doc = winners.stored("fruit-passion")[0]
    assert replay({**doc, "actions": doc["actions"][:-1]}).failures
    rival = (doc["expect"]["winners"][0] + 1) % doc["players"]
    assert replay({**doc, "expect": {"over": True, "winners": [rival]}}).failures
