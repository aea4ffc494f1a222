"""The server's live tables: creation, seat tokens, actions, agents and subscriptions.

:class:`Tables` is the one object every route (the JSON API and the web table) goes
through. It adds to :class:`engine.core.table.Table` only what a network needs: who holds which
seat, durability (the :class:`Store` commits before anything is acknowledged), pushing
each new version to the subscribers, and seats played by built-in agents.

Memory holds only the tables in use. A stored table is loaded (replayed) when a route
first asks for it, and leaves memory when its game ends, or when it has seen no action
and had no feed open for ``idle_timeout`` seconds; it is loaded again when asked for.
A restart replays only the tables the store marks as having a built-in agent to move.

A store shared by several processes (PostgreSQL) changes three things. A table in memory
may be behind the database: reads look up its stored version first and catch up from the
journal, and an action refused by the store's version compare-and-set (another process
took that version) catches up and is tried again against the new state. Versions other
processes commit are announced with their actions: a table with feeds or agents here
applies them at once (its feeds get them), any other keeps them until it is next used,
so catching up seldom reads the journal. And a
table's agents are played only by the process that holds the table's claim; every
process looks now and then for marked tables nobody plays (their process died).
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from spec.common.errors import FruitspecError

from engine.analysis.agents import get_agent
from engine.core.table import ActResult, BadRequest, Refusal, Table, TableSetup
from engine.server.storage import StoreUnavailable, TableStore
from engine.server.store import StoreConflict

log = logging.getLogger("fruitspec.server")

TOKEN_BYTES = 32  # 256 random bits per seat token
MAX_TOKEN_CHARS = 128
#: A subscriber this many versions behind is dropped; it reconnects with ``since``.
MAX_BACKLOG = 256
#: Feeds one table serves, so that clients cannot exhaust the server's memory.
MAX_SUBSCRIBERS = 512
MAX_ID_CHARS = 64  # longer is no table's ID: not looked up in the store
#: Seconds between two looks for idle tables, at most (less for a short idle timeout).
SWEEP_EVERY = 30.0
#: Seconds between two looks, on a shared store, for tables whose agents nobody plays.
ADOPT_EVERY = 1.0
#: Tries of one action that other processes' versions keep overtaking, before a 503.
CONFLICT_RETRIES = 8


class UnknownTable(Refusal):
    """No table has this ID."""

    status, kind = 404, "unknown-table"


class TooManyTables(Refusal):
    """The table already feeds as many clients as it may."""

    status, kind = 429, "too-many"


class BadToken(Refusal):
    """A token that opens no seat of this table (forged, truncated, of another table)."""

    status, kind = 401, "bad-token"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(eq=False)  # one feed is equal only to itself (and can be kept in a set)
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
    touched: float = 0.0  # clock time of the last action (or of the load)
    evicted: bool = False  # out of memory: whoever still holds it looks the table up again
    # versions other processes announced, not applied yet: version -> (seat, action);
    # written by the store's thread, read and emptied under ``lock``
    heard: dict[int, tuple[int, str]] = field(default_factory=dict)


class Tables:
    """The tables of one server, backed by ``store`` (None: in memory only, never evicted).

    ``clock`` (monotonic seconds) is the idle timeout's, for tests to move.
    """

    def __init__(self, store: TableStore | None = None, agent_delay: float = 0.2,
                 idle_timeout: float = 3600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.shared = store is not None and store.shared
        self.agent_moves = 0  # moves this process's agents chose (the health route's)
        self.agent_delay = agent_delay
        self.idle_timeout = idle_timeout
        self.clock = clock
        self._live: dict[str, _Live] = {}
        self._load_lock = threading.Lock()  # one replay of a table, not one per request
        self._feeds: set[Subscription] = set()  # every open feed, evicted tables' too
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Called on the server's event loop once it runs: agents resume their seats, and
        idle tables are looked for now and then."""
        self._loop = asyncio.get_running_loop()
        for live in list(self._live.values()):
            self._kick_agents(live)
        self._tasks.append(self._loop.create_task(self._resume_agents()))
        if self.store is not None:
            self._tasks.append(self._loop.create_task(self._sweep_forever()))
            self.store.listen(self._heard, self._lost)

    async def stop(self) -> None:
        tasks = [t for live in self._live.values() if (t := live.agent_task) is not None]
        for task in [*tasks, *self._tasks]:
            task.cancel()
        await asyncio.gather(*tasks, *self._tasks, return_exceptions=True)
        self._tasks.clear()
        for sub in self._feeds:
            sub.queue.put_nowait(None)

    async def _resume_agents(self) -> None:
        """Load the stored tables with an agent to move, one by one, so agents play on:
        once at start, and every ``ADOPT_EVERY`` seconds on a shared store (a process
        that played some table's agents may have died)."""
        while self.store is not None:
            try:
                for table_id in self.store.agent_turn_ids():
                    await asyncio.sleep(0)  # requests are served between two replays
                    self._adopt(table_id)
            except StoreUnavailable:
                pass  # the next look tries again
            if not self.shared:
                return
            await asyncio.sleep(ADOPT_EVERY)

    def _adopt(self, table_id: str) -> None:
        """Play a marked table's agents here, if no process plays them. A table marked
        but with no agent to move (the mark is conservative) is unmarked and evicted."""
        live = self._live.get(table_id)
        if live is not None and live.agent_task is not None and not live.agent_task.done():
            return
        assert self.store is not None
        if not self.store.claim_agents(table_id):
            return
        try:
            live = self._get(table_id)
        except StoreUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001  one bad table does not stop the rest
            log.error("table %s does not load: %s", table_id, type(exc).__name__)
            return
        with live.lock:
            self._refresh(live)
            if self._agent_seats(live):
                self._kick_agents(live)
                return
            self.store.set_agent_turn(table_id, False)
            if not live.subscribers:
                self._evict(live)

    async def _sweep_forever(self) -> None:
        every = min(SWEEP_EVERY, max(0.05, self.idle_timeout / 2))
        while True:
            await asyncio.sleep(every)
            try:
                self.sweep()
            except Exception as exc:  # noqa: BLE001  the next sweep tries again
                log.error("sweeping idle tables failed: %s", type(exc).__name__)

    def sweep(self) -> int:
        """Evict the tables that may leave memory now; returns how many left."""
        now = self.clock()
        gone = 0
        for live in list(self._live.values()):
            if not live.lock.acquire(blocking=False):
                continue  # in use right now: not idle
            try:
                if self._may_leave(live, now):
                    self._evict(live)
                    gone += 1
            finally:
                live.lock.release()
        return gone

    def _may_leave(self, live: _Live, now: float) -> bool:
        """A finished game always (its feeds will get nothing more); a running one once it
        has seen no action and no feed for ``idle_timeout``, with no agent thinking."""
        if self.store is None:
            return False  # the table exists nowhere else
        if live.table.over:
            return True
        agent = live.agent_task
        return (not live.subscribers and (agent is None or agent.done())
                and now - live.touched >= self.idle_timeout)

    def _evict(self, live: _Live) -> None:
        """Drop ``live`` from memory (its lock held): the store keeps the table."""
        if self.store is None:
            return
        live.evicted = True
        if self._live.get(live.table.id) is live:
            del self._live[live.table.id]
        self.store.release_agents(live.table.id)

    # --- tables ------------------------------------------------------------------------------
    def create(self, setup: TableSetup) -> tuple[str, list[str | None]]:
        """A new table; returns its ID and one token per seat (None for an agent's seat)."""
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
        live = _Live(table, digests, touched=self.clock())
        if self.store is not None:
            self.store.create(table_id, table.setup, digests,
                              agent_turn=bool(self._agent_seats(live)))
        self._live[table_id] = live
        self._kick_agents(live)
        return table_id, tokens

    def get(self, table_id: str) -> Table:
        """The live table itself; read it through the methods below from other threads."""
        return self._get(table_id).table

    def snapshot(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """:meth:`Table.snapshot` under the table's lock."""
        with self._held(table_id) as live:
            return live.table.snapshot(seat)

    def events(self, table_id: str, seat: int | None, since: int) -> dict[str, Any]:
        """``{"version", "events"}``: every event after ``since`` as ``seat`` may read it."""
        with self._held(table_id) as live:
            return {"version": live.table.version,
                    "events": live.table.events_since(since, seat)}

    def scenario(self, table_id: str) -> dict[str, Any]:
        """:meth:`Table.scenario` under the table's lock (NotOver while it runs)."""
        with self._held(table_id) as live:
            return live.table.scenario()

    def ids(self) -> list[str]:
        """The IDs of the tables in memory now (the store may hold many more)."""
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
        with self._held(table_id, fresh=False) as live:
            if self.shared and version is not None and version > live.table.version:
                self._catch_up(live, version)  # the client saw a version from elsewhere
            result = self._act_stored(live, seat, notation, version)
            live.touched = self.clock()
            self._mark_agent_turn(live)
            self._publish(live)
            self._kick_agents(live)
            if live.table.over:
                self._evict(live)  # its feeds have their last message queued
        return result

    def _act_stored(self, live: _Live, seat: int | None, notation: str,
                    version: int | None) -> ActResult:
        """:meth:`Table.act` until the store takes it: a version another process took
        first is caught up, and the action checked again against the state after it."""
        for _ in range(CONFLICT_RETRIES):
            try:
                return live.table.act(seat, notation, version, commit=self._commit)
            except StoreConflict:
                self._catch_up(live)
        raise StoreUnavailable("the table changes faster than this action could be"
                               " checked: retry in a moment")

    def _refresh(self, live: _Live) -> None:
        """Catch ``live`` up when the shared store holds a later version (lock held)."""
        if self.shared and self.store is not None:
            stored = self.store.version(live.table.id)
            if stored is not None and stored > live.table.version:
                self._catch_up(live, stored)

    def _catch_up(self, live: _Live, known: int | None = None) -> None:
        """Apply the versions other processes committed, each sent to this process's
        feeds as if it had been played here (lock held): the announced ones first, then
        the journal's, unless the announced ones reach ``known`` (a version known to be
        stored; None: whatever the store holds)."""
        if self.store is None:
            return
        table = live.table
        applied = 0
        while (entry := live.heard.pop(table.version + 1, None)) is not None:
            self._replay(live, entry[1])
            applied += 1
        if known is None or table.version < known:
            for _, action in self.store.journal_since(table.id, table.version):
                self._replay(live, action)
                applied += 1
        for version in [v for v in list(live.heard) if v <= table.version]:
            live.heard.pop(version, None)
        if applied:
            live.touched = self.clock()
            self._kick_agents(live)
            if table.over:
                self._evict(live)

    def _replay(self, live: _Live, action: str) -> None:
        """One version already stored (checked when it was accepted), then its feeds."""
        live.table.replay(action)
        self._publish(live)

    def _commit(self, table: Table, version: int, action: str, seat: int) -> None:
        if self.store is not None:
            # whether an agent is to move after the action is known only once it applies:
            # a table with agents is marked now, in the same transaction, and unmarked
            # after (a crash between the two only makes the next start look at it)
            self.store.append(table, version, action, seat, agent_turn=_has_agents(table))

    def _mark_agent_turn(self, live: _Live) -> None:
        if self.store is not None and _has_agents(live.table):
            if not self._agent_seats(live):
                self.store.set_agent_turn(live.table.id, False)

    @contextlib.contextmanager
    def _held(self, table_id: str, fresh: bool = True) -> Iterator[_Live]:
        """The table, loaded if need be, with its lock held; never one already evicted.

        ``fresh``: on a shared store, caught up first with the versions stored since.
        """
        while True:
            live = self._get(table_id)
            with live.lock:
                if fresh:
                    self._refresh(live)
                if not live.evicted:
                    yield live
                    return

    def _get(self, table_id: str) -> _Live:
        live = self._live.get(table_id) if isinstance(table_id, str) else None
        return live if live is not None else self._load(table_id)

    def _load(self, table_id: str) -> _Live:
        """Replay a stored table into memory (its agents start if one is to move)."""
        if self.store is None or not isinstance(table_id, str) or len(table_id) > MAX_ID_CHARS:
            raise UnknownTable("no table has this ID")
        with self._load_lock:
            live = self._live.get(table_id)
            if live is None:
                found = self.store.load(table_id)
                if found is None:
                    raise UnknownTable("no table has this ID")
                live = _Live(*found, touched=self.clock())
                self._live[table_id] = live
        self._kick_agents(live)
        return live

    # --- live updates ------------------------------------------------------------------------
    def subscribe(self, table_id: str, seat: int | None) -> Subscription:
        """A feed of every new version of the table as ``seat`` sees it."""
        with self._held(table_id) as live:
            if len(live.subscribers) >= MAX_SUBSCRIBERS:
                raise TooManyTables(f"this table already feeds {MAX_SUBSCRIBERS} clients")
            sub = Subscription(table_id, seat)
            live.subscribers.append(sub)
            self._feeds.add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._feeds.discard(sub)
        live = self._live.get(sub.table_id)
        if live is not None and sub in live.subscribers:
            live.subscribers.remove(sub)

    def message(self, table_id: str, seat: int | None, since: int | None) -> dict[str, Any]:
        """``{"version", "view", "events"}`` with every event after version ``since``
        (none when ``since`` is None): what a feed sends first, to catch up."""
        with self._held(table_id) as live:
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

    def _heard(self, table_id: str, version: int, seat: int, action: str) -> None:
        """A process committed ``version`` of a table (called on the store's thread):
        kept with the table, and applied now if feeds or agents here wait for it."""
        live = self._live.get(table_id)
        if live is None or version <= live.table.version:
            return  # not here, or already known (this process's own action)
        if len(live.heard) >= MAX_BACKLOG:
            live.heard.clear()  # long unused here: its next use reads the journal
        live.heard[version] = (seat, action)
        if self._loop is not None and (live.subscribers or _has_agents(live.table)):
            with contextlib.suppress(RuntimeError):  # the loop closed: shutting down
                self._loop.call_soon_threadsafe(self._on_version, table_id, version)

    def _on_version(self, table_id: str, version: int) -> None:
        live = self._live.get(table_id)
        if live is None or live.table.version >= version:
            return  # not here, or already known (this process's own action)
        try:
            with live.lock:
                self._catch_up(live, version)
        except StoreUnavailable:
            pass  # the feeds are closed by _lost, and clients catch up with `since`

    def _lost(self) -> None:
        """The store's announcements broke off (called on the store's thread): every
        feed is closed as one that fell behind, so that clients reconnect with `since`
        rather than miss a version."""
        def close_all() -> None:
            for sub in list(self._feeds):
                if not sub.dropped:
                    sub.queue.put_nowait(None)
                    sub.dropped = True

        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(close_all)

    def health(self) -> dict[str, Any]:
        """What a proxy's health check reads; :class:`StoreUnavailable` (503) while the
        store does not answer."""
        if self.store is not None:
            self.store.ping()
        return {"status": "ok", "store": "none" if self.store is None else (
                    "postgresql" if self.shared else "sqlite"),
                "process": os.getpid(), "tables_in_memory": len(self._live),
                "agent_moves": self.agent_moves}

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
        if loop is None or not _has_agents(live.table):
            return  # not serving yet (start() kicks every table), or people only
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
                if self.store is not None and not self.store.claim_agents(live.table.id):
                    break  # another process plays them (or the store is away: adopted later)
                with live.lock:
                    self._refresh(live)
                    move = self._agent_move(live)
                if move is None:
                    break
                try:
                    self.act(live.table.id, *move)
                except Refusal:
                    continue  # a client's action came first (a real-time race): look again
        except StoreUnavailable:
            return  # the store is away: the table is adopted again once it answers
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
        agent = get_agent(table.setup.agents[seat])  # type: ignore[arg-type]  # an agent plays seat
        self.agent_moves += 1
        return seat, str(agent.choose(table.game, table.state, legal, rng)), table.version


def _has_agents(table: Table) -> bool:
    return any(a is not None for a in table.setup.agents)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
