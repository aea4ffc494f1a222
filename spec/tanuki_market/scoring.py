"""Scoring, written with the symbolic helpers so that Z3 runs this very code.

A seat's five tables are described by :class:`TableCounts` (numbers only: the fruit's
index or -1, how many cards, and how many of them carry each end-of-game effect), so the
same functions take ints (the engine) or Z3 terms (the proofs).

>>> from spec.tanuki_market.scoring import table_counts, score_tables
>>> example = [("B", "B/bitten"), ("F", "F", "F", "F/five", "F/favorite"), ("W", "W/five"),
...            ("S", "S", "S", "S/replace", "S/favorite"), ("P/favorite", "P/bitten")]
>>> score_tables([table_counts(t) for t in example]) + 3   # + Taco
67
"""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Sequence

from spec.common.symbolic import And, Count, Div, If, Min, Or, Sum

from .cards import EFFECT_OF, FRUIT_INDEX, FRUIT_OF, FRUITS, GRANNY

Num = Any

#: points of one Taco / Granny card (TAN-5.5) and one fruit-salad card (TAN-7.5)
BONUS_CARD = 3
SALAD_CARD = 5
#: the number printed on a Replacement card (TAN-6.1, assumption TAN-6.7)
REPLACEMENT_VALUE = 3
SET_POINTS = 3
BITE = 3


class TableCounts(NamedTuple):
    """One table: ``fruit`` is 0-4 (S F B P W) or -1 when empty; the rest are counts."""

    fruit: Num
    cards: Num
    replace: Num = 0
    favorite: Num = 0
    five: Num = 0
    bitten: Num = 0


EMPTY = TableCounts(fruit=-1, cards=0)


def table_counts(cards: Iterable[str]) -> TableCounts:
    """Count a concrete table (a tuple of card strings)."""
    cards = tuple(cards)
    if not cards:
        return EMPTY
    effects = [EFFECT_OF[c] for c in cards]
    return TableCounts(fruit=FRUIT_INDEX[FRUIT_OF[cards[0]]], cards=len(cards),
                       replace=effects.count("replace"), favorite=effects.count("favorite"),
                       five=effects.count("five"), bitten=effects.count("bitten"))


def favorite_sets(fruit: Num, cards: Num) -> Num:
    """TAN-6.2: sets of 3 strawberries, 2 figs, 2 bananas; every pineapple or watermelon."""
    return If(fruit == 0, Div(cards, 3), If(Or(fruit == 1, fruit == 2), Div(cards, 2), cards))


def fruit_total(tables: Sequence[TableCounts], f: int) -> Num:
    return Sum(If(t.fruit == f, t.cards, 0) for t in tables)


def five_sets(tables: Sequence[TableCounts]) -> Num:
    """TAN-6.3: complete sets of the five different fruits among a seat's tables."""
    return Min(fruit_total(tables, f) for f in range(len(FRUITS)))


def table_points(number: int, t: TableCounts, sets5: Num, *, favorite: str = "card",
                 replace: str = "once", effects: bool = True) -> Num:
    """The points of one table (its cards and the effects lying on it).

    ``favorite``: "card" (each Favorite Fruit card scores its sets) or "table" (once per
    table); ``replace``: "once" (the table is worth 3 per card however many Replacement
    cards) or "each" (3 per card per Replacement card). ``effects=False``: beginners.
    """
    if not effects:
        return t.cards * number
    if replace == "once":
        value = If(t.replace > 0, REPLACEMENT_VALUE, number)
    else:
        value = If(t.replace > 0, REPLACEMENT_VALUE * t.replace, number)
    fav = t.favorite if favorite == "card" else If(t.favorite > 0, 1, 0)
    return (t.cards * value + SET_POINTS * fav * favorite_sets(t.fruit, t.cards)
            + SET_POINTS * t.five * sets5 - BITE * t.bitten)


def table_breakdown(tables: Sequence[TableCounts], **modes: Any) -> list[Num]:
    """Each table's points, table 1 first (the rulebook's per-table totals)."""
    sets5 = five_sets(tables)
    return [table_points(i + 1, t, sets5, **modes) for i, t in enumerate(tables)]


