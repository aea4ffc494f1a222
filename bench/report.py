"""The human-readable tables of ``bench/run.py`` (rich)."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def _n(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _met(ok: bool | None) -> str:
    return "-" if ok is None else ("[green]yes[/]" if ok else "[red]no[/]")


def speed_table(result: dict[str, Any]) -> Table:
    w = result["workload"]
    table = Table(title=f"fruitspec bench: engine ({result['build']}) against hand-written"
                        f" play-outs; CPU time, best of {w['best_of']}, {w['games']} games,"
                        f" Python {result['python']}")
    for col in ("game", "seats", "engine\nact/s", "play_game\nact/s", "hand\nact/s",
                "engine\n/ hand", "target\nact/s", "met", "act/game\nengine",
                "act/game\nhand"):
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for name, g in result["games"].items():
        hand = g.get("hand") or {}
        ratio = g.get("ratio_to_hand")
        table.add_row(name, str(g["players"]), _n(g["api"]["actions_per_second"]),
                      _n(g["play_game"]["actions_per_second"]),
                      _n(hand.get("actions_per_second")),
                      "-" if ratio is None else f"1/{1 / ratio:.1f}",
                      _n(g["targets"].get("actions_per_second")),
                      _met(g["met"].get("actions_per_second")),
                      str(g["api"]["actions_per_game"]),
                      str(hand.get("actions_per_game", "-")))
    return table


def explore_table(result: dict[str, Any]) -> Table:
    table = Table(title="explore: distinct states per second (CPU time)")
    for col in ("game", "configuration", "states", "complete", "states/s", "target\nstates/s",
                "met"):
        table.add_column(col, justify="left" if col in ("game", "configuration") else "right",
                         no_wrap=True)
    for name, g in result["games"].items():
        e = g.get("explore")
        if e is None:
            continue
        table.add_row(name, e["config"], _n(e["states"]), "yes" if e["complete"] else "no",
                      _n(e["states_per_second"]), _n(g["targets"].get("states_per_second")),
                      _met(g["met"].get("states_per_second")))
    return table


def profile_tables(name: str, prof: dict[str, Any]) -> list[Table]:
    parts = Table(title=f"{name}: where the API loop's time goes (cProfile,"
                        f" {prof['seconds']:.2f} s profiled)")
    parts.add_column("part")
    parts.add_column("seconds", justify="right")
    parts.add_column("share", justify="right")
    for part, secs in prof["parts"].items():
        parts.add_row(part, f"{secs:.3f}", f"{prof['shares'][part]:.0%}")
    top = Table(title=f"{name}: functions with the most own time")
    for col in ("function", "own seconds", "calls"):
        top.add_column(col, justify="left" if col == "function" else "right")
    for row in prof["top"]:
        top.add_row(row["function"], f"{row['own_seconds']:.3f}", _n(row["calls"]))
    return [parts, top]


def show(result: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console(width=max(Console().width, 120))
    console.print(speed_table(result))
    console.print(explore_table(result))
    for name, g in result["games"].items():
        if "profile" in g:
            for table in profile_tables(name, g["profile"]):
                console.print(table)
    if result["build"] == "compiled":
        console.print("compiled modules hide their insides from cProfile: profile the pure"
                      " build for the breakdown")
