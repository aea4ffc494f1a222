"""Several server processes on one PostgreSQL database: one truth, whichever answers.

Each test runs real `fruitspec serve` processes (on ports of their own, so that a test
chooses which one a client talks to) against a fresh database of the session's cluster.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import httpx
import pytest

import engine
from engine.analysis.agents import play_game
from engine.server.storage import open_store

from .helpers import (LiveServer, auth, free_port, full_game_by_seats, http_client,
                      local_replay, plain, race_for_one_cart, seat_of, ws_feed)
from .pg import Cluster

CONFIGS = [(name, None, None) for name in engine.games()] + [
    ("tanuki-market", "special-carts", 3)]


@pytest.fixture(scope="module")
def pair(pg_cluster, tmp_path_factory):
    d = tmp_path_factory.mktemp("pair")
    url = pg_cluster.new_database()
    servers = [LiveServer(url, d / f"worker{i}.log") for i in range(2)]
    try:
        yield [srv.start() for srv in servers]
    finally:
        for srv in servers:
            srv.kill()


@pytest.mark.parametrize("name, variant, players", CONFIGS)
def test_full_games_through_two_workers_are_the_engines(pair, name, variant, players):
    full_game_by_seats(pair, name, variant, players)


def test_a_cart_raced_through_two_workers_has_one_taker(pair):
    race_for_one_cart(pair)


def _health(srv: LiveServer) -> dict:
    return httpx.get(srv.base + "/api/health", timeout=10, trust_env=False).json()


def _wait(predicate, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _play_as_seat_zero(servers: list[LiveServer], tid: str, token: str, turns: int = 10**6) -> int:
    """Seat 0 plays its first legal action whenever it may, each time through the other
    server; returns the table's version when the game is over (or after ``turns``)."""
    done = 0
    deadline = time.monotonic() + 60
    while done < turns:
        assert time.monotonic() < deadline, "the agents stopped playing"
        srv = servers[done % len(servers)]
        got = httpx.get(f"{srv.base}/api/tables/{tid}", headers=auth(token), timeout=10,
                        trust_env=False).json()
        if got["over"]:
            return got["version"]
        legal = got["view"].get("legal") or []
        if not legal:
            time.sleep(0.02)  # an agent is to move
            continue
        r = httpx.post(f"{srv.base}/api/tables/{tid}/actions", headers=auth(token),
                       json={"action": legal[0], "version": got["version"]}, timeout=10,
                       trust_env=False)
        assert r.status_code in (200, 409), r.text  # 409: an agent moved in between
        done += r.status_code == 200
    return got["version"]


def test_agents_seats_are_played_by_exactly_one_process(pair):
    """Tindahan with two agents, seat 0 playing through both workers in turn: every
    agent move was computed once, in one process."""
    before = sum(_health(srv)["agent_moves"] for srv in pair)
    with http_client(pair[0]) as http:
        made = http.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": 5,
                                              "agents": [None, "random", "random"]}).json()
        tid, token = made["table"], made["seats"][0]["token"]
    version = _play_as_seat_zero(pair, tid, token, turns=8)
    _wait(lambda: not _agents_to_move(pair[0], tid, token), what="the agents' moves")
    store = open_store(pair[0].db)
    try:
        journal = store.load(tid)[0].journal
    finally:
        store.close()
    agent_actions = sum(seat_of(a) != 0 for a in journal)
    after = sum(_health(srv)["agent_moves"] for srv in pair)
    assert len(journal) >= version and agent_actions > 0
    assert after - before == agent_actions


def _agents_to_move(srv: LiveServer, tid: str, token: str) -> bool:
    got = httpx.get(f"{srv.base}/api/tables/{tid}", headers=auth(token), timeout=10,
                    trust_env=False).json()
    return not got["over"] and not got["view"].get("legal")


