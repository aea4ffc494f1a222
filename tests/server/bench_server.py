"""What one action costs the table server, against the floor any HTTP server pays.

For each configuration (1, 2 and 4 workers on PostgreSQL, 1 on SQLite) one server runs on
loopback with ``--bench-route``, and the same number of concurrent tables are driven in
two phases of the same length, on the same server process:

* **actions**: each table's seats post the actions of a recorded random game, in turn
  (a table whose game ends is replaced by a new one, outside the timing);
* **bare route**: the same requests (path shape, token header, body) to the bench's
  route, which decodes the same body, commits one row of the same size to the same
  database with the same durability, and returns a body of the same size as the actions'
  replies, with no game behind it.

Each seat has its own keep-alive connection, opened and answered before the phases, as
players on their own devices (several workers: a table's seats are served by whichever
process accepted their connections). The load generator is a small HTTP/1.1 client on
the event loop the server uses, writing requests encoded once, so that its CPU, which
competes with the server's for the same cores, stays small; it is reported beside.

Both phases run again with one table alone, for what one request costs with nothing
queued before it. Reported per configuration: actions/s and p50/p99 latency of each
phase, the ratio of their p50s (the goal: at most 2), the server's CPU per request, the
load generator's CPU, and the machine's load average after it. The bench stops by itself.

    .venv/bin/python -m tests.server.bench_server [--seconds 20] [--tables 200]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import engine
from engine.analysis.agents import play_game

from .helpers import LiveServer
from .load import _cpu_seconds, _pct
from .pg import Cluster

#: (store, workers) measured by `make bench-server`, in this order.
CONFIGS = [("postgresql", 1), ("postgresql", 2), ("postgresql", 4), ("sqlite", 1)]
GAMES_RECORDED = 24  # distinct random games the tables cycle through


class _Connection:
    """One keep-alive HTTP/1.1 connection that writes requests already encoded and reads
    the reply's status and body: the load generator's CPU competes with the server's for
    the same cores, so it does as little as a client can (an HTTP library's pool costs
    the client more than the server spends on a request)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def send(self, request: bytes) -> tuple[int, bytes]:
        await self.open()
        assert self.reader is not None and self.writer is not None
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        at = head.lower().find(b"\r\ncontent-length:") + 17
        length = int(head[at:head.index(b"\r\n", at)])
        return int(head[9:12]), await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _request(path: str, body: bytes | None = None, token: str | None = None) -> bytes:
    """A POST of ``body`` (a GET without one), with the seat's token when given."""
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    if body is None:
        return f"GET {path} HTTP/1.1\r\nHost: bench\r\n{auth}\r\n".encode()
    return (f"POST {path} HTTP/1.1\r\nHost: bench\r\n{auth}Content-Type: application/json"
            f"\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body


class _Driver:
    """One table's seats, each on its own connection (as players on their own devices),
    playing its recorded game; a finished game starts another."""

    def __init__(self, host: str, port: int, records: list[tuple[str, int, list[tuple[int, bytes]]]],
                 index: int) -> None:
        self.host, self.port, self.records, self.index = host, port, records, index
        self.seats: list[_Connection] = []
        self.next = 0  # the version the table is at
        self.bare_next = 0  # the recorded action the bare route was last sent

    async def connect(self, seats: int) -> None:
        """Every player's connection opened and answered once (the table loaded, as a
        player's page does first), before any phase: a server busy with requests accepts
        new connections slowly, which is no cost of an action."""
        while len(self.seats) < seats:
            self.seats.append(_Connection(self.host, self.port))
        for seat, conn in enumerate(self.seats):
            status, reply = await conn.send(_request(
                f"/api/tables/{self.tid}", token=self.tokens[seat % len(self.tokens)]))
            if status != 200:
                raise RuntimeError(f"reading a table: {status} {reply[:80]!r}")

    async def new_table(self) -> None:
        name, seed, bodies = self.records[self.index % len(self.records)]
        self.index += 1
        if not self.seats:
            self.seats.append(_Connection(self.host, self.port))
        status, reply = await self.seats[0].send(_request(
            "/api/tables", json.dumps({"game": name, "seed": seed}).encode()))
        if status != 201:
            raise RuntimeError(f"creating a table: {status} {reply[:80]!r}")
        made = json.loads(reply)
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]
        while len(self.seats) < len(tokens):  # more players than any before (see connect)
            self.seats.append(_Connection(self.host, self.port))
        self.tid, self.tokens, self.bodies, self.next = tid, tokens, bodies, 0

    def request(self, bare: bool, reply_size: int) -> tuple[int, bytes]:
        """The next action's request; to the bare route, the next one of the game's in
        turn (the table never moves), so its seats, and with several workers the
        processes their connections reach, take turns as the actions' do."""
        if not bare:
            seat, body = self.bodies[self.next]
            return seat, _request(f"/api/tables/{self.tid}/actions", body, self.tokens[seat])
        self.bare_next = (self.bare_next + 1) % len(self.bodies)
        seat, body = self.bodies[self.bare_next]
        return seat, _request(f"/api/bench/{self.tid}/actions?size={reply_size}", body,
                              self.tokens[seat])

    async def step(self, request: tuple[int, bytes], bare: bool) -> tuple[float, int, str | None]:
        """One request: (seconds, reply bytes, error or None)."""
        seat, raw = request
        start = time.perf_counter()
        try:
            status, reply = await self.seats[seat].send(raw)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            return time.perf_counter() - start, 0, type(exc).__name__
        took = time.perf_counter() - start
        if status != 200:
            return took, 0, f"{status} {reply[:80]!r}"
        if not bare:
            self.next += 1
            if self.next == len(self.bodies):
                await self.new_table()
        return took, len(reply), None

    def close(self) -> None:
        for conn in self.seats:
            conn.close()


