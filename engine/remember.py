"""Remembered results of the functions a game declares pure.

A spec lists in ``GameSpec.pure`` the functions whose result depends on their arguments
alone (scoring a stall, resolving a trick): the rules stay written once, for ints and for
Z3 terms, with no memo among them. When a game is loaded, the engine puts a remembering
wrapper wherever the spec's modules refer to such a function, so every caller in the
spec (the effects, the other scoring functions) goes through it:

* arguments that are all plain values (ints, strings, bools, None, and tuples or lists
  of them) are a key into a bounded table of results: the function runs once per key;
* any other argument -- a Z3 term of the proofs above all -- calls the function itself,
  uncached, so the proofs run the very code the engine runs.

A bool and an int of the same value (``True`` and ``1``) are different keys, and so are a
list and a tuple of the same items, so a remembered result is always the one the call
would return. A list result is handed out as a fresh copy, so no caller can change what
is remembered.

The reference engine (``FRUITSPEC_PURE=1``, which mutation testing also runs) and
``FRUITSPEC_CACHE=0`` install nothing: every rule then runs on every call, and the
compiled-versus-pure test compares the two.
"""
from __future__ import annotations

import functools
import os
import sys
from typing import Any, Callable

from spec._native import pure_requested

#: results kept per function; the table starts afresh when full (the games' keys are few:
#: a stall's seller counts, a trick's cards)
LIMIT = 1 << 16

_installed: dict[Callable[..., Any], Callable[..., Any]] = {}


class NotPlain(Exception):
    """An argument that is no plain value: the call runs uncached."""


class _BoolMark:
    """Keeps ``True``/``False`` apart from ``1``/``0`` in a key."""

    __slots__ = ()


class _ListMark:
    """Keeps a list apart from a tuple of the same items in a key."""

    __slots__ = ()


_BOOL, _LIST = _BoolMark(), _ListMark()
_ATOMS = frozenset((int, str))  # plain values that are their own key
_NONE = type(None)


def frozen(value: Any) -> Any:
    """The hashable key of a plain value; :class:`NotPlain` for anything else."""
    cls = value.__class__
    if cls is int or cls is str or cls is _NONE:
        return value
    if cls is bool:
        return (_BOOL, value)
    if cls is tuple or cls is list:
        # one C-speed type scan: a row of ints or strings is its own key
        items = value if _ATOMS.issuperset(map(type, value)) else tuple(map(frozen, value))
        return (_LIST, tuple(items)) if cls is list else tuple(items)
    raise NotPlain


def remembered(fn: Callable[..., Any], limit: int = LIMIT) -> Callable[..., Any]:
    """``fn`` with its results on plain arguments kept (see the module docstring)."""
    table: dict[Any, Any] = {}
    missing = object()

    @functools.wraps(fn)
    def remembering(*args: Any, **kwargs: Any) -> Any:
        try:
            key = (tuple(map(frozen, args)),
                   tuple([(k, frozen(v)) for k, v in kwargs.items()]) if kwargs else ())
        except NotPlain:
            return fn(*args, **kwargs)
        found = table.get(key, missing)
        if found is missing:
            found = fn(*args, **kwargs)
            if len(table) >= limit:
                table.clear()
            table[key] = list(found) if found.__class__ is list else found
            return found
        return list(found) if found.__class__ is list else found

    remembering.remembered = table  # type: ignore[attr-defined]
    return remembering


def enabled() -> bool:
    """Whether loading a game installs the remembering wrappers."""
    if pure_requested():
        return False
    return os.environ.get("FRUITSPEC_CACHE", "").strip().lower() not in ("0", "false", "no")


def install(spec: Any) -> None:
    """Route every reference to the spec's pure functions, in the spec's own package and
    in each function's module, through one remembering wrapper (once per function)."""
    declared = tuple(getattr(spec, "pure", ()) or ())
    if not declared or not enabled():
        return
    package = type(spec).__module__.rpartition(".")[0]
    for fn in declared:
        if fn in _installed or fn in _installed.values():
            continue
        wrapper = _installed[fn] = remembered(fn)
        homes = {package, fn.__module__}
        for name, module in list(sys.modules.items()):
            if module is None or not any(name == h or name.startswith(h + ".")
                                         for h in homes):
                continue
            for attr, value in list(vars(module).items()):
                if value is fn:
                    setattr(module, attr, wrapper)


def original(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The declared function behind a wrapper (itself when it has none)."""
    return getattr(fn, "__wrapped__", fn) if hasattr(fn, "remembered") else fn
