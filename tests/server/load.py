"""A bounded load test of `fruitspec serve` on loopback, and the engine alone beside it.

Many tables at once, each driven by its own clients (one token per seat) through a whole
random game; the server process is pinned to one CPU core. It stops by itself: when every
game is over or after ``max_seconds``. The engine-alone figure times, on the same games and
in the same run, what the server asks the core to do per action (``step``, the acting
seat's ``view`` and ``events_for``), so the server's overhead is a ratio.

    .venv/bin/python -m tests.server.load --tables 200 --seconds 60
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

import engine
from engine.analysis.agents import play_game

from .helpers import LiveServer


def _games(tables: int) -> list[tuple[str, int, list[str]]]:
    names = engine.games()
    out = []
    for i in range(tables):
        name = names[i % len(names)]
        out.append((name, i, play_game(engine.load(name), "random", seed=i).actions))
    return out


def engine_alone(games: list[tuple[str, int, list[str]]]) -> tuple[list[float], float]:
    """Seconds per action of the core's share of the server's work, one per action, and
    the CPU seconds all of them took."""
    out = []
    cpu = time.process_time()
    for name, seed, actions in games:
        game = engine.load(name)
        state = game.new(seed=seed)
        for text in actions:
            start = time.perf_counter()
            state, events = game.step(state, text)
            seat = int(text[1:text.index(":")])
            game.view(state, seat)
            game.events_for(events, seat)
            out.append(time.perf_counter() - start)
    return out, time.process_time() - cpu


async def _drive(http: httpx.AsyncClient, name: str, seed: int, actions: list[str],
                 deadline: float, latencies: list[float], errors: list[str]) -> None:
    made = (await http.post("/api/tables", json={"game": name, "seed": seed})).json()
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    for version, text in enumerate(actions):
        if time.perf_counter() > deadline:
            return
        seat = int(text[1:text.index(":")])
        start = time.perf_counter()
        try:
            r = await http.post(f"/api/tables/{tid}/actions", json={"action": text,
                                "version": version},
                                headers={"Authorization": f"Bearer {tokens[seat]}"})
        except httpx.HTTPError as exc:
            errors.append(type(exc).__name__)
            return
        latencies.append(time.perf_counter() - start)
        if r.status_code != 200:
            errors.append(f"{r.status_code} {r.text[:80]}")
            return


async def _load(base: str, games: list[tuple[str, int, list[str]]],
                max_seconds: float) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=len(games), max_keepalive_connections=len(games))
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits,
                                 trust_env=False) as http:
        start = time.perf_counter()
        await asyncio.gather(*(_drive(http, name, seed, actions, start + max_seconds,
                                      latencies, errors) for name, seed, actions in games))
        return latencies, errors, time.perf_counter() - start


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def run(tables: int = 20, max_seconds: float = 20.0, workdir: Path | None = None) -> dict[str, Any]:
    """Serve, load, measure; returns the figures (milliseconds, actions per second)."""
    games = _games(tables)
    alone, alone_cpu = engine_alone(games)
    folder = Path(workdir or tempfile.mkdtemp())
    with LiveServer(folder / "load.sqlite3", folder / "load.log") as srv:
        assert srv.proc is not None
        core = sorted(os.sched_getaffinity(0))[-1]
        os.sched_setaffinity(srv.proc.pid, {core})  # the server gets one core
        cpu_before = _cpu_seconds(srv.proc.pid)
        latencies, errors, elapsed = asyncio.run(_load(srv.base, games, max_seconds))
        server_cpu = _cpu_seconds(srv.proc.pid) - cpu_before
    p50_engine = statistics.median(alone)
    p50 = _pct(latencies, 0.5)
    return {"tables": tables, "server_cores": 1, "actions": len(latencies),
            "seconds": round(elapsed, 2), "errors": len(errors), "error_kinds": errors[:5],
            "actions_per_s": round(len(latencies) / elapsed, 1) if elapsed else 0.0,
            "p50_ms": round(p50 * 1000, 3), "p99_ms": round(_pct(latencies, 0.99) * 1000, 3),
            "engine_p50_ms": round(p50_engine * 1000, 3),
            "engine_actions_per_s": round(len(alone) / alone_cpu, 1),
            "overhead_ratio_p50": round(p50 / p50_engine, 1) if p50_engine else None,
            "server_cpu_ms_per_action": round(server_cpu / max(len(latencies), 1) * 1000, 3),
            "engine_cpu_ms_per_action": round(alone_cpu / len(alone) * 1000, 3),
            "cpu_ratio": round(server_cpu / max(len(latencies), 1) / (alone_cpu / len(alone)),
                               1)}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    args = ap.parse_args()
    print(json.dumps(run(args.tables, args.seconds), indent=2))


if __name__ == "__main__":
    main()
