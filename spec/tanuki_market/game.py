"""Tanuki Market as a spec: set-up, the real-time deal, laying out, variants, scoring.

>>> import engine
>>> game = engine.load("tanuki-market", players=3)
>>> s = game.new(seed=1, setup={"leader": 0})
>>> [str(a) for a in game.legal_actions(s)]
['p0: taco 1', 'p0: taco 2', 'p0: taco 3']
"""
from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from spec.common.core import Config, GameSpec, Invariant, Move, ev
from spec.common.errors import SetupError
from spec.common.moves import guard, no_args, pattern
from spec.common.rng import below, mix, shuffled
from spec.common.rules import Variant

from . import agent, reduction, scoring
from .cards import (CARD_DOTS, EFFECT_OF, FRUIT_CARDS, FRUIT_OF, FRUITS, GRANNY, TACO,
                    card_name, standard_cards)
from .rules import CATALOGUE
from .state import (AUTOMATON, CAPACITY, CART_KINDS, ON_TABLE, VISIBILITY, TanukiState,
                    cards_counted, seat_of_cart)

SOLO, SPECIAL_CARTS = "solo", "special-carts"
SPECIAL_POOL = ("large", "small", "secret", "move", "salad")
GRANNY_DEPTH = 15  # cards under Granny (TAN-1.8)


class Extra(NamedTuple):
    """What the rules need from the configuration, read once (``cfg.extra``)."""

    solo: bool
    special: bool
    seats: int
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
    threshold: int
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


def _o(cfg: Config, name: str, default: str) -> str:
    return cfg.options.get(name, default)


def derive(cfg: Config) -> Extra:
    solo = cfg.variant == SOLO
    day = _o(cfg, "day", "monday")
    return Extra(
        solo=solo, special=cfg.variant == SPECIAL_CARTS, seats=cfg.players,
        full_keep=_o(cfg, "full-cart-keep", "example") == "keep-full",
        stop_after_cart=_o(cfg, "leader-after-cart", "continue") == "stop",
        swap=_o(cfg, "swap", "no") == "yes",
        favorite=_o(cfg, "favorite-count", "card"),
        replace=_o(cfg, "replacement-stack", "once"),
        edge=_o(cfg, "edge-move", "inward"),
        granny_fourth=_o(cfg, "granny-full", "like-card") == "fourth",
        deck_out=_o(cfg, "deck-out", "last-round"),
        effects=_o(cfg, "effects", "on") == "on",
        four_max=_o(cfg, "large-keep", "allowed") == "four-max",
        salad_haul=_o(cfg, "salad-move", "tables") == "haul",
        day=day, threshold=scoring.DAYS[day][0],
        prefer=_o(cfg, "prefer-compare", "sum"),
        check_first=_o(cfg, "threshold-check", "check-first") == "check-first",
        player_first=_o(cfg, "never-reached", "player-first") == "player-first",
        two_player_deck=(cfg.players == 2 if not solo else
                         _o(cfg, "solo-deck", "two-player") == "two-player"),
        shift_any=_o(cfg, "shift-timing", "after") == "any",
        needs_card=not solo and _o(cfg, "empty-cart", "allowed") == "needs-card",
        drawn_bottom=_o(cfg, "drawn-card", "top") == "bottom",
        leader_takes=not solo and _o(cfg, "leader-take", "keep-only") == "any",
        fruit_capacity=(cfg.variant == SPECIAL_CARTS
                        and _o(cfg, "special-capacity", "cards") == "fruit"),
        solo_tie_bonus=_o(cfg, "solo-tie", "strict") == "bonus",
        stop_first=solo and _o(cfg, "solo-stop", "before-draw") == "before-draw",
    )


# --- small helpers ------------------------------------------------------------------------
def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


CART_INDEX = {str(i + 1): i for i in range(9)}


def _cart(a: Any) -> int:
    return CART_INDEX[a.args[0]]


def _room(cfg: Config, s: TanukiState, i: int) -> int:
    return CAPACITY[s.kinds[i]] - cards_counted(cfg, s.carts[i])


def _open_carts(cfg: Config, s: TanukiState) -> list[int]:
    """Carts on the table that can still take a card (none once the deck ran dry)."""
    if s.dry:
        return []
    return [i for i, t in enumerate(s.taken) if t == ON_TABLE and _room(cfg, s, i) > 0]


def _on_table(s: TanukiState) -> list[int]:
    return [i for i, t in enumerate(s.taken) if t == ON_TABLE]


def _cart_text(s: TanukiState, i: int) -> str:
    if s.kinds[i] == "secret":
        shown = [c for c in s.carts[i] if c in (TACO, GRANNY)]
        hidden = len(s.carts[i]) - len(shown)
        parts = shown + ([f"{hidden} face down"] if hidden else [])
    else:
        parts = list(s.carts[i])
    return ", ".join(parts) if parts else "empty"


def _fruit_table(tables: tuple[tuple[str, ...], ...], fruit: str) -> int:
    for i, t in enumerate(tables):
        if t and FRUIT_OF[t[0]] == fruit:
            return i
    return -1


# --- the deal ---------------------------------------------------------------------------
def _return_hand(s: TanukiState, evs: list, rule: str) -> TanukiState:
    """The drawn card goes back on top of the deck (TAN-2.10, TAN-8.8 after-draw)."""
    if not s.hand:
        return s
    what = "Granny" if s.hand == (GRANNY,) else "the drawn card"
    evs.append(ev(rule, "seat {seat} puts {what} back on top of the deck", seat=s.leader,
                  what=what))
    return s._replace(deck=s.hand + s.deck, hand=())


