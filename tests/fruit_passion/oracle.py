"""Fruit Passion scoring written plainly from the rulebook's tables and the readings'
wording, over the cards themselves, with no code of the spec: the independent
expectation the tests compare the engine against."""
from __future__ import annotations

# run from 1 -> points (the rulebook's scoring table, FRP-6.3 ... FRP-6.5)
COMMON = {2: 3, 3: 5, 4: 8, 5: 11}
POMEGRANATE = {2: 3, 3: 5, 4: 8, 5: 22}
PASSION = {2: 6, 3: 10, 4: 16, 5: 22, 6: 27, 7: 33}
HYBRIDS = {1: 1, 2: 9, 3: 15, 4: 24, 5: 33}  # FRP-6.8
COLUMNS = {"CO": COMMON, "PA": COMMON, "FI": COMMON, "AV": COMMON, "PI": COMMON,
           "PG": POMEGRANATE, "PF": PASSION}


def _run(numbers: list[int]) -> int:
    run = 0
    while run + 1 in numbers:
        run += 1
    return run


def stack_points(stack: list[str], lone_one: str = "none",
                 no_one_dup: str = "penalty") -> int:
    fruit = stack[0][:2] if stack else "CO"
    numbers = [int(c[2]) for c in stack]
    repeat = len(set(numbers)) < len(numbers)
    if repeat and (1 in numbers or no_one_dup == "penalty"):  # FRP-6.7, FRP-A9
        return -11 if fruit == "PF" else 0
    run = _run(numbers)
    if run == 1:  # FRP-A6: a common fruit's lone 1
        return 1 if lone_one == "common" and COLUMNS[fruit] is COMMON else 0
    return COLUMNS[fruit].get(run, 0)


def hybrid_counts(stack: list[str], hybrid_run: str = "from-one",
                  hybrid_dup: str = "void") -> list[int]:
    """The numbers of the stack's hybrids that take part in the hybrid sequence."""
    numbers = [int(c[2]) for c in stack]
    out = []
    for c in stack:
        if not c.endswith("*"):
            continue
        h = int(c[2])
        if hybrid_run == "from-one":  # FRP-A5
            ok = all(k in numbers for k in range(1, h + 1))
        elif hybrid_run == "scoring-run":  # as from-one, and a lone 1 is no run: 1-2 at least
            ok = all(k in numbers for k in range(1, max(h, 2) + 1))
        elif hybrid_run == "continuous":
            ok = h - 1 in numbers or h + 1 in numbers
        else:
            ok = True
        if hybrid_dup == "void" and len(set(numbers)) < len(numbers):  # FRP-A4
            ok = False
        if ok:
            out.append(h)
    return out


def seat_points(stacks: list[list[str]], lone_one: str = "none",
                hybrid_run: str = "from-one", hybrid_dup: str = "void",
                no_one_dup: str = "penalty") -> int:
    total = sum(stack_points(list(s), lone_one, no_one_dup) for s in stacks)
    hybrids = [h for s in stacks for h in hybrid_counts(list(s), hybrid_run, hybrid_dup)]
    if len(set(hybrids)) == len(hybrids):  # a repeated hybrid number scores nothing
        total += HYBRIDS.get(_run(hybrids), 0)
    return total
