"""Named-field updates for state types.

A spec changes a state by naming the fields that change::

    s = s._replace(turn=nxt, trick=s.trick + (card,))

``NamedTuple._replace`` is general and slow (a dict, a map, a length check). The
:func:`record` decorator gives a state type a ``_replace`` of its own: the changed fields
are put in place by their index, every other field keeps the old state's value, and one
tuple is built (:func:`~spec.common.tuples.updated`). Behaviour is ``_replace``'s, except
that an unknown field name is a ``TypeError`` (as for any function) rather than a
``ValueError``. The rules always name the fields: ``s._replace(turn=2)``, never
``s._replace(2)`` (which fills the first field, as the C method does).

The compiled twin (:mod:`fast`) gives the same types a ``_replace`` in C instead
(:func:`~spec.common.tuples.fast_replace`, ``None`` here); ``tests/core/test_record.py``
holds the two to the same results and the same refusals.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, TypeVar

from .tuples import fast_replace, named_fields, updated

T = TypeVar("T", bound="type[NamedTuple]")


class _Keep:
    """The marker for "this field keeps its value"."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<keep>"


KEEP: Any = _Keep()


def _check_fields(cls: type[NamedTuple]) -> tuple[str, ...]:
    fields = cls._fields
    for name in fields:
        if not name.isidentifier() or name.startswith("_"):
            raise ValueError(f"{cls.__name__}: field {name!r} cannot be a parameter")
    return fields


def _make_replace(cls: type[NamedTuple]) -> Callable[..., Any]:
    """The ``_replace`` of one record type: values given by position fill the first
    fields, each named one is put at its index, every other field keeps its value."""
    where = {name: i for i, name in enumerate(_check_fields(cls))}
    size = len(where)

    def _replace(s: tuple[Any, ...], /, *values: Any, **changes: Any) -> Any:
        if len(values) > size:
            raise TypeError(f"_replace() takes at most {size} positional arguments"
                            f" ({len(values)} given)")
        row = [*values, *(KEEP,) * (size - len(values))]
        for name, value in changes.items():
            i = where.get(name)
            if i is None:
                raise TypeError(f"_replace() got an unexpected keyword argument '{name}'")
            if i < len(values):
                raise TypeError(f"_replace() got multiple values for argument '{name}'")
            row[i] = value
        return updated(cls, s, tuple(row), KEEP)

    _replace.__qualname__ = f"{cls.__qualname__}._replace"
    _replace.__doc__ = (f"A copy of this {cls.__name__} with the named fields changed"
                        " (made by spec.common.record).")
    return _replace


def record(cls: T) -> T:
    """Class decorator for a ``NamedTuple`` state type: a generated, fast ``_replace``.

    >>> from typing import NamedTuple
    >>> @record
    ... class P(NamedTuple):
    ...     x: int
    ...     y: int
    >>> P(1, 2)._replace(y=5)
    P(x=1, y=5)
    """
    # in the compiled twin, fields are read by name without the class's descriptors, and
    # _replace is a C method that takes the changed fields' names as they come
    setattr(cls, "_replace", fast_replace(cls) or _make_replace(cls))
    named_fields(cls)
    return cls


def is_record(cls: type[NamedTuple]) -> bool:
    """Whether ``cls`` carries a generated ``_replace`` (see :func:`record`)."""
    return getattr(cls._replace, "__qualname__", "") == f"{cls.__qualname__}._replace" and \
        getattr(cls._replace, "__doc__", "").endswith("(made by spec.common.record).")
