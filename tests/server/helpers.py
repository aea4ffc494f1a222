"""Shared helpers of the server tests: a real `fruitspec serve` process and races."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

import engine
from engine.analysis.agents import play_game


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`fruitspec serve` in a subprocess on a free loopback port; its log kept in a file."""

    def __init__(self, db: Path | str, log: Path, port: int | None = None,
                 agent_delay: float = 0.0, args: tuple[str, ...] = ()) -> None:
        self.db, self.log, self.port = db, log, port or free_port()
        self.agent_delay = agent_delay
        self.args = args  # more flags of `fruitspec serve`
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> "LiveServer":
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "engine", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", str(self.db),
                 "--agent-delay", str(self.agent_delay), *self.args],
                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server exited: " + self.log.read_text()[-500:])
            try:
                if httpx.get(self.base + "/api/games", timeout=2, trust_env=False).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, no goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> int:
        """Ctrl-C, as a person at the terminal would; returns the exit code."""
        assert self.proc is not None
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc.returncode

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.kill()


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def local_replay(game: engine.Game, seed: int, actions: list[str]) -> Any:
    state = game.new(seed=seed)
    for a in actions:
        state = game.apply(state, a)
    return state


def racing_tanuki(players: int = 3, seed_range: range = range(200)) -> tuple[int, list[str]]:
    """A seed and the actions that lead to a moment when several seats may take one cart."""
    game = engine.load("tanuki-market", players=players)
    for seed in seed_range:
        state, done = game.new(seed=seed), list[str]()
        for _ in range(60):
            legal = game.legal_actions(state)
            takers: dict[str, set[int]] = {}
            for a in legal:
                if a.name == "take":
                    takers.setdefault(a.body, set()).add(a.player)
            if any(len(s) > 1 for s in takers.values()):
                return seed, done
            if not legal:
                break
            state = game.apply(state, legal[0])
            done.append(str(legal[0]))
    raise AssertionError("no racing moment found")


def http_client(srv: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=srv.base, timeout=20, trust_env=False)


def ws_feed(srv: LiveServer, tid: str, token: str | None = None, since: int | None = None) -> Any:
    query = "&".join(f"{k}={v}" for k, v in (("token", token), ("since", since)) if v is not None)
    return connect(f"ws://127.0.0.1:{srv.port}/api/tables/{tid}/ws" + ("?" + query if query else ""),
                   proxy=None, open_timeout=20)


def plain(x: Any) -> Any:
    return json.loads(json.dumps(x))


def seat_of(text: str) -> int:
    return int(text[1:text.index(":")])


def full_game_by_seats(servers: list[LiveServer], name: str, variant: str | None,
                       players: int | None) -> None:
    """A whole random game, seat i acting through ``servers[i % n]`` and watching its feed
    on the next server; every view pushed at every version is exactly
    ``game.view(state, seat)`` of the replayed journal, and no token is ever in one."""
    game = engine.load(name, players=players, variant=variant)
    seed = 11
    rec = play_game(game, "random", seed=seed)
    at = lambda seat: servers[(seat or 0) % len(servers)]  # noqa: E731
    clients = [http_client(srv) for srv in servers]
    try:
        made = clients[0].post("/api/tables", json={"game": name, "seed": seed,
                                                    "variant": variant,
                                                    "players": players}).json()
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]
        seats: list[int | None] = [*range(game.players), None]
        feeds = [ws_feed(servers[(i + 1) % len(servers)], tid,
                         None if seat is None else tokens[seat]).__enter__()
                 for i, seat in enumerate(seats)]
        try:
            # each feed's first message, before any action: another process may otherwise
            # commit one between a feed's opening and its first message
            assert [json.loads(feed.recv(timeout=20))["version"] for feed in feeds] == [
                0] * len(feeds)
            for i, text in enumerate(rec.actions):
                seat = seat_of(text)
                r = clients[servers.index(at(seat))].post(
                    f"/api/tables/{tid}/actions", headers=auth(tokens[seat]),
                    json={"action": text, "version": i})
                assert r.status_code == 200, r.text
            _check_feeds(game, seed, rec.actions, seats, feeds, tokens)
        finally:
            for feed in feeds:
                feed.close()
        sc = clients[-1].get(f"/api/tables/{tid}/scenario").json()
    finally:
        for c in clients:
            c.close()
    assert sc["actions"] == rec.actions and sc["expect"]["scores"] == rec.scores


def _check_feeds(game: engine.Game, seed: int, actions: list[str], seats: list[int | None],
                 feeds: list[Any], tokens: list[str]) -> None:
    states = [game.new(seed=seed)]
    for text in actions:
        states.append(game.apply(states[-1], text))
    for seat, feed in zip(seats, feeds):
        for version in range(1, len(actions) + 1):
            raw = feed.recv(timeout=20)
            assert not any(t in raw for t in tokens)
            msg = json.loads(raw)
            assert msg["version"] == version
            assert msg["view"] == plain(game.view(states[version], seat))
            _, events = game.step(states[version - 1], actions[version - 1])
            assert [(e["rule"], e["text"]) for e in msg["events"]] == [
                (e.rule, e.text) for e in game.events_for(events, seat)]


def race_for_one_cart(servers: list[LiveServer]) -> None:
    """Several Tanuki Market seats take one cart at the same moment, each through its own
    client on ``servers[seat % n]``: one 200, the others 409 (with the version they saw)
    or 422 (without), and the table moved by exactly one version."""
    seed, before = racing_tanuki()
    game = engine.load("tanuki-market", players=3)
    scenario = {"scenario": {"game": "tanuki-market", "players": 3, "seed": seed,
                             "actions": before}}
    with http_client(servers[0]) as http:
        state = local_replay(game, seed, before)
        takes = [a for a in game.legal_actions(state) if a.name == "take"]
        body = next(a.body for a in takes if sum(b.body == a.body for b in takes) > 1)
        racers = sorted({a.player for a in takes if a.body == body})
        for with_version, loser in ((True, 409), (False, 422)):
            made = http.post("/api/tables", json=scenario).json()
            tid, tokens = made["table"], [s["token"] for s in made["seats"]]
            version = http.get(f"/api/tables/{tid}").json()["version"]
            gate = threading.Barrier(len(racers))
            codes: dict[int, int] = {}

            def grab(seat: int) -> None:
                with http_client(servers[seat % len(servers)]) as mine:
                    mine.get(f"/api/tables/{tid}")  # the table loaded there before the race
                    gate.wait()
                    payload = {"action": body} | ({"version": version} if with_version else {})
                    codes[seat] = mine.post(f"/api/tables/{tid}/actions", json=payload,
                                            headers=auth(tokens[seat])).status_code

            threads = [threading.Thread(target=grab, args=(s,)) for s in racers]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert sorted(codes.values()) == [200] + [loser] * (len(racers) - 1), codes
            for srv in servers:
                with http_client(srv) as each:
                    assert each.get(f"/api/tables/{tid}").json()["version"] == version + 1
