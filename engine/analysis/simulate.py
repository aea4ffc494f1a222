"""Many games by built-in agents: win rates, scores, game length, clause coverage, speed.

Game ``i`` of a run is played with the seed :func:`game_seed` ``(seed, i)``, both for the deal
and for the agents' RNG, so ``fruitspec play GAME --seed <that seed>`` replays any one of
them. Every statistic is accumulated exactly (integer sums, fractions for shared wins) and
merged in a fixed order, so the result is the same whatever the number of workers or the
backend; only the timing fields (``elapsed``, ``actions_per_second``,
``games_per_second``) vary.

Backends: one process; a :mod:`multiprocessing` pool (``workers > 1``); or a Dask
cluster (``cluster="local"`` or a scheduler address). Every backend takes its chunks of
games lazily and keeps only a few in flight, merging each tally as it arrives, so memory
does not grow with ``n`` (``-n 10000000000000`` starts at once and runs until stopped).

Why Dask rather than Ray: the work is embarrassingly parallel pure-Python chunks with
small results, which ``Client.submit`` and ``as_completed`` cover completely. Dask's
``distributed`` is a pure-Python wheel on every platform and Python version we support,
is already the project's optional ``cluster`` extra, and runs the same code on a laptop
(``LocalCluster``) and on a real cluster (a scheduler address). Ray would add a large
binary runtime, an object store and its own process supervisor that this job does not
need, and its wheels often lag new Python releases.

>>> from engine.analysis.simulate import simulate
>>> r = simulate("tindahan", 20, players=3, seed=1)
>>> r["n"], len(r["seats"])
(20, 3)
"""
from __future__ import annotations

import contextlib
import importlib
import logging
import math
import os
import signal
import sys
import time
from collections import deque
from fractions import Fraction
from typing import Any, Callable, Iterator, Mapping, Sequence, cast

import spec as _specs
from spec.common.errors import ConfigError
from spec.common.rng import mix

from engine.analysis.reports import Moments, SimulateReport
from engine.analysis.agents import _play, seat_agents
from engine.core.game import Game, load

