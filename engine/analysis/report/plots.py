"""The report's two pictures, drawn with matplotlib (no network, no display).

* a forest plot: every reading's change of each seat's win rate against the default,
  with its 95% interval, the tolerance band shaded;
* clause importance: for each clause restricted play bars, the barred seat's change of
  win rate with its interval.

Both are SVG written with a fixed hash salt and no date, so the same data give the same
file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

from engine.analysis.report.words import player

matplotlib.use("Agg")  # before pyplot: a file, never a window
import matplotlib.pyplot as plt  # noqa: E402

matplotlib.rcParams["svg.hashsalt"] = "fruitspec-report"
_META = {"Date": None}
_COLOURS = ("#1f6f8b", "#c05c1c", "#4d8b31", "#7d4e9e", "#a0522d")


def _label(row: dict[str, Any]) -> str:
    return f"{row['option']} {row['name']}={row['reading']} ({row['players']}p)"


def _win_rates(row: dict[str, Any]) -> list[dict[str, Any]]:
    return [h for h in row["headline"] if h.get("what") == "win rate"]


def forest(report: dict[str, Any], path: Path) -> Path:
    """Every reading's win-rate change per seat, with intervals."""
    rows = report["readings"]
    tol = report["tolerance"]
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(rows) + 1.4))
    for y, row in enumerate(reversed(rows)):
        heads = _win_rates(row)
        for k, h in enumerate(heads):
            dy = (k - (len(heads) - 1) / 2) * 0.18
            lo, hi = h["ci95"]
            ax.plot([lo, hi], [y + dy, y + dy], color=_COLOURS[k % len(_COLOURS)], lw=1.4)
            ax.plot([h["value"]], [y + dy], "o", ms=3, color=_COLOURS[k % len(_COLOURS)])
    ax.axvspan(-tol, tol, color="#dddddd", zorder=0)
    ax.axvline(0, color="#555555", lw=0.8)
    ax.set_yticks(range(len(rows)), [_label(r) for r in reversed(rows)], fontsize=7)
    ax.set_xlabel("change of each player's win rate against the default (95% interval);"
                  " grey: the tolerance", fontsize=8)
    players = max((len(_win_rates(r)) for r in rows), default=0)
    for k in range(players):  # one colour a player, named by place at the table
        ax.plot([], [], color=_COLOURS[k % len(_COLOURS)], label=player(k))
    if players > 1:
        ax.legend(fontsize=7, loc="lower right")
    ax.set_ylim(-0.7, len(rows) - 0.3)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata=_META)
    plt.close(fig)
    return path


def importance(report: dict[str, Any], path: Path) -> Path:
    """The barred seat's win-rate change per clause (restricted play), as bars."""
    rows = report["clauses"]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.2))
    values = [r["restricted"]["value"] for r in rows]
    errs = [[r["restricted"]["value"] - r["restricted"]["ci95"][0] for r in rows],
            [r["restricted"]["ci95"][1] - r["restricted"]["value"] for r in rows]]
    ax.barh(range(len(rows)), values, xerr=errs, color="#1f6f8b", ecolor="#333333")
    ax.axvline(0, color="#555555", lw=0.8)
    ax.set_yticks(range(len(rows)), [f"{r['clause']} ({r['verdict']})" for r in rows],
                  fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("win-rate change of a player barred from the clause (95% interval)",
                  fontsize=8)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata=_META)
    plt.close(fig)
    return path
