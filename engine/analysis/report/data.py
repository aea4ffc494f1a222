"""The committed report data: one JSON file per game, with how it was made.

A full report takes CPU minutes, so it is computed once, stored here
(``engine/data/report/<game>.json``) and rendered by the docs build. Each file records the
command, the engine version, the seed, the agents, the budget, the games played, the CPU
seconds, and a digest of the game's spec: a page shows the data as *stale* when the spec
has changed since, and a reading the data do not cover as *pending*.

Recompute and store one game (``nice`` it on a shared machine)::

    nice -n 10 python -m engine.analysis.report.data tindahan --budget 1200
"""
from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import json
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

import spec as _specs

from engine.analysis.ambiguities import options_of
from engine.analysis.report.play import guarding

DIR = Path(__file__).resolve().parents[2] / "data" / "report"
_ROOT = Path(__file__).resolve().parents[3]
_SPEC = Path(_specs.__file__).resolve().parent


def path_of(game: str, folder: Path = DIR) -> Path:
    return folder / f"{game}.json"


# Modules only the proofs read (a model on counts, the declared bounds): editing them
# changes no game played, so it must not mark the report's data stale.
PROOF_ONLY = frozenset({"abstract.py", "bounds.py"})


def spec_digest(game: str) -> str:
    """SHA-256 of the sources the game's rules are written in (its package, the common
    vocabulary, the renaming of fruits), so a change of any rule changes it; the modules
    only the proofs read are left out."""
    files = sorted(_specs.package_dir(game).rglob("*.py")) + sorted(
        (_SPEC / "common").glob("*.py")) + [_SPEC / "renaming.py"]
    files = [f for f in files if f.name not in PROOF_ONLY]
    h = hashlib.sha256()
    for f in files:
        h.update(f.relative_to(_SPEC).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def version() -> str:
    """The package version and, in a git checkout, the commit it was computed at."""
    try:
        v = metadata.version("fruitspec")
    except metadata.PackageNotFoundError:
        v = "unknown"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=_ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{v} ({commit})" if commit else v


def made(report: dict[str, Any], command: str) -> dict[str, Any]:
    """The record of how ``report`` was made, stored beside it."""
    return {"command": command, "version": version(),
            "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d"),
            "seed": report["seed"], "agents": report["agents"], "budget": report["budget"],
            "half_width": report["half_width"], "tolerance": report["tolerance"],
            "games_played": report["games_played"], "cpu_seconds": report["cpu_seconds"],
            "spec_digest": spec_digest(report["game"])}


def save(report: dict[str, Any], command: str, folder: Path = DIR) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = path_of(report["game"], folder)
    p.write_text(json.dumps({"made": made(report, command), **report}, indent=1) + "\n",
                 encoding="utf-8")
    return p


def load(game: str, folder: Path = DIR) -> dict[str, Any] | None:
    p = path_of(game, folder)
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else None


def stale(data: dict[str, Any]) -> bool:
    return data["made"]["spec_digest"] != spec_digest(data["game"])


def pending(game: str, data: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The (register ID, reading) pairs of the spec the data have no row for."""
    have = {(r["option"], r["reading"]) for r in (data or {}).get("readings", [])}
    return [(o.id, v) for o in options_of(game) for v in o.values
            if v != o.default and (o.id, v) not in have]


def clauses_missing(game: str, data: dict[str, Any] | None) -> list[str]:
    """The clauses that grant or guard a move (restricted play bars them) without a row."""
    have = {r["clause"] for r in (data or {}).get("clauses", [])}
    return sorted(set(guarding(_specs.get(game))) - have)


def main(argv: Sequence[str] | None = None) -> None:
    from engine.analysis.report.build import report
    from engine.analysis.report.run import Settings

    p = argparse.ArgumentParser(prog="python -m engine.analysis.report.data",
                                description="compute and store one game's design report")
    p.add_argument("game")
    p.add_argument("--agents", default="greedy")
    p.add_argument("--budget", type=float, default=1200.0, help="CPU seconds")
    p.add_argument("--half-width", type=float, default=0.05)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ladder-games", type=int, default=30)
    p.add_argument("--rerun", metavar="AGENTS",
                   help="stronger agents for the rows screening leaves undecided (ismcts:8)")
    p.add_argument("--rerun-budget", type=float, default=0.0, help="their CPU seconds")
    p.add_argument("--out", type=Path, default=DIR, metavar="DIR",
                   help="where the JSON file goes (default: the committed data)")
    a = p.parse_args(argv)
    settings = Settings(agents=a.agents, budget=a.budget, half_width=a.half_width,
                        workers=a.workers, seed=a.seed, ladder_games=a.ladder_games,
                        rerun=a.rerun, rerun_budget=a.rerun_budget)
    data = report(a.game, settings=settings)
    command = (f"python -m engine.analysis.report.data {a.game} --agents {a.agents}"
               f" --budget {a.budget:g} --half-width {a.half_width:g}"
               + (f" --seed {a.seed}" if a.seed else "") + f" --ladder-games {a.ladder_games}"
               + (f" --rerun {a.rerun} --rerun-budget {a.rerun_budget:g}" if a.rerun else ""))
    print(save(data, command, a.out))


if __name__ == "__main__":
    main()
