"""Tanuki Market: what a symbolic table description must satisfy (``well_formed``, which
the proofs assume) against a plain transcription of its conditions, on every small table
and pair of tables (written against the mutants of the scoring module that
``make mutate`` found alive: each bound must sit exactly where it says).
"""
from __future__ import annotations

import itertools

from spec.tanuki_market.cards import FRUITS
from spec.tanuki_market.scoring import (DAYS, EMPTY, TableCounts, automaton_points, five_sets,
                                       pile_counts, score_tables, seat_score,
                                       table_breakdown, well_formed)

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


# --- a seat's tables and the solo automaton, worked by hand ---------------------------------
#: S x7 (1 Favorite); F x4 (2 Replacement, 2 Favorite, 1 Five, 1 Bitten); B x5 (1 Favorite);
#: P x3 (1 Favorite); W x1 (Five and Favorite at once): every fruit present, 1 five-set
TABLES = [TableCounts(fruit=0, cards=7, favorite=1),
          TableCounts(fruit=1, cards=4, replace=2, favorite=2, five=1, bitten=1),
          TableCounts(fruit=2, cards=5, favorite=1),
          TableCounts(fruit=3, cards=3, favorite=1),
          TableCounts(fruit=4, cards=1, favorite=1, five=1)]


def test_each_table_by_hand_under_every_reading():
    # table 1: 7 x 1 + 3 x (7 // 3 strawberry sets) = 13
    # table 2: 4 x 3 (replaced) + 3 x 2 Favorite x (4 // 2 fig sets) + 3 x 1 five-set - 3 = 24
    # table 3: 5 x 3 + 3 x (5 // 2 banana sets) = 21; table 4: 3 x 4 + 3 x 3 pineapples = 21
    # table 5: 1 x 5 + 3 x 1 watermelon + 3 x 1 five-set = 11
    assert table_breakdown(TABLES) == [13, 24, 21, 21, 11]
    assert score_tables(TABLES) == 90
    assert table_breakdown(TABLES, replace="each") == [13, 36, 21, 21, 11]  # 4 x 3 x 2
    assert table_breakdown(TABLES, favorite="table") == [13, 18, 21, 21, 11]  # once a table
    assert table_breakdown(TABLES, effects=False) == [7, 8, 15, 12, 5]  # cards x number
    assert seat_score(TABLES, 2, 1) == 90 + 2 * 3 + 5
    assert five_sets(TABLES) == 1 and five_sets(TABLES[:4]) == 0



def test_one_replacement_card_and_tables_without_a_favorite_under_each_reading():
    one = TableCounts(0, 3, replace=1)  # three strawberries on table 2, one replaced
    # TAN-A5 each: 3 per card per Replacement card; a single one gives 3 x 3 as "once" does
    assert table_breakdown([EMPTY, one], replace="each") == [0, 9]
    assert table_breakdown([EMPTY, one], replace="once") == [0, 9]
    plain = TableCounts(0, 3)  # three strawberries on table 1, no Favorite card
    for favorite in ("card", "table"):  # TAN-6.2: no Favorite card, no set points
        assert table_breakdown([plain], favorite=favorite) == [3], favorite

def test_the_automaton_scores_its_pile_by_the_days_table():
    per, with_effect, granny = pile_counts(["S", "S/move", "F", "B", "P/five", "W", "W",
                                            "GRANNY", "TACO"])
    assert (per, with_effect, granny) == ([2, 1, 1, 1, 2], 2, 1)
    by_day = {day: automaton_points(day, per, with_effect, granny) for day in DAYS}
    assert by_day == {"monday": 7 * 3 + 3, "tuesday": 4 * 3 + 3 * 7 + 3,
                      "wednesday": 7 * 4 + 3, "thursday": 2 * 10 + 3,
                      "friday": 2 * 5 + 5 * 4 + 3, "saturday": 7 * 6 + 3,
                      "sunday": 7 * 9 + 3}
    assert pile_counts([]) == ([0, 0, 0, 0, 0], 0, 0)
    assert automaton_points("monday", per, with_effect) == 7 * 3  # no Granny unless given
