"""The SQLite store: set-ups and an append-only journal; foreign or damaged files refused."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3

import pytest

import engine
from engine.analysis.agents import play_game
from engine.server.app import Guard
from engine.server.store import (_STEPS, APPLICATION_ID, SCHEMA_VERSION, Store, StoreError,
                                 lock_database)
from engine.server.tables import BadToken, Tables, UnknownTable, digest
from engine.core.table import TableSetup


def _filled(path, name="tanuki-market", n=15):
    tables = Tables(Store(path))
    tid, tokens = tables.create(TableSetup(game=name, seed=5))
    for i, text in enumerate(play_game(engine.load(name), "random", seed=5).actions[:n]):
        tables.act(tid, int(text[1:text.index(":")]), text, i)
    return tables, tid, tokens


def test_a_reopened_store_replays_every_table_to_the_same_state(tmp_path):
    tables, tid, tokens = _filled(tmp_path / "t.sqlite3")
    digest = tables.get(tid).digest()
    tables.store.close()
    again = Tables(Store(tmp_path / "t.sqlite3"))
    assert again.get(tid).digest() == digest and again.get(tid).version == 15
    assert [again.seat_for(tid, t) for t in tokens] == list(range(len(tokens)))


def test_the_file_holds_token_digests_not_tokens(tmp_path):
    tables, tid, tokens = _filled(tmp_path / "t.sqlite3")
    tables.store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert not any(t.encode() in raw for t in tokens)


def test_the_journal_is_append_only(tmp_path):
    tables, tid, _ = _filled(tmp_path / "t.sqlite3")
    db = tables.store.db
    for sql in ("UPDATE journal SET action = 'p0: skip'", "DELETE FROM journal"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute(sql)
    assert db.execute("SELECT count(*) FROM journal").fetchone()[0] == 15


def test_a_journal_that_does_not_replay_is_a_clear_error(tmp_path):
    path = tmp_path / "t.sqlite3"
    tables, tid, _ = _filled(path)
    tables.store.close()
    with sqlite3.connect(path) as con:
        con.execute("DROP TRIGGER journal_append_only")
        con.execute("UPDATE journal SET action = 'p0: fly away' WHERE version = 3")
    con.close()
    tables = Tables(Store(path))  # tables load on demand: the error comes on first use
    with pytest.raises(StoreError, match=f"table {tid} does not replay"):
        tables.get(tid)


def test_a_version_without_its_journal_entry_is_a_clear_error(tmp_path):
    path = tmp_path / "t.sqlite3"
    tables, tid, _ = _filled(path)
    tables.store.close()
    with sqlite3.connect(path) as con:
        con.execute("UPDATE tables SET version = 99")
    con.close()
    with pytest.raises(StoreError, match="version 99 but 15 journal entries"):
        Tables(Store(path)).get(tid)


@pytest.mark.parametrize("prepare, needle", [
    (lambda p: p.write_bytes(b"\x00garbage" * 512), "not a usable table database"),
    (lambda p: _sqlite(p, "CREATE TABLE users (name TEXT)"), "something else"),
    (lambda p: _sqlite(p, "PRAGMA application_id = 7"), "another application"),
    (lambda p: _sqlite(p, f"PRAGMA application_id = {APPLICATION_ID}",
                       "PRAGMA user_version = 99"), "schema 99"),
])
def test_foreign_or_damaged_files_are_refused_untouched(tmp_path, prepare, needle):
    path = tmp_path / "t.sqlite3"
    prepare(path)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=needle):
        Store(path)
    assert path.read_bytes() == before


def _sqlite(path, *statements):
    con = sqlite3.connect(path)
    for sql in statements:
        con.execute(sql)
    con.commit()
    con.close()


def test_unknown_tables_and_bad_tokens():
    tables = Tables()
    tid, tokens = tables.create(TableSetup(game="bastos", seed=1))
    with pytest.raises(UnknownTable):
        tables.get("nope")
    for bad in ("", tokens[0][:-1], tokens[0] + "x", "x" * 10_000):
        with pytest.raises(BadToken):
            tables.seat_for(tid, bad)
    assert tables.seat_for(tid, None) is None


def test_a_subscriber_that_falls_behind_is_told_to_catch_up(monkeypatch):
    monkeypatch.setattr("engine.server.tables.MAX_BACKLOG", 5)
    tables = Tables()
    tid, _ = tables.create(TableSetup(game="bastos", seed=1))
    sub = tables.subscribe(tid, 0)
    for i, text in enumerate(play_game(engine.load("bastos"), "random", seed=1).actions[:8]):
        tables.act(tid, int(text[1:text.index(":")]), text, i)
    backlog = [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]
    # what it could not take is dropped for one "reconnect and catch up" mark
    assert backlog == [None]
    assert tables.message(tid, 0, since=0)["version"] == 8


def test_an_internal_error_is_a_plain_500_and_a_log_line_without_its_message(caplog):
    async def broken(scope, receive, send):
        raise RuntimeError("hand of seat 2: B7 M4")

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(msg):
        sent.append(msg)

    scope = {"type": "http", "method": "GET", "path": "/api/x", "headers": [],
             "query_string": b"token=secret"}
    with caplog.at_level(logging.INFO, logger="fruitspec.server"):
        asyncio.run(Guard(broken)(scope, receive, send))
    assert sent[0]["status"] == 500 and b"internal error" in sent[1]["body"]
    assert b"B7" not in sent[1]["body"]
    assert "B7" not in caplog.text and "secret" not in caplog.text
    assert "RuntimeError" in caplog.text and "/api/x" in caplog.text


# --- schema versions -------------------------------------------------------------------------
# The schema of version 1 as it shipped: a file made with it must open and migrate.
_V1 = """
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


