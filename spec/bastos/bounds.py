"""What each Bastos! state field may hold (checked when a state is loaded)."""
from __future__ import annotations

from spec.common.bounds import (RNG, Bounds, Card, Flag, Int, Many, Maybe, PerSeat, Seat,
                                Word, players)

from .state import ALL_CARDS, FRUITS, HIGH, LOW

_FRUIT = Int(0, len(FRUITS) - 1)
_CARDS = Many(Card(), most=len(ALL_CARDS))
_POINTS = Int(-10**9, 10**9)  # no real total comes near; set-ups may start from any

BOUNDS = Bounds(
    cards=lambda cfg: frozenset(ALL_CARDS),
    fields={
        "round": Int(1, lambda cfg: cfg.extra.rounds),
        "dealer": Seat(),
        "removed": Maybe(_FRUIT),
        "hands": PerSeat(_CARDS),
        "choices": PerSeat(Maybe(Card())),
        "bastos": PerSeat(Maybe(Card())),
        "leftover": Maybe(Card()),
        "values": Many(Int(LOW, HIGH), size=len(FRUITS)),
        "lead_values": Many(Int(LOW, HIGH), size=len(FRUITS)),
        "trump": Int(-1, len(FRUITS) - 1),
        "leader": Seat(),
        "trick": Many(Card(), most=players),
        "trump_from": Int(0, players),
        "declined": Flag(),
        "pending": Many(Seat(), most=players),
        "tricks": PerSeat(_CARDS),
        "aside": _CARDS,
        "dealt": Int(0, len(ALL_CARDS)),
        "totals": PerSeat(_POINTS),
        "rng": RNG,
    },
)
