"""Bastos! trick resolution under every reading, on every small trick, against a plain
statement of the rules written here (not the engine's code).

Random tricks rarely meet the corners where the readings part ways (a trick nobody can
win, a Bastos! colour everyone followed, a trump declared in the middle of the trick):
the three-card tricks of three fruits are enumerated whole instead.
"""
from __future__ import annotations

import itertools

import pytest

from spec.bastos.scoring import NO_TRUMP, SET_ASIDE, bump, trick_winner
from spec.bastos.state import HIGH, LOW

READINGS = ("trump_is_discard", "unbeatable_aside", "overlap_trick_rule",
            "unbeatable_follower", "follow_literal")


def _first_highest(positions, ranks) -> int:
    top = positions[0]
    for i in positions[1:]:
        if ranks[i] > ranks[top]:
            top = i
    return top


def expected(fruits, ranks, own, trump, trump_from, *, trump_is_discard=False,
             unbeatable_aside=False, overlap_trick_rule=False, unbeatable_follower=False,
             follow_literal=False) -> int:
    """BAS-6 with the readings of BAS-A4, A7, A10 and A12, one rule after the other."""
    n = len(fruits)
    led = fruits[0]
    followers = range(1, n)
    followed = [i for i in followers if fruits[i] == led]
    if all(own):  # BAS-6.5, or BAS-A10's trick-rule reading
        if overlap_trick_rule and not followed:
            return 0
        if overlap_trick_rule and len(followed) == n - 1:
            return _first_highest(list(followers), ranks)
        return SET_ASIDE
    trump_at = [i for i in range(n) if fruits[i] == trump and i >= trump_from]
    real_trumps = [i for i in trump_at if i > 0 and not own[i]]
    if own[0] and not followed and (trump_is_discard or not real_trumps):
        return 0  # BAS-6.3 (BAS-A4: a trump is only a discard)
    if follow_literal and own[0] and len(followed) == n - 1:
        return _first_highest(list(followers), ranks)  # BAS-A12 literal
    can_win = [i for i in range(n) if not own[i]]
    trumps = [i for i in can_win if i in trump_at]
    leds = [i for i in can_win if fruits[i] == led]
    if trumps or leds:
        return _first_highest(trumps or leds, ranks)  # BAS-6.1
    if unbeatable_follower:  # BAS-A7: the highest follower, own colour notwithstanding
        return _first_highest(followed, ranks)
    return SET_ASIDE if unbeatable_aside else 0  # BAS-A7


def _configs():
    yield {}
    for name in READINGS:
        yield {name: True}
    yield {"unbeatable_aside": True, "unbeatable_follower": True}
    yield {"trump_is_discard": True, "follow_literal": True}


def _tricks(n: int, fruits_in: range):
    for fruits in itertools.product(fruits_in, repeat=n):
        for ranks in itertools.permutations((1, 5, 8) if n == 3 else (1, 5, 8, 4)):
            for own in itertools.product((False, True), repeat=n):
                for trump, start in ((NO_TRUMP, 0), (0, 0), (0, 1), (0, 2), (1, 0), (2, 2)):
                    if any(o and f == trump for o, f in zip(own, fruits)):
                        continue  # a Bastos! colour is never the trump (BAS-5.1)
                    yield list(fruits), list(ranks), list(own), trump, start


@pytest.mark.parametrize("config", list(_configs()), ids=lambda c: "+".join(c) or "default")
def test_every_three_card_trick_of_three_fruits(config) -> None:
    for fruits, ranks, own, trump, start in _tricks(3, range(3)):
        want = expected(fruits, ranks, own, trump, start, **config)
        got = trick_winner(fruits, ranks, own, trump, start, **config)
        assert got == want, (fruits, ranks, own, trump, start, config)


def test_four_card_tricks_of_two_fruits_under_every_reading() -> None:
    """Two followers of one Bastos! colour, beside a discard: the highest-follower
    readings must pick the higher of them, not the later."""
    configs = [*_configs(), dict.fromkeys(READINGS, True)]
    for fruits, ranks, own, trump, start in _tricks(4, range(2)):
        if start == 2 or ranks[0] != 1:
            continue  # keep the run short: the leader's rank never decides these readings
        for config in configs:
            want = expected(fruits, ranks, own, trump, start, **config)
            assert trick_winner(fruits, ranks, own, trump, start, **config) == want, \
                (fruits, ranks, own, trump, start, config)


def test_a_value_moves_within_its_bounds() -> None:
    for value in range(LOW, HIGH + 1):
        for delta in (-2, -1, 1, 2):
            assert bump(value, delta) == min(HIGH, max(LOW, value + delta))
