"""Tindahan: the necessary conditions of a round's end (``round_is_possible``, which the
proofs assume) against a plain transcription of its stated conditions, on every small
round (written against the mutants of the scoring module that ``make mutate`` found
alive: each condition must bind exactly where it says, not one step earlier or later).
"""
from __future__ import annotations

import itertools

import pytest

from spec.tindahan.scoring import round_is_possible, score_round

VALUES = range(-1, 4)  # one below and one above what a hand of two cards allows


def _possible(tricks: list[int], hands: list[int], placed: list[int], hand_size: int) -> bool:
    """The docstring's conditions, one by one, in plain Python."""
    total = sum(tricks)
    played = [hand_size - h for h in hands]
    acted = [p + q for p, q in zip(played, placed)]
    return (any(h == 0 for h in hands)  # someone ran out of cards
            and all(0 <= h <= hand_size and t >= 0 and q >= 0 and t <= p
                    for h, t, q, p in zip(hands, tricks, placed, played))
            and all(a <= total for a in acted)  # at most one action a trick
            and all(a >= total - t - 1 for a, t in zip(acted, tricks))  # sat out only leading
            and sum(total - a for a in acted) <= total  # one seat at most sits out a trick
            and sum(played) >= total)  # every trick holds a card


def test_every_two_seat_round_with_hands_of_two():
    seats = list(itertools.product(VALUES, VALUES, VALUES))  # (hand left, tricks, placed)
    for (h0, t0, q0), (h1, t1, q1) in itertools.product(seats, seats):
        args = ([t0, t1], [h0, h1], [q0, q1])
        assert round_is_possible(*args, hand_size=2) is _possible(*args, 2), args


@pytest.mark.parametrize("tricks,hands,placed", [
    ([-1, 1, 2], [0, 0, 0], [0, 0, 0]),  # negative tricks, all else in bounds
    ([0, 2, 1], [0, 0, 1], [0, 0, 0]),  # seats 0 and 2 would both sit out one of 3 tricks
])
def test_three_seats_with_hands_of_two_at_the_edges(tricks, hands, placed):
    """Two conditions bind only with three seats or more."""
    assert round_is_possible(tricks, hands, placed, hand_size=2) is False
    assert _possible(tricks, hands, placed, 2) is False


@pytest.mark.parametrize("tricks,hands,placed,possible", [
    ([10, 0, 0], [0, 0, 10], [0, 0, 10], True),  # a seat placed a seller every trick
    ([10, 0, 0], [0, 0, 11], [0, 0, 10], False),
    ([5, 5, 0], [0, 0, 10], [0, 0, 9], True),  # seat 2 sat out one trick, never leading
    ([5, 5, 0], [0, 0, 10], [0, 0, 8], False),
])
def test_hands_of_ten_at_the_edges(tricks, hands, placed, possible):
    assert round_is_possible(tricks, hands, placed) is possible
    assert _possible(tricks, hands, placed, 10) is possible


def test_when_no_seat_played_under_empty_among_played_each_keeps_its_own_round():
    """TIN-A12 ``played``: the best seat that played is sought; with none, an empty round
    is left as it is (sellers from earlier rounds stand: seat 0 one banana, seat 1 two
    lanzones; -1 a card held, 5 for the most sellers of a stall)."""
    stalls = [[1, 0, 0], [0, 2, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]  # B L M P D
    for empty_round in ("replace", "add"):
        assert score_round([0, 0, 0], [3, 6, 0], stalls, 4, [0, 0, 0], empty_among="played",
                           empty_round=empty_round) == [-3 + 5, -6 + 5, 0]


@pytest.mark.parametrize("among,want", [
    ("played", [7, 2, 5, 7, 7]),  # the best seat that played: 7
    ("others", [7, 2, 5, 10, 11]),  # seat 3: the best of the others is seat 4's 10 ...
    ("all", [7, 2, 5, 11, 11]),  # ... every seat, its own 11 included
    ("at-least", [7, 2, 5, 11, 10]),  # 7, but never below its own score
])
def test_an_empty_round_levels_with_the_best_seat_of_each_reading(among, want):
    """TIN-A12: seats 3 and 4 won and placed nothing this round but own majorities from
    earlier rounds (11 and 10 points before the rule); seats 0-2 score 7, 2 and 5."""
    stalls = [[0, 0, 0, 2, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1],   # B L M
              [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]                   # P D; trump B
    assert score_round([3, 3, 4, 0, 0], [4, 4, 3, 0, 0], stalls, 0, [1, 0, 0, 0, 0],
                       empty_among=among) == want
