"""End to end through a real `fruitspec serve` (uvicorn) process on a loopback port."""
from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

import engine
from engine.analysis.agents import play_game
from engine.server.storage import open_store

from .conftest import STORES, store_db
from .helpers import (LiveServer, auth, free_port, full_game_by_seats, http_client as _client,
                      local_replay, race_for_one_cart, seat_of as _seat, ws_feed as _ws,
                      plain as _plain)

GAMES = engine.games()
# Card notation of every game (see the contract): none may ever reach the log.
CARD = re.compile(r"\b(?:[BLMPD]\d{1,2}|(?:CO|PA|FI|AV|PI|PG|PF)\d+\*?|"
                  r"[SFBPW]/(?:move|replace|favorite|five|bitten)|GRANNY|TACO)\b")


@pytest.fixture(scope="module", params=STORES)
def server(request, tmp_path_factory):
    d = tmp_path_factory.mktemp("live")
    with LiveServer(store_db(request, request.param, d), d / "server.log") as srv:
        yield srv


# every game at its default size, and every variant
CONFIGS = [(name, None, None) for name in GAMES] + [
    ("tanuki-market", "special-carts", 3), ("tanuki-market", "solo", 1),
    ("fruit-passion", "solo", 1)]


@pytest.mark.parametrize("name, variant, players", CONFIGS)
def test_full_game_by_per_seat_clients_never_leaks(server, name, variant, players):
    """Each seat plays from its own client and watches its own feed; every view pushed at
    every version is exactly `game.view(state, seat)` of the replayed journal."""
    full_game_by_seats([server], name, variant, players)


def test_a_reconnecting_feed_catches_up_from_its_last_version(server):
    with _client(server) as http:
        made = http.post("/api/tables", json={"game": "fruit-passion", "seed": 2}).json()
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]
        game = engine.load("fruit-passion")
        rec = play_game(game, "random", seed=2)

        def act(i):
            text = rec.actions[i]
            assert http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[_seat(text)]),
                             json={"action": text, "version": i}).status_code == 200

        with _ws(server, tid, tokens[1]) as feed:
            assert json.loads(feed.recv(timeout=20))["version"] == 0
            act(0)
            assert json.loads(feed.recv(timeout=20))["version"] == 1
        act(1)
        act(2)
        with _ws(server, tid, tokens[1], since=1) as feed:
            caught = json.loads(feed.recv(timeout=20))
        want = http.get(f"/api/tables/{tid}/events?since=1", headers=auth(tokens[1])).json()
        assert caught["version"] == 3 and caught["events"] == want["events"]
        assert {e["version"] for e in caught["events"]} <= {2, 3}
        assert caught["view"] == _plain(game.view(local_replay(game, 2, rec.actions[:3]), 1))


def test_racing_seats_exactly_one_takes_the_cart(server):
    race_for_one_cart([server])


@pytest.mark.parametrize("kind", STORES)
def test_sigkill_loses_nothing_acknowledged(request, tmp_path, kind):
    """Clients play four tables at once; the server is killed mid-flight and restarted:
    every acknowledged action is there and every table replays to the same state."""
    db = store_db(request, kind, tmp_path)
    srv = LiveServer(db, tmp_path / "server.log").start()
    records, acked, tables = {}, {}, {}
    try:
        with _client(srv) as http:
            for name in GAMES:
                made = http.post("/api/tables", json={"game": name, "seed": 3}).json()
                tables[name] = (made["table"], [s["token"] for s in made["seats"]])
                records[name] = play_game(engine.load(name), "random", seed=3).actions
                acked[name] = 0
        enough = threading.Barrier(len(GAMES) + 1)

        def play(name):
            tid, tokens = tables[name]
            with _client(srv) as mine:
                for i, text in enumerate(records[name]):
                    if i == 20:
                        enough.wait()
                    try:
                        r = mine.post(f"/api/tables/{tid}/actions", headers=auth(
                            tokens[_seat(text)]), json={"action": text, "version": i})
                    except httpx.HTTPError:
                        return  # the server died under us: this one was not acknowledged
                    if r.status_code != 200:
                        return
                    acked[name] = i + 1

        threads = [threading.Thread(target=play, args=(n,)) for n in GAMES]
        for t in threads:
            t.start()
        enough.wait(60)  # every table has 20 acknowledged actions, and more are in flight
        srv.kill()
        for t in threads:
            t.join(30)
    finally:
        srv.kill()
    store = open_store(db)
    stored = {t.id: t for t, _ in store.load_all()}
    store.close()
    for name, (tid, _) in tables.items():
        journal = stored[tid].journal
        assert len(journal) >= acked[name] >= 20
        assert journal == records[name][:len(journal)]
        game = engine.load(name)
        assert stored[tid].digest() == _digest(game, local_replay(game, 3, journal))
    with LiveServer(db, tmp_path / "server.log") as again, _client(again) as http:
        for name, (tid, tokens) in tables.items():
            got = http.get(f"/api/tables/{tid}", headers=auth(tokens[0])).json()
            journal = stored[tid].journal
            assert got["version"] == len(journal)
            game = engine.load(name)
            assert got["view"] == _plain(game.view(local_replay(game, 3, journal), 0))
            for i in range(len(journal), len(records[name])):  # and play on to the end
                text = records[name][i]
                assert http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[_seat(text)]),
                                 json={"action": text, "version": i}).status_code == 200
            assert http.get(f"/api/tables/{tid}/scenario").json()["actions"] == records[name]


