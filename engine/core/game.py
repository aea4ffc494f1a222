"""The generic interpreter: a :class:`Game` runs any :class:`spec.common.core.GameSpec`."""
from __future__ import annotations

import dataclasses
import json
import re
import secrets
import unicodedata
from typing import Any, Callable, Mapping, TypeGuard

import fast
import spec as _specs
from spec.common import rng
from spec.common.core import (Action, Config, Event, GameSpec, Outcome, _plain,
                              apply_visibility)
from spec.common.errors import (AmbiguousAction, ConfigError, FruitspecError, IllegalAction,
                                MalformedAction, SetupError, StateError, shown)
from spec.common.tuples import instance

from engine.core import validate
from engine.core.remember import Remembering, table_for
from engine.core.serialize import state_adapter

# A seat prefix is "p", ASCII digits and a colon: int() would also read other scripts'
# digits ("p٣:") as a seat. Any whitespace, a line break too, separates words; the body is
# split into words, not matched, so no text makes the match backtrack.
_ACTION_RE = re.compile(r"\s*(?:p([0-9]+)\s*:)?(.*)", re.DOTALL)
_MAX_SEAT_DIGITS = 6
# how far into a refused action to look for a seat prefix written another way
_PREFIX_SPAN = 32
_MAX_PLAYERS = 10**6  # far beyond any game; keeps absurd counts out of messages

#: the seeds a game accepts for each generator (spec.common.rng): one unsigned 64-bit word
#: for SplitMix64, the whole state of that generator, and a 256-bit key for the keyed one.
#: Seeds outside them are refused rather than silently wrapped, so two different seeds
#: never name the same game.
SEEDS = range(2**64)
KEYED_SEEDS = range(2 ** (8 * rng.KEY_BYTES))
#: the bits of a seed drawn for a game nobody gave a seed (:func:`fresh_seed`)
FRESH_SEED_BITS = 128


def fresh_seed() -> int:
    """An unguessable seed for the keyed generator, from the operating system's entropy.

    A game dealt with it for people to play (``new(seed, generator=KEYED)``) cannot be
    recovered from what a seat sees faster than by trying 2**128 seeds.
    """
    return secrets.randbits(FRESH_SEED_BITS)


