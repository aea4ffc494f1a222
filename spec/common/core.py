"""The vocabulary every game spec is written in.

A game is a :class:`GameSpec`: an immutable state type (a ``NamedTuple`` whose fields
declare who may see them), a tuple of :class:`Move` transitions (actors, parameter
domain, guards naming the clause that makes each one legal, an effect that emits
:class:`Event` s), scoring, invariants and a catalogue of clauses and options.
The engine interprets any such spec; it knows nothing about fruit.

Legality has a single source: a move's guards. The engine lists legal actions by
enumerating each move's domain through its guards, and explains a rejected action by
running the same guards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import (Any, Callable, Generic, Iterable, Mapping, NamedTuple, Protocol,
                    TypeVar)

from .errors import ConfigError
from .rng import Stream
from .rules import Catalogue, Clause, Option, Variant
from .tuples import instance, named_fields


class Action(NamedTuple):
    """A seat's action: move name plus string arguments, printed in the game notation.

    >>> a = Action(2, "play", ("B7",))
    >>> str(a), a.body
    ('p2: play B7', 'play B7')
    """

    player: int
    name: str
    args: tuple[str, ...] = ()

    @property
    def body(self) -> str:
        return " ".join((self.name, *self.args))

    def __str__(self) -> str:
        return f"p{self.player}: {self.body}"

    def to_json(self) -> str:
        return str(self)


class Event(NamedTuple):
    """Something the engine did, under the clause ``rule``; ``text`` is made on demand.

    An event that shows a secret (a card drawn from the deck) names the one seat that may
    read it in ``seen_by`` and gives everyone else ``others``, a text without the secret.

    >>> e = private_ev("FRP-3.2", "seat {seat} draws {card}", seen_by=1,
    ...                others="seat {seat} draws a card", seat=1, card="CO3")
    >>> e.for_seat(1).text, e.for_seat(0).text, e.for_seat(None).text
    ('seat 1 draws CO3', 'seat 1 draws a card', 'seat 1 draws a card')
    """

    rule: str
    fmt: str
    data: Mapping[str, Any]
    seen_by: int | None = None
    others: str | None = None

    @property
    def text(self) -> str:
        return self.fmt.format(**self.data)

    def for_seat(self, seat: int | None) -> "Event":
        """This event as ``seat`` (None: a spectator) may read it."""
        if self.others is None or seat == self.seen_by:
            return self
        return Event(self.rule, self.others, {k: v for k, v in self.data.items()
                                              if "{" + k + "}" in self.others})

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "data": _plain(self.data)}


# every step reads an action's fields and makes events (compiled: read by name directly)
named_fields(Action)
named_fields(Event)


def ev(rule: str, fmt: str, /, **data: Any) -> Event:
    """An event every seat may read: ``ev(rule, fmt, **data)``, e.g.
    ``ev("TIN-5.1", "seat {seat} wins", seat=2)``. Every keyword is data for ``fmt``."""
    # every field given in order, so the tuple is built without Event.__new__'s argument
    # handling
    return instance(Event, (rule, fmt, data, None, None))


def private_ev(rule: str, fmt: str, /, seen_by: int, others: str, **data: Any) -> Event:
    """An event that shows a secret: ``seen_by`` is the one seat that may read ``fmt``;
    every other seat, and a spectator, reads ``others``, a text without the secret (see
    :class:`Event`)."""
    return instance(Event, (rule, fmt, data, seen_by, others))


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    return value


F = TypeVar("F", bound=Callable[..., Any])


class Remember(Protocol):
    """Gives the callable a rule calls for one of its game's pure functions."""

    def __call__(self, fn: F, /) -> F: ...


@dataclass(frozen=True, slots=True)
class Config:
    """A loaded game's fixed parameters; ``extra`` holds what the spec derives from them."""

    game: str
    players: int
    variant: str | None
    options: Mapping[str, str]
    extra: Any = None
    #: how a rule calls a function its game declares pure (``GameSpec.pure``):
    #: ``cfg.remember(round_parts)(...)``. The function as written, or the engine's
    #: remembering wrapper of it (:mod:`engine.core.remember`), handed in when a game is loaded
    remember: "Remember" = field(default=lambda fn: fn, compare=False, repr=False)

    def opt(self, name: str) -> str:
        return self.options[name]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "variant": self.variant,
                "options": dict(self.options)}


