"""What each Tindahan state field may hold (checked when a state is loaded)."""
from __future__ import annotations

from spec.common.bounds import (RNG, Bounds, Card, Flag, Int, Many, PerSeat, Seat, Text,
                                players)

from .state import ALL_CARDS, FRUITS, HAND_SIZE, SELLERS, most_placed

_FRUIT = Int(0, len(FRUITS) - 1)
# a seat acts at most once a trick (TIN-3.1), the cart mover once more (TIN-A2); a seat
# places at most most_placed(players) sellers a round (nine with real sellers, more with
# stand-ins, TIN-A7 unlimited), and with sellers kept between rounds (TIN-A10) a stall
# gathers a seat's sellers of every round
_TRICK = Many(Card(), most=lambda cfg: cfg.players + 1)
_POINTS = Int(-10**9, 10**9)  # no real total comes near; set-ups may start from any

BOUNDS = Bounds(
    cards=lambda cfg: frozenset(ALL_CARDS),
    fields={
        "round": Int(1, players),
        "dealer": Seat(),
        "fruits": Text("B" + "".join(f"{f}?" for f in FRUITS[1:]),
                       "fruit letters in the order B L M P D, bananas first"),
        "cart": _FRUIT,
        "hands": PerSeat(Many(Card(), most=HAND_SIZE)),
        "leader": Seat(),
        "turn": Seat(also=(-1,)),
        "led": Int(-1, len(FRUITS) - 1),
        "cart_moved": Flag(),
        "acted": Int(0, lambda cfg: cfg.players + 1),
        "trick": _TRICK,
        "trick_seats": Many(Seat(), most=lambda cfg: cfg.players + 1),
        "tricks_won": PerSeat(Int(0, HAND_SIZE)),
        "lone": PerSeat(Int(0, HAND_SIZE)),
        "taken": PerSeat(Many(Card(), most=lambda cfg: HAND_SIZE * cfg.players)),
        "stalls": Many(PerSeat(Int(0, lambda cfg: cfg.players * most_placed(cfg.players))),
                       size=len(FRUITS)),
        "supply": PerSeat(Int(0, SELLERS)),
        "placed": PerSeat(Int(0, lambda cfg: most_placed(cfg.players))),
        "totals": PerSeat(_POINTS),
        "rounds": Many(PerSeat(_POINTS), most=players),
        "rng": RNG,
    },
)
