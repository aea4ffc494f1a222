"""How exploration scales: per large configuration of the manifest, the states walked and
the seconds on one and two processes, and the factor each declared reduction saves.

``python -m bench.explore_scale`` walks each large configuration of the manifest
(more than ``engine.analysis.explore.LARGE`` states, at most ``--max-states``: default 800,000)
whole (a walk cut short would not compare: the exact walker stops within a level, the
level walker after a whole level):

* **exact**: the exact walker of :mod:`engine.analysis.explore`, in this process (what ``fruitspec
  explore --workers 1`` runs);
* **1 worker**, with ``--fingerprints``: also the level walker with fingerprints in this
  process (``fruitspec explore --fingerprints``);
* **2 workers**: the level walker on two forked workers (``--workers 2``).

Wall time and CPU time (user + sys, this process and its workers) are both printed: on a
busy machine only the CPU time means something. The speed-up is the wall-time ratio of
the best one-process walk to two workers; the CPU speed-up is the one-process CPU time
over the busier worker's plus the main process's own (what two free cores give). Then,
for each configuration of a game that declares reductions, the states and edges with and
without each reduction (where the walk without it has at most 100,000 states).
``--json`` prints the same as JSON.
"""
from __future__ import annotations

import argparse
import json
import resource
import time
from typing import Any, Callable

import spec as specs

from engine.analysis.explore import LARGE, explore, load_manifest
from engine.analysis.explore_reduce import declared

#: the largest configuration walked by default (about four minutes on two free cores)
DEFAULT_STATES = 800_000
#: a reduction's factor is measured where the walk without it stays under this
REDUCTION_STATES = 100_000


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _timed(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """A walk's result with its wall and CPU seconds (this process and the workers it
    waited for)."""
    wall, cpu, kids = time.perf_counter(), time.process_time(), _children_cpu()
    r = run()
    return {"states": r["states"], "complete": r["complete"], "ok": r["ok"],
            "wall": round(time.perf_counter() - wall, 2),
            "cpu": round(time.process_time() - cpu + _children_cpu() - kids, 2),
            "moved": r.get("moved_states"), "worker_cpu": r.get("worker_cpu_seconds")}


def speed(game: str, config: str, max_states: int, fingerprints: bool = False
          ) -> dict[str, Any]:
    """One configuration walked two or three ways (see the module docstring)."""
    def run(**kw: Any) -> Callable[[], dict[str, Any]]:
        return lambda: explore(game, config=config, max_states=max_states, **kw)

    ones = {"exact": _timed(run())}
    if fingerprints:
        ones["one"] = _timed(run(fingerprints=True))
    two = _timed(run(workers=2))
    assert all(w["states"] == two["states"] for w in ones.values()), (ones, two)
    best = min(ones.values(), key=lambda w: w["wall"])
    return {"game": game, "config": config, "states": two["states"],
            "complete": two["complete"], **ones, "two": two,
            "speedup": round(best["wall"] / two["wall"], 2) if two["wall"] else None,
            "cpu_speedup": _cpu_speedup(min(w["cpu"] for w in ones.values()), two)}


def _cpu_speedup(one: float, two: dict[str, Any]) -> float | None:
    """What two free cores would give: one process's CPU time over the busier worker's
    plus what the main process spent on its own (its merging is not overlapped)."""
    if not two["worker_cpu"]:
        return None
    main = max(0.0, two["cpu"] - sum(two["worker_cpu"]))
    return round(one / (max(two["worker_cpu"]) + main), 2)


def reductions(game: str, config: str, bound: int) -> list[dict[str, Any]]:
    """States and edges with and without each reduction the game declares."""
    have = declared(specs.get(game))
    out = []
    base = explore(game, config=config, max_states=bound, reduce=())
    if not base["complete"]:
        return out
    for red in [(r,) for r in have] + ([tuple(have)] if len(have) > 1 else []):
        r = explore(game, config=config, max_states=bound, reduce=red)
        out.append({"game": game, "config": config, "reduce": "+".join(red),
                    "states": (base["states"], r["states"]),
                    "edges": (base["edges"], r["edges"]),
                    "factor": round(base["states"] / r["states"], 2),
                    "edge_factor": round(base["edges"] / r["edges"], 2),
                    "same_outcomes": base["outcomes"] == r["outcomes"]
                    and base["ok"] == r["ok"]})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.explore_scale",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--max-states", type=lambda v: max(1, int(v)), default=DEFAULT_STATES,
                   help=f"skip configurations larger than this (default {DEFAULT_STATES:,})")
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--fingerprints", action="store_true",
                   help="also the level walker in one process")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    bound = args.max_states
    manifest = load_manifest()
    names = args.game or list(manifest)
    rows, reds = [], []
    for game in names:
        for config, m in manifest.get(game, {}).items():
            if LARGE < m["states"] <= bound:
                rows.append(speed(game, config, 10 * m["states"], args.fingerprints))
                if not args.json:
                    _print_speed(rows[-1])
        if declared(specs.get(game)):
            for config in specs.get(game).explore_configs():
                reds += reductions(game, config, REDUCTION_STATES)
    if args.json:
        print(json.dumps({"speed": rows, "reductions": reds}, indent=2))
    else:
        for r in reds:
            print(f"{r['game']} {r['config']} --{r['reduce']}: states {r['states'][0]:,}"
                  f" -> {r['states'][1]:,} (x{r['factor']}), edges {r['edges'][0]:,}"
                  f" -> {r['edges'][1]:,} (x{r['edge_factor']}), same outcomes and"
                  f" verdict: {'yes' if r['same_outcomes'] else 'NO'}")
    return 0


def _print_speed(r: dict[str, Any]) -> None:
    def fmt(w: dict[str, Any]) -> str:
        return f"{w['wall']:6.1f} s wall {w['cpu']:6.1f} s cpu"

    print(f"{r['game']} {r['config']}: {r['states']:,} states"
          f" ({'complete' if r['complete'] else 'first levels'})\n"
          f"  exact     {fmt(r['exact'])}\n"
          + (f"  1 worker  {fmt(r['one'])}\n" if "one" in r else "")
          + f"  2 workers {fmt(r['two'])}  ({r['two']['moved']:,} states moved,"
          f" workers' CPU {r['two']['worker_cpu']})\n"
          f"  speed-up x{r['speedup']} wall; x{r['cpu_speedup']} by CPU time (the busier"
          f" worker's plus the main process's: what two free cores give)",
          flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