def test_sigkill_of_one_worker_loses_nothing_and_the_other_plays_on(pg_url, tmp_path):
    """Every game at once, each action through the other worker, with an agents' table
    whose agents the killed worker played: the survivor has every acknowledged action,
    plays every game on, and takes the agents' seats over."""
    a = LiveServer(pg_url, tmp_path / "a.log").start()
    b = LiveServer(pg_url, tmp_path / "b.log").start()
    try:
        with http_client(a) as http:
            made = http.post("/api/tables", json={"game": "tindahan", "players": 3,
                                                  "seed": 2, "agents": [
                                                      None, "random", "random"]}).json()
            bots, bot_token = made["table"], made["seats"][0]["token"]
            _play_as_seat_zero([a], bots, bot_token, turns=2)
            tables, records, acked = {}, {}, {}
            for name in engine.games():
                made = http.post("/api/tables", json={"game": name, "seed": 3}).json()
                tables[name] = (made["table"], [s["token"] for s in made["seats"]])
                records[name] = play_game(engine.load(name), "random", seed=3).actions
                acked[name] = 0
        enough = threading.Barrier(len(tables) + 1)
        played: dict[str, int] = {}

        def play(name: str) -> None:
            tid, tokens = tables[name]
            clients = [http_client(a), http_client(b)]
            for i, text in enumerate(records[name]):
                if i == 12:
                    enough.wait()
                try:
                    r = clients[i % 2].post(f"/api/tables/{tid}/actions", headers=auth(
                        tokens[seat_of(text)]), json={"action": text, "version": i})
                except httpx.HTTPError:
                    break  # a went down under this one: not acknowledged
                if r.status_code != 200:
                    break
                acked[name] = i + 1
            for c in clients:
                c.close()

        threads = [threading.Thread(target=play, args=(n,)) for n in tables]
        for t in threads:
            t.start()
        enough.wait(60)
        a.kill()
        for t in threads:
            t.join(30)
        with http_client(b) as http:
            for name, (tid, tokens) in tables.items():
                got = http.get(f"/api/tables/{tid}").json()["version"]
                assert got >= acked[name] >= 12
                played[name] = min(len(records[name]), got + 10)
                for i in range(got, played[name]):  # and on, through b
                    text = records[name][i]
                    assert http.post(f"/api/tables/{tid}/actions", headers=auth(
                        tokens[seat_of(text)]), json={"action": text, "version": i}
                    ).status_code == 200
        # seat 0 plays twice more, so both agents moved in between: b took them over
        _play_as_seat_zero([b], bots, bot_token, turns=2)
    finally:
        a.kill()
        b.kill()
    store = open_store(pg_url)
    try:
        for name, (tid, _) in tables.items():
            table = store.load(tid)[0]
            assert table.journal == records[name][:played[name]]
    finally:
        store.close()


def test_workers_n_serves_from_several_processes_and_replaces_a_killed_one(pg_url, tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--port", str(port),
                             "--db", pg_url, "--workers", "2", "--agent-delay", "0"],
                            stdout=subprocess.PIPE, stderr=open(tmp_path / "log", "wb"),
                            text=True, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert "2 workers" in proc.stdout.readline()
        seen: set[int] = set()

        def two_answer() -> bool:
            try:  # a new connection each time: the kernel hands it to either process
                seen.add(httpx.get(base + "/api/health", headers={"Connection": "close"},
                                   trust_env=False).json()["process"])
            except httpx.HTTPError:
                pass
            return len(seen) >= 2

        _wait(two_answer, what="both workers")
        victim = min(seen)
        os.kill(victim, signal.SIGKILL)
        seen.clear()
        _wait(lambda: two_answer() and victim not in seen, what="a replacement worker")
        assert httpx.post(base + "/api/tables", json={"game": "tindahan", "seed": 1},
                          trust_env=False).status_code == 201
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(20) == 0
    assert "Traceback" not in (tmp_path / "log").read_text()


@pytest.fixture
def own_cluster():
    """A cluster of the test's own: restarting the session's would disturb other tests."""
    cluster = Cluster().init()
    try:
        yield cluster
    finally:
        cluster.destroy()


def test_a_database_restart_is_503_with_retry_after_then_nothing_is_lost(own_cluster, tmp_path):
    url = own_cluster.new_database()
    game = engine.load("fruit-passion")
    rec = play_game(game, "random", seed=4)
    with LiveServer(url, tmp_path / "server.log") as srv, http_client(srv) as http:
        made = http.post("/api/tables", json={"game": "fruit-passion", "seed": 4}).json()
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]

        def act(i: int) -> httpx.Response:
            text = rec.actions[i]
            return http.post(f"/api/tables/{tid}/actions", headers=auth(tokens[seat_of(text)]),
                             json={"action": text, "version": i})

        for i in range(5):
            assert act(i).status_code == 200
        feed = ws_feed(srv, tid, tokens[0]).__enter__()
        assert json.loads(feed.recv(timeout=20))["version"] == 5
        own_cluster.stop("fast")
        outage = [act(5) for _ in range(3)] + [http.get("/api/health")]
        assert [r.status_code for r in outage] == [503] * 4, [r.text for r in outage]
        assert all(r.headers["retry-after"] == "1" for r in outage)
        assert all(r.json()["error"] == "unavailable" for r in outage)
        with pytest.raises(Exception):  # the feed is closed, to be reopened with since
            while True:
                feed.recv(timeout=10)
        own_cluster.start()
        back = time.monotonic()
        _wait(lambda: http.get("/api/health").status_code == 200, timeout=10,
              what="the server to reach the database again")
        recovered = time.monotonic() - back
        for i in range(5, len(rec.actions)):
            assert act(i).status_code == 200
        with ws_feed(srv, tid, tokens[0], since=5) as again:
            caught = json.loads(again.recv(timeout=20))
        assert caught["version"] == len(rec.actions)
        assert caught["view"] == plain(game.view(local_replay(game, 4, rec.actions), 0))
        assert http.get(f"/api/tables/{tid}/scenario").json()["actions"] == rec.actions
    print(f"\nreconnected {recovered:.1f} s after the database came back")
    text = (tmp_path / "server.log").read_text()
    assert " 500 " not in text and "Traceback" not in text