def _start(seed: int, generator: str | None) -> rng.Stream:
    """The generator state a game starts from, or one ConfigError naming what is wrong."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be a whole number, not {shown(seed)}")
    if generator is None or generator == rng.SPLITMIX64:
        if seed not in SEEDS:
            raise ConfigError(f"seed must be from 0 to 2**64 - 1, not {shown(seed)}")
        return seed
    if generator != rng.KEYED:
        raise ConfigError(f"generator must be one of {', '.join(rng.GENERATORS)},"
                          f" not {shown(generator)}")
    if seed not in KEYED_SEEDS:
        raise ConfigError(f"a {rng.KEYED} seed must be from 0 to 2**256 - 1,"
                          f" not {shown(seed)}")
    return rng.keyed(seed)


def games() -> list[str]:
    """The names of the registered games."""
    return _specs.available()


def load(name: str, players: int | None = None, options: Mapping[str, Any] | None = None,
         variant: str | None = None, *, remember: bool | None = None) -> "Game":
    """Load a game with a player count, options (readings) and a variant.

    ``remember`` says whether the game remembers the answers of the functions its spec
    declares pure (:mod:`engine.core.remember`); by default it does when the compiled
    twin runs (:mod:`fast`), and the reference engine runs every rule on every call.

    >>> import engine
    >>> game = engine.load("tindahan", players=3)
    >>> game.players
    3
    """
    if not isinstance(name, str):
        raise ConfigError(f"a game name is a string, not {type(name).__name__}")
    spec = _specs.get(name)
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                or not -_MAX_PLAYERS < players < _MAX_PLAYERS):
        raise ConfigError(f"players must be a whole number, not {shown(players)}")
    if variant is not None and not isinstance(variant, str):
        raise ConfigError(f"a variant is a string or None, not {type(variant).__name__}")
    if options is not None:
        if not isinstance(options, Mapping):
            raise ConfigError("options must map option names to readings"
                              f" (e.g. {{'name': 'value'}}), not {type(options).__name__}")
        for key, value in options.items():
            if not isinstance(key, str) or not isinstance(value, (str, bool)):
                raise ConfigError(f"option {shown(key)}: names and readings are strings,"
                                  f" not {shown(value)}")
    return Game(spec, spec.configure(players, variant, options), remember=remember)


class Game:
    """One configured game: states go in, new states come out, and no answer depends on
    anything but the arguments.

    A game keeps three things between calls, all for speed, all bounded and safe to share
    between threads: the last state listed with its legal actions, and the last state
    scored with its scores (each one tuple, replaced whole, so a thread never sees one
    state's answer with another's), and one :class:`Action` object per seat, move and
    arguments (at most ``_MADE_PER_SEAT`` each, so that an action taken from a listing is
    found by identity; a race can only make a second, equal object).
    ``tests/core/test_threads.py`` plays games from several threads on one ``Game``."""

    def __init__(self, spec: GameSpec[Any], config: Config, *, remember: bool | None = None
                 ) -> None:
        self.spec = spec
        # the game's own table of remembered pure functions, handed to the rules through
        # their configuration (engine.core.remember)
        table = _remembering(spec, fast.active() if remember is None else remember)
        self.config = config if table is None else dataclasses.replace(config, remember=table)
        # the last state listed and its legal actions, in one tuple so that threads
        # sharing a game never see one's state with another's actions
        self._last: tuple[Any, list[Action]] = (None, [])
        self._last_scores: tuple[Any, tuple[int, ...]] = (None, ())
        self._shared_winners = type(spec).winners is GameSpec.winners
        self._effects = {m.name: m.effect for m in spec.moves}
        # with the default end test (phase "over"), the phase alone decides whether the
        # game is over, so listing legal actions need not ask the spec
        self._plain_over = type(spec).is_over is GameSpec.is_over
        self._plan = _listing_plan(spec, self._plain_over)
        # what listing reads on every state, as one value: one attribute lookup, not four
        self._listing: Listed = (config, self._plain_over, self._plan, spec)

    # --- identity ----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def variant(self) -> str | None:
        return self.config.variant

    @property
    def options(self) -> dict[str, str]:
        return dict(self.config.options)

    def __repr__(self) -> str:
        return (f"Game({self.name!r}, players={self.players}, variant={self.variant!r},"
                f" options={self.options!r})")

    # --- the API -----------------------------------------------------------------------
    def new(self, seed: int = 0, setup: Mapping[str, Any] | None = None,
            generator: str | None = None) -> Any:
        """The state at the start of the game; ``setup`` fixes the random parts.

        ``generator`` names where chance comes from (:data:`spec.common.rng.GENERATORS`):
        None or ``"splitmix64"``, fast and reproducible, for research and tests; or
        ``"blake2b-ctr"``, which no seat can run backwards from what it sees, for games
        people play (with a :func:`fresh_seed`).
        """
        start = _start(seed, generator)
        if setup is not None and not isinstance(setup, Mapping):
            raise SetupError(f"setup must be an object, not {type(setup).__name__}")
        if not setup:
            return self.spec.initial(self.config, start, None)
        try:
            state = self.spec.initial(self.config, start, dict(setup))
        except FruitspecError:
            raise
        except validate.CRASHES as exc:
            # a set-up a game's reader did not foresee: refused, never a crash
            raise SetupError(f"malformed setup: {validate.crash(exc)}") from None
        found = validate.problem(self, state)
        if found:
            raise SetupError(f"the setup gives an impossible position: {found}")
        return state

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action of every seat that may act now (a fresh list)."""
        return list(self.listing(state))

    def actors(self, state: Any) -> list[int]:
        """The seats that may act now: several at once in a real-time phase."""
        return sorted({a.player for a in self.listing(state)})

    def step(self, state: Any, action: Action | str) -> tuple[Any, list[Event]]:
        """Apply one action; returns the new state and the events it caused."""
        last = self._last
        # an action taken from the legal actions of this very state (the common case) is
        # known to be legal: what resolve() would conclude, without its other checks
        if last[0] is state and _among(action, last[1]) and type(action.player) is int:
            return self._effects[action.name](self.config, state, action)
        act = self.resolve(state, action)
        return self._effects[act.name](self.config, state, act)

    def successor(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        """:meth:`step` for an action taken from :meth:`listing` of ``state``, as the
        explorers and agents walk them: the action is known to be legal, so it is not
        checked again (only a seat that is no int is resolved). An action from anywhere
        else must go through :meth:`step`."""
        if type(action.player) is int:
            return self._effects[action.name](self.config, state, action)
        return self.step(state, action)

    def events_for(self, events: list[Event], player: int | None) -> list[Event]:
        """The events as ``player`` may read them: secrets of other seats are left out."""
        return [e.for_seat(player) for e in events]

    def apply(self, state: Any, action: Action | str) -> Any:
        return self.step(state, action)[0]

    def is_over(self, state: Any) -> bool:
        if self._plain_over:
            over: bool = state.phase == "over"
            return over
        return self.spec.is_over(self.config, state)

    def scores(self, state: Any) -> list[int]:
        # the last answer is kept for the same state object (states are immutable): a
        # finished game is asked for its scores, its winners and its outcome in turn
        last = self._last_scores
        if last[0] is state:
            return list(last[1])
        found = tuple(self.spec.scores(self.config, state))
        self._last_scores = (state, found)
        return list(found)

    def outcome(self, state: Any) -> Outcome:
        """How a finished game ended: the clause that ended it, its scores, its winners;
        :class:`StateError` for a game that is not over."""
        if not self.is_over(state):
            raise StateError("the game is not over: it has no outcome yet")
        return Outcome(self.spec.ended_by(self.config, state), tuple(self.scores(state)),
                       tuple(self.winners(state)))

    def winners(self, state: Any) -> list[int]:
        """The winning seats of a finished game (by the game's own tie rules)."""
        if self._shared_winners:  # the spec keeps GameSpec's rule: the best scores win
            return GameSpec.best(self.scores(state))
        return list(self.spec.winners(self.config, state))

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        """What ``player`` (None: a spectator) may know, as JSON-compatible data."""
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)
                                   or not 0 <= player < self.players):
            raise ConfigError(f"no seat {shown(player)} in a {self.players}-player game")
        out: dict[str, Any] = {"game": self.name, "players": self.players,
                               "variant": self.variant, "seat": player}
        for name, kind in self.spec.visibility.items():
            visible, value = apply_visibility(kind, self.config, state, getattr(state, name),
                                              player)
            if visible:
                out[name] = value
        out.update(_plain(self.spec.view_extra(self.config, state, player)))
        legal = self.listing(state)
        out["actors"] = sorted({a.player for a in legal})
        out["legal"] = [str(a) for a in legal if a.player == player]
        out["over"] = self.is_over(state)
        if out["over"]:
            out["scores"] = self.scores(state)
        return out

    def dumps(self, state: Any) -> str:
        doc = {**self.config.to_json(), "state": _plain(state._asdict())}
        return json.dumps(doc, separators=(",", ":"))

    def loads(self, text: str | bytes) -> Any:
        """Parse and validate a state written by :meth:`dumps`.

        Everything the spec knows about a state is checked (see :mod:`engine.core.validate`);
        any failure is a :class:`StateError` naming the field.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise StateError(f"a dumped state is JSON text, not {type(text).__name__}")
        if len(text) > validate.MAX_STATE_TEXT:
            raise StateError(f"a dumped state is at most {validate.MAX_STATE_TEXT} characters,"
                             f" not {len(text)}")
        header, state = state_adapter(self.spec).load_document(text)
        for key, mine in self.config.to_json().items():
            if key in header and header[key] != mine:
                raise StateError(f"state is for {key}={shown(header[key])}, this game has"
                                 f" {shown(mine)}")
        return validate.check(self, state)

    # --- parsing and legality ------------------------------------------------------------
    def parse(self, state: Any, text: str) -> Action:
        """Read an action in notation; the seat prefix may be left out when it is unique."""
        if not isinstance(text, str):
            raise MalformedAction(self.spec.notation_rule, f"not an action: {shown(text)}")
        seat, words = _split(text, self.spec.notation_rule)
        if not words:
            raise MalformedAction(self.spec.notation_rule, f"empty action {shown(text)}")
        if seat is not None:
            return Action(seat, words[0], tuple(words[1:]))
        body = " ".join(words)
        legal = self.listing(state)
        matches = [a for a in legal if a.body == body]
        seats = sorted({a.player for a in matches})
        if len(seats) == 1:
            return matches[0]
        if len(seats) > 1:
            raise AmbiguousAction(self.spec.notation_rule,
                                  f"seats {seats} could all make '{body}': prefix it with the"
                                  f" seat, e.g. 'p{seats[0]}: {body}'")
        actors = sorted({a.player for a in legal})
        return Action(actors[0] if actors else 0, words[0], tuple(words[1:]))

    def split_seat(self, text: str) -> tuple[int | None, str]:
        """The seat a ``pN:`` prefix of ``text`` names (None: no prefix) and the rest, its
        words one space apart; :class:`MalformedAction` for a prefix written another way
        (``p²:``, ``P1:``, ``p:``). Whoever reads prefixes (the table server) asks here,
        so that it reads them exactly as :meth:`parse` does."""
        if not isinstance(text, str):
            raise MalformedAction(self.spec.notation_rule, f"not an action: {shown(text)}")
        seat, words = _split(text, self.spec.notation_rule)
        return seat, " ".join(words)

    def resolve(self, state: Any, action: Action | str) -> Action:
        """The legal :class:`Action` meant by ``action``, or :class:`IllegalAction`."""
        act = self.parse(state, action) if isinstance(action, str) else action
        if not isinstance(act, Action):
            raise MalformedAction(self.spec.notation_rule, f"not an action: {shown(action)}")
        # identity is tested before equality, so an action taken from legal_actions()
        # is found at once; the type test keeps True from passing for seat 1
        if act in self.listing(state) and type(act.player) is int:
            return act
        raise self.explain(state, act)

    def explain(self, state: Any, act: Action) -> IllegalAction:
        """Why ``act`` is not legal in ``state``, citing the clause that forbids it."""
        spec, cfg = self.spec, self.config
        bad_shape = _shape_problem(act)
        if bad_shape:
            return MalformedAction(spec.notation_rule, bad_shape)
        mv = spec.move(act.name)
        if mv is None:
            names = ", ".join(sorted({m.name for m in spec.moves}))
            return MalformedAction(spec.notation_rule,
                                   f"'{act.name}' is not a move of {spec.name} (moves: {names})")
        bad = mv.parse(act.args)
        if bad:
            return MalformedAction(mv.rule, f"'{act.body}': {act.name} {bad}")
        if not 0 <= act.player < self.players:
            return IllegalAction(spec.notation_rule, f"there is no seat {shown(act.player)}"
                                                     f" in a {self.players}-player game")
        if self.is_over(state):
            return IllegalAction(spec.refusal_rule(cfg, state, "over") or mv.rule,
                                 "the game is over")
        if state.phase not in mv.phases:
            return IllegalAction(spec.refusal_rule(cfg, state, "phase") or mv.rule,
                                 f"'{act.name}' is not possible now (phase: {state.phase})")
        actors = sorted(mv.actors(cfg, state))
        if act.player not in actors:
            who = ", ".join(map(str, actors)) if actors else "none"
            return IllegalAction(spec.refusal_rule(cfg, state, "turn") or mv.rule,
                                 f"seat {act.player} may not {act.name} now"
                                 f" (seats that may: {who})")
        for g in mv.guards:
            if not g.ok(cfg, state, act):
                return IllegalAction(g.rule, g.why(cfg, state, act))
        return IllegalAction(mv.rule, f"'{act.body}' is not among seat {act.player}'s options")

    def listing(self, state: Any) -> list[Action]:
        """The legal actions in ``state``, as :meth:`legal_actions`, but the game's own
        list, not a copy: for tools that read it at once and never change it (the
        explorers, the agents). The last listing is kept (see the class), so that
        :meth:`step` on one of its actions needs no check; states are immutable, so the
        answer for the same object cannot change."""
        last = self._last
        if last[0] is state:
            return last[1]
        out = _listed_now(self._listing, state)
        self._last = (state, out)
        return out


def _remembering(spec: GameSpec[Any], wanted: bool) -> Remembering | None:
    return table_for(spec) if wanted else None


def _split(text: str, rule: str) -> tuple[int | None, list[str]]:
    """The seat named by ``text``'s ASCII ``pN:`` prefix (None: none) and its words."""
    m = _ACTION_RE.fullmatch(text)  # always matches: the prefix is optional, the body any
    assert m is not None
    digits, words = m.group(1), m.group(2).split()
    if digits is None:
        if _prefix_like(text):
            head, colon, _ = text.lstrip().partition(":")
            raise MalformedAction(rule, f"{shown(head + colon if colon else text)} is not a"
                                        " seat prefix: write 'p', the seat's number in ASCII"
                                        " digits and ':' (e.g. 'p1: ...')")
        return None, words
    if len(digits) > _MAX_SEAT_DIGITS:
        raise MalformedAction(rule, f"there is no seat p{digits[:_MAX_SEAT_DIGITS]}...")
    return int(digits), words