async def _phase(drivers: list[_Driver], seconds: float, bare: bool,
                 reply_size: int) -> dict[str, Any]:
    latencies: list[float] = []
    sizes: list[int] = []
    errors: list[str] = []
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds

    async def drive(d: _Driver) -> None:
        while time.perf_counter() < deadline:
            took, size, error = await d.step(d.request(bare, reply_size), bare)
            if error is not None:
                errors.append(error)
                return
            latencies.append(took)
            sizes.append(size)

    await asyncio.gather(*(drive(d) for d in drivers))
    elapsed = time.perf_counter() - start
    return {"requests": len(latencies), "per_s": round(len(latencies) / elapsed, 1),
            "p50_ms": round(_pct(latencies, 0.5) * 1000, 2),
            "p99_ms": round(_pct(latencies, 0.99) * 1000, 2),
            "reply_bytes": round(sum(sizes) / max(len(sizes), 1)),
            "load_cpu_ms_per_request": round((time.process_time() - cpu)
                                             / max(len(latencies), 1) * 1000, 3),
            "errors": len(errors), "error_kinds": errors[:3]}


async def _measure(host: str, port: int, records: list[tuple[str, int, list[tuple[int, bytes]]]],
                   tables: int, seconds: float,
                   server_cpu: Callable[[], float]) -> dict[str, Any]:
    drivers = [_Driver(host, port, records, i) for i in range(tables)]
    try:
        await asyncio.gather(*(d.new_table() for d in drivers))
        seats = max(seat for _, _, bodies in records for seat, _ in bodies) + 1
        await asyncio.gather(*(d.connect(seats) for d in drivers))
        out: dict[str, Any] = {}
        # every table at once (throughput, latency under load), then one client alone
        # (what one request costs, with nothing queued before it)
        for prefix, group, length in (("", drivers, seconds), ("one_client_", drivers[:1],
                                                               seconds / 4)):
            reply_size = 0
            for phase, bare in (("actions", False), ("bare_route", True)):
                cpu = server_cpu()
                got = await _phase(group, length, bare, reply_size)
                got["server_cpu_ms_per_request"] = round(
                    (server_cpu() - cpu) / max(got["requests"], 1) * 1000, 3)
                out[prefix + phase] = got
                reply_size = got["reply_bytes"]  # the bare route answers as much
        return out
    finally:
        for d in drivers:
            d.close()


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (the server's too): it costs the client
    less CPU per request than asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children (the workers of --workers N)."""
    total = _cpu_seconds(pid)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        try:
            total += _cpu_seconds(int(child))
        except OSError:
            pass  # ended meanwhile
    return total


def measure(db: str, workers: int, records: list[tuple[str, int, list[tuple[int, bytes]]]],
            tables: int, seconds: float, folder: Path) -> dict[str, Any]:
    """One configuration: a server, both phases, its figures."""
    args = ("--bench-route", "--create-rate", "0", "--workers", str(workers))
    with LiveServer(db, folder / f"bench-{workers}.log", args=args) as srv:
        assert srv.proc is not None
        pid = srv.proc.pid
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            figures = runner.run(_measure("127.0.0.1", srv.port, records, tables, seconds,
                                          lambda: _tree_cpu(pid)))
    for prefix in ("", "one_client_"):
        act, bare = figures[prefix + "actions"], figures[prefix + "bare_route"]
        figures[prefix + "p50_ratio"] = (round(act["p50_ms"] / bare["p50_ms"], 2)
                                         if bare["p50_ms"] else None)
    return figures


def run(configs: list[tuple[str, int]], tables: int, seconds: float,
        pg_url: Callable[[], str] | None = None,
        games: int = GAMES_RECORDED) -> dict[str, Any]:
    """Every configuration in turn; ``pg_url`` gives a fresh database (else the bench
    starts a cluster of its own, with fsync on, as a real deployment has it)."""
    names = engine.games()
    records = []
    for i in range(games):
        name = names[i % len(names)]
        actions = play_game(engine.load(name), "random", seed=i).actions
        records.append((name, i, [(int(text[1:text.index(":")]), json.dumps(
            {"action": text, "version": version}).encode())
            for version, text in enumerate(actions)]))
    folder = Path(tempfile.mkdtemp(prefix="fruitspec-bench-"))
    cluster = None
    if pg_url is None and any(store == "postgresql" for store, _ in configs):
        cluster = Cluster(fsync=True).init()
        pg_url = cluster.new_database
    # the machine's load (1, 5, 15 minutes) before the bench, and after each configuration
    # (which its own processes raise): other programs competing for the cores show here
    results: dict[str, Any] = {"tables": tables, "seconds_per_phase": seconds,
                               "load_average_before": os.getloadavg(), "runs": []}
    try:
        for n, (store, workers) in enumerate(configs):
            db = pg_url() if store == "postgresql" and pg_url else str(folder / f"{n}.sqlite3")
            figures = measure(db, workers, records, tables, seconds, folder)
            results["runs"].append({"store": store, "workers": workers, **figures,
                                    "load_average_after": os.getloadavg()})
    finally:
        if cluster is not None:
            cluster.destroy()
        shutil.rmtree(folder, ignore_errors=True)
    results["scaling_2_over_1"] = _scaling(results["runs"])
    return results


def _scaling(runs: list[dict[str, Any]]) -> float | None:
    """Actions/s of two PostgreSQL workers over one's (the goal: at least 1.3)."""
    rate = {r["workers"]: r["actions"]["per_s"] for r in runs if r["store"] == "postgresql"}
    return round(rate[2] / rate[1], 2) if rate.get(1) and 2 in rate else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=20.0, help="per phase")
    args = ap.parse_args()
    print(json.dumps(run(CONFIGS, args.tables, args.seconds), indent=2))


if __name__ == "__main__":
    main()
