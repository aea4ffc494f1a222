"""The server tests' PostgreSQL: one throw-away cluster per test process, a fresh
database per test that asks for one (``pg_url``)."""
from __future__ import annotations

import os
from typing import Iterator

import pytest

from .pg import Cluster, PostgresMissing


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """Started on first use; outside CI a machine without PostgreSQL skips its tests."""
    try:
        cluster = Cluster().init()
    except PostgresMissing as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    try:
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()


STORES = ["sqlite", "postgresql"]


def store_db(request: pytest.FixtureRequest, kind: str, folder) -> str:
    """An empty table store of ``kind``: an SQLite path in ``folder``, or a fresh
    PostgreSQL database of the session's cluster."""
    if kind == "sqlite":
        return str(folder / "tables.sqlite3")
    return request.getfixturevalue("pg_cluster").new_database()