def _prefix_like(text: str) -> bool:
    """Whether ``text`` starts like a seat prefix written another way: "p" or "P" (in any
    width), nothing but numerals of any script, signs and spaces, then ":" ("p²:", "P1:",
    "p١:", "p:"). Such a text is refused as a bad prefix, not read as a move named "p²:"."""
    head, colon, _ = unicodedata.normalize("NFKC", text[:_PREFIX_SPAN]).partition(":")
    word = head.strip()
    return bool(colon) and word[:1] in ("p", "P") and all(
        c.isnumeric() or c.isspace() or c in "+-" for c in word[1:])


def _among(action: Any, actions: list[Action]) -> TypeGuard[Action]:
    """Whether this very object is one of ``actions``: an action taken from a listing is
    found by identity, without comparing it field by field with the ones before it (an
    equal action that is another object goes the long way, through resolve())."""
    for listed in actions:
        if listed is action:
            return True
    return False


#: What listing legal actions reads (see Game.__init__): the configuration, whether the
#: phase alone tells that the game is over, the listing plan and the spec.
Listed = tuple[Config, bool, "dict[str, tuple[Listing, ...]]", GameSpec[Any]]


def _listed_now(listing: Listed, state: Any) -> list[Action]:
    """The legal actions in ``state`` of a game whose listing is ``listing``."""
    cfg, plain_over, plan, spec = listing
    if plain_over or not spec.is_over(cfg, state):
        return _listed(plan.get(state.phase, ()), cfg, state)
    return []


