"""The storage port of the table server: what :class:`Tables` asks of any store.

Two stores implement it: :class:`engine.server.store.Store` (one SQLite file, one server
process: the default) and :class:`engine.server.pgstore.PgStore` (one PostgreSQL
database, any number of server processes). :func:`open_store` picks one from ``--db``.

Whatever the store, the version compare-and-set of :meth:`TableStore.append` decides
which action becomes a table's next version: a process whose copy of a table is behind
gets :class:`StoreConflict`, catches up from :meth:`TableStore.journal_since` and tries
again, so an in-process lock never decides between two processes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator, Protocol

from engine.core.table import Refusal, Table, TableSetup
from engine.server.limits import TokenBucket

#: Seconds a client is told to wait (``Retry-After``) while the database is unreachable.
RETRY_AFTER_OUTAGE = 1


class StoreUnavailable(Refusal):
    """The database cannot be reached right now (restarting, network): try again soon.

    A refusal like the others (503 with ``Retry-After``), so a route never answers 500
    for an outage; the message never carries the database's address or password.
    """

    status, kind = 503, "unavailable"

    def __init__(self, message: str = "the table database is unreachable right now:"
                 " retry in a moment", retry_after: int = RETRY_AFTER_OUTAGE) -> None:
        super().__init__(message)
        self.retry_after = retry_after


#: Called with (table ID, version, seat, action) when any process commits a version.
OnVersion = Callable[[str, int, int, str], None]
#: Called when the stream of versions broke off (versions may have been missed).
OnLost = Callable[[], None]


class TableStore(Protocol):
    """Durable tables: set-ups, append-only journals, token digests, creation limits."""

    #: True when several processes may serve this store at once (they then re-read a
    #: table's version before answering, and claim its agents' seats).
    shared: bool
    #: True when a call waits on another program (a database server, and a commit on its
    #: disk): the routes then call the store from worker threads, so that the event loop
    #: serves other requests meanwhile and concurrent commits share a flush.
    waits: bool
    #: What the store is, for people: a path, or a URL without its password.
    label: str

    def create(self, table_id: str, setup: TableSetup, token_digests: list[str | None],
               agent_turn: bool = False) -> None: ...

    def append(self, table: Table, version: int, action: str, seat: int,
               agent_turn: bool = False) -> None:
        """Journal ``action`` as ``version``; :class:`StoreConflict` when the stored
        version is not ``version - 1`` (another process took it)."""

    def set_agent_turn(self, table_id: str, agent_turn: bool) -> None: ...

    def take_token(self, key: str, bucket: TokenBucket, now: float) -> float: ...

    def load(self, table_id: str) -> tuple[Table, list[str | None]] | None: ...

    def load_all(self) -> Iterator[tuple[Table, list[str | None]]]: ...

    def agent_turn_ids(self) -> list[str]: ...

    def version(self, table_id: str) -> int | None:
        """The table's stored version (None: no such table)."""

    def journal_since(self, table_id: str, version: int) -> list[tuple[int, str]]:
        """(seat, action) of every stored version after ``version``, in order."""

    def claim_agents(self, table_id: str) -> bool:
        """Whether this process may play the table's agents' seats (one process may)."""

    def release_agents(self, table_id: str) -> None: ...

    def listen(self, on_version: OnVersion, on_lost: OnLost) -> None:
        """Call ``on_version`` (from another thread) for each version any process commits."""

    def ping(self) -> None:
        """Return when the store answers; :class:`StoreUnavailable` when it does not."""

    def probe(self, body: str) -> None:
        """Commit one row holding ``body`` as durably as an action (the bench's floor)."""

    def close(self) -> None: ...


def is_postgres(db: str | Path) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_store(db: str | Path, *, synchronous: str = "NORMAL",
               pool_size: int = 4) -> TableStore:
    """The store ``--db`` names: a ``postgresql://`` URL, or else an SQLite file's path."""
    if is_postgres(db):
        try:
            from engine.server.pgstore import PgStore
        except ImportError:
            from engine.server.store import StoreError

            raise StoreError("a postgresql:// --db needs psycopg: pip install"
                             " 'fruitspec[postgres]'") from None
        return PgStore(str(db), pool_size=pool_size)
    from engine.server.store import Store

    return Store(db, synchronous=synchronous)


def display_db(db: str | Path) -> str:
    """``--db`` as it may be shown in a line or an error: a URL loses its password."""
    if not is_postgres(db):
        return str(db)
    from engine.server.pgstore import without_password

    return without_password(str(db))
