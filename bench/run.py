"""Fixed-workload benchmark of the engine through its public API; prints JSON.

For every present game: random play-outs (the same seeds every run) timed two ways --
the bare API loop (``legal_actions`` + ``step``) and :func:`engine.agents.play_game` --
and the explorer on the game's first named configuration. Targets (actions per second
of a random play-out, states per second of the explorer) are printed next to each figure.
Rates use the process's CPU time, so other load on the machine does not skew them.

    .venv/bin/python bench/run.py                # everything, JSON on stdout
    .venv/bin/python bench/run.py --quick        # a tenth of the work
    .venv/bin/python bench/run.py --game bastos --profile   # pyinstrument report in .bench/
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import engine
import spec
from engine.agents import get_agent, play_game
from engine.explore import explore

#: Random play-out actions per second the games should reach, and explorer states/s.
TARGETS = {
    "tindahan": {"actions_per_second": 100_000, "states_per_second": 50_000},
    "bastos": {"actions_per_second": 100_000, "states_per_second": 50_000},
    "fruit-passion": {"actions_per_second": 200_000},
    "tanuki-market": {},
}
GAMES = 300  # play-outs per game and loop (fixed seeds 0..GAMES-1)
EXPLORE_STATES = 50_000


def api_loop(game: engine.Game, seeds: range) -> tuple[int, float]:
    """Bare API: legal_actions, a uniform choice, step. Returns (actions, seconds)."""
    actions = 0
    t0 = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            state, _ = game.step(state, legal[rng.randrange(len(legal))])
            actions += 1
    return actions, time.process_time() - t0


def agent_loop(game: engine.Game, seeds: range) -> tuple[int, float]:
    agents = [get_agent("random")]
    actions = 0
    t0 = time.process_time()
    for seed in seeds:
        actions += play_game(game, agents, seed=seed).length
    return actions, time.process_time() - t0


def bench_game(name: str, n: int, states: int) -> dict[str, Any]:
    game = engine.load(name)
    seeds = range(n)
    api_loop(game, range(min(5, n)))  # warm up caches and imports
    out: dict[str, Any] = {"players": game.players, "games": n}
    acts, secs = api_loop(game, seeds)
    out["api"] = {"actions": acts, "seconds": round(secs, 4),
                  "actions_per_second": round(acts / secs), "games_per_second": round(n / secs, 1)}
    acts, secs = agent_loop(game, seeds)
    out["play_game"] = {"actions": acts, "seconds": round(secs, 4),
                        "actions_per_second": round(acts / secs),
                        "games_per_second": round(n / secs, 1)}
    out["actions_per_second"] = out["api"]["actions_per_second"]
    out["games_per_second"] = out["api"]["games_per_second"]
    configs = list(spec.get(name).explore_configs())
    if configs:
        t0 = time.process_time()
        r = explore(name, config=configs[0], max_states=states)
        secs = time.process_time() - t0
        out["explore"] = {"config": configs[0], "states": r["states"], "edges": r["edges"],
                          "complete": r["complete"], "seconds": round(secs, 4),
                          "states_per_second": round(r["states"] / secs)}
        out["states_per_second"] = out["explore"]["states_per_second"]
    target = TARGETS.get(name, {})
    out["targets"] = target
    out["meets_targets"] = all((out.get(k) or 0) >= v for k, v in target.items())
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--quick", action="store_true", help="a tenth of the workload")
    p.add_argument("--profile", action="store_true",
                   help="also write a pyinstrument profile per game to .bench/")
    args = p.parse_args(argv)
    names = args.game or engine.games()
    unknown = [g for g in names if g not in engine.games()]
    if unknown:
        print(f"bench: unknown or absent game(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    n = GAMES // 10 if args.quick else GAMES
    states = EXPLORE_STATES // 10 if args.quick else EXPLORE_STATES
    result: dict[str, Any] = {"python": platform.python_version(),
                              "machine": platform.machine(), "workload": {
                                  "games": n, "explore_states": states}, "games": {}}
    for name in names:
        if args.profile:
            result["games"][name] = _profiled(name, n, states)
        else:
            result["games"][name] = bench_game(name, n, states)
    print(json.dumps(result, indent=2))
    return 0


def _profiled(name: str, n: int, states: int) -> dict[str, Any]:
    from pyinstrument import Profiler

    out_dir = Path(".bench")
    out_dir.mkdir(exist_ok=True)
    prof = Profiler()
    prof.start()
    data = bench_game(name, n, states)
    prof.stop()
    path = out_dir / f"{name}.txt"
    path.write_text(prof.output_text(unicode=True, color=False, show_all=False))
    data["profile"] = str(path)
    return data


if __name__ == "__main__":
    raise SystemExit(main())