def _digest(game, state) -> str:
    import hashlib

    return hashlib.sha256(game.dumps(state).encode()).hexdigest()


@pytest.mark.parametrize("kind", STORES)
def test_logs_hold_no_token_and_no_card(request, tmp_path, kind):
    log = tmp_path / "server.log"
    with LiveServer(store_db(request, kind, tmp_path), log) as srv, _client(srv) as http:
        made = http.post("/api/tables", json={"game": "bastos", "seed": 8}).json()
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]
        rec = play_game(engine.load("bastos"), "random", seed=8)
        for i, text in enumerate(rec.actions):
            http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[_seat(text)]),
                      json={"action": text, "version": i})
            if i % 40 == 0:  # refusals of every kind, with the acting seat's cards in them
                http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[_seat(text)]),
                          json={"action": "play " + text.split()[-1], "version": i + 1})
                http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[0][:20]),
                          json={"action": text})
        with _ws(srv, tid, tokens[0], since=0) as feed:  # the token rides in the query
            assert json.loads(feed.recv(timeout=20))["version"] == len(rec.actions)
        with _ws(srv, tid, "forged-" + tokens[1]) as bad:
            bad.recv(timeout=10)
        http.get(f"/api/tables/{tid}/scenario")
    text = log.read_text()
    assert f"/api/tables/{tid}/actions" in text and "WebSocket" in text  # it does log
    assert not any(tok in text or tok[:20] in text for tok in tokens)
    assert "Bearer" not in text and not CARD.search(text), CARD.search(text)


def test_ctrl_c_stops_the_server_cleanly(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--port", str(port),
                             "--db", str(tmp_path / "t.sqlite3")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith(f"fruitspec serve: http://127.0.0.1:{port}/")
    srv = LiveServer(tmp_path / "t.sqlite3", tmp_path / "x.log", port=port)
    srv.proc = proc
    with _client(srv) as http:
        for _ in range(100):
            try:
                if http.get("/api/games").status_code == 200:
                    break
            except httpx.HTTPError:
                import time

                time.sleep(0.1)
    proc.send_signal(2)
    assert proc.wait(20) == 0
    assert "Traceback" not in proc.stderr.read()


@pytest.mark.parametrize("content, needle", [
    (b"this is not a database, it is a shopping list\n" * 100, "not a usable table database"),
    ("foreign", "something else"),
])
def test_a_corrupt_or_foreign_file_is_refused_at_start(tmp_path, content, needle):
    db = tmp_path / "tables.sqlite3"
    if content == "foreign":
        with sqlite3.connect(db) as con:
            con.execute("CREATE TABLE users (name TEXT)")
            con.execute("INSERT INTO users VALUES ('ana')")
        con.close()
    else:
        db.write_bytes(content)
    before = db.read_bytes()
    r = subprocess.run([sys.executable, "-m", "engine", "serve", "--port", str(free_port()),
                        "--db", str(db)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
    assert db.read_bytes() == before


def test_a_port_in_use_is_one_clear_line(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "engine", "serve", "--port", str(port),
                            "--db", str(tmp_path / "t.sqlite3")], capture_output=True,
                           text=True, timeout=60)
    assert r.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in r.stderr
    assert "Traceback" not in r.stderr