Check = Callable[[Config, Any, Action], bool]
Why = Callable[[Config, Any, Action], str]


@dataclass(frozen=True)
class Guard:
    """One condition of a move: ``ok`` says whether it holds; ``why`` explains a failure."""

    rule: str
    ok: Check
    why: Why
    doc: str = ""
    # True when the move's domain yields only candidates that pass this guard: listing
    # legal actions may then skip it, while refusals still run it. A generic test
    # checks the claim on random states of every game.
    implied: bool = False


@dataclass(frozen=True)
class Move:
    """A transition: who may make it, in which phases, with which arguments, and its effect.

    ``domain(cfg, state, seat)`` yields candidate argument tuples (a superset of the legal
    ones); ``guards`` decide, in order, and each names its clause. ``parse(args)`` returns
    an error text when the arguments are not well formed, else ``None``.
    """

    name: str
    rule: str
    phases: frozenset[str]
    actors: Callable[[Config, Any], Iterable[int]]
    domain: Callable[[Config, Any, int], Iterable[tuple[str, ...]]]
    guards: tuple[Guard, ...]
    effect: Callable[[Config, Any, Action], tuple[Any, list[Event]]]
    parse: Callable[[tuple[str, ...]], str | None]
    doc: str
    to: tuple[str, ...] = ()  # phases the effect may lead to (for diagrams and tests)
    notation: str = ""  # e.g. "play CARD"

    @cached_property
    def checks(self) -> tuple[Check, ...]:
        return tuple(g.ok for g in self.guards if not g.implied)


@dataclass(frozen=True)
class Invariant:
    """A property every reachable state must have; ``check`` returns a problem or None."""

    id: str
    rules: tuple[str, ...]
    statement: str
    check: Callable[[Config, Any], str | None]


# --- the kind of game, in the manner of OpenSpiel's GameType ------------------------------
SEQUENTIAL = "sequential"  # one seat acts at a time
SIMULTANEOUS = "simultaneous"  # some phase lets several seats act at once
SAMPLED = "sampled"  # every random part follows from the deal's seed: no chance nodes
IMPERFECT = "imperfect"  # a seat does not see everything


@dataclass(frozen=True)
class GameKind:
    """What kind of game a spec is, declared once for the adapters.

    ``max_length(cfg)`` is the most actions a game of that configuration can last (a true
    bound, not necessarily tight), or, where play need not end, a one-line reason why no
    finite maximum exists.

    >>> kind = GameKind(SEQUENTIAL, SAMPLED, IMPERFECT,
    ...                 lambda cfg: "loops" if cfg.players > 3 else 10 * cfg.players)
    >>> kind.limit(Config("toy", 2, None, {})), kind.endless(Config("toy", 4, None, {}))
    (20, 'loops')
    """

    dynamics: str
    chance: str
    information: str
    max_length: Callable[[Config], int | str]

    def __post_init__(self) -> None:
        for value, allowed in ((self.dynamics, (SEQUENTIAL, SIMULTANEOUS)),
                               (self.chance, (SAMPLED,)), (self.information, (IMPERFECT,))):
            if value not in allowed:
                raise ValueError(f"game kind: {value!r} is not one of {allowed}")

    def limit(self, cfg: Config) -> int | None:
        """The most actions a game of ``cfg`` can last; None when it need not end."""
        most = self.max_length(cfg)
        return None if isinstance(most, str) else most

    def endless(self, cfg: Config) -> str | None:
        """Why a game of ``cfg`` need not end, or None when it has a maximum length."""
        most = self.max_length(cfg)
        return most if isinstance(most, str) else None


# --- visibility -------------------------------------------------------------------------
# A state field's visibility is declared once in ``GameSpec.visibility``: one of these
# names, or a callable ``(cfg, state, value, seat) -> json``. ``seat`` None = spectator.
PUBLIC = "public"  # everyone sees it
OWNER = "owner"  # a tuple indexed by seat: the owner sees its entry, others a count
HIDDEN = "hidden"  # nobody sees the contents, everyone sees how many
SECRET = "secret"  # not shown at all (the RNG state)
TOPS = "tops"  # nested stacks: everyone, the owner too, sees each stack's top and size

Visibility = str | Callable[[Config, Any, Any, int | None], Any]


