"""Browser tests of the web table: a real server process, Debian's Chromium via Playwright.

The server runs as its own process (``fruitspec serve``, uvicorn) on a free loopback port;
Playwright drives the system's ``chromium`` (Playwright's own browser download is not
used). Without Chromium or Playwright the tests are skipped, except under CI, where the
Makefile installs both and a missing one is a failure.
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
ROOT = Path(__file__).resolve().parents[2]


def chromium_path() -> str | None:
    found = os.environ.get("FRUITSPEC_CHROMIUM") or shutil.which("chromium") \
        or shutil.which("chromium-browser")
    return found if found and Path(found).exists() else None


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: `make test` installs it")
    pytest.skip(f"{what} is not installed (`make test` installs it)")


@contextlib.contextmanager
def serving(db: str, *flags: str) -> Iterator[str]:
    """``fruitspec serve`` on a free loopback port with its tables in ``db``; yields its
    base URL. Agents wait 0.02 s before they move, so games with an agent's seat stay
    quick."""
    proc = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", db, "--agent-delay", "0.02", *flags],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", first)
        if found is None:
            raise RuntimeError(f"the server did not start: {first!r}")
        yield found.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of ``fruitspec serve`` with an empty table store of its own."""
    with serving(str(tmp_path_factory.mktemp("web") / "tables.sqlite3")) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    path = chromium_path()
    if path is None:
        _missing("Debian's chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: object, request: pytest.FixtureRequest):
    """new_page(width, height): a page in a fresh browser context (its own storage), closed
    after the test; JavaScript errors on any page fail the test."""
    contexts = []
    errors: list[str] = []

    def make(width: int = 1100, height: int = 820):
        ctx = browser.new_context(viewport={"width": width, "height": height},  # type: ignore[attr-defined]
                                  accept_downloads=True)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(8000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


def wait_ready(page, timeout: float = 8000) -> None:
    page.wait_for_selector("body[data-state]", state="attached", timeout=timeout)


def pictures_dir() -> Path | None:
    """Where to keep the tables' screenshots for the docs (``make web-pictures``)."""
    out = os.environ.get("FRUITSPEC_WEB_PICTURES")
    return Path(out) if out else None


def now() -> float:
    return time.monotonic()
