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


def most_placed(players: int) -> int:
    """The most sellers one seat can place in a round: once a trick (TIN-3.4), and only
    after another seat has led a card (TIN-5.1, TIN-5.2), so every such trick holds a card
    of another seat. Before the round's last trick every hand still holds a card (TIN-6.1),
    so the other seats have played at most nine cards each; the last trick adds one. With
    nine sellers (TIN-1.3) a seat places at most nine; with stand-ins (TIN-A7 unlimited)
    the count is reached when one seat plays alone, drives the cart with its last card
    (TIN-3.2, TIN-3.3) and the next seat goes on alone."""
    return (HAND_SIZE - 1) * (players - 1) + 1


@record
class TinState(NamedTuple):
    """One moment of a Tindahan game.

    ``trick``/``trick_seats`` are the cards on the table and who played them; ``taken``
    the cards of each seat's won tricks (face-down: only their number is shown);
    ``stalls[f][seat]`` the sellers of ``seat`` on fruit ``f``'s stall; ``supply`` the
    sellers still beside each seat; ``placed`` the sellers placed this round; ``lone``
    how many of each seat's tricks this round held a single card (TIN-6.14, TIN-A13).
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
    lone: tuple[int, ...]  # of the tricks won, those of a single card (TIN-A13)
    taken: tuple[tuple[str, ...], ...]
    stalls: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    placed: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]  # each finished round's points, per seat
    rng: Stream  # the generator's state (spec.common.rng)
