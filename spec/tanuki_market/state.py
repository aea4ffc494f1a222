"""The Tanuki Market state: one immutable value, every field with its visibility.

Carts, tables and seats are tuples; cards are strings in the contract notation. Carts are
0-based inside the state and 1-based in the notation (``take 2`` is ``carts[1]``).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from spec.common.core import HIDDEN, OWNER, PUBLIC, SECRET, Visibility, count_of
from spec.common.record import record
from spec.common.rng import Stream

from .cards import FRUIT_OF, FRUITS, GRANNY

#: ``taken`` values: a seat number, or one of these
ON_TABLE = -1
AUTOMATON = -2

#: the cart kinds: the plain cart, and the special carts of TAN-7.1..7.6 (a Move Fruit or
#: Fruit Salad cart names its fruit)
CART_KINDS = ("plain", "large", "small", "secret") + tuple(f"move-{f}" for f in FRUITS) \
    + tuple(f"salad-{f}" for f in FRUITS)
#: the most cards each cart kind holds: 3, but the large cart 4 and the small one 2
#: (TAN-1.6, TAN-7.2)
CAPACITY = {kind: {"large": 4, "small": 2}.get(kind, 3) for kind in CART_KINDS}


def cards_counted(cfg: Any, cart: tuple[str, ...]) -> int:
    """The cards of a cart that count against its capacity (TAN-2.7; TAN-A21: with
    special-capacity=fruit, Taco and Granny ride on top)."""
    if cfg.extra.fruit_capacity:
        return sum(1 for c in cart if c in FRUIT_OF)
    return len(cart)


@record
class TanukiState(NamedTuple):
    phase: str  # "taco" | "deal" | "give" (solo) | "lay" | "over"
    round: int
    leader: int
    deck: tuple[str, ...]  # top first
    hand: tuple[str, ...]  # the leader's drawn card, not yet dealt (0 or 1)
    kept: tuple[str, ...]  # the card(s) the leader kept this round
    shown: bool  # the kept card was shown (kept with a full cart)
    kinds: tuple[str, ...]  # cart kinds, cart 1 first
    carts: tuple[tuple[str, ...], ...]  # what lies on each cart (bottom first)
    taken: tuple[int, ...]  # per cart: the seat that took it, ON_TABLE or AUTOMATON
    last_placed: int  # solo: the cart (0-based) of the last placement, -1 none
    dry: bool  # the deck ran out in this deal (option deck-out)
    haul: tuple[tuple[str, ...], ...]  # per seat: cards still to lay, seen by all
    haul_hidden: tuple[tuple[str, ...], ...]  # per seat: cards still to lay, face down
    pending: tuple[int, ...]  # per seat: table (1-5) whose move waits for a direction, 0
    special: tuple[str, ...]  # per seat: the move-/salad- cart whose choice is still open
    tables: tuple[tuple[tuple[str, ...], ...], ...]  # per seat: five tables
    salad: tuple[tuple[str, ...], ...]  # per seat: fruit-salad pile
    taco: int  # seat holding Taco the Thief (-1: on a cart / out of the game)
    granny: int  # seat holding Granny, AUTOMATON, or -1
    last: bool  # Granny has come off the deck: this round is the last
    auto: tuple[str, ...]  # solo: the automaton's pile
    out: tuple[str, ...]  # cards out of play (option deck-out=lay-out)
    cards: tuple[str, ...]  # the fruit cards of this game (public card list), sorted
    under: int  # fruit cards that lay under Granny at the set-up (15 by the rules)
    rng: Stream  # the generator's state (spec.common.rng)


def seat_of_cart(s: TanukiState, seat: int) -> int:
    """The 0-based cart a seat took, or -1."""
    try:
        return s.taken.index(seat)
    except ValueError:
        return -1


# --- visibility -------------------------------------------------------------------------
def _hand_view(cfg: Any, s: TanukiState, value: tuple[str, ...], seat: int | None) -> Any:
    """TAN-2.2, TAN-9.3: the leader sees its drawn card; the others only that there is one
    (Granny is shown to all: its coming ends the game)."""
    if seat == s.leader or GRANNY in value:
        return list(value)
    return count_of(value)


def _kept_view(cfg: Any, s: TanukiState, value: tuple[str, ...], seat: int | None) -> Any:
    if seat == s.leader or s.shown or GRANNY in value:
        return list(value)
    return count_of(value)


def _carts_view(cfg: Any, s: TanukiState, value: Any, seat: int | None) -> Any:
    """TAN-7.3: fruit on the secret cart is face down (None) but for the leader and the
    seat that took the cart."""
    out = []
    for kind, cards, who in zip(s.kinds, value, s.taken):
        if kind == "secret" and seat != s.leader and (seat is None or seat != who):
            out.append([c if c in ("TACO", GRANNY) else None for c in cards])
        else:
            out.append(list(cards))
    return out


def _hidden_haul_view(cfg: Any, s: TanukiState, value: Any, seat: int | None) -> Any:
    """Face-down cards still to lay: seen by their owner and by the round's leader (who
    kept them or placed them on the secret cart), counted for everyone else."""
    return [list(v) if seat is not None and seat in (i, s.leader) else len(v)
            for i, v in enumerate(value)]


VISIBILITY: dict[str, Visibility] = {
    "phase": PUBLIC, "round": PUBLIC, "leader": PUBLIC, "deck": HIDDEN, "hand": _hand_view,
    "kept": _kept_view, "shown": PUBLIC, "kinds": PUBLIC, "carts": _carts_view,
    "taken": PUBLIC, "last_placed": PUBLIC, "dry": PUBLIC, "haul": PUBLIC,
    "haul_hidden": _hidden_haul_view, "pending": PUBLIC, "special": PUBLIC,
    "tables": PUBLIC, "salad": OWNER, "taco": PUBLIC, "granny": PUBLIC, "last": PUBLIC,
    "auto": PUBLIC, "out": HIDDEN, "cards": PUBLIC, "under": PUBLIC, "rng": SECRET,
}
