"""Move-by-move proofs at the real sizes: every branch of every move against every invariant.

A game that declares a model on counts (``spec/<game>/abstract.py``, written with
:mod:`spec.common.abstract`) gets one obligation per

* branch × invariant: from any state within the declared bounds that satisfies every
  invariant and the branch's guard, the branch's successor satisfies the invariant
  (``bounds``: lies within the declared bounds again);
* branch × ``measure``: the successor's termination measure is lexicographically smaller
  (every component stays a natural number);
* set-up × invariant: every set-up satisfies it;
* ``playable``: every such state that is not final lets some move's branch apply;

at each player count (a variant with a model of its own, such as Fruit Passion's one
player, at its own), under the default readings and under each other reading alone. An
obligation is built once under the defaults while the options it reads are noted: only a
reading of an option it read can change it, so only those readings get their own
obligation (the others share the default's proof). Z3 answers each: ``unsat`` of the
negation is ``proved``, a model a ``counterexample`` (decoded into the counts of a state
and the branch's parameters), anything else ``unknown`` -- a failure.

Why counts, and not the plain Python effects: symbolic execution of Tindahan's seller
effect (crosshair-tool) confirmed TIN-I2 over all its paths in about 1.4 s and found a
planted fault in 1.2 s, but only on a hand-built state whose hands were fixed cards; it
walks the paths of one state shape, and says nothing for every hand and every deck. The
counts do, and ``proofs/agreement.py`` holds them to the engine's own steps.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, TypeVar

import z3

from spec.common.abstract import Abs, Model, Step, choices, flat, lex_less
from spec.common.core import Config

from .core import value

MODELS: dict[str, str] = {
    "tindahan": "spec.tindahan.abstract",
    "tanuki-market": "spec.tanuki_market.abstract",
    "bastos": "spec.bastos.abstract",
    "fruit-passion": "spec.fruit_passion.abstract",
}
MANIFEST = Path(__file__).resolve().parent / "obligations.json"
PROVED, COUNTEREXAMPLE, UNKNOWN = "proved", "counterexample", "unknown"
DEFAULT = "default"
Decoded = tuple[str, dict[str, Any]]  # a counterexample's text and its counts by name


def model(game: str, variant: str | None = None) -> Model | None:
    """The game's model on counts (of ``variant``), or None when it declares none."""
    name = MODELS.get(game)
    if not name:
        return None
    module = importlib.import_module(name)
    return module.MODEL if variant is None else getattr(module, "VARIANTS", {}).get(variant)


class Reading(dict[str, str]):
    """A game's options that notes every option a rule looks up."""

    def __init__(self, options: Mapping[str, str]) -> None:
        super().__init__(options)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> str:
        self.read.add(key)
        return super().__getitem__(key)


@dataclass(frozen=True)
class Obligation:
    """One proof goal: its ID, what it checks, and how to build its Z3 claim."""

    id: str
    game: str
    move: str
    invariant: str
    reading: str
    players: int
    build: Callable[[Config], tuple[list[Any], Any, Callable[[z3.ModelRef], Decoded]]] = \
        field(compare=False, repr=False)
    options: Mapping[str, str] = field(default_factory=dict, compare=False)
    variant: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # ``build`` is a closure, which pickle cannot send to a worker process: the worker
        # finds it again among the goals of the same model, by move and invariant
        return _rebuilt, (self.id, self.game, self.move, self.invariant, self.reading,
                          self.players, dict(self.options), self.variant)


def _rebuilt(id: str, game: str, move: str, invariant: str, reading: str, players: int,
             options: dict[str, str], variant: str | None) -> Obligation:
    return Obligation(id, game, move, invariant, reading, players,
                      _builders(game, variant)[move, invariant], options, variant)


@dataclass
class Verdict:
    """An obligation's status after a run, with what Z3 found when it was no proof."""

    obligation: Obligation
    status: str
    seconds: float
    detail: str = ""
    #: a counterexample's state, one count a name (``hand[2]``), and its parameters
    counts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        o = self.obligation
        return {"id": o.id, "move": o.move, "invariant": o.invariant, "reading": o.reading,
                "players": o.players, "status": self.status,
                "seconds": round(self.seconds, 4)}


