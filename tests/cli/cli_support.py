"""Running the command line in-process (fast) or as a real process, for the CLI tests."""
from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from engine.cli.main import main


@dataclass
class Ran:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.strip().splitlines()

    def assert_user_error(self) -> str:
        """Exit 2, exactly one line on standard error, no traceback; returns the line."""
        assert self.code == 2, (self.code, self.out[-500:], self.err[-2000:])
        assert "Traceback" not in self.err + self.out, self.err
        assert len(self.err_lines) == 1, self.err
        assert self.err_lines[0].startswith("fruitspec: "), self.err
        return self.err_lines[0]


def cli(*argv: str, stdin: str = "") -> Ran:
    """``fruitspec ARGV`` through :func:`engine.cli.main.main`, in this process."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main(list(argv))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = saved
    return Ran(code, out.getvalue(), err.getvalue())


def run(*argv: str, stdin: str | None = None, timeout: float = 120) -> Ran:
    """``python -m engine ARGV`` as a real process (pipes for its output)."""
    p = subprocess.run([sys.executable, "-m", "engine", *argv], capture_output=True,
                       text=True, timeout=timeout, input=stdin)
    return Ran(p.returncode, p.stdout, p.stderr)
