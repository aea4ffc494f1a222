"""Which numbers can the hybrid cards bear? Peter's worked example (FRP-7.1), solved with Z3.

The rulebook names only one hybrid, pineapple 5, and says Peter holds one of each hybrid.
Everything else is unknown: the numbers of the other four hybrids and the cards of
Peter's stacks beyond what the text states. We leave them all free, state what the
example says as constraints over the *same* scoring code the engine runs
(:func:`spec.fruit_passion.scoring.player_score`), and list every assignment of hybrid
numbers for which some collection of Peter's satisfies them.

Facts taken from the text: stack points 11, 3, 5, 8, 3, 0, -11 (coconut ... passion
fruit); pineapple 3 is missing; pomegranate 1 is missing; two passion fruit 4s; Peter
holds all five hybrids; pineapple's hybrid is a 5 and it does not count; the hybrids
score 24; the total is 43. Not assumed: that the hybrid numbers differ - the example
forces that by itself.

>>> allowed_assignments()[0]
'CO1-PA2-FI3-AV4-PI5'
>>> len(allowed_assignments())
8
>>> allowed_assignments(hybrid_run="any")     # every hybrid counting contradicts 24 points
[]
"""
from __future__ import annotations

from typing import Any

from . import cards, scoring

#: the example's per-stack points, fruit order of ``cards.FRUITS``
PETER_STACKS = (11, 3, 5, 8, 3, 0, -11)
PETER_HYBRIDS = 24
PETER_TOTAL = 43


def _peter(hybrid_run: str, hybrid_dup: str, lone_one: str) -> tuple[Any, list[Any], list[Any]]:
    """A solver holding the example's constraints; returns it with the unknowns."""
    import z3

    s = z3.Solver()
    stacks = [[z3.Int(f"{cards.FRUITS[f]}_{n}") for n in range(1, top + 1)]
              for f, top in enumerate(cards.TOP_NUMBER)]
    numbers = [z3.Int(f"hybrid_{cards.FRUITS[f]}") for f in cards.COMMON]
    for f, st in enumerate(stacks):
        s.add(*[z3.And(c >= 0, c <= cards.CAPACITY[f]) for c in st])
        s.add(z3.Sum(st) >= 1, z3.Sum(st) <= cards.CAPACITY[f])  # he collected every fruit
    held = [True] * len(cards.COMMON)  # the example says Peter holds every hybrid card
    for f in cards.COMMON:
        s.add(numbers[f] >= 1, numbers[f] <= 5)
        s.add(scoring.at(stacks[f], numbers[f]) >= 1)  # the hybrid is in its stack
    pi = cards.FRUITS.index("PI")
    s.add(numbers[pi] == 5)  # "pineapple number 5" is a hybrid
    s.add(stacks[pi][2] == 0)  # pineapple 3 is missing
    s.add(stacks[cards.PG][0] == 0)  # pomegranate 1 is missing
    s.add(stacks[cards.PF][3] >= 2)  # two passion fruit 4s
    s.add(z3.Not(scoring.hybrid_counts(stacks[pi], True, numbers[pi], hybrid_run,
                                       hybrid_dup)))  # pineapple 5 does not count
    points, hyb = scoring.player_score(stacks, held, numbers, lone_one=lone_one,
                                       hybrid_run=hybrid_run, hybrid_dup=hybrid_dup,
                                       parts=True)
    s.add(*[p == want for p, want in zip(points, PETER_STACKS)])
    s.add(hyb == PETER_HYBRIDS, z3.Sum(points) + hyb == PETER_TOTAL)
    return s, stacks, numbers


def allowed_assignments(hybrid_run: str = "from-one", hybrid_dup: str = "void",
                        lone_one: str = "none") -> list[str]:
    """Every hybrid assignment (``"CO1-PA2-FI3-AV4-PI5"``) the example allows, sorted.

    The arguments are readings of the options hybrid-run, hybrid-duplicates, lone-one.
    """
    import z3

    s, _, numbers = _peter(hybrid_run, hybrid_dup, lone_one)
    found: list[str] = []
    while s.check() == z3.sat:
        m = s.model()
        values = [m.eval(h, model_completion=True).as_long() for h in numbers]
        found.append("-".join(f"{cards.FRUITS[f]}{v}" for f, v in enumerate(values)))
        s.add(z3.Or(*[h != v for h, v in zip(numbers, values)]))
    return sorted(found)


def peter_collection(assignment: str = cards.DEFAULT_HYBRIDS,
                     hybrid_run: str = "from-one") -> list[list[int]] | None:
    """One collection of Peter's (count vectors) fitting the example, or None."""
    import z3

    s, stacks, numbers = _peter(hybrid_run, "void", "none")
    s.add(*[h == v for h, v in zip(numbers, cards.hybrid_numbers(assignment))])
    if s.check() != z3.sat:
        return None
    m = s.model()
    return [[m.eval(c, model_completion=True).as_long() for c in st] for st in stacks]
