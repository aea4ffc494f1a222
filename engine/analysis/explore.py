"""Exhaustive exploration of a small configuration, like a model checker.

Breadth-first from the initial state over every legal action of every seat that may act
(so every interleaving of a real-time phase), deduplicating states by a canonical key:
the state itself (an immutable, hashable value) or ``spec.canonical(cfg, state)`` when
the spec defines one. Each distinct state is checked against

* every invariant the spec declares (``spec.invariants``), and
* the generic properties every game must have:

  - ``no-dead-end``: a state that is not over has at least one legal action;
  - ``termination``: no cycle in the reachable graph (every play ends);
  - ``known-clause``: every event cites a clause of the game's catalogue;
  - ``step-error``: applying a legal action never raises;
  - ``scores``: a finished game scores one int per seat.

Breadth-first order makes each reported path a shortest one. A violation comes with a
scenario (``{"game", "players", "options", "variant", "seed", "setup", "actions"}``)
that :func:`engine.core.scenario.replay` reproduces.

The manifest ``engine/data/explore_manifest.json`` records, per game and named
configuration, the expected numbers of distinct states, terminal states and edges (as
the TLA+ examples do): a change in a rule that changes the reachable space shows up there.
Regenerate it with ``python -m engine.analysis.explore --update-manifest``.

>>> r = explore("tindahan", players=3, max_states=50)
>>> r["states"], r["complete"], r["violations"]
(50, False, [])
"""
from __future__ import annotations

import gc
import json
import threading
import time
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

import fast
import spec as _specs
from spec.common.core import Action
from spec.common.errors import ConfigError
from spec.common.tuples import settled

from engine.analysis.reports import ExploreReport, Violation
from engine.analysis.explore_check import Checks
from engine.analysis.explore_reduce import NONE, Reducer
from engine.core.game import Game, games, load


MANIFEST = fast.source_file("engine").parent / "data" / "explore_manifest.json"

#: The generic properties checked on every game, with what they mean.
GENERIC = {
    "no-dead-end": "a state that is not over has at least one legal action",
    "termination": "no cycle in the reachable state graph: every play ends",
    "known-clause": "every event cites a clause of the game's catalogue",
    "step-error": "applying a legal action never raises",
    "scores": "a finished game scores one int per seat",
}

#: max_states for :func:`explore_all` at small size and at full size.
SMALL_STATES = 50_000
FULL_STATES = 10_000_000
#: configurations larger than this are walked by the level walker on every core
LARGE = 20_000


def _settings(game: str | Game, players: int | None, options: Mapping[str, Any] | None,
              variant: str | None, seed: int | None, setup: Mapping[str, Any] | None,
              config: str | None) -> tuple[Game, int, Any]:
    """The configured game, the seed and the set-up, from a named config and/or arguments."""
    sp = game.spec if isinstance(game, Game) else _specs.get(game)
    if config is not None:
        named = dict(sp.explore_configs())
        if config not in named:
            raise ConfigError(f"{sp.name} has no explore configuration {config!r}"
                              f" (configurations: {', '.join(named) or 'none'})")
        c = named[config]
        players = players if players is not None else c.get("players")
        variant = variant if variant is not None else c.get("variant")
        options = {**(c.get("options") or {}), **(options or {})}
        seed = c.get("seed", seed)
        setup = setup if setup is not None else c.get("setup")
    if isinstance(game, Game):
        if players is None and not options and variant is None:
            g = game
        else:
            g = Game(sp, sp.configure(players if players is not None else game.players,
                                      variant if variant is not None else game.variant,
                                      {**game.options, **(options or {})}))
    else:
        g = load(game, players=players, options=options, variant=variant)
    return g, (seed if seed is not None else 0), (dict(setup) if setup else None)


#: objects allocated between two collections of the youngest generation during a walk
WALK_GC_THRESHOLD = 100_000
_gc_lock = threading.Lock()
_gc_walks = 0  # walks under way in this process
_gc_saved: tuple[int, ...] = ()  # the thresholds to restore when the last one ends


