"""The web table on PostgreSQL through two worker processes: each seat's page (its
requests and its live feed) and the built-in agent may be served by different processes,
and every page still sees every version, and only its own hand."""
from __future__ import annotations

import random
from typing import Iterator

import pytest

from tests.server.pg import Cluster, PostgresMissing

from .conftest import serving
from .driver import create_from_lobby, open_seat, play, version, wait_version


@pytest.fixture(scope="module")
def workers_server() -> Iterator[str]:
    """``fruitspec serve --workers 2`` on a throw-away PostgreSQL cluster of its own."""
    try:
        cluster = Cluster().init()
    except PostgresMissing as exc:
        pytest.skip(str(exc))
    try:
        with serving(cluster.new_database(), "--workers", "2") as url:
            yield url
    finally:
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
