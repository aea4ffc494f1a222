"""Measurements made at build time: clause coverage, replays, proofs, explorations.

Everything here is guarded: a part of the project that has not landed yet (a game spec,
the proof runner, the ambiguity register...) yields a note saying so, never an error,
so the site builds at every stage of the project.
"""
from __future__ import annotations

import importlib
import json
import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping


def attr(obj: Any, name: str, default: Any = None) -> Any:
    """``obj.name`` or ``obj[name]``: results may be objects, named tuples or dicts."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def optional(module: str, name: str | None = None) -> tuple[Any, str]:
    """Import ``module`` (and take ``name`` from it); (None, reason) when not there yet."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        return None, f"``{module}`` is not yet available ({exc.name} not found)"
    except Exception as exc:  # noqa: BLE001 - a broken module must not break the docs
        return None, f"``{module}`` could not be imported: {type(exc).__name__}: {exc}"
    if name is None:
        return mod, ""
    if not hasattr(mod, name):
        return None, f"``{module}.{name}`` is not yet available"
    return getattr(mod, name), ""


def short_error(exc: BaseException) -> str:
    return traceback.format_exception_only(type(exc), exc)[-1].strip()


# --- clause coverage -------------------------------------------------------------------------

@dataclass
class Coverage:
    """How often each clause fired (events) or refused an action (guards), by source."""

    events: dict[str, Counter] = field(default_factory=dict)  # source -> rule -> count
    refusals: Counter = field(default_factory=Counter)
    games: int = 0
    actions: int = 0
    states: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def add(self, source: str, rules: Iterable[str]) -> None:
        self.events.setdefault(source, Counter()).update(rules)

    def fired(self, rule: str) -> dict[str, int]:
        return {src: c[rule] for src, c in self.events.items() if c.get(rule)}

    def total(self, rule: str) -> int:
        return sum(self.fired(rule).values())


def refusals(game: Any, state: Any, into: Counter, others: Iterable[Any] = ()) -> None:
    """Count which clause refuses each candidate action now. Candidates: every move's
    domain for every seat (not only the seats that may act), plus ``others`` (actions that
    were legal a moment ago); the engine's own explanation names the refusing clause."""
    spec, cfg = game.spec, game.config
    if spec.is_over(cfg, state):
        return
    legal = set(game.legal_actions(state))
    from spec.common.core import Action
    seen: set[Any] = set()
    candidates: list[Any] = list(others)
    for mv in spec.moves_in(state.phase):
        for seat in range(game.players):
            try:
                candidates.extend(Action(seat, mv.name, args)
                                  for args in mv.domain(cfg, state, seat))
            except Exception:  # noqa: BLE001, S112 - a domain may assume its seat acts
                continue
    for a in candidates:
        if a in legal or a in seen:
            continue
        seen.add(a)
        try:
            into[game.explain(state, a).rule] += 1
        except Exception:  # noqa: BLE001, S112
            continue


def configs_for(spec: Any) -> list[tuple[str, dict[str, Any]]]:
    """Configurations to play: each variant at each player count, then each non-default
    reading of each option (so that clauses only a reading reaches get measured too)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for var in spec.variants:
        for n in var.players:
            out.append((f"{var.name or 'base'}, {n} players",
                        {"players": n, "variant": var.name, "options": {}}))
    for opt in spec.options:
        variants = [v for v in spec.variants
                    if opt.variants is None or v.name in opt.variants]
        if not variants:
            continue
        var = variants[0]
        for r in opt.readings:
            if r.value != opt.default:
                out.append((f"{opt.name}={r.value}",
                            {"players": var.players[0], "variant": var.name,
                             "options": {opt.name: r.value}}))
    return out


def playouts(name: str, cov: Coverage, max_games: int, budget: float,
             refusal_games: int = 8, max_steps: int = 20000) -> None:
    """Random games (seeded, reproducible) over every configuration, round robin."""
    import engine

    import spec as specs

    gspec = specs.get(name)
    configs = configs_for(gspec)
    games: list[tuple[str, Any]] = []
    for label, c in configs:
        try:
            games.append((label, engine.load(name, players=c["players"], options=c["options"],
                                             variant=c["variant"])))
        except Exception as exc:  # noqa: BLE001
            cov.notes.append(f"could not load {label}: {short_error(exc)}")
    if not games:
        return
    start = time.perf_counter()
    played = 0
    seed = 0
    while played < max_games and (time.perf_counter() - start < budget or played < len(games)):
        label, game = games[played % len(games)]
        seed = played // len(games)
        rng = random.Random(seed * 7919 + played)
        try:
            state = game.new(seed=seed)
            rules: list[str] = []
            steps = 0
            previous: list[Any] = []
            while not game.is_over(state):
                legal = game.legal_actions(state)
                if played < refusal_games:
                    refusals(game, state, cov.refusals, previous)
                    previous = legal
                if not legal:
                    cov.notes.append(f"{label}, seed {seed}: no legal action in phase"
                                     f" {state.phase!r} before the end")
                    break
                state, evs = game.step(state, rng.choice(legal))
                rules.extend(e.rule for e in evs)
                steps += 1
                cov.states += 1
                if steps >= max_steps:
                    cov.notes.append(f"{label}, seed {seed}: stopped after {max_steps} actions")
                    break
            cov.add("random playouts", rules)
            cov.actions += steps
        except Exception as exc:  # noqa: BLE001 - reported on the page
            cov.notes.append(f"{label}, seed {seed}: {short_error(exc)}")
        played += 1
    cov.games += played
    cov.seconds += time.perf_counter() - start


def explore_walk(name: str, cov: Coverage, max_states: int, budget: float) -> None:
    """Breadth-first walk of the spec's small exploration configurations (bounded)."""
    import engine
    import spec as specs

    gspec = specs.get(name)
    try:
        configs = dict(gspec.explore_configs())
    except Exception as exc:  # noqa: BLE001
        cov.notes.append(f"explore_configs() failed: {short_error(exc)}")
        return
    start = time.perf_counter()
    for label, c in configs.items():
        try:
            game = engine.load(name, players=c.get("players"), options=c.get("options") or {},
                               variant=c.get("variant"))
            first = game.new(seed=c.get("seed", 0), setup=c.get("setup"))
        except Exception as exc:  # noqa: BLE001
            cov.notes.append(f"exploration {label}: {short_error(exc)}")
            continue
        seen = {first}
        frontier = [first]
        rules: list[str] = []
        held: list[str] = []
        per = budget / max(1, len(configs))
        t0 = time.perf_counter()
        try:
            while frontier and len(seen) < max_states and time.perf_counter() - t0 < per:
                nxt = []
                for s in frontier:
                    refusals(game, s, cov.refusals)
                    for inv in gspec.invariants:
                        if inv.check(game.config, s) is None:
                            held.extend(inv.rules)
                    for a in game.legal_actions(s):
                        s2, evs = game.step(s, a)
                        rules.extend(e.rule for e in evs)
                        if s2 not in seen:
                            seen.add(s2)
                            nxt.append(s2)
                frontier = nxt
        except Exception as exc:  # noqa: BLE001
            cov.notes.append(f"exploration {label}: {short_error(exc)}")
        cov.add("exploration", rules)
        cov.add("invariant checks", held)
        cov.states += len(seen)
    cov.seconds += time.perf_counter() - start