def _v1_file(path, tables):
    """A version-1 file holding ``tables``: (id, setup, digests, journal) each."""
    con = sqlite3.connect(path)
    con.executescript(_V1 + f"PRAGMA application_id = {APPLICATION_ID};"
                      " PRAGMA user_version = 1; PRAGMA journal_mode = WAL;")
    for tid, setup, digests, journal in tables:
        con.execute("INSERT INTO tables VALUES (?, ?, ?, ?, 0)",
                    (tid, json.dumps(setup.to_json()), json.dumps(digests), len(journal)))
        con.executemany("INSERT INTO journal VALUES (?, ?, ?, ?, 0)",
                        [(tid, v, 0, a) for v, a in enumerate(journal, 1)])
    con.commit()
    con.close()


def test_a_version_1_file_migrates_and_its_tables_play_on(tmp_path):
    path = tmp_path / "old.sqlite3"
    record = [str(a) for a in play_game(engine.load("bastos"), "random", seed=4).actions]
    token = "a-seat-token"
    robots = TableSetup(game="bastos", seed=5, agents=("random",) * 3)
    _v1_file(path, [("old", TableSetup(game="bastos", seed=4), [digest(token), None, None],
                     record[:9]), ("robots", robots, [None] * 3, [])])
    store = Store(path)
    db = store.db
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert db.execute("SELECT count(*) FROM rate_buckets").fetchone()[0] == 0
    # a table with agents is looked at once by the next start; the others never
    assert store.agent_turn_ids() == ["robots"]
    tables = Tables(store)
    assert tables.seat_for("old", token) == 0 and tables.get("old").version == 9
    for i, text in enumerate(record[9:], 9):
        tables.act("old", int(text[1:text.index(":")]), text, i)
    assert tables.scenario("old")["actions"] == record
    store.close()
    assert Store(path).load("old")[0].journal == record  # reopened: already version 2


def test_a_migration_that_fails_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    _v1_file(path, [])
    monkeypatch.setitem(_STEPS, 1, _STEPS[1] + "INSERT INTO no_such_table VALUES (1);")
    with pytest.raises(StoreError):
        Store(path)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    names = {n for (n,) in con.execute("SELECT name FROM sqlite_schema")}
    assert "rate_buckets" not in names and "tables_agent_turn" not in names
    con.close()


def test_a_newer_schema_is_refused_in_one_line(tmp_path):
    path = tmp_path / "new.sqlite3"
    _sqlite(path, f"PRAGMA application_id = {APPLICATION_ID}", "PRAGMA user_version = 3")
    with pytest.raises(StoreError) as info:
        Store(path)
    assert "schema 3, newer" in str(info.value) and "\n" not in str(info.value)


def test_the_database_lock_is_held_once(tmp_path):
    path = tmp_path / "t.sqlite3"
    held = lock_database(path)
    with pytest.raises(StoreError, match="served by another fruitspec serve"):
        lock_database(path)
    os.close(held)
    os.close(lock_database(path))  # released with its descriptor
