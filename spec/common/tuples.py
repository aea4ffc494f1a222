"""Making a tuple subclass's instance from a tuple of its values, without ``cls.__new__``.

The engine builds its records (events, actions, states) this way on every step: a
``NamedTuple``'s own ``__new__`` takes its fields one by one, by position or keyword, and
``tuple.__new__(cls, values)``, the usual shortcut, goes through Python's general calling
and argument handling. ``tuples.pyx`` is this module's C twin, compiled by the compiled
build: the same result, built in place.
"""
from __future__ import annotations

from typing import Any


def instance(cls: type, values: tuple[Any, ...]) -> Any:
    """A ``cls`` (a subclass of tuple) holding ``values``, in order.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     x: int
    ...     y: int
    >>> instance(P, (1, 2))
    P(x=1, y=2)
    """
    return tuple.__new__(cls, values)


def updated(cls: type, old: tuple[Any, ...], values: tuple[Any, ...], keep: Any) -> Any:
    """A ``cls`` holding ``values``, where each value that is ``keep`` is replaced by the
    value of ``old`` at the same place: what a state's ``_replace`` makes
    (:mod:`spec.common.record`).

    >>> updated(tuple, (1, 2, 3), (None, 5, None), None)
    (1, 5, 3)
    """
    if not isinstance(old, tuple):
        raise TypeError(f"updated() needs a tuple to update, not {type(old).__name__}")
    if len(values) != len(old):
        raise ValueError(f"{len(values)} values for {len(old)} fields")
    return tuple.__new__(cls, [o if v is keep else v for o, v in zip(old, values)])