def _listed(moves: tuple[Listing, ...], cfg: Config, state: Any) -> list[Action]:
    """The legal actions of ``moves`` (one phase's listing plan) in ``state``.

    A module function, not a method, so that ``game.pxd`` can give the compiled build C
    types for its lists, dicts and tuples (what it knows the plan holds)."""
    out: list[Action] = []
    for name, actors, domain, checks, made in moves:
        for seat in actors(cfg, state):
            # a seat that is no int (True would find seat 1's) keeps nothing
            mine = made.get(seat) if type(seat) is int else {}
            if mine is None:
                mine = made[seat] = {}
            for args in domain(cfg, state, seat):
                a = mine.get(args)
                if a is None:
                    a = instance(Action, (seat, name, args))
                    if len(mine) < _MADE_PER_SEAT:
                        mine[args] = a
                for ok in checks:
                    if not ok(cfg, state, a):
                        break
                else:
                    out.append(a)
    return out


#: One move as the listing of legal actions runs it: its name, actors, domain, the checks
#: of its guards that the domain does not imply, and the actions already made of it, per
#: seat and arguments. An action is a value, so one object serves every state where it is
#: a candidate: looking it up costs less than building it, and step() finds it by identity.
Listing = tuple[str, Callable[..., Any], Callable[..., Any], tuple[Callable[..., bool], ...],
                dict[int, dict[tuple[str, ...], Action]]]
