"""What the command line reads and writes: files, JSON, the console, one-line errors.

Every way an input can be wrong (a missing file, a directory, bytes that are not UTF-8,
JSON nested past Python's recursion limit, a number too long to convert) becomes a
:class:`~spec.common.errors.FruitspecError` here, so the command prints one line and
exits 2 instead of a traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from spec.common.errors import FruitspecError

#: Scenario and set-up files are small; a bigger file is a mistake, not a scenario.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Width for output that goes to a pipe or a file: wide enough that no sentence is
#: broken at 80 columns (a terminal's own width is used on a terminal).
PIPE_WIDTH = 4096
#: Longest error line we print; a 5,000-digit seed in a message helps nobody.
MAX_MESSAGE = 400


class InputError(FruitspecError):
    """A file or a JSON text the command line cannot use."""


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` on one line, shortened to ``limit`` characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_text(path: str, what: str = "file") -> str:
    """The UTF-8 text of ``path`` (``-``: standard input), or :class:`InputError`."""
    if path == "-":
        raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        name = "standard input"
    else:
        p = Path(path)
        name = str(p)
        if p.is_dir():
            raise InputError(f"{name} is a directory, not a {what}")
        try:
            if p.stat().st_size > MAX_FILE_BYTES:
                raise InputError(f"{name} is larger than {MAX_FILE_BYTES // 2**20} MiB:"
                                 f" not a {what}")
            raw = p.read_bytes()
        except FileNotFoundError:
            raise InputError(f"cannot read {what} {name}: no such file") from None
        except OSError as exc:
            raise InputError(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"{name} is larger than {MAX_FILE_BYTES // 2**20} MiB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name} is not UTF-8 text (byte {exc.start} is"
                         f" 0x{raw[exc.start]:02x})") from None


def parse_json(text: str, where: str) -> Any:
    """Parse JSON, turning every failure into :class:`InputError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where} is not valid JSON: {exc.msg} at line {exc.lineno}"
                         f" column {exc.colno}") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer longer than sys.get_int_max_str_digits()
        if "digits" in str(exc):
            raise InputError(f"{where}: a number has more than"
                             f" {sys.get_int_max_str_digits()} digits") from None
        raise InputError(f"{where}: {one_line(str(exc))}") from None


def read_json(source: str, what: str = "scenario") -> Any:
    """A JSON document from a path, ``-`` (standard input), or an inline ``{...}`` text."""
    if source.lstrip()[:1] in ("{", "["):
        return parse_json(source, f"the {what} text")
    return parse_json(read_text(source, f"{what} file"), source)


def console() -> Any:
    """A rich console: a terminal's width on a terminal; on a pipe or a file, no wrapping
    at 80 columns. (``COLUMNS`` is ignored off a terminal: test runners and CI shells
    export ``COLUMNS=80`` to every child, which would break sentences again.)"""
    from rich.console import Console

    if sys.stdout.isatty():
        return Console(highlight=False)
    return Console(highlight=False, width=PIPE_WIDTH)
