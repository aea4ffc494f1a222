"""Small Tindahan positions whose whole game tree can be walked in seconds.

Each one is a real position of the last round: every earlier trick was played out card
by card (the ``won`` set-up key), so only one or two cards remain in each hand. The
rules are not bent; the game simply starts late.
"""
from __future__ import annotations

from typing import Any

from .state import CARDS_OF


def _late_round(players: int, fruits: str, cards_left: int, dealer: int) -> dict[str, Any]:
    cards = [c for f in fruits for c in CARDS_OF[f]]
    # deal round-robin so every hand mixes fruits
    hands = [cards[i::players] for i in range(players)]
    keep = [h[:cards_left] for h in hands]
    rest = [c for h in hands for c in h[cards_left:]]
    leader = (dealer + 1) % players
    tricks = [rest[i:i + players] for i in range(0, len(rest), players)]
    won: list[list[list[str]]] = [[] for _ in range(players)]
    for t, trick in enumerate(tricks):
        won[leader if t == len(tricks) - 1 else t % players].append(trick)
    return {"dealer": dealer, "round": players, "hands": keep, "won": won,
            "leader": leader}


def configs() -> dict[str, dict[str, Any]]:
    return {
        "3p-last-round-2-cards": {"players": 3, "options": {}, "variant": None, "seed": 1,
                                  "setup": _late_round(3, "BMD", 2, 0)},
        "3p-plays-last-2-cards": {"players": 3, "options": {"cart-mover": "plays-last"},
                                  "variant": None, "seed": 1,
                                  "setup": _late_round(3, "BMD", 2, 1)},
        "4p-last-round-1-card": {"players": 4, "options": {}, "variant": None, "seed": 2,
                                 "setup": _late_round(4, "BLMP", 1, 3)},
        "5p-last-round-1-card": {"players": 5, "options": {}, "variant": None, "seed": 3,
                                 "setup": _late_round(5, "BLMPD", 1, 2)},
        # a configuration worth proving: the last two tricks of five hands (~600,000 states)
        "5p-last-round-2-cards": {"players": 5, "options": {}, "variant": None, "seed": 3,
                                  "setup": _late_round(5, "BLMPD", 2, 2), "large": True},
        # the largest worth proving: the last three tricks of three hands (~1,100,000
        # states; four cards each is some hundred times more)
        "3p-last-round-3-cards": {"players": 3, "options": {}, "variant": None, "seed": 1,
                                  "setup": _late_round(3, "BMD", 3, 0), "large": True},
    }
