"""Run Python examples at build time and show their real output as doctests.

An example is a list of statements. Each runs like a line typed at the interactive
prompt (``compile(..., "single")``), so the output recorded here is exactly what
:mod:`doctest` (and ``sphinx -b doctest``) will compare it to: the pages show the
engine's own output and cannot drift from it.
"""
from __future__ import annotations

import ast
import contextlib
import io
import os
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Step:
    source: str
    output: str
    error: str = ""  # the exception line, when the statement raised


@dataclass
class Session:
    steps: list[Step] = field(default_factory=list)

    @property
    def errors(self) -> list[Step]:
        return [s for s in self.steps if s.error]

    def doctest(self) -> str:
        """The session as doctest text (prompts, continuation lines, output)."""
        out: list[str] = []
        for st in self.steps:
            lines = st.source.splitlines()
            out.append(">>> " + lines[0])
            out.extend("... " + line for line in lines[1:])
            if st.error:
                out.append("Traceback (most recent call last):")
                out.append("  ...")
                out.append(st.error)
            elif st.output:
                for line in st.output.rstrip("\n").splitlines():
                    out.append(line if line.strip() else "<BLANKLINE>")
        return "\n".join(out)


def split_statements(code: str) -> list[str]:
    """Top-level statements of ``code``, each with its own source text."""
    tree = ast.parse(code)
    lines = code.splitlines()
    out = []
    for node in tree.body:
        first = node.lineno - 1
        if getattr(node, "decorator_list", None):
            first = min(d.lineno for d in node.decorator_list) - 1
        last = node.end_lineno or node.lineno
        out.append("\n".join(lines[first:last]).rstrip())
    return out


def run(code: str | list[str], globs: dict[str, Any] | None = None,
        cwd: Path | None = None) -> Session:
    """Run statements one by one, recording what each prints (or the error it raises)."""
    statements = split_statements(code) if isinstance(code, str) else list(code)
    globs = globs if globs is not None else {"__name__": "__doc_session__"}
    session = Session()
    old = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        for src in statements:
            buf = io.StringIO()
            error = ""
            try:
                compiled = compile(src + "\n", "<example>", "single")
                with contextlib.redirect_stdout(buf):
                    exec(compiled, globs)  # noqa: S102 - our own documentation examples
            except Exception as exc:  # noqa: BLE001 - shown on the page as doctest does
                error = traceback.format_exception_only(type(exc), exc)[-1].rstrip("\n")
            session.steps.append(Step(src, buf.getvalue(), error))
    finally:
        os.chdir(old)
    return session
