"""`fruitspec serve` for months: one process per file, creation limited per client, and a
start-up that does not grow with the tables the database holds."""
from __future__ import annotations

import json
import os
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import httpx
import pytest

import engine
from engine.analysis.agents import play_game
from engine.server.store import Store
from engine.server.tables import digest
from engine.core.table import Table, TableSetup

from .helpers import LiveServer, auth

TOKENS = ["seat-0-token", "seat-1-token", "seat-2-token"]


def _serve_argv(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "engine", "serve", "--host", "127.0.0.1", "--port", "0",
            "--db", str(db), *args]


def _client(address: str, base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=10, trust_env=False,
                        transport=httpx.HTTPTransport(local_address=address))


# --- one process per database file -------------------------------------------------------------
def test_a_second_server_on_one_file_is_refused_until_the_first_is_killed(tmp_path):
    db = tmp_path / "t.sqlite3"
    first = LiveServer(db, tmp_path / "first.log").start()
    try:
        second = subprocess.run(_serve_argv(db), capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "served by another fruitspec serve" in lines[0], lines
        assert httpx.get(first.base + "/api/games", trust_env=False).status_code == 200
    finally:
        first.kill()  # SIGKILL: the kernel drops its lock with the process
    with LiveServer(db, tmp_path / "again.log") as again:
        assert httpx.get(again.base + "/api/games", trust_env=False).status_code == 200


# --- creation per client address ---------------------------------------------------------------
def test_a_flooding_address_is_held_back_while_another_is_served(tmp_path):
    db = tmp_path / "t.sqlite3"
    body = {"game": "bastos", "seed": 1}
    with LiveServer(db, tmp_path / "s.log", args=("--create-rate", "5")) as srv:
        with _client("127.0.0.2", srv.base) as flood:
            codes = [flood.post("/api/tables", json=body).status_code for _ in range(8)]
            assert codes == [201] * 5 + [429] * 3  # the burst, then nothing: it stops
            r = flood.post("/api/tables", json=body)
            assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 12
            assert r.json()["error"] == "too-many" and r.json()["rule"] is None
            assert "a minute" in r.json()["message"]
        with _client("127.0.0.3", srv.base) as other:
            assert other.post("/api/tables", json=body).status_code == 201
        srv.kill()
    # the buckets are in the database: a restart gives the flood no fresh burst
    with LiveServer(db, tmp_path / "s.log", args=("--create-rate", "5")) as srv:
        with _client("127.0.0.2", srv.base) as flood:
            assert flood.post("/api/tables", json=body).status_code == 429


# --- start-up with 50,000 tables ---------------------------------------------------------------
def _real_games() -> list[Table]:
    """Finished games of three games, played through the table as a server plays them."""
    games = []
    for name, seed in (("tindahan", 1), ("tanuki-market", 3), ("fruit-passion", 2)):
        actions = [str(a) for a in play_game(engine.load(name), "random", seed=seed).actions]
        games.append(Table("template", TableSetup(game=name, seed=seed), actions))
        assert games[-1].over
    return games


def _fill(path: Path, n: int, games: list[Table]) -> dict[str, tuple[Table, int]]:
    """``n`` copies of ``games`` under fresh IDs, every fifth finished, the others cut
    short; returns one finished and one running table's ID with its game and length."""
    Store(path).close()
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = DELETE")  # filling only: the server turns WAL on
    con.execute("PRAGMA synchronous = OFF")
    con.execute("CREATE TEMP TABLE template (game INTEGER, version INTEGER, action TEXT,"
                " PRIMARY KEY (game, version)) WITHOUT ROWID")
    con.executemany("INSERT INTO template VALUES (?, ?, ?)",
                    [(g, v, a) for g, t in enumerate(games)
                     for v, a in enumerate(t.journal, 1)])
    digests = json.dumps([digest(t) for t in TOKENS])

    def length(i: int) -> int:
        return len(games[i % 3].journal) if i % 5 == 0 else 5 + i % 25

    con.execute("BEGIN")
    con.executemany("INSERT INTO tables (id, setup, tokens, version, created)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(f"{i:016x}", json.dumps(games[i % 3].setup.to_json()), digests,
                      length(i), float(i)) for i in range(n)])
    # each table's journal is its game's first `version` actions (copied in SQL: fast)
    con.execute("INSERT INTO journal SELECT t.id, p.version, p.version % 3, p.action, 0"
                " FROM tables t JOIN template p ON p.game = t.created % 3"
                " AND p.version <= t.version")  # in the journal's key order: appended
    con.execute("COMMIT")
    con.close()
    return {"finished": (games[0], len(games[0].journal)), "running": (games[1], length(1))}


def _start(db: Path, log: Path) -> tuple[float, int, subprocess.Popen[bytes], str]:
    """Seconds from launch to the first answered request, the peak RSS (kB) then, the
    process and its address."""
    started = time.perf_counter()
    with open(log, "ab") as err:
        proc = subprocess.Popen(_serve_argv(db), stdout=subprocess.PIPE, stderr=err,
                                start_new_session=True)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 60)
    line = proc.stdout.readline().decode() if ready else ""
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert found, f"no address in {line!r}: " + log.read_text()[-400:]
    base = f"http://127.0.0.1:{found.group(1)}"
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=5, trust_env=False).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.01)
    seconds = time.perf_counter() - started
    status = Path(f"/proc/{proc.pid}/status").read_text()
    peak = int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))
    return seconds, peak, proc, base


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def _measure(db: Path, log: Path,
             then: Callable[[str], None] = lambda base: None) -> tuple[float, int]:
    """The best of two starts (the machine may be busy), in seconds and kB; ``then`` is
    called with the first server's address once it is measured."""
    runs = []
    for i in range(2):
        seconds, peak, proc, base = _start(db, log)
        try:
            runs.append((seconds, peak))
            if i == 0:
                then(base)
        finally:
            _stop(proc)
    return min(r[0] for r in runs), min(r[1] for r in runs)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_start_up_time_and_memory_do_not_grow_with_the_stored_tables(tmp_path):
    empty, big = tmp_path / "empty.sqlite3", tmp_path / "big.sqlite3"
    Store(empty).close()
    picked = _fill(big, 50_000, _real_games())

    def answers(base: str) -> None:
        """The stored tables answer, each replayed when first asked for."""
        for tid, (game, length) in (("0" * 16, picked["finished"]),
                                    (f"{1:016x}", picked["running"])):
            got = httpx.get(f"{base}/api/tables/{tid}", headers=auth(TOKENS[0]),
                            trust_env=False).json()
            local = Table(tid, game.setup, game.journal[:length])
            assert got["version"] == length
            assert got["view"] == json.loads(json.dumps(local.view(0)))

    empty_s, empty_kb = _measure(empty, tmp_path / "empty.log")
    big_s, big_kb = _measure(big, tmp_path / "big.log", then=answers)
    print(f"\nstart-up: empty {empty_s:.2f} s {empty_kb / 1024:.1f} MB;"
          f" 50,000 tables {big_s:.2f} s {big_kb / 1024:.1f} MB")
    assert big_s - empty_s < 1.0
    assert big_kb - empty_kb < 30 * 1024
