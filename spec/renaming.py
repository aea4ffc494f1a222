"""Fruit renaming: a permutation of a game's fruits applied to its states and actions.

Two readings that differ only in *which* fruits take part (Tindahan's TIN-A1, Bastos's
BAS-A8) give games that are the same up to renaming fruits, when nothing else in the
rules tells one fruit from another. A game's ``symmetry.py`` declares that claim by saying
how each field of its state names fruits; the design report then checks the claim by
playing games of one reading and mapping every position, legal action and score onto the
other reading's game, never by assuming it.

Only *order-preserving* renamings of the fruits in play are used: a deck is built in
fruit order and shuffled, so such a renaming turns the shuffled deck of one reading into
the shuffled deck of the other under the same generator state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from spec.common.core import Action, Config

#: how a state field names fruits (see :func:`rename_field`)
CARDS = "cards"  # card strings (a fruit letter, then the value), nested in tuples
INDEX = "index"  # one fruit index; a negative index or None means no fruit
BY_FRUIT = "by-fruit"  # a tuple with one entry per fruit, in fruit order
LETTERS = "letters"  # a string of fruit letters, kept in fruit order


@dataclass(frozen=True)
class Renaming:
    """A permutation of the fruits, ``perm[i]`` the new index of fruit ``i``."""

    fruits: str  # every fruit letter, in the game's fruit order
    perm: tuple[int, ...]

    def letter(self, c: str) -> str:
        return self.fruits[self.perm[self.fruits.index(c)]]

    def text(self, s: str) -> str:
        """A card or an action argument that begins with a fruit letter, renamed."""
        return self.letter(s[0]) + s[1:] if s and s[0] in self.fruits else s

    def action(self, a: Action) -> Action:
        return a._replace(args=tuple(self.text(x) for x in a.args))


def order_preserving(fruits: str, present_a: Sequence[int], present_b: Sequence[int]
                     ) -> Renaming | None:
    """The renaming that sends the fruits in play in one game onto those of the other,
    and the fruits left out onto the fruits left out, each in fruit order."""
    if len(present_a) != len(present_b):
        return None
    absent_a = [i for i in range(len(fruits)) if i not in present_a]
    absent_b = [i for i in range(len(fruits)) if i not in present_b]
    perm = [0] * len(fruits)
    for src, dst in zip(sorted(present_a) + absent_a, sorted(present_b) + absent_b):
        perm[src] = dst
    return Renaming(fruits, tuple(perm))


def rename_field(r: Renaming, kind: str, value: Any) -> Any:
    """One field of a state, renamed according to how it names fruits."""
    if kind == CARDS:
        return _cards(r, value)
    if kind == INDEX:
        return value if value is None or value < 0 else r.perm[value]
    if kind == BY_FRUIT:
        out = list(value)
        for i, v in enumerate(value):
            out[r.perm[i]] = v
        return tuple(out)
    if kind == LETTERS:
        return "".join(sorted((r.letter(c) for c in value), key=r.fruits.index))
    raise ValueError(f"unknown field kind {kind!r}")


def _cards(r: Renaming, value: Any) -> Any:
    if isinstance(value, str):
        return r.text(value)
    if isinstance(value, tuple):
        return tuple(_cards(r, v) for v in value)
    return value


def rename_state(r: Renaming, fields: Mapping[str, str], state: NamedTuple) -> Any:
    """``state`` with every field that names fruits renamed (the others kept)."""
    return state._replace(**{k: rename_field(r, kind, getattr(state, k))
                             for k, kind in fields.items()})


@dataclass(frozen=True)
class FruitSymmetry:
    """A declared symmetry: the readings of ``option`` are the same game up to renaming.

    ``present(cfg, state)`` lists the fruit indices in play in a state; ``fields`` says
    how each state field names fruits. :meth:`match` gives the renaming that maps a
    deal of one reading onto the fruits another reading's deal uses.
    """

    name: str
    option: str
    fruits: str
    fields: Mapping[str, str]
    present: Callable[[Config, Any], Sequence[int]]
    why: str

    def match(self, cfg_a: Config, state_a: Any, cfg_b: Config, state_b: Any
              ) -> Renaming | None:
        return order_preserving(self.fruits, self.present(cfg_a, state_a),
                                self.present(cfg_b, state_b))

    def state(self, r: Renaming, state: Any) -> Any:
        return rename_state(r, self.fields, state)
