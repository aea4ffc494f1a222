"""A throw-away PostgreSQL cluster of the tests' own (and the bench's).

Debian's PostgreSQL programs are found through ``pg_config --bindir`` (``make postgresql``
installs them when missing). The cluster lives in a temporary folder, listens on a free
loopback port and a socket in that folder, and is removed afterwards: no service is
assumed to run. ``initdb`` refuses to run as root, so as root (CI) every program runs as
the unprivileged ``nobody``, who owns the folder.
"""
from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from .helpers import free_port

USER = "fruitspec"  # the cluster's superuser, trusted on loopback only


class PostgresMissing(RuntimeError):
    """The PostgreSQL server programs are not installed (``make postgresql``)."""


def bindir() -> Path:
    """Where initdb and pg_ctl are, as pg_config says."""
    try:
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise PostgresMissing("pg_config is not installed: run `make postgresql`") from None
    # Debian's /usr/bin/pg_config belongs to libpq-dev and names /usr/bin; the server's
    # programs sit in the versioned folder beside it
    for folder in [Path(found), *sorted(Path("/usr/lib/postgresql").glob("*/bin"))[::-1]]:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresMissing(f"no initdb in {found}: run `make postgresql`")


class Cluster:
    """initdb, pg_ctl start/stop/restart, one database per test, removal."""

    def __init__(self, fsync: bool = False) -> None:
        self.bin = bindir()
        self.fsync = fsync  # off for the tests: no test cuts the machine's power
        self.root = Path(tempfile.mkdtemp(prefix="fruitspec-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self._as = ["runuser", "-u", "nobody", "--"]

    def _run(self, *argv: str) -> None:
        done = subprocess.run([*self._as, *argv], capture_output=True, text=True,
                              cwd=self.root, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{Path(argv[0]).name} failed: {done.stderr.strip()[-800:]}")

    def init(self) -> "Cluster":
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER,
                  "--auth=trust", "--encoding=UTF8", "--no-sync", "--no-instructions")
        return self.start()

    def start(self) -> "Cluster":
        settings = [f"-p {self.port}", f"-k {self.root}", "-c listen_addresses=127.0.0.1",
                    "-c max_connections=200", "-c shared_buffers=32MB"]
        if not self.fsync:
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.root / "server.log"), "-w", "-t", "60", "-o", " ".join(settings),
                  "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty place for a store; returns its URL.

        A schema of its own in one shared database, named as the URL's search path: to a
        store it is an empty database, and one costs nothing to make, where a database
        copies megabytes (a test run would make dozens)."""
        import psycopg

        name = "t" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url()}?options=-csearch_path%3D{name}"

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except RuntimeError:
            pass  # not running
        shutil.rmtree(self.root, ignore_errors=True)
