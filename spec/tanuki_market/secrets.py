"""Tanuki Market: what each seat may not see, for the fields shown through view functions
(see spec.common.secrets). The deck and the laid-out cards are ``HIDDEN``, fruit-salad
piles ``OWNER``: they need no entry here."""
from __future__ import annotations

from spec.common.secrets import cards_in

from .cards import GRANNY, SPECIAL


def _leaders_card(cfg, state, value, seat):
    # TAN-2.2, TAN-9.3: the drawn card is the leader's alone, unless it is Granny
    if seat == state.leader or GRANNY in value:
        return ()
    return cards_in(value)


def _kept(cfg, state, value, seat):
    # TAN-9.3: the kept card is the leader's alone, unless it was shown (a full cart) or
    # is Granny
    if seat == state.leader or state.shown or GRANNY in value:
        return ()
    return cards_in(value)


def _secret_cart(cfg, state, value, seat):
    # TAN-7.3: fruit on the secret cart lies face down (Taco and Granny face up); the
    # leader knows it, and so does the seat that took the cart
    for i, cards in enumerate(value):
        if state.kinds[i] != "secret" or seat == state.leader:
            continue
        if seat is not None and state.taken[i] == seat:
            continue
        yield from ((i, k) for k, c in enumerate(cards) if c not in SPECIAL)


def _face_down_haul(cfg, state, value, seat):
    # TAN-7.3: face-down cards still to lay are seen by their owner and by the leader
    for i, cards in enumerate(value):
        if seat is None or seat not in (i, state.leader):
            yield from ((i, k) for k in range(len(cards)))


SLOTS = {"hand": _leaders_card, "kept": _kept, "carts": _secret_cart,
         "haul_hidden": _face_down_haul}
