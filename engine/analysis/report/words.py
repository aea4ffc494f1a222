"""The report in words a designer reads: ordinal players, percentages, verdicts.

Players are named by their place at the table ("the first player", the one who starts
the first round), never by a number counted from zero.
"""
from __future__ import annotations

from typing import Any

_ORDINALS = ("first", "second", "third", "fourth", "fifth")

#: what each verdict tells a designer
MEANING = {
    "no-difference": "no change larger than the tolerance",
    "matters": "changes the outcome (Holm-adjusted 95%)",
    "undecided": "not yet told apart from noise",
    "pending": "not yet measured",
    "dead": "never used in the sample",
    "cosmetic": "barring it changes no win rate beyond the tolerance",
    "ordinary": "barring it changes the win rate",
    "dominant": "barring it loses heavily",
}


#: what a verdict tells a player reading a ruling (no statistics words)
FOR_PLAYERS = {
    "no-difference": "makes no real difference in our test games",
    "matters": "changes how games turn out",
    "undecided": "may make a small difference; our test games have not settled it",
    "pending": "not yet measured",
}


def player(seat: int) -> str:
    return f"the {_ORDINALS[seat]} player" if seat < len(_ORDINALS) else f"player {seat + 1}"


def points(v: float) -> str:
    """A share difference in percentage points, signed."""
    return f"{100 * v:+.1f}"


def interval(e: dict[str, Any]) -> str:
    """A share difference and its interval, in percentage points."""
    lo, hi = e["ci95"]
    return f"{points(e['value'])} [{points(lo)}, {points(hi)}] pts"


def largest_win_change(row: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The player whose win rate moves most under the reading, and that estimate."""
    heads = [h for h in row["headline"] if h.get("what") == "win rate"]
    k = max(range(len(heads)), key=lambda i: abs(heads[i]["value"])) if heads else 0
    return (heads[k]["seat"], heads[k]) if heads else (0, {"value": 0.0, "ci95": [0.0, 0.0]})


def stopped(why: str | None) -> str:
    return {"half-width": "interval narrow enough", "budget": "budget spent",
            "max-games": "game cap reached", "never fires": "never fires"}.get(why or "", "")