@contextmanager
def collecting_rarely() -> Iterator[None]:
    """Collect garbage less often while a walk runs, then as before.

    A walk keeps every state it has seen, so the collector's passes over the older
    generations traverse an ever larger heap (an eighth of a walk's time, measured on
    Tindahan) and find nothing: states are tuples of values and hold no cycles. Cycles
    are still collected, only later. Walks in several threads share one setting; the
    last to end restores the thresholds the first one found."""
    global _gc_walks, _gc_saved
    with _gc_lock:
        if _gc_walks == 0:
            _gc_saved = gc.get_threshold()
            gc.set_threshold(max(WALK_GC_THRESHOLD, _gc_saved[0]), *_gc_saved[1:])
        _gc_walks += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_walks -= 1
            if _gc_walks == 0:
                gc.set_threshold(*_gc_saved)


class _Found:
    """The first (hence shortest) violation of each property, and how many states broke it."""

    def __init__(self) -> None:
        self.first: dict[str, dict[str, Any]] = {}
        self.count: dict[str, int] = {}

    def add(self, inv: str, message: str, path: list[Action] | None) -> None:
        self.count[inv] = self.count.get(inv, 0) + 1
        if inv not in self.first:
            self.first[inv] = {"invariant": inv, "message": message, "path": path}


