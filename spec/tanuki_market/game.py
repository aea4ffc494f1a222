"""Tanuki Market as a spec: set-up, the real-time deal, laying out, variants, scoring.

The moves follow the rulebook's round order, each in its own section that reads top to
bottom: the candidates it offers (domain), the guards that make it legal (each naming
its clause), its effect and the events it tells, then the :class:`Move` itself. What the
rules do by themselves between two actions (drawing for the leader, a card going back
on the deck, the end of the deal, of laying out, of the round) comes before the moves
that lead to it.

>>> import engine
>>> game = engine.load("tanuki-market", players=3)
>>> s = game.new(seed=1, setup={"leader": 0})
>>> [str(a) for a in game.legal_actions(s)]
['p0: taco 1', 'p0: taco 2', 'p0: taco 3']
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple

from spec.common.core import (IMPERFECT, SAMPLED, SIMULTANEOUS, Action, Config, Event,
                              GameKind, GameSpec, Move, ev)
from spec.common.errors import SetupError
from spec.common.moves import guard, no_args, pattern
from spec.common.rng import Stream, below, mix, shuffled
from spec.common.rules import Variant
from spec.common.tuples import put, without

from . import agent, reduction, scoring
from .cards import (CARD_DOTS, EFFECT_OF, FRUIT_CARDS, FRUIT_OF, FRUITS, GRANNY, TACO,
                    card_name, standard_cards)
from .invariants import INVARIANTS, round_need  # noqa: F401 (round_need: the proofs read it here)
from .rules import CATALOGUE
from .state import (AUTOMATON, CAPACITY, CART_KINDS, ON_TABLE, VISIBILITY, TanukiState,
                    cards_counted, seat_of_cart)

SOLO, SPECIAL_CARTS = "solo", "special-carts"
SPECIAL_POOL = ("large", "small", "secret", "move", "salad")
GRANNY_DEPTH = 15  # cards under Granny (TAN-1.8)

Effect = tuple[TanukiState, list[Event]]


# --- the readings in force ------------------------------------------------------------------
class Extra(NamedTuple):
    """The variant and the readings of the options the rules ask about (``cfg.extra``)."""

    solo: bool
    special: bool
    full_keep: bool  # TAN-A1 keep-full
    stop_after_cart: bool  # TAN-A2 stop
    swap: bool  # TAN-A3
    favorite: str  # TAN-A4
    replace: str  # TAN-A5
    edge: str  # TAN-A6
    granny_fourth: bool  # TAN-A7
    deck_out: str  # TAN-A8
    effects: bool  # TAN-A9
    four_max: bool  # TAN-A10
    salad_haul: bool  # TAN-A11
    day: str  # TAN-A12
    prefer: str  # TAN-A13
    check_first: bool  # TAN-A14
    player_first: bool  # TAN-A15
    two_player_deck: bool  # TAN-A16 (solo) or 2 players
    shift_any: bool  # TAN-A17
    needs_card: bool  # TAN-A18 empty-cart=needs-card (not in the solo game)
    drawn_bottom: bool  # TAN-A19 drawn-card=bottom
    leader_takes: bool  # TAN-A20 leader-take=any
    fruit_capacity: bool  # TAN-A21 special-capacity=fruit
    solo_tie_bonus: bool  # TAN-A22 solo-tie=bonus
    stop_first: bool  # TAN-A23 solo-stop=before-draw


def _o(cfg: Config, name: str) -> str:
    """An option's reading: the configuration's, or the catalogue's default for an option
    of another variant (which this configuration does not list)."""
    chosen: str | None = cfg.options.get(name)
    return chosen if chosen is not None else CATALOGUE.option(name).default


def derive(cfg: Config) -> Extra:
    solo = cfg.variant == SOLO
    return Extra(
        solo=solo, special=cfg.variant == SPECIAL_CARTS,
        full_keep=_o(cfg, "full-cart-keep") == "keep-full",
        stop_after_cart=_o(cfg, "leader-after-cart") == "stop",
        swap=_o(cfg, "swap") == "yes",
        favorite=_o(cfg, "favorite-count"),
        replace=_o(cfg, "replacement-stack"),
        edge=_o(cfg, "edge-move"),
        granny_fourth=_o(cfg, "granny-full") == "fourth",
        deck_out=_o(cfg, "deck-out"),
        effects=_o(cfg, "effects") == "on",
        four_max=_o(cfg, "large-keep") == "four-max",
        salad_haul=_o(cfg, "salad-move") == "haul",
        day=_o(cfg, "day"),
        prefer=_o(cfg, "prefer-compare"),
        check_first=_o(cfg, "threshold-check") == "check-first",
        player_first=_o(cfg, "never-reached") == "player-first",
        two_player_deck=(cfg.players == 2 if not solo else
                         _o(cfg, "solo-deck") == "two-player"),
        shift_any=_o(cfg, "shift-timing") == "any",
        needs_card=not solo and _o(cfg, "empty-cart") == "needs-card",
        drawn_bottom=_o(cfg, "drawn-card") == "bottom",
        leader_takes=not solo and _o(cfg, "leader-take") == "any",
        fruit_capacity=(cfg.variant == SPECIAL_CARTS
                        and _o(cfg, "special-capacity") == "fruit"),
        solo_tie_bonus=_o(cfg, "solo-tie") == "bonus",
        stop_first=solo and _o(cfg, "solo-stop") == "before-draw",
    )


def threshold(cfg: Config) -> int:
    """TAN-8.5, TAN-8.12: the dots on the carts at which the automaton takes a cart."""
    return scoring.DAYS[cfg.extra.day].threshold


# --- reading the table ----------------------------------------------------------------------
def _cart(a: Action) -> int:
    """The cart an action names: ``take 2`` names cart 2, ``carts[1]`` in the state."""
    return int(a.args[0]) - 1


def _cart_number(i: int) -> tuple[str]:
    """The argument that names the 0-based cart ``i``."""
    return (str(i + 1),)


def _room(cfg: Config, s: TanukiState, i: int) -> int:
    return CAPACITY[s.kinds[i]] - cards_counted(cfg, s.carts[i])


def cart_capacity(cfg: Config, s: TanukiState, i: int) -> int:
    """TAN-2.7 as the guards apply it, in the cards the view lists on cart ``i``: a card may
    go on it while it holds fewer. Taco and Granny riding on top (TAN-A21 fruit) and a
    Granny the leader holds that needs no room (TAN-A7 fourth, TAN-A21 fruit) add to it."""
    riders = len(s.carts[i]) - cards_counted(cfg, s.carts[i])
    return CAPACITY[s.kinds[i]] + riders + _granny_rides(cfg, s)


def _on_table(s: TanukiState) -> list[int]:
    """The carts nobody has taken yet."""
    return [i for i, who in enumerate(s.taken) if who == ON_TABLE]


def _open_carts(cfg: Config, s: TanukiState) -> list[int]:
    """Carts on the table that can still take a card (none once the deck ran dry)."""
    if s.dry:
        return []
    return [i for i in _on_table(s) if _room(cfg, s, i) > 0]


def _cart_text(s: TanukiState, i: int) -> str:
    """What everyone sees on cart ``i``: on the secret cart, Taco and Granny and a count."""
    if s.kinds[i] == "secret":
        shown = [c for c in s.carts[i] if c in (TACO, GRANNY)]
        hidden = len(s.carts[i]) - len(shown)
        parts = shown + ([f"{hidden} face down"] if hidden else [])
    else:
        parts = list(s.carts[i])
    return ", ".join(parts) if parts else "empty"


def _fruit_table(tables: tuple[tuple[str, ...], ...], fruit: str) -> int:
    """The 0-based table that holds ``fruit``, or -1 (TAN-3.2: at most one does)."""
    for i, cards in enumerate(tables):
        if cards and FRUIT_OF[cards[0]] == fruit:
            return i
    return -1


def _haul_left(s: TanukiState, seat: int) -> bool:
    """The seat still has cards to lay, face up or face down."""
    return bool(s.haul[seat] or s.haul_hidden[seat])


def _seats(cfg: Config, s: TanukiState) -> Iterable[int]:
    """Every seat: who may act is decided by the guards, so that a refusal always says
    why (the engine asks the actors before the guards). The domains offer a seat only
    the candidates it may name; a guard that every candidate of its move's domain meets,
    and that every game reaches, is marked implied (listing legal actions skips it)."""
    return range(cfg.players)


# --- guards several moves share ---------------------------------------------------------------
def _cart_exists(cfg: Config, s: TanukiState, a: Action) -> bool:
    return a.args[0] in [str(i + 1) for i in range(len(s.kinds))]


G_CART = guard("TAN-1.6", _cart_exists, lambda cfg, s, a: f"there is no cart {a.args[0]}"
               f" (carts 1-{len(s.kinds)})", implied=True)
G_ON_TABLE = guard("TAN-2.6", lambda cfg, s, a: s.taken[_cart(a)] == ON_TABLE,
                   "cart {arg} is no longer on the table", implied=True)
G_NOT_PENDING = guard("TAN-3.5", lambda cfg, s, a: not s.pending[a.player],
                      lambda cfg, s, a: f"seat {a.player} must first move table"
                      f" {s.pending[a.player]} (move left / move right)")


def _table_carts(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """Every cart still on the table, by number."""
    return [_cart_number(i) for i in _on_table(s)]


# === 1. the deal (TAN-2) =======================================================================
# --- what the rules do by themselves during the deal -----------------------------------------
def _what_is_held(s: TanukiState) -> str:
    """How an event names the leader's drawn card: Granny is shown to all, a fruit is not."""
    return "Granny" if s.hand == (GRANNY,) else "the drawn card"


