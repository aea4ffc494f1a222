"""Durable tables in one SQLite file: each table's set-up and its append-only journal.

The file runs in WAL mode; an action is acknowledged only after the transaction that
appends it to the journal and bumps the table's version has committed, so a server killed
at any moment restarts with every acknowledged action. A file that is not SQLite, or is
SQLite but not ours, is refused at open with a clear :class:`StoreError`, never reset.

Seat tokens are stored only as SHA-256 digests: the file alone does not let anyone act.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

from spec.common.errors import FruitspecError

from ..table import Table, TableSetup

APPLICATION_ID = 0x46535442  # "FSTB" in the SQLite header: marks the file as ours
SCHEMA_VERSION = 1

_SCHEMA = """
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


class StoreError(FruitspecError):
    """The database file cannot be used as a table store (corrupt, foreign, unreadable)."""


class Store:
    """The SQLite file behind a server. One connection, used from one thread."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        if synchronous not in ("NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        self.path = str(path)
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
            if found != SCHEMA_VERSION:
                raise StoreError(f"{self.path} has table-store schema {found}, this"
                                 f" version reads {SCHEMA_VERSION}")
            problem = db.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise StoreError(f"{self.path} is damaged: {problem}")
        if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise StoreError(f"{self.path}: cannot switch the database to WAL mode")
        # In WAL mode, NORMAL survives a crash of the process (the case the server
        # promises); FULL also survives a power cut, at one fsync per action.
        db.execute(f"PRAGMA synchronous = {synchronous}")
        db.execute("PRAGMA foreign_keys = ON")
        try:
            db.executescript("BEGIN IMMEDIATE;" + _SCHEMA
                             + f"PRAGMA application_id = {APPLICATION_ID};"
                             + f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    # --- writing ---------------------------------------------------------------------------
    def create(self, table_id: str, setup: TableSetup, token_digests: list[str | None]) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO tables (id, setup, tokens, version, created)"
                       " VALUES (?, ?, ?, 0, ?)",
                       (table_id, json.dumps(setup.to_json()), json.dumps(token_digests),
                        time.time()))

    def append(self, table: Table, version: int, action: str, seat: int) -> None:
        """Journal ``action`` as ``version`` of ``table``; returns once committed."""
        with self._tx() as db:
            bumped = db.execute("UPDATE tables SET version = ? WHERE id = ? AND version = ?",
                                (version, table.id, version - 1)).rowcount
            if bumped != 1:
                raise StoreError(f"table {table.id}: the stored version is not"
                                 f" {version - 1}")
            db.execute("INSERT INTO journal (table_id, version, seat, action, at)"
                       " VALUES (?, ?, ?, ?, ?)", (table.id, version, seat, action,
                                                   time.time()))

    # --- reading ---------------------------------------------------------------------------
    def load_all(self) -> Iterator[tuple[Table, list[str | None]]]:
        """Every stored table replayed from its set-up and journal, with its token digests."""
        rows = self.db.execute("SELECT id, setup, tokens, version FROM tables"
                               " ORDER BY created").fetchall()
        for table_id, setup_text, tokens_text, version in rows:
            journal = [a for (a,) in self.db.execute(
                "SELECT action FROM journal WHERE table_id = ? ORDER BY version",
                (table_id,))]
            if len(journal) != version:
                raise StoreError(f"table {table_id}: version {version} but"
                                 f" {len(journal)} journal entries")
            try:
                setup = TableSetup.from_json(json.loads(setup_text))
                digests = json.loads(tokens_text)
                table = Table(table_id, setup, journal)
            except (ValueError, KeyError, TypeError, FruitspecError) as exc:
                raise StoreError(f"table {table_id} does not replay: {exc}") from None
            yield table, digests

    def close(self) -> None:
        self.db.close()

    def _tx(self) -> "_Transaction":
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