#: actions kept per move and seat: far more than any game's (a few hundred at most)
_MADE_PER_SEAT = 1 << 12


def _listing_plan(spec: GameSpec[Any], plain_over: bool) -> dict[str, tuple[Listing, ...]]:
    """Per phase, the moves to list, read once from the spec (``moves_in`` depends on the
    phase alone), so that listing legal actions looks nothing up on the moves."""
    phases = {ph for mv in spec.moves for ph in mv.phases}
    if plain_over:  # a game in phase "over" is over: nothing to list
        phases.discard("over")
    made: dict[str, dict[int, dict[tuple[str, ...], Action]]] = {mv.name: {} for mv in spec.moves}
    return {ph: tuple((mv.name, mv.actors, mv.domain, mv.checks, made[mv.name])
                      for mv in spec.moves_in(ph)) for ph in phases}


def _shape_problem(act: Action) -> str | None:
    """What makes ``act`` not an action at all (a seat that is no whole number...)."""
    if type(act.player) is not int:
        return f"a seat is a whole number, not {shown(act.player)}"
    if not isinstance(act.name, str):
        return f"a move name is a string, not {shown(act.name)}"
    if not isinstance(act.args, tuple) or not all(isinstance(x, str) for x in act.args):
        return f"an action's arguments are a tuple of strings, not {shown(act.args)}"
    return None
