"""Skill depth and chance versus skill (TAG's SkillLadder; its issue #98).

A ladder of the IS-MCTS agent with doubling simulation budgets: each rung plays the rung
below it, in one seat (turning round the seats over the deals) against copies of the
weaker rung elsewhere. A rung *climbs* when its edge (its share of wins above the fair
share, or above the weaker rung's on the same deals in a one-seat game) has a 95%
interval above 0. ``skill_depth`` is the number of rungs that climb; its interval counts
the rungs whose lower bound, and those whose upper bound, lie above 0.

``chance_vs_skill`` is the top rung in one seat against random agents, compared on the
same deals with a random agent in that seat: the gain in win share over the room the
random seat leaves, ``(skilled - random) / (1 - random)``. 1 when the skilled seat always
wins, 0 when skill buys nothing (pure chance), below 0 when the "skilled" seat does worse
than chance; the value and its interval are held inside [-1, 1] (a ratio whose
denominator is itself sampled can reach far past it on few games).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.analysis.agents import get_agent
from engine.analysis.report.metrics import share
from engine.analysis.report.play import play
from engine.analysis.report.stats import Estimate, mean_ci, paired
from engine.analysis.simulate import game_seed

RUNGS = ("ismcts:1", "ismcts:2", "ismcts:4", "ismcts:8")

#: one ladder game: the agent of each seat, the deal's seed, the seat whose share counts
Job = tuple[tuple[str, ...], int, int]
#: plays ladder games and returns each one's share, in order (inline, or on the workers)
Runner = Callable[[Sequence[Job]], list[float]]


def shares(game: Any, jobs: Sequence[Job]) -> list[float]:
    """Play each job's game (the agents' randomness seeded by the deal) and return the
    counted seat's share of the win."""
    out = []
    for names, sd, seat in jobs:
        agents = [get_agent(a) for a in names]
        out.append(share(play(game, agents, game.new(seed=sd), sd), seat))
    return out


def inline(game: Any) -> Runner:
    return lambda jobs: shares(game, jobs)


def _edge_jobs(p: int, strong: str, weak: str, n: int, seed: int) -> list[Job]:
    if p == 1:
        alone: list[Job] = [((strong,), game_seed(seed, i), 0) for i in range(n)]
        return alone + [((weak,), game_seed(seed, i), 0) for i in range(n)]
    return [(tuple(strong if j == i % p else weak for j in range(p)), game_seed(seed, i),
             i % p) for i in range(n)]


def _edge(p: int, n: int, got: Sequence[float]) -> Estimate:
    if p == 1:
        return paired(got[:n], got[n:]).within(-1.0, 1.0)
    return mean_ci([g - 1.0 / p for g in got]).within(-1.0 / p, 1.0 - 1.0 / p)


def edge(game: Any, strong: str, weak: str, n: int, seed: int,
         run: Runner | None = None) -> Estimate:
    """How much ``strong`` in one seat beats ``weak`` (see the module's docstring)."""
    p = game.players
    return _edge(p, n, (run or inline(game))(_edge_jobs(p, strong, weak, n, seed)))


def skill_depth(game: Any, n: int, seed: int, rungs: Sequence[str] = RUNGS,
                run: Runner | None = None) -> dict[str, Any]:
    p, pairs = game.players, list(zip(rungs, rungs[1:]))
    jobs = [_edge_jobs(p, hi, lo, n, seed) for lo, hi in pairs]
    got = (run or inline(game))([j for js in jobs for j in js])  # every rung in one batch
    steps, at = [], 0
    for (lo, hi), js in zip(pairs, jobs):
        steps.append((hi, lo, _edge(p, n, got[at:at + len(js)])))
        at += len(js)
    sure = sum(e.low > 0 for _, _, e in steps)
    maybe = sum(e.high > 0 for _, _, e in steps)
    return {"value": sure, "ci95": [sure, maybe], "games_per_rung": n,
            "ladder": [{"agent": hi, "against": lo, "edge": e.to_json()}
                       for hi, lo, e in steps]}


def chance_vs_skill(game: Any, n: int, seed: int, top: str = RUNGS[-1],
                    run: Runner | None = None) -> dict[str, Any]:
    p = game.players
    jobs = [(tuple(top if j == i % p else "random" for j in range(p)), game_seed(seed, i),
             i % p) for i in range(n)]
    jobs += [(("random",) * p, game_seed(seed, i), i % p) for i in range(n)]
    got = (run or inline(game))(jobs)
    mine, chance = got[:n], got[n:]
    d = paired(mine, chance)
    room = max(1e-9, 1.0 - sum(chance) / n)
    ratio = Estimate(d.value / room, d.low / room, d.high / room, d.p, d.n).within(-1.0, 1.0)
    return {**ratio.to_json(), "games": n, "agent": top}
