"""The docs' two seat clients (Python and JavaScript) play a whole game on a live server."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .conftest import STORES, store_db
from .helpers import LiveServer

CLIENTS = Path(__file__).resolve().parents[2] / "docs" / "guide" / "clients"


def _node() -> list[str] | None:
    node = shutil.which("node")
    if node is None:
        return None
    major = int(subprocess.run([node, "--version"], capture_output=True, text=True)
                .stdout.strip().lstrip("v").split(".")[0])
    return [node] if major >= 22 else [node, "--experimental-websocket"] if major >= 20 else None


def _run(cmd: list[str], tmp_path: Path, db: str | None = None, workers: int = 1) -> None:
    with LiveServer(db or str(tmp_path / "t.sqlite3"), tmp_path / "server.log",
                    args=("--workers", str(workers))) as srv:
        made = httpx.post(srv.base + "/api/tables", trust_env=False, json={
            "game": "fruit-passion", "seed": 6, "agents": [None, "greedy"]}).json()
        r = subprocess.run([*cmd, srv.base, made["table"], made["seats"][0]["token"]],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr[-500:]
        assert r.stdout.strip().splitlines()[-1].startswith("scores:")
        assert "FRP-" in r.stdout  # the seat's events, each with its clause
        assert httpx.get(f"{srv.base}/api/tables/{made['table']}", trust_env=False).json()["over"]


@pytest.mark.parametrize("kind", STORES)
def test_the_python_client_plays_its_seat_to_the_end(request, tmp_path, kind):
    _run([sys.executable, str(CLIENTS / "seat_client.py")], tmp_path,
         store_db(request, kind, tmp_path))


@pytest.mark.skipif(_node() is None, reason="needs Node.js 20 or later")
@pytest.mark.parametrize("kind, workers", [("sqlite", 1), ("postgresql", 2)])
def test_the_javascript_client_plays_its_seat_to_the_end(request, tmp_path, kind, workers):
    """On PostgreSQL through two workers: the client's requests, its feed and the agent's
    seat may each be served by another process."""
    _run([*_node(), str(CLIENTS / "seat_client.mjs")], tmp_path,  # type: ignore[misc]
         store_db(request, kind, tmp_path), workers)
