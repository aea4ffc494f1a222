"""Tanuki Market: what a symbolic table description must satisfy (``well_formed``, which
the proofs assume) against a plain transcription of its conditions, on every small table
and pair of tables (written against the mutants of the scoring module that
``make mutate`` found alive: each bound must sit exactly where it says).
"""
from __future__ import annotations

import itertools

from spec.tanuki_market.cards import FRUITS
from spec.tanuki_market.scoring import TableCounts, well_formed

COUNTS = range(-1, 3)
FRUIT_CODES = range(-2, len(FRUITS) + 1)  # one past each end of -1 (empty) .. 4


def _one_ok(t: TableCounts) -> bool:
    effects = (t.replace, t.favorite, t.five, t.bitten)
    return (-1 <= t.fruit < len(FRUITS) and t.cards >= 0
            and (t.fruit == -1) == (t.cards == 0)  # an empty table has no fruit
            and all(e >= 0 for e in effects) and sum(effects) <= t.cards)


def test_every_small_table():
    for fruit, cards, *effects in itertools.product(FRUIT_CODES, COUNTS, *[COUNTS] * 4):
        t = TableCounts(fruit, cards, *effects)
        assert well_formed([t]) is _one_ok(t), t


def test_two_tables_never_hold_the_same_fruit_but_may_both_be_empty():
    for (f0, c0), (f1, c1) in itertools.product(itertools.product(FRUIT_CODES, COUNTS),
                                                repeat=2):
        a, b = TableCounts(f0, c0), TableCounts(f1, c1)
        want = _one_ok(a) and _one_ok(b) and (f0 == -1 or f0 != f1)
        assert well_formed([a, b]) is want, (a, b)
