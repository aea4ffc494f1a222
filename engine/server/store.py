"""Durable tables in one SQLite file: each table's set-up and its append-only journal.

The file runs in WAL mode; an action is acknowledged only after the transaction that
appends it to the journal and bumps the table's version has committed, so a server killed
at any moment restarts with every acknowledged action. A file that is not SQLite, or is
SQLite but not ours, is refused at open with a clear :class:`StoreError`, never reset.

Seat tokens are stored only as SHA-256 digests: the file alone does not let anyone act.

The schema carries its version in ``PRAGMA user_version``; an older file is brought up to
date at open by the steps of :data:`_STEPS`, all in one transaction, and a newer one is
refused. :func:`lock_database` keeps a second server off a file another one serves.
"""
from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator

from spec.common.errors import FruitspecError

from engine.core.table import Table, TableSetup
from engine.server.limits import TokenBucket

APPLICATION_ID = 0x46535442  # "FSTB" in the SQLite header: marks the file as ours
SCHEMA_VERSION = 2

_SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    setup    TEXT NOT NULL,            -- TableSetup as JSON
    tokens   TEXT NOT NULL,            -- JSON list: SHA-256 hex digest per seat, or null
    version  INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS journal (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version  INTEGER NOT NULL CHECK (version >= 1),
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,
    at       REAL NOT NULL,
    PRIMARY KEY (table_id, version)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS journal_append_only BEFORE UPDATE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""

# Version 2: which tables have a built-in agent to move (so a restart resumes them without
# replaying every table), and the token buckets of the creation limit (shared by every
# process on the file, and kept across restarts). A table of an old file that has agents
# at all is marked: the first start looks at it once, and clears the mark if no agent
# is to move.
_V1_TO_V2 = """
ALTER TABLE tables ADD COLUMN agent_turn INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET agent_turn = 1 WHERE EXISTS (
    SELECT 1 FROM json_each(tables.setup, '$.agents') WHERE value IS NOT NULL);
CREATE INDEX tables_agent_turn ON tables (id) WHERE agent_turn = 1;
CREATE TABLE rate_buckets (
    key      TEXT PRIMARY KEY,         -- what is limited, and for whom ("create 10.0.0.7")
    level    REAL NOT NULL,            -- tokens left at `at`
    at       REAL NOT NULL             -- Unix time
) WITHOUT ROWID;
"""

#: The SQL that takes the schema from version ``v`` to ``v + 1`` (0 is an empty file).
_STEPS: dict[int, str] = {0: _SCHEMA_V1, 1: _V1_TO_V2}


class StoreError(FruitspecError):
    """The database file cannot be used as a table store (corrupt, foreign, unreadable)."""


class StoreConflict(StoreError):
    """The stored version of a table moved on: another process committed that version."""


class Store:
    """The SQLite file behind a server: one connection, each use under one lock.

    One process serves a file (:func:`lock_database`), so its tables in memory are never
    behind the file: ``shared`` is False, and claiming agents always succeeds.
    """

    shared = False
    waits = False  # one connection, one commit at a time: threads would only queue for it

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        self.label = str(path)
        if synchronous not in ("NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = str(path)
        # one connection for every thread: a transaction must not interleave another's
        self._lock = threading.RLock()
        self._takes = 0
        self._probe_made = False
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None,
                                      check_same_thread=False)
        except sqlite3.OperationalError as exc:
            raise StoreError(f"cannot open {self.path} ({exc}): its folder must exist and"
                             " be writable") from None
        try:
            self._check_and_init(synchronous)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a usable table database ({exc}):"
                             " give another --db, or move this file away") from None

    def _check_and_init(self, synchronous: str) -> None:
        db = self.db
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        user_tables = db.execute("SELECT count(*) FROM sqlite_schema"
                                 " WHERE type = 'table'").fetchone()[0]
        if app_id == 0 and user_tables:
            raise StoreError(f"{self.path} is an SQLite database of something else, not a"
                             " fruitspec table store: give another --db")
        if app_id not in (0, APPLICATION_ID):
            raise StoreError(f"{self.path} belongs to another application"
                             f" (application_id {app_id:#x}): give another --db")
        if app_id == APPLICATION_ID:
            found = db.execute("PRAGMA user_version").fetchone()[0]
            if found > SCHEMA_VERSION:
                raise StoreError(f"{self.path} has table-store schema {found}, newer than"
                                 f" this fruitspec reads ({SCHEMA_VERSION}): upgrade it")
            # no quick_check here: it reads every page, so start-up would grow with the
            # file; SQLite reports a damaged page when a table on it is loaded
        if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise StoreError(f"{self.path}: cannot switch the database to WAL mode")
        # In WAL mode, NORMAL survives a crash of the process (the case the server
        # promises); FULL also survives a power cut, at one fsync per action.
        db.execute(f"PRAGMA synchronous = {synchronous}")
        db.execute("PRAGMA foreign_keys = ON")
        self._migrate()

    def _migrate(self) -> None:
        """Every step from the file's version to :data:`SCHEMA_VERSION`, in one transaction.

        The version is read again inside it, so two processes opening one old file at
        once migrate it once. Statements run one by one (``executescript`` would commit).
        """
        with self._tx() as db:
            found = db.execute("PRAGMA user_version").fetchone()[0]
            for version in range(found, SCHEMA_VERSION):
                for statement in _statements(_STEPS[version]):
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # --- writing ---------------------------------------------------------------------------
    def create(self, table_id: str, setup: TableSetup, token_digests: list[str | None],
               agent_turn: bool = False) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO tables (id, setup, tokens, version, created, agent_turn)"
                       " VALUES (?, ?, ?, 0, ?, ?)",
                       (table_id, json.dumps(setup.to_json()), json.dumps(token_digests),
                        time.time(), int(agent_turn)))

    def append(self, table: Table, version: int, action: str, seat: int,
               agent_turn: bool = False) -> None:
        """Journal ``action`` as ``version`` of ``table``; returns once committed.

        ``agent_turn`` marks the table as one an agent may have to move after it (the
        state after the action is not known yet: a caller marks every table with agents,
        then clears the mark with :meth:`set_agent_turn` once it knows better).
        """
        with self._tx() as db:
            bumped = db.execute("UPDATE tables SET version = ?, agent_turn = ?"
                                " WHERE id = ? AND version = ?",
                                (version, int(agent_turn), table.id, version - 1)).rowcount
            if bumped != 1:
                raise StoreConflict(f"table {table.id}: the stored version is not"
                                 f" {version - 1}")
            db.execute("INSERT INTO journal (table_id, version, seat, action, at)"
                       " VALUES (?, ?, ?, ?, ?)", (table.id, version, seat, action,
                                                   time.time()))

    def set_agent_turn(self, table_id: str, agent_turn: bool) -> None:
        with self._tx() as db:
            db.execute("UPDATE tables SET agent_turn = ? WHERE id = ?",
                       (int(agent_turn), table_id))

    def take_token(self, key: str, bucket: TokenBucket, now: float) -> float:
        """One token from ``key``'s bucket: 0.0 when taken, else the seconds to wait.

        Read and written in one transaction, so processes sharing the file share buckets.
        Buckets full again are deleted now and then: an address seen once is not kept.
        """
        with self._tx() as db:
            row = db.execute("SELECT level, at FROM rate_buckets WHERE key = ?",
                             (key,)).fetchone()
            before, at = row or (None, None)
            level, wait = bucket.take(before, at, now)
            db.execute("INSERT OR REPLACE INTO rate_buckets (key, level, at)"
                       " VALUES (?, ?, ?)", (key, level, now))
            self._takes += 1
            if self._takes % 256 == 0:
                db.execute("DELETE FROM rate_buckets WHERE at < ?", (now - bucket.full_after,))
        return wait

    # --- reading ---------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[Table, list[str | None]] | None:
        """The stored table replayed from its set-up and journal, with its token digests;
        None when no table has this ID. A journal that does not replay is a StoreError."""
        with self._lock:
            row = self.db.execute("SELECT setup, tokens, version FROM tables WHERE id = ?",
                                  (table_id,)).fetchone()
            if row is None:
                return None
            journal = [a for (a,) in self.db.execute(
                "SELECT action FROM journal WHERE table_id = ? ORDER BY version",
                (table_id,))]
        setup_text, tokens_text, version = row
        return replayed(table_id, setup_text, tokens_text, version, journal)

    def load_all(self) -> Iterator[tuple[Table, list[str | None]]]:
        """Every stored table, oldest first (for tools and tests: a server loads on demand)."""
        with self._lock:
            ids = [i for (i,) in self.db.execute("SELECT id FROM tables ORDER BY created")]
        for table_id in ids:
            found = self.load(table_id)
            if found is not None:
                yield found

    def export(self) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
        """Every table's row (id, setup, tokens, version, created, agent_turn) and its
        journal rows (version, seat, action, at), oldest table first: for a copy."""
        with self._lock:
            ids = [i for (i,) in self.db.execute("SELECT id FROM tables ORDER BY created")]
        for table_id in ids:
            with self._lock:
                row = self.db.execute("SELECT id, setup, tokens, version, created, agent_turn"
                                      " FROM tables WHERE id = ?", (table_id,)).fetchone()
                journal = self.db.execute("SELECT version, seat, action, at FROM journal"
                                          " WHERE table_id = ? ORDER BY version",
                                          (table_id,)).fetchall()
            yield row, journal

    def agent_turn_ids(self) -> list[str]:
        """The tables marked as having a built-in agent to move (see :meth:`append`)."""
        with self._lock:
            return [i for (i,) in self.db.execute(
                "SELECT id FROM tables WHERE agent_turn = 1")]

    def version(self, table_id: str) -> int | None:
        with self._lock:
            row = self.db.execute("SELECT version FROM tables WHERE id = ?",
                                  (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def journal_since(self, table_id: str, version: int) -> list[tuple[int, str]]:
        with self._lock:
            return [(int(seat), action) for seat, action in self.db.execute(
                "SELECT seat, action FROM journal WHERE table_id = ? AND version > ?"
                " ORDER BY version", (table_id, version))]

    def claim_agents(self, table_id: str) -> bool:
        return True  # the only process on the file

    def release_agents(self, table_id: str) -> None:
        return None

    def listen(self, on_version: Any, on_lost: Any) -> None:
        return None  # no other process commits to this file

    def ping(self) -> None:
        with self._lock:
            self.db.execute("SELECT 1").fetchone()

    def probe(self, body: str) -> None:
        """One row of ``body`` committed as an action's journal entry is (bench only)."""
        with self._tx() as db:
            if not self._probe_made:  # made on first use: a served file never has one
                db.execute("CREATE TABLE IF NOT EXISTS probe (at REAL NOT NULL,"
                           " body TEXT NOT NULL)")
                self._probe_made = True
            db.execute("INSERT INTO probe (at, body) VALUES (?, ?)", (time.time(), body))

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def _tx(self) -> "_Transaction":
        return _Transaction(self.db, self._lock)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT under the store's lock, rolled back on any error."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self.db, self.lock = db, lock

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise
        return self.db

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        try:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self.lock.release()


def replayed(table_id: str, setup_text: str, tokens_text: str, version: int,
             journal: list[str]) -> tuple[Table, list[str | None]]:
    """A stored table's row and journal as a live table and its token digests (any store)."""
    if len(journal) != version:
        raise StoreError(f"table {table_id}: version {version} but"
                         f" {len(journal)} journal entries")
    try:
        setup = TableSetup.from_json(json.loads(setup_text))
        table = Table(table_id, setup, journal)
    except (ValueError, KeyError, TypeError, FruitspecError) as exc:
        raise StoreError(f"table {table_id} does not replay: {exc}") from None
    return table, json.loads(tokens_text)


def _statements(script: str) -> Iterator[str]:
    """The statements of ``script`` one by one (a trigger's body keeps its semicolons)."""
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                yield pending
            pending = ""


def lock_database(path: str | Path) -> int:
    """Hold ``<path>.lock`` for this process's lifetime: one server per database file.

    An OS lock (``flock``) on a file descriptor: the kernel drops it when the process
    ends, however it ends (SIGKILL included), so a crash leaves no stale lock behind.
    Returns the descriptor; closing it releases the lock.
    """
    lock = f"{path}.lock"
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"cannot open {lock} ({exc.strerror}): its folder must exist and"
                         " be writable") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"{path} is served by another fruitspec serve already (it holds"
                         f" {lock}): stop that one, or give another --db") from None
    return fd