def _undealt_card(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    """TAN-2.17: the last seat took a cart while the leader held a card (TAN-A19)."""
    if not s.hand:
        return s
    what = "Granny" if s.hand == (GRANNY,) else "the drawn card"
    if cfg.extra.drawn_bottom:
        evs.append(ev("TAN-2.17", "every seat has a cart: seat {seat} puts {what} under the"
                      " deck (drawn-card=bottom)", seat=s.leader, what=what))
        return s._replace(deck=s.deck + s.hand, hand=())
    evs.append(ev("TAN-2.17", "every seat has a cart: seat {seat} puts {what} back on top"
                  " of the deck (drawn-card=top)", seat=s.leader, what=what))
    return s._replace(deck=s.hand + s.deck, hand=())


def _granny_rides(cfg: Config, s: TanukiState) -> bool:
    """The leader holds Granny and Granny needs no room on a cart: TAN-A7 fourth, or
    TAN-A21 fruit (Granny is not counted)."""
    X: Extra = cfg.extra
    return s.hand == (GRANNY,) and (X.granny_fourth or X.fruit_capacity)


def _draw(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    card = s.deck[0]
    s = s._replace(deck=s.deck[1:], hand=(card,))
    if card == GRANNY:
        evs.append(ev("TAN-5.1", "seat {seat} draws Granny: this round is the last",
                      seat=s.leader))
        return s._replace(last=True)
    evs.append(ev("TAN-2.2", "seat {seat} draws a card ({left} left in the deck)",
                  seat=s.leader, left=len(s.deck)))
    return s


def _deck_out(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    X: Extra = cfg.extra
    if X.deck_out == "lay-out":
        evs.append(ev("TAN-2.15", "the deck is empty: the round ends at once and is the last"))
        return _start_lay(cfg, s._replace(last=True, dry=True), evs)
    evs.append(ev("TAN-2.15", "the deck is empty: the deal stops, seats without a cart take"
                  " one as it is; this round is the last"))
    return s._replace(last=True, dry=True)


def _next_card(cfg: Config, s: TanukiState, evs: list) -> tuple[TanukiState, bool]:
    """Draw for the leader, or deal with an empty deck; True when nothing more happens."""
    if s.deck:
        return _draw(cfg, s, evs), True
    s = _deck_out(cfg, s, evs)
    return s, s.phase != "deal"


def _settle(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    """Everything the rules do by themselves after an action of the deal (TAN-2.2,
    TAN-2.10, TAN-2.11): give the leader a card, take one back, end the deal."""
    if cfg.extra.solo:
        return _settle_solo(cfg, s, evs)
    X: Extra = cfg.extra
    while True:
        if all(seat in s.taken for seat in range(X.seats)):
            if s.hand == (GRANNY,) and X.granny_fourth:
                evs.append(ev("TAN-5.2", "Granny joins seat {seat}'s haul", seat=s.leader))
                s = s._replace(kept=s.kept + s.hand, hand=())
            s = _undealt_card(cfg, s, evs)
            return _start_lay(cfg, s, evs)
        open_ = _open_carts(cfg, s)
        leader_has = s.leader in s.taken
        if s.hand:
            if open_:
                return s
            table = _on_table(s)
            if table and _granny_rides(cfg, s):
                return s  # TAN-A7 fourth / TAN-A21 fruit: Granny still finds a place
            if table and not leader_has and X.full_keep:
                return s  # TAN-A1 keep-full: the leader may still keep it
            s = _return_hand(s, evs, "TAN-2.10")
            continue
        if not open_ or (leader_has and X.stop_after_cart):
            return s
        s, done = _next_card(cfg, s, evs)
        if done:
            return s


def _taco(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    i = _cart(a)
    s = s._replace(phase="deal", carts=_set(s.carts, i, s.carts[i] + (TACO,)), taco=-1)
    evs = [ev("TAN-2.1", "seat {seat} leads round {round} and puts Taco the Thief on"
              " cart {cart}", seat=a.player, round=s.round, cart=i + 1)]
    return _settle(cfg, s, evs), evs


def _keep(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    i = _cart(a)
    card = s.hand[0]
    full = _room(cfg, s, i) <= 0
    shown = s.shown or full
    s = s._replace(hand=(), kept=s.kept + (card,), shown=shown,
                   taken=_set(s.taken, i, a.player))
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


def _place(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    i = _cart(a)
    card = s.hand[0]
    s = s._replace(hand=(), carts=_set(s.carts, i, s.carts[i] + (card,)),
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


def _take(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    i = _cart(a)
    evs: list = []
    taken = s.taken
    old = seat_of_cart(s, a.player)
    if old >= 0:
        taken = _set(taken, old, ON_TABLE)
        evs.append(ev("TAN-2.12", "seat {seat} puts cart {old} back", seat=a.player,
                      old=old + 1))
    if s.hand and cfg.extra.solo:
        s = _return_hand(s, evs, "TAN-8.8")
    s = s._replace(taken=_set(taken, i, a.player))
    evs.append(ev(_take_rule(cfg, s), "seat {seat} takes cart {cart} ({cards})",
                  seat=a.player, cart=i + 1, cards=_cart_text(s, i)))
    return _settle(cfg, s, evs), evs


def _take_rule(cfg: Config, s: TanukiState) -> str:
    """The clause that lets a seat take a cart: real time (TAN-2.6); solo, after the
    automaton (TAN-8.8) or with both carts full (TAN-8.10)."""
    if not cfg.extra.solo:
        return "TAN-2.6"
    return "TAN-8.8" if AUTOMATON in s.taken else "TAN-8.10"


def _draw_on(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    """Solo, solo-stop=before-draw: the player goes on filling its cart (TAN-8.8)."""
    evs: list = []
    s, _ = _next_card(cfg, s, evs)
    return _settle(cfg, s, evs), evs


# --- the solo automaton -------------------------------------------------------------------
GROUPS = (("W", "P"), ("B", "F"), ("S",))


def automaton_choice(cfg: Config, carts: tuple[tuple[str, ...], ...]) -> int | None:
    """TAN-8.6: the cart (0/1) the automaton prefers, or None when the player chooses."""
    a, b = ([FRUIT_OF.get(c) for c in cart] for cart in carts)
    for group in GROUPS:
        ca = [a.count(f) for f in group]
        cb = [b.count(f) for f in group]
        if cfg.extra.prefer == "sum":
            if sum(ca) != sum(cb):
                return 0 if sum(ca) > sum(cb) else 1
        else:
            if ca != cb and all(x >= y for x, y in zip(ca, cb)):
                return 0
            if ca != cb and all(y >= x for x, y in zip(ca, cb)):
                return 1
    return None


def dots_on_carts(s: TanukiState) -> int:
    return sum(CARD_DOTS[c] for i, cart in enumerate(s.carts) if s.taken[i] == ON_TABLE
               for c in cart)


def _automaton_takes(cfg: Config, s: TanukiState, i: int, evs: list, rule: str,
                     why: str) -> TanukiState:
    evs.append(ev(rule, "the automaton takes cart {cart} ({cards}): {why}", cart=i + 1,
                  cards=_cart_text(s, i), why=why))
    return s._replace(taken=_set(s.taken, i, AUTOMATON))


def _automaton_chooses(cfg: Config, s: TanukiState, evs: list, why: str) -> TanukiState:
    pick = automaton_choice(cfg, s.carts)
    if pick is None:
        evs.append(ev("TAN-8.7", "the automaton likes both carts alike: the player chooses"
                      " its cart (give N)"))
        return s._replace(phase="give")
    return _automaton_takes(cfg, s, pick, evs, "TAN-8.6", why)


def _automaton_check(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    """TAN-8.5: after a placement while both carts are on the table."""
    X: Extra = cfg.extra
    if any(t != ON_TABLE for t in s.taken):
        return s
    dots = dots_on_carts(s)
    if dots < X.threshold:
        return s
    if not X.check_first and not _open_carts(cfg, s):
        return s  # TAN-A14 full-first: the both-full rule applies first
    return _automaton_chooses(cfg, s, evs, f"{dots} dots reach {X.day}'s {X.threshold}")


def _settle_solo(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    X: Extra = cfg.extra
    while True:
        mine, its = 0 in s.taken, AUTOMATON in s.taken
        if mine and its:
            return _start_lay(cfg, _return_hand(s, evs, "TAN-2.11"), evs)
        if s.phase != "deal" or s.hand:
            return s
        open_ = _open_carts(cfg, s)
        if not open_:
            if mine:
                s = _automaton_takes(cfg, s, _on_table(s)[0], evs, "TAN-8.9",
                                     "the player has its cart")
                continue
            if not its and not X.player_first:
                s = _automaton_chooses(cfg, s, evs, "both carts are full")
                continue
            return s  # the player takes a cart (TAN-8.10 / TAN-8.8)
        if its and X.stop_first:
            return s  # TAN-A23: the player stops (take N) or draws on (draw)
        s, done = _next_card(cfg, s, evs)
        if done:
            return s


def _give(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    i = _cart(a)
    evs: list = []
    s = _automaton_takes(cfg, s._replace(phase="deal"), i, evs, "TAN-8.7",
                         f"seat {a.player} gives it")
    return _settle(cfg, s, evs), evs


# --- laying out -----------------------------------------------------------------------------
def _start_lay(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    n = cfg.players
    haul = [()] * n
    hidden = [()] * n
    special = [""] * n
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
    kind = s.special[seat]
    fruit = kind[-1]
    if kind.startswith("salad-") and cfg.extra.salad_haul:
        return any(FRUIT_OF[c] == fruit for c in s.haul[seat] + s.haul_hidden[seat])
    if s.haul[seat] or s.haul_hidden[seat]:
        return True  # more of the fruit may still come
    return _fruit_table(s.tables[seat], fruit) >= 0


def _settle_lay(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
    special = s.special
    for seat, kind in enumerate(special):
        if kind and not _special_possible(cfg, s, seat):
            special = _set(special, seat, "")
            evs.append(ev("TAN-7.4" if kind.startswith("move-") else "TAN-7.5",
                          "seat {seat}'s {kind} cart has nothing to act on", seat=seat,
                          kind=kind))
    s = s._replace(special=special)
    if any(s.haul) or any(s.haul_hidden) or any(s.pending) or any(s.special):
        return s
    return _end_round(cfg, s, evs)


def _final_events(cfg: Config, s: TanukiState, evs: list) -> None:
    """TAN-5.4..5.6, TAN-8.12: who scores what, and who wins."""
    X: Extra = cfg.extra
    for p in range(cfg.players):
        per_table = scoring.table_breakdown(seat_counts(s, p), **_modes(cfg))
        bonus = scoring.bonus_points(bonus_cards(s, p), len(s.salad[p]))
        evs.append(ev("TAN-5.4", "seat {seat} scores {total}: tables {tables}, bonus {bonus}",
                      seat=p, total=sum(per_table) + bonus, tables=per_table, bonus=bonus))
    if X.solo:
        mine = seat_total(cfg, s, 0)
        its = automaton_score(cfg, s)
        evs.append(ev("TAN-8.12", "the automaton scores {its} on {day}", its=its, day=X.day))
        evs.append(ev("TAN-8.13", "{mine} against {its}: {verdict}", mine=mine, its=its,
                      verdict=VERDICTS[solo_result(cfg, s)]))
    else:
        evs.append(ev("TAN-5.6", "winner(s): seat(s) {seats}",
                      seats=SPEC.winners(cfg, s)))


def _end_round(cfg: Config, s: TanukiState, evs: list) -> TanukiState:
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


def _from_haul(s: TanukiState, seat: int, card: str) -> TanukiState:
    """Take one ``card`` out of a seat's haul, a face-up copy first (so that a face-down
    card never turns out to be the one that was seen)."""
    haul, hidden = s.haul[seat], s.haul_hidden[seat]
    if card in haul:
        k = haul.index(card)
        return s._replace(haul=_set(s.haul, seat, haul[:k] + haul[k + 1:]))
    k = hidden.index(card)
    return s._replace(haul_hidden=_set(s.haul_hidden, seat, hidden[:k] + hidden[k + 1:]))


def _lay(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
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
    tables = _set(tables, t, tables[t] + (card,))
    s = s._replace(tables=_set(s.tables, seat, tables))
    if EFFECT_OF[card] == "move":
        if t in (0, 4) and cfg.extra.edge == "void":
            evs.append(ev("TAN-3.6", "the move effect of {card} lapses on table {table}",
                          card=card, table=t + 1))
        else:
            s = s._replace(pending=_set(s.pending, seat, t + 1))
            evs.append(_move_due(cfg, seat, t + 1))
    return _settle_lay(cfg, s, evs), evs


def _move_due(cfg: Config, seat: int, table: int) -> Any:
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


def _swap_tables(tables: tuple, t: int, u: int) -> tuple:
    out = list(tables)
    out[t], out[u] = out[u], out[t]
    return tuple(out)


def _step_of(d: str) -> int:
    return -1 if d == "left" else 1


def _move(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    seat = a.player
    t = s.pending[seat] - 1
    u = t + _step_of(a.args[0])
    tables = s.tables[seat]
    other = tables[u]
    s = s._replace(tables=_set(s.tables, seat, _swap_tables(tables, t, u)),
                   pending=_set(s.pending, seat, 0))
    evs = [ev("TAN-3.5", "seat {seat} moves table {a} to table {b}" +
              (" (swapping with {other})" if other else ""), seat=seat, a=t + 1, b=u + 1,
              other=card_name(other[0]) if other else "")]
    return _settle_lay(cfg, s, evs), evs


def _shift(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    seat, fruit, d = a.player, a.args[0], a.args[1]
    tables = s.tables[seat]
    t = _fruit_table(tables, fruit)
    u = t + _step_of(d)
    s = s._replace(tables=_set(s.tables, seat, _swap_tables(tables, t, u)),
                   special=_set(s.special, seat, ""))
    evs = [ev("TAN-7.4", "seat {seat} uses its Move Fruit cart: table {a} ({fruit}) goes"
              " to table {b}", seat=seat, a=t + 1, b=u + 1, fruit=card_name(fruit))]
    return _settle_lay(cfg, s, evs), evs


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


def _salad(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    seat = a.player
    card = salad_card(cfg, s, seat, a.args[0])
    if cfg.extra.salad_haul:
        public = card in s.haul[seat]
        s = _from_haul(s, seat, card)
        where = "from its haul, unlaid"
    else:
        public = True
        tables = s.tables[seat]
        t = _fruit_table(tables, FRUIT_OF[card])
        k = tables[t].index(card)
        tables = _set(tables, t, tables[t][:k] + tables[t][k + 1:])
        s = s._replace(tables=_set(s.tables, seat, tables))
        where = f"from table {t + 1}"
    s = s._replace(salad=_set(s.salad, seat, s.salad[seat] + (card,)),
                   special=_set(s.special, seat, ""))
    evs = [ev("TAN-7.5", "seat {seat} puts {what} on its fruit salad ({where})",
              seat=seat, what=card if public else f"a {card_name(FRUIT_OF[card])} card",
              where=where)]
    return _settle_lay(cfg, s, evs), evs


def _skip(cfg: Config, s: TanukiState, a: Any) -> tuple[TanukiState, list]:
    seat = a.player
    if s.pending[seat]:
        evs = [ev("TAN-3.6", "seat {seat} leaves table {table} where it is (edge)",
                  seat=seat, table=s.pending[seat])]
        s = s._replace(pending=_set(s.pending, seat, 0))
    else:
        evs = [ev("TAN-7.4" if s.special[seat].startswith("move-") else "TAN-7.5",
                  "seat {seat} does not use its {kind} cart", seat=seat,
                  kind=s.special[seat])]
        s = s._replace(special=_set(s.special, seat, ""))
    return _settle_lay(cfg, s, evs), evs


# --- guards ---------------------------------------------------------------------------------
def _x(cfg: Config) -> Extra:
    return cfg.extra


def _cart_ok(cfg, s, a) -> bool:
    return CART_INDEX.get(a.args[0], 99) < len(s.kinds)


def _full_keep_ok(cfg, s, a) -> bool:
    i = _cart(a)
    if _room(cfg, s, i) > 0:
        return True
    X = _x(cfg)
    if X.full_keep or _granny_rides(cfg, s):
        return True
    return any(j != i for j in _open_carts(cfg, s))


def _room_ok(cfg, s, a) -> bool:
    room = _room(cfg, s, _cart(a))
    return room > 0 or (room == 0 and _granny_rides(cfg, s))


def _alternate_ok(cfg, s, a) -> bool:
    if not _x(cfg).solo or s.last_placed < 0 or any(t != ON_TABLE for t in s.taken):
        return True
    i = _cart(a)
    return i != s.last_placed or _room(cfg, s, 1 - i) <= 0


def _solo_take_ok(cfg, s, a) -> bool:
    if not _x(cfg).solo:
        return True
    return AUTOMATON in s.taken or not _open_carts(cfg, s)


# Seat-level conditions: the guards below test them, and the move domains use the same
# functions to offer a seat no candidates at all when it fails one (speed only: the
# guards stay the one source of legality and of the reasons for a refusal).
def _seat_may_take(cfg, s, seat: int) -> bool:
    return seat not in s.taken or (_x(cfg).swap and not _x(cfg).solo)


def _seat_free_hand(cfg, s, seat: int) -> bool:
    """TAN-2.13 (TAN-A20) and TAN-8.8 (TAN-A23): may a seat take a cart now, as far as a
    drawn card in its hand goes?"""
    if not (seat == s.leader and s.hand):
        return True
    X = _x(cfg)
    if X.solo:
        return AUTOMATON in s.taken and not X.stop_first
    return X.leader_takes


def _seat_deals(cfg, s, seat: int) -> bool:
    return seat == s.leader and bool(s.hand)


def _take_hand_ok(cfg, s, a) -> bool:
    return _seat_free_hand(cfg, s, a.player)


def _no_cart_or_swap(cfg, s, a) -> bool:
    return _seat_may_take(cfg, s, a.player)


G_CART = guard("TAN-1.6", _cart_ok, lambda cfg, s, a: f"there is no cart {a.args[0]}"
               f" (carts 1-{len(s.kinds)})")
G_ON_TABLE = guard("TAN-2.6", lambda cfg, s, a: s.taken[_cart(a)] == ON_TABLE,
                   "cart {arg} is no longer on the table")
G_LEADER = guard("TAN-2.1", lambda cfg, s, a: a.player == s.leader,
                 lambda cfg, s, a: f"seat {a.player} is not the leader: seat {s.leader}"
                 " leads this round and deals the cards")
G_HOLDS = guard("TAN-2.3", lambda cfg, s, a: bool(s.hand),
                "seat {seat} holds no drawn card")
G_NO_CART_KEEP = guard("TAN-2.12", lambda cfg, s, a: a.player not in s.taken,
                       "seat {seat} already has a cart this round")
G_NO_CART_TAKE = guard("TAN-2.12", _no_cart_or_swap,
                       "seat {seat} already has a cart this round")
G_FULL_KEEP = guard("TAN-2.10", _full_keep_ok,
                    "cart {arg} is full and no other cart can take a card: the drawn card"
                    " goes back on the deck")
G_LARGE = guard("TAN-7.2", lambda cfg, s, a: not (
    _x(cfg).four_max and s.kinds[_cart(a)] == "large" and _room(cfg, s, _cart(a)) <= 0),
    "the leader may not get more than 4 cards (large-keep=four-max)")
G_ROOM = guard("TAN-2.7", _room_ok,
               lambda cfg, s, a: f"cart {a.args[0]} is full ({len(s.carts[_cart(a)])} cards)")
G_ALTERNATE = guard("TAN-8.4", _alternate_ok,
                    "placements alternate: this card goes on the other cart")
def _why_hand(cfg, s, a) -> str:
    if _x(cfg).solo:
        return (f"seat {a.player} holds a drawn card: keep it with a cart or place it (it"
                " decided to go on filling its cart, solo-stop=before-draw)")
    return (f"seat {a.player} holds a drawn card: keep it with a cart or place it"
            " (leader-take=keep-only)")


G_TAKE_HAND = guard("TAN-2.13", _take_hand_ok, _why_hand)


def _draw_ok(cfg, s, a) -> bool:
    X = _x(cfg)
    return (X.stop_first and AUTOMATON in s.taken and not s.hand and 0 not in s.taken
            and bool(_open_carts(cfg, s)))


def _why_no_draw(cfg, s, a) -> str:
    X = _x(cfg)
    if not X.solo:
        return "only the solo player draws by choice; the leader draws by itself"
    if not X.stop_first:
        return "the next card is drawn by itself (solo-stop=after-draw)"
    if s.hand:
        return "seat 0 already holds a drawn card: keep it or place it"
    if AUTOMATON not in s.taken:
        return "the player draws by choice only once the automaton has its cart"
    return "the player's cart is taken or full: take it"


G_DRAW = guard("TAN-8.8", _draw_ok, _why_no_draw)


def _empty_cart_ok(cfg, s, a) -> bool:
    # while the leader holds a drawn card the deal goes on; without one it has stopped
    return not _x(cfg).needs_card or bool(s.carts[_cart(a)]) or not s.hand


G_EMPTY_CART = guard("TAN-2.16", _empty_cart_ok,
                     "cart {arg} has no card on it: while the deal goes on, a cart is taken"
                     " only once a card lies on it (empty-cart=needs-card)")


G_SOLO_TAKE = guard("TAN-8.3", _solo_take_ok,
                    "the player takes a cart by keeping a drawn card, unless both carts are"
                    " full or the automaton has its cart")
G_TACO_LEADER = guard("TAN-2.1", lambda cfg, s, a: a.player == s.leader,
                      lambda cfg, s, a: f"seat {a.player} is not the leader: seat {s.leader}"
                      " holds Taco the Thief and puts it on a cart")
G_TACO_ROOM = guard("TAN-2.1", lambda cfg, s, a: _room(cfg, s, _cart(a)) > 0,
                    "that cart has no room for Taco")


def _in_haul(cfg, s, a) -> bool:
    c = a.args[0]
    return c in s.haul[a.player] or c in s.haul_hidden[a.player]


def _why_not_in_haul(cfg, s, a) -> str:
    if not (s.haul[a.player] or s.haul_hidden[a.player]):
        return f"seat {a.player} has no card left to lay"
    return f"seat {a.player} has no {a.args[0]} to lay"


G_HAS = guard("TAN-3.1", _in_haul, _why_not_in_haul)
G_NOT_PENDING = guard("TAN-3.5", lambda cfg, s, a: not s.pending[a.player],
                      lambda cfg, s, a: f"seat {a.player} must first move table"
                      f" {s.pending[a.player]} (move left / move right)")
G_PENDING = guard("TAN-3.5", lambda cfg, s, a: bool(s.pending[a.player]),
                  "seat {seat} has no move effect to apply")
G_EDGE = guard("TAN-3.6", lambda cfg, s, a: 1 <= s.pending[a.player] + _step_of(a.args[0]) <= 5,
               lambda cfg, s, a: f"table {s.pending[a.player]} has no table to its {a.args[0]}")


def _shift_target(s, a) -> int:
    return _fruit_table(s.tables[a.player], a.args[0])


G_SHIFT_CART = guard("TAN-7.4", lambda cfg, s, a: s.special[a.player] == f"move-{a.args[0]}",
                     "seat {seat} has no open Move Fruit cart for {arg}")
G_SHIFT_WHEN = guard("TAN-7.4", lambda cfg, s, a: _x(cfg).shift_any or not (
    s.haul[a.player] or s.haul_hidden[a.player]), "the shift comes after laying out")
G_SHIFT_FRUIT = guard("TAN-7.4", lambda cfg, s, a: _shift_target(s, a) >= 0,
                      "seat {seat} has no {arg} on its tables")
G_SHIFT_EDGE = guard("TAN-3.6", lambda cfg, s, a: 0 <= _shift_target(s, a) + _step_of(
    a.args[1]) <= 4, lambda cfg, s, a: f"no table to the {a.args[1]} of the {a.args[0]}")


def _salad_card_ok(cfg, s, a) -> bool:
    return salad_card(cfg, s, a.player, a.args[0]) is not None


def _salad_choices(cfg, s, seat: int) -> list[str]:
    """What ``salad`` may name, as the refusal lists it: never a face-down card."""
    shown = s.haul[seat] if _x(cfg).salad_haul else _salad_pool(cfg, s, seat)
    out = []
    for (arg,) in _salad_domain(cfg, s, seat):
        card = salad_card(cfg, s, seat, arg)
        if card in shown:
            out.append(arg if card == arg else f"{arg} (= {card})")
    return out


def _why_no_salad_card(cfg, s, a) -> str:
    seat = a.player
    where = "in its haul" if _x(cfg).salad_haul else "on its tables"
    choices = _salad_choices(cfg, s, seat)
    if _x(cfg).salad_haul and s.haul_hidden[seat]:
        choices.append(f"a {card_name(s.special[seat][-1])} among its face-down cards,"
                       " if it has one")
    offer = ("; it may choose " + ", ".join(choices) if choices else "") + " (or skip)"
    return f"seat {seat} has no {a.args[0]} {where}{offer}"


def _why_no_salad_cart(cfg, s, a) -> str:
    kind = s.special[a.player]
    if kind.startswith("salad-"):
        return (f"seat {a.player}'s Fruit Salad cart names {card_name(kind[-1])} ({kind[-1]}),"
                f" not {a.args[0]}")
    return f"seat {a.player} has no Fruit Salad cart to use"


G_SALAD_CART = guard("TAN-7.5", lambda cfg, s, a: s.special[a.player] == f"salad-{a.args[0][0]}",
                     _why_no_salad_cart)
G_SALAD_WHEN = guard("TAN-7.5", lambda cfg, s, a: _x(cfg).salad_haul or not (
    s.haul[a.player] or s.haul_hidden[a.player]), "the fruit salad comes after laying out")
G_SALAD_CARD = guard("TAN-7.5", _salad_card_ok, _why_no_salad_card)


def _skip_ok(cfg, s, a) -> bool:
    seat = a.player
    t = s.pending[seat]
    if t:
        return t in (1, 5) and _x(cfg).edge == "optional"
    kind = s.special[seat]
    if not kind:
        return False
    empty = not (s.haul[seat] or s.haul_hidden[seat])
    if kind.startswith("move-"):
        return empty or _x(cfg).shift_any
    return empty or _x(cfg).salad_haul


def _why_no_skip(cfg, s, a) -> str:
    t = s.pending[a.player]
    if t:
        ways = "move right" if t == 1 else "move left" if t == 5 else "move left / move right"
        return (f"the move effect on seat {a.player}'s table {t} is mandatory: {ways}")
    return f"seat {a.player} has nothing it may decline now"


G_SKIP = guard("TAN-3.5", _skip_ok, _why_no_skip)


# --- moves --------------------------------------------------------------------------------
CART_ARG = pattern(r"[1-9]", what="a cart number such as 2")
CARD_RE = r"[SFBPW](/(move|replace|favorite|five|bitten))?"
NUMS = tuple(str(i) for i in range(1, 10))


SEATS = tuple(tuple(range(n)) for n in range(6))


def _seats(cfg, s):
    """Every seat: who may act is decided by the guards, so that a refusal always says
    why (the engine asks the actors before the guards). The domains stay tight: a seat
    that cannot make a move gets no candidates, so the legal actions cost no more."""
    return SEATS[cfg.extra.seats]


def _leader_carts(cfg, s, seat):
    """keep / place: candidates for the leader holding a drawn card only (G_LEADER,
    G_HOLDS)."""
    return _table_carts(cfg, s, seat) if _seat_deals(cfg, s, seat) else ()


def _table_carts(cfg, s, seat):
    return [(NUMS[i],) for i, t in enumerate(s.taken) if t == ON_TABLE]


def _taker_carts(cfg, s, seat):
    """take: candidates for a seat that may take a cart (G_NO_CART_TAKE, G_TAKE_HAND)."""
    if _seat_may_take(cfg, s, seat) and _seat_free_hand(cfg, s, seat):
        return _table_carts(cfg, s, seat)
    return ()


def _taco_carts(cfg, s, seat):
    """taco: candidates for the leader only (G_TACO_LEADER)."""
    return [(NUMS[i],) for i in range(len(s.kinds))] if seat == s.leader else ()


def _move_domain(cfg, s, seat):
    """move: candidates for a seat with a move to make (G_PENDING)."""
    return (("left",), ("right",)) if s.pending[seat] else ()


def _skip_domain(cfg, s, seat):
    """skip: candidates for a seat with a move or a special cart pending (G_SKIP)."""
    return ((),) if s.pending[seat] or s.special[seat] else ()


def _lay_domain(cfg, s, seat):
    return [(c,) for c in sorted(set(s.haul[seat] + s.haul_hidden[seat]))]


def _shift_domain(cfg, s, seat):
    k = s.special[seat]
    return [(k[-1], "left"), (k[-1], "right")] if k.startswith("move-") else []


def _salad_domain(cfg, s, seat):
    """Each card of the pool by name, and the bare fruit letter (TAN-9.1: ``salad S``)."""
    pool = _salad_pool(cfg, s, seat)
    if not pool:
        return []
    return [(c,) for c in sorted(set(pool) | {FRUIT_OF[pool[0]]})]


DEAL, LAY_PHASE = frozenset({"deal"}), frozenset({"lay"})
AFTER_DEAL = ("deal", "lay", "give", "taco", "over")
AFTER_LAY = ("lay", "taco", "deal", "give", "over")

MOVES = (
    Move("taco", "TAN-2.1", frozenset({"taco"}), _seats, _taco_carts,
         (G_TACO_LEADER, G_CART, G_TACO_ROOM), _taco, CART_ARG,
         "The leader puts Taco the Thief on a cart; the deal begins.", ("deal", "lay"),
         "taco N"),
    Move("keep", "TAN-2.3", DEAL, _seats, _leader_carts,
         (G_LEADER, G_CART, G_HOLDS, G_NO_CART_KEEP, G_ON_TABLE, G_FULL_KEEP, G_LARGE), _keep,
         CART_ARG,
         "The leader keeps the drawn card and takes a cart.", AFTER_DEAL, "keep N"),
    Move("place", "TAN-2.4", DEAL, _seats, _leader_carts,
         (G_LEADER, G_CART, G_HOLDS, G_ON_TABLE, G_ROOM, G_ALTERNATE), _place, CART_ARG,
         "The leader places the drawn card on a cart.", AFTER_DEAL, "place N"),
    Move("take", "TAN-2.6", DEAL, _seats, _taker_carts,
         (G_CART, G_NO_CART_TAKE, G_TAKE_HAND, G_ON_TABLE, G_EMPTY_CART, G_SOLO_TAKE), _take,
         CART_ARG,
         "A seat without a cart takes one, with what lies on it (real time).", AFTER_DEAL,
         "take N"),
    Move("draw", "TAN-8.8", DEAL, _seats,
         lambda cfg, s, seat: ((),) if _x(cfg).stop_first else (), (G_DRAW,), _draw_on,
         no_args, "Solo: the player goes on filling its cart after the automaton took its"
         " own (solo-stop=before-draw); take N stops instead.", AFTER_DEAL, "draw"),
    Move("give", "TAN-8.7", frozenset({"give"}), lambda cfg, s: (0,), _table_carts,
         (G_CART, G_ON_TABLE), _give, CART_ARG,
         "Solo: the player chooses the automaton's cart when it likes both alike.",
         AFTER_DEAL, "give N"),
    Move("lay", "TAN-3.1", LAY_PHASE, _seats, _lay_domain, (G_HAS, G_NOT_PENDING), _lay,
         pattern(CARD_RE, what="a fruit card such as F/move"),
         "Lay one card of one's haul; its table follows from the rules.", AFTER_LAY,
         "lay CARD"),
    Move("move", "TAN-3.5", LAY_PHASE, _seats, _move_domain,
         (G_PENDING, G_EDGE), _move, pattern(r"left|right", what="left or right"),
         "Apply a move effect: the table goes left or right.", AFTER_LAY, "move left|right"),
    Move("shift", "TAN-7.4", LAY_PHASE, _seats, _shift_domain,
         (G_SHIFT_CART, G_NOT_PENDING, G_SHIFT_WHEN, G_SHIFT_FRUIT, G_SHIFT_EDGE), _shift,
         pattern(r"[SFBPW]", r"left|right", what="a fruit and a direction: shift F left"),
         "Move Fruit cart: move the named fruit's table left or right.", AFTER_LAY,
         "shift X left|right"),
    Move("salad", "TAN-7.5", LAY_PHASE, _seats, _salad_domain,
         (G_SALAD_CART, G_NOT_PENDING, G_SALAD_WHEN, G_SALAD_CARD), _salad,
         pattern(CARD_RE, what="a fruit (S) or a fruit card (S/five)"),
         "Fruit Salad cart: put one card of the named fruit on the salad pile (a bare fruit"
         " letter: the plain card, else the first in table order).", AFTER_LAY,
         "salad CARD"),
    Move("skip", "TAN-3.5", LAY_PHASE, _seats, _skip_domain, (G_SKIP,),
         _skip, no_args, "Decline an optional effect (special cart, or an edge move when"
         " edge-move=optional).", AFTER_LAY, "skip"),
)


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


def _setup_carts(cfg: Config, given: Any, rng: int) -> tuple[tuple[str, ...], int]:
    X: Extra = cfg.extra
    n = 2 if X.solo else cfg.players
    if given is not None:
        if not isinstance(given, (list, tuple)) or len(given) != n:
            raise SetupError(f"set-up 'carts' must name {n} cart(s), cart 1 first")
        for k in given:
            if k not in CART_KINDS:
                raise SetupError(f"set-up 'carts': unknown cart {k!r} (plain, large, small,"
                                 " secret, move-S..., salad-S...)")
        if not X.special and any(k != "plain" for k in given):
            raise SetupError("set-up 'carts': special carts need the special-carts variant")
        if X.special:
            if "plain" in given:
                raise SetupError("set-up 'carts': the special-carts variant uses special"
                                 " carts only")
            for prefix in ("large", "small", "secret", "move-", "salad-"):
                if sum(1 for k in given if k.startswith(prefix)) > 1:
                    raise SetupError(f"set-up 'carts': there is only one {prefix.rstrip('-')}"
                                     " cart")
        return tuple(given), rng
    if not X.special:
        return ("plain",) * n, rng
    order, rng = shuffled(SPECIAL_POOL, rng)
    kinds = []
    for k in order[:n]:
        if k in ("move", "salad"):
            f, rng = below(rng, len(FRUITS))
            k = f"{k}-{FRUITS[f]}"
        kinds.append(k)
    return tuple(kinds), rng


def initial_state(cfg: Config, seed: int, setup: Mapping[str, Any] | None) -> TanukiState:
    X: Extra = cfg.extra
    setup = dict(setup or {})
    for key in setup:
        if key not in SETUP_KEYS:
            raise SetupError(f"unknown set-up key {key!r} (keys: {', '.join(SETUP_KEYS)})")
    rng = mix(seed)
    n = cfg.players
    if "cards" in setup:
        cards = tuple(sorted(_card_list(setup["cards"], "cards", FRUIT_CARDS)))
        if not cards:
            raise SetupError("set-up 'cards' may not be empty")
    else:
        cards = standard_cards(X.two_player_deck)
    pool = list(cards)
    tables = _setup_tables(cfg, setup.get("tables"), pool)
    given = _card_list(setup.get("deck", []), "deck", FRUIT_CARDS + (GRANNY,))
    if given.count(GRANNY) > 1:
        raise SetupError("set-up 'deck': there is one Granny card")
    _take_out(pool, [c for c in given if c != GRANNY], "deck")
    rest, rng = shuffled(sorted(pool), rng)
    if GRANNY in given:
        deck = tuple(given) + rest
    else:
        # TAN-1.8: 15 cards lie under Granny; with 15 or fewer, all (Granny on top)
        pos = max(0, len(given) + len(rest) - GRANNY_DEPTH)
        if pos < len(given):
            raise SetupError("set-up 'deck' reaches Granny's place (15 cards from the"
                             " bottom): say where GRANNY lies")
        k = pos - len(given)
        deck = tuple(given) + rest[:k] + (GRANNY,) + rest[k:]
    if X.solo:
        if setup.get("leader", 0) != 0:
            raise SetupError("set-up 'leader': the solo player is seat 0")
        leader = 0
    elif "leader" in setup:
        leader = setup["leader"]
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n:
            raise SetupError(f"set-up 'leader' must be a seat 0-{n - 1}, not {leader!r}")
    else:
        leader, rng = below(rng, n)
    kinds, rng = _setup_carts(cfg, setup.get("carts"), rng)
    nc = len(kinds)
    s = TanukiState(
        phase="deal" if X.solo else "taco", round=1, leader=leader, deck=deck, hand=(),
        kept=(), shown=False, kinds=kinds, carts=((),) * nc, taken=(ON_TABLE,) * nc,
        last_placed=-1, dry=False, haul=((),) * n, haul_hidden=((),) * n, pending=(0,) * n,
        special=("",) * n, tables=tables, salad=((),) * n,
        taco=-1 if X.solo else leader, granny=-1, last=False, auto=(), out=(), cards=cards,
        under=len(deck) - 1 - deck.index(GRANNY), rng=rng)
    if X.solo:
        s = _settle_solo(cfg, s, [])
    return s


# --- scores -------------------------------------------------------------------------------
def seat_counts(s: TanukiState, seat: int) -> list[scoring.TableCounts]:
    return [scoring.table_counts(t) for t in s.tables[seat]]


def _modes(cfg: Config) -> dict[str, Any]:
    X: Extra = cfg.extra
    return {"favorite": X.favorite, "replace": X.replace, "effects": X.effects}


def bonus_cards(s: TanukiState, seat: int) -> int:
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


# --- invariants -----------------------------------------------------------------------------
def _all_cards(s: TanukiState) -> list[str]:
    out = list(s.deck) + list(s.hand) + list(s.kept) + list(s.auto) + list(s.out)
    for c in s.carts:
        out += c
    for i in range(len(s.haul)):
        out += s.haul[i] + s.haul_hidden[i] + s.salad[i]
        for t in s.tables[i]:
            out += t
    return out


def _conservation(cfg: Config, s: TanukiState) -> str | None:
    everything = _all_cards(s)
    fruit = sorted(c for c in everything if c in FRUIT_OF)
    if fruit != list(s.cards):
        return f"{len(fruit)} fruit cards in play, the card list has {len(s.cards)}"
    grannies = everything.count(GRANNY) + (1 if s.granny >= 0 else 0)
    if grannies != 1:
        return f"{grannies} Granny cards"
    tacos = everything.count(TACO) + (1 if s.taco >= 0 else 0)
    if tacos != (0 if cfg.extra.solo else 1):
        return f"{tacos} Taco cards"
    return None


def _capacity(cfg: Config, s: TanukiState) -> str | None:
    for i, cart in enumerate(s.carts):
        cap = CAPACITY[s.kinds[i]] + (1 if GRANNY in cart and cfg.extra.granny_fourth else 0)
        if cards_counted(cfg, cart) > cap:
            return f"cart {i + 1} ({s.kinds[i]}) holds {len(cart)} cards, more than {cap}"
    if len([c for c in s.kept if c != GRANNY]) > 1:
        return "the leader kept more than one card"
    return None


def _one_fruit_per_table(cfg: Config, s: TanukiState) -> str | None:
    for seat, tabs in enumerate(s.tables):
        seen = set()
        for t, cards in enumerate(tabs):
            fruits = {FRUIT_OF[c] for c in cards}
            if len(fruits) > 1:
                return f"seat {seat}'s table {t + 1} holds {sorted(fruits)}"
            if fruits & seen:
                return f"seat {seat} has {fruits.pop()} on two tables"
            seen |= fruits
    return None


def _one_cart_each(cfg: Config, s: TanukiState) -> str | None:
    X: Extra = cfg.extra
    for seat in range(X.seats):
        if s.taken.count(seat) > 1:
            return f"seat {seat} holds {s.taken.count(seat)} carts"
    if s.taken.count(AUTOMATON) > 1:
        return "the automaton holds two carts"
    if s.phase == "lay" and not (s.dry and X.deck_out == "lay-out"):
        missing = [p for p in range(X.seats) if p not in s.taken]
        if missing:
            return f"laying out starts while seat(s) {missing} have no cart"
        if X.solo and AUTOMATON not in s.taken:
            return "laying out starts while the automaton has no cart"
    return None


def round_need(cfg: Config, kinds: tuple[str, ...]) -> int:
    """The most fruit cards one round can take off the deck after Granny came: every
    cart's room, less Taco's place, less Granny's place, plus the leader's kept card
    (plus one when Granny may ride as a 4th card; with special-capacity=fruit, Taco and
    Granny take no room, so every cart's room plus the kept card)."""
    X: Extra = cfg.extra
    if X.fruit_capacity:
        return sum(CAPACITY[k] for k in kinds) + 1
    return (sum(CAPACITY[k] for k in kinds) - (0 if X.solo else 1)
            + (1 if X.granny_fourth else 0))


def _never_dry(cfg: Config, s: TanukiState) -> str | None:
    need = round_need(cfg, s.kinds)
    if s.dry and s.under >= need:
        return (f"the deck ran dry although {s.under} cards lay under Granny and a round"
                f" takes at most {need}")
    return None


def _phase_shape(cfg: Config, s: TanukiState) -> str | None:
    if s.phase != "deal" and s.hand:
        return f"the leader holds a drawn card in phase {s.phase}"
    if s.phase != "lay" and (any(s.haul) or any(s.haul_hidden) or any(s.pending)
                             or any(s.special)):
        return f"cards wait to be laid in phase {s.phase}"
    for seat, t in enumerate(s.pending):
        if t and not s.tables[seat][t - 1]:
            return f"seat {seat} must move an empty table {t}"
    return None


INVARIANTS = (
    Invariant("TAN-I1", ("TAN-1.1", "TAN-2.10", "TAN-2.11"), "cards are conserved: every"
              " fruit card of the card list is in exactly one place; one Granny; one Taco"
              " (none in the solo game)", _conservation),
    Invariant("TAN-I2", ("TAN-2.7", "TAN-2.8", "TAN-7.2"), "no cart ever holds more than its"
              " capacity (3; small 2, large 4); the leader keeps at most one card",
              _capacity),
    Invariant("TAN-I3", ("TAN-3.2", "TAN-3.3", "TAN-3.4", "TAN-3.5"), "every table holds at"
              " most one fruit, and every fruit lies on at most one table", _one_fruit_per_table),
    Invariant("TAN-I4", ("TAN-2.11", "TAN-2.12", "TAN-8.9"), "a seat never holds two carts;"
              " laying out starts only when every seat (and the automaton) has exactly one",
              _one_cart_each),
    Invariant("TAN-I5", ("TAN-1.8", "TAN-2.15"), "the deck never runs dry when Granny has at"
              " least as many cards under it as one round can take (15 always are)",
              _never_dry),
    Invariant("TAN-I6", ("TAN-2.2", "TAN-3.1", "TAN-3.5"), "drawn cards exist only in the deal,"
              " hauls and pending moves only while laying out", _phase_shape),
)


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
    values = {"hand": list(s.hand), "kept": list(s.kept), "out": list(s.out),
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
class TanukiSpec(GameSpec):
    reductions = reduction.REDUCTIONS  # for the explorer's --por / --symmetry

    def derive(self, cfg: Config) -> Extra:
        return derive(cfg)

    def initial(self, cfg: Config, seed: int, setup: Mapping[str, Any] | None) -> TanukiState:
        return initial_state(cfg, seed, setup)

    def scores(self, cfg: Config, state: TanukiState) -> list[int]:
        return [seat_total(cfg, state, p) for p in range(cfg.players)]

    def winners(self, cfg: Config, state: TanukiState) -> list[int]:
        """TAN-5.6 (most points, then most bonus points, then shared); solo: TAN-8.13."""
        totals = self.scores(cfg, state)
        if cfg.extra.solo:
            return [0] if solo_result(cfg, state) in ("player", "both") else []
        keys = [(totals[p], scoring.bonus_points(bonus_cards(state, p), len(state.salad[p])))
                for p in range(cfg.players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def view_extra(self, cfg: Config, state: TanukiState, seat: int | None) -> dict[str, Any]:
        X: Extra = cfg.extra
        out: dict[str, Any] = {
            "deck_size": len(state.deck),
            "capacity": [CAPACITY[k] for k in state.kinds],
            "tables_points": [scoring.table_breakdown(seat_counts(state, p), **_modes(cfg))
                              for p in range(cfg.players)],
            "bonus": [scoring.bonus_points(bonus_cards(state, p), len(state.salad[p]))
                      for p in range(cfg.players)],
            "running_scores": self.scores(cfg, state),
        }
        if X.solo:
            out["automaton"] = {"pile": list(state.auto), "score": automaton_score(cfg, state),
                                "day": X.day, "threshold": X.threshold,
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
    "solo-sunday": _cfg(1, SOLO, {
        "cards": ["S", "F", "B/move", "P", "W", "S", "F", "B", "S", "W", "P", "S"],
        "deck": ["S", "F", "B/move", "P", "GRANNY", "W", "S", "F", "B", "S", "W", "P", "S"]},
        day="sunday"),
}


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
    invariants=INVARIANTS,
    summary="Collect fruit on carts, grabbed in real time, and lay it out on five tables.",
)
