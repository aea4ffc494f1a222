"""The server's live tables: creation, seat tokens, actions, agents and subscriptions.

:class:`Tables` is the one object every route (the JSON API and the web table) goes
through. It adds to :class:`engine.table.Table` only what a network needs: who holds which
seat, durability (the :class:`Store` commits before anything is acknowledged), pushing
each new version to the subscribers, and seats played by built-in agents.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from spec.common.errors import FruitspecError

from ..agents import get_agent
from ..table import ActResult, BadRequest, Refusal, Table, TableSetup
from .store import Store

log = logging.getLogger("fruitspec.server")

TOKEN_BYTES = 32  # 256 random bits per seat token
MAX_TOKEN_CHARS = 128
#: A subscriber this many versions behind is dropped; it reconnects with ``since``.
MAX_BACKLOG = 256
#: Live tables one server holds, and feeds one table serves, so that clients cannot
#: exhaust its memory.
MAX_TABLES = 20_000
MAX_SUBSCRIBERS = 512


class UnknownTable(Refusal):
    """No table has this ID."""

    status, kind = 404, "unknown-table"


class TooManyTables(Refusal):
    """The server holds as many tables (or a table as many feeds) as it may."""

    status, kind = 429, "too-many"


class BadToken(Refusal):
    """A token that opens no seat of this table (forged, truncated, of another table)."""

    status, kind = 401, "bad-token"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Subscription:
    """One WebSocket's feed: messages ``{"version", "view", "events"}`` for one seat.

    ``None`` in the queue means the subscriber fell too far behind and must reconnect.
    """

    table_id: str
    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False


@dataclass
class _Live:
    table: Table
    digests: list[str | None]
    # Guards the table and its Game (whose legal-action cache is not thread-safe): held
    # for each read and each action, never across an await.
    lock: threading.RLock = field(default_factory=threading.RLock)
    subscribers: list[Subscription] = field(default_factory=list)
    agent_task: asyncio.Task[None] | None = None


class Tables:
    """Every live table of one server, backed by ``store`` (None: in memory only)."""

    def __init__(self, store: Store | None = None, agent_delay: float = 0.2) -> None:
        self.store = store
        self.agent_delay = agent_delay
        self._live: dict[str, _Live] = {}
        self._store_lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        if store is not None:
            for table, digests in store.load_all():
                self._live[table.id] = _Live(table, digests)

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Called on the server's event loop once it runs: agents resume their seats."""
        self._loop = asyncio.get_running_loop()
        for live in self._live.values():
            self._kick_agents(live)

    async def stop(self) -> None:
        tasks = [t for live in self._live.values() if (t := live.agent_task) is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for live in self._live.values():
            for sub in live.subscribers:
                sub.queue.put_nowait(None)

    # --- tables ------------------------------------------------------------------------------
    def create(self, setup: TableSetup) -> tuple[str, list[str | None]]:
        """A new table; returns its ID and one token per seat (None for an agent's seat)."""
        if len(self._live) >= MAX_TABLES:
            raise TooManyTables(f"this server holds {MAX_TABLES} tables already")
        for name in setup.agents:
            if name is not None:
                try:
                    get_agent(name)
                except FruitspecError as exc:
                    raise BadRequest(str(exc)) from None
        table_id = secrets.token_hex(8)
        table = Table(table_id, setup)
        tokens = [None if agent else secrets.token_urlsafe(TOKEN_BYTES)
                  for agent in table.setup.agents]
        digests = [None if t is None else digest(t) for t in tokens]
        if self.store is not None:
            with self._store_lock:
                self.store.create(table_id, table.setup, digests)
        live = _Live(table, digests)
        self._live[table_id] = live
        self._kick_agents(live)
        return table_id, tokens

    def get(self, table_id: str) -> Table:
        """The live table itself; read it through the methods below from other threads."""
        return self._get(table_id).table

    def snapshot(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """:meth:`Table.snapshot` under the table's lock."""
        live = self._get(table_id)
        with live.lock:
            return live.table.snapshot(seat)

    def events(self, table_id: str, seat: int | None, since: int) -> dict[str, Any]:
        """``{"version", "events"}``: every event after ``since`` as ``seat`` may read it."""
        live = self._get(table_id)
        with live.lock:
            return {"version": live.table.version,
                    "events": live.table.events_since(since, seat)}

    def scenario(self, table_id: str) -> dict[str, Any]:
        """:meth:`Table.scenario` under the table's lock (NotOver while it runs)."""
        live = self._get(table_id)
        with live.lock:
            return live.table.scenario()

    def ids(self) -> list[str]:
        return list(self._live)

    def seat_for(self, table_id: str, token: str | None) -> int | None:
        """The seat ``token`` opens at this table; None (a spectator) without a token."""
        live = self._get(table_id)
        if token is None:
            return None
        if len(token) > MAX_TOKEN_CHARS:
            raise BadToken("this token opens no seat of this table")
        mine = digest(token)
        seat = None
        for i, d in enumerate(live.digests):  # every seat is compared: no early exit
            if d is not None and hmac.compare_digest(d, mine):
                seat = i
        if seat is None:
            raise BadToken("this token opens no seat of this table")
        return seat

    def act(self, table_id: str, seat: int | None, notation: str,
            version: int | None = None) -> ActResult:
        """Play an action for ``seat``; acknowledged (returned) only once it is committed.

        Actions on one table are serialised by its lock, and the journal entry and the
        version bump commit in one transaction, so of several seats racing for the same
        version exactly one wins and nothing is applied twice.
        """
        live = self._get(table_id)
        with live.lock:
            result = live.table.act(seat, notation, version, commit=self._commit)
            self._publish(live)
            self._kick_agents(live)
        return result

    def _commit(self, table: Table, version: int, action: str, seat: int) -> None:
        if self.store is not None:
            with self._store_lock:
                self.store.append(table, version, action, seat)

    def _get(self, table_id: str) -> _Live:
        live = self._live.get(table_id) if isinstance(table_id, str) else None
        if live is None:
            raise UnknownTable("no table has this ID")
        return live

    # --- live updates ------------------------------------------------------------------------
    def subscribe(self, table_id: str, seat: int | None) -> Subscription:
        """A feed of every new version of the table as ``seat`` sees it."""
        live = self._get(table_id)
        if len(live.subscribers) >= MAX_SUBSCRIBERS:
            raise TooManyTables(f"this table already feeds {MAX_SUBSCRIBERS} clients")
        sub = Subscription(table_id, seat)
        live.subscribers.append(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        live = self._live.get(sub.table_id)
        if live is not None and sub in live.subscribers:
            live.subscribers.remove(sub)

    def message(self, table_id: str, seat: int | None, since: int | None) -> dict[str, Any]:
        """``{"version", "view", "events"}`` with every event after version ``since``
        (none when ``since`` is None): what a feed sends first, to catch up."""
        live = self._get(table_id)
        with live.lock:
            table = live.table
            events = [] if since is None else table.events_since(since, seat)
            return {"version": table.version, "view": table.view(seat), "events": events}

    def _publish(self, live: _Live) -> None:
        if not live.subscribers:
            return
        table, version = live.table, live.table.version
        per_seat: dict[int | None, dict[str, Any]] = {}
        for sub in list(live.subscribers):
            if sub.seat not in per_seat:
                per_seat[sub.seat] = {"version": version, "view": table.view(sub.seat),
                                      "events": table.events_since(version - 1, sub.seat)}
            self._deliver(sub, per_seat[sub.seat])

    def _deliver(self, sub: Subscription, msg: dict[str, Any]) -> None:
        def put() -> None:
            if sub.dropped:
                return
            if sub.queue.qsize() >= MAX_BACKLOG:
                while not sub.queue.empty():
                    sub.queue.get_nowait()
                sub.queue.put_nowait(None)
                sub.dropped = True
            else:
                sub.queue.put_nowait(msg)

        loop = self._loop
        if loop is None or _running_loop() is loop:
            put()
        else:
            loop.call_soon_threadsafe(put)

    # --- agents ------------------------------------------------------------------------------
    def _kick_agents(self, live: _Live) -> None:
        """Start the table's agent loop when a seat an agent plays may act now."""
        loop = self._loop
        if loop is None:
            return  # not serving yet: start() kicks every table
        if _running_loop() is not loop:  # decided on the loop, where the task lives
            loop.call_soon_threadsafe(self._kick_agents, live)
            return
        if live.agent_task is not None and not live.agent_task.done():
            return
        with live.lock:
            if not self._agent_seats(live):
                return
        live.agent_task = loop.create_task(self._run_agents(live))

    def _agent_seats(self, live: _Live) -> list[int]:
        table = live.table
        if table.over:
            return []
        agents = table.setup.agents
        return [s for s in table.game.actors(table.state) if agents[s] is not None]

    async def _run_agents(self, live: _Live) -> None:
        """Agents play through :meth:`act`, the same path as every client."""
        try:
            while True:
                await asyncio.sleep(self.agent_delay)
                with live.lock:
                    move = self._agent_move(live)
                if move is None:
                    break
                try:
                    self.act(live.table.id, *move)
                except Refusal:
                    continue  # a client's action came first (a real-time race): look again
        except Exception as exc:  # noqa: BLE001  logged without its text (it may hold cards)
            log.error("the agents of table %s stopped: %s", live.table.id, type(exc).__name__)

    def _agent_move(self, live: _Live) -> tuple[int, str, int] | None:
        """(seat, action, version) for one agent seat that may act now, chosen by its agent."""
        seats = self._agent_seats(live)
        if not seats:
            return None
        table = live.table
        rng = random.Random(f"{table.id}:{table.version}")
        seat = seats[rng.randrange(len(seats))]
        legal = [a for a in table.game.legal_actions(table.state) if a.player == seat]
        agent = get_agent(table.setup.agents[seat])  # type: ignore[arg-type]
        return seat, str(agent.choose(table.game, table.state, legal, rng)), table.version


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
