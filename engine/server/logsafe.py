"""What a log line may carry of a request: no control characters, no query, no token.

Paths and query strings come from clients. Written as they are, a ``%0A`` in a path forges
a second log line, and a ``tok%65n=`` key (which the server reads as ``token``) carries a
seat's secret past a filter that looks for the literal ``token=``.
"""
from __future__ import annotations

import re
from urllib.parse import unquote


def printable(text: str) -> str:
    """``text`` with each character that does not print written as a ``\\x``/``\\u`` escape.

    Idempotent (a backslash stays as it is), so a line escaped by the app and again by the
    log filter reads the same.
    """
    if text.isprintable():
        return text  # the common case: one scan, no copy
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
            else f"\\U{code:08x}")


def without_query(target: str) -> str:
    """The path of a request target: its query string may hold a seat's token."""
    return target.partition("?")[0]


def _spelled(word: str) -> str:
    """A pattern for ``word`` with any of its characters percent-encoded, in either case."""
    def one(char: str) -> str:
        codes = {f"%{ord(c):02x}" for c in (char.lower(), char.upper())}
        return "(?:" + "|".join([re.escape(char), *sorted(codes)]) + ")"
    return "".join(one(c) for c in word)


# a query value runs to the next raw "&" (an encoded one, %26, is part of the value)
_SECRET_QUERY = re.compile(rf"({_spelled('token=')})[^&\s\"']+", re.IGNORECASE)
_BEARER = re.compile(r"(bearer(?:\s|%20|\+)+)[^\s\"']+", re.IGNORECASE)


def _blank(text: str) -> str:
    return _BEARER.sub(r"\1***", _SECRET_QUERY.sub(r"\1***", text))


def redact(text: str) -> str:
    """``text`` with tokens blanked, as written and as percent-decoded.

    When the decoded line still shows one (an encoding this filter did not foresee), the
    decoded line is logged instead, blanked and escaped.
    """
    clean = _blank(text)
    decoded = unquote(clean)
    if decoded != clean and _blank(decoded) != decoded:
        return printable(_blank(decoded))
    return clean
