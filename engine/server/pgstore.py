"""Durable tables in one PostgreSQL database, shared by any number of server processes.

The same ideas as the SQLite file (:mod:`engine.server.store`): a table's set-up, an
append-only journal, the version each action must bump by one, token digests, the
creation limit's buckets. What changes is who decides: an action is appended by one
statement that bumps the table's version only if it still is the version before, so of
two processes offering the same version PostgreSQL accepts exactly one, whatever each
process holds in memory. Each new version is announced on the :data:`CHANNEL`
(``LISTEN``/``NOTIFY``) with its seat and action, which is how every process's live feeds
learn of actions taken through another, and how its copy of a table catches up without
reading the journal. The announcement is a statement of its own after the commit, not a
trigger in it: PostgreSQL holds one lock per database from a notifying transaction's
commit until it has reached the disk, so notifying transactions are flushed one at a
time, where plain commits share a flush (schema 2 dropped schema 1's trigger for that). One process at a time plays a table's agents: the one
holding the table's advisory lock, which PostgreSQL drops when that process dies.

Connections come from a :class:`psycopg_pool.ConnectionPool`. A lost database (a restart,
the network) makes every call raise :class:`StoreUnavailable` (503 with ``Retry-After``)
until the pool connects again. The URL's password is never in a line or an error:
:func:`without_password` is what people see.
"""
from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from typing import Any, Iterator

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from engine.core.table import Table, TableSetup
from engine.server.limits import TokenBucket
from engine.server.storage import OnLost, OnVersion, StoreUnavailable
from engine.server.store import Store, StoreConflict, StoreError, replayed

log = logging.getLogger("fruitspec.server")

APPLICATION = "fruitspec-tables"  # fruitspec_meta's mark: the database is ours
SCHEMA_VERSION = 2
CHANNEL = "fruitspec_actions"  # NOTIFY payload: "<table id> <version> <seat> <action>"
LOCK_CLASS = 0x4653  # first key of this store's advisory locks ("FS")
MIGRATION_KEY = 0  # second key of the lock that one migration at a time holds
#: Seconds a request waits for a pooled connection: past it the database is taken as
#: unreachable (503). Requests run on the event loop, so the wait must stay short.
POOL_WAIT = 0.5
CONNECT_TIMEOUT = 3  # seconds, per attempt to open a connection
LISTEN_POLL = 0.5  # seconds between two looks at whether the listener should stop

_OUTAGE = (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout)
_OURS = ("fruitspec_meta", "fruitspec_tables", "fruitspec_journal", "fruitspec_buckets")

_SCHEMA_V1 = [
    "CREATE TABLE fruitspec_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE fruitspec_tables (
        id         TEXT PRIMARY KEY,
        setup      TEXT NOT NULL,              -- TableSetup as JSON
        tokens     TEXT NOT NULL,              -- JSON list: SHA-256 hex digest per seat
        version    INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
        created    DOUBLE PRECISION NOT NULL,
        agent_turn BOOLEAN NOT NULL DEFAULT FALSE)""",
    "CREATE INDEX fruitspec_agent_turn ON fruitspec_tables (id) WHERE agent_turn",
    """CREATE TABLE fruitspec_journal (
        table_id TEXT NOT NULL REFERENCES fruitspec_tables (id),
        version  INTEGER NOT NULL CHECK (version >= 1),
        seat     INTEGER NOT NULL,
        action   TEXT NOT NULL,
        at       DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, version))""",
    """CREATE FUNCTION fruitspec_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the journal is append-only'; END $$""",
    """CREATE TRIGGER fruitspec_journal_append_only BEFORE UPDATE OR DELETE
        ON fruitspec_journal FOR EACH STATEMENT EXECUTE FUNCTION fruitspec_append_only()""",
    f"""CREATE FUNCTION fruitspec_announce() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('{CHANNEL}', NEW.table_id || ' ' || NEW.version);
        RETURN NULL; END $$""",
    """CREATE TRIGGER fruitspec_journal_announce AFTER INSERT ON fruitspec_journal
        FOR EACH ROW EXECUTE FUNCTION fruitspec_announce()""",
    """CREATE TABLE fruitspec_buckets (
        key   TEXT PRIMARY KEY,                -- what is limited, and for whom
        level DOUBLE PRECISION NOT NULL,       -- tokens left at `at`
        at    DOUBLE PRECISION NOT NULL)""",
    f"INSERT INTO fruitspec_meta VALUES ('application', '{APPLICATION}')",
]
# Schema 1 announced each version from a trigger, inside the appending transaction, on
# channel fruitspec_versions: the store announces it after the commit now (see the module).
_TO_V2 = [
    "DROP TRIGGER fruitspec_journal_announce ON fruitspec_journal",
    "DROP FUNCTION fruitspec_announce()",
]
#: The statements that take the schema from version ``v`` to ``v + 1`` (0: no schema).
_STEPS: dict[int, list[str]] = {0: _SCHEMA_V1, 1: _TO_V2}

