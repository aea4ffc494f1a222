"""Arithmetic that runs on plain ints and on Z3 terms alike.

Scoring and trick resolution are written once with these helpers; the engine calls them
with ints, the proofs with Z3 expressions. On plain ints and bools each helper first
checks, at C speed, that every value is plain, and then does what Python's own ``all``,
``max`` or ``//`` would; only a Z3 value takes the symbolic path.
"""
from __future__ import annotations

from typing import Any, Iterable

try:  # z3 is a dependency, but plain-int callers must not pay for importing it
    import z3 as _z3
except ImportError:  # pragma: no cover - z3-solver is in the install requirements
    _z3 = None

Num = Any  # int | z3.ArithRef
Bool = Any  # bool | z3.BoolRef


def _plain(values: Iterable[Any]) -> bool:
    """Every value is a plain int or bool. The compiled build turns each ``type(v) is``
    into one pointer comparison; the lists here are a handful of seats or cards long."""
    for v in values:
        if type(v) is not int and type(v) is not bool:
            return False
    return True


def is_symbolic(*values: Any) -> bool:
    return _z3 is not None and any(isinstance(v, _z3.ExprRef) for v in values)


def If(cond: Bool, then: Num, other: Num) -> Num:  # noqa: N802 - mirrors z3.If
    # A plain bool decides at once (the engine's case); only a Z3 condition needs z3.If.
    if cond is True:
        return then
    if cond is False:
        return other
    if is_symbolic(cond, then, other):
        return _z3.If(cond, then, other)
    return then if cond else other


def And(*conds: Bool) -> Bool:  # noqa: N802
    if _plain(conds):
        return all(conds)
    if is_symbolic(*conds):
        return _z3.And(*conds)
    return all(conds)


def Or(*conds: Bool) -> Bool:  # noqa: N802
    if _plain(conds):
        return any(conds)
    if is_symbolic(*conds):
        return _z3.Or(*conds)
    return any(conds)


def Not(cond: Bool) -> Bool:  # noqa: N802
    if cond is True or cond is False:
        return not cond
    if is_symbolic(cond):
        return _z3.Not(cond)
    return not cond


def Sum(values: Iterable[Num]) -> Num:  # noqa: N802
    # 0 + v0 + v1 ...: the same sum on ints and the same term on Z3 values
    return sum(values)


def Max(values: Iterable[Num]) -> Num:  # noqa: N802
    items = list(values)
    if _plain(items):
        return max(items)
    best = items[0]
    for v in items[1:]:
        best = If(v > best, v, best)
    return best


def Min(values: Iterable[Num]) -> Num:  # noqa: N802
    items = list(values)
    if _plain(items):
        return min(items)
    best = items[0]
    for v in items[1:]:
        best = If(v < best, v, best)
    return best


def Count(conds: Iterable[Bool]) -> Num:  # noqa: N802
    items = list(conds)
    if _plain(items):
        return int(sum(items))
    return Sum(If(c, 1, 0) for c in items)


def Div(a: Num, b: int) -> Num:  # noqa: N802
    """Integer division rounding down, for a positive constant or term divisor."""
    if type(a) is int and type(b) is int:
        return a // b
    if is_symbolic(a, b):
        return a / b  # z3 integer division floors for positive divisors
    return a // b


def Clamp(value: Num, low: int, high: int) -> Num:  # noqa: N802
    return If(value < low, low, If(value > high, high, value))
