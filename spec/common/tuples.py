"""Records (named tuples) made and read on every step: events, actions, states.

The engine builds its records from a tuple of their values: a ``NamedTuple``'s own
``__new__`` takes its fields one by one, by position or keyword, and
``tuple.__new__(cls, values)``, the usual shortcut, goes through Python's general calling
and argument handling. ``tuples.pyx`` is this module's C twin, compiled by the compiled
build instead of this file: the same results, built in place, and fields read by name
without going through the class's descriptors (:func:`named_fields`).
``tests/core/test_tuples.py`` holds the two twins to the same results.
"""
from __future__ import annotations

from typing import Any, TypeVar

R = TypeVar("R", bound=tuple[Any, ...])


def instance(cls: type[R], values: tuple[Any, ...]) -> R:
    """A ``cls`` (a subclass of tuple) holding ``values``, in order.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     x: int
    ...     y: int
    >>> instance(P, (1, 2))
    P(x=1, y=2)
    """
    return tuple.__new__(cls, values)


def updated(cls: type[R], old: tuple[Any, ...], values: tuple[Any, ...], keep: Any) -> R:
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


def named_fields(cls: type) -> bool:
    """Let ``cls``, a named tuple class, read its fields by name without its descriptors;
    returns whether it does. Only the C twin can (by the class's attribute lookup), so
    here nothing changes and the answer is False: a field reads the same either way.
    """
    return False


def fast_replace(cls: type) -> Any:
    """``cls``'s ``_replace`` as a C method, where the C twin can make one (a class
    :func:`named_fields` takes, with at most 64 fields); None here, where the class keeps
    the ``_replace`` :mod:`spec.common.record` writes."""
    return None


def put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``row`` with its entry ``i`` set to ``value`` (a seat's hand, a fruit's value): the
    one way the games change one place of a row.

    >>> put(("a", "b", "c"), 1, "x")
    ('a', 'x', 'c')
    """
    return row[:i] + (value,) + row[i + 1:]


def without(row: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``row`` once its first entry equal to ``item`` has left it (a card leaving a hand);
    ``tuple.index``'s ValueError when there is none.

    >>> without(("B3", "M2", "B3"), "B3")
    ('M2', 'B3')
    """
    k = row.index(item)
    return row[:k] + row[k + 1:]


def changed_places(old: tuple[Any, ...], new: tuple[Any, ...]) -> int:
    """Bit ``k`` set where ``new``'s item ``k`` is not the very object ``old`` holds there:
    which fields of a state an effect changed, since ``_replace`` hands the others on
    (two records of one class).

    >>> a = ("x", (1, 2), 3)
    >>> bin(changed_places(a, (a[0], (1, 2), a[2])))
    '0b10'
    """
    if len(old) != len(new):
        raise ValueError(f"records of {len(old)} and {len(new)} fields")
    mask = 0
    for k, (was, now) in enumerate(zip(old, new)):
        if now is not was:
            mask |= 1 << k
    return mask


def settled(value: Any) -> Any:
    """``value``, which an explorer keeps for the rest of its walk. The C twin takes a
    tuple or a record that holds no container (but tuples and records of the same kind)
    out of the garbage collector's view, as CPython does for such tuples on its first
    collection; here nothing changes, and the collector finds the same (nothing)."""
    return value
