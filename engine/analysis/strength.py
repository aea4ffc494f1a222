"""How well an agent plays, and how much a reading matters between agents that play well.

* :func:`head_to_head` — one agent against copies of another, the agent's seat rotating
  over the games (so first-seat advantage cancels out), with Wilson 95% intervals.
* :func:`reading_impact` — the same deals under each reading of an option, played by the
  given agents: change of mean scores, of the winners and of the first seat's win rate,
  each with a 95% interval.

Run ``python -m engine.analysis.strength GAME --agent ismcts:20 --vs greedy -n 200`` to measure.

>>> import engine
>>> r = head_to_head(engine.load("fruit-passion", players=1, variant="solo"),
...                  "greedy", "random", n=4)
>>> r["games"], 0.0 <= r["win_rate"] <= 1.0
(4, True)
"""
from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any, Mapping, Sequence

from engine.analysis.agents import _play, get_agent, seat_agents
from engine.core.game import Game, load
from engine.analysis.simulate import _resolve, game_seed, wilson

_Z95 = 1.959963984540054


def head_to_head(game: Game, agent: str, opponent: str, n: int, seed: int = 0
                 ) -> dict[str, Any]:
    """``agent`` in one seat (seat ``i % players`` in game ``i``), ``opponent`` elsewhere.

    A win shared by k seats counts 1/k. Also reports the seconds per game, by the clock
    and in CPU time (the fair measure on a shared machine).
    """
    me, other = get_agent(agent), get_agent(opponent)
    wins = 0.0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(n):
        seat = i % game.players
        seats = [me if j == seat else other for j in range(game.players)]
        rec = _play(game, seats, game_seed(seed, i), None, False, False)
        if seat in rec.winners:
            wins += 1.0 / len(rec.winners)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    low, high = wilson(wins, n)
    return {"game": game.name, "players": game.players, "variant": game.variant,
            "agent": me.name, "opponent": other.name, "games": n, "seed": seed,
            "wins": wins, "win_rate": round(wins / n, 6) if n else 0.0,
            "ci95": [low, high], "seconds_per_game": round(elapsed / n, 3) if n else None,
            "cpu_seconds_per_game": round(cpu / n, 3) if n else None}


