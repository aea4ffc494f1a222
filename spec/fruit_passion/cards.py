"""Fruit Passion's cards: the one place that says which cards exist and how many.

The rulebook gives the number of cards of each fruit but leaves the per-number
distribution and the numbers of the hybrid cards to a player aid that is not part of the
text. The defaults below are assumptions (clauses FRP-1.2 and FRP-1.4 of the catalogue);
the options ``distribution`` and ``hybrids`` choose among the readings listed here.

Cards are strings in the contract notation: fruit code + number, ``*`` for a hybrid
(``PI5*``). Several copies of one card share one string; ``FRUIT``, ``NUMBER`` and
``HYBRID`` say what is printed on each.

>>> composition("low-heavy", "CO1-PA2-FI3-AV4-PI5").count("CO1")
2
>>> FRUIT["PI5*"], NUMBER["PI5*"], HYBRID["PI5*"]
(4, 5, True)
"""
from __future__ import annotations

from collections import Counter

#: fruit codes in the rulebook's order: five common fruits, then the two special ones
FRUITS: tuple[str, ...] = ("CO", "PA", "FI", "AV", "PI", "PG", "PF")
NAMES: tuple[str, ...] = ("coconut", "papaya", "fig", "avocado", "pineapple",
                          "pomegranate", "passion fruit")
COMMON: tuple[int, ...] = (0, 1, 2, 3, 4)
PG, PF = 5, 6
#: how many numbers each fruit has (1..5, passion fruit 1..7) = the most cards a stack holds
TOP_NUMBER: tuple[int, ...] = (5, 5, 5, 5, 5, 5, 7)
CAPACITY = TOP_NUMBER
KIND: tuple[str, ...] = ("common",) * 5 + ("pomegranate", "passion")
#: cards per fruit, as the rulebook's component list gives them
PER_FRUIT: tuple[int, ...] = (15, 15, 15, 15, 15, 12, 18)

# --- the per-number distribution (option ``distribution``, clause FRP-1.2) -------------
#: copies of each number, index 0 = number 1. Common fruits: 15 cards over five numbers
#: are three of each in both readings; the special fruits' totals do not split evenly.
DISTRIBUTIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    # as even as the totals allow, the spare copies on the low numbers
    "low-heavy": ((3, 3, 3, 3, 3),) * 5 + ((3, 3, 2, 2, 2), (3, 3, 3, 3, 2, 2, 2)),
    # as even as the totals allow, the spare copies on the high numbers
    "high-heavy": ((3, 3, 3, 3, 3),) * 5 + ((2, 2, 2, 3, 3), (2, 2, 2, 3, 3, 3, 3)),
}
DEFAULT_DISTRIBUTION = "low-heavy"

# --- the hybrid cards' numbers (option ``hybrids``, clause FRP-1.4) -----------------------
#: Each common fruit has one hybrid card. The worked example fixes pineapple's at 5 and,
#: solved with Z3 (see ``hybrids.py``), allows exactly these eight assignments of the
#: other four; the value names the hybrid of each common fruit in order.
HYBRID_ASSIGNMENTS: tuple[str, ...] = (
    "CO1-PA2-FI3-AV4-PI5", "CO2-PA1-FI3-AV4-PI5", "CO3-PA1-FI2-AV4-PI5",
    "CO3-PA2-FI1-AV4-PI5", "CO4-PA1-FI2-AV3-PI5", "CO4-PA1-FI3-AV2-PI5",
    "CO4-PA2-FI1-AV3-PI5", "CO4-PA2-FI3-AV1-PI5",
)
DEFAULT_HYBRIDS = "CO1-PA2-FI3-AV4-PI5"


def hybrid_numbers(assignment: str) -> tuple[int, ...]:
    """The hybrid number of each common fruit: ``"CO1-PA2-..."`` -> ``(1, 2, ...)``."""
    parts = assignment.split("-")
    if len(parts) != 5 or any(p[:2] != FRUITS[i] or not p[2:].isdigit()
                              for i, p in enumerate(parts)):
        raise ValueError(f"not a hybrid assignment: {assignment!r}")
    return tuple(int(p[2:]) for p in parts)


def card(fruit: int, number: int, hybrid: bool = False) -> str:
    return f"{FRUITS[fruit]}{number}{'*' if hybrid else ''}"


def composition(distribution: str = DEFAULT_DISTRIBUTION,
                hybrids: str = DEFAULT_HYBRIDS) -> tuple[str, ...]:
    """All 105 cards in a fixed canonical order (fruit, then number; a hybrid last)."""
    hnums = hybrid_numbers(hybrids)
    out: list[str] = []
    for f, copies in enumerate(DISTRIBUTIONS[distribution]):
        for n, k in enumerate(copies, start=1):
            hyb = f in COMMON and hnums[f] == n
            out.extend([card(f, n)] * (k - hyb))
            if hyb:
                out.append(card(f, n, True))
    return tuple(out)


def counts(distribution: str = DEFAULT_DISTRIBUTION,
           hybrids: str = DEFAULT_HYBRIDS) -> Counter:
    return Counter(composition(distribution, hybrids))


# --- what is printed on each card ---------------------------------------------------------
def faces() -> list[tuple[int, int, bool]]:
    """(fruit, number, hybrid) of every card any reading can produce: each number of each
    fruit, and a hybrid of each number of each common fruit."""
    return [(f, n, hybrid) for f, top in enumerate(TOP_NUMBER) for n in range(1, top + 1)
            for hybrid in ((False, True) if f in COMMON else (False,))]


#: the fruit (index into FRUITS) of each card name
FRUIT: dict[str, int] = {card(f, n, h): f for f, n, h in faces()}
#: the number of each card name
NUMBER: dict[str, int] = {card(f, n, h): n for f, n, h in faces()}
#: whether each card name is a hybrid
HYBRID: dict[str, bool] = {card(f, n, h): h for f, n, h in faces()}


def check_totals() -> None:
    """Each distribution matches the rulebook's cards per fruit (105 in all)."""
    for name, dist in DISTRIBUTIONS.items():
        got = tuple(sum(d) for d in dist)
        if got != PER_FRUIT:
            raise AssertionError(f"distribution {name} gives {got}, not {PER_FRUIT}")
