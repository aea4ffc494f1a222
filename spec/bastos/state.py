"""Bastos!: the state type and the cards.

Cards are strings in the contract's notation (fruit letter + value, ``"M9"``). The rules
speak of a card's fruit (an index into ``FRUITS``) and its printed number: ``FRUIT`` and
``RANK`` give both for every card of the deck.
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from spec.common.record import record
from spec.common.rng import Stream

FRUITS = "BLMPD"  # fruit index -> letter; the value table is indexed the same way
FRUIT_NAMES = ("Banana", "Lanzones", "Mango", "Pineapple", "Durian")
FRUIT_OPTION = {"banana": 0, "lanzones": 1, "mango": 2, "pineapple": 3, "durian": 4}  # BAS-A8
RANKS = range(1, 10)
ALL_CARDS: tuple[str, ...] = tuple(f"{f}{r}" for f in FRUITS for r in RANKS)
FRUIT: dict[str, int] = {c: FRUITS.index(c[0]) for c in ALL_CARDS}
RANK: dict[str, int] = {c: int(c[1:]) for c in ALL_CARDS}
# each card's place in the deck, by fruit then value: the order hands are kept in
DECK_ORDER: dict[str, int] = {c: i for i, c in enumerate(ALL_CARDS)}
LOW, HIGH = -2, 3  # the value table's limits (BAS-1.3)
ROUNDS = {3: 6, 4: 8}  # two rounds per seat (BAS-2.2)
HAND = {3: 12, 4: 11}  # a full deal (BAS-2.3)

Hand = tuple[str, ...]


@record
class BastosState(NamedTuple):
    """One position. ``values`` is indexed by fruit (B L M P D); seats from 0."""

    phase: str  # "choose" | "play" | "adjust" | "over"
    round: int  # 1-based number of the current round
    dealer: int
    removed: Optional[int]  # fruit index put back in the box (three players), else None
    hands: tuple[Hand, ...]
    choices: tuple[Optional[str], ...]  # secret picks not yet shown (choose phase)
    bastos: tuple[Optional[str], ...]  # shown Bastos! cards (None until all have picked)
    leftover: Optional[str]  # the face-up odd card at four players
    values: tuple[int, ...]
    lead_values: tuple[int, ...]  # BAS-A13 undone: the values as this trick was led, else 0s
    trump: int  # fruit index, -1 while no fruit is trump
    leader: int
    trick: Hand  # cards of the current trick, the leader's first
    trump_from: int  # position in the trick from which trump-fruit cards count as trumps
    declined: bool  # a seat of this trick could not follow and did not declare trump
    pending: tuple[int, ...]  # seats that owe a value change, in order
    tricks: tuple[Hand, ...]  # per seat: the cards of the tricks it has won this round
    aside: Hand  # set-aside tricks of this round
    dealt: int  # cards dealt to the hands this round (for the conservation check)
    totals: tuple[int, ...]  # running totals of finished rounds
    rng: Stream  # the generator's state (spec.common.rng)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


def fruit_name(f: int) -> str:
    return FRUIT_NAMES[f]


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)
