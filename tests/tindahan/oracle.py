"""Tindahan round scoring written plainly from the clauses and the readings' wording, with
no code of the spec: the independent expectation the property tests compare against."""
from __future__ import annotations

from fractions import Fraction
from math import ceil, floor


def share(pool: int, ways: int, rounding: str) -> int:
    """TIN-6.9 / TIN-A8: a pool shared by ``ways`` seats, rounded down or up."""
    exact = Fraction(pool, ways)
    return floor(exact) if rounding == "down" else ceil(exact)


def stall(counts: list[int], trump: bool, trump_tie: str = "split",
          second_after_tie: str = "none", rounding: str = "down",
          trump_values: str = "plus-one") -> list[int]:
    """Points each seat takes from one stall (TIN-6.4 ... TIN-6.10, TIN-6.13)."""
    out = [0] * len(counts)
    if max(counts) == 0:  # TIN-6.13
        return out
    first_pts = 5 + (1 if trump else 0)  # TIN-6.4, TIN-6.6
    second_pts = 3 if trump and trump_values == "six-three" else 2  # TIN-6.5, TIN-A11
    most = max(counts)
    leaders = [i for i, c in enumerate(counts) if c == most]
    if len(leaders) == 1:
        out[leaders[0]] = first_pts
    else:  # TIN-6.7 with the trump-tie reading (TIN-A3)
        bonus = first_pts - 5
        if trump_tie == "split":
            each = share(5 + second_pts + bonus, len(leaders), rounding)
        elif trump_tie == "each":
            each = share(5 + second_pts, len(leaders), rounding) + bonus
        else:
            each = share(5 + second_pts, len(leaders), rounding)
        for i in leaders:
            out[i] = each
        if second_after_tie == "none":  # TIN-A4: both prizes went to the tied seats
            return out
    rest = [c for c in counts if 0 < c < most]
    if not rest:  # TIN-6.10
        return out
    runner_up = max(rest)
    seconds = [i for i, c in enumerate(counts) if c == runner_up]
    for i in seconds:  # TIN-6.8
        out[i] = share(second_pts, len(seconds), rounding)
    return out


def round_scores(tricks: list[int], hand_left: list[int], stalls: list[list[int]],
                 trump_stall: int, placed: list[int] | None = None, *,
                 trump_tie: str = "split", second_after_tie: str = "none",
                 rounding: str = "down", trump_values: str = "plus-one",
                 empty_round: str = "replace", empty_best: str = "round",
                 empty_among: str = "all") -> list[int]:
    """Every seat's points for one round; ``stalls[f][i]``: seat i's sellers on stall f."""
    n = len(tricks)
    if placed is None:
        placed = [sum(row[i] for row in stalls) for i in range(n)]
    cards = [2 * tricks[i] - hand_left[i] for i in range(n)]  # TIN-6.2, TIN-6.3
    own = list(cards)
    for f, row in enumerate(stalls):
        for i, pts in enumerate(stall(row, f == trump_stall, trump_tie, second_after_tie,
                                      rounding, trump_values)):
            own[i] += pts
    empty = [tricks[i] == 0 and placed[i] == 0 for i in range(n)]  # TIN-6.11
    ranked = own if empty_best == "round" else cards  # TIN-A6
    played = [ranked[j] for j in range(n) if not empty[j]]

    def best_for(i: int) -> int | None:  # TIN-A12: among which seats the best is sought
        if empty_among == "others":
            return max(ranked[j] for j in range(n) if j != i)
        if empty_among == "all":
            return max(ranked)
        if empty_among == "at-least":
            return max(played + [own[i]])
        return max(played) if played else None  # "played": nobody played, nothing to take

    out = []
    for i in range(n):
        best = best_for(i) if empty[i] else None
        out.append(own[i] if best is None else
                   best if empty_round == "replace" else own[i] + best)
    return out