# --- Z3 terms for an abstract state -----------------------------------------------------------
def symbolic_state(m: Model, cfg: Config, tag: str) -> tuple[Abs, list[Any]]:
    """Fresh Z3 integers for every count, and the declared ranges they lie in."""
    a: Abs = {}
    ranges: list[Any] = []
    for f in m.fields:
        lo, hi = f.limits(cfg)
        a[f.name] = _terms(f"{tag}.{f.name}", f.shape(cfg), lo, hi, ranges)
    return a, ranges


def _terms(name: str, shape: tuple[int, ...], lo: int, hi: int, ranges: list[Any]) -> Any:
    if not shape:
        t = z3.Int(name)
        ranges.append(z3.And(lo <= t, t <= hi))
        return t
    return [_terms(f"{name}[{i}]", shape[1:], lo, hi, ranges) for i in range(shape[0])]


def within(m: Model, cfg: Config, a: Abs) -> Any:
    """The counts lie within the declared bounds."""
    out: list[Any] = []
    for f in m.fields:
        lo, hi = f.limits(cfg)
        out.extend(z3.And(lo <= v, v <= hi) for k, v in flat({f.name: a[f.name]}).items())
    return z3.And(*out)


def _params(step: Step, cfg: Config) -> tuple[dict[str, Any], list[Any]]:
    p, ranges = {}, []
    for key, (lo, hi) in step.ranges(cfg).items():
        p[key] = z3.Int(f"param.{key}")
        ranges.append(z3.And(lo <= p[key], p[key] <= hi))
    return p, ranges


def _decoder(a: Abs, p: Mapping[str, Any], step: str) -> Callable[[z3.ModelRef], Decoded]:
    def decode(mdl: z3.ModelRef) -> Decoded:
        counts = {k: value(mdl, v) for k, v in flat(a).items()}
        chosen = {f"param.{k}": value(mdl, v) for k, v in p.items()}
        shown = ", ".join(f"{k}={v}" for k, v in counts.items())
        args = ", ".join(f"{k[6:]}={v}" for k, v in chosen.items())
        return f"{step}({args}) from {shown}", {**counts, **chosen}
    return decode


def _holds(inv_id: str, m: Model) -> Callable[[Config, Abs], Any]:
    for inv in m.invariants:
        if inv.id == inv_id:
            return inv.holds
    raise KeyError(inv_id)


def _all(m: Model, cfg: Config, a: Abs) -> list[Any]:
    return [inv.holds(cfg, a) for inv in m.invariants]


# --- the obligations -------------------------------------------------------------------------
def _step_goal(m: Model, step: Step, target: str) -> Callable[[Config], Any]:
    def build(cfg: Config) -> tuple[list[Any], Any, Callable[[z3.ModelRef], Decoded]]:
        a, ranges = symbolic_state(m, cfg, "s")
        p, pr = _params(step, cfg)
        given = [*ranges, *pr, *_all(m, cfg, a), step.guard(cfg, a, p)]
        b = step.effect(cfg, a, p)
        if target == "bounds":
            claim = within(m, cfg, b)
        elif target == "measure":
            given.append(z3.Not(m.final(cfg, a)))
            new, old = m.measure(cfg, b), m.measure(cfg, a)
            claim = z3.And(lex_less(new, old), *(v >= 0 for v in new))
        else:
            claim = _holds(target, m)(cfg, b)
        return given, claim, _decoder(a, p, step.name)
    return build


def _setup_goal(m: Model, target: str) -> Callable[[Config], Any]:
    def build(cfg: Config) -> tuple[list[Any], Any, Callable[[z3.ModelRef], Decoded]]:
        a, ranges = symbolic_state(m, cfg, "s")
        claim = within(m, cfg, a) if target == "bounds" else _holds(target, m)(cfg, a)
        return [*ranges, m.setup(cfg, a)], claim, _decoder(a, {}, "setup")
    return build