# --- scenarios ---------------------------------------------------------------------------

@dataclass
class Replayed:
    path: str
    doc: dict[str, Any]
    ok: bool | None = None
    failures: list[str] = field(default_factory=list)
    error: str = ""
    rules: list[str] = field(default_factory=list)
    scores: list[int] | None = None
    illegal_at: int | None = None
    replay: Any = None


def load_json(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def replay(root: Path, path: Path, options: Mapping[str, str] | None = None) -> Replayed:
    """Replay a scenario file through ``engine.core.scenario`` (when it is available)."""
    rel = path.relative_to(root).as_posix()
    out = Replayed(rel, load_json(path))
    load_scenario, why = optional("engine.core.scenario", "load_scenario")
    run, why2 = optional("engine.core.scenario", "replay")
    if load_scenario is None or run is None:
        out.error = why or why2
        return out
    try:
        r = run(load_scenario(path), options=dict(options)) if options else run(
            load_scenario(path))
    except Exception as exc:  # noqa: BLE001
        out.error = short_error(exc)
        return out
    out.replay = r
    out.ok = bool(attr(r, "ok", True))
    out.failures = [str(f) for f in attr(r, "failures", []) or []]
    out.rules = [e.rule for evs in attr(r, "events", []) or [] for e in evs]
    out.scores = attr(r, "scores")
    out.illegal_at = attr(r, "illegal_at")
    err = attr(r, "error")
    if err is not None:
        out.error = str(err)
    return out


# --- ambiguities, proofs, explorations -------------------------------------------------------

def ambiguities(name: str) -> tuple[list[dict[str, Any]] | None, str]:
    register, why = optional("engine.analysis.ambiguities", "register")
    if register is None:
        return None, why
    try:
        return [dict(e) if isinstance(e, Mapping) else vars(e) for e in register(name)], ""
    except Exception as exc:  # noqa: BLE001
        return None, f"the ambiguity register failed: {short_error(exc)}"


def proofs(name: str) -> tuple[list[Any] | None, str, float]:
    run, why = optional("proofs.runner", "run")
    if run is None:
        return None, why, 0.0
    start = time.perf_counter()
    try:
        results = list(run(name))
    except Exception as exc:  # noqa: BLE001
        return None, f"the proof runner failed: {short_error(exc)}", time.perf_counter() - start
    return results, "", time.perf_counter() - start


def properties() -> tuple[list[Any] | None, str]:
    props, why = optional("proofs.runner", "properties")
    if props is None:
        return None, why
    try:
        return list(props()), ""
    except Exception as exc:  # noqa: BLE001
        return None, f"proofs.runner.properties() failed: {short_error(exc)}"


def exploration() -> tuple[Any, str, float]:
    explore_all, why = optional("engine.analysis.explore", "explore_all")
    if explore_all is None:
        return None, why, 0.0
    start = time.perf_counter()
    try:
        return explore_all(), "", time.perf_counter() - start
    except Exception as exc:  # noqa: BLE001
        return None, f"explore_all() failed: {short_error(exc)}", time.perf_counter() - start
