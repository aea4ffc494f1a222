"""The named metrics of a set of games, after Ludii's (``Evaluation/src/metrics/``).

Each metric is a mean over games of a per-game figure, with a Student 95% interval,
except ``balance``, a function of the seats' win rates, whose interval is a percentile
bootstrap (paired with the default's games when it is a difference). The definitions,
with how each reads a real-time phase and hidden stacks, are on the docs page
"Design report: the metrics"; in brief (``docs/guide/report_metrics.rst``):

* ``advantage`` — the first seat's share of wins (a win shared by k seats counts 1/k);
  ``seats`` gives every seat's;
* ``balance`` — 1 minus the gap between the best and the worst seat's win rate;
* ``completion`` — the share of games that end before the length cap;
* ``drawishness`` — the share of games that end with a shared win or no winner;
* ``decision_moves`` — the share of a game's actions taken among two or more options;
* ``branching_factor`` — the acting seat's options per action;
* ``lead_change`` — how often the sole leader by running score changes, per action;
* ``drama`` — the eventual winner's mean shortfall behind the leader where it trailed,
  as a share of the final score spread;
* ``decisiveness`` — the share of the game played after the eventual winner took the
  lead for good;
* ``duration`` — actions per game; ``score_spread`` — best minus worst final score;
* ``score_shift``, ``winner_change`` — of a reading against the default, on the same deals.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, Sequence

from engine.analysis.report.play import GameRecord
from engine.analysis.report.stats import Estimate, mean_ci, paired

BOOTSTRAP = 400
PerGame = Callable[[GameRecord], float]


def share(rec: GameRecord, seat: int) -> float:
    """The seat's share of the game's win (1/k of a win shared by k seats)."""
    return 1.0 / len(rec.winners) if seat in rec.winners else 0.0


def _decisiveness(r: GameRecord) -> float:
    return (r.length - r.decided_at) / r.length if r.length and len(r.winners) == 1 else 0.0


PER_GAME: dict[str, PerGame] = {
    "advantage": lambda r: share(r, 0),
    "completion": lambda r: float(r.completed),
    "drawishness": lambda r: float(len(r.winners) != 1),
    "decision_moves": lambda r: r.decisions / r.length if r.length else 0.0,
    "branching_factor": lambda r: r.options / r.length if r.length else 0.0,
    "lead_change": lambda r: r.lead_changes / max(1, r.length - 1),
    "drama": lambda r: r.drama,
    "decisiveness": _decisiveness,
    "duration": lambda r: float(r.length),
    "score_spread": lambda r: float(max(r.scores) - min(r.scores)) if r.scores else 0.0,
}


#: the range each per-game figure can take (so its interval is held inside it); a
#: difference of two figures of range [lo, hi] lies in [lo - hi, hi - lo]
RANGE: dict[str, tuple[float, float]] = {
    "advantage": (0.0, 1.0), "completion": (0.0, 1.0), "drawishness": (0.0, 1.0),
    "decision_moves": (0.0, 1.0), "lead_change": (0.0, 1.0), "decisiveness": (0.0, 1.0),
    "drama": (0.0, math.inf), "branching_factor": (0.0, math.inf),
    "duration": (0.0, math.inf), "score_spread": (0.0, math.inf), "balance": (0.0, 1.0),
}


def _of(name: str, e: Estimate) -> Estimate:
    return e.within(*RANGE[name])


def _delta(name: str, e: Estimate) -> Estimate:
    lo, hi = RANGE[name]
    return e.within(lo - hi, hi - lo)


def _balance(recs: Sequence[GameRecord], idx: Sequence[int], players: int) -> float:
    if players < 2:
        return 1.0
    rates = [sum(share(recs[i], s) for i in idx) / len(idx) for s in range(players)]
    return 1.0 - (max(rates) - min(rates))


def _bootstrap(stat: Callable[[Sequence[int]], float], n: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    draws = sorted(stat([rng.randrange(n) for _ in range(n)]) for _ in range(BOOTSTRAP))
    return draws[int(0.025 * BOOTSTRAP)], draws[int(0.975 * BOOTSTRAP) - 1]


def balance(recs: Sequence[GameRecord], players: int, seed: int = 0) -> Estimate:
    every = range(len(recs))
    value = _balance(recs, every, players)
    low, high = _bootstrap(lambda idx: _balance(recs, idx, players), len(recs), seed)
    return Estimate(value, min(low, value), max(high, value), 1.0, len(recs))


def balance_delta(recs: Sequence[GameRecord], base: Sequence[GameRecord], players: int,
                  seed: int = 0) -> Estimate:
    """The change of balance, the bootstrap drawing the same deals for both."""
    def stat(idx: Sequence[int]) -> float:
        return _balance(recs, idx, players) - _balance(base, idx, players)

    value = stat(range(len(recs)))
    low, high = _bootstrap(stat, len(recs), seed)
    return Estimate(value, min(low, value), max(high, value), 1.0, len(recs))


def seat_shares(recs: Sequence[GameRecord], seat: int) -> list[float]:
    return [share(r, seat) for r in recs]


def endings(recs: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """How often each ending (the clause of a game's last event) fired."""
    counts = Counter(r.ending for r in recs)
    return {k: mean_ci([float(r.ending == k) for r in recs]).within(0.0, 1.0).to_json()
            for k in sorted(counts)}


def describe(recs: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """Every named metric of ``recs``, each ``{"value", "ci95"}``."""
    out: dict[str, Any] = {k: _of(k, mean_ci([f(r) for r in recs])).to_json()
                           for k, f in PER_GAME.items()}
    out["advantage"]["seats"] = [_of("advantage", mean_ci(seat_shares(recs, s))).to_json()
                                 for s in range(players)]
    out["balance"] = _of("balance", balance(recs, players)).to_json()
    return out


def compare(recs: Sequence[GameRecord], base: Sequence[GameRecord], players: int
            ) -> dict[str, Any]:
    """The metrics of ``recs`` with each one's ``delta`` against ``base``, deal by deal."""
    out = describe(recs, players)
    for k, f in PER_GAME.items():
        out[k]["delta"] = _delta(k, paired([f(r) for r in recs],
                                           [f(b) for b in base])).to_json()
    out["balance"]["delta"] = _delta("balance", balance_delta(recs, base, players)).to_json()
    shifts = [paired([r.scores[s] for r in recs], [b.scores[s] for b in base])
              for s in range(players)]
    out["score_shift"] = {**shifts[0].to_json(), "seats": [e.to_json() for e in shifts]}
    changed = [float(sorted(r.winners) != sorted(b.winners)) for r, b in zip(recs, base)]
    out["winner_change"] = mean_ci(changed).within(0.0, 1.0).to_json()
    return out