def count_of(value: Any) -> Any:
    """What a seat that may not look sees of a hidden value: its size, or whether it is set."""
    if value is None or isinstance(value, (str, int)):
        return value is not None
    return len(value)


def tops_of(value: Any) -> Any:
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return {"top": value[-1], "count": len(value)}
    if isinstance(value, tuple) and not value:
        return {"top": None, "count": 0}
    if isinstance(value, tuple):
        return [tops_of(v) for v in value]
    return value


def apply_visibility(kind: Visibility, cfg: Config, state: Any, value: Any,
                     seat: int | None) -> tuple[bool, Any]:
    """Return (shown, json) for one field under one visibility kind."""
    if callable(kind):
        return True, _plain(kind(cfg, state, value, seat))
    if kind == PUBLIC:
        return True, _plain(value)
    if kind == SECRET:
        return False, None
    if kind == HIDDEN:
        return True, count_of(value)
    if kind == OWNER:
        return True, [_plain(v) if i == seat else count_of(v) for i, v in enumerate(value)]
    if kind == TOPS:
        return True, tops_of(value)
    raise ValueError(f"unknown visibility {kind!r}")


class Outcome(NamedTuple):
    """How a finished game ended: the clause that ended it, the scores and the winners.

    >>> Outcome("TIN-8.1", (30, 24, 20), (0,)).winners
    (0,)
    """

    ended_by: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]


#: a game's state type, a named tuple (``spec/<game>/state.py``): what its spec's hooks
#: take and give
S = TypeVar("S", bound=tuple[Any, ...])


