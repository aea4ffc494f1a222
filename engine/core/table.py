"""One way of driving a table: a set-up plus a journal of accepted actions.

Every face of the engine that lets seats play one game together (the table server, the
web table, the adapters) drives it through :class:`Table`. A table never decides legality
or builds a view itself: it asks the :class:`engine.Game` (``resolve``/``step``, ``view``,
``events_for``), so what the core guarantees about secrets and rules holds here too.

A table's state is always the replay of its set-up and journal, so a store that keeps the
two (see ``engine.server.store``) can rebuild it exactly after a crash.

>>> from engine.core.table import Table, TableSetup
>>> t = Table("demo", TableSetup(game="tindahan", players=3, seed=1))
>>> t.version
0
>>> seat = t.view(None)["actors"][0]
>>> legal = t.view(seat)["legal"]
>>> t.act(seat, legal[0], version=0).version
1
>>> t.act(seat, legal[0], version=0)
Traceback (most recent call last):
...
engine.core.table.StaleVersion: the table is at version 1, not 0: fetch it again and retry
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from spec.common.core import Event
from spec.common.errors import FruitspecError, IllegalAction, StateError
from spec.common.rng import KEYED, GeneratorName

from engine.core.game import Game, fresh_seed, load
from engine.core.scenario import Expect, Scenario

#: What a table refuses to hold, so one request cannot make it grow without bound.
MAX_ACTION_CHARS = 200
MAX_PRELUDE_ACTIONS = 20_000


# --- typed refusals ------------------------------------------------------------------------
class Refusal(FruitspecError):
    """An action or request the table turns down; nothing changed. ``status`` is HTTP's."""

    status = 400
    kind = "refused"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {"error": self.kind, "rule": self.rule, "message": self.message}


class BadRequest(Refusal):
    """A table that cannot be set up as asked (unknown game, option, reading, count...)."""

    status, kind = 422, "bad-request"


class Illegal(Refusal):
    """The rules forbid the action now; ``rule`` is the clause that says so."""

    status, kind = 422, "illegal"


class StaleVersion(Refusal):
    """The action was made against a version that is no longer the table's."""

    status, kind = 409, "stale-version"


class NotOver(Refusal):
    """Something only a finished game has (its scenario file) was asked for too early."""

    status, kind = 409, "not-over"


class WrongSeat(Refusal):
    """The action names a seat other than the one acting."""

    status, kind = 403, "wrong-seat"


class NoSeat(Refusal):
    """An action without a seat: spectators watch, they do not act."""

    status, kind = 401, "no-seat"


# --- set-up --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSetup:
    """What fixes a table's game before its first action.

    ``prelude`` holds actions already played before the table opened (a scenario that a
    table continues from its last state): version 0 is the state after them.
    ``agents`` names the built-in agent playing each seat (None: a client plays it).
    """

    game: str
    players: int | None = None
    variant: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    seed: int = 0
    setup: Mapping[str, Any] | None = None
    prelude: tuple[str, ...] = ()
    agents: tuple[str | None, ...] = ()
    #: where chance comes from (spec.common.rng); None: SplitMix64, the research default
    generator: GeneratorName | None = None

    @classmethod
    def dealt_afresh(cls, game: str, **fields: Any) -> "TableSetup":
        """A table nobody gave a seed: an unguessable one, on the keyed generator."""
        return cls(game=game, seed=fresh_seed(), generator=KEYED, **fields)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "variant": self.variant,
                "options": dict(self.options), "seed": self.seed,
                "setup": dict(self.setup) if self.setup is not None else None,
                "prelude": list(self.prelude), "agents": list(self.agents),
                "generator": self.generator}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TableSetup":
        return cls(game=data["game"], players=data.get("players"),
                   variant=data.get("variant"), options=dict(data.get("options") or {}),
                   seed=data.get("seed", 0), setup=data.get("setup"),
                   prelude=tuple(data.get("prelude") or ()),
                   agents=tuple(data.get("agents") or ()), generator=data.get("generator"))

    @classmethod
    def from_scenario(cls, scenario: Scenario,
                      agents: tuple[str | None, ...] = ()) -> "TableSetup":
        """A table that continues ``scenario`` from its last state."""
        return cls(game=scenario.game, players=scenario.players, variant=scenario.variant,
                   options=dict(scenario.options), seed=scenario.seed,
                   setup=scenario.setup, prelude=tuple(scenario.actions), agents=agents,
                   generator=scenario.generator)


@dataclass(frozen=True)
class ActResult:
    """An accepted action: the new version, and the events and view of the acting seat."""

    version: int
    action: str
    events: list[dict[str, Any]]
    view: dict[str, Any]


#: Called with (table, version, action notation, seat) before an action is applied in
#: memory; if it raises, the action is not applied. A store commits the journal here.
Commit = Callable[["Table", int, str, int], None]


