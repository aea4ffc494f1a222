"""``fruitspec report GAME``: does each reading matter, and how much does each clause?

The surface is the contract's "Design report": every reading against the default on the
same deals, a null baseline, restricted play per clause; ``--json`` for the data,
``--html DIR`` for a page with the forest plot and the clause chart.
"""
from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path
from typing import Any, Callable

import spec as _specs
from spec.common.errors import FruitspecError

from engine.analysis.report import words


def _share(text: str) -> float:
    """A share given as points (8) or as a fraction (0.08)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    v = v / 100 if v >= 1 else v
    if not 0 < v < 1:
        raise argparse.ArgumentTypeError(f"must lie between 0 and 100 points, not {text!r}")
    return v


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not v > 0:
        raise argparse.ArgumentTypeError(f"the budget must be positive, not {text!r}")
    return v


def add_report_arguments(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("game", metavar="GAME", help="the game whose readings are compared")
    sp.add_argument("--players", type=int, metavar="N",
                    help="one seat count (default: the usual one, and every count where a"
                         " reading changes which cards take part)")
    sp.add_argument("--variant", metavar="V",
                    help="a variant of the game (`fruitspec games` lists them)")
    sp.add_argument("--option", action="append", metavar="K=V",
                    help="a reading every row plays under (repeatable)")
    sp.add_argument("--readings", metavar="ID,...", help="only these register entries")
    sp.add_argument("--agents", default="greedy", metavar="SPEC",
                    help="agents in the seats, cycled (default: %(default)s)")
    sp.add_argument("--tolerance", type=_share, default=0.08, metavar="T",
                    help="a change smaller than this is no difference (points; default 8)")
    sp.add_argument("--half-width", type=_share, default=0.05, metavar="H",
                    help="sample a row until its intervals are this narrow (points; default 5)")
    sp.add_argument("--budget", type=_seconds, default=1200.0, metavar="SECONDS",
                    help="CPU seconds for the whole report (default: %(default)s)")
    sp.add_argument("--workers", type=int, default=1, metavar="W", help="worker processes")
    sp.add_argument("--cluster", metavar="ADDRESS",
                    help="run on Dask: 'local', 'local-threads' or a scheduler address")
    sp.add_argument("--html", metavar="DIR", help="write a page with the pictures into DIR")


def _progress(args: argparse.Namespace) -> Any:
    """A rich progress bar of rows done on a terminal; nothing with --json or a pipe."""
    if args.json or not sys.stderr.isatty():
        return None
    from rich.console import Console
    from rich.progress import MofNCompleteColumn, Progress

    bar = Progress(*Progress.get_default_columns(), MofNCompleteColumn(), transient=True,
                   console=Console(stderr=True))
    return bar


def _wanted(game: str, readings: str | None) -> list[str] | None:
    """The register entries named by ``--readings`` (each checked), or None for all."""
    if not readings:
        return None
    from engine.analysis.ambiguities import options_of

    known = {o.id for o in options_of(game)} | {o.name for o in options_of(game)}
    wanted = [r.strip() for r in readings.split(",") if r.strip()]
    unknown = [r for r in wanted if r not in known]
    if unknown or not wanted:
        raise FruitspecError(f"{game} has no register entry {', '.join(unknown) or readings}"
                             f" (`fruitspec ambiguities {game}` lists them)")
    return wanted


def cmd_report(args: argparse.Namespace) -> int:
    from engine.analysis.report.build import report
    from engine.analysis.report.run import Settings
    from engine.cli.main import _check_cluster, _options

    _check_cluster(args.cluster)
    if args.workers < 1:
        raise FruitspecError(f"--workers must be at least 1, not {args.workers}")
    if args.game not in _specs.available():
        raise FruitspecError(f"unknown game {args.game!r} (games: {', '.join(_specs.available())})")
    # the skill ladder and the small positions take their part of the budget
    settings = Settings(agents=args.agents, tolerance=args.tolerance,
                        half_width=args.half_width, budget=args.budget,
                        workers=args.workers, cluster=args.cluster, seed=0,
                        first=max(10, min(50, int(args.budget * 5))),
                        ladder_games=max(2, min(30, int(args.budget / 40))),
                        exact_games=max(20, min(300, int(args.budget / 4))))
    wanted = _wanted(args.game, args.readings)
    bar = _progress(args)
    update: Callable[[int, int, str], None] | None = None
    if bar is not None:
        bar.start()
        task = bar.add_task(f"report of {args.game}", total=None)

        def update(done: int, total: int, what: str) -> None:
            bar.update(task, completed=done, total=total, description=what)
    try:
        data = report(args.game, players=args.players, variant=args.variant,
                      options=_options(args.option), readings=wanted, settings=settings,
                      progress=update)
    finally:
        if bar is not None:
            bar.stop()
    if args.html:
        print(f"report page written to {write_html(data, Path(args.html))}", file=sys.stderr)
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        render(data)
    return 0


def render(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    base = data["baseline"]
    con.print(f"{data['game']}, {data['players']} players, agents {data['agents']}:"
              f" the default against itself over {base['games']} deals reads"
              f" {base['verdict']} (winners change in"
              f" {100 * base['metrics']['winner_change']['value']:.0f}% of deals from the"
              " agents' luck alone)")
    t = Table(title="readings against the default", title_justify="left")
    for col in ("entry", "reading", "players", "verdict", "largest win-rate change",
                "deals", "stopped"):
        t.add_column(col)
    for r in data["readings"]:
        seat, e = words.largest_win_change(r)
        t.add_row(r["option"], f"{r['name']}={r['reading']}", str(r["players"]),
                  r["verdict"] + (f" ({r['equivalent']})" if r["equivalent"] else ""),
                  f"{words.player(seat)} {words.interval(e)}", str(r["games"]),
                  words.stopped(r["stopped"]))
    con.print(t)
    c = Table(title="restricted play: a player barred from each clause", title_justify="left")
    for col in ("clause", "played in", "verdict", "win-rate change", "used per game", "deals"):
        c.add_column(col)
    for r in data["clauses"]:
        f = r["fires_per_game"]
        where = ", ".join([f"{r['players']} players"] + ([r["variant"]] if r.get("variant") else [])
                          + [f"{k}={v}" for k, v in (r.get("options") or {}).items()])
        c.add_row(r["clause"], where, r["verdict"], words.interval(r["restricted"]),
                  f"{f['value']:.1f}", str(r["games"]))
    con.print(c)


def write_html(data: dict[str, Any], folder: Path) -> Path:
    """A self-contained page (no script, no network) with both pictures."""
    from engine.analysis.report.plots import forest, importance

    folder.mkdir(parents=True, exist_ok=True)
    forest(data, folder / "forest.svg")
    importance(data, folder / "clauses.svg")
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(r['option'])}</td><td>{e(r['name'])}={e(r['reading'])}</td>"
        f"<td>{r['players']}</td><td>{e(r['verdict'])}</td>"
        f"<td>{e(words.interval(words.largest_win_change(r)[1]))}</td><td>{r['games']}</td></tr>"
        for r in data["readings"])
    page = (f"<!doctype html><meta charset='utf-8'><title>{e(data['game'])}: design report</title>"
            f"<h1>{e(data['game'])}: does each reading matter?</h1>"
            f"<p>Agents {e(data['agents'])}; tolerance {100 * data['tolerance']:.0f} points.</p>"
            "<img src='forest.svg' alt='forest plot of every reading'>"
            "<table><tr><th>entry</th><th>reading</th><th>players</th><th>verdict</th>"
            f"<th>largest win-rate change</th><th>deals</th></tr>{rows}</table>"
            "<h2>Restricted play</h2><img src='clauses.svg' alt='clause importance'>")
    out = folder / "index.html"
    out.write_text(page, encoding="utf-8")
    return out
