"""The design report of one game: every reading against the default, a null baseline,
restricted play per clause, the named metrics, skill depth and exact small figures.

Deals are shared (common random numbers): deal ``i`` of every row is
:func:`~engine.analysis.simulate.game_seed` ``(seed, i)``, and the agents' randomness of
deal ``i`` is seeded the same way, so a reading that leaves the deal alone is compared with
the default on the very same games up to where the rule parts them. A reading declared
equivalent under a symmetry (and checked, :mod:`engine.analysis.report.symmetry`) is played
from the default's deal renamed onto the reading's fruits. The null baseline replays the
default's deals with fresh agent randomness.

Rows are sampled in rounds; a row stops when its widest headline interval is no wider than
``half_width`` (``half-width``), when its share of the CPU ``budget`` is spent (``budget``),
or at ``max_games``. A null baseline is not held to the budget: it is sampled to the
half-width (or ``max_games``), since every verdict is read against it.
"""
from __future__ import annotations

import importlib
import math
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

import spec as _specs
from spec.common.rules import Option

from engine.analysis.agents import seat_agents
from engine.analysis.ambiguities import REGISTER_KINDS
from engine.analysis.report import stats
from engine.analysis.report.ladder import Job, Runner, shares
from engine.analysis.report.metrics import share
from engine.analysis.report.play import GameRecord, activity, guarding, play
from engine.analysis.report.symmetry import check, for_option, matched_start
from engine.analysis.simulate import game_seed
from engine.core.game import Game

Progress = Callable[[int, int, str], None]
CHUNK = 25
BASELINE_SHARE = 4  # a baseline's budget, in rows' shares


@dataclass(frozen=True)
class Settings:
    agents: str = "greedy"
    tolerance: float = 0.08
    half_width: float = 0.05
    budget: float = 1200.0  # CPU seconds for the whole report
    workers: int = 1
    cluster: str | None = None
    seed: int = 0
    first: int = 50  # deals in a row's first round
    max_games: int = 4000
    dominant: float = 0.20  # a barred agent losing more than this makes a clause dominant
    ladder_games: int = 30
    exact_games: int = 300
    # stronger agents that sample again the rows screening left undecided
    rerun: str | None = None
    rerun_half_width: float = 0.10
    rerun_budget: float = 0.0


Ref = tuple[str, int, str | None, tuple[tuple[str, str], ...]]  # game, players, variant, options


@dataclass
class Row:
    """One line of the report: a reading, the baseline or a barred clause."""

    kind: str  # "reading", "baseline", "clause"
    ref: Ref  # the default's configuration
    option: Option | None = None
    reading: str | None = None
    clause: str | None = None
    moves: tuple[str, ...] = ()  # the moves a barred clause governs
    also: tuple[str, ...] = ()  # other clauses governing exactly these moves
    equivalent: str | None = None
    checked: dict[str, Any] | None = None
    records: list[GameRecord] = field(default_factory=list)
    cpu: float = 0.0
    stopped: str | None = None
    agents: str | None = None  # who played it, when not the report's own agents
    screened: tuple[str, int] | None = None  # the screening's agents and games, if rerun
    base: list[GameRecord] = field(default_factory=list)  # the default's games it pairs with

    @property
    def players(self) -> int:
        return self.ref[1]

    def label(self) -> str:
        return self.clause or (f"{self.option.id}={self.reading}" if self.option else "baseline")


# --- games, loaded once per process -------------------------------------------------------
_LOADED: dict[Ref, Any] = {}


def spec_of(name: str) -> Any:
    """A registered game's spec, or ``module:attribute`` naming one (a test's toy game)."""
    if ":" not in name:
        return _specs.get(name)
    module, _, attr = name.partition(":")
    return getattr(importlib.import_module(module), attr)


def load_game(name: str, players: int | None, variant: str | None,
              options: dict[str, str]) -> Any:
    sp = spec_of(name)
    return Game(sp, sp.configure(players, variant, options))


def _game(ref: Ref) -> Any:
    if ref not in _LOADED:
        name, players, variant, options = ref
        _LOADED[ref] = load_game(name, players, variant, dict(options))
    return _LOADED[ref]


def register_options(game: str) -> list[Option]:
    """The options the report compares: the register's entries of the game."""
    return [o for o in spec_of(game).options if o.kind in REGISTER_KINDS]


def _with(ref: Ref, option: str, value: str) -> Ref:
    return (ref[0], ref[1], ref[2], tuple(sorted({**dict(ref[3]), option: value}.items())))


