"""Remembered results of the functions a game declares pure.

A spec lists in ``GameSpec.pure`` the functions whose result depends on their arguments
alone (scoring a round, the cards in play): the rules stay written once, for ints and for
Z3 terms, with no memo among them. A rule that wants such a function's answer calls it
through its configuration, ``cfg.remember(round_parts)(...)``; when a game is loaded, the
engine hands in a :class:`Remembering` table of its own there, which gives a remembering
wrapper for each declared function (and any other function as it is):

* arguments that are all plain values (ints, strings, bools, None, and tuples or lists
  of them) are a key into a bounded table of results: the function runs once per key;
* any other argument -- a Z3 term of the proofs above all -- calls the function itself,
  uncached, so the proofs run the very code the engine runs.

A bool and an int of the same value (``True`` and ``1``) are different keys, and so are a
list and a tuple of the same items, so a remembered result is always the one the call
would return. A result that holds lists or dicts (a list of points, a dict of a round's
parts) is handed out as a fresh copy, so no caller can change what is remembered.

Nothing outside the game's configuration changes: the spec's modules keep their own
functions, a breakpoint in one fires whenever a rule calls it directly, and each loaded
game owns its tables (bounded; a dict's get and set are atomic, so threads may share a
game). Remembering is part of the fast twin's speed (:mod:`fast`): a game loaded with
``remember=False`` -- the default of the reference engine, which mutation testing also
runs -- is handed nothing, every rule then runs on every call, and the compiled-versus-
reference test compares the two.
"""
from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

#: results kept per function; the table starts afresh when full (the games' keys are few:
#: a stall's seller counts, a trick's cards)
LIMIT = 1 << 16

F = TypeVar("F", bound=Callable[..., Any])


class NotPlain(Exception):
    """An argument that is no plain value: the call runs uncached."""


class _BoolMark:
    """Keeps ``True``/``False`` apart from ``1``/``0`` in a key."""

    __slots__ = ()


class _ListMark:
    """Keeps a list apart from a tuple of the same items in a key."""

    __slots__ = ()


class _KeywordsMark:
    """Separates the positional arguments from the keyword ones in a key."""

    __slots__ = ()


_BOOL, _LIST, _KEYWORDS = _BoolMark(), _ListMark(), _KeywordsMark()
_NONE = type(None)

# The loops below test ``type(v) is int``: the compiled build makes each test one pointer
# comparison, which is what keeps a remembered answer far cheaper than the rule itself.


def _atoms(values: Any) -> bool:
    """Every item is an int or a str: a row that is its own key (a bool is not: True and
    1 would be one key)."""
    for v in values:
        if type(v) is not int and type(v) is not str:
            return False
    return True


def _unchangeable(values: Any) -> bool:
    """Every item is an int, a bool, a str or None: a row no caller can change."""
    for v in values:
        cls = type(v)
        if cls is not int and cls is not bool and cls is not str and v is not None:
            return False
    return True


def frozen(value: Any) -> Any:
    """The hashable key of a plain value; :class:`NotPlain` for anything else."""
    cls = type(value)
    if cls is int or cls is str or cls is _NONE:
        return value
    if cls is bool:
        return (_BOOL, value)
    if cls is tuple or cls is list:
        items = tuple(value) if _atoms(value) else tuple([frozen(v) for v in value])
        return (_LIST, items) if cls is list else items
    raise NotPlain


def fresh(value: Any) -> Any:
    """``value`` with each list and dict in it copied: what a caller may change freely."""
    cls = type(value)
    if cls is list:
        return list(value) if _unchangeable(value) else [fresh(v) for v in value]
    if cls is dict:
        return {k: fresh(v) for k, v in value.items()}
    if cls is tuple and not _unchangeable(value):
        return tuple([fresh(v) for v in value])
    return value


def key_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """The key of a call: its positional arguments' keys, then, after a mark, each
    keyword and its argument's key. :class:`NotPlain` when an argument is not plain."""
    key = [v if type(v) is int or type(v) is str else frozen(v) for v in args]
    if kwargs:
        key.append(_KEYWORDS)
        for name, v in kwargs.items():
            key.append(name)
            key.append(v if type(v) is int or type(v) is str else frozen(v))
    return tuple(key)


def remembered(fn: Callable[..., Any], limit: int = LIMIT) -> Callable[..., Any]:
    """``fn`` with its results on plain arguments kept (see the module docstring)."""
    table: dict[Any, Any] = {}
    missing = object()

    @functools.wraps(fn)
    def remembering(*args: Any, **kwargs: Any) -> Any:
        try:
            key = key_of(args, kwargs)
        except NotPlain:
            return fn(*args, **kwargs)
        found = table.get(key, missing)
        if found is missing:
            found = fn(*args, **kwargs)
            if len(table) >= limit:
                table.clear()
            table[key] = fresh(found)
            return found
        return fresh(found)

    remembering.remembered = table  # type: ignore[attr-defined]  # marks the wrapper
    return remembering


class Remembering:
    """One loaded game's remembered functions: ``table(fn)`` is the wrapper of ``fn`` when
    the game declares it pure, else ``fn`` itself (the ``Config.remember`` the engine
    hands in)."""

    def __init__(self, declared: tuple[Callable[..., Any], ...], limit: int = LIMIT) -> None:
        self.wrappers = {fn: remembered(fn, limit) for fn in declared}

    def __call__(self, fn: F, /) -> F:
        return self.wrappers.get(fn, fn)  # type: ignore[return-value]  # same signature


def table_for(spec: Any) -> Remembering | None:
    """The table a game loaded from ``spec`` calls its pure functions through, or None
    when it declares none."""
    declared = tuple(getattr(spec, "pure", ()) or ())
    if not declared:
        return None
    return Remembering(declared)


def original(fn: object) -> object:
    """The declared function behind a wrapper (itself when it has none)."""
    return getattr(fn, "__wrapped__", fn) if hasattr(fn, "remembered") else fn
