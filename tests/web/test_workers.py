"""The web table on PostgreSQL through two worker processes: each seat's page (its
requests and its live feed) and the built-in agent may be served by different processes,
and every page still sees every version, and only its own hand."""
from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Iterator

import pytest

from tests.server.pg import Cluster, PostgresMissing

from .conftest import ROOT
from .driver import create_from_lobby, open_seat, play, version, wait_version


@pytest.fixture(scope="module")
def workers_server() -> Iterator[str]:
    """``fruitspec serve --workers 2`` on a throw-away PostgreSQL cluster of its own."""
    try:
        cluster = Cluster().init()
    except PostgresMissing as exc:
        pytest.skip(str(exc))
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", cluster.new_database(), "--workers", "2",
                             "--agent-delay", "0.02"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", proc.stdout.readline())
        if found is None:
            raise RuntimeError("the server did not start")
        yield found.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        cluster.destroy()


def test_a_game_clicked_through_two_workers_reaches_every_page(workers_server, new_page):
    made = create_from_lobby(new_page(), workers_server, "tindahan", 3, seed=5,
                             agents={2: "random"})
    pages = {seat: new_page() for seat in made["links"]}
    for seat, link in made["links"].items():
        open_seat(pages[seat], link)
    clicked = play(pages, "tindahan", rng=random.Random(7), max_actions=24, must_end=False)
    assert clicked == 24
    top = max(version(p) for p in pages.values())
    for page in pages.values():  # the latest version any page has reaches every page
        wait_version(page, top)
