"""Tindahan state and cards.

Cards are strings in the contract's notation (``B10``, ``M2``): a fruit letter and a
value. The tables below are the deck's data, declared once: a card's fruit and value,
and the cards of each fruit.
"""
from __future__ import annotations

from typing import NamedTuple

from spec.common.record import record
from spec.common.rng import Stream

FRUITS = "BLMPD"  # the order of the rulebook's components list (TIN-1.1)
FRUIT_NAMES = ("banana", "lanzones", "mango", "pineapple", "durian")
FRUIT_INDEX = {f: i for i, f in enumerate(FRUITS)}
BANANA = FRUIT_INDEX["B"]
VALUES = range(1, 11)
ALL_CARDS = tuple(f"{f}{v}" for f in FRUITS for v in VALUES)
FRUIT_OF = {c: FRUIT_INDEX[c[0]] for c in ALL_CARDS}  # a card's fruit, as a stall index
VALUE_OF = {c: int(c[1:]) for c in ALL_CARDS}  # a card's printed value
CARDS_OF = {f: tuple(f"{f}{v}" for v in VALUES) for f in FRUITS}  # a fruit's ten cards
HAND_SIZE = 10  # TIN-2.4


def cards_in_play(fruits: str) -> frozenset[str]:
    """TIN-1.1: the cards of the fruits in play, ten of each."""
    return frozenset(c for f in fruits for c in CARDS_OF[f])
SELLERS = 9  # TIN-1.3


@record
class TinState(NamedTuple):
    """One moment of a Tindahan game.

    ``trick``/``trick_seats`` are the cards on the table and who played them; ``taken``
    the cards of each seat's won tricks (face-down: only their number is shown);
    ``stalls[f][seat]`` the sellers of ``seat`` on fruit ``f``'s stall; ``supply`` the
    sellers still beside each seat; ``placed`` the sellers placed this round.
    """

    phase: str  # "start" (dealer places the cart), "trick", "over"
    round: int  # 1-based; the game has as many rounds as seats
    dealer: int
    fruits: str  # letters of the fruits in play, in FRUITS order
    cart: int  # fruit index of the stall under the cart (trump)
    hands: tuple[tuple[str, ...], ...]
    leader: int  # the starting seat of the current trick
    turn: int  # the seat to act
    led: int  # fruit index of the led card, -1 before the first card
    cart_moved: bool  # the leader drove the cart in this trick
    acted: int  # actions taken in this trick (the cart move counts)
    trick: tuple[str, ...]
    trick_seats: tuple[int, ...]
    tricks_won: tuple[int, ...]
    taken: tuple[tuple[str, ...], ...]
    stalls: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    placed: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]  # each finished round's points, per seat
    rng: Stream  # the generator's state (spec.common.rng)