class Table:
    """A live table: its set-up, its journal, and the state they replay to."""

    def __init__(self, table_id: str, setup: TableSetup,
                 journal: list[str] | tuple[str, ...] = ()) -> None:
        self.id = table_id
        try:
            self.game: Game = load(setup.game, players=setup.players, options=setup.options,
                                   variant=setup.variant)
            if setup.agents and len(setup.agents) != self.game.players:
                raise BadRequest(f"agents names {len(setup.agents)} seats, the game has"
                                 f" {self.game.players}")
            state = self.game.new(seed=setup.seed, setup=setup.setup,
                                  generator=setup.generator)
        except Refusal:
            raise
        except FruitspecError as exc:
            raise BadRequest(str(exc)) from None
        self.setup = TableSetup(game=self.game.name, players=self.game.players,
                                variant=self.game.variant, options=self.game.options,
                                seed=setup.seed, setup=setup.setup, prelude=setup.prelude,
                                agents=setup.agents or (None,) * self.game.players,
                                generator=setup.generator)
        for i, text in enumerate(setup.prelude):
            try:
                state = self.game.step(state, text)[0]
            except IllegalAction as exc:
                raise BadRequest(f"action {i} '{text[:MAX_ACTION_CHARS]}' of the scenario"
                                 f" is refused: {exc}", rule=exc.rule) from None
        self.state: Any = state
        self.journal: list[str] = []
        self._events: list[list[Event]] = []  # the events of version v at index v - 1
        for text in journal:
            self._apply(text)

    # --- reading ---------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.journal)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know now, ``legal`` included."""
        return self.game.view(self.state, seat)

    def events_since(self, since: int, seat: int | None) -> list[dict[str, Any]]:
        """The events of every version after ``since``, as ``seat`` may read them."""
        out: list[dict[str, Any]] = []
        for version in range(max(since, 0) + 1, self.version + 1):
            out.extend(self._events_json(version, seat))
        return out

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (the server's ``GET /api/tables/{id}``)."""
        view = self.view(seat)
        return {"table": self.id, "game": self.game.name, "players": self.game.players,
                "variant": self.game.variant, "options": self.game.options,
                "version": self.version, "seat": seat, "view": view, "over": view["over"],
                "agents": list(self.setup.agents)}

    def scenario(self) -> dict[str, Any]:
        """The finished game as a scenario file that ``fruitspec replay`` reproduces."""
        if not self.over:
            raise NotOver("the game is still running: its scenario is ready once it is over")
        game = self.game
        sc = Scenario(game=game.name, players=game.players, options=game.options,
                      variant=game.variant, seed=self.setup.seed,
                      generator=self.setup.generator,
                      setup=dict(self.setup.setup) if self.setup.setup is not None else None,
                      actions=[*self.setup.prelude, *self.journal],
                      title=f"table {self.id}",
                      expect=Expect.model_validate(
                          {"scores": game.scores(self.state), "over": True,
                           "winners": game.winners(self.state)}))
        return sc.to_json()

    def digest(self) -> str:
        """A fingerprint of the full state (secrets included): for tests and stores only."""
        return hashlib.sha256(self.game.dumps(self.state).encode()).hexdigest()

    # --- acting ----------------------------------------------------------------------------
    def act(self, seat: int | None, notation: str, version: int | None = None,
            commit: Commit | None = None) -> ActResult:
        """Play ``notation`` for ``seat`` against ``version`` (None: the current one).

        Refusals: :class:`NoSeat` (no seat), :class:`WrongSeat` (a ``pN:`` prefix naming
        another seat), :class:`StaleVersion`, :class:`Illegal` (with the clause). The
        table is unchanged by any refusal, and by a ``commit`` that raises.
        """
        if seat is None:
            raise NoSeat("a spectator cannot act: send a seat's token")
        if not isinstance(notation, str) or len(notation) > MAX_ACTION_CHARS:
            raise Illegal(f"an action is a text of at most {MAX_ACTION_CHARS} characters",
                          rule=self.game.spec.notation_rule)
        body = self._own(seat, notation)
        if version is not None and version != self.version:
            raise StaleVersion(f"the table is at version {self.version}, not {version}:"
                               " fetch it again and retry")
        try:
            action = self.game.resolve(self.state, f"p{seat}: {body}")
            state, events = self.game.step(self.state, action)
        except IllegalAction as exc:
            raise Illegal(exc.message, rule=exc.rule) from None
        text = str(action)
        if commit is not None:
            commit(self, self.version + 1, text, seat)
        self.state = state
        self.journal.append(text)
        self._events.append(events)
        return ActResult(self.version, text, self._events_json(self.version, seat),
                         self.view(seat))

    def replay(self, text: str) -> None:
        """Apply a journal entry already accepted by a copy of this table elsewhere (a
        store's other process): stepped as a stored table is replayed, no view built."""
        self._apply(text)

    def _own(self, seat: int, notation: str) -> str:
        """The action's body; a ``pN:`` prefix must name the acting seat.

        The game reads the prefix, as it does every action's, so the table never takes a
        text for another seat's (or its own) that the game would refuse (``p²:``)."""
        try:
            named, body = self.game.split_seat(notation)
        except IllegalAction as exc:
            raise Illegal(exc.message, rule=exc.rule) from None
        if named is not None and named != seat:
            raise WrongSeat(f"this token plays seat {seat}, the action names seat {named}")
        return body

    def _apply(self, text: str) -> None:
        try:
            state, events = self.game.step(self.state, text)
        except IllegalAction as exc:
            raise StateError(f"table {self.id}: journal entry {self.version + 1} '{text}'"
                             f" does not replay: {exc}") from None
        self.state = state
        self.journal.append(text)
        self._events.append(events)

    def _events_json(self, version: int, seat: int | None) -> list[dict[str, Any]]:
        return [{"version": version, **e.to_json()}
                for e in self.game.events_for(self._events[version - 1], seat)]