def _return_hand(s: TanukiState, evs: list[Event], rule: str) -> TanukiState:
    """The drawn card goes back on top of the deck (TAN-2.10, TAN-8.8 after-draw)."""
    if not s.hand:
        return s
    evs.append(ev(rule, "seat {seat} puts {what} back on top of the deck", seat=s.leader,
                  what=_what_is_held(s)))
    return s._replace(deck=s.hand + s.deck, hand=())


def _undealt_card(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-2.17: the last seat took a cart while the leader held a card (TAN-A19)."""
    if not s.hand:
        return s
    if cfg.extra.drawn_bottom:
        evs.append(ev("TAN-2.17", "every seat has a cart: seat {seat} puts {what} under the"
                      " deck (drawn-card=bottom)", seat=s.leader, what=_what_is_held(s)))
        return s._replace(deck=s.deck + s.hand, hand=())
    evs.append(ev("TAN-2.17", "every seat has a cart: seat {seat} puts {what} back on top"
                  " of the deck (drawn-card=top)", seat=s.leader, what=_what_is_held(s)))
    return s._replace(deck=s.hand + s.deck, hand=())


def _granny_rides(cfg: Config, s: TanukiState) -> bool:
    """The leader holds Granny and Granny needs no room on a cart: TAN-A7 fourth, or
    TAN-A21 fruit (Granny is not counted)."""
    return s.hand == (GRANNY,) and (cfg.extra.granny_fourth or cfg.extra.fruit_capacity)


def _draw(s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-2.2: the leader draws the top card; TAN-5.1: Granny makes the round the last."""
    card = s.deck[0]
    s = s._replace(deck=s.deck[1:], hand=(card,))
    if card == GRANNY:
        evs.append(ev("TAN-5.1", "seat {seat} draws Granny: this round is the last",
                      seat=s.leader))
        return s._replace(last=True)
    evs.append(ev("TAN-2.2", "seat {seat} draws a card ({left} left in the deck)",
                  seat=s.leader, left=len(s.deck)))
    return s


def _deck_out(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-2.15 (TAN-A8): the leader must draw from an empty deck."""
    if cfg.extra.deck_out == "lay-out":
        evs.append(ev("TAN-2.15", "the deck is empty: the round ends at once and is the last"))
        return _start_lay(cfg, s._replace(last=True, dry=True), evs)
    evs.append(ev("TAN-2.15", "the deck is empty: the deal stops, seats without a cart take"
                  " one as it is; this round is the last"))
    return s._replace(last=True, dry=True)


def _next_card(cfg: Config, s: TanukiState, evs: list[Event]) -> tuple[TanukiState, bool]:
    """Draw for the leader, or deal with an empty deck; True when nothing more happens."""
    if s.deck:
        return _draw(s, evs), True
    s = _deck_out(cfg, s, evs)
    return s, s.phase != "deal"


def _everyone_has_a_cart(cfg: Config, s: TanukiState) -> bool:
    return all(seat in s.taken for seat in range(cfg.players))


def _end_deal(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-2.11: every seat has its cart; a drawn card still in hand is dealt with first
    (Granny as a 4th card, TAN-A7; else TAN-2.17)."""
    if s.hand == (GRANNY,) and cfg.extra.granny_fourth:
        evs.append(ev("TAN-5.2", "Granny joins seat {seat}'s haul", seat=s.leader))
        s = s._replace(kept=s.kept + s.hand, hand=())
    s = _undealt_card(cfg, s, evs)
    return _start_lay(cfg, s, evs)


def _leader_may_still_deal(cfg: Config, s: TanukiState) -> bool:
    """With only full carts left, may the leader's drawn card still go somewhere? Granny
    riding on top (TAN-A7 fourth, TAN-A21 fruit), or a leader without a cart keeping it
    with a full one (TAN-A1 keep-full)."""
    if not _on_table(s):
        return False
    return _granny_rides(cfg, s) or (s.leader not in s.taken and cfg.extra.full_keep)


def _settle(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """Everything the rules do by themselves after an action of the deal (TAN-2.2,
    TAN-2.10, TAN-2.11): give the leader a card, take one back, end the deal."""
    if cfg.extra.solo:
        return _settle_solo(cfg, s, evs)
    while True:
        if _everyone_has_a_cart(cfg, s):
            return _end_deal(cfg, s, evs)
        if s.hand:
            if _open_carts(cfg, s) or _leader_may_still_deal(cfg, s):
                return s
            s = _return_hand(s, evs, "TAN-2.10")  # only full carts left
            continue
        # TAN-2.5: the leader draws while a cart can take a card (TAN-A2: unless it has
        # its own cart and stops)
        if not _open_carts(cfg, s) or (s.leader in s.taken and cfg.extra.stop_after_cart):
            return s
        s, done = _next_card(cfg, s, evs)
        if done:
            return s


# --- taco N: the leader puts Taco the Thief on a cart (TAN-2.1) ---------------------------------
def _taco_carts(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """Every cart, for the leader (G_TACO_LEADER)."""
    return [_cart_number(i) for i in range(len(s.kinds))] if seat == s.leader else []


G_TACO_LEADER = guard("TAN-2.1", lambda cfg, s, a: a.player == s.leader,
                      lambda cfg, s, a: f"seat {a.player} is not the leader: seat {s.leader}"
                      " holds Taco the Thief and puts it on a cart", implied=True)
G_TACO_ROOM = guard("TAN-2.1", lambda cfg, s, a: _room(cfg, s, _cart(a)) > 0,
                    "that cart has no room for Taco")


def _taco(cfg: Config, s: TanukiState, a: Action) -> Effect:
    i = _cart(a)
    s = s._replace(phase="deal", carts=put(s.carts, i, s.carts[i] + (TACO,)), taco=-1)
    evs = [ev("TAN-2.1", "seat {seat} leads round {round} and puts Taco the Thief on"
              " cart {cart}", seat=a.player, round=s.round, cart=i + 1)]
    return _settle(cfg, s, evs), evs


TACO_MOVE = Move(
    name="taco", rule="TAN-2.1", phases=frozenset({"taco"}), actors=_seats,
    domain=_taco_carts, guards=(G_TACO_LEADER, G_CART, G_TACO_ROOM), effect=_taco,
    parse=pattern(r"[1-9]", what="a cart number such as 2"),
    doc="The leader puts Taco the Thief on a cart; the deal begins.", to=("deal", "lay"),
    notation="taco N")


# --- keep N / place N: the leader deals its drawn card (TAN-2.3, TAN-2.4) ------------------------
def _leader_carts(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """The carts on the table, for the leader holding a drawn card (G_LEADER, G_HOLDS)."""
    return _table_carts(cfg, s, seat) if seat == s.leader and s.hand else []


G_LEADER = guard("TAN-2.1", lambda cfg, s, a: a.player == s.leader,
                 lambda cfg, s, a: f"seat {a.player} is not the leader: seat {s.leader}"
                 " leads this round and deals the cards", implied=True)
G_HOLDS = guard("TAN-2.3", lambda cfg, s, a: bool(s.hand),
                "seat {seat} holds no drawn card", implied=True)


# keep N (TAN-2.3): the leader keeps the card and takes a cart; with a full cart it gets
# 4 cards and shows the kept one (TAN-2.8)
def _full_keep_ok(cfg: Config, s: TanukiState, a: Action) -> bool:
    """TAN-2.10 against TAN-2.8 (TAN-A1): a full cart is kept with the card only while
    another cart can take a card, unless keep-full or Granny rides on top."""
    i = _cart(a)
    if _room(cfg, s, i) > 0 or cfg.extra.full_keep or _granny_rides(cfg, s):
        return True
    return any(j != i for j in _open_carts(cfg, s))


def _leaders_large_limit(cfg: Config, s: TanukiState, a: Action) -> bool:
    """TAN-A10 four-max: the full large cart would give the leader a 5th card."""
    i = _cart(a)
    return not (cfg.extra.four_max and s.kinds[i] == "large" and _room(cfg, s, i) <= 0)


G_NO_CART_KEEP = guard("TAN-2.12", lambda cfg, s, a: a.player not in s.taken,
                       "seat {seat} already has a cart this round")
G_FULL_KEEP = guard("TAN-2.10", _full_keep_ok,
                    "cart {arg} is full and no other cart can take a card: the drawn card"
                    " goes back on the deck")
G_LARGE = guard("TAN-7.2", _leaders_large_limit,
                "the leader may not get more than 4 cards (large-keep=four-max)")


def _keep(cfg: Config, s: TanukiState, a: Action) -> Effect:
    i = _cart(a)
    card = s.hand[0]
    full = _room(cfg, s, i) <= 0
    s = s._replace(hand=(), kept=s.kept + (card,), shown=s.shown or full,
                   taken=put(s.taken, i, a.player))
    if full or card == GRANNY:
        evs = [ev("TAN-2.8" if full else "TAN-5.2",
                  "seat {seat} keeps {card} and takes cart {cart} ({cards})" +
                  (": {n} cards, the kept one shown" if full else ""),
                  seat=a.player, card=card, cart=i + 1, cards=_cart_text(s, i),
                  n=len(s.carts[i]) + 1)]
    else:
        evs = [ev("TAN-2.3", "seat {seat} keeps the drawn card and takes cart {cart}"
                  " ({cards})", seat=a.player, cart=i + 1, cards=_cart_text(s, i))]
    return _settle(cfg, s, evs), evs


KEEP_MOVE = Move(
    name="keep", rule="TAN-2.3", phases=frozenset({"deal"}), actors=_seats,
    domain=_leader_carts,
    guards=(G_LEADER, G_CART, G_HOLDS, G_NO_CART_KEEP, G_ON_TABLE, G_FULL_KEEP, G_LARGE),
    effect=_keep, parse=pattern(r"[1-9]", what="a cart number such as 2"),
    doc="The leader keeps the drawn card and takes a cart.",
    to=("deal", "lay", "give", "taco", "over"), notation="keep N")


# place N (TAN-2.4): the card goes face up on a cart with room (face down on the secret
# cart, TAN-7.3); solo placements alternate (TAN-8.4) and may call the automaton (TAN-8.5)
def _room_ok(cfg: Config, s: TanukiState, a: Action) -> bool:
    room = _room(cfg, s, _cart(a))
    return room > 0 or (room == 0 and _granny_rides(cfg, s))


def _alternates(cfg: Config, s: TanukiState, a: Action) -> bool:
    """TAN-8.4: while both carts are on the table, not the cart of the last placement,
    unless the other cart is full."""
    if not cfg.extra.solo or s.last_placed < 0 or any(t != ON_TABLE for t in s.taken):
        return True
    i = _cart(a)
    return i != s.last_placed or _room(cfg, s, 1 - i) <= 0


G_ROOM = guard("TAN-2.7", _room_ok,
               lambda cfg, s, a: f"cart {a.args[0]} is full ({len(s.carts[_cart(a)])} cards)")
G_ALTERNATE = guard("TAN-8.4", _alternates,
                    "placements alternate: this card goes on the other cart")


def _place(cfg: Config, s: TanukiState, a: Action) -> Effect:
    i = _cart(a)
    card = s.hand[0]
    s = s._replace(hand=(), carts=put(s.carts, i, s.carts[i] + (card,)),
                   last_placed=i if cfg.extra.solo else -1)
    if s.kinds[i] == "secret" and card != GRANNY:
        evs = [ev("TAN-7.3", "seat {seat} places a card face down on cart {cart}",
                  seat=a.player, cart=i + 1)]
    else:
        evs = [ev("TAN-5.2" if card == GRANNY else "TAN-2.4",
                  "seat {seat} places {card} on cart {cart} (now {cards})", seat=a.player,
                  card=card, cart=i + 1, cards=_cart_text(s, i))]
    if cfg.extra.solo:
        s = _automaton_check(cfg, s, evs)
    return _settle(cfg, s, evs), evs


PLACE_MOVE = Move(
    name="place", rule="TAN-2.4", phases=frozenset({"deal"}), actors=_seats,
    domain=_leader_carts,
    guards=(G_LEADER, G_CART, G_HOLDS, G_ON_TABLE, G_ROOM, G_ALTERNATE), effect=_place,
    parse=pattern(r"[1-9]", what="a cart number such as 2"),
    doc="The leader places the drawn card on a cart.",
    to=("deal", "lay", "give", "taco", "over"), notation="place N")


# --- take N: a seat grabs a cart with what lies on it, in real time (TAN-2.6) ---------------------
def _may_take_a_cart(cfg: Config, s: TanukiState, seat: int) -> bool:
    """TAN-2.12: one cart per seat (TAN-A3 swap: a seat may put its cart back for
    another)."""
    return seat not in s.taken or (cfg.extra.swap and not cfg.extra.solo)


def _hand_is_free(cfg: Config, s: TanukiState, seat: int) -> bool:
    """TAN-2.13 (TAN-A20) and TAN-8.8 (TAN-A23): may a seat take a cart now, as far as a
    drawn card in its hand goes?"""
    if not (seat == s.leader and s.hand):
        return True
    if cfg.extra.solo:
        return AUTOMATON in s.taken and not cfg.extra.stop_first
    return cfg.extra.leader_takes


def _taker_carts(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """The carts on the table, for a seat that may take one (G_NO_CART_TAKE,
    G_TAKE_HAND)."""
    if _may_take_a_cart(cfg, s, seat) and _hand_is_free(cfg, s, seat):
        return _table_carts(cfg, s, seat)
    return []


def _why_hand(cfg: Config, s: TanukiState, a: Action) -> str:
    if cfg.extra.solo:
        return (f"seat {a.player} holds a drawn card: keep it with a cart or place it (it"
                " decided to go on filling its cart, solo-stop=before-draw)")
    return (f"seat {a.player} holds a drawn card: keep it with a cart or place it"
            " (leader-take=keep-only)")


def _cart_has_a_card(cfg: Config, s: TanukiState, a: Action) -> bool:
    """TAN-2.16 (TAN-A18 needs-card): while the leader holds a drawn card the deal goes
    on, and only a cart with a card on it may be taken; once the deal stopped, any."""
    return not cfg.extra.needs_card or bool(s.carts[_cart(a)]) or not s.hand


def _solo_take_ok(cfg: Config, s: TanukiState, a: Action) -> bool:
    """TAN-8.3: the solo player takes a cart by keeping a card, unless the automaton has
    its cart (TAN-8.8) or both carts are full (TAN-8.10)."""
    if not cfg.extra.solo:
        return True
    return AUTOMATON in s.taken or not _open_carts(cfg, s)


G_NO_CART_TAKE = guard("TAN-2.12", lambda cfg, s, a: _may_take_a_cart(cfg, s, a.player),
                       "seat {seat} already has a cart this round")
G_TAKE_HAND = guard("TAN-2.13", lambda cfg, s, a: _hand_is_free(cfg, s, a.player),
                    _why_hand)
G_EMPTY_CART = guard("TAN-2.16", _cart_has_a_card,
                     "cart {arg} has no card on it: while the deal goes on, a cart is taken"
                     " only once a card lies on it (empty-cart=needs-card)")
G_SOLO_TAKE = guard("TAN-8.3", _solo_take_ok,
                    "the player takes a cart by keeping a drawn card, unless both carts are"
                    " full or the automaton has its cart")


def _take_rule(cfg: Config, s: TanukiState) -> str:
    """The clause that lets a seat take a cart: real time (TAN-2.6); solo, after the
    automaton (TAN-8.8) or with both carts full (TAN-8.10)."""
    if not cfg.extra.solo:
        return "TAN-2.6"
    return "TAN-8.8" if AUTOMATON in s.taken else "TAN-8.10"


def _take(cfg: Config, s: TanukiState, a: Action) -> Effect:
    i = _cart(a)
    evs: list[Event] = []
    taken = s.taken
    old = seat_of_cart(s, a.player)
    if old >= 0:  # TAN-A3 swap
        taken = put(taken, old, ON_TABLE)
        evs.append(ev("TAN-2.12", "seat {seat} puts cart {old} back", seat=a.player,
                      old=old + 1))
    if s.hand and cfg.extra.solo:
        s = _return_hand(s, evs, "TAN-8.8")
    s = s._replace(taken=put(taken, i, a.player))
    evs.append(ev(_take_rule(cfg, s), "seat {seat} takes cart {cart} ({cards})",
                  seat=a.player, cart=i + 1, cards=_cart_text(s, i)))
    return _settle(cfg, s, evs), evs


TAKE_MOVE = Move(
    name="take", rule="TAN-2.6", phases=frozenset({"deal"}), actors=_seats,
    domain=_taker_carts,
    guards=(G_CART, G_NO_CART_TAKE, G_TAKE_HAND, G_ON_TABLE, G_EMPTY_CART, G_SOLO_TAKE),
    effect=_take, parse=pattern(r"[1-9]", what="a cart number such as 2"),
    doc="A seat without a cart takes one, with what lies on it (real time).",
    to=("deal", "lay", "give", "taco", "over"), notation="take N")


# === 2. the solo game's deal (TAN-8) ===========================================================
# --- the automaton takes a cart (TAN-8.5..8.10) ------------------------------------------------
#: the automaton's preferences, first that tells the carts apart (TAN-8.6)
GROUPS = (("W", "P"), ("B", "F"), ("S",))


def _prefers(cfg: Config, mine: list[int], theirs: list[int]) -> bool:
    """TAN-A13: does a cart with ``mine`` cards of a group's fruits beat one with
    ``theirs``? sum: more of the group together; each: at least as many of every fruit."""
    if cfg.extra.prefer == "sum":
        return sum(mine) > sum(theirs)
    return mine != theirs and all(x >= y for x, y in zip(mine, theirs))


def automaton_choice(cfg: Config, carts: tuple[tuple[str, ...], ...]) -> int | None:
    """TAN-8.6: the cart (0/1) the automaton prefers, or None when the player chooses."""
    first = [FRUIT_OF.get(c) for c in carts[0]]
    second = [FRUIT_OF.get(c) for c in carts[1]]
    for group in GROUPS:
        on_first = [first.count(f) for f in group]
        on_second = [second.count(f) for f in group]
        if _prefers(cfg, on_first, on_second):
            return 0
        if _prefers(cfg, on_second, on_first):
            return 1
    return None


def dots_on_carts(s: TanukiState) -> int:
    """TAN-8.5: the dots of every card on the carts still on the table."""
    return sum(CARD_DOTS[c] for i in _on_table(s) for c in s.carts[i])


def _automaton_takes(s: TanukiState, i: int, evs: list[Event], rule: str,
                     why: str) -> TanukiState:
    evs.append(ev(rule, "the automaton takes cart {cart} ({cards}): {why}", cart=i + 1,
                  cards=_cart_text(s, i), why=why))
    return s._replace(taken=put(s.taken, i, AUTOMATON))


def _automaton_chooses(cfg: Config, s: TanukiState, evs: list[Event],
                       why: str) -> TanukiState:
    """TAN-8.6, or TAN-8.7 when it likes both alike: the player gives it one."""
    pick = automaton_choice(cfg, s.carts)
    if pick is None:
        evs.append(ev("TAN-8.7", "the automaton likes both carts alike: the player chooses"
                      " its cart (give N)"))
        return s._replace(phase="give")
    return _automaton_takes(s, pick, evs, "TAN-8.6", why)


def _automaton_check(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-8.5: after a placement while both carts are on the table."""
    if any(t != ON_TABLE for t in s.taken):
        return s
    dots = dots_on_carts(s)
    if dots < threshold(cfg):
        return s
    if not cfg.extra.check_first and not _open_carts(cfg, s):
        return s  # TAN-A14 full-first: the both-full rule applies first
    return _automaton_chooses(cfg, s, evs,
                              f"{dots} dots reach {cfg.extra.day}'s {threshold(cfg)}")


def _settle_solo(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """What the solo deal does by itself: the automaton takes the cart left (TAN-8.9) or
    chooses when both are full (TAN-8.10, TAN-A15); the player draws on (TAN-2.2) unless
    it decides first (TAN-A23); with both carts taken, laying out starts."""
    while True:
        mine, its = 0 in s.taken, AUTOMATON in s.taken
        if mine and its:
            return _start_lay(cfg, _return_hand(s, evs, "TAN-2.11"), evs)
        if s.phase != "deal" or s.hand:
            return s
        if not _open_carts(cfg, s):
            if mine:
                s = _automaton_takes(s, _on_table(s)[0], evs, "TAN-8.9",
                                     "the player has its cart")
                continue
            if not its and not cfg.extra.player_first:
                s = _automaton_chooses(cfg, s, evs, "both carts are full")
                continue
            return s  # the player takes a cart (TAN-8.10 / TAN-8.8)
        if its and cfg.extra.stop_first:
            return s  # TAN-A23: the player stops (take N) or draws on (draw)
        s, done = _next_card(cfg, s, evs)
        if done:
            return s


# --- draw: the solo player goes on filling its cart (TAN-8.8, TAN-A23 before-draw) ----------------
def _draw_ok(cfg: Config, s: TanukiState, a: Action) -> bool:
    return (cfg.extra.stop_first and AUTOMATON in s.taken and not s.hand
            and 0 not in s.taken and bool(_open_carts(cfg, s)))


def _why_no_draw(cfg: Config, s: TanukiState, a: Action) -> str:
    if not cfg.extra.solo:
        return "only the solo player draws by choice; the leader draws by itself"
    if not cfg.extra.stop_first:
        return "the next card is drawn by itself (solo-stop=after-draw)"
    if s.hand:
        return "seat 0 already holds a drawn card: keep it or place it"
    if AUTOMATON not in s.taken:
        return "the player draws by choice only once the automaton has its cart"
    return "the player's cart is taken or full: take it"


G_DRAW = guard("TAN-8.8", _draw_ok, _why_no_draw)


def _draw_on(cfg: Config, s: TanukiState, a: Action) -> Effect:
    evs: list[Event] = []
    s, _ = _next_card(cfg, s, evs)
    return _settle(cfg, s, evs), evs


DRAW_MOVE = Move(
    name="draw", rule="TAN-8.8", phases=frozenset({"deal"}), actors=_seats,
    domain=lambda cfg, s, seat: [()] if cfg.extra.stop_first else [], guards=(G_DRAW,),
    effect=_draw_on, parse=no_args,
    doc="Solo: the player goes on filling its cart after the automaton took its own"
    " (solo-stop=before-draw); take N stops instead.",
    to=("deal", "lay", "give", "taco", "over"), notation="draw")


# --- give N: the player chooses the automaton's cart (TAN-8.7) -----------------------------------
def _give(cfg: Config, s: TanukiState, a: Action) -> Effect:
    evs: list[Event] = []
    s = _automaton_takes(s._replace(phase="deal"), _cart(a), evs, "TAN-8.7",
                         f"seat {a.player} gives it")
    return _settle(cfg, s, evs), evs


GIVE_MOVE = Move(
    name="give", rule="TAN-8.7", phases=frozenset({"give"}), actors=lambda cfg, s: (0,),
    domain=_table_carts, guards=(G_CART, G_ON_TABLE), effect=_give,
    parse=pattern(r"[1-9]", what="a cart number such as 2"),
    doc="Solo: the player chooses the automaton's cart when it likes both alike.",
    to=("deal", "lay", "give", "taco", "over"), notation="give N")


# === 3. laying out (TAN-3), the end of the round (TAN-4) and of the game (TAN-5) ================
# --- what the rules do by themselves ------------------------------------------------------------
def _start_lay(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-3.1: every seat gets what it kept and what lay on its cart, face up or face
    down (the secret cart, a kept card not shown); Taco and Granny go to whoever took
    them; the automaton piles its cart (TAN-8.11); a special cart waits to be used."""
    haul: list[tuple[str, ...]] = [()] * cfg.players
    hidden: list[tuple[str, ...]] = [()] * cfg.players
    special = [""] * cfg.players
    taco, granny, auto, out = s.taco, s.granny, s.auto, s.out
    if s.kept:
        kept = tuple(c for c in s.kept if c != GRANNY)
        if GRANNY in s.kept:
            granny = s.leader
        if s.shown:
            haul[s.leader] += kept
        else:
            hidden[s.leader] += kept
    for i, (cart, who) in enumerate(zip(s.carts, s.taken)):
        if who == ON_TABLE:  # deck-out=lay-out: nobody took it; Taco and Granny too
            out += cart
            continue
        fruit = tuple(c for c in cart if c not in (TACO, GRANNY))
        if TACO in cart:
            taco = who
        if GRANNY in cart:
            granny = who
        if who == AUTOMATON:
            auto += fruit + ((GRANNY,) if GRANNY in cart else ())
            continue
        if s.kinds[i] == "secret":
            hidden[who] += fruit
        else:
            haul[who] += fruit
        if s.kinds[i].startswith(("move-", "salad-")):
            special[who] = s.kinds[i]
    if s.out != out:
        evs.append(ev("TAN-2.15", "{n} card(s) left on the carts leave the game",
                      n=len(out) - len(s.out)))
    evs.append(ev("TAN-3.1", "every seat has its cart: laying out begins"))
    s = s._replace(phase="lay", hand=(), kept=(), shown=False, carts=((),) * len(s.carts),
                   haul=tuple(haul), haul_hidden=tuple(hidden), special=tuple(special),
                   taco=taco, granny=granny, auto=auto, out=out, last_placed=-1)
    return _settle_lay(cfg, s, evs)


def _special_possible(cfg: Config, s: TanukiState, seat: int) -> bool:
    """Can the seat's Move Fruit or Fruit Salad cart still act on anything?"""
    kind = s.special[seat]
    fruit = kind[-1]
    if kind.startswith("salad-") and cfg.extra.salad_haul:
        return any(FRUIT_OF[c] == fruit for c in s.haul[seat] + s.haul_hidden[seat])
    if _haul_left(s, seat):
        return True  # more of the fruit may still come
    return _fruit_table(s.tables[seat], fruit) >= 0


def _settle_lay(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """A special cart with nothing to act on lapses (TAN-7.4, TAN-7.5); when no seat has
    anything left to do, the round ends (TAN-4.1)."""
    special = s.special
    for seat, kind in enumerate(special):
        if kind and not _special_possible(cfg, s, seat):
            special = put(special, seat, "")
            evs.append(ev("TAN-7.4" if kind.startswith("move-") else "TAN-7.5",
                          "seat {seat}'s {kind} cart has nothing to act on", seat=seat,
                          kind=kind))
    s = s._replace(special=special)
    if any(s.haul) or any(s.haul_hidden) or any(s.pending) or any(s.special):
        return s
    return _end_round(cfg, s, evs)


def _end_round(cfg: Config, s: TanukiState, evs: list[Event]) -> TanukiState:
    """TAN-4.1: the carts go back and Taco's taker leads; after the last round, TAN-5.3:
    the game ends; solo, TAN-8.3: the player leads again."""
    s = s._replace(taken=(ON_TABLE,) * len(s.taken), dry=False)
    if s.last:
        evs.append(ev("TAN-5.3", "the last round is over: the game ends"))
        s = s._replace(phase="over")
        _final_events(cfg, s, evs)
        return s
    if cfg.extra.solo:
        evs.append(ev("TAN-8.3", "round {round} begins; the player leads again",
                      round=s.round + 1))
        return _settle_solo(cfg, s._replace(phase="deal", round=s.round + 1), evs)
    evs.append(ev("TAN-4.1", "the carts go back; seat {seat}, who took Taco, leads round"
                  " {round}", seat=s.taco, round=s.round + 1))
    return s._replace(phase="taco", round=s.round + 1, leader=s.taco)


def _final_events(cfg: Config, s: TanukiState, evs: list[Event]) -> None:
    """TAN-5.4..5.6, TAN-8.12: who scores what, and who wins."""
    for p in range(cfg.players):
        per_table = scoring.table_breakdown(seat_counts(s, p), **_modes(cfg))
        bonus = scoring.bonus_points(bonus_cards(s, p), len(s.salad[p]))
        evs.append(ev("TAN-5.4", "seat {seat} scores {total}: tables {tables}, bonus {bonus}",
                      seat=p, total=sum(per_table) + bonus, tables=per_table, bonus=bonus))
    if cfg.extra.solo:
        mine = seat_total(cfg, s, 0)
        its = automaton_score(cfg, s)
        evs.append(ev("TAN-8.12", "the automaton scores {its} on {day}", its=its,
                      day=cfg.extra.day))
        evs.append(ev("TAN-8.13", "{mine} against {its}: {verdict}", mine=mine, its=its,
                      verdict=VERDICTS[solo_result(cfg, s)]))
    else:
        evs.append(ev("TAN-5.6", "winner(s): seat(s) {seats}", 
                      seats=winning_seats(cfg, s)))


def _from_haul(s: TanukiState, seat: int, card: str) -> TanukiState:
    """Take one ``card`` out of a seat's haul, a face-up copy first (so that a face-down
    card never turns out to be the one that was seen)."""
    haul, hidden = s.haul[seat], s.haul_hidden[seat]
    if card in haul:
        return s._replace(haul=put(s.haul, seat, without(haul, card)))
    return s._replace(haul_hidden=put(s.haul_hidden, seat, without(hidden, card)))


def _swap_tables(tables: tuple, t: int, u: int) -> tuple:
    """Tables ``t`` and ``u`` change places (TAN-3.5: a move onto another fruit swaps)."""
    out = list(tables)
    out[t], out[u] = out[u], out[t]
    return tuple(out)


def _step_of(direction: str) -> int:
    return -1 if direction == "left" else 1


# --- lay CARD: a seat lays one card of its haul (TAN-3.1..3.4) -----------------------------------
def _lay_domain(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """Each card the seat still has to lay, once (G_HAS)."""
    return [(c,) for c in sorted(set(s.haul[seat] + s.haul_hidden[seat]))]


def _in_haul(cfg: Config, s: TanukiState, a: Action) -> bool:
    return a.args[0] in s.haul[a.player] or a.args[0] in s.haul_hidden[a.player]


def _why_not_in_haul(cfg: Config, s: TanukiState, a: Action) -> str:
    if not _haul_left(s, a.player):
        return f"seat {a.player} has no card left to lay"
    return f"seat {a.player} has no {a.args[0]} to lay"


G_HAS = guard("TAN-3.1", _in_haul, _why_not_in_haul, implied=True)


def _move_due(cfg: Config, seat: int, table: int) -> Event:
    """The event of a move effect waiting for its direction: only the ways that exist."""
    if table not in (1, 5):
        return ev("TAN-3.5", "seat {seat} must move table {table} left or right", seat=seat,
                  table=table)
    way = "right" if table == 1 else "left"
    if cfg.extra.edge == "optional":
        return ev("TAN-3.6", "seat {seat} may move table {table} {way} or leave it (skip)",
                  seat=seat, table=table, way=way)
    return ev("TAN-3.6", "seat {seat} must move table {table} {way}, the only way from the"
              " edge", seat=seat, table=table, way=way)


def _lay(cfg: Config, s: TanukiState, a: Action) -> Effect:
    seat, card = a.player, a.args[0]
    s = _from_haul(s, seat, card)
    tables = s.tables[seat]
    t = _fruit_table(tables, FRUIT_OF[card])
    if t >= 0:
        evs = [ev("TAN-3.4", "seat {seat} lays {card} on table {table}, with its fruit",
                  seat=seat, card=card, table=t + 1)]
    else:
        t = tables.index(())
        evs = [ev("TAN-3.3", "seat {seat} lays {card} on table {table}, the leftmost free"
                  " one", seat=seat, card=card, table=t + 1)]
    s = s._replace(tables=put(s.tables, seat, put(tables, t, tables[t] + (card,))))
    if EFFECT_OF[card] == "move":
        if t in (0, 4) and cfg.extra.edge == "void":
            evs.append(ev("TAN-3.6", "the move effect of {card} lapses on table {table}",
                          card=card, table=t + 1))
        else:
            s = s._replace(pending=put(s.pending, seat, t + 1))
            evs.append(_move_due(cfg, seat, t + 1))
    return _settle_lay(cfg, s, evs), evs


LAY_MOVE = Move(
    name="lay", rule="TAN-3.1", phases=frozenset({"lay"}), actors=_seats,
    domain=_lay_domain, guards=(G_HAS, G_NOT_PENDING), effect=_lay,
    parse=pattern(r"[SFBPW](/(move|replace|favorite|five|bitten))?",
                  what="a fruit card such as F/move"),
    doc="Lay one card of one's haul; its table follows from the rules.",
    to=("lay", "taco", "deal", "give", "over"), notation="lay CARD")


# --- move left|right: a move effect takes its table to a neighbour (TAN-3.5, TAN-3.6) -----------
def _move_domain(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """Both directions, for a seat with a move to make (G_PENDING)."""
    return [("left",), ("right",)] if s.pending[seat] else []


G_PENDING = guard("TAN-3.5", lambda cfg, s, a: bool(s.pending[a.player]),
                  "seat {seat} has no move effect to apply")
G_EDGE = guard("TAN-3.6",
               lambda cfg, s, a: 1 <= s.pending[a.player] + _step_of(a.args[0]) <= 5,
               lambda cfg, s, a: f"table {s.pending[a.player]} has no table to its {a.args[0]}")


def _move(cfg: Config, s: TanukiState, a: Action) -> Effect:
    seat = a.player
    t = s.pending[seat] - 1
    u = t + _step_of(a.args[0])
    tables = s.tables[seat]
    other = tables[u]
    s = s._replace(tables=put(s.tables, seat, _swap_tables(tables, t, u)),
                   pending=put(s.pending, seat, 0))
    evs = [ev("TAN-3.5", "seat {seat} moves table {a} to table {b}" +
              (" (swapping with {other})" if other else ""), seat=seat, a=t + 1, b=u + 1,
              other=card_name(other[0]) if other else "")]
    return _settle_lay(cfg, s, evs), evs


MOVE_MOVE = Move(
    name="move", rule="TAN-3.5", phases=frozenset({"lay"}), actors=_seats,
    domain=_move_domain, guards=(G_PENDING, G_EDGE), effect=_move,
    parse=pattern(r"left|right", what="left or right"),
    doc="Apply a move effect: the table goes left or right.",
    to=("lay", "taco", "deal", "give", "over"), notation="move left|right")


# --- shift X left|right: the Move Fruit cart (TAN-7.4) -------------------------------------------
def _shift_domain(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str, str]]:
    """The cart's fruit, both ways, for a seat with a Move Fruit cart (G_SHIFT_CART)."""
    kind = s.special[seat]
    return [(kind[-1], "left"), (kind[-1], "right")] if kind.startswith("move-") else []


def _shifted_table(s: TanukiState, a: Action) -> int:
    return _fruit_table(s.tables[a.player], a.args[0])


G_SHIFT_CART = guard("TAN-7.4", lambda cfg, s, a: s.special[a.player] == f"move-{a.args[0]}",
                     "seat {seat} has no open Move Fruit cart for {arg}")
G_SHIFT_WHEN = guard("TAN-7.4", lambda cfg, s, a: cfg.extra.shift_any or not _haul_left(
    s, a.player), "the shift comes after laying out")
G_SHIFT_FRUIT = guard("TAN-7.4", lambda cfg, s, a: _shifted_table(s, a) >= 0,
                      "seat {seat} has no {arg} on its tables")
G_SHIFT_EDGE = guard("TAN-3.6", lambda cfg, s, a: 0 <= _shifted_table(s, a) + _step_of(
    a.args[1]) <= 4, lambda cfg, s, a: f"no table to the {a.args[1]} of the {a.args[0]}")


def _shift(cfg: Config, s: TanukiState, a: Action) -> Effect:
    seat, fruit, direction = a.player, a.args[0], a.args[1]
    tables = s.tables[seat]
    t = _fruit_table(tables, fruit)
    u = t + _step_of(direction)
    s = s._replace(tables=put(s.tables, seat, _swap_tables(tables, t, u)),
                   special=put(s.special, seat, ""))
    evs = [ev("TAN-7.4", "seat {seat} uses its Move Fruit cart: table {a} ({fruit}) goes"
              " to table {b}", seat=seat, a=t + 1, b=u + 1, fruit=card_name(fruit))]
    return _settle_lay(cfg, s, evs), evs


SHIFT_MOVE = Move(
    name="shift", rule="TAN-7.4", phases=frozenset({"lay"}), actors=_seats,
    domain=_shift_domain,
    guards=(G_SHIFT_CART, G_NOT_PENDING, G_SHIFT_WHEN, G_SHIFT_FRUIT, G_SHIFT_EDGE),
    effect=_shift,
    parse=pattern(r"[SFBPW]", r"left|right", what="a fruit and a direction: shift F left"),
    doc="Move Fruit cart: move the named fruit's table left or right.",
    to=("lay", "taco", "deal", "give", "over"), notation="shift X left|right")


# --- salad CARD: the Fruit Salad cart (TAN-7.5, TAN-9.1) -----------------------------------------
def _salad_pool(cfg: Config, s: TanukiState, seat: int) -> tuple[str, ...]:
    """The cards a seat may put on its salad (TAN-7.5, TAN-A11), in the order they lie:
    the named fruit's table in laying order, or (salad-move=haul) the haul, face-up
    cards first."""
    kind = s.special[seat]
    if not kind.startswith("salad-"):
        return ()
    fruit = kind[-1]
    if cfg.extra.salad_haul:
        pool = s.haul[seat] + s.haul_hidden[seat]
    else:
        t = _fruit_table(s.tables[seat], fruit)
        pool = s.tables[seat][t] if t >= 0 else ()
    return tuple(c for c in pool if FRUIT_OF[c] == fruit)


def salad_card(cfg: Config, s: TanukiState, seat: int, arg: str) -> str | None:
    """The card ``salad ARG`` puts on the salad (TAN-9.1): a card named in full is that
    card; a bare fruit letter (``salad S``) is the plain card of that fruit when there is
    one, else the first card of that fruit in table order (haul order, face-up first,
    with salad-move=haul). None when the seat has no such card."""
    pool = _salad_pool(cfg, s, seat)
    if arg in pool:
        return arg
    if len(arg) == 1 and pool and FRUIT_OF[pool[0]] == arg:
        return pool[0]
    return None


def _salad_domain(cfg: Config, s: TanukiState, seat: int) -> list[tuple[str]]:
    """Each card of the pool by name, and the bare fruit letter (TAN-9.1: ``salad S``),
    for a seat with a Fruit Salad cart (G_SALAD_CART)."""
    pool = _salad_pool(cfg, s, seat)
    if not pool:
        return []
    return [(c,) for c in sorted(set(pool) | {FRUIT_OF[pool[0]]})]


def _salad_choices(cfg: Config, s: TanukiState, seat: int) -> list[str]:
    """What ``salad`` may name, as the refusal lists it: never a face-down card."""
    shown = s.haul[seat] if cfg.extra.salad_haul else _salad_pool(cfg, s, seat)
    out = []
    for (arg,) in _salad_domain(cfg, s, seat):
        card = salad_card(cfg, s, seat, arg)
        if card in shown:
            out.append(arg if card == arg else f"{arg} (= {card})")
    return out


def _why_no_salad_card(cfg: Config, s: TanukiState, a: Action) -> str:
    seat = a.player
    where = "in its haul" if cfg.extra.salad_haul else "on its tables"
    choices = _salad_choices(cfg, s, seat)
    if cfg.extra.salad_haul and s.haul_hidden[seat]:
        choices.append(f"a {card_name(s.special[seat][-1])} among its face-down cards,"
                       " if it has one")
    offer = ("; it may choose " + ", ".join(choices) if choices else "") + " (or skip)"
    return f"seat {seat} has no {a.args[0]} {where}{offer}"


def _why_no_salad_cart(cfg: Config, s: TanukiState, a: Action) -> str:
    kind = s.special[a.player]
    if kind.startswith("salad-"):
        return (f"seat {a.player}'s Fruit Salad cart names {card_name(kind[-1])} ({kind[-1]}),"
                f" not {a.args[0]}")
    return f"seat {a.player} has no Fruit Salad cart to use"


G_SALAD_CART = guard("TAN-7.5",
                     lambda cfg, s, a: s.special[a.player] == f"salad-{a.args[0][0]}",
                     _why_no_salad_cart)
G_SALAD_WHEN = guard("TAN-7.5", lambda cfg, s, a: cfg.extra.salad_haul or not _haul_left(
    s, a.player), "the fruit salad comes after laying out")
G_SALAD_CARD = guard("TAN-7.5",
                     lambda cfg, s, a: salad_card(cfg, s, a.player, a.args[0]) is not None,
                     _why_no_salad_card)


def _salad(cfg: Config, s: TanukiState, a: Action) -> Effect:
    seat = a.player
    card = salad_card(cfg, s, seat, a.args[0])
    assert card is not None  # G_SALAD_CARD found it
    if cfg.extra.salad_haul:
        public = card in s.haul[seat]
        s = _from_haul(s, seat, card)
        where = "from its haul, unlaid"
    else:
        public = True
        tables = s.tables[seat]
        t = _fruit_table(tables, FRUIT_OF[card])
        s = s._replace(tables=put(s.tables, seat, put(tables, t, without(tables[t], card))))
        where = f"from table {t + 1}"
    s = s._replace(salad=put(s.salad, seat, s.salad[seat] + (card,)),
                   special=put(s.special, seat, ""))
    evs = [ev("TAN-7.5", "seat {seat} puts {what} on its fruit salad ({where})",
              seat=seat, what=card if public else f"a {card_name(FRUIT_OF[card])} card",
              where=where)]
    return _settle_lay(cfg, s, evs), evs


SALAD_MOVE = Move(
    name="salad", rule="TAN-7.5", phases=frozenset({"lay"}), actors=_seats,
    domain=_salad_domain,
    guards=(G_SALAD_CART, G_NOT_PENDING, G_SALAD_WHEN, G_SALAD_CARD), effect=_salad,
    parse=pattern(r"[SFBPW](/(move|replace|favorite|five|bitten))?",
                  what="a fruit (S) or a fruit card (S/five)"),
    doc="Fruit Salad cart: put one card of the named fruit on the salad pile (a bare fruit"
    " letter: the plain card, else the first in table order).",
    to=("lay", "taco", "deal", "give", "over"), notation="salad CARD")


# --- skip: decline an optional effect (TAN-3.6 edge-move=optional, TAN-7.4, TAN-7.5) -----------
def _skip_domain(cfg: Config, s: TanukiState, seat: int) -> list[tuple[()]]:
    """For a seat with a move or a special cart pending; G_SKIP decides."""
    return [()] if s.pending[seat] or s.special[seat] else []


def _skip_ok(cfg: Config, s: TanukiState, a: Action) -> bool:
    """A pending move may be left only at the edge with edge-move=optional (TAN-A6); a
    special cart may be declined once it may be used (TAN-A11, TAN-A17)."""
    seat = a.player
    table = s.pending[seat]
    if table:
        return table in (1, 5) and cfg.extra.edge == "optional"
    kind = s.special[seat]
    if not kind:
        return False
    laid_out = not _haul_left(s, seat)
    if kind.startswith("move-"):
        return laid_out or cfg.extra.shift_any
    return laid_out or cfg.extra.salad_haul


def _why_no_skip(cfg: Config, s: TanukiState, a: Action) -> str:
    table = s.pending[a.player]
    if table:
        ways = ("move right" if table == 1 else "move left" if table == 5
                else "move left / move right")
        return f"the move effect on seat {a.player}'s table {table} is mandatory: {ways}"
    return f"seat {a.player} has nothing it may decline now"


G_SKIP = guard("TAN-3.5", _skip_ok, _why_no_skip)


def _skip(cfg: Config, s: TanukiState, a: Action) -> Effect:
    seat = a.player
    if s.pending[seat]:
        evs = [ev("TAN-3.6", "seat {seat} leaves table {table} where it is (edge)",
                  seat=seat, table=s.pending[seat])]
        s = s._replace(pending=put(s.pending, seat, 0))
    else:
        evs = [ev("TAN-7.4" if s.special[seat].startswith("move-") else "TAN-7.5",
                  "seat {seat} does not use its {kind} cart", seat=seat,
                  kind=s.special[seat])]
        s = s._replace(special=put(s.special, seat, ""))
    return _settle_lay(cfg, s, evs), evs


SKIP_MOVE = Move(
    name="skip", rule="TAN-3.5", phases=frozenset({"lay"}), actors=_seats,
    domain=_skip_domain, guards=(G_SKIP,), effect=_skip, parse=no_args,
    doc="Decline an optional effect (special cart, or an edge move when"
    " edge-move=optional).", to=("lay", "taco", "deal", "give", "over"), notation="skip")


#: the moves in the order the engine lists their actions
MOVES = (TACO_MOVE, KEEP_MOVE, PLACE_MOVE, TAKE_MOVE, DRAW_MOVE, GIVE_MOVE, LAY_MOVE,
         MOVE_MOVE, SHIFT_MOVE, SALAD_MOVE, SKIP_MOVE)


# --- set-up ---------------------------------------------------------------------------------
SETUP_KEYS = ("leader", "deck", "carts", "cards", "tables")


def _card_list(value: Any, what: str, allowed: tuple[str, ...]) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise SetupError(f"set-up '{what}' must be a list of cards")
    for c in value:
        if not isinstance(c, str) or c not in allowed:
            raise SetupError(f"set-up '{what}': {c!r} is not a card of Tanuki Market"
                             f" (cards look like S, F/move, W/bitten, GRANNY)")
    return list(value)


def _take_out(pool: list[str], cards: list[str], what: str) -> None:
    for c in cards:
        if c not in pool:
            raise SetupError(f"set-up '{what}': one {c} too many (the card list has no more"
                             " of it)")
        pool.remove(c)


def _setup_tables(cfg: Config, given: Any, pool: list[str]) -> tuple:
    n = cfg.players
    if given is None:
        return tuple(((),) * 5 for _ in range(n))
    if not isinstance(given, (list, tuple)) or len(given) != n:
        raise SetupError(f"set-up 'tables' must list the tables of each of the {n} seat(s)")
    out = []
    for seat, tabs in enumerate(given):
        if not isinstance(tabs, (list, tuple)) or len(tabs) != 5:
            raise SetupError(f"set-up 'tables': seat {seat} needs 5 tables (lists of cards)")
        seen: set[str] = set()
        row = []
        for t, cards in enumerate(tabs):
            cards = _card_list(cards, f"tables[{seat}][{t}]", FRUIT_CARDS)
            fruits = {FRUIT_OF[c] for c in cards}
            if len(fruits) > 1:
                raise SetupError(f"set-up 'tables': seat {seat}'s table {t + 1} holds more"
                                 " than one fruit")
            if fruits & seen:
                raise SetupError(f"set-up 'tables': seat {seat} has {fruits.pop()} on two"
                                 " tables")
            seen |= fruits
            _take_out(pool, cards, "tables")
            row.append(tuple(cards))
        out.append(tuple(row))
    return tuple(out)


def _setup_carts(cfg: Config, given: Any, rng: Stream) -> tuple[tuple[str, ...], Stream]:
    n = 2 if cfg.extra.solo else cfg.players
    if given is not None:
        if not isinstance(given, (list, tuple)) or len(given) != n:
            raise SetupError(f"set-up 'carts' must name {n} cart(s), cart 1 first")
        for k in given:
            if k not in CART_KINDS:
                raise SetupError(f"set-up 'carts': unknown cart {k!r} (plain, large, small,"
                                 " secret, move-S..., salad-S...)")
        if not cfg.extra.special and any(k != "plain" for k in given):
            raise SetupError("set-up 'carts': special carts need the special-carts variant")
        if cfg.extra.special:
            if "plain" in given:
                raise SetupError("set-up 'carts': the special-carts variant uses special"
                                 " carts only")
            for prefix in ("large", "small", "secret", "move-", "salad-"):
                if sum(1 for k in given if k.startswith(prefix)) > 1:
                    raise SetupError(f"set-up 'carts': there is only one {prefix.rstrip('-')}"
                                     " cart")
        return tuple(given), rng
    if not cfg.extra.special:
        return ("plain",) * n, rng
    order, rng = shuffled(SPECIAL_POOL, rng)
    kinds = []
    for k in order[:n]:
        if k in ("move", "salad"):
            f, rng = below(rng, len(FRUITS))
            k = f"{k}-{FRUITS[f]}"
        kinds.append(k)
    return tuple(kinds), rng


def _stack_deck(given: list[str], rest: tuple[str, ...]) -> tuple[str, ...]:
    """TAN-1.8, TAN-9.2: the set-up's cards on top, the shuffled rest below, and Granny
    where the set-up puts it or with 15 cards under it (all of them, with 15 or fewer)."""
    if GRANNY in given:
        return tuple(given) + rest
    pos = max(0, len(given) + len(rest) - GRANNY_DEPTH)
    if pos < len(given):
        raise SetupError("set-up 'deck' reaches Granny's place (15 cards from the"
                         " bottom): say where GRANNY lies")
    k = pos - len(given)
    return tuple(given) + rest[:k] + (GRANNY,) + rest[k:]


def _first_leader(cfg: Config, setup: Mapping[str, Any], rng: Stream) -> tuple[int, Stream]:
    """TAN-1.9: the first leader, named by the set-up or drawn; solo: the player."""
    n = cfg.players
    if cfg.extra.solo:
        if setup.get("leader", 0) != 0:
            raise SetupError("set-up 'leader': the solo player is seat 0")
        return 0, rng
    if "leader" not in setup:
        return below(rng, n)
    leader = setup["leader"]
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n:
        raise SetupError(f"set-up 'leader' must be a seat 0-{n - 1}, not {leader!r}")
    return leader, rng


def initial_state(cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> TanukiState:
    setup = dict(setup or {})
    for key in setup:
        if key not in SETUP_KEYS:
            raise SetupError(f"unknown set-up key {key!r} (keys: {', '.join(SETUP_KEYS)})")
    rng = mix(seed)
    n, solo = cfg.players, cfg.extra.solo
    if "cards" in setup:
        cards = tuple(sorted(_card_list(setup["cards"], "cards", FRUIT_CARDS)))
        if not cards:
            raise SetupError("set-up 'cards' may not be empty")
    else:
        cards = standard_cards(cfg.extra.two_player_deck)  # TAN-1.4, TAN-8.2
    pool = list(cards)
    tables = _setup_tables(cfg, setup.get("tables"), pool)
    given = _card_list(setup.get("deck", []), "deck", FRUIT_CARDS + (GRANNY,))
    if given.count(GRANNY) > 1:
        raise SetupError("set-up 'deck': there is one Granny card")
    _take_out(pool, [c for c in given if c != GRANNY], "deck")
    rest, rng = shuffled(sorted(pool), rng)
    deck = _stack_deck(given, rest)
    leader, rng = _first_leader(cfg, setup, rng)
    kinds, rng = _setup_carts(cfg, setup.get("carts"), rng)
    nc = len(kinds)
    s = TanukiState(
        phase="deal" if solo else "taco", round=1, leader=leader, deck=deck, hand=(),
        kept=(), shown=False, kinds=kinds, carts=((),) * nc, taken=(ON_TABLE,) * nc,
        last_placed=-1, dry=False, haul=((),) * n, haul_hidden=((),) * n, pending=(0,) * n,
        special=("",) * n, tables=tables, salad=((),) * n,
        taco=-1 if solo else leader, granny=-1, last=False, auto=(), out=(), cards=cards,
        under=len(deck) - 1 - deck.index(GRANNY), rng=rng)
    if solo:
        s = _settle_solo(cfg, s, [])  # TAN-8.14: the first card is drawn at the set-up
    return s


# --- scores -------------------------------------------------------------------------------
def seat_counts(s: TanukiState, seat: int) -> list[scoring.TableCounts]:
    """A seat's five tables, as the scoring counts them."""
    return [scoring.table_counts(t) for t in s.tables[seat]]


def _modes(cfg: Config) -> dict[str, Any]:
    """The scoring readings: TAN-A4 favorite-count, TAN-A5 replacement-stack, TAN-A9."""
    readings: Extra = cfg.extra
    return {"favorite": readings.favorite, "replace": readings.replace,
            "effects": readings.effects}


def bonus_cards(s: TanukiState, seat: int) -> int:
    """TAN-5.5: how many of Taco and Granny the seat holds."""
    return (s.taco == seat) + (s.granny == seat)


def seat_total(cfg: Config, s: TanukiState, seat: int) -> int:
    return scoring.seat_score(seat_counts(s, seat), bonus_cards(s, seat), len(s.salad[seat]),
                              **_modes(cfg))


def automaton_score(cfg: Config, s: TanukiState) -> int:
    per, eff, granny = scoring.pile_counts(s.auto)
    return scoring.automaton_points(cfg.extra.day, per, eff, granny)


VERDICTS = {"player": "the player wins", "automaton": "the automaton wins",
            "both": "a tie on points and on bonus points: both win"}


def solo_result(cfg: Config, s: TanukiState) -> str:
    """TAN-8.13, TAN-A22: who wins the solo game: player, automaton or both."""
    mine, its = seat_total(cfg, s, 0), automaton_score(cfg, s)
    if mine != its:
        return "player" if mine > its else "automaton"
    if not cfg.extra.solo_tie_bonus:
        return "automaton"  # strict: a tie does not beat the author
    own = scoring.bonus_points(bonus_cards(s, 0), len(s.salad[0]))
    theirs = scoring.BONUS_CARD * scoring.pile_counts(s.auto)[2]
    if own != theirs:
        return "player" if own > theirs else "automaton"
    return "both"




def winning_seats(cfg: Config, s: TanukiState) -> list[int]:
    """TAN-5.6 (most points, then most bonus points, then shared); solo: TAN-8.13."""
    if cfg.extra.solo:
        return [0] if solo_result(cfg, s) in ("player", "both") else []
    totals = [seat_total(cfg, s, p) for p in range(cfg.players)]
    keys = [(totals[p], scoring.bonus_points(bonus_cards(s, p), len(s.salad[p])))
            for p in range(cfg.players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def _resample(s: TanukiState, seat: int | None, rng: Any) -> TanukiState:
    leader_sees = seat == s.leader
    slots: list[tuple[str, int]] = []  # (field, index) of every place seat cannot see
    if not leader_sees and s.hand != (GRANNY,):
        slots.append(("hand", -1))
    if not (leader_sees or s.shown or GRANNY in s.kept):
        slots.append(("kept", -1))
    for i, kind in enumerate(s.kinds):
        if kind == "secret" and not leader_sees and (seat is None or s.taken[i] != seat):
            slots.append(("carts", i))
    for p in range(len(s.haul_hidden)):
        if seat is None or seat not in (p, s.leader):
            slots.append(("haul_hidden", p))
    slots.append(("out", -1))
    values: dict[str, Any] = {"hand": list(s.hand), "kept": list(s.kept), "out": list(s.out),
              "carts": [list(c) for c in s.carts], "haul_hidden": [list(h) for h in s.haul_hidden],
              "deck": list(s.deck)}

    def place(field: str, i: int) -> list[str]:
        return values[field][i] if i >= 0 else values[field]

    pool = [c for c in s.deck if c != GRANNY]
    for field, i in slots:
        pool += [c for c in place(field, i) if c in FRUIT_OF]
    rng.shuffle(pool)
    values["deck"] = [c if c == GRANNY else pool.pop() for c in s.deck]
    for field, i in slots:
        cards = place(field, i)
        cards[:] = [c if c not in FRUIT_OF else pool.pop() for c in cards]
    return s._replace(deck=tuple(values["deck"]), hand=tuple(values["hand"]),
                      kept=tuple(values["kept"]), out=tuple(values["out"]),
                      carts=tuple(tuple(c) for c in values["carts"]),
                      haul_hidden=tuple(tuple(h) for h in values["haul_hidden"]))


# --- the spec -------------------------------------------------------------------------------
class TanukiSpec(GameSpec[TanukiState]):
    reductions = reduction.REDUCTIONS  # for the explorer's --por / --symmetry

    def derive(self, cfg: Config) -> Extra:
        return derive(cfg)

    def initial(self, cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> TanukiState:
        return initial_state(cfg, seed, setup)

    def scores(self, cfg: Config, state: TanukiState) -> list[int]:
        return [seat_total(cfg, state, p) for p in range(cfg.players)]

    def winners(self, cfg: Config, state: TanukiState) -> list[int]:
        """TAN-5.6 (most points, then most bonus points, then shared); solo: TAN-8.13."""
        return winning_seats(cfg, state)

    def view_extra(self, cfg: Config, state: TanukiState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deck_size": len(state.deck),
            "capacity": [cart_capacity(cfg, state, i) for i in range(len(state.kinds))],
            "tables_points": [scoring.table_breakdown(seat_counts(state, p), **_modes(cfg))
                              for p in range(cfg.players)],
            "bonus": [scoring.bonus_points(bonus_cards(state, p), len(state.salad[p]))
                      for p in range(cfg.players)],
            "running_scores": self.scores(cfg, state),
        }
        if cfg.extra.solo:
            out["automaton"] = {"pile": list(state.auto), "score": automaton_score(cfg, state),
                                "day": cfg.extra.day, "threshold": threshold(cfg),
                                "dots_on_carts": dots_on_carts(state)}
            if state.phase == "over":
                out["automaton"]["winner"] = solo_result(cfg, state)
        if state.phase == "over":
            out["winners"] = self.winners(cfg, state)
        return out

    def setup_schema(self) -> dict[str, Any]:
        card = {"type": "string", "pattern": "^([SFBPW](/(move|replace|favorite|five|bitten))?"
                "|GRANNY)$"}
        return {"type": "object", "additionalProperties": False, "properties": {
            "leader": {"type": "integer", "minimum": 0, "maximum": 4},
            "deck": {"type": "array", "items": card, "description": "top first"},
            "carts": {"type": "array", "items": {"enum": list(CART_KINDS)}},
            "cards": {"type": "array", "items": card, "description": "replaces the card list"},
            "tables": {"type": "array", "items": {"type": "array", "minItems": 5, "maxItems": 5,
                                                   "items": {"type": "array", "items": card}}},
        }}

    def explore_configs(self) -> Mapping[str, dict[str, Any]]:
        return EXPLORE

    def agent_hint(self, cfg: Config, state: TanukiState, actions: list[Any]) -> list[Any]:
        """For the greedy agent: the actions a person would consider (agent.agent_hint)."""
        return agent.agent_hint(cfg, state, actions)

    def agent_value(self, cfg: Config, state: TanukiState, seat: int) -> int:
        """For the greedy agent: running score plus the cards sure to come this round."""
        return agent.agent_value(seat_total(cfg, state, seat), state, seat)

    def resample(self, cfg: Config, state: TanukiState, seat: int | None, rng: Any
                 ) -> TanukiState:
        """Deal the cards ``seat`` cannot see anew among the places it cannot see into
        (deck, the leader's drawn and kept cards, the secret cart, face-down hauls, cards
        out of play), keeping each place's size and Granny where it lies."""
        return _resample(state, seat, rng)


def _cfg(players: int, variant: str | None, setup: dict, **options: str) -> dict[str, Any]:
    return {"players": players, "options": options, "variant": variant, "seed": 0,
            "setup": setup}


#: small decks whose whole state space (every interleaving of the real-time deal and of
#: the simultaneous laying out) is walked by the explorer in a few seconds each
EXPLORE: dict[str, dict[str, Any]] = {
    # Granny first with 5 cards under it: as many as a 2-player round can take (TAN-I5)
    "2p-granny-first": _cfg(2, None, {"leader": 0, "cards": ["S", "F/move", "B", "P", "W"],
                                      "deck": ["GRANNY", "S", "F/move", "B", "P", "W"]}),
    "2p-two-rounds": _cfg(2, None, {"leader": 0, "cards": ["S", "F/move", "B", "P"],
                                    "deck": ["S", "GRANNY", "F/move", "B", "P"]}),
    "3p-short-deck": _cfg(3, None, {"leader": 1, "cards": ["S", "F/move"],
                                    "deck": ["GRANNY", "S", "F/move"]}),
    "special-small-secret": _cfg(2, SPECIAL_CARTS, {
        "leader": 0, "carts": ["small", "secret"], "cards": ["S", "F/move", "B", "S", "P", "W"],
        "deck": ["GRANNY", "S", "F/move", "B", "S", "P", "W"]}),
    "special-large-small": _cfg(2, SPECIAL_CARTS, {
        "leader": 0, "carts": ["large", "small"], "cards": ["S", "F/move", "B", "S", "P"],
        "deck": ["GRANNY", "S", "F/move", "B", "S", "P"]}),
    "special-move-salad": _cfg(2, SPECIAL_CARTS, {
        "leader": 1, "carts": ["move-S", "salad-F"], "cards": ["S", "F/move", "F", "S/five"],
        "deck": ["GRANNY", "S", "F/move", "F", "S/five"]}),
    # a whole last round for three seats, six cards under Granny: every grab race and
    # every laying out, walked with the declared reductions (reduction.py)
    "3p-last-round-6-cards": {**_cfg(3, None, {
        "leader": 0, "cards": ["S", "F/move", "B", "S", "P", "W"],
        "deck": ["GRANNY", "S", "F/move", "B", "S", "P", "W"]}), "reduce": ["por", "symmetry"],
        "large": True},
    # worth proving: a whole last round of three seats over a fifteen-card deck (880,346
    # states reduced). It takes at most eight cards from under Granny (round_need), so
    # the last seven are never drawn: eight cards or nine give the same counts.
    "3p-last-round-15-card-deck": {**_cfg(3, None, {
        "leader": 0, "cards": ["S", "F/move", "B", "S", "P", "W", "F", "B", "P", "W", "S", "F",
                               "B", "P", "W"],
        "deck": ["GRANNY", "S", "F/move", "B", "S", "P", "W", "F", "B", "P", "W", "S", "F", "B",
                 "P", "W"]}),
        "reduce": ["por", "symmetry"], "large": True},
    "solo-sunday": _cfg(1, SOLO, {
        "cards": ["S", "F", "B/move", "P", "W", "S", "F", "B", "S", "W", "P", "S"],
        "deck": ["S", "F", "B/move", "P", "GRANNY", "W", "S", "F", "B", "S", "W", "P", "S"]},
        day="sunday"),
}


def max_length(cfg: Config) -> int | str:
    """The most actions a game can last, from the D cards of the deck, Granny included.
    Every round takes at least one card off the deck for good (the leader must place or
    keep its first drawn card before taking a cart, TAN-2.13; solo, the automaton takes
    a cart only once cards lie on the carts), so there are at most D rounds. A card costs
    at most a draw, a place or keep, a lay and a move or skip (TAN-2.4, TAN-3.1, TAN-3.5);
    a round adds Taco, a cart per seat, a give, one more draw and one special cart use or
    skip per seat (TAN-2.1, TAN-2.6, TAN-8.7, TAN-8.8, TAN-7.4, TAN-7.5)."""
    x: Extra = cfg.extra
    if x.swap:
        return "swap=yes: carts may be put back and taken again for ever (TAN-A3)"
    if x.leader_takes:
        return ("leader-take=any: the leader may take a cart holding its card, which goes"
                " back on the deck, so a round may take no card, for ever (TAN-A20)")
    deck = len(standard_cards(x.two_player_deck)) + 1
    return deck * 4 + deck * (3 + 2 * cfg.players)


SPEC = TanukiSpec(
    name="tanuki-market", prefix="TAN", title="Tanuki Market",
    catalogue=CATALOGUE,
    variants=(
        Variant(None, (2, 3, 4, 5), "the base game: grab carts in real time, lay out fruit"),
        Variant(SPECIAL_CARTS, (2, 3, 4, 5), "special carts: large, small, secret, Move Fruit"
                " and Fruit Salad carts replace the plain ones"),
        Variant(SOLO, (1,), "solo against the automaton Alexis, one day of the week"),
    ),
    state_type=TanukiState, visibility=VISIBILITY, moves=MOVES, notation_rule="TAN-9.1",
    end_rule="TAN-5.3",
    # the carts are grabbed in real time (TAN-2.6); seeded shuffles; hauls partly hidden
    kind=GameKind(SIMULTANEOUS, SAMPLED, IMPERFECT, lambda cfg: max_length(cfg)),
    invariants=INVARIANTS,
    summary="Collect fruit on carts, grabbed in real time, and lay it out on five tables.",
)
