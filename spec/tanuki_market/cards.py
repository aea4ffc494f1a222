"""The card list of Tanuki Market, in ONE place.

The rulebook gives the fruit counts (24 strawberries, 16 figs, 16 bananas, 8 pineapples,
8 watermelons), the dots (3, 2, 2, 1, 1) and the five effects, but neither which cards
carry which effect nor which 18 cards bear the two-player icon. :data:`COMPOSITION` is
our assumed default (clauses TAN-1.3 and TAN-1.5); a scenario set-up may replace it with
its own ``cards`` list.

Cards are strings in the contract notation: a fruit letter, then optionally ``/`` and the
effect (``S``, ``F/move``, ``W/bitten``); the two special cards are ``GRANNY`` and
``TACO``. What the rules read off a card (its fruit, its effect, its dots) is declared
once below, for every card the notation can write.
"""
from __future__ import annotations

from collections import Counter

FRUITS = ("S", "F", "B", "P", "W")
FRUIT_NAMES = {"S": "strawberry", "F": "fig", "B": "banana", "P": "pineapple",
               "W": "watermelon"}
#: dots in the lower left corner: how many cards of the fruit the full deck holds (TAN-1.1)
DOTS = {"S": 3, "F": 2, "B": 2, "P": 1, "W": 1}
#: cards of each fruit in the full deck (TAN-1.1)
FRUIT_COUNTS = {"S": 24, "F": 16, "B": 16, "P": 8, "W": 8}
EFFECTS = ("move", "replace", "favorite", "five", "bitten")
GRANNY = "GRANNY"
TACO = "TACO"
SPECIAL = (GRANNY, TACO)

#: (card, copies in the deck, copies with the two-player icon)  -- TAN-1.3, TAN-1.5
#: Every fruit carries every effect, roughly in proportion to its count (a quarter of
#: each fruit moves, one card per fruit for the other effects, two for strawberries), so
#: half the deck has an effect; the two-player icon sits on a quarter of each fruit,
#: all of them plain cards, so the 54-card deck keeps the fruit proportions (the dots)
#: and every effect card. The rulebook's scoring example only uses cards of this list.
COMPOSITION: tuple[tuple[str, int, int], ...] = (
    ("S", 12, 6), ("S/move", 4, 0), ("S/replace", 2, 0), ("S/favorite", 2, 0),
    ("S/five", 2, 0), ("S/bitten", 2, 0),
    ("F", 9, 4), ("F/move", 3, 0), ("F/replace", 1, 0), ("F/favorite", 1, 0),
    ("F/five", 1, 0), ("F/bitten", 1, 0),
    ("B", 9, 4), ("B/move", 3, 0), ("B/replace", 1, 0), ("B/favorite", 1, 0),
    ("B/five", 1, 0), ("B/bitten", 1, 0),
    ("P", 3, 2), ("P/move", 1, 0), ("P/replace", 1, 0), ("P/favorite", 1, 0),
    ("P/five", 1, 0), ("P/bitten", 1, 0),
    ("W", 3, 2), ("W/move", 1, 0), ("W/replace", 1, 0), ("W/favorite", 1, 0),
    ("W/five", 1, 0), ("W/bitten", 1, 0),
)

#: every fruit card that can exist in the notation
FRUIT_CARDS = tuple(f for f in FRUITS) + tuple(f"{f}/{e}" for f in FRUITS for e in EFFECTS)
#: each fruit card's fruit letter, and its effect ("" for a plain card)
FRUIT_OF = {card: card[0] for card in FRUIT_CARDS}
EFFECT_OF = {card: card[2:] if "/" in card else "" for card in FRUIT_CARDS}
#: the dots printed on each card: its fruit's dots; Granny and Taco show none (TAN-8.5)
CARD_DOTS = {**{card: DOTS[card[0]] for card in FRUIT_CARDS}, GRANNY: 0, TACO: 0}
#: the place of each fruit in FRUITS (the scoring's numeric fruit code)
FRUIT_INDEX = {f: i for i, f in enumerate(FRUITS)}


def check_composition() -> None:
    """The default list matches the rulebook's counts (called by the tests)."""
    per_fruit: Counter[str] = Counter()
    icons: Counter[str] = Counter()
    for card, n, icon in COMPOSITION:
        assert card in FRUIT_OF and 0 <= icon <= n
        per_fruit[card[0]] += n
        icons[card[0]] += icon
    assert dict(per_fruit) == FRUIT_COUNTS, per_fruit
    assert sum(icons.values()) == 18


def standard_cards(two_player: bool) -> tuple[str, ...]:
    """The fruit cards in play (sorted), without the two-player-icon cards if asked."""
    out: list[str] = []
    for card, n, icon in COMPOSITION:
        out.extend([card] * (n - icon if two_player else n))
    return tuple(sorted(out))


def card_name(card: str) -> str:
    """``F/move`` -> ``fig (move)``; for event texts."""
    if card in SPECIAL:
        return "Granny" if card == GRANNY else "Taco the Thief"
    name = FRUIT_NAMES[card[0]]
    eff = EFFECT_OF[card]
    return f"{name} ({eff})" if eff else name