def _playable_goal(m: Model) -> Callable[[Config], Any]:
    def build(cfg: Config) -> tuple[list[Any], Any, Callable[[z3.ModelRef], Decoded]]:
        a, ranges = symbolic_state(m, cfg, "s")
        given = [*ranges, *_all(m, cfg, a), z3.Not(m.final(cfg, a))]
        claim = z3.Or(*(step.guard(cfg, a, p) for step in m.steps for p in choices(step, cfg)))
        return given, claim, _decoder(a, {}, "no move")
    return build


def _targets(m: Model) -> list[str]:
    return [inv.id for inv in m.invariants] + ["bounds", "measure"]


def _goals(m: Model) -> Iterator[tuple[str, str, Callable[[Config], Any]]]:
    """(move, invariant, builder) for every goal of the model, at any size."""
    for target in [inv.id for inv in m.invariants] + ["bounds"]:
        yield "setup", target, _setup_goal(m, target)
    for step in m.steps:
        for target in _targets(m):
            yield step.name, target, _step_goal(m, step, target)
    yield "*", "playable", _playable_goal(m)


def configurations(game: str) -> list[tuple[str | None, int]]:
    """(variant, player count) for each size a model describes: the base game's player
    counts, then those of each variant that declares a model of its own."""
    import spec as specs

    out: list[tuple[str | None, int]] = [(None, n) for n in player_counts(game)]
    for v in specs.get(game).variants:
        if v.name is not None and model(game, v.name) is not None:
            out += [(v.name, n) for n in v.players]
    return out


def player_counts(game: str) -> list[int]:
    """The player counts of the game's base variant, the one the models describe."""
    import spec as specs

    return sorted({n for v in specs.get(game).variants if v.name is None for n in v.players})


Goal = tuple[str, str, Callable[[Config], Any]]  # move, invariant, builder


@functools.lru_cache(maxsize=None)
def _sizes(game: str) -> list[tuple[Config, list[Goal]]]:
    """Each size's configuration under the defaults, with its model's goals."""
    import spec as specs

    out = []
    for variant, n in configurations(game):
        m = model(game, variant)
        assert m is not None
        out.append((specs.get(game).configure(n, variant, None), list(_goals(m))))
    return out


@functools.lru_cache(maxsize=None)
def _builders(game: str, variant: str | None) -> dict[tuple[str, str], Callable[[Config], Any]]:
    m = model(game, variant)
    assert m is not None
    return {(move, target): build for move, target, build in _goals(m)}


def _readings(game: str, cfg: Config) -> Iterator[tuple[str, str]]:
    import spec as specs

    for opt in specs.get(game).options_for(cfg.variant):  # the options of its variant
        for r in opt.readings:
            if r.value != cfg.options[opt.name]:
                yield opt.name, r.value


def variant_tag(variant: str | None) -> str:
    """What a variant's obligation IDs add after the player count, when the base game has
    that count too (``-special`` for ``special-carts``): its name's first word."""
    return "" if variant is None else "-" + variant.split("-")[0]


def _reached(build: Callable[[Config], Any], cfg: Config) -> set[str]:
    """The options the goal's functions look up while it is built."""
    seen = Reading(cfg.options)
    build(dataclasses.replace(cfg, options=seen))
    return seen.read


def obligations(game: str, readings: bool = True,
                only: str | None = None) -> list[Obligation]:
    """Every obligation of one game (only the defaults' unless ``readings``); with
    ``only``, just the one of that ID (nothing else is built)."""
    if model(game) is None:
        return []
    return [o for k, j in _units(game) for o in _unit(game, k, j, readings, only)]


def _units(game: str) -> list[tuple[int, int]]:
    """(size, goal) indices, in the order the obligations are listed."""
    return [(k, j) for k, (_, goals) in enumerate(_sizes(game)) for j in range(len(goals))]


def _unit(game: str, k: int, j: int, readings: bool, only: str | None) -> list[Obligation]:
    """The obligations of goal ``j`` at size ``k``: the defaults', then one for each
    reading of an option the goal reads."""
    import spec as specs

    cfg, goals = _sizes(game)[k]
    move, target, build = goals[j]
    tag = variant_tag(cfg.variant) if cfg.players in player_counts(game) else ""
    base = f"{specs.get(game).prefix}-O-{move.replace('/', '.')}-{target}-{cfg.players}p{tag}"
    base = base.replace("-*-", "-any-")
    if only is not None and only != base and not only.startswith(base + "-"):
        return []
    out = [Obligation(base, game, move, target, DEFAULT, cfg.players, build,
                      dict(cfg.options), cfg.variant)]
    if readings:
        reached = _reached(build, cfg)
        out += [Obligation(f"{base}-{name}={val}", game, move, target, f"{name}={val}",
                           cfg.players, build, {**cfg.options, name: val}, cfg.variant)
                for name, val in _readings(game, cfg) if name in reached]
    return out


