"""What each seat may not see of a state, as places of cards ("slots").

A slot is ``(field, path)``: the state field and the indices that lead, through nested
tuples, to one card string. For the named visibility kinds the secret slots follow from
the kind itself. A field shown through a callable states its secret slots in the game's
``secrets`` module (``SLOTS[field]``), written from the rules rather than from the view
code, so that a view which shows too much disagrees with the declaration.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple

from .core import HIDDEN, OWNER, PUBLIC, SECRET, TOPS, Config, GameSpec

Path = tuple[int, ...]


class Slot(NamedTuple):
    field: str
    path: Path


#: ``(cfg, state, value of the field, seat) -> the paths within the field the seat may not see``
SlotsOf = Callable[[Config, Any, Any, "int | None"], Iterable[Path]]


def cards_in(value: Any, path: Path = ()) -> Iterator[Path]:
    """The paths of every card string inside nested tuples (None and numbers skipped)."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from cards_in(v, path + (i,))


def below_tops(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every card of nested stacks but the top (last) one of each stack."""
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, str) for v in value):
        yield from (path + (i,) for i in range(len(value) - 1))
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from below_tops(v, path + (i,))


def declared(spec: GameSpec[Any]) -> Mapping[str, SlotsOf]:
    """The game's declaration for the fields it shows through callables."""
    from spec import REGISTRY  # the registry names each game's package

    package = REGISTRY[spec.name].rsplit(".", 1)[0]
    slots: Mapping[str, SlotsOf] = importlib.import_module(f"{package}.secrets").SLOTS
    return slots


def secret_slots(spec: GameSpec[Any], cfg: Config, state: Any, seat: int | None) -> list[Slot]:
    """Every card place of ``state`` that ``seat`` (None: a spectator) may not see."""
    callables = declared(spec)
    out: list[Slot] = []
    for name, kind in spec.visibility.items():
        value = getattr(state, name)
        if callable(kind):
            if name not in callables:
                raise KeyError(f"{spec.name}: no secret slots declared for field {name!r}")
            paths: Iterable[Path] = callables[name](cfg, state, value, seat)
        elif kind == HIDDEN:
            paths = cards_in(value)
        elif kind == OWNER:
            paths = (p for p in cards_in(value) if p[0] != seat)
        elif kind == TOPS:
            paths = below_tops(value)
        elif kind in (PUBLIC, SECRET):  # SECRET holds no card (the RNG state)
            paths = ()
        else:
            raise ValueError(f"unknown visibility {kind!r}")
        out.extend(Slot(name, p) for p in paths)
    return out


def card_at(state: Any, slot: Slot) -> Any:
    value = getattr(state, slot.field)
    for i in slot.path:
        value = value[i]
    return value


def with_cards(state: Any, cards: Mapping[Slot, str]) -> Any:
    """``state`` with the card at each slot replaced (a new state; the input is kept)."""
    by_field: dict[str, dict[Path, str]] = {}
    for slot, card in cards.items():
        by_field.setdefault(slot.field, {})[slot.path] = card
    return state._replace(**{name: _put(getattr(state, name), paths)
                             for name, paths in by_field.items()})


def _put(value: Any, cards: Mapping[Path, str], here: Path = ()) -> Any:
    if here in cards:
        return cards[here]
    if isinstance(value, tuple):
        return tuple(_put(v, cards, here + (i,)) for i, v in enumerate(value))
    return value
