"""The engine's fast paths give the answers of the symbolic scoring functions.

Trick resolution: the engine calls :func:`trick_winner_cards`, which tabulates
:func:`card_key` and remembers :func:`winner_of_keys` per pattern of key ranks. These
tests check it against :func:`trick_winner` on random tricks, and prove with Z3 that
:func:`winner_of_keys` only depends on the order of the keys (what the memo relies on).
"""
from __future__ import annotations

import random

import z3
from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.tindahan import game as tin_game
from spec.tindahan.scoring import (round_parts, trick_winner, trick_winner_cards,
                                   winner_of_keys)
from spec.tindahan.state import ALL_CARDS, FRUIT_OF, VALUE_OF


@st.composite
def tricks(draw):
    n = draw(st.integers(3, 6))
    cards = draw(st.permutations(ALL_CARDS))[:n]
    trump = draw(st.integers(0, 4))
    led = draw(st.one_of(st.just(FRUIT_OF[cards[0]]), st.integers(0, 4)))
    return tuple(cards), trump, led


@given(tricks())
def test_trick_winner_cards_is_trick_winner(data):
    cards, trump, led = data
    want = trick_winner([FRUIT_OF[c] for c in cards], [VALUE_OF[c] for c in cards], trump,
                        led)
    assert trick_winner_cards(cards, trump, led) == want
    assert trick_winner_cards(cards, trump, led) == want  # remembered: the same again


@given(st.lists(st.integers(-5, 40), min_size=1, max_size=6))
def test_winner_of_keys_depends_on_their_order_only(keys):
    order = sorted(set(keys))
    assert winner_of_keys(keys) == winner_of_keys([order.index(k) for k in keys])


def test_z3_winner_of_keys_is_order_invariant():
    """For 2..6 keys: two key lists ordered alike (same comparisons between positions)
    have the same winner. So the memo keyed by key ranks answers as the function would."""
    for n in range(2, 7):
        a = [z3.Int(f"a{i}") for i in range(n)]
        b = [z3.Int(f"b{i}") for i in range(n)]
        alike = [z3.And((a[i] < a[j]) == (b[i] < b[j]), (a[i] == a[j]) == (b[i] == b[j]))
                 for i in range(n) for j in range(n)]
        s = z3.Solver()
        s.add(*alike, winner_of_keys(a) != winner_of_keys(b))
        assert s.check() == z3.unsat, n


def test_engine_round_scores_are_round_parts():
    """The remembered round scoring of the engine is round_parts on the round's counts."""
    rng = random.Random(5)
    for players, options in ((3, {}), (4, {"trump-tie": "each", "rounding": "up"}),
                             (5, {"empty-round": "add", "trump-stall": "six-three"})):
        game = engine.load("tindahan", players=players, options=options)
        score = game.config.extra.score
        s = game.new(seed=players)
        checked = 0
        while not game.is_over(s):
            s = game.apply(s, rng.choice(game.legal_actions(s)))
            if s.tricks_won and any(s.tricks_won):
                got = tin_game.round_points(game.config, s)
                want = round_parts(list(s.tricks_won), [len(h) for h in s.hands],
                                   [list(r) for r in s.stalls], s.cart, list(s.placed),
                                   **score)
                assert got == want
                checked += 1
        assert checked