def _chunk(kind: str, ref: Ref, agents: str, seed: int, start: int, stop: int,
           extra: tuple[Any, ...]) -> tuple[list[GameRecord], float]:
    """Play deals ``start..stop-1`` of one row (the unit of work of every backend)."""
    c0 = time.process_time()
    default = _game(ref)
    seats = seat_agents(agents.split(","), default.players)
    out = []
    for i in range(start, stop):
        sd = game_seed(seed, i)
        out.append(_one(kind, default, ref, seats, sd, i, extra))
    return out, time.process_time() - c0


def _one(kind: str, default: Any, ref: Ref, seats: list[Any], sd: int, i: int,
         extra: tuple[Any, ...]) -> GameRecord:
    if kind == "default":
        return play(default, seats, default.new(seed=sd), sd)
    if kind == "baseline":  # the same deal, the agents' randomness drawn afresh
        return play(default, seats, default.new(seed=sd), game_seed(sd, 1))
    if kind == "clause":
        return play(default, seats, default.new(seed=sd), sd, i % default.players, extra)
    option, value, symmetric = extra
    reading = _game(_with(ref, option, value))
    start = reading.new(seed=sd)
    if symmetric:
        sym = for_option(ref[0], option)
        matched = matched_start(sym, default, reading, sd) if sym else None
        start = matched[0] if matched else start
    return play(reading, seats, start, sd)


# --- running chunks ----------------------------------------------------------------------
class _Inline(Executor):
    """The executor of one process: each task runs when it is submitted."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_result(fn(*args, **kwargs))
        return f


def _ladder_chunk(ref: Ref, jobs: list[Job]) -> tuple[list[float], float]:
    """Play some games of the skill ladder (a unit of work of every backend)."""
    c0 = time.process_time()
    return shares(_game(ref), jobs), time.process_time() - c0


LADDER_CHUNK = 5  # ladder games per task (an IS-MCTS game costs tens of greedy ones)


def pooled(pool: Any, ref: Ref, spent: list[float]) -> Runner:
    """A ladder runner that plays its games on ``pool``, adding their CPU to ``spent``."""
    def run(jobs: Sequence[Job]) -> list[float]:
        fs = [pool.submit(_ladder_chunk, ref, list(jobs[a:a + LADDER_CHUNK]))
              for a in range(0, len(jobs), LADDER_CHUNK)]
        out: list[float] = []
        for f in fs:
            got, cpu = f.result()
            out += got
            spent[0] += cpu
        return out
    return run


def executor(settings: Settings) -> Any:
    """One process, a local process pool, or a Dask client (``cluster``)."""
    if settings.cluster is not None:
        from dask.distributed import Client, LocalCluster

        if settings.cluster in ("local", "local-threads"):
            return Client(LocalCluster(n_workers=settings.workers,
                                       processes=settings.cluster == "local",
                                       threads_per_worker=1, dashboard_address=None))
        return Client(settings.cluster)
    if settings.workers > 1:
        return ProcessPoolExecutor(settings.workers)
    return _Inline()


def _ranges(start: int, stop: int) -> Iterator[tuple[int, int]]:
    return ((a, min(stop, a + CHUNK)) for a in range(start, stop, CHUNK))


def _extra(row: Row) -> tuple[Any, ...]:
    if row.kind == "clause":
        return row.moves
    if row.kind == "reading" and row.option is not None:
        return (row.option.name, row.reading, row.equivalent is not None)
    return ()


def _run(pool: Any, settings: Settings, jobs: list[tuple[str, Ref, int, int, tuple[Any, ...]]]
         ) -> list[tuple[list[GameRecord], float]]:
    """Every job's chunks, in order (results are put back where each chunk belongs)."""
    futures = [[pool.submit(_chunk, kind, ref, settings.agents, settings.seed, a, b, extra)
                for a, b in _ranges(start, stop)] for kind, ref, start, stop, extra in jobs]
    out = []
    for fs in futures:
        recs: list[GameRecord] = []
        cpu = 0.0
        for f in fs:
            got, secs = f.result()
            recs += got
            cpu += secs
        out.append((recs, cpu))
    return out


# --- rows --------------------------------------------------------------------------------
def _variant_of(opt: Option, asked: str | None) -> str | None:
    if opt.variants is None or asked in opt.variants:
        return asked
    return opt.variants[0]


def _counts(game: str, variant: str | None) -> tuple[int, ...]:
    return tuple(spec_of(game).variant(variant).players)


def _changes_deal(ref: Ref, option: str, value: str, seeds: int = 3) -> bool:
    """True when the reading changes the components dealt at this seat count."""
    default, reading = _game(ref), _game(_with(ref, option, value))
    return any(default.new(seed=s) != reading.new(seed=s) for s in range(seeds))


