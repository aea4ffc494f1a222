"""The strong-agent impact table of the whole ambiguity register, stored with its making.

Playing every reading of every register entry with search agents takes tens of CPU
minutes, too long for a docs build, so the table is computed once and stored in
``engine/data/impact.json`` with, per game, the date, the command, the engine version, the
number of deals N and the agents. The register page renders the stored table; a test
checks it has a row for every entry and reading, so a new entry without one fails.

Recompute one game (its rows are replaced, the other games' kept)::

    python -m engine.analysis.impact_table tindahan --impact 24 --agents ismcts:10

Each row comes from :func:`engine.analysis.strength.reading_impact`: the same N deals (same seeds)
under the default and under the reading, every seat played by the agents.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import subprocess
import time
from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

import spec as _specs

from engine.analysis.ambiguities import options_of
from engine.analysis.strength import reading_impact

#: Where the table is stored (shipped with the package).
PATH = Path(__file__).parents[1] / "data" / "impact.json"
_ROOT = Path(__file__).resolve().parents[2]


def _version() -> str:
    """The package version and, in a git checkout, the commit the table was computed at."""
    try:
        version = metadata.version("fruitspec")
    except metadata.PackageNotFoundError:
        version = "unknown"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=_ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{version} ({commit})" if commit else version


def _row(r: dict[str, Any]) -> dict[str, Any]:
    """The facts the page shows of one reading against the default."""
    return {"vs": r["vs"], "winner_changes": r["winner_changes"],
            "score_change": r["score_change"],
            "first_seat_win_rate": r["first_seat_win_rate"]}


def measure(game: str, n: int, agents: Sequence[str], seed: int = 0) -> dict[str, Any]:
    """Every register entry of ``game`` played over ``n`` same deals under each reading."""
    rows: dict[str, Any] = {}
    for opt in options_of(game):
        variant = opt.variants[0] if opt.variants else None
        r = reading_impact(game, opt.name, n, list(agents), seed=seed, variant=variant)
        rows[opt.id] = {"game": game, "option": opt.name, "variant": variant,
                        "players": r["players"], "default": r["default"],
                        "agents": r["agents"],
                        "readings": {x["reading"]: _row(x) for x in r["readings"]}}
    return rows


def load_table(path: Path = PATH) -> dict[str, Any]:
    """The stored table (``runs`` per game, ``entries`` per ID); empty if none is stored."""
    if not path.exists():
        return {"runs": {}, "entries": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def write(games: Sequence[str], n: int, agents: str, seed: int = 0,
          path: Path = PATH) -> dict[str, Any]:
    """Recompute ``games``' rows and store them beside the other games' rows."""
    names = agents.split(",")
    table = load_table(path)
    for game in games:
        c0 = time.process_time()
        rows = measure(game, n, names, seed)
        table = load_table(path)  # as stored now: another run may have written meanwhile
        table["entries"] = {k: v for k, v in table["entries"].items() if v["game"] != game}
        table["entries"].update(rows)
        table["runs"][game] = {
            "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d"),
            "command": f"python -m engine.analysis.impact_table {game} --impact {n}"
                       f" --agents {agents} --seed {seed}",
            "version": _version(), "games": n, "agents": agents, "seed": seed,
            "cpu_seconds": round(time.process_time() - c0, 1)}
        table["entries"] = dict(sorted(table["entries"].items()))
        path.write_text(json.dumps(table, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return table


def missing(table: dict[str, Any]) -> list[str]:
    """Register entries and readings the table has no row for (``ID`` or ``ID=reading``),
    and rows whose game has no stored run."""
    out = []
    for game in _specs.available():
        for opt in options_of(game):
            row = table["entries"].get(opt.id)
            if row is None or row["option"] != opt.name:
                out.append(opt.id)
                continue
            out += [f"{opt.id}={v}" for v in opt.values
                    if v != row["default"] and v not in row["readings"]]
            if game not in table["runs"]:
                out.append(f"{opt.id} (no run of {game})")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m engine.analysis.impact_table",
                                description="store the strong-agent impact of every reading")
    p.add_argument("games", nargs="*", help="games to recompute (default: all)")
    p.add_argument("--impact", type=int, default=24, metavar="N", help="deals per reading")
    p.add_argument("--agents", default="ismcts:10", help="agents in the seats (cycled)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--table", type=Path, default=PATH, help="where the table is stored")
    a = p.parse_args(argv)
    table = write(a.games or _specs.available(), a.impact, a.agents, a.seed, a.table)
    gaps = missing(table)
    print(f"{len(table['entries'])} entries stored in {a.table}"
          + (f"; still missing: {', '.join(gaps)}" if gaps else ""))


if __name__ == "__main__":
    main()