def endless(game: str) -> Mapping[str, str]:
    m = model(game)
    return m.endless if m else {}


def _preprocessed() -> z3.Solver:
    return z3.Then("simplify", "propagate-values", "solve-eqs", "smt").solver()


#: How Z3 is asked, in turn while it answers unknown, each with a multiple of the
#: timeout. First with the equalities solved and the values propagated before the search:
#: a successor's counts are mostly the old ones or terms of them, and once substituted
#: the search is small (Tanuki Market's keep and take branches against TAN-I4 with
#: special carts at five seats: 0.1 s instead of 5 to 20 s, which on a loaded machine
#: crossed the timeout; its five-seat defaults in two thirds of the time, the same
#: verdicts in every game). Then, should that answer unknown, the plain solver with
#: three times as long.
STRATEGIES: tuple[tuple[Callable[[], z3.Solver], int], ...] = (
    (_preprocessed, 1), (z3.Solver, 3))


def check(ob: Obligation, timeout_ms: int = 20000) -> Verdict:
    """Prove one obligation (a fresh Z3 context, so its answer depends on it alone), by
    each of :data:`STRATEGIES` in turn until one answers."""
    import spec as specs

    from .runner import fresh_z3_context

    fresh_z3_context()
    t0 = time.perf_counter()
    cfg = specs.get(ob.game).configure(ob.players, ob.variant, dict(ob.options))
    given, claim, decode = ob.build(cfg)
    why = []
    for make, times in STRATEGIES:
        s = make()
        s.set("timeout", timeout_ms * times)
        s.add(*given, z3.Not(claim))
        verdict = s.check()
        if verdict == z3.unsat:
            return Verdict(ob, PROVED, time.perf_counter() - t0)
        if verdict == z3.sat:
            text, counts = decode(s.model())
            return Verdict(ob, COUNTEREXAMPLE, time.perf_counter() - t0, text, counts)
        why.append(s.reason_unknown())
    return Verdict(ob, UNKNOWN, time.perf_counter() - t0,
                   f"Z3 answered unknown ({'; then '.join(why)})")


def run(game: str | None = None, readings: bool = False, only: str | None = None,
        timeout_ms: int = 20000, jobs: int = 1) -> list[Verdict]:
    """Check the obligations of one game (or all), or the one with ID ``only``; with
    ``jobs`` > 1 in that many processes, the verdicts in the same order."""
    games = [_game_key(game)] if game else list(MODELS)
    games = [g for g in games if g in MODELS]
    if only is None:
        units = [(g, k, j) for g in games if model(g) is not None for k, j in _units(g)]
        work = functools.partial(_checked, readings=readings, timeout_ms=timeout_ms)
        return [v for found in in_processes(work, units, jobs) for v in found]
    obs = [o for g in games for o in obligations(g, only=only) if o.id == only]
    if not obs:
        from spec.common.errors import ConfigError
        raise ConfigError(f"no obligation {only!r}; `fruitspec prove GAME --json` lists"
                          " them")
    return [check(o, timeout_ms) for o in obs]


def _checked(unit: tuple[str, int, int], readings: bool, timeout_ms: int) -> list[Verdict]:
    """List one goal's obligations and check them (in a worker: listing builds the goal
    to see which options it reads, a cost of the order of a check, so it is shared out
    too)."""
    return [check(o, timeout_ms) for o in _unit(*unit, readings, None)]


T = TypeVar("T")
U = TypeVar("U")


def in_processes(fn: Callable[[T], U], items: list[T], jobs: int) -> list[U]:
    """``fn`` over ``items`` in order, in ``jobs`` worker processes when more than one."""
    if jobs <= 1 or len(items) <= 1:
        return list(map(fn, items))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(min(jobs, len(items))) as pool:
        return list(pool.map(fn, items))