@dataclass(eq=False)
class GameSpec(Generic[S]):
    """Everything the engine needs to run one game, for states of type ``S``. Subclasses
    fill in the hooks."""

    name: str
    prefix: str
    title: str
    catalogue: Catalogue
    variants: tuple[Variant, ...]
    state_type: type[S]
    visibility: Mapping[str, Visibility]
    moves: tuple[Move, ...]
    notation_rule: str  # the clause that lists the game's moves (cited for unknown moves)
    kind: GameKind  # dynamics, chance, information and the longest game (the adapters read it)
    invariants: tuple[Invariant, ...] = ()
    #: the clause that ends the game (a game with several endings overrides ended_by)
    end_rule: str | None = None
    summary: str = ""
    #: functions whose result depends on their arguments alone (scoring, trick
    #: resolution): the engine may remember their results on plain values and calls them
    #: afresh on anything else, Z3 terms included (engine.core.remember)
    pure: tuple[Callable[..., Any], ...] = ()
    # built by __post_init__ from ``moves``: never passed in, so a spec made from another's
    # fields (``dataclasses.replace``) gets tables of its own instead of filling the other's
    _by_phase: dict[str, tuple[Move, ...]] = field(default_factory=dict, init=False, repr=False)
    _by_name: dict[str, Move] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        phases: dict[str, list[Move]] = {}
        for mv in self.moves:
            self._by_name[mv.name] = mv
            for ph in mv.phases:
                phases.setdefault(ph, []).append(mv)
        self._by_phase.update({k: tuple(v) for k, v in phases.items()})
        fields: tuple[str, ...] = getattr(self.state_type, "_fields")
        missing = set(fields) - set(self.visibility)
        if missing:
            raise ValueError(f"{self.name}: fields without visibility: {sorted(missing)}")

    # --- configuration ---------------------------------------------------------------
    @property
    def options(self) -> tuple[Option, ...]:
        return self.catalogue.options

    @property
    def clauses(self) -> tuple[Clause, ...]:
        return self.catalogue.clauses

    def refusal_rule(self, cfg: Config, state: S, reason: str) -> str | None:
        """The clause that forbids an action the engine refuses before any guard runs:
        ``reason`` is ``"over"`` (the game has ended), ``"phase"`` (the move does not
        belong to this moment of the game) or ``"turn"`` (the seat may not act now). None
        cites the move's own clause; a game names its end, turn-structure or turn rule."""
        return None

    def variant(self, name: str | None) -> Variant:
        for v in self.variants:
            if v.name == name:
                return v
        known = ", ".join(str(v.name) for v in self.variants if v.name) or "none"
        raise ConfigError(f"{self.name} has no variant {name!r} (variants: {known})")

    def options_for(self, variant: str | None) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.variants is None or variant in o.variants)

    def configure(self, players: int | None, variant: str | None,
                  options: Mapping[str, Any] | None) -> Config:
        var = self.variant(variant)
        if players is None:
            players = var.players[0]
        if not isinstance(players, int) or players not in var.players:
            allowed = ", ".join(map(str, var.players))
            raise ConfigError(f"{self.name} ({var.name or 'base game'}) is for {allowed} players,"
                              f" not {players}")
        chosen: dict[str, str] = {}
        known = {o.name: o for o in self.options_for(variant)}
        for key, value in (options or {}).items():
            if key not in known:
                raise ConfigError(f"{self.name} has no option {key!r}"
                                  f" (options: {', '.join(sorted(known)) or 'none'})")
            value = str(value).lower() if isinstance(value, bool) else str(value)
            if value not in known[key].values:
                raise ConfigError(f"option {key} takes {', '.join(known[key].values)},"
                                  f" not {value!r}")
            chosen[key] = value
        full = {name: chosen.get(name, o.default) for name, o in known.items()}
        cfg = Config(self.name, players, variant, full)
        return Config(self.name, players, variant, full, self.derive(cfg))

    def derive(self, cfg: Config) -> Any:
        """Precompute what the rules need from the configuration (fruits in play...)."""
        return None

    # --- hooks each game fills in ------------------------------------------------------
    def initial(self, cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> S:
        raise NotImplementedError

    def scores(self, cfg: Config, state: S) -> list[int]:
        raise NotImplementedError

    def is_over(self, cfg: Config, state: S) -> bool:
        over: bool = getattr(state, "phase") == "over"
        return over

    def ended_by(self, cfg: Config, state: S) -> str:
        """The clause that ended a finished game (by default the game's one ending)."""
        if self.end_rule is None:
            raise NotImplementedError(f"{self.name} declares no end_rule")
        return self.end_rule

    def winners(self, cfg: Config, state: S) -> list[int]:
        """The seats that win (ties share the win unless a game breaks them)."""
        return self.best(self.scores(cfg, state))

    @staticmethod
    def best(scores: list[int]) -> list[int]:
        """The seats with the highest score."""
        top = max(scores)
        return [i for i, v in enumerate(scores) if v == top]

    def validate(self, cfg: Config, state: S) -> str | None:
        """A problem with a loaded state (by default: the first failing invariant)."""
        for inv in self.invariants:
            problem = inv.check(cfg, state)
            if problem:
                return f"{inv.id}: {problem}"
        return None

    def view_extra(self, cfg: Config, state: S, seat: int | None) -> dict[str, Any]:
        """Derived facts worth showing (current trump, values...)."""
        return {}

    def view_extra_schema(self) -> dict[str, Any]:
        """JSON Schemas of the keys ``view_extra`` adds or redraws (published with the
        view's schema); a key left out is described as the game decides."""
        return {}

    def setup_schema(self) -> dict[str, Any]:
        return {"type": "object"}

    def explore_configs(self) -> Mapping[str, dict[str, Any]]:
        """Named small configurations for exhaustive exploration."""
        return {}

    def resample(self, cfg: Config, state: S, seat: int | None, rng: Any) -> S:
        """A state that differs from ``state`` only in what ``seat`` may not see."""
        changes: dict[str, Any] = {}
        for name, kind in self.visibility.items():
            value = getattr(state, name)
            if kind == HIDDEN and isinstance(value, tuple):
                items = list(value)
                rng.shuffle(items)
                changes[name] = tuple(items)
            elif kind == OWNER and isinstance(value, tuple):
                changes[name] = _reshuffle_others(value, seat, rng)
            elif kind == SECRET and isinstance(value, int):
                changes[name] = rng.randrange(2**63)
        again: S = getattr(state, "_replace")(**changes)
        return again

    def move(self, name: str) -> Move | None:
        return self._by_name.get(name)

    def moves_in(self, phase: str) -> tuple[Move, ...]:
        return self._by_phase.get(phase, ())


def _reshuffle_others(value: tuple[Any, ...], seat: int | None, rng: Any) -> tuple[Any, ...]:
    others = [i for i, v in enumerate(value) if i != seat and isinstance(v, tuple)]
    pool = [c for i in others for c in value[i]]
    rng.shuffle(pool)
    out = list(value)
    for i in others:
        n = len(value[i])
        out[i] = tuple(pool[:n])
        pool = pool[n:]
    return tuple(out)