def reading_rows(game: str, players: int | None, variant: str | None,
                 options: dict[str, str], wanted: Sequence[str] | None) -> list[Row]:
    """A row per non-default reading at the usual seat count; a reading whose option
    declares a symmetry (it changes which components take part) also at every other
    count where it changes the deal (TIN-A1 at three and at four seats)."""
    rows = []
    for opt in register_options(game):
        if wanted and opt.id not in wanted and opt.name not in wanted:
            continue
        v = _variant_of(opt, variant)
        usual = players or load_game(game, None, v, {}).players
        counts = [usual]
        if players is None and for_option(game, opt.name) is not None:
            counts += [c for c in _counts(game, v) if c != usual]
        for value in opt.values:
            if value == opt.default:
                continue
            for c in counts:
                ref: Ref = (game, c, v, tuple(sorted(options.items())))
                if c == usual or _changes_deal(ref, opt.name, value):
                    rows.append(Row("reading", ref, option=opt, reading=value))
    return rows


PROBE_DEALS = 60  # random play-outs per variant that tell where each clause shows itself


def _variant_refs(main: Ref) -> list[Ref]:
    """The main configuration, then each other variant at its usual seat count (with the
    main configuration's options that variant has)."""
    game, _, variant, options = main
    sp = spec_of(game)
    out = [main]
    for v in sp.variants:
        if v.name == variant:
            continue
        names = {o.name for o in sp.options_for(v.name)}
        opts = tuple((k, val) for k, val in options if k in names)
        out.append((game, load_game(game, None, v.name, dict(opts)).players, v.name, opts))
    return out


def clause_refs(main: Ref, seed: int = 0) -> dict[str, Ref]:
    """Where each clause that grants or guards a move is played barred: the main
    configuration when the clause shows itself there (:func:`~.play.activity`), else the
    first variant where it does (a special cart's clause under special carts, a solo
    clause in the solo game); a clause that shows itself nowhere under the default
    readings is played under the first reading of an option naming it that wakes it
    (in that option's variant), else in the main configuration."""
    deals = [game_seed(seed ^ 0xC1A5, i) for i in range(PROBE_DEALS)]
    refs = _variant_refs(main)
    seen = {ref: activity(_game(ref), deals) for ref in refs}
    sp = _game(main).spec
    by_variant = {ref[2]: ref for ref in refs}

    def woken(c: str) -> Ref:
        for o in sp.options:
            where = by_variant.get(o.variants[0] if o.variants else main[2])
            if c not in o.clauses or where is None:
                continue
            for value in o.values:
                ref = _with(where, o.name, value)
                if value != o.default and activity(_game(ref), deals).get(c, 0) > 0:
                    return ref
        return main

    return {c: next((ref for ref in refs if seen[ref].get(c, 0) > 0), None) or woken(c)
            for c in guarding(sp)}


def clause_rows(main: Ref, seed: int = 0) -> list[Row]:
    """A row per set of moves some clause grants or guards (restricted play bars them),
    played where the clause shows itself (:func:`clause_refs`); clauses that govern the
    same moves in the same configuration share the row."""
    where = clause_refs(main, seed)
    groups: dict[tuple[tuple[str, ...], Ref], list[str]] = {}
    for clause, moves in guarding(_game(main).spec).items():
        groups.setdefault((moves, where[clause]), []).append(clause)
    return [Row("clause", ref, clause=cs[0], moves=moves, also=tuple(cs[1:]))
            for (moves, ref), cs in groups.items()]


def check_symmetries(rows: Sequence[Row], settings: Settings) -> None:
    """Check each declared symmetry on the rows of its option; name it where it holds."""
    for row in rows:
        if row.option is None or row.reading is None:
            continue
        sym = for_option(row.ref[0], row.option.name)
        if sym is None:
            continue
        default, reading = _game(row.ref), _game(_with(row.ref, row.option.name, row.reading))
        seats = seat_agents(settings.agents.split(","), default.players)
        got = check(sym, default, reading, seats,
                    [game_seed(settings.seed ^ 0x5EED, i) for i in range(12)])
        row.checked = {"symmetry": sym.name, "holds": got.holds, "games": got.games,
                       "positions": got.positions, "failure": got.failure}
        row.equivalent = sym.name if got.holds else None


# --- sampling ----------------------------------------------------------------------------
def _scaled(e: stats.Estimate, k: float) -> stats.Estimate:
    return stats.Estimate(e.value * k, e.low * k, e.high * k, e.p, e.n)