def _mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """Mean and normal-approximation 95% interval of paired differences."""
    m = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    half = _Z95 * sd / math.sqrt(len(values)) if values else 0.0
    return {"mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)]}


def reading_impact(game: str | Game, option: str, n: int, agents: Sequence[str] | str,
                   seed: int = 0, players: int | None = None, variant: str | None = None,
                   options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play the same ``n`` deals (same seeds) under every reading of ``option``.

    For each reading other than the default: the mean change of every seat's score, the
    share of deals whose winners change, and the change of seat 0's win rate (first-seat
    advantage), each with a 95% interval (paired normal for means, Wilson for shares).
    """
    base = _resolve(game, players, options, variant)
    known = {o.name: o for o in base.spec.options_for(base.variant)}
    opt = known.get(option) or next((o for o in known.values() if o.id == option), None)
    if opt is None:
        from spec.common.errors import ConfigError
        raise ConfigError(f"{base.name} has no option {option!r}")
    default = base.options[opt.name]
    readings = [default] + [v for v in opt.values if v != default]
    games = {r: _resolve(base, None, {opt.name: r}, None) for r in readings}
    names = [agents] if isinstance(agents, str) else list(agents)
    seats = seat_agents(names, base.players)
    recs = {r: [_play(games[r], seats, game_seed(seed, i), None, False, False)
                for i in range(n)] for r in readings}

    def share(winners: Sequence[int]) -> float:  # seat 0's share of a win (solo: 0 or 1)
        return 1.0 / len(winners) if 0 in winners else 0.0

    def first_seat(rs: list) -> float:
        return sum(share(x.winners) for x in rs)

    ref = recs[default]
    out = []
    for r in readings[1:]:
        rs = recs[r]
        changed = sum(sorted(a.winners) != sorted(b.winners) for a, b in zip(rs, ref))
        rescored = sum(a.scores != b.scores for a, b in zip(rs, ref))
        firsts = [share(a.winners) - share(b.winners) for a, b in zip(rs, ref)]
        out.append({
            "reading": r, "vs": default,
            "score_change": [_mean_ci([a.scores[j] - b.scores[j] for a, b in zip(rs, ref)])
                             for j in range(base.players)],
            "winner_changes": {"rate": round(changed / n, 4), "ci95": list(wilson(changed, n))},
            "score_changes": {"rate": round(rescored / n, 4), "ci95": list(wilson(rescored, n))},
            "first_seat_win_rate": {"reading": round(first_seat(rs) / n, 4),
                                    "default": round(first_seat(ref) / n, 4),
                                    "change": _mean_ci(firsts)},
        })
    return {"game": base.name, "players": base.players, "variant": base.variant,
            "option": opt.name, "id": opt.id, "default": default,
            "agents": [a.name for a in seats], "games": n, "seed": seed, "readings": out}


def add_impact(entries: list[dict[str, Any]], n: int, agents: str | Sequence[str],
               seed: int = 0) -> list[dict[str, Any]]:
    """Fill each register entry's ``impact`` with :func:`reading_impact` by ``agents``
    (``"ismcts:20,greedy"``: one per seat, cycled), in the register's own format plus the
    intervals."""
    import spec as _specs

    names = agents.split(",") if isinstance(agents, str) else list(agents)
    for e in entries:
        opt = _specs.get(e["game"]).catalogue.option(e["id"])
        variant = opt.variants[0] if opt.variants else None
        r = reading_impact(e["game"], opt.name, n, names, seed=seed, variant=variant)
        e["impact"] = {
            "games": n, "variant": variant, "agents": r["agents"], "players": r["players"],
            "readings": {x["reading"]: {"winner_differs": x["winner_changes"]["rate"],
                                        "scores_differ": x["score_changes"]["rate"], **x}
                         for x in r["readings"]}}
    return entries


def render_impact(entries: list[dict[str, Any]], console: Any) -> None:
    """The impact of each reading, with 95% intervals, as one table."""
    from rich.table import Table

    rows = [(e, value, v) for e in entries for value, v in e.get("impact", {})
            .get("readings", {}).items() if "score_change" in v]
    if not rows:
        return
    first = rows[0][0]["impact"]
    t = Table(title=f"impact of each reading over {first['games']} same deals"
                    f" ({', '.join(first['agents'])})", title_justify="left")
    for col in ("id", "reading", "winner changes", "seat 0 score change",
                "seat 0 win rate change"):
        t.add_column(col)
    for e, value, v in rows:
        w, sc, fs = v["winner_changes"], v["score_change"][0], v["first_seat_win_rate"]["change"]
        t.add_row(e["id"], value, f"{w['rate']:.0%} [{w['ci95'][0]:.0%}, {w['ci95'][1]:.0%}]",
                  f"{sc['mean']:+.2f} [{sc['ci95'][0]:+.2f}, {sc['ci95'][1]:+.2f}]",
                  f"{fs['mean']:+.2f} [{fs['ci95'][0]:+.2f}, {fs['ci95'][1]:+.2f}]")
    console.print(t)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m engine.analysis.strength",
                                description="win rate of an agent against another")
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--variant")
    p.add_argument("--agent", default="ismcts")
    p.add_argument("--vs", default="greedy")
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    r = head_to_head(load(a.game, players=a.players, variant=a.variant), a.agent, a.vs, a.n,
                     a.seed)
    low, high = r["ci95"]
    print(f"{r['game']} {r['players']}p {r['variant'] or 'base'}: {r['agent']} vs {r['opponent']}"
          f" win rate {r['win_rate']:.3f} [{low:.3f}, {high:.3f}] over {r['games']} games,"
          f" {r['seconds_per_game']} s/game ({r['cpu_seconds_per_game']} s CPU)")


if __name__ == "__main__":
    main()
