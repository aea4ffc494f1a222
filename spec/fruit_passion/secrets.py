"""Fruit Passion: what each seat may not see, for the fields shown through view functions
(see spec.common.secrets)."""
from __future__ import annotations

from spec.common.secrets import below_tops, cards_in


def _face_down(cfg, state, value, seat):
    # the draw decks and the box: nobody sees their cards (FRP-2.1, FRP-8.1)
    return cards_in(value)


def _under_the_top(cfg, state, value, seat):
    # FRP-3.5: only the discard pile's top card can be seen
    return [(i,) for i in range(len(value) - 1)]


def _drawn(cfg, state, value, seat):
    # FRP-3.6: a card drawn from a deck is the drawer's alone; one from the discard pile was
    # seen by all, and the one-player game has no one to hide from
    # (FRP-A11 shown: everyone sees a card drawn from the deck at once)
    if cfg.extra.solo or cfg.extra.drawn_shown or state.from_discard or seat == state.turn:
        return ()
    return cards_in(value)


def _stacks(cfg, state, value, seat):
    # FRP-4.3: before the end everyone, the owner too, sees only each stack's top card;
    # FRP-A10 owner-looks: the owner sees all of its own
    if state.phase == "over":
        return ()
    return [p for p in below_tops(value) if not (cfg.extra.owner_looks and p[0] == seat)]


SLOTS = {"decks": _face_down, "box": _face_down, "discard": _under_the_top, "drawn": _drawn,
         "stacks": _stacks}
