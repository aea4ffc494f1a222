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

from functools import lru_cache
from typing import Any, Callable, NamedTuple, Sequence

from spec.common.symbolic import And, Count, If, Not, Or, Sum

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
    """How many numbers from 1 upward the stack holds without a gap (FRP-6.2)."""
    prefix: Bool = True
    total: Num = 0
    for c in counts:
        prefix = And(prefix, c >= 1)
        total = total + If(prefix, 1, 0)
    return total


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
    lone = 1 if (lone_one == "common" and kind == "common") else 0
    if no_one_dup == "penalty":
        spoiled = has_duplicate(counts)
    elif no_one_dup == "zero":
        spoiled = And(counts[0] >= 1, has_duplicate(counts))
    else:
        raise ValueError(f"unknown passion-no-one-duplicate reading {no_one_dup!r}")
    return If(spoiled, DUPLICATE[kind], _table(run_length(counts), TABLES[kind], lone))


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
    if hybrid_run in ("from-one", "scoring-run"):
        cond = And(*[Or(number < k, c >= 1) for k, c in enumerate(counts, start=1)])
        if hybrid_run == "scoring-run":  # a lone 1 is no sequence: the run must be 1-2+
            cond = And(cond, counts[0] >= 1, counts[1] >= 1)
    elif hybrid_run == "continuous":
        cond = Or(at(counts, number - 1) >= 1, at(counts, number + 1) >= 1)
    elif hybrid_run == "any":
        cond = True
    else:
        raise ValueError(f"unknown hybrid-run reading {hybrid_run!r}")
    if hybrid_dup == "void":
        cond = And(cond, Not(has_duplicate(counts)))
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
    by_number = [Count(And(counted[f], numbers[f] == n) for f in COMMON)
                 for n in range(1, len(HYBRID_TABLE) + 1)]
    return hybrid_score(by_number)


def player_score(stacks: Sequence[Sequence[Num]], held: Sequence[Bool],
                 numbers: Sequence[Num], *, lone_one: str = "none",
                 hybrid_run: str = "from-one", hybrid_dup: str = "void",
                 no_one_dup: str = "penalty", parts: bool = False,
                 plain: bool = False) -> Any:
    """A seat's total: seven stacks (fruit order of ``cards.FRUITS``) and the hybrids.

    ``held[f]`` / ``numbers[f]``: whether common fruit ``f``'s stack holds its hybrid, and
    that hybrid's number. With ``parts=True`` returns ``(stack scores, hybrid score)``.
    ``plain=True`` promises plain ints, bools and tuples (the engine): each part then
    comes from the same function remembered per arguments (:data:`REMEMBERED`).
    """
    fns = REMEMBERED if plain else SYMBOLIC
    stack_points = [fns.stack_score(stacks[f], KIND[f], lone_one, no_one_dup)
                    for f in range(len(stacks))]
    counted = [fns.hybrid_counts(stacks[f], held[f], numbers[f], hybrid_run, hybrid_dup)
               for f in COMMON]
    hyb = fns.hybrid_sequence_score(tuple(counted), tuple(numbers))
    if parts:
        return stack_points, hyb
    return Sum(stack_points) + hyb


class Parts(NamedTuple):
    """The scoring functions :func:`player_score` is made of."""

    stack_score: Callable[..., Num]
    hybrid_counts: Callable[..., Bool]
    hybrid_sequence_score: Callable[..., Num]
    run_length: Callable[..., Num]
    has_duplicate: Callable[..., Bool]


def _remembered(fn: Callable[..., Any]) -> Callable[..., Any]:
    return lru_cache(maxsize=1 << 16)(fn)


SYMBOLIC = Parts(stack_score, hybrid_counts, hybrid_sequence_score, run_length, has_duplicate)
#: The same functions, remembered per (hashable, plain) arguments: the engine's fast path.
#: A seat's stacks are few different count vectors, so nearly every call is a look-up.
REMEMBERED = Parts(*map(_remembered, SYMBOLIC))