def _game_key(game: str) -> str:
    from .runner import MODULES

    key = game.strip().lower().replace("_", "-")
    if key not in MODULES:
        from spec.common.errors import ConfigError
        raise ConfigError(f"unknown game {game!r} (games: {', '.join(MODULES)})")
    return key


@functools.lru_cache(maxsize=1)
def expected() -> dict[str, str]:
    """The status each obligation should end with, by ID: ``proved`` unless recorded."""
    try:
        return dict(json.loads(MANIFEST.read_text(encoding="utf-8"))["expected"])
    except FileNotFoundError:
        return {}


def as_expected(v: Verdict) -> bool:
    """Proved as the manifest expects, or a counterexample it expects and that has been
    classified (``proofs/counterexamples.py``); ``unknown`` never is."""
    if v.status == UNKNOWN or v.status != expected().get(v.obligation.id, PROVED):
        return False
    return v.status == PROVED or classified(v) is not None


def classified(v: Verdict) -> str | None:
    """What a counterexample was found to be, in a few words (None: not classified)."""
    from .counterexamples import finding_for, scenario_path

    f = finding_for(v.obligation.id, v.obligation.game)
    if f is None:
        return None
    path = scenario_path(f, v.obligation.players, v.obligation.variant)
    return f"{f.kind}: {f.what} (path: {path.name})"


def write_manifest(verdicts: list[Verdict], path: Path = MANIFEST) -> None:
    """Record the statuses found as the expected ones (other games' entries are kept);
    an unknown or an unclassified counterexample is refused."""
    for v in verdicts:
        if v.status == UNKNOWN or (v.status == COUNTEREXAMPLE and classified(v) is None):
            raise ValueError(f"{v.obligation.id} is {v.status} and unclassified: fix it or"
                             " classify it before recording it")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        doc = {"about": "Expected status of each move x invariant obligation (proofs/"
                        "obligations.py); a change fails the tests.", "expected": {}}
    doc["expected"].update({v.obligation.id: v.status for v in verdicts})
    path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    expected.cache_clear()


def _cell(verdicts: list[Verdict]) -> str:
    """One matrix cell: a tick when every player count and reading is as expected."""
    bad = [v for v in verdicts if not as_expected(v)]
    if bad:
        return "[red]✗[/]"
    if any(v.status == COUNTEREXAMPLE for v in verdicts):
        return "[yellow]cex[/]"
    return "[green]✓[/]"


def matrix(verdicts: list[Verdict]) -> dict[str, dict[str, dict[str, list[Verdict]]]]:
    """The verdicts by game, then move (branch), then invariant."""
    out: dict[str, dict[str, dict[str, list[Verdict]]]] = {}
    for v in verdicts:
        o = v.obligation
        out.setdefault(o.game, {}).setdefault(o.move, {}).setdefault(o.invariant, []).append(v)
    return out


def render(verdicts: list[Verdict], console: Any) -> None:
    """Per game a table of branches x invariants, then what failed or was unexpected."""
    from rich.table import Table

    for game, rows in matrix(verdicts).items():
        cols = list(dict.fromkeys(inv for row in rows.values() for inv in row))
        table = Table(title=f"{game}: every move against every invariant")
        table.add_column("move / branch", no_wrap=True)
        for c in cols:
            table.add_column(c, justify="center")
        for move, row in rows.items():
            table.add_row(move, *(_cell(row[c]) if c in row else "" for c in cols))
        console.print(table)
    for v in verdicts:
        if not as_expected(v) or v.status != PROVED:
            o = v.obligation
            mark = "" if as_expected(v) else " ✗"
            why = classified(v) if v.status == COUNTEREXAMPLE else None
            console.print(f"[bold]{o.id}[/] {v.status}{mark}: {why or v.detail}",
                          highlight=False)
    good = sum(map(as_expected, verdicts))
    slow = max(verdicts, key=lambda v: v.seconds, default=None)
    console.print(f"{good}/{len(verdicts)} obligations as expected"
                  + (f"; slowest {slow.obligation.id} {slow.seconds:.2f} s" if slow else ""))
