"""The PostgreSQL store on its own: its schema, what it refuses, its password, the copy."""
from __future__ import annotations

import json
import subprocess
import sys

import psycopg
import pytest

import engine
from engine.analysis.agents import play_game
from engine.core.table import Table, TableSetup
from engine.server.pgstore import (_APPEND, CHANNEL, SCHEMA_VERSION, PgStore, _Database,
                                   without_password)
from engine.server.store import Store, StoreConflict, StoreError
from engine.server.tables import digest

from .helpers import LiveServer, auth, free_port, http_client, local_replay, plain

SECRET = "hunter2-Zq81"


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "serve", "--port", str(free_port()),
                           *args], capture_output=True, text=True, timeout=60)


def _setup(seed: int = 1) -> TableSetup:
    return TableSetup(game="tindahan", players=3, variant=None, options={}, seed=seed,
                      setup=None, agents=())


def test_one_version_is_taken_once_and_a_table_replays_as_stored(pg_url):
    store = PgStore(pg_url)
    try:
        table = Table("t1", _setup())
        store.create("t1", table.setup, ["a", "b", None])
        first = str(table.game.legal_actions(table.state)[0])
        store.append(table, 1, first, 0)
        with pytest.raises(StoreConflict):
            store.append(table, 1, first, 0)  # what a second process would offer
        assert store.version("t1") == 1 and store.journal_since("t1", 0) == [(0, first)]
        loaded, digests = store.load("t1")
        assert loaded.journal == [first] and digests == ["a", "b", None]
        with psycopg.connect(pg_url) as conn, pytest.raises(psycopg.Error):
            conn.execute("DELETE FROM fruitspec_journal")  # append-only
    finally:
        store.close()


def test_a_foreign_a_newer_and_a_damaged_database_are_one_line_each(pg_cluster):
    foreign, newer, damaged = (pg_cluster.new_database() for _ in range(3))
    with psycopg.connect(foreign, autocommit=True) as conn:
        conn.execute("CREATE TABLE users (name TEXT)")
    PgStore(newer).close()
    PgStore(damaged).close()
    with psycopg.connect(newer, autocommit=True) as conn:
        conn.execute("UPDATE fruitspec_meta SET value = %s WHERE key = 'schema'",
                     (str(SCHEMA_VERSION + 1),))
    with psycopg.connect(damaged, autocommit=True) as conn:
        conn.execute("DROP TABLE fruitspec_buckets")
    for url, needle in ((foreign, "something else"), (newer, "newer than"),
                        (damaged, "damaged")):
        r = _serve("--db", url)
        assert r.returncode == 2 and needle in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    with psycopg.connect(foreign) as conn:  # refused, never changed
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname ="
                            " current_schema()").fetchone() == (1,)


def test_the_password_is_in_no_line_and_no_error(pg_cluster, tmp_path):
    url = pg_cluster.url("postgres").replace("fruitspec@", f"fruitspec:{SECRET}@")
    assert SECRET not in without_password(url) and "fruitspec@127.0.0.1" in without_password(url)
    unreachable = f"postgresql://someone:{SECRET}@127.0.0.1:{free_port()}/nowhere"
    r = _serve("--db", unreachable)
    assert r.returncode == 2 and "cannot open the table database" in r.stderr
    assert SECRET not in r.stderr + r.stdout
    log = tmp_path / "server.log"
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--port",
                             str(free_port()), "--db", pg_cluster.new_database().replace(
                                 "fruitspec@", f"fruitspec:{SECRET}@")],
                            stdout=subprocess.PIPE, stderr=open(log, "wb"), text=True)
    try:
        first = proc.stdout.readline()
        assert "tables in postgresql://fruitspec@" in first and SECRET not in first
    finally:
        proc.send_signal(2)
        proc.wait(20)
    assert SECRET not in log.read_text()


