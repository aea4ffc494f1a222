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

from typing import Any, Sequence

from engine.analysis.agents import Agent, get_agent, seat_agents
from engine.analysis.report.metrics import share
from engine.analysis.report.play import play
from engine.analysis.report.stats import Estimate, mean_ci, paired
from engine.analysis.simulate import game_seed

RUNGS = ("ismcts:1", "ismcts:2", "ismcts:4", "ismcts:8")


def _seat_share(game: Any, seats: list[Agent], seed: int, seat: int) -> float:
    return share(play(game, seats, game.new(seed=seed), seed), seat)


def edge(game: Any, strong: str, weak: str, n: int, seed: int) -> Estimate:
    """How much ``strong`` in one seat beats ``weak`` (see the module's docstring)."""
    s, w = get_agent(strong), get_agent(weak)
    p = game.players
    if p == 1:
        return paired([_seat_share(game, [s], game_seed(seed, i), 0) for i in range(n)],
                      [_seat_share(game, [w], game_seed(seed, i), 0) for i in range(n)]
                      ).within(-1.0, 1.0)
    wins = []
    for i in range(n):
        seat = i % p
        seats = [s if j == seat else w for j in range(p)]
        wins.append(_seat_share(game, seats, game_seed(seed, i), seat) - 1.0 / p)
    return mean_ci(wins).within(-1.0 / p, 1.0 - 1.0 / p)


def skill_depth(game: Any, n: int, seed: int, rungs: Sequence[str] = RUNGS) -> dict[str, Any]:
    steps = [(hi, lo, edge(game, hi, lo, n, seed)) for lo, hi in zip(rungs, rungs[1:])]
    sure = sum(e.low > 0 for _, _, e in steps)
    maybe = sum(e.high > 0 for _, _, e in steps)
    return {"value": sure, "ci95": [sure, maybe], "games_per_rung": n,
            "ladder": [{"agent": hi, "against": lo, "edge": e.to_json()}
                       for hi, lo, e in steps]}


def chance_vs_skill(game: Any, n: int, seed: int, top: str = RUNGS[-1]) -> dict[str, Any]:
    p = game.players
    rand, skilled = get_agent("random"), get_agent(top)
    mine, chance = [], []
    for i in range(n):
        seat, sd = i % p, game_seed(seed, i)
        others = seat_agents(["random"], p)
        mine.append(_seat_share(game, [skilled if j == seat else others[j] for j in range(p)],
                                sd, seat))
        chance.append(_seat_share(game, [rand] * p, sd, seat))
    d = paired(mine, chance)
    room = max(1e-9, 1.0 - sum(chance) / n)
    ratio = Estimate(d.value / room, d.low / room, d.high / room, d.p, d.n).within(-1.0, 1.0)
    return {**ratio.to_json(), "games": n, "agent": top}
