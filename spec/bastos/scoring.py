"""Bastos!: value changes, trick resolution and round scoring, symbolic-ready.

Every function here runs on plain ints (the engine) and on Z3 terms (the proofs): they are
written only with :mod:`spec.common.symbolic`. Fruits are indices 0..4 (B L M P D), ranks
1..9, the trump is a fruit index or ``NO_TRUMP``; Bastos! flags are bools or Z3 Bools.

>>> bump(3, +1), bump(-1, -2), bump(0, 1)
(3, -2, 1)
>>> start_values([0, 0, 2, 2])  # two banana and two mango picks (BAS-3.3)
(2, 0, 2, 0, 0)
>>> trick_winner([2, 0, 4], [5, 4, 6], [False, False, False], trump=4)  # durian trumps
2
"""
from __future__ import annotations

from typing import Any, Sequence

from spec.common.symbolic import And, Count, If, Not, Or, Sum

from .state import HIGH, LOW

Num = Any
Bool = Any
NO_TRUMP = -1
SET_ASIDE = -1  # trick_winner's answer when the trick goes to nobody (BAS-6.5)
FRUIT_COUNT = 5


def bump(value: Num, delta: Num) -> Num:
    """A fruit's value after a change of ``delta``, kept within -2..+3 (BAS-1.3)."""
    return If(value + delta < LOW, LOW, If(value + delta > HIGH, HIGH, value + delta))


def can_bump(value: Num, delta: Num) -> Bool:
    """Whether the change really fits in the range (reading ``adjust-range=forbid``): the
    limits of BAS-1.3 leave it as it is."""
    return bump(value, delta) == value + delta


def start_values(colours: Sequence[Num], fruits: int = FRUIT_COUNT) -> tuple[Num, ...]:
    """The table after the Bastos! cards are shown: each raises its fruit by 1 (BAS-3.3).

    ``colours`` holds each seat's Bastos! fruit; every marker starts at 0 (BAS-1.4).
    """
    return tuple(_raise_times(Count(c == f for c in colours), len(colours))
                 for f in range(fruits))


def _raise_times(k: Num, most: int) -> Num:
    value: Num = 0
    for i in range(most):  # one capped step per shown card, as the rule is worded
        value = If(k > i, bump(value, 1), value)
    return value


def declare_value(value: Num) -> Num:
    """The value of a fruit just declared trump: 2 lower, not below -2 (BAS-5.2)."""
    return bump(value, -2)


def trick_winner(fruits: Sequence[Num], ranks: Sequence[Num], own: Sequence[Bool],
                 trump: Num, trump_from: Num = 0, *, trump_is_discard: bool = False,
                 unbeatable_aside: bool = False, overlap_trick_rule: bool = False,
                 unbeatable_follower: bool = False, follow_literal: bool = False) -> Num:
    """The position (0 = leader) that takes the trick, or ``SET_ASIDE``.

    ``own[i]``: the card at position ``i`` is its player's own Bastos! colour.
    ``trump`` is the trump when the trick is complete, one declared during it included (the
    declaring card counts as a trump: BAS-5.3); cards of that fruit before position
    ``trump_from`` (the declaring card's, under BAS-A9's default) were plain discards.
    Keyword flags pick the readings of BAS-A4 (``all-discard=leader-wins``), BAS-A7
    (``no-winner=set-aside``; ``no-winner=highest-follower``: the highest card of the led
    fruit after the leader's, its player's own colour notwithstanding), BAS-A12
    (``follow-own=literal``: when a led Bastos! colour is followed by everyone, the
    highest follower takes it even if it is its own colour) and BAS-A10
    (``own-colour-overlap=trick-rule``: a trick of Bastos! cards only that BAS-6.3 or
    BAS-6.4 also describes goes by that rule).
    """
    n = len(fruits)
    led = fruits[0]
    # a card of the trump fruit is a trump from position trump_from on (BAS-5.3, BAS-A9)
    trumps = [If(i >= trump_from, fruits[i] == trump, False) for i in range(n)]
    # how strongly each card bids for the trick: its player's own Bastos! colour cannot
    # win (BAS-6.2), a trump beats any card of the led fruit, which beats a discard
    # (BAS-6.1); among equals the higher number wins
    keys = [If(own[i], 0, If(trumps[i], 20 + ranks[i], If(fruits[i] == led, 10 + ranks[i], 0)))
            for i in range(n)]
    best: Num = keys[0]
    top: Num = If(keys[0] > 0, 0, SET_ASIDE)
    for i in range(1, n):
        better = keys[i] > best
        top = If(better, i, top)
        best = If(better, keys[i], best)
    all_own = And(*own)  # BAS-6.5
    nobody_followed = And(*[fruits[i] != led for i in range(1, n)])
    # a trump after the lead that is not its player's own colour (BAS-6.2)
    any_trump = Or(*[If(own[i], False, trumps[i]) for i in range(1, n)])
    if trump_is_discard:
        leader_takes = And(own[0], nobody_followed)
    else:
        leader_takes = And(own[0], nobody_followed, Not(any_trump))  # BAS-6.3
    unbeatable: Num = SET_ASIDE if unbeatable_aside else 0  # BAS-A7
    if unbeatable_follower and n > 1:
        # no card can win, so the leader led its own colour, nobody trumped and at least
        # one seat followed (else BAS-6.3 applies): the highest following card
        ubest: Num = If(fruits[1] == led, ranks[1], 0)
        unbeatable = 1
        for i in range(2, n):
            better = And(fruits[i] == led, ranks[i] > ubest)
            unbeatable = If(better, i, unbeatable)
            ubest = If(better, ranks[i], ubest)
    all_aside: Num = SET_ASIDE  # BAS-6.5
    if overlap_trick_rule and n > 1:  # BAS-A10: BAS-6.3 / BAS-6.4 first
        all_followed = And(*(fruits[i] == led for i in range(1, n)))
        all_aside = If(nobody_followed, 0, If(all_followed, _highest(ranks, 1), SET_ASIDE))
    normal = If(best > 0, top, unbeatable)
    if follow_literal and n > 1:  # BAS-A12's rival reading of BAS-6.4
        everyone_followed = And(own[0], *(fruits[i] == led for i in range(1, n)))
        normal = If(everyone_followed, _highest(ranks, 1), normal)
    return If(all_own, all_aside, If(leader_takes, 0, normal))


def _highest(ranks: Sequence[Num], start: int) -> Num:
    """The position of the highest rank from ``start`` on (the first one on a tie)."""
    best: Num = ranks[start]
    top: Num = start
    for i in range(start + 1, len(ranks)):
        better = ranks[i] > best
        top = If(better, i, top)
        best = If(better, ranks[i], best)
    return top


def card_value(fruit: Num, values: Sequence[Num]) -> Num:
    """The table value of a card of ``fruit`` (BAS-8.1)."""
    return Sum(If(fruit == f, values[f], 0) for f in range(len(values)))


def round_scores(counts: Sequence[Sequence[Num]], values: Sequence[Num]) -> list[Num]:
    """Each seat's round score: ``counts[seat][fruit]`` cards won times the fruit's value."""
    return [Sum(row[f] * values[f] for f in range(len(values))) for row in counts]


def trick_points(fruits: Sequence[Num], values: Sequence[Num]) -> Num:
    """The worth of a set of cards at the given table values."""
    return Sum(card_value(f, values) for f in fruits)