def explore(game: str | Game, *, players: int | None = None,
            options: Mapping[str, Any] | None = None, variant: str | None = None,
            seed: int | None = 0, setup: Mapping[str, Any] | None = None,
            max_states: int = 100_000, config: str | None = None,
            fingerprints: bool = False, workers: int = 1, cluster: str | None = None,
            progress: Callable[[dict[str, Any]], None] | None = None,
            reduce: Iterable[str] | str | None = None,
            incremental: bool = True) -> ExploreReport:
    """Walk every reachable state (up to ``max_states``) and check every invariant.

    ``config`` names one of ``spec.explore_configs()``: its players, options, variant,
    seed and set-up are used (``options`` given here are added on top of its options;
    ``players``, ``variant`` and ``setup`` given here replace its own).

    ``fingerprints``, ``workers`` > 1 or ``cluster`` (``"local"`` or a Dask scheduler
    address) walk level by level with a seen-set of 64-bit fingerprints
    (:mod:`engine.analysis.explore_scale`): the same counts and properties, a few bytes per state,
    several cores. ``progress`` is called after each level with the counts so far.

    ``reduce`` names reductions the spec declares (:mod:`engine.analysis.explore_reduce`):
    ``"symmetry"`` merges states the rules cannot tell apart, ``"por"`` follows a
    persistent set of actions and one order of commuting ones. Left None, a named
    configuration's own ``reduce`` applies; ``()`` asks for none.

    ``incremental`` re-runs an invariant on a state only where a field it reads changed
    (:mod:`engine.analysis.explore_check`); False runs every invariant on every state.
    """
    if not isinstance(max_states, int) or isinstance(max_states, bool) or max_states < 1:
        raise ConfigError(f"max_states must be a positive int, not {max_states!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(f"workers must be a positive int, not {workers!r}")
    g, seed_, setup_ = _settings(game, players, options, variant, seed, setup, config)
    if reduce is None and config is not None:  # a configuration may name its reductions
        reduce = g.spec.explore_configs()[config].get("reduce")
    red = Reducer(g, reduce)
    with collecting_rarely():
        if fingerprints or workers > 1 or cluster:
            return _explore_levels(g, seed_, setup_, config, max_states, workers, cluster,
                                   progress, red)
        return _walk(g, seed_, setup_, config, max_states, red, incremental)


def _walk(g: Game, seed_: int, setup_: Any, config: str | None, max_states: int,
          red: Reducer, incremental: bool = True) -> ExploreReport:
    """:func:`explore` in one process: the breadth-first walk and its report."""
    sp, cfg = g.spec, g.config
    key = None if red.plain_key else red.key  # None: a state is its own key
    sleeps = red.sleeps
    sleep: dict[int, frozenset] = {}  # the actions a queued state skips (por)
    reps: dict[int, Any] = {}  # the queued state of each number, while sleep sets are kept
    deferred = pruned = 0
    outcomes: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    known = frozenset(c.id for c in sp.clauses)
    legal_actions, successor, is_over, scores = g.listing, g.successor, g.is_over, g.scores
    found = _Found()

    t0 = time.perf_counter()
    s0 = g.new(seed=seed_, setup=setup_)
    index: dict[Any, int] = {red.key(s0): 0}
    parent: list[int] = [-1]
    via: list[Action | None] = [None]
    depth: list[int] = [0]
    succ: list[tuple[int, ...]] = []
    queue: deque[tuple[int, Any]] = deque([(0, s0)])
    complete = True
    terminal = edges = 0
    back = False  # an edge that does not go one level deeper: a cycle is possible

    def path_to(i: int) -> list[Action]:
        out: list[Action] = []
        while i > 0:
            out.append(via[i])  # type: ignore[arg-type]  # None only at the root
            i = parent[i]
        out.reverse()
        return out

    def edge_action(a: int, b: int) -> Action:
        """The action from state ``a`` to state ``b``, found again by replaying."""
        state = s0
        for act in path_to(a):
            state = g.apply(state, act)
        for act in legal_actions(state):
            s2 = g.apply(state, act)
            if index.get(red.key(s2)) == b:
                return act
        raise AssertionError(f"no action from state {a} to state {b}")  # pragma: no cover

    def check(i: int, state: Any, stale: int) -> None:
        """The invariants of the ``stale`` mask (:mod:`engine.analysis.explore_check`) on a new
        state; the others have the verdicts of its parent."""
        bad, problems = checks.run(state, stale)
        if bad:
            failed[i] = bad
        for inv, problem in problems:
            found.add(inv, problem, path_to(i) if inv not in found.first else None)

    checks = Checks(g, s0, incremental)
    failed: dict[int, int] = {}  # the invariants each state broke, where it broke one
    check(0, s0, checks.everything)
    while queue:
        i, state = queue.popleft()
        d = depth[i] + 1
        views, broke = checks.views(state), failed.pop(i, 0)
        if is_over(state):
            terminal += 1
            succ.append(())
            sc = scores(state)
            if len(sc) != g.players or not all(isinstance(v, int) for v in sc):
                found.add("scores", f"scores {sc!r} for {g.players} seats", path_to(i))
            outcomes.add(_outcome(g, state, sc))
            continue
        legal = legal_actions(state)
        if not legal:
            found.add("no-dead-end", "the game is not over but no seat has a legal action",
                      path_to(i))
        nxt: list[int] = []
        acts = red.ample(state, legal)
        deferred += len(legal) - len(acts)
        asleep = NONE
        if sleeps:
            asleep = sleep.pop(i, NONE)
            reps.pop(i, None)
        for a in acts:
            if asleep and a in asleep:
                pruned += 1
                continue
            try:
                s2, events = successor(state, a)
            except Exception as exc:  # noqa: BLE001 - a crashing effect is a finding
                found.add("step-error", f"'{a}' raised {type(exc).__name__}: {exc}",
                          path_to(i) + [a])
                continue
            edges += 1
            for e in events:
                if e.rule not in known:
                    found.add("known-clause", f"'{a}' emitted an event citing unknown"
                              f" clause {e.rule!r}: {e.text}", path_to(i) + [a])
            k = s2 if key is None else key(s2)
            new = len(parent)  # the number a state not seen before gets
            # one lookup (a state's hash costs as much as a small effect) while there is
            # room; once full, a new state is only noted as missed
            j = index.setdefault(k, new) if new < max_states else index.get(k, new)
            if j == new:
                if new >= max_states:
                    complete = False
                    continue
                parent.append(i)
                via.append(a)
                depth.append(d)
                # kept to the end of the walk: out of the garbage collector's way
                settled(s2)
                if key is not None:
                    settled(k)
                queue.append((j, s2))
                check(j, s2, checks.stale(views, broke, s2))
                if sleeps:
                    sleep[j] = red.commuting(state, acts, a)
                    reps[j] = s2
            elif depth[j] != d:
                back = True
            elif sleeps and j in sleep:  # another shortest edge: skip only what both skip
                sleep[j] = sleep[j] & red.commuting(state, acts, a) if reps[j] == s2 else NONE
            nxt.append(j)
        succ.append(tuple(nxt))
        if not complete:
            break
    # states still queued were not expanded: they have no known successors
    succ.extend(() for _ in range(len(parent) - len(succ)))
    if back:
        cycle = _find_cycle(succ, depth)
        if cycle:
            entry, loop = cycle
            actions = path_to(entry)
            for a, b in zip(loop, loop[1:] + loop[:1]):
                actions.append(edge_action(a, b))
            found.add("termination", f"a cycle of {len(loop)} action(s) comes back to a"
                      f" state reached after {depth[entry]} action(s)", actions)
    seconds = time.perf_counter() - t0

    return _result(g, seed_, setup_, config, max_states, found, states=len(parent),
                   terminal=terminal, depth=max(depth), edges=edges, seconds=seconds,
                   complete=complete, red=red, deferred=deferred, pruned=pruned,
                   outcomes=sorted(outcomes))


def _outcome(g: Game, state: Any, scores: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A finished game's outcome: every seat's score and the winners."""
    return tuple(scores), tuple(g.winners(state))


def _result(g: Game, seed: int, setup: Any, config: str | None, max_states: int, found: _Found,
            *, states: int, terminal: int, depth: int, edges: int, seconds: float,
            complete: bool, red: Reducer, deferred: int, pruned: int,
            outcomes: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> ExploreReport:
    """An exploration's report: counts, speed and each property's first violation, with a
    scenario that replays it."""
    scenario_base = {"game": g.name, "players": g.players, "options": g.options,
                     "variant": g.variant, "seed": seed, "setup": setup}
    violations: list[Violation] = []
    for inv, v in found.first.items():
        actions = [str(a) for a in v["path"] or []]
        violations.append({"invariant": inv, "message": v["message"], "states": found.count[inv],
                           "path": actions, "depth": len(actions),
                           "scenario": {**scenario_base, "actions": actions}})
    return {
        "game": g.name, "config": config, "players": g.players, "variant": g.variant,
        "options": g.options, "seed": seed, "setup": setup,
        "states": states, "terminal_states": terminal,
        "max_depth": depth, "edges": edges, "seconds": round(seconds, 4),
        "states_per_second": round(states / seconds, 1) if seconds > 0 else None,
        "complete": complete, "max_states": max_states,
        "invariants": [inv.id for inv in g.spec.invariants] + list(GENERIC),
        "violations": violations, "ok": not violations,
        "reduce": list(red.names), "deferred": deferred, "pruned": pruned, "outcomes": outcomes,
    }


def _explore_levels(g: Game, seed: int, setup: Any, config: str | None, max_states: int,
                    workers: int, cluster: str | None,
                    progress: Callable[[dict[str, Any]], None] | None,
                    red: Reducer) -> ExploreReport:
    from engine.analysis import explore_scale as sc

    s0 = g.new(seed=seed, setup=setup)
    with sc.frontier(g, s0, red.names, workers, cluster) as front:
        w = sc.walk(g, s0, max_states, front, progress, red)
    found = _Found()
    levels = w["levels"]
    for prop, p in w["problems"].items():
        depth, pos, k = p["at"]
        state, path = sc.replay_path(g, s0, levels.action_indexes(depth, pos))
        if k is not None:  # the action that failed, from the state that was expanded
            path.append(g.legal_actions(state)[k])
        found.first[prop] = {"invariant": prop, "message": p["message"], "path": path}
        found.count[prop] = w["counts"][prop]
    termination = "proved"
    if w["back_edges"]:
        depth = levels.depths()
        cycle = _find_cycle(levels.successors(), depth)
        if cycle:
            entry, loop = cycle
            _, actions = sc.replay_path(g, s0, levels.action_indexes(*levels.where(entry)))
            for a, b in zip(loop, loop[1:] + loop[:1]):
                actions.append(sc.edge_action(g, s0, levels, a, b, red))
            found.add("termination", f"a cycle of {len(loop)} action(s) comes back to a"
                      f" state reached after {depth[entry]} action(s)", actions)
            termination = "cycle"
    out = _result(g, seed, setup, config, max_states, found, states=w["states"],
                  terminal=w["terminal_states"], depth=w["max_depth"], edges=w["edges"],
                  seconds=w["seconds"], complete=w["complete"], red=red,
                  deferred=w["deferred"], pruned=w["pruned"], outcomes=w["outcomes"])
    out.update({"fingerprints": True, "workers": front.workers, "cluster": cluster,
                "moved_states": w["moved"],
                "worker_cpu_seconds": [round(c, 2) for c in getattr(front, "cpu", ())],
                "fingerprint_bytes": w["fingerprint_bytes"],
                "bytes_per_state": round(w["fingerprint_bytes"] / max(1, w["states"]), 1),
                "collision_probability": w["collision_probability"],
                "termination": termination})
    return out


def _find_cycle(succ: list[tuple[int, ...]], depth: list[int]
                ) -> tuple[int, list[int]] | None:
    """A cycle of the graph as (its entry state, its states in order), or None.

    Kahn's algorithm first peels off every state that is on no cycle and leads to none;
    if something remains, the cycle entered closest to the start is searched among the
    edges that do not go deeper (every cycle has one), shortest loop first.
    """
    n = len(succ)
    indeg = [0] * n
    for out in succ:
        for v in out:
            indeg[v] += 1
    todo = [i for i in range(n) if indeg[i] == 0]
    while todo:
        u = todo.pop()
        for v in succ[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                todo.append(v)
    rest = {i for i in range(n) if indeg[i] > 0}
    if not rest:
        return None
    candidates = sorted((depth[v], depth[u], v, u) for u in rest for v in succ[u]
                        if v in rest and depth[v] <= depth[u])
    for _, _, v, u in candidates:
        # shortest path v -> u inside the remaining states closes the loop u -> v
        prev = {v: -1}
        queue = deque([v])
        while queue and u not in prev:
            x = queue.popleft()
            for y in succ[x]:
                if y in rest and y not in prev:
                    prev[y] = x
                    queue.append(y)
        if u in prev:
            loop = [u]
            while loop[-1] != v:
                loop.append(prev[loop[-1]])
            loop.reverse()
            return v, loop
    return None  # pragma: no cover - every cycle has a candidate edge


# --- every game's named configurations, and the manifest ------------------------------------
def load_manifest(path: Path | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """Expected counts per game and configuration name (see the module docstring)."""
    path = path or MANIFEST
    if not path.exists():
        return {}
    return json.loads(path.read_text())


def explore_all(small: bool = True, games_: list[str] | None = None) -> list[ExploreReport]:
    """Explore every named configuration of every present game.

    Each result also says how it compares with the manifest: ``manifest`` is ``match``,
    ``mismatch`` (with ``expected``), ``missing`` (the configuration is not recorded) or
    ``bounded`` (a configuration larger than the small size, walked only in part). A
    mismatch is reported as a violation (``manifest``) so ``fruitspec verify`` fails.
    """
    manifest = load_manifest()
    out = []
    for name in games_ or games():
        sp = _specs.get(name)
        for cname in sp.explore_configs():
            bound = SMALL_STATES if small else FULL_STATES
            expected = manifest.get(name, {}).get(cname)
            r = _explore_config(name, cname, bound, expected)
            expected = {k: v for k, v in (expected or {}).items() if k != "seconds"} or None
            got = _counts(r)
            if expected is None:
                r["manifest"] = "missing"
            elif not r["complete"] and expected["states"] > bound:
                r["manifest"] = "bounded"
                r["whole_states"] = expected["states"]
            elif expected == got:
                r["manifest"] = "match"
            else:
                r["manifest"] = "mismatch"
                r["expected"] = expected
                r["violations"].append({
                    "invariant": "manifest", "states": 0, "path": [], "depth": 0,
                    "message": f"expected {expected}, found {got}", "scenario": None})
                r["ok"] = False
            out.append(r)
    return out


def _explore_config(name: str, cname: str, bound: int, expected: Mapping[str, Any] | None
                    ) -> ExploreReport:
    """One named configuration; a large one (by the manifest, or not yet in it) on every
    core with fingerprints (the same counts, a few bytes a state)."""
    import os

    if expected is not None and expected["states"] <= LARGE or bound <= LARGE:
        return explore(name, config=cname, max_states=bound)
    return explore(name, config=cname, max_states=bound, fingerprints=True,
                   workers=max(1, min(2, os.cpu_count() or 1)))


def _counts(result: Mapping[str, Any]) -> dict[str, Any]:
    return {k: result[k] for k in ("states", "terminal_states", "edges", "max_depth",
                                   "complete")}


def update_manifest(path: Path | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """Re-explore every configuration (full size) and write the manifest."""
    path = path or MANIFEST
    data: dict[str, dict[str, dict[str, Any]]] = {}
    old = load_manifest(path)
    for name in games():
        for cname in _specs.get(name).explore_configs():
            r = _explore_config(name, cname, FULL_STATES, old.get(name, {}).get(cname))
            data.setdefault(name, {})[cname] = {**_counts(r), "seconds": r["seconds"]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return data


# --- display --------------------------------------------------------------------------------
def render(result: Mapping[str, Any], console: Any) -> None:
    """Print an :func:`explore` result: the counts, then each violation with its path."""
    from rich.table import Table

    opts = ", ".join(f"{k}={v}" for k, v in result["options"].items()) or "defaults"
    title = (f"explore {result['game']}" + (f" [{result['config']}]" if result["config"]
                                            else "")
             + f": {result['players']} players, seed {result['seed']} ({opts})")
    t = Table(title=title, title_justify="left", show_header=False)
    t.add_column("what")
    t.add_column("value", justify="right")
    rows = [("distinct states", f"{result['states']:,}"),
            ("terminal states", f"{result['terminal_states']:,}"),
            ("edges (actions)", f"{result['edges']:,}"),
            ("max depth", str(result["max_depth"])),
            ("complete", "yes" if result["complete"] else
             f"no (stopped at {result['max_states']:,} states)"),
            ("seconds", f"{result['seconds']:.2f}"),
            ("states/s", f"{result['states_per_second'] or 0:,.0f}"),
            ("properties", ", ".join(result["invariants"]))]
    if result.get("reduce"):
        rows.append(("reductions", ", ".join(result["reduce"])
                     + f" ({result['deferred']:,} actions deferred, {result['pruned']:,}"
                     " commuting orders skipped)"))
    if "manifest" in result:
        rows.append(("manifest", result["manifest"]))
    for row in rows:
        t.add_row(*row)
    console.print(t)
    if not result["violations"]:
        console.print("[green]no violation[/green]")
        return
    for v in result["violations"]:
        console.print(f"[red]{v['invariant']}[/red] ({v['states']} state(s)): {v['message']}")
        for k, a in enumerate(v["path"]):
            console.print(f"    {k:>3}  {a}")
        if v.get("scenario"):
            console.print("    scenario: " + json.dumps(v["scenario"]))


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m engine.analysis.explore")
    p.add_argument("--update-manifest", action="store_true",
                   help="re-explore every named configuration and rewrite the manifest")
    args = p.parse_args(argv)
    if args.update_manifest:
        data = update_manifest()
        print(json.dumps(data, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