def score_scale(base: Sequence[GameRecord]) -> float:
    """What a score shift is measured against: the default's mean spread of final scores,
    or, in a one-player game (no spread), the standard deviation of its score; at least 1."""
    if not base:
        return 1.0
    if len(base[0].scores) > 1:
        return max(1.0, sum(max(b.scores) - min(b.scores) for b in base) / len(base))
    own = [float(b.scores[0]) for b in base]
    mean = sum(own) / len(own)
    return max(1.0, math.sqrt(sum((v - mean) ** 2 for v in own) / max(1, len(own) - 1)))


def headline(row: Row, base: Sequence[GameRecord]) -> list[stats.Estimate]:
    """The row's headline estimates: per seat, the win-rate change and the mean score
    shift as a share of :func:`score_scale` (a barred clause: the barred seat's win-rate
    change)."""
    p = row.players
    recs, base = row.records, base[:len(row.records)]
    if row.kind == "clause":
        return [stats.mean_ci([share(c, i % p) - share(d, i % p)
                               for i, (c, d) in enumerate(zip(recs, base))])]
    spread = score_scale(base)
    out = []
    for s in range(p):
        out.append(stats.paired([share(r, s) for r in recs], [share(b, s) for b in base]))
        out.append(_scaled(stats.paired([r.scores[s] for r in recs],
                                        [b.scores[s] for b in base]), 1.0 / spread))
    return out


def _fires(row: Row, base: Sequence[GameRecord]) -> stats.Estimate:
    """Actions of the barred moves per game, in the unrestricted games."""
    return stats.mean_ci([float(sum(b.taken.get(m, 0) for m in row.moves)) for b in base])


def _next(row: Row, base: Sequence[GameRecord], settings: Settings, per_row: float) -> int:
    """The deals the row plays next, or 0 when it stops (``row.stopped`` says why)."""
    n = len(row.records)
    if row.kind == "clause" and _fires(row, base).value == 0:
        row.stopped = "never fires"
        return 0
    heads = headline(row, base)
    hw = stats.widest(heads)
    # a baseline goes on until it reads no-difference: at the half-width alone an estimate
    # of pure noise still lies outside the tolerance in one test of four
    inside = row.kind != "baseline" or all(e.inside(settings.tolerance) for e in heads)
    if hw <= settings.half_width and inside:
        row.stopped = "half-width"
        return 0
    if n >= settings.max_games:
        row.stopped = "max-games"
        return 0
    per_game = max(1e-6, row.cpu / n)
    # a baseline is sampled to the half-width whatever the budget: every verdict is read
    # against its noise, and it must itself read no-difference
    affordable = (settings.max_games if row.kind == "baseline"
                  else int((per_row - row.cpu) / per_game))
    if affordable < CHUNK:
        row.stopped = "budget"
        return 0
    wanted = math.ceil(n * (hw / settings.half_width) ** 2 * 1.05) if math.isfinite(hw) else 2 * n
    wanted = max(wanted, n + n // 2) if not inside else wanted
    return min(settings.max_games, n + affordable, max(n + CHUNK, min(4 * n, wanted)))


def sample(rows: list[Row], settings: Settings, pool: Any,
           progress: Progress | None = None) -> tuple[dict[Ref, list[GameRecord]], float]:
    """Sample every row until it stops: the default's games of each configuration, and
    the CPU seconds those took."""
    defaults: dict[Ref, list[GameRecord]] = {}
    default_cpu = 0.0
    # the baselines get a larger share: every verdict is read against their noise
    shares = sum(BASELINE_SHARE if r.kind == "baseline" else 1 for r in rows)
    per_row = settings.budget / (shares + len({r.ref for r in rows}))
    target = {id(r): settings.first for r in rows}
    active = list(rows)
    while active:
        need: dict[Ref, int] = {}
        for r in active:
            need[r.ref] = max(need.get(r.ref, 0), target[id(r)])
        jobs = [("default", ref, len(defaults.get(ref, [])), n, ())
                for ref, n in need.items() if n > len(defaults.get(ref, []))]
        for (_, ref, *_rest), (recs, cpu) in zip(jobs, _run(pool, settings, jobs)):
            defaults.setdefault(ref, []).extend(recs)
            default_cpu += cpu
        jobs = [(r.kind, r.ref, len(r.records), target[id(r)], _extra(r)) for r in active]
        for r, (recs, cpu) in zip(active, _run(pool, settings, jobs)):
            r.records += recs
            r.cpu += cpu
        for r in active:
            mine = per_row * (BASELINE_SHARE if r.kind == "baseline" else 1)
            target[id(r)] = _next(r, defaults[r.ref], settings, mine)
        active = [r for r in active if r.stopped is None]
        if progress:
            progress(len(rows) - len(active), len(rows), f"{len(active)} rows sampling")
    return defaults, default_cpu
