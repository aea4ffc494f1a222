"""What each Tanuki Market state field may hold (checked when a state is loaded)."""
from __future__ import annotations

from spec.common.bounds import RNG, Bounds, Card, Flag, Int, Many, PerSeat, Seat, Word
from spec.common.core import Config

from .cards import COMPOSITION, FRUIT_CARDS, GRANNY, SPECIAL
from .state import AUTOMATON, CART_KINDS, ON_TABLE, TanukiState

_DECK = sum(copies for _, copies, _ in COMPOSITION) + len(SPECIAL)
# every pile holds at most the whole deck; conservation (TAN-I1) does the rest. Granny
# lies in the deck until drawn, then with the leader, on a cart or with the automaton;
# Taco the Thief only ever lies on a cart (else ``taco`` names its holder); cards left on
# untaken carts, both specials too, go out of the game (TAN-2.15)
_PILE = Many(Card(), most=_DECK)
_WITH_GRANNY = Many(Card(also=(GRANNY,)), most=_DECK)
_WITH_BOTH = Many(Card(also=SPECIAL), most=_DECK)
_TABLES = 5  # each seat's five tables (TAN-3.1)


def _one_entry_per_cart(cfg: Config, s: TanukiState) -> str | None:
    if not len(s.kinds) == len(s.carts) == len(s.taken):
        return (f"kinds, carts, taken: one entry per cart each, not {len(s.kinds)},"
                f" {len(s.carts)}, {len(s.taken)}")
    if s.last_placed >= len(s.carts):
        return f"last_placed: there is no cart {s.last_placed + 1}"
    return None


BOUNDS = Bounds(
    cards=lambda cfg: frozenset(FRUIT_CARDS),
    fields={
        "round": Int(1, _DECK),
        "leader": Seat(),
        "deck": _WITH_GRANNY,
        "hand": Many(Card(also=(GRANNY,)), most=1),
        "kept": _WITH_GRANNY,
        "shown": Flag(),
        "kinds": Many(Word(CART_KINDS), most=_DECK),
        "carts": Many(_WITH_BOTH, most=_DECK),
        "taken": Many(Seat(also=(ON_TABLE, AUTOMATON)), most=_DECK),
        "last_placed": Int(-1, _DECK),
        "dry": Flag(),
        "haul": PerSeat(_PILE),
        "haul_hidden": PerSeat(_PILE),
        "pending": PerSeat(Int(0, _TABLES)),
        "special": PerSeat(Word(("",) + CART_KINDS)),
        "tables": PerSeat(Many(_PILE, size=_TABLES)),
        "salad": PerSeat(_PILE),
        "taco": Seat(also=(-1,)),
        "granny": Seat(also=(-1, AUTOMATON)),
        "last": Flag(),
        "auto": _WITH_GRANNY,
        "out": _WITH_BOTH,
        "cards": Many(Card(), most=_DECK),
        "under": Int(0, _DECK),
        "rng": RNG,
    },
    shapes=(_one_entry_per_cart,),
)

__all__ = ["BOUNDS"]
