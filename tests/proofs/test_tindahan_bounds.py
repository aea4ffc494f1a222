"""Tindahan's declared bounds under the readings that let counts grow: stand-ins for
sellers (TIN-A7 unlimited) and sellers kept on the stalls (TIN-A10 stay).

A stored path once placed eleven sellers in one round, past the old bound of ``placed``
(ten): the bound is now derived from the rules (:func:`spec.tindahan.state.most_placed`),
its obligations are proved, and the game below reaches it exactly.
"""
from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.core import validate
from engine.core.game import Game
from proofs import agreement, obligations
from spec.tindahan.state import most_placed

GROWING = {"no-sellers": "unlimited", "sellers-between-rounds": "stay"}


def most_sellers_game(g: Game, seed: int = 1) -> list[Any]:
    """Every state of a game played to place as many sellers as the rules allow: the
    dealer never plays a card; the other seats play only when they lead or must (TIN-3.3),
    so each card played wins its trick alone; a leader left with one card drives the cart
    instead (TIN-3.2), handing the lead to its left, unless that seat is the dealer. The
    dealer then places a seller in every trick of the round."""
    s = g.new(seed=seed)
    states = [s]
    while not g.is_over(s):
        by_name = {a.name: a for a in g.legal_actions(s)}
        if s.turn == s.leader and s.acted == 0:
            last = len(s.hands[s.turn]) == 1 and (s.turn + 1) % g.players != s.dealer
            act = by_name["cart"] if last and "cart" in by_name else by_name["play"]
        else:
            act = by_name.get("seller") or by_name["play"]
        s, _ = g.step(s, act)
        states.append(s)
    return states


def test_random_games_under_the_growing_readings_stay_within_the_bounds() -> None:
    for n in obligations.player_counts("tindahan"):
        found = agreement.bounds_sample("tindahan", n, options=GROWING, games=6,
                                        seed=100 * n)
        assert found.ok, found.problems
        assert found.steps > 100


@pytest.mark.parametrize("stay", ["return", "stay"])
def test_the_most_sellers_a_round_reach_the_bound_and_no_further(stay: str) -> None:
    """With stand-ins the dealer of every round places most_placed sellers (19, 28 and 37
    at three, four and five seats), more than the ten the old bound allowed; no state of
    the game leaves the declared bounds, the stalls' included when sellers stay."""
    for n in obligations.player_counts("tindahan"):
        g = engine.load("tindahan", players=n,
                        options={"no-sellers": "unlimited", "sellers-between-rounds": stay})
        states = most_sellers_game(g)
        declared = validate.bounds(g.spec)
        assert declared is not None
        assert [p for p in (declared.problem(g.config, s) for s in states) if p] == []
        assert max(max(s.placed) for s in states) == most_placed(n) > 10
        per_round: dict[int, int] = {}
        for s in states:
            per_round[s.round] = max(per_round.get(s.round, 0), s.placed[s.dealer])
        assert per_round == {r: most_placed(n) for r in range(1, n + 1)}


def test_with_real_sellers_a_round_stays_at_nine() -> None:
    """The same play with the default reading (must-play): nine sellers, then a card."""
    g = engine.load("tindahan", players=4)
    assert max(max(s.placed) for s in most_sellers_game(g)) == 9
