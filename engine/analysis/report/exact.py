"""Exact figures on the explorer's small configurations, beside sampled ones.

Under uniformly random play (every legal action of the position equally likely, as the
random agent plays a real-time phase too: a seat is drawn in proportion to its actions),
the whole reachable tree of a small configuration is short enough to weigh exactly: the
distribution of the game's length, the expected number of options the acting seat has,
the chance of reaching an end at all, and how likely each ending is. Random play-outs from
the same position estimate the same figures; the report shows both, so the sampler is
checked where an exact answer exists.
"""
from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import spec as _specs

from engine.analysis.agents import RandomAgent
from engine.analysis.explore import _settings
from engine.analysis.report.play import play
from engine.analysis.report.stats import mean_ci

#: configurations with more reachable positions than this are left to the sampler
MAX_POSITIONS = 40_000


@dataclass
class _Weights:
    """Of the play from one position on: length distribution, options, endings."""

    lengths: dict[int, float] = field(default_factory=dict)
    options: float = 0.0  # expected options summed over the remaining actions
    endings: dict[str, float] = field(default_factory=dict)


class _TooLarge(Exception):
    pass


def _acting_options(legal: list[Any]) -> float:
    """The expected number of options of the seat that acts, the seat drawn by actions."""
    counts = Counter(a.player for a in legal)
    return sum(k * k for k in counts.values()) / len(legal)


def _weigh(game: Any, state: Any, memo: dict[Any, _Weights]) -> _Weights:
    if state in memo:
        return memo[state]
    if len(memo) >= MAX_POSITIONS:
        raise _TooLarge
    w = _Weights()
    legal = game.legal_actions(state)
    p = 1.0 / len(legal)
    w.options = _acting_options(legal)
    for a in legal:
        after, evs = game.step(state, a)
        if game.is_over(after):
            sub = _Weights(lengths={0: 1.0},
                           endings={evs[-1].rule if evs else "": 1.0})
        else:
            sub = _weigh(game, after, memo)
        for n, q in sub.lengths.items():
            w.lengths[n + 1] = w.lengths.get(n + 1, 0.0) + p * q
        for k, q in sub.endings.items():
            w.endings[k] = w.endings.get(k, 0.0) + p * q
        w.options += p * sub.options
    memo[state] = w
    return w


def exact(game: Any, start: Any) -> dict[str, Any] | None:
    """The exact figures from ``start`` under random play; None when the tree is large."""
    memo: dict[Any, _Weights] = {}
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        w = _weigh(game, start, memo)
    except _TooLarge:
        return None
    finally:
        sys.setrecursionlimit(limit)
    mean_length = sum(n * q for n, q in w.lengths.items())
    return {"positions": len(memo), "duration": round(mean_length, 4),
            "duration_range": [min(w.lengths), max(w.lengths)],
            "branching_factor": round(w.options / mean_length, 4),
            "completion": round(sum(w.lengths.values()), 6),
            "endings": {k: round(q, 4) for k, q in sorted(w.endings.items())}}


def sampled(game: Any, start: Any, n: int, seed: int) -> dict[str, Any]:
    """The same figures estimated from ``n`` random play-outs of ``start``."""
    agents = [RandomAgent()] * game.players
    recs = [play(game, list(agents), start, seed * 1_000_003 + i) for i in range(n)]
    dur = mean_ci([r.length for r in recs])
    endings = Counter(r.ending for r in recs)
    return {"games": n, "duration": dur.to_json(),
            "branching_factor": round(sum(r.options for r in recs)
                                      / max(1, sum(r.length for r in recs)), 4),
            "completion": round(sum(r.completed for r in recs) / n, 4),
            "endings": {k: round(c / n, 4) for k, c in sorted(endings.items())}}


def small_configurations(game: str, n: int = 300, seed: int = 0) -> list[dict[str, Any]]:
    """Exact beside sampled, for every small explorer configuration of ``game``."""
    out = []
    for name, c in _specs.get(game).explore_configs().items():
        if c.get("large"):
            continue
        g, s, setup = _settings(game, None, None, None, None, None, name)
        start = g.new(seed=s, setup=setup)
        ex = exact(g, start)
        row: dict[str, Any] = {"config": name, "players": g.players, "variant": g.variant,
                               "exact": ex, "sampled": sampled(g, start, n, seed)}
        if ex is not None:
            lo, hi = row["sampled"]["duration"]["ci95"]
            row["agrees"] = lo <= ex["duration"] <= hi
        out.append(row)
    return out