def score_tables(tables: Sequence[TableCounts], *, favorite: str = "card",
                 replace: str = "once", effects: bool = True) -> Num:
    """TAN-5.4, TAN-6.1..6.4: the points of a seat's five tables (no bonus cards)."""
    return Sum(table_breakdown(tables, favorite=favorite, replace=replace, effects=effects))


def seat_score(tables: Sequence[TableCounts], bonus_cards: Num = 0, salad: Num = 0,
               **modes: Any) -> Num:
    """A seat's total: its tables, 3 per Taco/Granny card, 5 per fruit-salad card."""
    return score_tables(tables, **modes) + BONUS_CARD * bonus_cards + SALAD_CARD * salad


def bonus_points(bonus_cards: Num, salad: Num = 0) -> Num:
    """TAN-5.6: the bonus points that break a tie."""
    return BONUS_CARD * bonus_cards + SALAD_CARD * salad


def well_formed(tables: Sequence[TableCounts]) -> Any:
    """What a symbolic table description must satisfy (for the proofs)."""
    conds = []
    for t in tables:
        conds += [t.fruit >= -1, t.fruit < len(FRUITS), t.cards >= 0,
                  (t.fruit == -1) == (t.cards == 0), t.replace >= 0, t.favorite >= 0,
                  t.five >= 0, t.bitten >= 0,
                  t.replace + t.favorite + t.five + t.bitten <= t.cards]
    for i, a in enumerate(tables):
        for b in tables[i + 1:]:
            conds.append(Or(a.fruit == -1, a.fruit != b.fruit))
    return And(*conds)


# --- the solo game's automaton (TAN-8.12) ------------------------------------------------
class Day(NamedTuple):
    """One row of the solo game's table for each day of the week."""

    threshold: int  # the dots on the carts at which the automaton takes a cart (TAN-8.5)
    per_fruit: tuple[int, int, int, int, int]  # points per S, F, B, P, W card
    per_effect: int  # points per card with an effect, whatever its fruit


DAYS: dict[str, Day] = {
    "monday": Day(threshold=10, per_fruit=(3, 3, 3, 3, 3), per_effect=0),
    "tuesday": Day(threshold=8, per_fruit=(3, 3, 3, 7, 7), per_effect=0),
    "wednesday": Day(threshold=9, per_fruit=(4, 4, 4, 4, 4), per_effect=0),
    "thursday": Day(threshold=9, per_fruit=(0, 0, 0, 0, 0), per_effect=10),
    "friday": Day(threshold=10, per_fruit=(5, 4, 4, 4, 4), per_effect=0),
    "saturday": Day(threshold=9, per_fruit=(6, 6, 6, 6, 6), per_effect=0),
    "sunday": Day(threshold=8, per_fruit=(9, 9, 9, 9, 9), per_effect=0),
}


def automaton_points(day: str, per_fruit: Sequence[Num], with_effect: Num,
                     granny: Num = 0) -> Num:
    """The automaton's score: the day's table over its pile, +3 with Granny."""
    table = DAYS[day]
    return (Sum(rate * n for rate, n in zip(table.per_fruit, per_fruit))
            + table.per_effect * with_effect + BONUS_CARD * granny)


def pile_counts(pile: Iterable[str]) -> tuple[list[int], int, int]:
    """(cards per fruit S F B P W, cards with an effect, Granny 0/1) of a concrete pile."""
    per = [0] * len(FRUITS)
    eff = granny = 0
    for c in pile:
        if c in FRUIT_OF:
            per[FRUIT_INDEX[FRUIT_OF[c]]] += 1
            eff += 1 if EFFECT_OF[c] else 0
        elif c == GRANNY:
            granny = 1
    return per, eff, granny


__all__ = ["TableCounts", "table_counts", "score_tables", "table_breakdown", "seat_score",
           "five_sets", "favorite_sets", "automaton_points", "pile_counts", "DAYS",
           "well_formed", "bonus_points", "Count", "Day"]
