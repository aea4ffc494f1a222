"""Where each clause ID is cited: in the spec's code, in tests, in proofs, in scenarios.

Clause IDs are plain strings in the source (``"BAS-4.1"``), so a text scan finds every
citation; for Python files the enclosing function or class names the citing code.
"""
from __future__ import annotations

import ast
import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

TOKEN = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9]{1,5}-[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*")


@dataclass(frozen=True)
class Citation:
    """One place that names a clause: ``path`` relative to the repository root."""

    path: str
    line: int
    where: str  # enclosing function / class / assignment, or "" at module level

    @property
    def module(self) -> str:
        return source_docname(self.path)

    @property
    def short(self) -> str:
        return f"{Path(self.path).name}:{self.line}"


def source_docname(path: str) -> str:
    """The page name of a source file's listing: ``spec/bastos/game.py`` -> ``spec.bastos.game``."""
    p = Path(path)
    stem = ".".join(p.with_suffix("").parts)
    return stem if p.suffix == ".py" else f"{stem}.{p.suffix.lstrip('.')}"


def files(root: Path, folder: str, suffixes: tuple[str, ...] = (".py", ".json"),
          exclude: tuple[str, ...] = ()) -> list[Path]:
    base = root / folder
    if not base.is_dir():
        return []
    out = []
    for p in sorted(base.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if (p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts
                and not any(rel.startswith(e) for e in exclude)):
            out.append(p)
    return out


@lru_cache(maxsize=None)
def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


@lru_cache(maxsize=None)
def _spans(path: Path) -> tuple[tuple[int, int, str], ...]:
    """(first line, last line, qualified name) of every def/class/top-level assignment."""
    try:
        tree = ast.parse(_read(path))
    except SyntaxError:
        return ()
    out: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                out.append((child.lineno, child.end_lineno or child.lineno, name))
                visit(child, name + ".")
            elif not prefix and isinstance(child, (ast.Assign, ast.AnnAssign)):
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if names:
                    out.append((child.lineno, child.end_lineno or child.lineno, names[0]))
    visit(tree, "")
    return tuple(out)


def enclosing(path: Path, line: int) -> str:
    best = ""
    best_size = None
    for first, last, name in _spans(path):
        if first <= line <= last and (best_size is None or last - first < best_size):
            best, best_size = name, last - first
    return best


def scan(root: Path, paths: Iterable[Path], ids: set[str]) -> dict[str, list[Citation]]:
    """Clause ID -> the citations of it in ``paths`` (each line counted once per ID)."""
    found: dict[str, list[Citation]] = {}
    for path in paths:
        rel = path.relative_to(root).as_posix()
        for n, line in enumerate(_read(path).splitlines(), 1):
            for tok in set(TOKEN.findall(line)):
                if tok in ids:
                    where = enclosing(path, n) if path.suffix == ".py" else ""
                    found.setdefault(tok, []).append(Citation(rel, n, where))
    return found


def json_events(path: Path) -> list[str]:
    """The clause IDs a scenario file expects among its events."""
    try:
        doc = json.loads(_read(path))
    except json.JSONDecodeError:
        return []
    expect = doc.get("expect") if isinstance(doc, dict) else None
    events = expect.get("events") if isinstance(expect, dict) else None
    return [e for e in events or () if isinstance(e, str)]


def clear_cache() -> None:
    _read.cache_clear()
    _spans.cache_clear()


# --- source listings ------------------------------------------------------------------------

def listing_rst(root: Path, rel: str) -> str:
    """An orphan page showing one source file, each line anchored as ``#L-<n>``."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_for_filename
    from pygments.util import ClassNotFound

    text = _read(root / rel)
    try:
        lexer = get_lexer_for_filename(rel, stripnl=False, ensurenl=True)
    except ClassNotFound:
        from pygments.lexers import TextLexer
        lexer = TextLexer(stripnl=False, ensurenl=True)
    body = highlight(text, lexer, HtmlFormatter(nowrap=True))
    lines = body.splitlines()
    width = len(str(len(lines)))
    rows = []
    for n, line in enumerate(lines, 1):
        rows.append(f'<span class="fs-line" id="L-{n}"><a class="fs-lineno" href="#L-{n}">'
                    f'{n:>{width}}</a>  {line}</span>')
    title = f"Source: {rel}"
    html_block = ('<div class="highlight-python notranslate fs-listing"><div class="highlight">'
                  "<pre>" + "\n".join(rows) + "</pre></div></div>")
    return (":orphan:\n\n" + "=" * len(title) + f"\n{title}\n" + "=" * len(title) + "\n\n"
            f"The file ``{rel}`` as it was when these pages were built. Each line can be"
            " linked to as ``#L-<number>``.\n\n.. raw:: html\n\n"
            + "\n".join("   " + row for row in html_block.splitlines()) + "\n")


def escape(text: str) -> str:
    return html.escape(text)
