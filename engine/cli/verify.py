"""`fruitspec verify`: the proofs, the ambiguity register and the explorations, together."""
from __future__ import annotations

import time
from typing import Any

import spec as _specs


def _proofs() -> list[dict[str, Any]]:
    from proofs import runner

    rows = []
    for r in runner.run():
        rows.append({"game": r.game, "check": f"prove {r.id}", "ok": r.ok,
                     "result": r.status + ("" if r.ok else f" (expected {r.expected})"),
                     "seconds": round(r.seconds, 3)})
    return rows


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
    for part in (_proofs, _ambiguities):
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
