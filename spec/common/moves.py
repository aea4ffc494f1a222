"""Small builders that keep game specs short: argument parsers and guards."""
from __future__ import annotations

import re
from typing import Callable

from .core import Action, Check, Config, Guard, Why

Parser = Callable[[tuple[str, ...]], "str | None"]


def no_args(args: tuple[str, ...]) -> str | None:
    return None if not args else f"takes no argument, got {' '.join(args)!r}"


def pattern(*regexes: str, what: str) -> Parser:
    """Accept exactly ``len(regexes)`` arguments, each matching its regex in full."""
    compiled = [re.compile(r) for r in regexes]

    def parse(args: tuple[str, ...]) -> str | None:
        if len(args) != len(compiled) or not all(c.fullmatch(a) for c, a in zip(compiled, args)):
            return f"expects {what}"
        return None

    return parse


def one_of_patterns(*alternatives: tuple[str, ...], what: str) -> Parser:
    parsers = [pattern(*alt, what=what) for alt in alternatives]

    def parse(args: tuple[str, ...]) -> str | None:
        return None if any(p(args) is None for p in parsers) else f"expects {what}"

    return parse


def guard(rule: str, ok: Check, why: str | Why, doc: str = "",
          implied: bool = False) -> Guard:
    """A guard whose failure text may be a format string over ``a`` (the action) and ``s``."""
    explain: Why
    if isinstance(why, str):
        template = why

        def explain(cfg: Config, s: object, a: Action) -> str:
            return template.format(a=a, s=s, seat=a.player, args=a.args,
                                   arg=a.args[0] if a.args else "")
    else:
        explain = why
    return Guard(rule, ok, explain, doc or (why if isinstance(why, str) else ""), implied)
