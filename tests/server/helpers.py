"""Shared helpers of the server tests: a real `fruitspec serve` process and races."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

import engine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`fruitspec serve` in a subprocess on a free loopback port; its log kept in a file."""

    def __init__(self, db: Path, log: Path, port: int | None = None,
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
        state, done = game.new(seed=seed), []
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