Progress = Callable[[int, int], None]
_Z95 = 1.959963984540054
_MASK63 = (1 << 63) - 1


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a run started with ``seed`` (non-negative, 63 bits)."""
    first = cast(int, mix(seed))  # an int seed mixes to an int
    return cast(int, mix(first ^ i)) & _MASK63


# --- describing a game so that another process can load it ------------------------------
def _game_ref(game: Game) -> tuple:
    """A picklable, hashable recipe for ``game``: its registered name, or the module and
    attribute holding its spec (a spec that is not registered, e.g. in the tests)."""
    cfg = game.config
    conf = (cfg.players, cfg.variant, tuple(sorted(cfg.options.items())))
    try:
        if _specs.get(game.name) is game.spec:
            return ("name", game.name, *conf)
    except Exception:  # noqa: BLE001 - not a registered game
        pass
    for modname, module in list(sys.modules.items()):
        for attr, value in list(getattr(module, "__dict__", {}).items()):
            if value is game.spec:
                return ("module", f"{modname}:{attr}", *conf)
    raise ConfigError(f"cannot run {game.name!r} in other processes: its spec is not a"
                      " module-level object of an importable module")


_GAMES: dict[tuple, Game] = {}


def _from_ref(ref: tuple | Game) -> Game:
    if isinstance(ref, Game):
        return ref
    game = _GAMES.get(ref)
    if game is None:
        kind, where, players, variant, options = ref
        if kind == "name":
            game = load(where, players=players, options=dict(options), variant=variant)
        else:
            modname, attr = where.split(":")
            sp = getattr(importlib.import_module(modname), attr)
            game = Game(sp, sp.configure(players, variant, dict(options)))
        _GAMES[ref] = game
    return game


def _resolve(game: str | Game, players: int | None, options: Mapping[str, Any] | None,
             variant: str | None) -> Game:
    if isinstance(game, Game):
        if players is None and not options and variant is None:
            return game
        return Game(game.spec, game.spec.configure(
            players if players is not None else game.players,
            variant if variant is not None else game.variant,
            {**game.options, **(options or {})}))
    return load(game, players=players, options=options, variant=variant)


# --- exact, mergeable statistics ----------------------------------------------------------
class _Tally:
    """Exact sums over a set of games; merging two tallies is order-independent."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.n = 0
        self.actions = 0
        self.wins = [Fraction(0)] * players
        self.outright = [0] * players
        self.shared = 0
        self.s1 = [0] * players
        self.s2 = [0] * players
        self.lo: list[int | None] = [None] * players
        self.hi: list[int | None] = [None] * players
        self.l1 = self.l2 = 0
        self.llo: int | None = None
        self.lhi: int | None = None
        self.clauses: dict[str, int] = {}

    def add(self, scores: Sequence[int], winners: Sequence[int], length: int,
            clauses: Mapping[str, int]) -> None:
        self.n += 1
        self.actions += length
        if winners:
            share = Fraction(1, len(winners))
            for w in winners:
                self.wins[w] += share
            if len(winners) == 1:
                self.outright[winners[0]] += 1
            else:
                self.shared += 1
        for i, v in enumerate(scores):
            self.s1[i] += v
            self.s2[i] += v * v
            lo, hi = self.lo[i], self.hi[i]
            self.lo[i] = v if lo is None or v < lo else lo
            self.hi[i] = v if hi is None or v > hi else hi
        self.l1 += length
        self.l2 += length * length
        self.llo = length if self.llo is None or length < self.llo else self.llo
        self.lhi = length if self.lhi is None or length > self.lhi else self.lhi
        for k, c in clauses.items():
            self.clauses[k] = self.clauses.get(k, 0) + c

    def merge(self, other: "_Tally") -> None:
        def lo(a: int | None, b: int | None) -> int | None:
            return b if a is None else a if b is None else min(a, b)

        def hi(a: int | None, b: int | None) -> int | None:
            return b if a is None else a if b is None else max(a, b)

        self.n += other.n
        self.actions += other.actions
        self.shared += other.shared
        for i in range(self.players):
            self.wins[i] += other.wins[i]
            self.outright[i] += other.outright[i]
            self.s1[i] += other.s1[i]
            self.s2[i] += other.s2[i]
            self.lo[i] = lo(self.lo[i], other.lo[i])
            self.hi[i] = hi(self.hi[i], other.hi[i])
        self.l1 += other.l1
        self.l2 += other.l2
        self.llo, self.lhi = lo(self.llo, other.llo), hi(self.lhi, other.lhi)
        for k, c in other.clauses.items():
            self.clauses[k] = self.clauses.get(k, 0) + c


def _moments(n: int, s1: int, s2: int, lo: int | None, hi: int | None) -> Moments:
    if n == 0:
        return {"mean": None, "stdev": None, "min": None, "max": None}
    var = Fraction(n * s2 - s1 * s1, n * (n - 1)) if n > 1 else Fraction(0)
    return {"mean": round(s1 / n, 6), "stdev": round(math.sqrt(var), 6), "min": lo, "max": hi}


def wilson(successes: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``successes`` may be fractional: split wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6))


# --- running chunks of games ---------------------------------------------------------------
def _chunk(ref: tuple | Game, agents: tuple[str, ...], seed: int, start: int, stop: int) -> _Tally:
    """Play games ``start..stop-1`` of a run (the unit of work of every backend)."""
    game = _from_ref(ref)
    seats = seat_agents(list(agents), game.players)
    tally = _Tally(game.players)
    for i in range(start, stop):
        rec = _play(game, seats, game_seed(seed, i), None, False, False)
        tally.add(rec.scores, rec.winners, rec.length, rec.clauses)
    return tally


def _chunk_args(args: tuple) -> _Tally:
    return _chunk(*args)


def _ranges(n: int, size: int) -> Iterator[tuple[int, int]]:
    # lazily: a run of 10**13 games must not build its chunk list before the first game
    return ((i, min(n, i + size)) for i in range(0, n, size))


