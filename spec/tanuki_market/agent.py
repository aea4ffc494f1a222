"""How a person plays Tanuki Market: hints for the built-in greedy agent.

Nothing here is a rule: the rules allow grabbing an empty cart at once, and an agent that
values a position by its running score alone sees no reason not to (no score moves during
the deal), so its games run to twice as many rounds as a table of people would play.
A person waits for a cart worth taking, and values the cards it is sure to lay.
"""
from __future__ import annotations

from typing import Sequence

from spec.common.core import Action, Config

from .cards import FRUIT_OF, GRANNY, TACO
from .scoring import BONUS_CARD
from .state import CAPACITY, TanukiState, cards_counted

#: a leader keeps its drawn card only with a cart holding at least this many cards
KEEP_WITH = 2


def _laid_points(tables: Sequence[tuple[str, ...]], cards: Sequence[str]) -> int:
    """What ``cards`` would score by table number if laid now (TAN-3.3, TAN-3.4)."""
    where = {FRUIT_OF[t[0]]: i + 1 for i, t in enumerate(tables) if t}
    free = [i + 1 for i, t in enumerate(tables) if not t]
    points = 0
    for card in cards:
        fruit = FRUIT_OF[card]
        if fruit not in where and free:
            where[fruit] = free.pop(0)
        points += where.get(fruit, 0)
    return points


def coming_cards(s: TanukiState, seat: int) -> list[str]:
    """Every card ``seat`` is sure to get this round and has not laid yet."""
    out = list(s.haul[seat] + s.haul_hidden[seat])
    if seat == s.leader:
        out += s.kept
    for cart, who in zip(s.carts, s.taken):
        if who == seat:
            out += cart
    return out


def agent_value(total: int, s: TanukiState, seat: int) -> int:
    """A seat's running score (``total``) plus what its coming cards will bring."""
    coming = coming_cards(s, seat)
    fruit = [c for c in coming if c in FRUIT_OF]
    bonus = sum(BONUS_CARD for c in coming if c in (TACO, GRANNY))
    return total + _laid_points(s.tables[seat], fruit) + bonus


def _full(cfg: Config, s: TanukiState, i: int) -> bool:
    return cards_counted(cfg, s.carts[i]) >= CAPACITY[s.kinds[i]]


def agent_hint(cfg: Config, s: TanukiState, actions: list[Action]) -> list[Action]:
    """The actions a person would consider now; [] when it would rather wait.

    During the deal, while the leader still holds a card to deal, a seat takes only a
    full cart (it waits otherwise), and the leader keeps its card only with a cart that
    already holds KEEP_WITH cards; the solo player fills its own cart to the brim.
    Everything else is left to the greedy choice."""
    if s.phase != "deal":
        return actions
    dealing = bool(s.hand)
    may_draw = any(a.name == "draw" for a in actions)
    out = []
    for a in actions:
        if a.name == "take" and may_draw:
            continue  # solo: its cart has room and nobody else can take it
        if a.name == "take" and dealing and a.player != s.leader:
            if not _full(cfg, s, int(a.args[0]) - 1):
                continue
        elif a.name == "keep" and len(s.carts[int(a.args[0]) - 1]) < KEEP_WITH:
            if any(b.name == "place" for b in actions):
                continue
        out.append(a)
    return out
