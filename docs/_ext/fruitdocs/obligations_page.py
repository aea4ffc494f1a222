"""The proof page's section on move-by-move obligations: per game, a matrix of each move's
branches against each invariant (with the bounds and the termination measure), every
player count and reading folded into one cell, and each counterexample drawn as the
position Z3 found, beside the path that reaches it in a real game."""
from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from .rst import esc, heading, list_table, lit

_MARK = {"proved": "✓", "counterexample": "✗"}


def _recorded() -> tuple[dict[str, str], Any] | None:
    try:
        from proofs import obligations
    except ImportError:  # a build without the proofs: the section is left out
        return None
    return obligations.expected(), obligations


def _seat_name(i: int) -> str:
    """A player as the docs count them, once round the table."""
    return f"player {i + 1}"


def _matrix(game: str, ids: dict[str, str], ob: Any, variant: str | None = None) -> str:
    by_cell: dict[tuple[str, str], list[str]] = defaultdict(list)
    for o in ob.obligations(game, readings=False):
        if o.variant == variant:
            by_cell[o.move, o.invariant].append(o.id)
    for oid, status in ids.items():
        for (move, inv), members in by_cell.items():
            if any(oid.startswith(m + "-") for m in members) and oid not in members:
                members.append(oid)
    moves = list(dict.fromkeys(m for m, _ in by_cell))
    invs = list(dict.fromkeys(i for _, i in by_cell))
    rows = []
    for move in moves:
        row = [lit(move)]
        for inv in invs:
            members = by_cell.get((move, inv), [])
            failed = [m for m in members if ids.get(m) == "counterexample"]
            row.append("" if not members else
                       f"✗ {len(failed)} of {len(members)}" if failed else
                       f"✓ {len(members)}")
        rows.append(row)
    return list_table(["move / branch", *invs], rows,
                      title=f"{game}{f' ({variant})' if variant else ''}: obligations by"
                            " move and invariant")


def _position(counts: dict[str, Any], seat_fields: set[str]) -> str:
    """A counterexample's counts: one row a count kept per seat, one column a seat."""
    per_seat: dict[str, dict[int, Any]] = defaultdict(dict)
    single = []
    for key, val in counts.items():
        row, _, seat = key.rpartition("[")
        if key.partition("[")[0] in seat_fields:
            per_seat[row][int(seat[:-1])] = val
        else:
            single.append(f"{lit(key)} = {val}")
    seats = sorted({i for row in per_seat.values() for i in row})
    table = list_table(["count", *map(_seat_name, seats)],
                       [[lit(name), *(str(row.get(i, "")) for i in seats)]
                        for name, row in per_seat.items()])
    return table + "\n" + ", ".join(single) + "\n\n"


def _counterexamples(game: str, ids: dict[str, str], ob: Any) -> str:
    from proofs import counterexamples

    seat_fields = {f.name for f in ob.model(game).fields if f.by_seat}
    out = ""
    for f in counterexamples.FINDINGS:
        if f.game != game:
            continue
        hits = sorted(i for i, s in ids.items() if s == "counterexample" and f.matches(i))
        if not hits:
            continue
        (v,) = ob.run(game, only=hits[0])
        path = counterexamples.scenario_path(f, v.obligation.players, v.obligation.variant)
        steps = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
        out += (f"**{esc(f.key)}** ({f.kind}, {len(hits)} obligations, e.g. "
                f"{lit(hits[0])}): {esc(f.what)}. The position Z3 found:\n\n"
                + _position(v.counts, seat_fields)
                + f"A real game reaches it in {steps} actions: {lit(path.name)}.\n\n")
    return out


def section() -> str:
    """The reST of the section (empty when the proofs are not part of this build)."""
    got = _recorded()
    if got is None:
        return ""
    ids, ob = got
    out = heading("Every move against every invariant", "=")
    out += ("Each branch of each move (its effect in one case: a card in mid-trick, the "
            "end of a trick, of a round, of the game) is proved, on the counts each state "
            "keeps, to keep each invariant, the declared bounds, and to lower the "
            "termination measure; each set-up to satisfy every invariant; and every "
            "unfinished position to leave a move (``playable``). A cell counts the "
            "obligations of all player counts and readings; a reading no function of the "
            "cell reads shares the default's proof. ``fruitspec prove GAME --obligation "
            "ID`` reruns one.\n\n")
    for game in ob.MODELS:
        out += heading(game, "-") + _matrix(game, ids, ob)
        for variant in sorted({v for v, _ in ob.configurations(game)} - {None}):
            out += _matrix(game, ids, ob, variant)  # a variant with a model of its own
        out += _counterexamples(game, ids, ob)
    return out
