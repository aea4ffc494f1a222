"""Fruit Passion scoring, written once for plain ints and for Z3 terms.

A stack is given as a *count vector*: ``counts[k]`` is how many cards numbered ``k + 1``
it holds (length 5, or 7 for passion fruit). Every function here uses only the helpers of
:mod:`spec.common.symbolic`, so the engine (ints) and the proofs (Z3 terms) run the same
code. Readings of the options are plain strings, never symbolic.

>>> stack_score((1, 1, 1, 1, 1), "common")
11
>>> stack_score((0, 1, 1, 1, 1), "common")       # no 1: nothing scores (FRP-6.6)
0
>>> stack_score((1, 1, 0, 2, 0, 0, 0), "passion")  # two 4s: minus 11 (FRP-6.7)
-11
>>> hybrid_score((1, 1, 1, 1, 0))                 # hybrids 1-2-3-4 counted (FRP-6.8)
24
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from spec.common.symbolic import And, If, Not, Or, Sum

from .cards import COMMON, KIND

Num = Any  # int or z3 ArithRef
Bool = Any  # bool or z3 BoolRef

#: run length -> points, per scoring column (FRP-6.3, FRP-6.4, FRP-6.5)
TABLES: dict[str, dict[int, int]] = {
    "common": {2: 3, 3: 5, 4: 8, 5: 11},
    "pomegranate": {2: 3, 3: 5, 4: 8, 5: 22},  # the jump to 22 as printed (FRP-6.12)
    "passion": {2: 6, 3: 10, 4: 16, 5: 22, 6: 27, 7: 33},
}
#: a duplicated number: 0, or minus 11 for passion fruit (FRP-6.7)
DUPLICATE: dict[str, int] = {"common": 0, "pomegranate": 0, "passion": -11}
#: the hybrid sequence (FRP-6.8)
HYBRID_TABLE: dict[int, int] = {1: 1, 2: 9, 3: 15, 4: 24, 5: 33}
#: the best and worst a seat can score, as proved in the tests with Z3; boxed hybrids (two
#: players) lower the best a seat can still reach (FRP-6.13)
MAX_SCORE = 5 * 11 + 22 + 33 + 33
MIN_SCORE = -11


def run_length(counts: Sequence[Num]) -> Num:
    """How many numbers from 1 upward the stack holds without a gap (FRP-6.2).

    Read from the top number down: the run from number ``k`` is 0 when the stack lacks
    ``k``, else one more than the run from ``k + 1``.
    """
    run: Num = 0
    for c in reversed(counts):
        run = If(c >= 1, run + 1, 0)
    return run


def has_duplicate(counts: Sequence[Num]) -> Bool:
    """Some number occurs more than once (FRP-6.7)."""
    return Or(*[c >= 2 for c in counts])


def _table(run: Num, table: dict[int, int], lone: int) -> Num:
    return Sum([If(run == k, v, 0) for k, v in table.items()] + [If(run == 1, lone, 0)])


def stack_score(counts: Sequence[Num], kind: str, lone_one: str = "none",
                no_one_dup: str = "penalty") -> Num:
    """Points of one stack: its run from 1 by the fruit's column; a duplicate spoils it.

    ``kind`` is ``common``, ``pomegranate`` or ``passion``; ``lone_one`` is the reading of
    option ``lone-one`` (``common``: a common fruit's lone 1 scores 1 point);
    ``no_one_dup`` the reading of option ``passion-no-one-duplicate`` (``penalty``: a
    repeat spoils a stack even without a 1, so passion fruit scores -11; ``zero``: a stack
    without a 1 scores 0 whatever it repeats).

    >>> stack_score((0, 0, 0, 0, 2, 0, 0), "passion", no_one_dup="zero")
    0
    """
    return stack_points(counts, run_length(counts), has_duplicate(counts), kind, lone_one,
                        no_one_dup)


def stack_points(counts: Sequence[Num], run: Num, repeats: Bool, kind: str,
                 lone_one: str = "none", no_one_dup: str = "penalty") -> Num:
    """:func:`stack_score` from the stack's run and whether it repeats a number."""
    lone = 1 if (lone_one == "common" and kind == "common") else 0
    if no_one_dup == "penalty":  # FRP-A9: the repeat wins
        spoiled = repeats
    elif no_one_dup == "zero":  # FRP-A9: the missing 1 wins
        spoiled = And(counts[0] >= 1, repeats)
    else:
        raise ValueError(f"unknown passion-no-one-duplicate reading {no_one_dup!r}")
    return If(spoiled, DUPLICATE[kind], _table(run, TABLES[kind], lone))


def at(counts: Sequence[Num], number: Num) -> Num:
    """``counts`` at a number that may be symbolic (0 outside 1..len)."""
    return Sum(If(number == k, c, 0) for k, c in enumerate(counts, start=1))


def hybrid_counts(counts: Sequence[Num], held: Bool, number: Num,
                  hybrid_run: str = "from-one", hybrid_dup: str = "void") -> Bool:
    """Whether a stack's hybrid card takes part in the hybrid sequence (FRP-6.9).

    ``held``: the stack holds its fruit's hybrid; ``number``: that hybrid's number.
    ``hybrid_run`` (option ``hybrid-run``): ``from-one`` - every number from 1 up to the
    hybrid's is in the stack; ``continuous`` - the hybrid's number and a neighbour are in
    the stack; ``scoring-run`` - as ``from-one``, and the stack's run is at least 1-2 (a
    lone hybrid 1 does not count); ``any`` - every held hybrid counts. ``hybrid_dup`` (option
    ``hybrid-duplicates``): ``void`` - a stack with a duplicate counts no hybrid.
    """
    return hybrid_in_sequence(counts, run_length(counts), has_duplicate(counts), held, number,
                              hybrid_run, hybrid_dup)


def hybrid_in_sequence(counts: Sequence[Num], run: Num, repeats: Bool, held: Bool,
                       number: Num, hybrid_run: str = "from-one",
                       hybrid_dup: str = "void") -> Bool:
    """:func:`hybrid_counts`, given the stack's run and whether it repeats a number.

    A hybrid bears a number from 1 to 5, so "every number from 1 up to the hybrid's is in
    the stack" is "the stack's run reaches the hybrid's number".
    """
    if hybrid_run == "from-one":
        cond = run >= number
    elif hybrid_run == "scoring-run":  # a lone 1 is no sequence: the run must be 1-2+
        cond = And(run >= number, run >= 2)
    elif hybrid_run == "continuous":
        cond = Or(at(counts, number - 1) >= 1, at(counts, number + 1) >= 1)
    elif hybrid_run == "any":
        cond = True
    else:
        raise ValueError(f"unknown hybrid-run reading {hybrid_run!r}")
    if hybrid_dup == "void":
        cond = And(cond, Not(repeats))
    elif hybrid_dup != "count":
        raise ValueError(f"unknown hybrid-duplicates reading {hybrid_dup!r}")
    return And(held, cond)


def hybrid_score(hybrid_counts_by_number: Sequence[Num]) -> Num:
    """Points of the hybrid sequence from how many counted hybrids bear each number 1..5."""
    hc = hybrid_counts_by_number
    return If(has_duplicate(hc), 0, _table(run_length(hc), HYBRID_TABLE, 0))


def hybrid_sequence_score(counted: Sequence[Bool], numbers: Sequence[Num]) -> Num:
    """Points of the hybrid sequence: ``counted[f]`` says whether common fruit ``f``'s
    hybrid counts (:func:`hybrid_counts`), ``numbers[f]`` is its number (FRP-6.8)."""
    ones = [If(c, 1, 0) for c in counted]  # a counted hybrid is one card of its number
    by_number = [Sum(If(numbers[f] == n, ones[f], 0) for f in COMMON)
                 for n in range(1, len(HYBRID_TABLE) + 1)]
    return hybrid_score(by_number)


class SeatScore(NamedTuple):
    """A seat's scoring, part by part (ints in the engine, Z3 terms in the proofs)."""

    stacks: list[Num]  # points per fruit, fruit order of ``cards.FRUITS``
    runs: list[Num]  # each stack's run from 1 (FRP-6.2)
    repeats: list[Bool]  # each stack holds some number twice (FRP-6.7)
    counted: list[Bool]  # per common fruit: its hybrid is held and counts (FRP-6.9)
    hybrids: Num  # the hybrid sequence's points (FRP-6.8)
    total: Num  # FRP-6.10


def seat_score(stacks: Sequence[Sequence[Num]], held: Sequence[Bool], numbers: Sequence[Num],
               *, lone_one: str = "none", hybrid_run: str = "from-one",
               hybrid_dup: str = "void", no_one_dup: str = "penalty") -> SeatScore:
    """Score a seat's seven stacks (fruit order of ``cards.FRUITS``) and its hybrids.

    ``held[f]`` / ``numbers[f]``: whether common fruit ``f``'s stack holds its hybrid, and
    that hybrid's number. Each stack's run and repeats are worked out once and feed both
    its points and its hybrid.
    """
    runs = [run_length(st) for st in stacks]
    repeats = [has_duplicate(st) for st in stacks]
    points = [stack_points(stacks[f], runs[f], repeats[f], KIND[f], lone_one, no_one_dup)
              for f in range(len(stacks))]
    counted = [hybrid_in_sequence(stacks[f], runs[f], repeats[f], held[f], numbers[f],
                                  hybrid_run, hybrid_dup) for f in COMMON]
    hyb = hybrid_sequence_score(counted, numbers)
    return SeatScore(points, runs, repeats, counted, hyb, Sum(points) + hyb)


def player_score(stacks: Sequence[Sequence[Num]], held: Sequence[Bool],
                 numbers: Sequence[Num], *, lone_one: str = "none",
                 hybrid_run: str = "from-one", hybrid_dup: str = "void",
                 no_one_dup: str = "penalty", parts: bool = False) -> Any:
    """A seat's total (:func:`seat_score`); with ``parts=True`` the pair
    ``(stack scores, hybrid score)``."""
    seat = seat_score(stacks, held, numbers, lone_one=lone_one, hybrid_run=hybrid_run,
                      hybrid_dup=hybrid_dup, no_one_dup=no_one_dup)
    if parts:
        return seat.stacks, seat.hybrids
    return seat.total
