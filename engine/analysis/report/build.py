"""Assemble the design report of one game (the contract's "Design report" JSON).

>>> import engine.analysis.report.build as b
>>> b.DEFAULTS.tolerance, b.DEFAULTS.half_width
(0.08, 0.05)
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Sequence

from engine.analysis.report import stats
from engine.analysis.report.exact import small_configurations
from engine.analysis.report.ladder import chance_vs_skill, skill_depth
from engine.analysis.report.metrics import compare, endings
from engine.analysis.report.play import GameRecord
from engine.analysis.report.run import (Progress, Ref, Row, Settings, _fires, _Inline,
                                        check_symmetries, clause_rows, executor, headline,
                                        load_game, pooled, reading_rows, sample)

DEFAULTS = Settings()
CLAUSE_VERDICTS = ("dead", "cosmetic", "ordinary", "dominant")


def _reading_verdicts(rows: Sequence[Row], tolerance: float) -> dict[int, str]:
    """Each reading's verdict, Holm-adjusting every headline test of the report's
    readings together (readings equivalent under a checked symmetry are not tested)."""
    tested = [r for r in rows if r.equivalent is None]
    heads = {id(r): headline(r, r.base) for r in tested}
    flat = [(id(r), e.p) for r in tested for e in heads[id(r)]]
    adjusted = stats.holm([p for _, p in flat])
    by_row: dict[int, list[float]] = {}
    for (key, _), q in zip(flat, adjusted):
        by_row.setdefault(key, []).append(q)
    out = {id(r): stats.NO_DIFFERENCE for r in rows if r.equivalent is not None}
    for r in tested:
        out[id(r)] = stats.verdict(heads[id(r)], by_row[id(r)], tolerance)
    return out


def _rerun(rows: list[Row], verdicts: dict[int, str], settings: Settings, pool: Any
           ) -> tuple[list[Row], float]:
    """The rows screening left undecided, sampled again by the stronger agents within
    their own budget; the rows as they stand after, and the CPU their defaults took."""
    again = {id(r): Row("reading", r.ref, option=r.option, reading=r.reading,
                        agents=settings.rerun,
                        screened=(r.agents or settings.agents, len(r.records)))
             for r in rows if verdicts[id(r)] == stats.UNDECIDED and r.equivalent is None}
    if not settings.rerun or not again:
        return rows, 0.0
    strong = replace(settings, agents=settings.rerun, half_width=settings.rerun_half_width,
                     budget=settings.rerun_budget)
    defaults, cpu = sample(list(again.values()), strong, pool)
    for r in again.values():
        r.base = defaults[r.ref]
    return [again.get(id(r), r) for r in rows], cpu


def clause_verdict(fires: float, restricted: stats.Estimate, tolerance: float,
                   dominant: float) -> str:
    if fires == 0:
        return "dead"
    if restricted.inside(tolerance):
        return "cosmetic"
    if restricted.value < -dominant and restricted.high < 0:
        return "dominant"
    return "ordinary"


def _heads_json(row: Row, base: Sequence[GameRecord]) -> list[dict[str, Any]]:
    names = ["win rate", "score shift / spread"]
    heads = headline(row, base)
    if row.kind == "clause":
        return [{"what": "barred seat's win rate", **heads[0].to_json()}]
    return [{"seat": i // 2, "what": names[i % 2], **e.to_json()} for i, e in enumerate(heads)]


def _common(row: Row, settings: Settings) -> dict[str, Any]:
    out: dict[str, Any] = {"players": row.players, "variant": row.ref[2],
                           "games": len(row.records),
           "stopped": row.stopped, "agents": row.agents or settings.agents,
           "cpu_seconds": round(row.cpu, 1)}
    if row.screened:  # decided by the stronger agents after screening left it undecided
        out["screening"] = {"agents": row.screened[0], "games": row.screened[1],
                            "verdict": stats.UNDECIDED}
    return out


def _reading_json(row: Row, verdict: str, settings: Settings) -> dict[str, Any]:
    assert row.option is not None
    base = row.base[:len(row.records)]
    return {"option": row.option.id, "name": row.option.name, "reading": row.reading,
            "default": row.option.default, "kind": row.option.kind, **_common(row, settings),
            "verdict": verdict, "equivalent": row.equivalent, "symmetry_check": row.checked,
            "headline": _heads_json(row, base),
            "metrics": compare(row.records, base, row.players), "endings": endings(row.records)}


def _clause_json(row: Row, settings: Settings) -> list[dict[str, Any]]:
    """One entry per clause of the row (clauses governing the same moves share figures)."""
    base = row.base[:len(row.records)]
    fires = _fires(row, base)
    restricted = headline(row, base)[0]
    figures = {**_common(row, settings), "options": dict(row.ref[3]), "moves": list(row.moves),
               "fires_per_game": fires.to_json(), "restricted": restricted.to_json(),
               "verdict": clause_verdict(fires.value, restricted, settings.tolerance,
                                         settings.dominant)}
    clauses = (row.clause or "", *row.also)
    return [{"clause": c, **figures, "same_moves_as": [o for o in clauses if o != c]}
            for c in clauses]


def _baseline_json(row: Row, settings: Settings) -> dict[str, Any]:
    base = row.base
    heads = headline(row, base)  # judged alone, unadjusted: the stricter test of noise
    return {**_common(row, settings),
            "verdict": stats.verdict(heads, [e.p for e in heads], settings.tolerance),
            "headline": _heads_json(row, base),
            "metrics": compare(row.records, base[:len(row.records)], row.players),
            "endings": endings(base)}


def _game_level(ref: Ref, settings: Settings, pool: Any, spent: list[float]
                ) -> dict[str, Any]:
    """Skill depth and chance versus skill, their games played on ``pool``."""
    game = load_game(ref[0], ref[1], ref[2], dict(ref[3]))
    n, seed = settings.ladder_games, settings.seed
    run = None if isinstance(pool, _Inline) else pooled(pool, ref, spent)
    return {"skill_depth": skill_depth(game, n, seed, run=run),
            "chance_vs_skill": chance_vs_skill(game, n, seed, run=run)}


def report(game: str, players: int | None = None, variant: str | None = None,
           options: dict[str, str] | None = None, readings: Sequence[str] | None = None,
           settings: Settings = DEFAULTS, progress: Progress | None = None,
           clauses: bool = True, ladder: bool = True, exact: bool = True) -> dict[str, Any]:
    """The whole design report of ``game`` as JSON-ready data."""
    t0, c0 = time.perf_counter(), time.process_time()
    opts = dict(options or {})
    main_game = load_game(game, players, variant, opts)
    main: Ref = (game, main_game.players, variant, tuple(sorted(opts.items())))
    rows = reading_rows(game, players, variant, opts, readings)
    check_symmetries(rows, settings)
    refs = [main] + sorted({r.ref for r in rows} - {main}, key=str)
    baselines = {ref: Row("baseline", ref) for ref in refs}
    barred = clause_rows(main, settings.seed) if clauses else []
    everything = list(baselines.values()) + rows + barred
    pool = executor(settings)
    try:
        defaults, default_cpu = sample(everything, settings, pool, progress)
        for r in everything:
            r.base = defaults[r.ref]
        rows, rerun_cpu = _rerun(rows, _reading_verdicts(rows, settings.tolerance),
                                 settings, pool)
        ladder_cpu = [0.0]
        level = _game_level(main, settings, pool, ladder_cpu) if ladder else {}
    finally:
        pool.shutdown() if hasattr(pool, "shutdown") else pool.close()
    verdicts = _reading_verdicts(rows, settings.tolerance)
    base = _baseline_json(baselines[main], settings)
    base["metrics"].update(level)
    out: dict[str, Any] = {
        "game": game, "players": main_game.players, "variant": variant,
        "agents": settings.agents, "seed": settings.seed, "tolerance": settings.tolerance,
        "half_width": settings.half_width, "budget": settings.budget, "baseline": base,
        "rerun": {"agents": settings.rerun, "half_width": settings.rerun_half_width,
                  "budget": settings.rerun_budget} if settings.rerun else None,
        "baselines": [_baseline_json(baselines[r], settings) for r in refs[1:]],
        "readings": [_reading_json(r, verdicts[id(r)], settings) for r in rows],
        "clauses": sorted((c for r in barred for c in _clause_json(r, settings)),
                          key=lambda c: c["clause"]),
        "exact": (small_configurations(game, settings.exact_games, settings.seed)
                  if exact and ":" not in game else []),
    }
    final = everything + [r for r in rows if r.screened]
    out["games_played"] = sum(len(r.records) for r in final) + sum(
        len(v) for v in defaults.values()) + sum(len(r.base) for r in rows if r.screened)
    # in one process the rows' CPU is this process's own; elsewhere it is the workers'
    own = time.process_time() - c0
    played = default_cpu + rerun_cpu + ladder_cpu[0] + sum(r.cpu for r in final)
    out["cpu_seconds"] = round(own if isinstance(pool, _Inline) else own + played, 1)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out
