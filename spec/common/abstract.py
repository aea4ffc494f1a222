"""A game's rules on counts: the abstraction its move-by-move proofs are checked on.

A game may declare, beside its moves, a :class:`Model`: a map from a state to a few counts
(cards per place, sellers, rounds, whose turn), and for every branch of every move's
effect a :class:`Step` saying, on those counts alone, when the branch applies (its guard)
and what it does (its effect). Each is written once with :mod:`spec.common.symbolic`, so
it runs on plain ints (the agreement checks of the tests and the explorer) and on Z3
terms (the proofs). The invariants get abstract forms too, and the model adds a measure
that every move should lower (termination) and a test for the end of the game.

Abstract states are plain dicts: a name maps to a number, a list of numbers (one per
seat, say) or a list of such lists. Indexing by a number that may be a Z3 term goes
through :func:`at` and :func:`put`.

>>> put([0, 0, 0], 1, 5)
[0, 5, 0]
>>> at([4, 5, 6], 2)
6
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .core import Config
from .symbolic import And, Bool, If, Num, Or

Abs = dict[str, Any]  # an abstract state
Params = dict[str, Any]  # what the action (or chance) chooses for one step
Limit = int | Callable[[Config], int]
Shape = Callable[[Config], tuple[int, ...]]


def at(values: Sequence[Num], index: Num) -> Num:
    """``values[index]``, for an index that may be a Z3 term."""
    if type(index) is int:
        return values[index]
    out = values[-1]
    for i in range(len(values) - 2, -1, -1):
        out = If(index == i, values[i], out)
    return out


def put(values: Sequence[Num], index: Num, value: Num) -> list[Num]:
    """A copy of ``values`` with ``value`` at ``index`` (an int or a Z3 term)."""
    if type(index) is int:
        return [value if i == index else v for i, v in enumerate(values)]
    return [If(index == i, value, v) for i, v in enumerate(values)]


def bump(values: Sequence[Num], index: Num, by: Num) -> list[Num]:
    """A copy of ``values`` with ``by`` added at ``index``."""
    return put(values, index, at(values, index) + by)


def left_of(seat: Num, n: int, steps: int = 1) -> Num:
    """The seat ``steps`` places to the left (the next to act) in an ``n``-seat game."""
    nxt = seat + steps
    return If(nxt >= n, nxt - n, nxt)


def among(value: Num, low: Num, high: Num) -> Bool:
    return And(low <= value, value <= high)


def lex_less(new: Sequence[Num], old: Sequence[Num]) -> Bool:
    """``new`` comes before ``old`` in lexicographic order (the termination measure)."""
    if not new:
        return False
    head = new[0] < old[0]
    if len(new) == 1:
        return head
    return Or(head, And(new[0] == old[0], lex_less(new[1:], old[1:])))


@dataclass(frozen=True)
class Field:
    """One abstract count (or table of counts) and the range the declared bounds give it."""

    name: str
    lo: Limit
    hi: Limit
    shape: Shape = field(default=lambda cfg: ())
    seats_last: bool = False  # the last axis is the seats (as with :func:`per_seat`)

    @property
    def by_seat(self) -> bool:
        return self.shape is per_seat or self.seats_last

    def limits(self, cfg: Config) -> tuple[int, int]:
        lo = self.lo(cfg) if callable(self.lo) else self.lo
        hi = self.hi(cfg) if callable(self.hi) else self.hi
        return lo, hi


def per_seat(cfg: Config) -> tuple[int, ...]:
    return (cfg.players,)


@dataclass(frozen=True)
class Step:
    """One branch of one move's effect, on counts.

    ``params`` names what the action or chance picks (a seat, a stall, a card's fruit) with
    its range; ``guard`` says when the branch applies, ``effect`` gives the counts after.
    ``of`` reads the parameters of a concrete step: the state, the action, the successor.
    """

    move: str
    case: str
    rule: str
    params: Mapping[str, tuple[Limit, Limit]]
    guard: Callable[[Config, Abs, Params], Bool]
    effect: Callable[[Config, Abs, Params], Abs]
    of: Callable[[Config, Any, Any, Any], Params]  # (cfg, state, action, successor)

    @property
    def name(self) -> str:
        return f"{self.move}/{self.case}"

    def ranges(self, cfg: Config) -> dict[str, tuple[int, int]]:
        out = {}
        for key, (lo, hi) in self.params.items():
            out[key] = (lo(cfg) if callable(lo) else lo, hi(cfg) if callable(hi) else hi)
        return out


@dataclass(frozen=True)
class AbstractInvariant:
    """An invariant's form on counts: ``of`` names the declared invariant it stands for,
    or is empty for a strengthening the proofs needed (then ``why`` says what it adds)."""

    id: str
    holds: Callable[[Config, Abs], Bool]
    of: str = ""
    why: str = ""


def forms(declared: Mapping[str, Callable[[Config, Abs], Bool]],
          strengthenings: Mapping[str, tuple[Callable[[Config, Abs], Bool], str]] = {},
          ) -> tuple[AbstractInvariant, ...]:
    """A game's abstract invariants: the forms of its declared ones, by their IDs, then the
    strengthenings its proofs needed, each with what it adds."""
    return (*(AbstractInvariant(key, fn, of=key) for key, fn in declared.items()),
            *(AbstractInvariant(key, fn, why=why) for key, (fn, why) in strengthenings.items()))


@dataclass(frozen=True)
class Model:
    """A game's rules on counts (the module docstring)."""

    fields: tuple[Field, ...]
    abstract: Callable[[Config, Any], Abs]
    steps: tuple[Step, ...]
    invariants: tuple[AbstractInvariant, ...]
    setup: Callable[[Config, Abs], Bool]
    final: Callable[[Config, Abs], Bool]
    measure: Callable[[Config, Abs], Sequence[Num]]
    #: the readings under which the game need not end, with why (no measure can fall)
    endless: Mapping[str, str] = field(default_factory=dict)

    def moves(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.move for s in self.steps))

    def enabled(self, cfg: Config, a: Abs, move: str) -> Bool:
        """Some branch of ``move`` applies for some choice of its parameters (each
        parameter's range is small, so the choices are listed, not quantified)."""
        options: list[Bool] = []
        for step in self.steps:
            if step.move != move:
                continue
            for p in choices(step, cfg):
                ok = step.guard(cfg, a, p)
                if ok is True:  # plain counts: one choice that applies settles it
                    return True
                if ok is not False:
                    options.append(ok)
        return Or(*options) if options else False


def choices(step: Step, cfg: Config) -> list[Params]:
    """Every assignment of a step's parameters within their ranges."""
    out: list[Params] = [{}]
    for key, (lo, hi) in step.ranges(cfg).items():
        out = [{**p, key: v} for p in out for v in range(lo, hi + 1)]
    return out


def flat(a: Abs) -> dict[str, Num]:
    """An abstract state as one name per number: ``hand[2]``, ``stall[1][0]``."""
    out: dict[str, Num] = {}
    for key, val in a.items():
        _flatten(key, val, out)
    return out


def _flatten(name: str, val: Any, out: dict[str, Num]) -> None:
    if isinstance(val, (list, tuple)):
        for i, v in enumerate(val):
            _flatten(f"{name}[{i}]", v, out)
    else:
        out[name] = val