def test_an_sqlite_store_is_copied_whole_and_a_second_copy_changes_nothing(pg_url, tmp_path):
    path = tmp_path / "old.sqlite3"
    old = Store(path)
    game = engine.load("bastos")
    actions = play_game(game, "random", seed=6).actions[:30]
    for n, table_id in enumerate(("a1", "a2")):
        table = Table(table_id, TableSetup(game="bastos", players=game.players, variant=None,
                                           options={}, seed=6, setup=None, agents=()))
        old.create(table_id, table.setup, ["x", None, "z", None][:game.players])
        for i, text in enumerate(actions[:10 + n * 20]):
            old.append(table, i + 1, text, int(text[1]))
            table.act(int(text[1]), text)
    old.close()
    for copied in ("copied 2 tables (40 actions)", "copied 0 tables (0 actions)"):
        r = _serve("--db", pg_url, "--copy-from", str(path))
        assert r.returncode == 0 and copied in r.stdout, r.stdout + r.stderr
    new, source = PgStore(pg_url), Store(path)
    try:
        for want, _ in source.load_all():
            got, digests = new.load(want.id)
            assert got.journal == want.journal and got.digest() == want.digest()
            assert digests == source.load(want.id)[1]
    finally:
        new.close()
        source.close()


def test_workers_need_postgresql(tmp_path):
    r = _serve("--db", str(tmp_path / "t.sqlite3"), "--workers", "2")
    assert r.returncode == 2 and "needs a postgresql:// --db" in r.stderr
    with pytest.raises(StoreError):
        PgStore("postgresql://nobody@127.0.0.1:1/x?connect_timeout=x")


def _schema(url: str) -> tuple[str, int]:
    """(the schema version the database records, how many announcing triggers it has)."""
    with psycopg.connect(url) as conn:
        version = conn.execute("SELECT value FROM fruitspec_meta WHERE key = 'schema'"
                               ).fetchone()
        triggers = conn.execute("SELECT count(*) FROM pg_trigger WHERE tgname ="
                                " 'fruitspec_journal_announce'").fetchone()
    assert version is not None and triggers is not None
    return version[0], triggers[0]


def test_a_schema_1_store_is_upgraded_to_2_and_served_with_its_games(pg_url, tmp_path):
    """Schema 1 announced versions from a trigger inside the commit; 2 drops it (the store
    announces after the commit). A table written under schema 1, trigger firing, is
    served after the upgrade as it was, and its next action is announced once."""
    _Database(pg_url).migrate(upto=1)
    assert _schema(pg_url) == ("1", 1)
    rec = play_game(engine.load("tindahan", players=3), "random", seed=4)
    table, tokens = Table("old1", _setup(4)), ["tok-a", "tok-b", "tok-c"]
    with psycopg.connect(pg_url, autocommit=True) as conn:  # as schema 1's store wrote
        conn.execute("INSERT INTO fruitspec_tables (id, setup, tokens, version, created)"
                     " VALUES (%s, %s, %s, 0, 0)", (table.id, json.dumps(
                         table.setup.to_json()), json.dumps([digest(t) for t in tokens])))
        for version, text in enumerate(rec.actions[:10], start=1):
            assert conn.execute(_APPEND, {"v": version, "turn": False, "id": table.id,
                                          "seat": int(text[1]), "action": text,
                                          "at": 0.0}).rowcount == 1
    with LiveServer(pg_url, tmp_path / "serve.log") as srv, http_client(srv) as http, \
            psycopg.connect(pg_url, autocommit=True) as listener:
        assert _schema(pg_url) == (str(SCHEMA_VERSION), 0) and SCHEMA_VERSION == 2
        listener.execute(f"LISTEN {CHANNEL}")
        seat = int(rec.actions[10][1])
        got = http.get(f"/api/tables/{table.id}", headers=auth(tokens[seat])).json()
        state = local_replay(table.game, 4, rec.actions[:10])
        assert got["version"] == 10 and got["view"] == plain(table.game.view(state, seat))
        r = http.post(f"/api/tables/{table.id}/actions", headers=auth(tokens[seat]),
                      json={"action": rec.actions[10], "version": 10})
        assert r.status_code == 200, r.text
        notes = [n.payload for n in listener.notifies(timeout=1, stop_after=2)]
    assert notes == [f"{table.id} 11 {seat} {rec.actions[10]}"]
