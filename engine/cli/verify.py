"""`fruitspec verify`: the proofs, the ambiguity register and the explorations, together."""
from __future__ import annotations

import functools
import time
from typing import Any

import spec as _specs

#: worker processes for the obligations and the sampled games (the budget is two cores)
JOBS = 2


def _proofs() -> list[dict[str, Any]]:
    from proofs import runner

    rows = []
    for r in runner.run():
        rows.append({"game": r.game, "check": f"prove {r.id}", "ok": r.ok,
                     "result": r.status + ("" if r.ok else f" (expected {r.expected})"),
                     "seconds": round(r.seconds, 3)})
    return rows


def _obligations() -> list[dict[str, Any]]:
    """Every move x invariant obligation under every reading, one row a game."""
    from collections import Counter

    from proofs import obligations

    rows = []
    for game in obligations.MODELS:
        t0 = time.perf_counter()
        verdicts = obligations.run(game, readings=True, jobs=JOBS)
        counts = Counter(v.status for v in verdicts)
        bad = [v.obligation.id for v in verdicts if not obligations.as_expected(v)]
        result = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
        rows.append({"game": game, "check": "obligations", "ok": not bad,
                     "result": result + (f"; not as expected: {', '.join(bad[:5])}"
                                         if bad else ""),
                     "seconds": round(time.perf_counter() - t0, 3)})
    return rows


def _bounds_and_agreement(games: int = 100) -> list[dict[str, Any]]:
    """Per reading, ``games`` random full games within the declared bounds; and the model
    on counts agreeing with the engine on play-outs of every player count. Each row's
    games are shared out to the worker processes whole."""
    from proofs import obligations

    tasks: list[tuple[str, int, dict[str, str] | None]] = []
    for game in obligations.MODELS:
        sp = _specs.get(game)
        readings = [None] + [{o.name: r.value} for o in sp.catalogue.options
                             for r in o.readings if r.value != o.default]
        tasks += [(game, k, options) for k, options in enumerate(readings)]
        tasks.append((game, -1, None))  # -1: the agreement row, after the game's bounds
    return obligations.in_processes(functools.partial(_sampled, games=games), tasks, JOBS)


def _sampled(task: tuple[str, int, dict[str, str] | None], games: int) -> dict[str, Any]:
    """The bounds row of the ``k``-th reading of a game, or (``k`` = -1) its agreement row."""
    from proofs import agreement, obligations

    game, k, options = task
    sp = _specs.get(game)
    sizes = obligations.configurations(game)
    t0 = time.perf_counter()
    if k < 0:
        walks = [agreement.playouts(game, games=5, players=n, seed=n, variant=v)
                 for v, n in sizes]
        bad = [p for w in walks for p in w.problems]
        return {"game": game, "check": "counts agree", "ok": not bad,
                "result": bad[0] if bad else f"{sum(w.steps for w in walks)} steps",
                "seconds": round(time.perf_counter() - t0, 3)}
    found = [agreement.bounds_sample(game, n, _of(sp, v, options), games=games // len(sizes),
                                     seed=1000 * k + n, variant=v) for v, n in sizes]
    bad = [p for f in found for p in f.problems]
    name = "defaults" if options is None else ", ".join(f"{a}={b}" for a, b in options.items())
    return {"game": game, "check": f"bounds {name}", "ok": not bad,
            "result": bad[0] if bad else f"{sum(f.states for f in found)} states within the"
                                         " bounds",
            "seconds": round(time.perf_counter() - t0, 3)}


def _of(sp: Any, variant: str | None, options: dict[str, str] | None) -> dict[str, str] | None:
    """The options a variant has (a reading of a base-game option leaves a variant at
    its defaults)."""
    known = {o.name for o in sp.options_for(variant)}
    return {k: v for k, v in (options or {}).items() if k in known} or None


def _ambiguities() -> list[dict[str, Any]]:
    from engine.analysis.ambiguities import register

    rows = []
    for e in register():
        t0 = time.perf_counter()
        ok = bool(e.get("parts_ways"))
        result = (f"every reading parts from the default ({', '.join(e['differs_in'])})"
                  if ok else "no witness" if not e.get("witness") else
                  "on its witness the default agrees with "
                  + ", ".join(e.get("agreeing") or ["every reading"]))
        rows.append({"game": e["game"], "check": f"ambiguity {e['id']}", "ok": ok,
                     "result": result, "seconds": round(time.perf_counter() - t0, 3)})
    return rows


def _explorations(thorough: bool = False) -> list[dict[str, Any]]:
    from engine.analysis.explore import explore_all

    rows = []
    for r in explore_all(small=not thorough):
        ok = not r["violations"]
        rows.append({"game": r["game"], "check": f"explore {r.get('config') or ''}".strip(),
                     "ok": ok, "result": f"{r['states']} states"
                     + ("" if r.get("complete", True) else " (bounded)")
                     + ("" if ok else f", {len(r['violations'])} violations"),
                     "seconds": round(r["seconds"], 3)})
    return rows


def verify(progress: bool = False, thorough: bool = False) -> dict[str, Any]:
    """Every check; ``thorough`` explores every configuration whole, not at small size."""
    rows: list[dict[str, Any]] = []
    for part in (_proofs, _obligations, _bounds_and_agreement, _ambiguities):
        rows.extend(part())
    rows.extend(_explorations(thorough))
    return {"games": _specs.available(), "rows": rows,
            "ok": bool(rows) and all(r["ok"] for r in rows),
            "checks": len(rows), "failed": sum(not r["ok"] for r in rows)}


def render(data: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    t = Table(title="fruitspec verify")
    for col in ("game", "check", "result", "s"):
        t.add_column(col, overflow="fold")
    for r in data["rows"]:
        mark = "[green]ok[/green] " if r["ok"] else "[red]FAIL[/red] "
        t.add_row(r["game"], r["check"], mark + r["result"], f"{r['seconds']:.2f}")
    console.print(t)
    console.print(f"{data['checks']} checks, {data['failed']} failed")
