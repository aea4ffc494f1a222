"""Declared ranges of a game's state fields: what a state read from outside may hold.

A game declares, once, which values each field of its state may take (seats, counts,
card names, one of a few words, lists of a given length). The engine checks a loaded
state against this declaration *before* any rule or invariant looks a value up, so a
tampered state is refused with one line naming the field rather than crashing a lookup.
The declaration says nothing a reachable state could break; the invariants then check
what only the rules know (card conservation, turn order).

>>> from typing import NamedTuple
>>> from spec.common.core import Config
>>> class Toy(NamedTuple):
...     turn: int
...     hands: tuple
>>> cfg = Config("toy", 3, None, {})
>>> b = Bounds(cards=lambda cfg: {"A", "B"},
...            fields={"turn": Seat(), "hands": PerSeat(Many(Card()))})
>>> b.problem(cfg, Toy(1, (("A",), (), ("B",))))
>>> b.problem(cfg, Toy(3, ((), (), ())))
'turn: 3 is not a seat of a 3-player game'
>>> b.problem(cfg, Toy(0, ((), ("Z",), ())))
"hands[1][0]: 'Z' is not a card of this game"
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterator, Mapping

from .core import Config
from .rng import KEY_BYTES, KEYED, Keyed
from .errors import shown as _show

Limit = int | Callable[[Config], int]


def _limit(value: Limit, cfg: Config) -> int:
    return value(cfg) if callable(value) else value


@dataclass(frozen=True)
class Context:
    """What a check needs beyond the value: the configuration and the card names."""

    cfg: Config
    cards: Collection[str]


class Kind:
    """One kind of value; ``problems`` yields what is wrong with ``value`` at ``path``."""

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Kind):
    """A whole number from ``lo`` to ``hi`` (both included; either may depend on the config)."""

    lo: Limit
    hi: Limit

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        lo, hi = _limit(self.lo, ctx.cfg), _limit(self.hi, ctx.cfg)
        if type(value) is not int:
            yield f"{path}: {_show(value)} is not a whole number"
        elif not lo <= value <= hi:
            yield f"{path}: {_show(value)} is outside {lo}..{hi}"


@dataclass(frozen=True)
class Seat(Kind):
    """A seat of this game (0 to players - 1), or one of the markers in ``also``."""

    also: tuple[int, ...] = ()

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        n = ctx.cfg.players
        if type(value) is not int or not (0 <= value < n or value in self.also):
            extra = f" (or {', '.join(map(str, self.also))})" if self.also else ""
            yield f"{path}: {_show(value)} is not a seat of a {n}-player game{extra}"


@dataclass(frozen=True)
class Flag(Kind):
    """True or False."""

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if type(value) is not bool:
            yield f"{path}: {_show(value)} is not true or false"


@dataclass(frozen=True)
class Card(Kind):
    """The name of one of the game's cards (``also``: further names, e.g. special cards)."""

    also: tuple[str, ...] = ()

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if not isinstance(value, str) or (value not in ctx.cards and value not in self.also):
            yield f"{path}: {_show(value)} is not a card of this game"


@dataclass(frozen=True)
class Word(Kind):
    """One of a fixed list of words (the list may depend on the configuration)."""

    values: tuple[str, ...] | Callable[[Config], Collection[str]]

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        allowed = self.values(ctx.cfg) if callable(self.values) else self.values
        if not isinstance(value, str) or value not in allowed:
            shown = ", ".join(sorted(map(repr, allowed)))
            yield f"{path}: {_show(value)} is not one of {shown}"


@dataclass(frozen=True)
class Text(Kind):
    """A string matching ``pattern`` in full; ``what`` says in words what it must be."""

    pattern: str
    what: str

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if not isinstance(value, str) or not re.fullmatch(self.pattern, value):
            yield f"{path}: {_show(value)} is not {self.what}"


@dataclass(frozen=True)
class Maybe(Kind):
    """``None`` or a value of ``item``."""

    item: Kind

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if value is not None:
            yield from self.item.problems(ctx, value, path)


@dataclass(frozen=True)
class Many(Kind):
    """A list of ``item``: exactly ``size`` long when given, at most ``most`` long."""

    item: Kind
    size: Limit | None = None
    most: Limit | None = None

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if not isinstance(value, tuple):
            yield f"{path}: {_show(value)} is not a list"
            return
        if self.size is not None and len(value) != _limit(self.size, ctx.cfg):
            yield (f"{path}: has {len(value)} entries, not {_limit(self.size, ctx.cfg)}")
            return
        if self.most is not None and len(value) > _limit(self.most, ctx.cfg):
            yield f"{path}: has {len(value)} entries, at most {_limit(self.most, ctx.cfg)}"
            return
        for i, v in enumerate(value):
            yield from self.item.problems(ctx, v, f"{path}[{i}]")


def players(cfg: Config) -> int:
    return cfg.players


def PerSeat(item: Kind) -> Many:  # noqa: N802 - reads as a kind, like the classes
    """A list with one ``item`` per seat."""
    return Many(item, size=players)


@dataclass(frozen=True)
class Generator(Kind):
    """A generator's state (spec.common.rng): one unsigned 64-bit word (SplitMix64), or
    the keyed generator's name, its key as hex digits and the count of words drawn."""

    def problems(self, ctx: Context, value: Any, path: str) -> Iterator[str]:
        if type(value) is int:
            yield from Int(0, 2**64 - 1).problems(ctx, value, path)
        elif type(value) is not Keyed:
            yield f"{path}: {_show(value)} is not a generator's state"
        elif value.generator != KEYED:
            yield f"{path}: {_show(value.generator)} is not a generator (only {KEYED!r})"
        elif not _HEX_KEY.fullmatch(value.key):
            yield f"{path}: the key is not {2 * KEY_BYTES} lower-case hex digits"
        else:
            yield from Int(0, 2**64 - 1).problems(ctx, value.counter, f"{path}.counter")


_HEX_KEY = re.compile(f"[0-9a-f]{{{2 * KEY_BYTES}}}")
#: the engine's generator state, of either kind (spec.common.rng)
RNG = Generator()


@dataclass(frozen=True)
class Bounds:
    """Every state field of one game with its :class:`Kind`; ``cards``: the card names.

    ``shapes`` are checks across fields (lists that must line up), run once every field
    is within its own bounds; each returns a problem or None.
    """

    cards: Callable[[Config], Collection[str]]
    fields: Mapping[str, Kind] = field(default_factory=dict)
    shapes: tuple[Callable[[Config, Any], str | None], ...] = ()

    def problem(self, cfg: Config, state: Any) -> str | None:
        """The first field of ``state`` that breaks its declaration, or None."""
        ctx = Context(cfg, self.cards(cfg))
        found: str | None
        for name, kind in self.fields.items():
            for found in kind.problems(ctx, getattr(state, name), name):
                return found
        for shape in self.shapes:
            found = shape(cfg, state)
            if found:
                return found
        return None