def useful_workers(workers: int, n: int) -> int:
    """The number of worker processes worth starting: never more than the games, nor
    than the machine's cores."""
    return max(1, min(workers, n, os.cpu_count() or 1))


def _quiet_worker() -> None:
    # Ctrl-C on a terminal reaches the whole process group: the parent stops the pool,
    # so a worker's own KeyboardInterrupt traceback would only add noise
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _bounded(submit: Callable[[tuple[int, int]], Any], wait: Callable[[Any], _Tally],
             ranges: Iterator[tuple[int, int]], window: int, n: int,
             progress: Progress | None) -> _Tally | None:
    """Run chunks with at most ``window`` in flight, merging each tally as it arrives
    (tallies are exact sums, so the order of merging does not change the result)."""
    pending: deque[Any] = deque()
    total: _Tally | None = None
    done = 0

    def collect() -> None:
        nonlocal total, done
        tally = wait(pending.popleft())
        if total is None:
            total = tally
        else:
            total.merge(tally)
        done += tally.n
        if progress:
            progress(done, n)

    for rng in ranges:
        pending.append(submit(rng))
        while len(pending) >= window or (pending and _ready(pending[0])):
            collect()
    while pending:
        collect()
    return total


def _ready(job: Any) -> bool:
    ready = getattr(job, "ready", None) or getattr(job, "done", None)
    return bool(ready and ready())


