"""The Fruit Passion state, what each seat may see of it, and the configuration it needs.

Cards are strings in the contract notation (``CO3``, ``PI5*``, ``PF7``); copies of a card
share one string. Stacks are kept bottom first, the draw decks top first, the discard pile
bottom first (its top is the last card).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any, NamedTuple

from spec.common.core import Config, tops_of
from spec.common.record import record
from spec.common.rng import Stream

from . import cards


@record
class FruitState(NamedTuple):
    phase: str  # "draw" / "place" (base game), "pair" (one player), "over"
    turn: int  # the seat to move
    decks: tuple[tuple[str, ...], ...]  # base: (deck,); one player: (left, right); top first
    discard: tuple[str, ...]  # bottom first; only the last card can be seen (FRP-3.5)
    drawn: tuple[str, ...]  # the card(s) drawn this turn, not yet placed
    from_discard: bool  # the drawn card was taken from the discard pile (so it is public)
    final: bool  # the deck is exhausted: the game ends after this turn (FRP-5.1)
    stacks: tuple[tuple[tuple[str, ...], ...], ...]  # [seat][fruit], bottom first
    box: tuple[str, ...]  # out of play, unseen (FRP-2.1, FRP-8.1)
    rng: Stream  # the generator's state (spec.common.rng)


class Extra(NamedTuple):
    """What the rules need from the configuration: the cards of the chosen readings and
    the readings of the options, by name."""

    solo: bool
    cards: tuple[str, ...]  # the 105 cards, canonical order
    counts: Counter
    hybrid_numbers: tuple[int, ...]  # per common fruit
    hybrid_cards: tuple[str, ...]
    must_play: bool  # discard-take=must-play
    last_turnover: str
    check_max: bool
    check_duplicates: bool
    owner_looks: bool  # FRP-A10: with repeats refused, the owner may look through its stacks
    drawn_shown: bool  # FRP-A11: a card drawn from the deck is shown to everyone at once
    lone_one: str
    hybrid_run: str
    hybrid_dup: str
    no_one_dup: str  # passion-no-one-duplicate


def derive(cfg: Config) -> Extra:
    o = cfg.options
    dist, hyb = o["distribution"], o["hybrids"]
    limits = o["play-limits"]
    numbers = cards.hybrid_numbers(hyb)
    return Extra(
        solo=cfg.variant == "solo",
        cards=cards.composition(dist, hyb),
        counts=cards.counts(dist, hyb),
        hybrid_numbers=numbers,
        hybrid_cards=tuple(cards.card(f, numbers[f], True) for f in cards.COMMON),
        must_play=o.get("discard-take", "must-play") == "must-play",
        last_turnover=o.get("last-turnover", "finish-turn"),
        check_max=limits != "unchecked",
        check_duplicates=limits == "max-and-duplicates",
        owner_looks=(limits == "max-and-duplicates"
                     and o.get("hidden-repeats", "set-aside") == "owner-looks"),
        drawn_shown=o.get("drawn-card", "drawer-only") == "shown" and cfg.variant != "solo",
        lone_one=o["lone-one"], hybrid_run=o["hybrid-run"], hybrid_dup=o["hybrid-duplicates"],
        no_one_dup=o["passion-no-one-duplicate"],
    )


# --- visibility ---------------------------------------------------------------------------
def see_counts(cfg: Config, s: FruitState, value: Any, seat: int | None) -> Any:
    """Face-down piles (decks, the box): only their sizes, to everyone, always."""
    if value and isinstance(value[0], tuple):
        return [len(v) for v in value]
    return len(value)


def see_discard(cfg: Config, s: FruitState, value: tuple[str, ...], seat: int | None) -> Any:
    return {"top": value[-1] if value else None, "count": len(value)}


def see_drawn(cfg: Config, s: FruitState, value: tuple[str, ...], seat: int | None) -> Any:
    """The drawer sees its card(s), a spectator only how many (FRP-3.6: the one-player
    pair too); a card taken from the discard pile was public already, and under FRP-A11
    shown so is a card drawn from the deck."""
    if s.from_discard or cfg.extra.drawn_shown or (seat is not None and seat == s.turn):
        return list(value)
    return len(value)


def see_stacks(cfg: Config, s: FruitState, value: Any, seat: int | None) -> Any:
    """Until the end everyone, the owner too, sees each stack's top and size (FRP-4.3);
    under FRP-A10 owner-looks the owner also sees the cards of its own stacks."""
    if s.phase == "over":
        return [[list(st) for st in mine] for mine in value]
    shown = tops_of(value)
    if cfg.extra.owner_looks and seat is not None:
        shown[seat] = [{**top, "cards": list(st)} for top, st in zip(shown[seat], value[seat])]
    return shown


def conservation_problem(cfg: Config, s: FruitState) -> str | None:
    """Every card is in exactly one place: decks, discard pile, hand, stacks or box."""
    everywhere = sorted(chain(s.discard, s.drawn, s.box, *s.decks,
                              *chain.from_iterable(s.stacks)))
    if everywhere == sorted(cfg.extra.cards):
        return None
    seen, want = Counter(everywhere), cfg.extra.counts
    extra = sorted((seen - want).elements())
    lost = sorted((want - seen).elements())
    return f"cards not conserved: extra {extra[:5]}, missing {lost[:5]}"
