"""Tanuki Market's declared reductions, for the explorer (spec.common.reduction).

Symmetry: the carts (TAN-1.6). A cart is known only by its number, and no rule reads the
number: the leader may put Taco on any cart, keep or place on any open one, any seat may
grab any cart, and what a cart does follows from its kind and its cards. So renumbering
the carts (their kinds, cards and takers together, and the solo game's last placement)
maps every play onto a play. The canonical member orders the carts by (kind, cards,
taker); the pile of cards out of play is a pile, kept sorted.

Partial order, laying out (TAN-3.1): every seat lays out its own haul at its own pace. A
seat's lay, move, shift, salad and skip read and write only that seat's haul, tables,
pending move, special cart and salad pile; the round ends only after the last action of
the last seat. So the actions of the lowest seat that can act form a persistent set, the
other seats' actions wait without changing what they can do, and each invariant fails on
a reduced path whenever it fails on another. Each one reads, of what laying out changes,
either one seat at a time (TAN-I3, TAN-I6's pending moves) or a sum over seats (TAN-I1's
card count): take the lowest seat whose own part ever goes wrong; the reduced walk plays
the seats before it (whose parts never do) and then reaches that seat's wrong part. Laying out ends (every action spends a card, a
pending move or a special cart), so no cycle is hidden.

Partial order, the deal (TAN-2.6): grabs race, so no seat's grab can wait (another seat
may take that cart first): the deal keeps every action. But two grabs of different carts
by different seats commute: after either the other is still legal, and both orders reach
the same state (a grab and the leader's keep or place do not: see grabs_commute). The explorer
then walks one order of each such pair (every state is still visited). Grabs never lie on
a cycle: without the swap reading (TAN-A3) each one hands out a cart for good this round.
"""
from __future__ import annotations

from typing import Sequence

from spec.common.core import Action, Config
from spec.common.reduction import Reductions

from .state import TanukiState

def renumber_carts(s: TanukiState, order: Sequence[int]) -> TanukiState:
    """The state with old cart ``order[k]`` as its cart ``k``."""
    return s._replace(kinds=tuple(s.kinds[i] for i in order),
                      carts=tuple(s.carts[i] for i in order),
                      taken=tuple(s.taken[i] for i in order),
                      last_placed=list(order).index(s.last_placed) if s.last_placed >= 0
                      else -1)


def cart_symmetry(cfg: Config, s: TanukiState) -> TanukiState:
    """The state with its carts in a canonical order (see the module docstring)."""
    order = sorted(range(len(s.kinds)), key=lambda i: (s.kinds[i], s.carts[i], s.taken[i]))
    out = tuple(sorted(s.out))
    if order != list(range(len(order))):
        s = renumber_carts(s, order)
    return s if out == s.out else s._replace(out=out)


def lowest_seat_lays(cfg: Config, s: TanukiState, actions: Sequence[Action]
                     ) -> Sequence[Action]:
    """While laying out: the actions of the lowest seat that can act; otherwise all."""
    if s.phase != "lay" or not actions:
        return actions
    seat = min(a.player for a in actions)
    return [a for a in actions if a.player == seat]


def grabs_commute(cfg: Config, s: TanukiState, a: Action, b: Action) -> bool:
    """Two grabs (take) of the real-time deal, of different carts by different seats. (The
    leader's keep and place do not commute with a grab: a grab of the last cart with
    room sends the drawn card back to the deck, and a placement draws the next card.)"""
    X = cfg.extra
    if s.phase != "deal" or X.solo or X.swap or a.player == b.player:
        return False
    return a.name == b.name == "take" and a.args[0] != b.args[0]


REDUCTIONS = Reductions(symmetry=cart_symmetry, ample=lowest_seat_lays,
                        independent=grabs_commute, why=__doc__ or "")