def _run_local(ref: tuple | Game, agents: tuple[str, ...], seed: int, n: int, workers: int,
               progress: Progress | None) -> list[_Tally]:
    if workers <= 1:
        size = max(1, min(500, n // 50 or 1))
        total = _bounded(lambda r: _chunk(ref, agents, seed, *r), lambda t: t,
                         _ranges(n, size), 1, n, progress)
        return [total] if total is not None else []
    import multiprocessing as mp

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    size = max(1, min(500, n // (workers * 8) or 1))
    # workers are born ignoring SIGINT, which a terminal sends them too: the initializer
    # alone would leave a moment, before it runs, when a Ctrl-C gives a worker a traceback
    # (a Ctrl-C during the few milliseconds of the forks is ignored; the parent has no
    # pool to stop yet)
    with _sigint_ignored():
        pool = mp.get_context(method).Pool(workers, initializer=_quiet_worker)
    try:
        total = _bounded(lambda r: pool.apply_async(_chunk, (ref, agents, seed, *r)),
                         lambda job: job.get(), _ranges(n, size), workers * 4, n, progress)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return [total] if total is not None else []


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while child processes start (they keep ignoring it), then restore."""
    try:
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals cannot be changed, nor reach us
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _client(cluster: Any, workers: int) -> tuple[Any, Callable[[], None]]:
    """A Dask client for ``cluster`` and a function that releases what we started."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise ConfigError("the cluster backend needs Dask: pip install 'fruitspec[cluster]'"
                          ) from exc
    if isinstance(cluster, Client):
        return cluster, lambda: None
    if not isinstance(cluster, str) or not cluster:
        raise ConfigError(f"cluster must be 'local', 'local-threads' or an address,"
                          f" not {cluster!r}")
    if cluster in ("local", "local-threads"):
        # the cluster's own warnings (tasks cancelled, workers killed on Ctrl-C) are not
        # the user's business: our one line says what happened
        # (":0": a free port for the dashboard, never a clash with another cluster on 8787)
        with _sigint_ignored():  # worker processes inherit it: Ctrl-C is the parent's
            lc = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                              processes=cluster == "local", dashboard_address=":0",
                              silence_logs=logging.CRITICAL)
        client = Client(lc)

        def close() -> None:
            client.close()
            lc.close()

        return client, close
    try:
        client = Client(cluster, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise ConfigError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
    return client, client.close


def _run_dask(ref: tuple | Game, agents: tuple[str, ...], seed: int, n: int, workers: int,
              cluster: Any, progress: Progress | None) -> list[_Tally]:
    client, close = _client(cluster, workers)
    try:
        size = max(1, min(500, n // 64 or 1))
        window = max(4, 4 * len(client.scheduler_info().get("workers", ())))
        total = _bounded(lambda r: client.submit(_chunk, ref, agents, seed, *r, pure=False),
                         lambda fut: fut.result(), _ranges(n, size), window, n, progress)
        return [total] if total is not None else []
    finally:
        close()


def simulate(game: str | Game, n: int, *, players: int | None = None, seed: int = 0,
             workers: int = 1, agents: Sequence[str] | str = ("random",),
             options: Mapping[str, Any] | None = None, variant: str | None = None,
             cluster: Any = None, progress: Progress | None = None) -> SimulateReport:
    """Play ``n`` games and return JSON-ready statistics (see the module docstring).

    ``agents`` names one agent per seat (a shorter list is cycled). ``cluster`` is
    ``"local"`` (a Dask ``LocalCluster`` of ``workers`` processes), ``"local-threads"``,
    a scheduler address, or a ``dask.distributed.Client``.
    """
    if not isinstance(n, int) or n < 1:
        raise ConfigError(f"the number of games must be a positive int, not {n!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"workers must be a positive int, not {workers!r}")
    g = _resolve(game, players, options, variant)
    names = (agents,) if isinstance(agents, str) else tuple(agents)
    seats = seat_agents(list(names), g.players)  # validates the names
    ref: tuple | Game = _game_ref(g) if (workers > 1 or cluster is not None) else g
    t0 = time.perf_counter()
    if cluster is not None:
        parts = _run_dask(ref, names, seed, n, workers, cluster, progress)
        backend = "dask"
    else:
        parts = _run_local(ref, names, seed, n, workers, progress)
        backend = "processes" if workers > 1 else "serial"
    elapsed = time.perf_counter() - t0
    total = _Tally(g.players)
    for part in parts:
        total.merge(part)
    return _report(g, total, names=[a.name for a in seats], seed=seed, workers=workers,
                   backend=backend, elapsed=elapsed)


def _report(g: Game, t: _Tally, *, names: list[str], seed: int, workers: int, backend: str,
            elapsed: float) -> SimulateReport:
    seats = []
    for i in range(g.players):
        wins = float(t.wins[i])
        lo, hi = wilson(wins, t.n)
        seats.append({"seat": i, "agent": names[i], "wins": round(wins, 6),
                      "outright_wins": t.outright[i],
                      "win_rate": round(wins / t.n, 6), "win_rate_ci95": [lo, hi],
                      "score": _moments(t.n, t.s1[i], t.s2[i], t.lo[i], t.hi[i])})
    declared = [c.id for c in g.spec.clauses if c.kind == "rule"]
    fired = dict(sorted(t.clauses.items()))
    return {
        "game": g.name, "players": g.players, "variant": g.variant, "options": g.options,
        "agents": names, "n": t.n, "seed": seed, "workers": workers, "backend": backend,
        "seats": seats, "shared_wins": t.shared,
        "length": _moments(t.n, t.l1, t.l2, t.llo, t.lhi),
        "actions": t.actions,
        "clauses": fired,
        "coverage": {"fired": sum(1 for c in declared if c in fired), "rules": len(declared),
                     "never_fired": [c for c in declared if c not in fired]},
        "elapsed": round(elapsed, 4),
        "actions_per_second": round(t.actions / elapsed, 1) if elapsed > 0 else None,
        "games_per_second": round(t.n / elapsed, 2) if elapsed > 0 else None,
    }


#: Result fields that measure the machine, not the games.
TIMING_FIELDS = ("elapsed", "actions_per_second", "games_per_second", "workers", "backend")


def statistics(result: Mapping[str, Any]) -> dict[str, Any]:
    """``result`` without its timing fields: equal for equal seeds, whatever the backend."""
    return {k: v for k, v in result.items() if k not in TIMING_FIELDS}


# --- comparing the readings of an option ----------------------------------------------------
def compare(game: str | Game, option: str, n: int, *, players: int | None = None,
            seed: int = 0, agents: Sequence[str] | str = ("random",),
            variant: str | None = None, options: Mapping[str, Any] | None = None,
            progress: Progress | None = None) -> dict[str, Any]:
    """Play the same ``n`` deals, with the same agent seeds, under each reading of ``option``.

    For every other reading, report how often the winners, the final scores and the
    sequence of actions differ from the default reading's game with the same seed.
    """
    if not isinstance(n, int) or n < 1:
        raise ConfigError(f"the number of games must be a positive int, not {n!r}")
    base = _resolve(game, players, options, variant)
    known = {o.name: o for o in base.spec.options_for(base.variant)}
    opt = known.get(option) or next((o for o in known.values() if o.id == option), None)
    if opt is None:
        raise ConfigError(f"{base.name} has no option {option!r}"
                          f" (options: {', '.join(sorted(known)) or 'none'})")
    default = (options or {}).get(opt.name, opt.default)
    default = str(default).lower() if isinstance(default, bool) else str(default)
    readings = [default] + [v for v in opt.values if v != default]
    games = {r: _resolve(base, None, {opt.name: r}, None) for r in readings}
    names = (agents,) if isinstance(agents, str) else tuple(agents)
    seats = seat_agents(list(names), base.players)
    t0 = time.perf_counter()
    per: dict[str, _Tally] = {r: _Tally(base.players) for r in readings}
    diff: dict[str, dict[str, Any]] = {
        r: {"winner": 0, "scores": 0, "actions": 0, "length": 0, "delta": [0] * base.players}
        for r in readings[1:]}
    for i in range(n):
        s = game_seed(seed, i)
        recs = {r: _play(games[r], seats, s, None, False, True) for r in readings}
        ref = recs[default]
        for r, rec in recs.items():
            per[r].add(rec.scores, rec.winners, rec.length, rec.clauses)
            if r == default:
                continue
            d = diff[r]
            d["winner"] += sorted(rec.winners) != sorted(ref.winners)
            d["scores"] += rec.scores != ref.scores
            d["actions"] += rec.actions != ref.actions
            d["length"] += rec.length - ref.length
            for j in range(base.players):
                d["delta"][j] += rec.scores[j] - ref.scores[j]
        if progress:
            progress(i + 1, n)
    elapsed = time.perf_counter() - t0

    def summary(r: str) -> dict[str, Any]:
        t = per[r]
        return {"reading": r, "text": opt.reading(r).text,
                "win_rates": [round(float(w) / n, 6) for w in t.wins],
                "mean_scores": [round(s / n, 6) for s in t.s1],
                "mean_length": round(t.l1 / n, 6)}

    pairs = []
    for r in readings[1:]:
        d = diff[r]
        pairs.append({"reading": r, "vs": default,
                      "winner_differs": d["winner"], "winner_differs_rate": round(d["winner"] / n, 6),
                      "scores_differ": d["scores"], "scores_differ_rate": round(d["scores"] / n, 6),
                      "actions_differ": d["actions"],
                      "mean_score_delta": [round(x / n, 6) for x in d["delta"]],
                      "mean_length_delta": round(d["length"] / n, 6)})
    return {"game": base.name, "players": base.players, "variant": base.variant,
            "options": {k: v for k, v in base.options.items() if k != opt.name},
            "option": opt.name, "id": opt.id, "default": default, "readings": readings,
            "agents": [a.name for a in seats], "n": n, "seed": seed,
            "per_reading": [summary(r) for r in readings], "pairs": pairs,
            "elapsed": round(elapsed, 4)}


# --- display --------------------------------------------------------------------------------
def render(result: Mapping[str, Any], console: Any) -> None:
    """Print a :func:`simulate` or :func:`compare` result as rich tables."""
    if "pairs" in result:
        _render_compare(result, console)
        return
    from rich.markup import escape
    from rich.table import Table

    opts = ", ".join(f"{k}={v}" for k, v in result["options"].items()) or "defaults"
    head = (f"{result['game']}, {result['players']} players"
            + (f", variant {result['variant']}" if result["variant"] else "")
            + f", {result['n']} games, seed {result['seed']} ({opts})")
    console.print(head, markup=False)
    t = Table()
    for col in ("seat", "agent", "win rate", "95% CI", "mean score", "stdev", "min", "max"):
        t.add_column(col, justify="right" if col not in ("agent",) else "left")
    for s in result["seats"]:
        sc = s["score"]
        t.add_row(str(s["seat"]), s["agent"], f"{s['win_rate']:.1%}",
                  f"{s['win_rate_ci95'][0]:.1%}-{s['win_rate_ci95'][1]:.1%}",
                  f"{sc['mean']:.2f}", f"{sc['stdev']:.2f}", str(sc["min"]), str(sc["max"]))
    console.print(t)
    ln = result["length"]
    console.print(f"game length: mean {ln['mean']:.1f} actions (stdev {ln['stdev']:.1f},"
                  f" {ln['min']}-{ln['max']}); shared wins: {result['shared_wins']}")
    cov = result["coverage"]
    title = _clause_titles(result["game"])
    console.print(f"clauses fired: {cov['fired']} of the {cov['rules']} rule clauses")
    c = Table()
    c.add_column("clause", no_wrap=True)
    c.add_column("what it says")
    c.add_column("events", justify="right")
    c.add_column("per game", justify="right")
    for k, v in result["clauses"].items():
        c.add_row(k, escape(title.get(k, "")), str(v), f"{v / result['n']:.2f}")
    console.print(c)
    if cov["never_fired"]:
        console.print("never fired: " + "; ".join(
            f"{k} ({title[k]})" if title.get(k) else k for k in cov["never_fired"]),
            markup=False)
    aps = result["actions_per_second"]
    console.print(f"{result['actions']} actions in {result['elapsed']:.2f} s"
                  f" ({aps:,.0f} actions/s, {result['games_per_second']:,.1f} games/s;"
                  f" {result['backend']}, {result['workers']} worker(s))")


def _clause_titles(game: str) -> dict[str, str]:
    """Each clause's short title (its first sentence), for tables that list clause IDs."""
    from engine.core.catalog import short_title

    try:
        sp = _specs.get(game)
    except Exception:  # noqa: BLE001 - a spec that is not registered (tests' toy games)
        return {}
    return {c.id: short_title(c.text) for c in sp.clauses}


def _question(game: str, option: str) -> str:
    try:
        return _specs.get(game).catalogue.option(option).question
    except Exception:  # noqa: BLE001 - an unregistered spec or option: no question to show
        return ""


def _render_compare(result: Mapping[str, Any], console: Any) -> None:
    from rich.table import Table

    n = result["n"]
    console.print(f"{result['game']} {result['id']} (option {result['option']}):"
                  f" {_question(result['game'], result['option'])}", markup=False)
    console.print(f"{n} deals, seed {result['seed']}, default reading {result['default']}",
                  markup=False)
    t = Table()
    for col in ("reading", "win rates", "mean scores", "mean length"):
        t.add_column(col)
    for r in result["per_reading"]:
        t.add_row(r["reading"] + (" (default)" if r["reading"] == result["default"] else ""),
                  " ".join(f"{w:.0%}" for w in r["win_rates"]),
                  " ".join(f"{s:.1f}" for s in r["mean_scores"]), f"{r['mean_length']:.1f}")
    console.print(t)
    console.print("against the default reading:")
    p = Table()
    for col in ("reading", "winner differs", "scores differ", "actions differ",
                "mean score change"):
        p.add_column(col)
    for r in result["pairs"]:
        p.add_row(r["reading"], f"{r['winner_differs']} ({r['winner_differs_rate']:.1%})",
                  f"{r['scores_differ']} ({r['scores_differ_rate']:.1%})",
                  f"{r['actions_differ']}",
                  " ".join(f"{d:+.2f}" for d in r["mean_score_delta"]))
    console.print(p)


__all__ = ["TIMING_FIELDS", "compare", "game_seed", "render", "simulate",
           "statistics", "wilson"]