# One statement, so one round trip and atomic without BEGIN: the insert happens only if
# the version bump did, and the bump only if the stored version is the one before.
_APPEND = """
WITH bumped AS (
    UPDATE fruitspec_tables SET version = %(v)s, agent_turn = %(turn)s
    WHERE id = %(id)s AND version = %(v)s - 1 RETURNING id)
INSERT INTO fruitspec_journal (table_id, version, seat, action, at)
SELECT id, %(v)s, %(seat)s, %(action)s, %(at)s FROM bumped"""

# A two-key advisory lock shows in pg_locks as classid = key 1, objid = key 2 (as an
# unsigned oid), objsubid = 2.
_UNCLAIMED = """
SELECT t.id FROM fruitspec_tables t WHERE t.agent_turn AND NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = %(cls)s::oid
      AND l.objid = (hashtext(t.id)::bigint & 4294967295)::oid
      AND l.pid <> %(me)s)"""


def without_password(url: str) -> str:
    """``url`` as people may see it: scheme, user, host, port and database, no password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(an unreadable URL)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


class _Database:
    """The URL, what people may see of it, and the checks and migrations at start."""

    def __init__(self, url: str) -> None:
        self.label = without_password(url)
        try:
            self._password = str(conninfo_to_dict(url).get("password") or "")
        except psycopg.ProgrammingError:
            raise StoreError("--db is not a PostgreSQL URL that can be read:"
                             " postgresql://USER@HOST:PORT/DATABASE") from None
        self._url = url

    def migrate(self, upto: int = SCHEMA_VERSION) -> str:
        """Check the database, bring its schema up to date (to ``upto``: the tests make
        older ones); returns its label."""
        with self._first_connection() as conn:
            self._check_and_migrate(conn, upto)
        return self.label

    @contextlib.contextmanager
    def _first_connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection of our own at start: its failure is one line naming the reason."""
        try:
            conn = psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the table database {self.label}:"
                             f" {self.scrub(exc)}") from None
        try:
            yield conn
        except psycopg.Error as exc:
            raise StoreError(f"{self.label} is not a usable table database"
                             f" ({self.scrub(exc)}): give another --db") from None
        finally:
            conn.close()

    def _check_and_migrate(self, conn: psycopg.Connection[Any], upto: int) -> None:
        """Refuse a database that is not ours, or ours but newer or damaged; bring an
        older one up to date. Under a lock, so processes starting together migrate once."""
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, MIGRATION_KEY))
            found = self._schema_found(conn)
            for version in range(found, upto):
                for statement in _STEPS[version]:
                    conn.execute(statement)
            conn.execute("INSERT INTO fruitspec_meta VALUES ('schema', %s) ON CONFLICT (key)"
                         " DO UPDATE SET value = EXCLUDED.value", (str(max(found, upto)),))

    def _schema_found(self, conn: psycopg.Connection[Any]) -> int:
        present = {name for (name,) in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
        if "fruitspec_meta" not in present:
            if present:
                raise StoreError(f"{self.label} is a PostgreSQL database of something else,"
                                 " not a fruitspec table store: give another --db")
            return 0
        meta = dict(conn.execute("SELECT key, value FROM fruitspec_meta").fetchall())
        if meta.get("application") != APPLICATION:
            raise StoreError(f"{self.label} belongs to another application: give another"
                             " --db")
        found = int(meta.get("schema", "0"))
        if found > SCHEMA_VERSION:
            raise StoreError(f"{self.label} has table-store schema {found}, newer than this"
                             f" fruitspec reads ({SCHEMA_VERSION}): upgrade it")
        missing = [name for name in _OURS if name not in present]
        if found and missing:
            raise StoreError(f"{self.label} is a damaged table store (it has no"
                             f" {missing[0]}): restore it from a backup, or give another --db")
        return found

    def scrub(self, exc: BaseException) -> str:
        """The first line of a driver's message, with the password blanked should it
        ever quote the URL."""
        text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return text.replace(self._password, "***") if self._password else text


def prepare(url: str) -> str:
    """Check (and migrate) the database at ``url`` without keeping a connection: what a
    server does once before it starts its worker processes. Returns its label."""
    return _Database(url).migrate()


def copy_from_sqlite(source: Store, url: str) -> tuple[int, int, int]:
    """Copy every table of an SQLite store into the PostgreSQL database at ``url``, each
    table in one transaction: (tables copied, actions copied, tables already there,
    left as they are, so a copy interrupted or run twice is finished by running it again).
    Each table is replayed from the file before it is copied: a damaged one stops the copy.
    """
    target = PgStore(url, pool_size=1)
    copied = actions = present = 0
    try:
        for row, journal in source.export():
            source.load(row[0])  # a StoreError when it does not replay
            with target._conn() as conn, conn.transaction():
                done = conn.execute(
                    "INSERT INTO fruitspec_tables (id, setup, tokens, version, created,"
                    " agent_turn) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                    (*row[:5], bool(row[5]))).rowcount
                if not done:
                    present += 1
                    continue
                with conn.cursor() as cur:
                    cur.executemany("INSERT INTO fruitspec_journal (table_id, version, seat,"
                                    " action, at) VALUES (%s, %s, %s, %s, %s)",
                                    [(row[0], *entry) for entry in journal])
            copied += 1
            actions += len(journal)
    finally:
        target.close()
    return copied, actions, present


class PgStore:
    """The PostgreSQL database behind one or more servers (see the module's text)."""

    shared = True
    waits = True

    def __init__(self, url: str, pool_size: int = 4) -> None:
        self.label = _Database(url).migrate()
        self._url = url
        self.pool = ConnectionPool(url, min_size=1, max_size=pool_size, timeout=POOL_WAIT,
                                   kwargs={"autocommit": True,
                                           "connect_timeout": CONNECT_TIMEOUT},
                                   open=True, name="fruitspec")
        self._claims_lock = threading.Lock()
        self._claims: psycopg.Connection[Any] | None = None
        self._claimed: set[str] = set()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._probe_made = False
        self._takes = 0

    # --- connections -----------------------------------------------------------------------
    @contextlib.contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection; an outage becomes :class:`StoreUnavailable` (503)."""
        try:
            with self.pool.connection() as conn:
                yield conn
        except _OUTAGE as exc:
            log.warning("the table database is unreachable: %s", type(exc).__name__)
            raise StoreUnavailable() from None

    # --- writing ---------------------------------------------------------------------------
    def create(self, table_id: str, setup: TableSetup, token_digests: list[str | None],
               agent_turn: bool = False) -> None:
        with self._conn() as conn:
            conn.execute("INSERT INTO fruitspec_tables (id, setup, tokens, version, created,"
                         " agent_turn) VALUES (%s, %s, %s, 0, %s, %s)",
                         (table_id, json.dumps(setup.to_json()), json.dumps(token_digests),
                          time.time(), agent_turn))

    def append(self, table: Table, version: int, action: str, seat: int,
               agent_turn: bool = False) -> None:
        """The version's commit, then its announcement (see the module): a process that
        dies between the two leaves the other processes' feeds of the table one version
        behind until its next one, and loses nothing stored."""
        with self._conn() as conn:
            done = conn.execute(_APPEND, {"v": version, "turn": agent_turn, "id": table.id,
                                          "seat": seat, "action": action,
                                          "at": time.time()}).rowcount
            if done == 1:
                conn.execute("SELECT pg_notify(%s, %s)",
                             (CHANNEL, f"{table.id} {version} {seat} {action}"))
        if done != 1:
            raise StoreConflict(f"table {table.id}: the stored version is not {version - 1}")

    def set_agent_turn(self, table_id: str, agent_turn: bool) -> None:
        with self._conn() as conn:
            conn.execute("UPDATE fruitspec_tables SET agent_turn = %s WHERE id = %s",
                         (agent_turn, table_id))

    def take_token(self, key: str, bucket: TokenBucket, now: float) -> float:
        """One token from ``key``'s bucket (see :meth:`Store.take_token`), the row locked
        while it is read and written, so every process draws from the same bucket."""
        with self._conn() as conn, conn.transaction():
            row = conn.execute("SELECT level, at FROM fruitspec_buckets WHERE key = %s"
                               " FOR UPDATE", (key,)).fetchone()
            before, at = row or (None, None)
            level, wait = bucket.take(before, at, now)
            conn.execute("INSERT INTO fruitspec_buckets (key, level, at) VALUES (%s, %s, %s)"
                         " ON CONFLICT (key) DO UPDATE SET level = EXCLUDED.level,"
                         " at = EXCLUDED.at", (key, level, now))
            self._takes += 1
            if self._takes % 256 == 0:
                conn.execute("DELETE FROM fruitspec_buckets WHERE at < %s",
                             (now - bucket.full_after,))
        return wait

    def probe(self, body: str) -> None:
        with self._conn() as conn:
            if not self._probe_made:
                with self._claims_lock:  # made once, whichever thread and process is first
                    try:
                        conn.execute("CREATE TABLE IF NOT EXISTS fruitspec_probe"
                                     " (at DOUBLE PRECISION NOT NULL, body TEXT NOT NULL)")
                    except (psycopg.errors.UniqueViolation, psycopg.errors.DuplicateTable):
                        pass  # another process made it in the same moment
                    self._probe_made = True
            conn.execute("INSERT INTO fruitspec_probe (at, body) VALUES (%s, %s)",
                         (time.time(), body))

    # --- reading ---------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[Table, list[str | None]] | None:
        with self._conn() as conn:
            row = conn.execute("SELECT setup, tokens, version FROM fruitspec_tables"
                               " WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                return None
            journal = [a for (a,) in conn.execute(
                "SELECT action FROM fruitspec_journal WHERE table_id = %s AND version <= %s"
                " ORDER BY version", (table_id, row[2]))]
        return replayed(table_id, row[0], row[1], row[2], journal)

    def load_all(self) -> Iterator[tuple[Table, list[str | None]]]:
        with self._conn() as conn:
            ids = [i for (i,) in conn.execute(
                "SELECT id FROM fruitspec_tables ORDER BY created")]
        for table_id in ids:
            found = self.load(table_id)
            if found is not None:
                yield found

    def agent_turn_ids(self) -> list[str]:
        """The marked tables whose agents no other process plays: the ones whose claim
        (see :meth:`claim_agents`) another connection holds are left out here, so the
        once-a-second look does not try every running table of every process."""
        with self._claims_lock:
            mine = self._claims.info.backend_pid if self._claims is not None else 0
        with self._conn() as conn:
            return [i for (i,) in conn.execute(_UNCLAIMED, {"cls": LOCK_CLASS, "me": mine})]

    def version(self, table_id: str) -> int | None:
        with self._conn() as conn:
            row = conn.execute("SELECT version FROM fruitspec_tables WHERE id = %s",
                               (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def journal_since(self, table_id: str, version: int) -> list[tuple[int, str]]:
        with self._conn() as conn:
            return [(int(seat), action) for seat, action in conn.execute(
                "SELECT seat, action FROM fruitspec_journal WHERE table_id = %s"
                " AND version > %s ORDER BY version", (table_id, version))]

    def ping(self) -> None:
        with self._conn() as conn:
            conn.execute("SELECT 1")

    # --- agents: one process per table -----------------------------------------------------
    def claim_agents(self, table_id: str) -> bool:
        """Take the table's advisory lock on this process's own connection, if free.

        The lock lives as long as that connection: a process killed in any way leaves
        it to PostgreSQL to drop, and another process's next try takes it.
        """
        with self._claims_lock:
            if table_id in self._claimed:
                return True
            try:
                if self._claims is None or self._claims.closed:
                    self._claims = psycopg.connect(self._url, autocommit=True,
                                                   connect_timeout=CONNECT_TIMEOUT)
                got = self._claims.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                                           (LOCK_CLASS, table_id)).fetchone()
            except _OUTAGE:
                self._forget_claims()
                return False
            if got is not None and got[0]:
                self._claimed.add(table_id)
                return True
            return False

    def release_agents(self, table_id: str) -> None:
        with self._claims_lock:
            if table_id not in self._claimed or self._claims is None:
                return
            self._claimed.discard(table_id)
            try:
                self._claims.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))",
                                     (LOCK_CLASS, table_id))
            except _OUTAGE:
                self._forget_claims()

    def _forget_claims(self) -> None:
        """The claims' connection is gone, and with it every lock it held (lock held)."""
        self._claimed.clear()
        if self._claims is not None:
            self._claims.close()
        self._claims = None

    # --- versions announced by every process -----------------------------------------------
    def listen(self, on_version: OnVersion, on_lost: OnLost) -> None:
        self._listener = threading.Thread(target=self._listen, args=(on_version, on_lost),
                                          name="fruitspec-listen", daemon=True)
        self._listener.start()

    def _listen(self, on_version: OnVersion, on_lost: OnLost) -> None:
        """LISTEN on a connection of its own; when it breaks, tell ``on_lost`` once, then
        connect again every ``LISTEN_POLL`` seconds until the database answers."""
        broken = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True,
                                     connect_timeout=CONNECT_TIMEOUT) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if broken:
                        log.info("the table database answers again")
                    broken = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=LISTEN_POLL):
                            table_id, version, seat, action = note.payload.split(" ", 3)
                            on_version(table_id, int(version), int(seat), action)
            except _OUTAGE as exc:
                if not broken:
                    log.warning("lost the table database: %s", type(exc).__name__)
                    with self._claims_lock:
                        self._forget_claims()
                    on_lost()
                broken = True
                self._stop.wait(LISTEN_POLL)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(LISTEN_POLL * 4)
        with self._claims_lock:
            self._forget_claims()
        self.pool.close()
