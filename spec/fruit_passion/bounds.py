"""What each Fruit Passion state field may hold (checked when a state is loaded)."""
from __future__ import annotations

from spec.common.bounds import RNG, Bounds, Card, Flag, Int, Many, PerSeat, Seat

from . import cards

# every pile holds at most the whole box of cards; conservation (FRP-I1) does the rest
_PILE = Many(Card(), most=sum(cards.PER_FRUIT))

BOUNDS = Bounds(
    cards=lambda cfg: frozenset(cfg.extra.cards),
    fields={
        "turn": Seat(),
        "decks": Many(_PILE, most=2),  # one deck, or the solo game's left and right
        "discard": _PILE,
        "drawn": Many(Card(), most=2),
        "from_discard": Flag(),
        "final": Flag(),
        "stacks": PerSeat(Many(_PILE, size=len(cards.FRUITS))),
        "box": _PILE,
        "rng": RNG,
    },
)
