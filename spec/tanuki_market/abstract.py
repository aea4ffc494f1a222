"""Tanuki Market (the base game, two to five seats) on counts: the deck and where Granny
lies in it, the leader's drawn and kept card, each cart and who took it, each seat's haul,
its pending move and its five tables, round by round.

A fruit card is seen as a number in a place, and on a table also as its fruit (what
TAN-I3 is about). Taco the Thief and Granny are seen as where they are: with a seat, on a
cart (which), in the deck, the leader's hand or kept card, or out of the game. Which
fruit a laid card has, and whether it moves its table, are the action's parameters. What
the rules do by themselves after an action of the deal (draw for the leader, a card back
on the deck, the end of the deal, the start of laying out, the end of a round: TAN-2.2,
TAN-2.10, TAN-2.11, TAN-2.17, TAN-3.1, TAN-4.1) is one function here, as in the rules.
The special carts (TAN-7) have a model of their own (:data:`SPECIAL_MODEL`, below): each
cart's capacity and effect, each seat's special cart waiting to be used, and its fruit
salad; under TAN-A11 haul also how many cards of the salad cart's fruit lie on it, are
kept, and are left in the haul of the seat that took it (what decides whether that cart
still waits). The solo game against the automaton (TAN-8) has a
model of its own too (:data:`SOLO_MODEL`): two carts, their dots, the automaton's pile.
"""
from __future__ import annotations

from typing import Any, Callable

from spec.common.abstract import (Abs, Field, Limit, Model, Params, Step, at, forms,
                                  per_seat, put)
from spec.common.core import Config
from spec.common.symbolic import And, Bool, Count, If, Not, Num, Or, Sum

from .cards import (CARD_DOTS, DOTS, EFFECT_OF, FRUIT_INDEX, FRUIT_OF, FRUITS, GRANNY, TACO,
                    standard_cards)
from .game import automaton_choice
from .scoring import DAYS
from .state import AUTOMATON, CAPACITY, ON_TABLE, TanukiState

TACO_PHASE, DEAL, LAY, OVER = 0, 1, 2, 3
PHASES = {"taco": TACO_PHASE, "deal": DEAL, "lay": LAY, "over": OVER}
#: where Taco the Thief is: with a seat (``tseat``), on a cart (``tcart``), out of the game
T_SEAT, T_CART, T_OUT = 0, 1, 2
#: where Granny is: in the deck (``above`` cards over it), in the leader's hand, kept by
#: the leader, on a cart (``gcart``), with a seat (``gseat``), out of the game
G_DECK, G_HAND, G_KEPT, G_CART, G_SEAT, G_OUT = 0, 1, 2, 3, 4, 5
G_AUTO = 6  # the solo game: in the automaton's pile (TAN-8.11)
SPECIAL = "special-carts"  # the variant of TAN-7
#: a special cart's effect: none (large, small, secret), Move Fruit, Fruit Salad
NO_CART, MOVE_CART, SALAD_CART = 0, 1, 2
TABLES = 5  # TAN-3.1
CAP = 3  # a plain cart (TAN-1.6, TAN-2.7)
MOST = len(standard_cards(False))  # the fruit cards of the full deck
NF = len(FRUITS)


def _seat(cfg: Config) -> int:
    return cfg.players - 1


def _tables(cfg: Config) -> tuple[int, ...]:
    return (cfg.players, TABLES)


FIELDS = (
    Field("phase", TACO_PHASE, OVER), Field("leader", 0, _seat),
    Field("cards", 1, MOST), Field("under", 0, MOST),
    Field("deck", 0, MOST), Field("above", 0, MOST), Field("hand", 0, 1),
    Field("kept", 0, 1), Field("cart", 0, CAP, per_seat),
    Field("taken", ON_TABLE, _seat, per_seat),
    Field("tloc", T_SEAT, T_OUT), Field("tseat", 0, _seat), Field("tcart", 0, _seat),
    Field("gloc", G_DECK, G_OUT), Field("gseat", 0, _seat), Field("gcart", 0, _seat),
    Field("haul", 0, MOST, per_seat), Field("pending", 0, TABLES, per_seat),
    Field("laid", 0, MOST, per_seat), Field("fruit", -1, NF - 1, _tables),
    Field("out", 0, MOST), Field("dry", 0, 1), Field("last", 0, 1),
)


# --- the counts of a concrete state ----------------------------------------------------------
def _fruit_cards(cards: Any) -> int:
    return sum(1 for c in cards if c in FRUIT_OF)


def _where(s: TanukiState, card: str) -> tuple[int, int]:
    """The cart ``card`` lies on, or -1, as (cart, 0)."""
    for i, cart in enumerate(s.carts):
        if card in cart:
            return i, 0
    return -1, 0


def _granny_place(s: TanukiState) -> tuple[int, int]:
    """Where Granny lies (``G_DECK`` ...), and the cart it lies on (0 when on none)."""
    gcart, _ = _where(s, GRANNY)
    if GRANNY in s.deck:
        return G_DECK, 0
    if GRANNY in s.hand:
        return G_HAND, 0
    if GRANNY in s.kept:
        return G_KEPT, 0
    if gcart >= 0:
        return G_CART, gcart
    if GRANNY in s.auto:  # the solo game's automaton took it (TAN-8.11)
        return G_AUTO, 0
    return (G_SEAT if s.granny >= 0 else G_OUT), 0


def _shared_counts(cfg: Config, s: TanukiState, gloc: int) -> Abs:
    """The counts the base game, its variants and the solo game read alike."""
    n = cfg.players
    return {
        "cards": len(s.cards), "under": s.under, "deck": _fruit_cards(s.deck),
        "above": s.deck.index(GRANNY) if gloc == G_DECK else 0,
        "hand": _fruit_cards(s.hand), "kept": _fruit_cards(s.kept),
        "cart": [_fruit_cards(c) for c in s.carts], "taken": list(s.taken),
        "haul": [len(s.haul[p]) + len(s.haul_hidden[p]) for p in range(n)],
        "pending": list(s.pending),
        "laid": [sum(map(len, s.tables[p])) for p in range(n)],
        "fruit": [[FRUIT_INDEX[FRUIT_OF[t[0]]] if t else -1 for t in s.tables[p]]
                  for p in range(n)],
        "out": _fruit_cards(s.out), "dry": int(s.dry), "last": int(s.last),
    }


def abstract(cfg: Config, s: TanukiState) -> Abs:
    tcart, _ = _where(s, TACO)
    tloc = T_SEAT if s.taco >= 0 else T_CART if tcart >= 0 else T_OUT
    gloc, gcart = _granny_place(s)
    return {
        **_shared_counts(cfg, s, gloc), "phase": PHASES[s.phase], "leader": s.leader,
        "tloc": tloc, "tseat": s.taco if tloc == T_SEAT else 0,
        "tcart": tcart if tloc == T_CART else 0,
        "gloc": gloc, "gseat": s.granny if gloc == G_SEAT else 0, "gcart": gcart,
    }


# --- the readings ----------------------------------------------------------------------------
def _fourth(cfg: Config) -> bool:
    """TAN-A7 fourth: Granny may ride on a full cart."""
    return cfg.opt("granny-full") == "fourth"


def _fruit_capacity(cfg: Config) -> bool:
    """TAN-A21 fruit (special carts): Taco and Granny take no room on a cart."""
    return cfg.variant == SPECIAL and cfg.opt("special-capacity") == "fruit"


def _lay_out(cfg: Config) -> bool:
    """TAN-A8 lay-out: an empty deck ends the round at once."""
    return cfg.opt("deck-out") == "lay-out"


def _leader_takes(cfg: Config) -> bool:
    """TAN-A20 any: the leader may take a cart while it holds a drawn card."""
    return cfg.opt("leader-take") == "any"


def need(cfg: Config, a: Abs) -> Num:
    """The most fruit cards one round takes off the deck (``invariants.round_need``):
    every cart's room less Taco's place, and Granny's unless it rides as a 4th card; with
    TAN-A21 fruit every cart's room and the kept card."""
    room = Sum(_cap(a, i) for i in range(cfg.players))
    if _fruit_capacity(cfg):
        return room + 1
    return room - 1 + (1 if _fourth(cfg) else 0)


# --- reading the table -----------------------------------------------------------------------
def _taco_on(a: Abs, i: int) -> Bool:
    return And(a["tloc"] == T_CART, a["tcart"] == i)


def _granny_on(a: Abs, i: int) -> Bool:
    return And(a["gloc"] == G_CART, a["gcart"] == i)


def _cap(a: Abs, i: int) -> Num:
    """Cart ``i``'s capacity: 3 (TAN-1.6), a special cart its own (TAN-7.2)."""
    return a["cap"][i] if "cap" in a else CAP


def _counted(cfg: Config, a: Abs, i: int) -> Num:
    """The cards on cart ``i`` (TAN-2.7: Taco and Granny count, but not under TAN-A21
    fruit)."""
    if _fruit_capacity(cfg):
        return a["cart"][i]
    return a["cart"][i] + If(_taco_on(a, i), 1, 0) + If(_granny_on(a, i), 1, 0)


def _room(cfg: Config, a: Abs, i: int) -> Num:
    return _cap(a, i) - _counted(cfg, a, i)


def _has_cart(a: Abs, seat: Num) -> Bool:
    return Or(*(t == seat for t in a["taken"]))


def _everyone(cfg: Config, a: Abs) -> Bool:
    return And(*(_has_cart(a, p) for p in range(cfg.players)))


def _open(cfg: Config, a: Abs, i: int) -> Bool:
    """Cart ``i`` is on the table and can take a card (none once the deck ran dry)."""
    return And(a["dry"] == 0, a["taken"][i] == ON_TABLE, _room(cfg, a, i) > 0)


def _any_open(cfg: Config, a: Abs) -> Bool:
    return Or(*(_open(cfg, a, i) for i in range(cfg.players)))


def _held(a: Abs) -> Num:
    """The leader's drawn card: a fruit card or Granny (0 or 1)."""
    return a["hand"] + If(a["gloc"] == G_HAND, 1, 0)


def _dealt(a: Abs) -> Num:
    """What this round's deal put on the carts or with the leader for good."""
    return Sum(a["cart"]) + a["kept"] + If(Or(a["gloc"] == G_KEPT, a["gloc"] == G_CART), 1, 0)


def _granny_rides(cfg: Config, a: Abs) -> Bool:
    """The leader holds Granny, and Granny needs no room (TAN-A7 fourth, TAN-A21 fruit)."""
    return And(a["gloc"] == G_HAND, _fourth(cfg) or _fruit_capacity(cfg))


def _may_still_deal(cfg: Config, a: Abs) -> Bool:
    """TAN-2.10 with only full carts left: Granny rides on top, or a leader without a cart
    keeps the card with a full one (TAN-A1 keep-full)."""
    on_table = Or(*(t == ON_TABLE for t in a["taken"]))
    full_keep = cfg.opt("full-cart-keep") == "keep-full"
    return And(on_table, Or(_granny_rides(cfg, a),
                            And(Not(_has_cart(a, a["leader"])), full_keep)))


def pick(cond: Bool, then: Abs, other: Abs) -> Abs:
    """``then`` where ``cond`` holds, else ``other``, count by count."""
    if cond is True or cond is False:
        return then if cond else other
    return {k: _pick(cond, then[k], other[k]) for k in then}


def _pick(cond: Bool, x: Any, y: Any) -> Any:
    if x is y:  # a count neither side changed stays the very same term
        return x
    if isinstance(x, list):
        return [_pick(cond, u, v) for u, v in zip(x, y)]
    return If(cond, x, y)


# --- what the rules do by themselves (the deal) ------------------------------------------------
def _to_deck_top(a: Abs) -> Abs:
    """TAN-2.10: the drawn card back on top of the deck."""
    granny = a["gloc"] == G_HAND
    return {**a, "hand": 0, "deck": a["deck"] + a["hand"],
            "gloc": If(granny, G_DECK, a["gloc"]),
            "above": If(granny, 0, If(a["gloc"] == G_DECK, a["above"] + a["hand"],
                                      a["above"]))}


def _to_deck_bottom(a: Abs) -> Abs:
    """TAN-2.17 (TAN-A19 bottom): the drawn card under the deck."""
    granny = a["gloc"] == G_HAND
    return {**a, "hand": 0, "deck": a["deck"] + a["hand"],
            "gloc": If(granny, G_DECK, a["gloc"]), "above": If(granny, a["deck"], a["above"])}


def _top_card(a: Abs) -> Abs:
    """TAN-2.2 the top card of a deck that has one; TAN-5.1 Granny makes the round the
    last."""
    granny_next = And(a["gloc"] == G_DECK, a["above"] == 0)
    fruit = {**a, "deck": a["deck"] - 1, "hand": 1,
             "above": If(a["gloc"] == G_DECK, a["above"] - 1, 0)}
    return pick(granny_next, {**a, "gloc": G_HAND, "last": 1}, fruit)


def _deck_empty(a: Abs) -> Bool:
    return And(a["deck"] == 0, a["gloc"] != G_DECK)


def _draw(cfg: Config, a: Abs) -> Abs:
    """The top card; TAN-2.15 (TAN-A8) an empty deck."""
    dry = {**a, "last": 1, "dry": 1}
    if _lay_out(cfg):
        dry = _start_lay(cfg, dry)
    return pick(_deck_empty(a), dry, _top_card(a))


def _settle(cfg: Config, a: Abs) -> Abs:
    """After an action of the deal: end the deal when every seat has a cart (TAN-2.11);
    a drawn card stays while it can be dealt, else goes back (TAN-2.10); with no card in
    hand the leader draws while a cart can take one (TAN-2.5, TAN-A2 stop)."""
    stop = cfg.opt("leader-after-cart") == "stop"
    holding = _held(a) > 0
    dealable = Or(_any_open(cfg, a), _may_still_deal(cfg, a))
    idle = Or(Not(_any_open(cfg, a)), And(_has_cart(a, a["leader"]), stop))
    go_on = pick(holding, pick(dealable, a, _to_deck_top(a)), pick(idle, a, _draw(cfg, a)))
    return pick(_everyone(cfg, a), _end_deal(cfg, a), go_on)


def _end_deal(cfg: Config, a: Abs) -> Abs:
    """TAN-2.11: Granny in hand joins the leader's haul (TAN-A7 fourth), else a drawn card
    goes back (TAN-2.17, TAN-A19); laying out begins."""
    b = {**a, "gloc": If(And(a["gloc"] == G_HAND, _fourth(cfg)), G_KEPT, a["gloc"])}
    bottom = cfg.opt("drawn-card") == "bottom"
    b = _to_deck_bottom(b) if bottom else _to_deck_top(b)
    return _start_lay(cfg, b)


def _start_lay(cfg: Config, a: Abs) -> Abs:
    """TAN-3.1: each seat gets what lay on its cart, the leader its kept card; Taco and
    Granny go to who took them; what lies on a cart nobody took leaves the game (TAN-2.15);
    the round ends when nobody has anything to lay (TAN-4.1)."""
    n = cfg.players
    taken = a["taken"]
    gets = [[If(taken[i] == p, a["cart"][i], 0) for i in range(n)] for p in range(n)]
    haul = [a["haul"][p] + Sum(gets[p]) + If(a["leader"] == p, a["kept"], 0)
            for p in range(n)]
    # what nobody took: each cart's cards less what its taker got (so that the cards are
    # seen to stay the same in number, whoever took which cart)
    left = Sum(a["cart"][i] - Sum(gets[p][i] for p in range(n)) for i in range(n))
    t_to = at(taken, a["tcart"])
    g_to = at(taken, a["gcart"])
    taco_here = a["tloc"] == T_CART
    g_cart = a["gloc"] == G_CART
    tloc = If(taco_here, If(t_to == ON_TABLE, T_OUT, T_SEAT), a["tloc"])
    gloc = If(a["gloc"] == G_KEPT, G_SEAT,
              If(g_cart, If(g_to == ON_TABLE, G_OUT, G_SEAT), a["gloc"]))
    b = {**a, "phase": LAY, "hand": 0, "kept": 0, "cart": [0] * n, "haul": haul,
         "out": a["out"] + left, "tloc": tloc,
         "tseat": If(taco_here, If(t_to == ON_TABLE, 0, t_to), a["tseat"]), "tcart": 0,
         "gloc": gloc, "gcart": 0,
         "gseat": If(a["gloc"] == G_KEPT, a["leader"],
                     If(g_cart, If(g_to == ON_TABLE, 0, g_to), a["gseat"]))}
    if "spec" in a:  # TAN-7.4, TAN-7.5: a Move Fruit or Fruit Salad cart waits to be used
        b = {**b, "spec": [_of_cart(taken, a["ckind"], p, 0) for p in range(n)],
             "sfr": [_of_cart(taken, a["cfr"], p, 0) for p in range(n)]}
        if _salad_haul(cfg):  # TAN-A11 haul: the salad's fruit the haul of its taker holds
            b = {**b, "sf": 0, "ks": 0,
                 "sh": [If(b["spec"][p] == SALAD_CART,
                           a["sf"] + If(a["leader"] == p, a["ks"], 0), 0) for p in range(n)]}
    return _settle_lay(cfg, b)


def _of_cart(taken: list[Num], values: list[Num], seat: int, none: Num) -> Num:
    """``values`` of the cart ``seat`` took (``none`` when it took none)."""
    out = none
    for t, v in zip(reversed(taken), reversed(values)):
        out = If(t == seat, v, out)
    return out


def _settle_lay(cfg: Config, a: Abs) -> Abs:
    b = _lapse(cfg, a)
    return pick(_laid_out(b), _end_round(cfg, b), b)


def _salad_haul(cfg: Config) -> bool:
    """TAN-A11 haul: the Fruit Salad cart takes its card from the haul."""
    return cfg.opt("salad-move") == "haul"


def _lapse(cfg: Config, a: Abs) -> Abs:
    """TAN-7.4, TAN-7.5: a special cart with nothing left to act on lapses: no card left
    to lay and none of its fruit on the tables (TAN-A11 haul: a Fruit Salad cart, when
    the haul holds no card of its fruit)."""
    if "spec" not in a:
        return a
    spec, sfr = [], []
    for p, (kind, fruit) in enumerate(zip(a["spec"], a["sfr"])):
        waits = Or(a["haul"][p] > 0, *(f == fruit for f in a["fruit"][p]))
        if _salad_haul(cfg):
            waits = If(kind == SALAD_CART, a["sh"][p] > 0, waits)
        spec.append(If(waits, kind, NO_CART))
        sfr.append(If(waits, fruit, 0))
    b = {**a, "spec": spec, "sfr": sfr}
    if _salad_haul(cfg):
        b["sh"] = [If(k == SALAD_CART, h, 0) for k, h in zip(spec, a["sh"])]
    return b


def _laid_out(a: Abs) -> Bool:
    """Nobody has a card to lay, a move to make (or a special cart to use)."""
    return And(*(h == 0 for h in a["haul"]), *(t == 0 for t in a["pending"]),
               *(k == NO_CART for k in a.get("spec", [])))


def _end_round(cfg: Config, a: Abs) -> Abs:
    """TAN-4.1: the carts go back and Taco's taker leads; TAN-5.3 after the last round the
    game is over."""
    b = {**a, "taken": [ON_TABLE] * cfg.players, "dry": 0}
    over = {**b, "phase": OVER}
    return pick(a["last"] == 1, over, {**b, "phase": TACO_PHASE, "leader": a["tseat"]})


# --- the moves of the deal ---------------------------------------------------------------------
def _taco(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-2.1: Taco the Thief on a cart, then the leader draws."""
    return _settle(cfg, {**a, "phase": DEAL, "tloc": T_CART, "tcart": p["cart"], "tseat": 0})



def _may_deal(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-2.3, TAN-2.4: the leader holds a drawn card; the cart is on the table."""
    return And(a["phase"] == DEAL, _held(a) > 0, at(a["taken"], p["cart"]) == ON_TABLE)


def _may_keep(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-2.12 one cart each; TAN-2.10 (TAN-A1) a full cart only while another cart can
    take a card, unless keep-full or Granny rides on top."""
    i = p["cart"]
    room = at([_room(cfg, a, k) for k in range(cfg.players)], i)
    others = Or(*(And(_open(cfg, a, k), i != k) for k in range(cfg.players)))
    full_ok = Or(room > 0, cfg.opt("full-cart-keep") == "keep-full",
                 _granny_rides(cfg, a), others)
    ok = And(_may_deal(cfg, a, p), Not(_has_cart(a, a["leader"])), full_ok)
    if cfg.variant == SPECIAL and cfg.opt("large-keep") == "four-max":
        # TAN-7.2 (TAN-A10 four-max): not the full large cart, a 5th card for the leader
        return And(ok, Or(at(a["cap"], i) != 4, room > 0))
    return ok


def _keep(cfg: Config, a: Abs, p: Params) -> Abs:
    granny = a["gloc"] == G_HAND
    b = {**a, "hand": 0, "kept": a["kept"] + a["hand"],
         "gloc": If(granny, G_KEPT, a["gloc"]), "taken": put(a["taken"], p["cart"], a["leader"])}
    return b


def _may_place(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-2.7: a cart with room (or a full one, for Granny riding on top)."""
    room = at([_room(cfg, a, k) for k in range(cfg.players)], p["cart"])
    return And(_may_deal(cfg, a, p), Or(room > 0, And(room == 0, _granny_rides(cfg, a))))


def _place(cfg: Config, a: Abs, p: Params) -> Abs:
    i = p["cart"]
    granny = a["gloc"] == G_HAND
    cart = [If(And(Not(granny), i == k), c + 1, c) for k, c in enumerate(a["cart"])]
    b = {**a, "hand": 0, "cart": cart, "gloc": If(granny, G_CART, a["gloc"]),
         "gcart": If(granny, i, a["gcart"])}
    return b


def _may_take(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-2.6 any cart of the table; TAN-2.12 one each (TAN-A3 swap); TAN-2.13 (TAN-A20)
    not the leader holding a card; TAN-2.16 (TAN-A18) not an empty cart while the deal
    goes on."""
    i, seat = p["cart"], p["seat"]
    swap = cfg.opt("swap") == "yes"
    free = Or(seat != a["leader"], _held(a) == 0, _leader_takes(cfg))
    cards = at([_counted(cfg, a, k) for k in range(cfg.players)], i)
    needs = cfg.opt("empty-cart") == "needs-card"
    return And(a["phase"] == DEAL, at(a["taken"], i) == ON_TABLE,
               Or(Not(_has_cart(a, seat)), swap), free,
               Or(not needs, cards > 0, _held(a) == 0))


def _take(cfg: Config, a: Abs, p: Params) -> Abs:
    """The seat's old cart back on the table (TAN-A3 swap), the new one taken."""
    seat = p["seat"]
    taken = [If(t == seat, ON_TABLE, t) for t in a["taken"]]
    return {**a, "taken": put(taken, p["cart"], seat)}


def _split(move: str, rule: str, end_rule: str, params: dict[str, Any],
           may: Callable[[Config, Abs, Params], Bool],
           body: Callable[[Config, Abs, Params], Abs],
           ends: Callable[[Config, Abs], Bool],
           then: Callable[[Config, Abs], Abs],
           of: Callable[[Config, Any, Any, Any], Params], case: str = "") -> list[Step]:
    """A move's two branches: the action (``body``), after which ``ends`` does not hold
    (``on``) or does (``end``); either way the rules go on by themselves (``then``)."""
    def on(cfg: Config, a: Abs, p: Params) -> Bool:
        ok = may(cfg, a, p)  # a plain refusal need not build the successor
        return ok if ok is False else And(ok, Not(ends(cfg, body(cfg, a, p))))

    def end(cfg: Config, a: Abs, p: Params) -> Bool:
        ok = may(cfg, a, p)
        return ok if ok is False else And(ok, ends(cfg, body(cfg, a, p)))

    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        return then(cfg, body(cfg, a, p))
    return [Step(move, case + "on", rule, params, on, effect, of),
            Step(move, case + "end", end_rule, params, end, effect, of)]


def _deal_steps(move: str, rule: str, params: dict[str, Any],
                may: Callable[[Config, Abs, Params], Bool],
                body: Callable[[Config, Abs, Params], Abs],
                of: Callable[[Config, Any, Any, Any], Params]) -> list[Step]:
    """The deal goes on (``on``), or every seat has a cart and laying out begins (``end``,
    TAN-2.11)."""
    return _split(move, rule, "TAN-2.11", params, may, body, _everyone, _settle, of)


# --- laying out ----------------------------------------------------------------------------------
def _target(a: Abs, seat: Num, fruit: Num) -> Num:
    """TAN-3.4 the table that has the fruit, else TAN-3.3 the leftmost free one."""
    fruits = _row(a, seat)
    out: Num = 0
    for t in range(TABLES - 1, -1, -1):
        out = If(fruits[t] == -1, t, out)
    for t in range(TABLES - 1, -1, -1):
        out = If(fruits[t] == fruit, t, out)
    return out


def _row(a: Abs, seat: Num) -> list[Num]:
    """The fruit of each of ``seat``'s five tables (-1: an empty table)."""
    return [at([row[t] for row in a["fruit"]], seat) for t in range(TABLES)]


def _set_row(a: Abs, seat: Num, fruit: list[Num]) -> Abs:
    """Seat ``seat``'s five tables now hold ``fruit``."""
    return {**a, "fruit": [[If(seat == p, fruit[t], row[t]) for t in range(TABLES)]
                           for p, row in enumerate(a["fruit"])]}


def _lay(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-3.1 one card of the haul onto its table; a move card waits for its direction
    (TAN-3.5), on an edge table it lapses under TAN-A6 void."""
    seat, fruit = p["seat"], p["fruit"]
    t = _target(a, seat, fruit)
    fruits = [If(t == k, fruit, f) for k, f in enumerate(_row(a, seat))]
    void = cfg.opt("edge-move") == "void"
    moves = And(p["move"] == 1, Or(not void, And(t != 0, t != TABLES - 1)))
    b = _set_row(a, seat, fruits)
    b = {**b, "haul": put(a["haul"], seat, at(a["haul"], seat) - 1),
         "laid": put(a["laid"], seat, at(a["laid"], seat) + 1),
         "pending": put(a["pending"], seat, If(moves, t + 1, 0))}
    return b


def _may_lay(cfg: Config, a: Abs, p: Params) -> Bool:
    seat = p["seat"]
    return And(a["phase"] == LAY, at(a["haul"], seat) > 0, at(a["pending"], seat) == 0)


def _move(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-3.5: the table goes one place left or right, changing places with its
    neighbour."""
    seat = p["seat"]
    t = at(a["pending"], seat) - 1
    u = t + 2 * p["right"] - 1
    fruits = _row(a, seat)
    ft, fu = at(fruits, t), at(fruits, u)
    fruits = [If(k == t, fu, If(k == u, ft, f)) for k, f in enumerate(fruits)]
    b = _set_row(a, seat, fruits)
    return {**b, "pending": put(a["pending"], seat, 0)}


def _may_move(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-3.5 a move is due; TAN-3.6 there is a table that way."""
    to = at(a["pending"], p["seat"]) + 2 * p["right"] - 1
    return And(a["phase"] == LAY, at(a["pending"], p["seat"]) > 0, 1 <= to, to <= TABLES)


def _skip(cfg: Config, a: Abs, p: Params) -> Abs:
    return {**a, "pending": put(a["pending"], p["seat"], 0)}


def _may_skip(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-3.6 (TAN-A6 optional): an edge table's move may be left undone."""
    table = at(a["pending"], p["seat"])
    return And(a["phase"] == LAY, cfg.opt("edge-move") == "optional",
               Or(table == 1, table == TABLES))


def _lay_steps(move: str, rule: str, params: dict[str, Any],
               may: Callable[[Config, Abs, Params], Bool],
               body: Callable[[Config, Abs, Params], Abs],
               of: Callable[[Config, Any, Any, Any], Params], case: str = "") -> list[Step]:
    """Laying out goes on (``on``), or nobody has anything left to do and the round ends,
    the game with the last one (``end``, TAN-4.1, TAN-5.3)."""
    return _split(move, rule, "TAN-4.1", params, may, body,
                  lambda cfg, a: _laid_out(_lapse(cfg, a)), _settle_lay, of, case)


# --- parameters of concrete steps --------------------------------------------------------------
def _cart_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    return {"cart": int(act.args[0]) - 1}


def _take_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    return {"cart": int(act.args[0]) - 1, "seat": act.player}


def _lay_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    card = act.args[0]
    return {"seat": act.player, "fruit": FRUIT_INDEX[FRUIT_OF[card]],
            "move": int(EFFECT_OF[card] == "move")}


def _move_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    return {"seat": act.player, "right": int(act.args[0] == "right")}


def _seat_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    return {"seat": act.player}


Range = tuple[Limit, Limit]
_SEAT: Range = (0, _seat)
_BIT: Range = (0, 1)
_CART = {"cart": _SEAT}
_TAKE = {"cart": _SEAT, "seat": _SEAT}
_LAY = {"seat": _SEAT, "fruit": (0, NF - 1), "move": _BIT}
_MOVE = {"seat": _SEAT, "right": _BIT}


def _swap_guard(cfg: Config, a: Abs, p: Params) -> Bool:
    return And(_may_take(cfg, a, p), _has_cart(a, p["seat"]))


def _take_new(cfg: Config, a: Abs, p: Params) -> Bool:
    return And(_may_take(cfg, a, p), Not(_has_cart(a, p["seat"])))


STEPS = (
    Step("taco", "draw", "TAN-2.1", _CART, lambda cfg, a, p: a["phase"] == TACO_PHASE, _taco,
         _cart_of),
    *_deal_steps("keep", "TAN-2.3", _CART, _may_keep, _keep, _cart_of),
    *_deal_steps("place", "TAN-2.4", _CART, _may_place, _place, _cart_of),
    *_deal_steps("take", "TAN-2.6", _TAKE, _take_new, _take, _take_of),
    Step("take", "swap", "TAN-2.12", _TAKE, _swap_guard,
         lambda cfg, a, p: _settle(cfg, _take(cfg, a, p)), _take_of),
    *_lay_steps("lay", "TAN-3.1", _LAY, _may_lay, _lay, _lay_of),
    *_lay_steps("move", "TAN-3.5", _MOVE, _may_move, _move, _move_of),
    *_lay_steps("skip", "TAN-3.6", {"seat": _SEAT}, _may_skip, _skip, _seat_of),
)


# --- the invariants on counts ----------------------------------------------------------------
def _conserved(cfg: Config, a: Abs) -> Bool:
    """TAN-I1: every fruit card of the card list in one place (Taco and Granny lie in one
    place each by the way they are counted)."""
    tables = Sum(a["laid"]) + (Sum(a["salad"]) if "salad" in a else 0)  # TAN-7.5 salads
    return a["deck"] + a["hand"] + a["kept"] + Sum(a["cart"]) + Sum(a["haul"]) + tables \
        + a["out"] == a["cards"]


def _capacity(cfg: Config, a: Abs) -> Bool:
    """TAN-I2: no cart past its capacity (Granny as a 4th card under TAN-A7 fourth); the
    leader keeps at most one fruit card."""
    fourth = _fourth(cfg)
    carts = [_counted(cfg, a, i) <= _cap(a, i) + If(And(fourth, _granny_on(a, i)), 1, 0)
             for i in range(cfg.players)]
    return And(*carts, a["kept"] <= 1)


def _tables_ok(cfg: Config, a: Abs) -> Bool:
    """TAN-I3: a table holds one fruit (a table is seen as its fruit, -1 when empty), and no
    fruit lies on two tables of a seat; a seat that laid nothing has empty tables."""
    out = []
    for laid, fruits in zip(a["laid"], a["fruit"]):
        out.append(Or(laid > 0, *(f == -1 for f in fruits)))
        for t in range(TABLES):
            for u in range(t + 1, TABLES):
                out.append(Or(fruits[t] == -1, fruits[t] != fruits[u]))
    return And(*out)


def _one_cart_each(cfg: Config, a: Abs) -> Bool:
    """TAN-I4: a seat never holds two carts; laying out starts only when every seat has one
    (TAN-A8 lay-out: unless the deck ran dry)."""
    each = [Count(t == p for t in a["taken"]) <= 1 for p in range(cfg.players)]
    exempt = And(a["dry"] == 1, _lay_out(cfg))
    return And(*each, Or(a["phase"] != LAY, exempt, _everyone(cfg, a)))


def _never_dry(cfg: Config, a: Abs) -> Bool:
    """TAN-I5: the deck runs dry only when Granny had fewer cards under it than a round
    can take."""
    return Or(a["dry"] == 0, a["under"] < need(cfg, a))


def _phase_shape(cfg: Config, a: Abs) -> Bool:
    """TAN-I6: a drawn card only in the deal; hauls, pending moves (and special carts
    waiting to be used) only while laying out, a pending move on a table that has cards."""
    deal, lay = a["phase"] == DEAL, a["phase"] == LAY
    moves = [Or(t == 0, And(lay, at(row, t - 1) != -1)) for t, row in
             zip(a["pending"], a["fruit"])]
    specials = [k == NO_CART for k in a.get("spec", [])]  # TAN-7.4, TAN-7.5
    return And(Or(deal, _held(a) == 0), Or(lay, And(Sum(a["haul"]) == 0, *specials)), *moves)


def _places(cfg: Config, a: Abs) -> Bool:
    """Where things lie, phase by phase: before Taco is down nothing is dealt, Granny is in
    the deck and Taco with the leader; during the deal Taco is on a cart; outside it no
    cart holds a card and nothing is kept; Taco leaves the game only with the last round
    (an empty deck, TAN-A8 lay-out)."""
    phase = a["phase"]
    n = cfg.players
    empty = And(*(c == 0 for c in a["cart"]), a["kept"] == 0, a["hand"] == 0,
                a["gloc"] != G_KEPT, a["gloc"] != G_CART, a["gloc"] != G_HAND)
    untaken = And(*(t == ON_TABLE for t in a["taken"]))
    before = And(empty, untaken, a["tloc"] == T_SEAT, a["tseat"] == a["leader"],
                 a["gloc"] == G_DECK, a["last"] == 0, a["dry"] == 0,
                 *(h == 0 for h in a["haul"]), *(t == 0 for t in a["pending"]))
    deal = And(a["tloc"] == T_CART, *(t == 0 for t in a["pending"]), a["gloc"] != G_SEAT,
               a["gloc"] != G_OUT)
    lay = And(empty, a["tloc"] != T_CART, Or(a["tloc"] == T_SEAT, a["last"] == 1))
    over = And(empty, untaken, a["tloc"] != T_CART, a["dry"] == 0,
               *(h == 0 for h in a["haul"]), *(t == 0 for t in a["pending"]))
    canonical = And(Or(a["tloc"] == T_SEAT, a["tseat"] == 0),
                    Or(a["tloc"] == T_CART, a["tcart"] == 0),
                    Or(a["gloc"] == G_SEAT, a["gseat"] == 0),
                    Or(a["gloc"] == G_CART, a["gcart"] == 0),
                    Or(a["gloc"] == G_DECK, a["above"] == 0),
                    Or(a["dry"] == 0, a["last"] == 1), _held(a) <= 1)
    del n
    return And(canonical, Or(And(phase == TACO_PHASE, before), And(phase == DEAL, deal),
                             And(phase == LAY, lay), And(phase == OVER, over)))


def _granny_depth(cfg: Config, a: Abs) -> Bool:
    """Granny lies in the deck with at least ``under`` cards below it until drawn (drawing
    it makes the round the last, TAN-5.1); in the last round's deal, the deck and what was
    dealt hold at least as many (TAN-1.8): so the deck can only run dry once a round has
    taken more than ``under`` cards."""
    in_deck = a["gloc"] == G_DECK
    depth = Or(Not(in_deck), a["above"] <= a["deck"])
    first = Or(a["last"] == 1, And(in_deck, a["deck"] - a["above"] >= a["under"]))
    dealt = a["deck"] + a["hand"] + Sum(a["cart"]) + a["kept"]
    last = Or(a["phase"] != DEAL, a["last"] == 0, dealt >= a["under"])
    return And(depth, first, last)


def _deal_ok(cfg: Config, a: Abs) -> Bool:
    """During the deal some seat still lacks a cart; a drawn card can still be dealt; the
    round has dealt something or the leader holds a card, and (TAN-2.13 keep-only) the
    leader has a cart only once something was dealt; the leader kept one card at most,
    Granny included; once the deck ran dry nothing is drawn."""
    held = _held(a)
    may_deal = Or(held == 0, _any_open(cfg, a), _may_still_deal(cfg, a))
    something = Or(held > 0, _dealt(a) > 0)
    leader = Or(_leader_takes(cfg), Not(_has_cart(a, a["leader"])), _dealt(a) > 0)
    kept_any = a["kept"] + If(a["gloc"] == G_KEPT, 1, 0)
    kept = And(kept_any <= 1, Or(kept_any == 0, _has_cart(a, a["leader"])))
    dry = Or(a["dry"] == 0, And(a["deck"] == 0, a["gloc"] != G_DECK, held == 0))
    return Or(a["phase"] != DEAL, And(Not(_everyone(cfg, a)), may_deal, something, leader,
                                      kept, dry))


def _laying(cfg: Config, a: Abs) -> Bool:
    """While laying out, somebody has a card to lay or a move to make (else the round
    would have ended, TAN-4.1)."""
    return Or(a["phase"] != LAY, Not(_laid_out(a)))


INVARIANTS = forms(
    {"TAN-I1": _conserved, "TAN-I2": _capacity, "TAN-I3": _tables_ok,
     "TAN-I4": _one_cart_each, "TAN-I5": _never_dry, "TAN-I6": _phase_shape},
    {"TAN-S1": (_places, "where Taco, Granny and the dealt cards lie in each phase"),
     "TAN-S2": (_granny_depth, "the deck holds Granny's cards until a round takes them"),
     "TAN-S3": (_deal_ok, "a deal under way can go on and has dealt or holds a card"),
     "TAN-S4": (_laying, "laying out has something left to do")})


def _setup(cfg: Config, a: Abs) -> Bool:
    """TAN-1.4, TAN-1.8, TAN-1.9, TAN-2.1: the card list of the player count shuffled with
    Granny fifteen cards from the bottom, no cart taken, empty tables, Taco with the first
    leader."""
    n = cfg.players
    cards = len(standard_cards(n == 2))
    nothing = And(*(h == 0 for h in a["haul"]), *(t == 0 for t in a["pending"]),
                  *(c == 0 for c in a["laid"]),
                  *(f == -1 for row in a["fruit"] for f in row),
                  *(c == 0 for c in a["cart"]), *(t == ON_TABLE for t in a["taken"]))
    return And(a["phase"] == TACO_PHASE, a["cards"] == cards, a["deck"] == cards,
               a["under"] == 15, a["above"] == cards - 15, a["gloc"] == G_DECK,
               a["tloc"] == T_SEAT, a["tseat"] == a["leader"], a["tcart"] == 0,
               a["gseat"] == 0, a["gcart"] == 0, a["hand"] == 0, a["kept"] == 0,
               a["out"] == 0, a["dry"] == 0, a["last"] == 0, nothing)


def _measure(cfg: Config, a: Abs) -> list[Num]:
    """Whether the game goes on; how far the cards are from the tables (a card in the deck
    or the drawn one 4, dealt 3, in a haul 2, a pending move 1: every action but a cart
    taken lowers it, and every round lowers it, since each deals a card for good); the
    phase of the round; the carts still on the table."""
    deck = a["deck"] + a["hand"] + If(Or(a["gloc"] == G_DECK, a["gloc"] == G_HAND), 1, 0)
    far = 4 * deck + 3 * _dealt(a) + 2 * Sum(a["haul"]) + Count(t > 0 for t in a["pending"])
    stage = If(a["phase"] == TACO_PHASE, 2, If(a["phase"] == DEAL, 1, 0))
    return [If(a["phase"] == OVER, 0, 1), far, stage,
            Count(t == ON_TABLE for t in a["taken"])]


MODEL = Model(
    fields=FIELDS, abstract=abstract, steps=STEPS, invariants=INVARIANTS, setup=_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_measure,
    endless={"swap=yes": "a seat may put its cart back and take it again, so the same "
                         "position comes back during the deal",
             "leader-take=any": "the leader may take a cart with its drawn card, which goes "
                                "back on the deck, so a round may deal nothing for good"})


# --- the special carts (TAN-7) ------------------------------------------------------------------
#: what the variant adds: each cart's capacity (TAN-7.2), effect (``ckind``: none for the
#: large, small and secret carts, TAN-7.3) and fruit (``cfr``); each seat's special cart
#: waiting to be used (``spec``, ``sfr``) and its fruit salad (TAN-7.5)
SPECIAL_FIELDS = tuple(Field("cart", 0, 4, per_seat) if f.name == "cart" else f
                       for f in FIELDS) + (
    Field("cap", 2, 4, per_seat), Field("ckind", NO_CART, SALAD_CART, per_seat),
    Field("cfr", 0, NF - 1, per_seat), Field("spec", NO_CART, SALAD_CART, per_seat),
    Field("sfr", 0, NF - 1, per_seat), Field("salad", 0, MOST, per_seat),
    # TAN-A11 haul (else 0): cards of the Fruit Salad cart's fruit on it, the kept card of
    # that fruit, and each seat's cards of its waiting salad cart's fruit still to lay
    Field("sf", 0, 4), Field("ks", 0, 1), Field("sh", 0, 5, per_seat),
)
_KINDS = {"move": MOVE_CART, "salad": SALAD_CART}


def special_abstract(cfg: Config, s: TanukiState) -> Abs:
    a = abstract(cfg, s)
    kinds = [_KINDS.get(k.split("-")[0], NO_CART) for k in s.kinds]
    fruit = [FRUIT_INDEX[k[-1]] if "-" in k else 0 for k in s.kinds]
    return {**a, "cap": [CAPACITY[k] for k in s.kinds], "ckind": kinds, "cfr": fruit,
            "spec": [_KINDS.get(k.split("-")[0], NO_CART) for k in s.special],
            "sfr": [FRUIT_INDEX[k[-1]] if k else 0 for k in s.special],
            "salad": [len(c) for c in s.salad], **_salad_counts(cfg, s)}


def _salad_fruit(s: TanukiState) -> str | None:
    """The fruit of the Fruit Salad cart on the table, if there is one."""
    return next((k[-1] for k in s.kinds if k.startswith("salad-")), None)


def _salad_counts(cfg: Config, s: TanukiState) -> Abs:
    """TAN-A11 haul: how many cards of the salad's fruit lie on its cart, are kept by the
    leader, are left to lay by the seat whose salad cart waits (all 0 under tables)."""
    n, fruit = cfg.players, _salad_fruit(s)
    if not _salad_haul(cfg) or fruit is None:
        return {"sf": 0, "ks": 0, "sh": [0] * n}

    def of_fruit(cards: Any) -> int:
        return sum(1 for c in cards if FRUIT_OF.get(c) == fruit)

    cart = next(c for c, k in zip(s.carts, s.kinds) if k.startswith("salad-"))
    return {"sf": of_fruit(cart), "ks": of_fruit(s.kept),
            "sh": [of_fruit(s.haul[p] + s.haul_hidden[p])
                   if s.special[p].startswith("salad-") else 0 for p in range(n)]}


def _table_of(row: list[Num], fruit: Num) -> Num:
    """The table of ``row`` that holds ``fruit`` (-1: none, TAN-3.2)."""
    out: Num = -1
    for t in range(TABLES - 1, -1, -1):
        out = If(row[t] == fruit, t, out)
    return out


def _cart_waits(cfg: Config, a: Abs, seat: Num, kind: int, later: bool) -> Bool:
    """The seat's ``kind`` cart waits, no move is due, and (unless ``later``: TAN-A17 any,
    TAN-A11 haul) the seat has laid out its haul."""
    return And(a["phase"] == LAY, at(a["spec"], seat) == kind, at(a["pending"], seat) == 0,
               Or(later, at(a["haul"], seat) == 0))


def _used(a: Abs, seat: Num) -> Abs:
    b = {**a, "spec": put(a["spec"], seat, NO_CART), "sfr": put(a["sfr"], seat, 0)}
    return {**b, "sh": put(a["sh"], seat, 0)} if "sh" in a else b


def _may_shift(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-7.4: the Move Fruit cart's fruit lies on a table with one that way (TAN-3.6)."""
    seat = p["seat"]
    t = _table_of(_row(a, seat), at(a["sfr"], seat))
    to = t + 2 * p["right"] - 1
    later = cfg.opt("shift-timing") == "any"
    return And(_cart_waits(cfg, a, seat, MOVE_CART, later), t >= 0, 0 <= to, to < TABLES)


def _shift(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-7.4: the fruit's table changes places with its neighbour (as TAN-3.5)."""
    seat = p["seat"]
    fruits = _row(a, seat)
    t = _table_of(fruits, at(a["sfr"], seat))
    u = t + 2 * p["right"] - 1
    ft, fu = at(fruits, t), at(fruits, u)
    fruits = [If(k == t, fu, If(k == u, ft, f)) for k, f in enumerate(fruits)]
    return _used(_set_row(a, seat, fruits), seat)


def _may_salad(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-7.5: a card of the salad cart's fruit from the tables (TAN-A11 haul: from the
    haul); the table it leaves is empty after only if nothing else lay on it."""
    seat = p["seat"]
    if _salad_haul(cfg):
        return And(_cart_waits(cfg, a, seat, SALAD_CART, True), at(a["sh"], seat) > 0,
                   p["empties"] == 0)
    fruits = _row(a, seat)
    t = _table_of(fruits, at(a["sfr"], seat))
    tables = Count(f != -1 for f in fruits)
    return And(_cart_waits(cfg, a, seat, SALAD_CART, False), t >= 0,
               Or(p["empties"] == 1, at(a["laid"], seat) > tables))


def _salad(cfg: Config, a: Abs, p: Params) -> Abs:
    seat = p["seat"]
    b = {**a, "salad": put(a["salad"], seat, at(a["salad"], seat) + 1)}
    if _salad_haul(cfg):
        return _used({**b, "haul": put(a["haul"], seat, at(a["haul"], seat) - 1)}, seat)
    fruits = _row(a, seat)
    t = _table_of(fruits, at(a["sfr"], seat))
    fruits = [If(And(k == t, p["empties"] == 1), -1, f) for k, f in enumerate(fruits)]
    b = _set_row({**b, "laid": put(a["laid"], seat, at(a["laid"], seat) - 1)}, seat, fruits)
    return _used(b, seat)


def _may_decline(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-7.4, TAN-7.5: a special cart may be left unused once it may be used."""
    seat = p["seat"]
    move = _cart_waits(cfg, a, seat, MOVE_CART, cfg.opt("shift-timing") == "any")
    salad = _cart_waits(cfg, a, seat, SALAD_CART, _salad_haul(cfg))
    return Or(move, salad)


def _shift_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    return {"seat": act.player, "right": int(act.args[1] == "right")}


def _salad_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    seat = act.player
    filled = sum(1 for t in s.tables[seat] if t) - sum(1 for t in s2.tables[seat] if t)
    return {"seat": seat, "empties": filled}


def _salad_bit(cfg: Config) -> int:
    return int(_salad_haul(cfg))


def _may_deal_salad(may: Callable[[Config, Abs, Params], Bool]
                    ) -> Callable[[Config, Abs, Params], Bool]:
    """A dealt card is of the Fruit Salad cart's fruit (``sal``, TAN-A11 haul) only if it
    is a fruit card."""
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        return And(may(cfg, a, p), Or(p["sal"] == 0, a["gloc"] != G_HAND))
    return guard


def _keep_salad(cfg: Config, a: Abs, p: Params) -> Abs:
    return {**_keep(cfg, a, p), "ks": a["ks"] + p["sal"]}


def _place_salad(cfg: Config, a: Abs, p: Params) -> Abs:
    on_salad = at(a["ckind"], p["cart"]) == SALAD_CART
    return {**_place(cfg, a, p), "sf": a["sf"] + If(on_salad, p["sal"], 0)}


def _may_lay_salad(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-A11 haul: the laid card is of the waiting salad cart's fruit only while the
    haul holds one, and must be when it holds nothing else."""
    seat = p["seat"]
    ok = _may_lay(cfg, a, p)
    if not _salad_haul(cfg):
        return ok
    salad = And(at(a["spec"], seat) == SALAD_CART, p["fruit"] == at(a["sfr"], seat))
    left = at(a["sh"], seat)
    return And(ok, If(salad, left > 0, left < at(a["haul"], seat)))


def _lay_salad(cfg: Config, a: Abs, p: Params) -> Abs:
    b = _lay(cfg, a, p)
    if not _salad_haul(cfg):
        return b
    seat = p["seat"]
    salad = And(at(a["spec"], seat) == SALAD_CART, p["fruit"] == at(a["sfr"], seat))
    return {**b, "sh": put(a["sh"], seat, at(a["sh"], seat) - If(salad, 1, 0))}


def _with_sal(of: Callable[[Config, Any, Any, Any], Params]
              ) -> Callable[[Config, Any, Any, Any], Params]:
    """``of`` with ``sal``: the dealt card is of the Fruit Salad cart's fruit (TAN-A11
    haul; 0 under tables)."""
    def read(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
        fruit = _salad_fruit(s)
        card = s.hand[0] if s.hand else ""
        sal = _salad_haul(cfg) and fruit is not None and FRUIT_OF.get(card) == fruit
        return {**of(cfg, s, act, s2), "sal": int(sal)}
    return read


_CART_SALAD = {**_CART, "sal": (0, _salad_bit)}
SPECIAL_STEPS = tuple(s for s in STEPS if s.move not in ("keep", "place", "lay")) + (
    *_deal_steps("keep", "TAN-2.3", _CART_SALAD, _may_deal_salad(_may_keep), _keep_salad,
                 _with_sal(_cart_of)),
    *_deal_steps("place", "TAN-2.4", _CART_SALAD, _may_deal_salad(_may_place), _place_salad,
                 _with_sal(_cart_of)),
    *_lay_steps("lay", "TAN-3.1", _LAY, _may_lay_salad, _lay_salad, _lay_of),
    *_lay_steps("skip", "TAN-7.4", {"seat": _SEAT}, _may_decline,
                lambda cfg, a, p: _used(a, p["seat"]), _seat_of, case="cart."),
    *_lay_steps("shift", "TAN-7.4", _MOVE, _may_shift, _shift, _shift_of),
    *_lay_steps("salad", "TAN-7.5", {"seat": _SEAT, "empties": _BIT}, _may_salad, _salad,
                _salad_of),
)


def _special_kinds(cfg: Config, a: Abs) -> Bool:
    """The carts are special carts of the pool, one of each (TAN-7.1): the large (4),
    the small (2), the secret (3, no effect), a Move Fruit and a Fruit Salad cart (3,
    with a fruit); a waiting special cart has its fruit and only while laying out; so
    at most two seats have one waiting. A seat laid at least a card on each table that
    has a fruit (so a card the salad takes leaves a table empty only if it was alone).
    The salad's fruit (TAN-A11 haul) is counted among the cards that hold it: on the
    salad cart, the kept card, the haul of a seat whose salad cart waits."""
    kinds = [And(Or(k == NO_CART, c == 3), Or(k != NO_CART, f == 0))
             for k, c, f in zip(a["ckind"], a["cap"], a["cfr"])]
    ones = [Count(c == 4 for c in a["cap"]) <= 1, Count(c == 2 for c in a["cap"]) <= 1,
            Count(And(k == NO_CART, c == 3) for k, c in zip(a["ckind"], a["cap"])) <= 1,
            Count(k == MOVE_CART for k in a["ckind"]) <= 1,
            Count(k == SALAD_CART for k in a["ckind"]) <= 1]
    waiting = [And(Or(k != NO_CART, f == 0), Or(k == NO_CART, a["phase"] == LAY))
               for k, f in zip(a["spec"], a["sfr"])]
    cards = [Count(f != -1 for f in row) <= laid for row, laid in zip(a["fruit"], a["laid"])]
    on_salad = Sum(If(k == SALAD_CART, c, 0) for k, c in zip(a["ckind"], a["cart"]))
    salad = [a["sf"] <= on_salad, a["ks"] <= a["kept"],
             *(And(h <= n, Or(h == 0, k == SALAD_CART)) for h, n, k in
               zip(a["sh"], a["haul"], a["spec"]))]
    if not _salad_haul(cfg):  # TAN-A11 tables: nothing follows the salad's fruit
        salad = [a["sf"] == 0, a["ks"] == 0, *(h == 0 for h in a["sh"])]
    return And(*kinds, *ones, *waiting, *cards, *salad,
               Count(k == MOVE_CART for k in a["spec"]) <= 1,
               Count(k == SALAD_CART for k in a["spec"]) <= 1)


SPECIAL_INVARIANTS = INVARIANTS + forms(
    {}, {"TAN-S5": (_special_kinds, "the carts are the special pool's, one of each, and a "
                                    "special cart waits only while laying out")})


def _special_setup(cfg: Config, a: Abs) -> Bool:
    """TAN-7.1: as the base game (TAN-1.4 .. TAN-2.1), with special carts of the pool on
    the table and no salad yet."""
    return And(_setup(cfg, a), _special_kinds(cfg, a), a["sf"] == 0, a["ks"] == 0,
               *(k == NO_CART for k in a["spec"]), *(c == 0 for c in a["salad"]),
               *(h == 0 for h in a["sh"]))


def _special_measure(cfg: Config, a: Abs) -> list[Num]:
    """As the base game's, a special cart waiting counted with the pending moves (a
    round's deal gives at most two, and puts a card for good that weighs more)."""
    deck = a["deck"] + a["hand"] + If(Or(a["gloc"] == G_DECK, a["gloc"] == G_HAND), 1, 0)
    far = 6 * deck + 5 * _dealt(a) + 2 * Sum(a["haul"]) \
        + Count(t > 0 for t in a["pending"]) + Count(k != NO_CART for k in a["spec"])
    stage = If(a["phase"] == TACO_PHASE, 2, If(a["phase"] == DEAL, 1, 0))
    return [If(a["phase"] == OVER, 0, 1), far, stage,
            Count(t == ON_TABLE for t in a["taken"])]


SPECIAL_MODEL = Model(
    fields=SPECIAL_FIELDS, abstract=special_abstract, steps=SPECIAL_STEPS,
    invariants=SPECIAL_INVARIANTS, setup=_special_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_special_measure, endless=MODEL.endless)

# --- the solo game (TAN-8) ---------------------------------------------------------------------
#: the solo game: one player, always the leader (``leader`` stays 0), two plain carts
#: (TAN-8.2), no Taco; the automaton's pile (``auto``), the dots on each cart (``dots``,
#: TAN-8.5), the cart of the last placement (``lastp``, TAN-8.4, -1: none this round) and
#: the phase in which the player gives the automaton its cart (TAN-8.7). Which cart the
#: automaton prefers (TAN-8.6) depends on the fruit on the carts, not on their counts: it
#: is the placement's parameter ``prefers`` (2: it likes both alike).
SOLO = "solo"
GIVE = 4
SOLO_PHASES = {"deal": DEAL, "give": GIVE, "lay": LAY, "over": OVER}
CARTS = 2
SOLO_UNDER = 15  # TAN-1.8: Granny has fifteen cards under it at the set-up


def _two(cfg: Config) -> tuple[int, ...]:
    return (CARTS,)


SOLO_FIELDS = (
    Field("phase", DEAL, GIVE), Field("leader", 0, 0), Field("cards", 1, MOST),
    Field("under", 0, MOST), Field("deck", 0, MOST), Field("above", 0, MOST),
    Field("hand", 0, 1), Field("kept", 0, 1), Field("cart", 0, CAP, _two),
    Field("dots", 0, CAP * max(DOTS.values()), _two), Field("taken", AUTOMATON, 0, _two),
    Field("lastp", -1, CARTS - 1), Field("gloc", G_DECK, G_AUTO), Field("gcart", 0, CARTS - 1),
    Field("haul", 0, MOST, per_seat), Field("pending", 0, TABLES, per_seat),
    Field("laid", 0, MOST, per_seat), Field("fruit", -1, NF - 1, _tables),
    Field("auto", 0, MOST), Field("out", 0, MOST), Field("dry", 0, 1), Field("last", 0, 1),
)


def solo_abstract(cfg: Config, s: TanukiState) -> Abs:
    gloc, gcart = _granny_place(s)
    return {**_shared_counts(cfg, s, gloc), "phase": SOLO_PHASES[s.phase], "leader": 0,
            "dots": [sum(CARD_DOTS[c] for c in cart) for cart in s.carts],
            "lastp": s.last_placed, "gloc": gloc, "gcart": gcart,
            "auto": _fruit_cards(s.auto)}


# --- reading the solo table ----------------------------------------------------------------------
def _stop_first(cfg: Config) -> bool:
    """TAN-A23 before-draw: once the automaton has its cart, the player decides before
    drawing whether to go on."""
    return cfg.opt("solo-stop") == "before-draw"


def _solo_room(a: Abs, i: Num) -> Num:
    """TAN-2.7 on a plain cart: Granny takes room (no solo reading lets it ride on top)."""
    return CAP - at(a["cart"], i) - If(And(a["gloc"] == G_CART, a["gcart"] == i), 1, 0)


def _solo_open(a: Abs, i: int) -> Bool:
    return And(a["dry"] == 0, a["taken"][i] == ON_TABLE, _solo_room(a, i) > 0)


def _solo_any_open(a: Abs) -> Bool:
    return Or(*(_solo_open(a, i) for i in range(CARTS)))


def _mine(a: Abs) -> Bool:
    return Or(*(t == 0 for t in a["taken"]))


def _its(a: Abs) -> Bool:
    return Or(*(t == AUTOMATON for t in a["taken"]))


def _both_on_table(a: Abs) -> Bool:
    return And(*(t == ON_TABLE for t in a["taken"]))


# --- what the solo deal does by itself (TAN-8.5 .. TAN-8.10) ---------------------------------------
def _automaton_chooses(cfg: Config, a: Abs, prefers: Num) -> Abs:
    """TAN-8.6 the cart it prefers; TAN-8.7 both alike: the player gives it one."""
    took = {**a, "taken": put(a["taken"], prefers, AUTOMATON)}
    return pick(prefers == CARTS, {**a, "phase": GIVE}, took)


def _automaton_check(cfg: Config, a: Abs, prefers: Num) -> Abs:
    """TAN-8.5 after a placement while both carts are on the table: the dots reach the
    day's threshold (TAN-A14 full-first: unless both carts are full)."""
    reach = Sum(a["dots"]) >= DAYS[cfg.opt("day")].threshold
    check_first = cfg.opt("threshold-check") == "check-first"
    calls = And(_both_on_table(a), reach, Or(check_first, _solo_any_open(a)))
    return pick(calls, _automaton_chooses(cfg, a, prefers), a)


def _solo_full(cfg: Config, a: Abs, prefers: Num) -> Abs:
    """No cart can take a card: the player has its cart, so the automaton takes the one
    left (TAN-8.9); or neither has one and (TAN-A15 automaton-prefers) the automaton
    chooses; else the player takes a cart (TAN-8.10, TAN-8.8)."""
    left = If(a["taken"][0] == ON_TABLE, 0, 1)
    takes_left = _solo_start(cfg, {**a, "taken": put(a["taken"], left, AUTOMATON)})
    prefers_first = cfg.opt("never-reached") == "automaton-prefers"
    chooses = _automaton_chooses(cfg, a, prefers)
    return pick(_mine(a), takes_left, pick(And(Not(_its(a)), prefers_first), chooses, a))


def _solo_draw(cfg: Config, a: Abs, prefers: Num) -> Abs:
    """TAN-2.2 the next card; TAN-2.15 (TAN-A8) an empty deck."""
    dry = {**a, "last": 1, "dry": 1}
    out = _solo_start(cfg, dry) if _lay_out(cfg) else _solo_full(cfg, dry, prefers)
    return pick(_deck_empty(a), out, _top_card(a))


def _solo_settle(cfg: Config, a: Abs, prefers: Num) -> Abs:
    """After an action of the solo deal: both carts taken, laying out begins (the drawn
    card back on top, TAN-2.11); a drawn card waits; with no cart open, TAN-8.9 / 8.10;
    TAN-A23 before-draw: the player decides; else the next card is drawn."""
    return pick(And(_mine(a), _its(a)), _solo_start(cfg, _to_deck_top(a)),
                pick(Or(a["phase"] != DEAL, _held(a) > 0), a,
                     pick(Not(_solo_any_open(a)), _solo_full(cfg, a, prefers),
                          pick(And(_its(a), _stop_first(cfg)), a,
                               _solo_draw(cfg, a, prefers)))))


def _solo_start(cfg: Config, a: Abs) -> Abs:
    """TAN-3.1: the player gets its kept card and its cart, the automaton piles its own
    (TAN-8.11); Granny goes with the cart it lies on; a cart nobody took leaves the game
    (TAN-2.15)."""
    def on(who: int) -> Num:
        return Sum(If(t == who, c, 0) for t, c in zip(a["taken"], a["cart"]))

    g_to = at(a["taken"], a["gcart"])
    gloc = If(a["gloc"] == G_KEPT, G_SEAT,
              If(a["gloc"] == G_CART,
                 If(g_to == 0, G_SEAT, If(g_to == AUTOMATON, G_AUTO, G_OUT)), a["gloc"]))
    b = {**a, "phase": LAY, "hand": 0, "kept": 0, "cart": [0] * CARTS, "dots": [0] * CARTS,
         "lastp": -1, "haul": [a["haul"][0] + a["kept"] + on(0)],
         "auto": a["auto"] + on(AUTOMATON), "out": a["out"] + on(ON_TABLE),
         "gloc": gloc, "gcart": 0}
    return _solo_settle_lay(cfg, b)


def _solo_settle_lay(cfg: Config, a: Abs) -> Abs:
    return pick(_laid_out(a), _solo_end_round(cfg, a), a)


def _solo_end_round(cfg: Config, a: Abs) -> Abs:
    """TAN-4.1 the carts go back; TAN-5.3 after the last round the game is over; else
    TAN-8.3 the player leads again and draws (a round that is not the last finds Granny
    still in the deck, TAN-5.1, so there is a card to draw)."""
    b = {**a, "taken": [ON_TABLE] * CARTS, "dry": 0}
    return pick(a["last"] == 1, {**b, "phase": OVER}, _top_card({**b, "phase": DEAL}))


# --- the solo player's moves -------------------------------------------------------------------------
def _solo_rooms(a: Abs) -> list[Num]:
    return [_solo_room(a, i) for i in range(CARTS)]


def _solo_deals(a: Abs, i: Num) -> Bool:
    """TAN-2.3, TAN-2.4: the player holds a drawn card; the cart is on the table."""
    return And(a["phase"] == DEAL, _held(a) > 0, at(a["taken"], i) == ON_TABLE)


def _solo_may_keep(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-8.3 keep with a cart; TAN-2.10 a full cart only while the other can take a
    card."""
    i = p["cart"]
    others = Or(*(And(_solo_open(a, k), i != k) for k in range(CARTS)))
    return And(_solo_deals(a, i), Not(_mine(a)), Or(at(_solo_rooms(a), i) > 0, others))


def _solo_may_place(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-2.7 a cart with room; TAN-8.4 placements alternate while both carts are on the
    table, unless the other is full; the card's dots (Granny has none, TAN-8.5)."""
    i, dots = p["cart"], p["dots"]
    rooms = _solo_rooms(a)
    alternate = Or(a["lastp"] < 0, Not(_both_on_table(a)), i != a["lastp"],
                   at(rooms, 1 - i) <= 0)
    card = If(a["gloc"] == G_HAND, dots == 0, dots >= 1)
    return And(_solo_deals(a, i), at(rooms, i) > 0, alternate, card)


def _solo_place(cfg: Config, a: Abs, p: Params) -> Abs:
    i = p["cart"]
    b = {**_place(cfg, a, p), "lastp": i,
         "dots": [If(i == k, d + p["dots"], d) for k, d in enumerate(a["dots"])]}
    return _solo_settle(cfg, _automaton_check(cfg, b, p["prefers"]), p["prefers"])


def _solo_may_take(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-8.3 the player takes a cart by keeping a card, unless the automaton has its
    cart (TAN-8.8; TAN-A23 after-draw: even holding a card) or none can take a card
    (TAN-8.10)."""
    free = Or(_held(a) == 0, And(_its(a), not _stop_first(cfg)))
    return And(a["phase"] == DEAL, at(a["taken"], p["cart"]) == ON_TABLE, Not(_mine(a)),
               free, Or(_its(a), Not(_solo_any_open(a))))


def _solo_take(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-8.8 (after-draw) the drawn card back on top; the cart taken."""
    b = _to_deck_top(a)
    return _solo_settle(cfg, {**b, "taken": put(b["taken"], p["cart"], 0)}, CARTS)


def _solo_may_draw(cfg: Config, a: Abs, p: Params) -> Bool:
    """TAN-8.8 (TAN-A23 before-draw): the automaton has its cart, the player's can take a
    card, and the player chooses to go on."""
    return And(_stop_first(cfg), a["phase"] == DEAL, _its(a), Not(_mine(a)), _held(a) == 0,
               _solo_any_open(a))


def _solo_give(cfg: Config, a: Abs, p: Params) -> Abs:
    """TAN-8.7: the player gives the automaton a cart."""
    b = {**a, "phase": DEAL, "taken": put(a["taken"], p["cart"], AUTOMATON)}
    return _solo_settle(cfg, b, CARTS)


def _solo_may_give(cfg: Config, a: Abs, p: Params) -> Bool:
    return And(a["phase"] == GIVE, at(a["taken"], p["cart"]) == ON_TABLE)


def _place_of(cfg: Config, s: TanukiState, act: Any, s2: TanukiState) -> Params:
    """The cart, the card's dots and the automaton's preference between the carts as they
    are after the placement (TAN-8.6; 2: alike)."""
    i = int(act.args[0]) - 1
    card = s.hand[0]
    carts = tuple(c + (card,) if k == i else c for k, c in enumerate(s.carts))
    choice = automaton_choice(cfg, carts)
    return {"cart": i, "dots": CARD_DOTS[card], "prefers": CARTS if choice is None else choice}


def _solo_deal(move: str, rule: str, params: dict[str, Any],
               may: Callable[[Config, Abs, Params], Bool],
               effect: Callable[[Config, Abs, Params], Abs],
               of: Callable[[Config, Any, Any, Any], Params]) -> Step:
    return Step(move, "deal", rule, params, may, effect, of)


def _solo_lay(move: str, rule: str, params: dict[str, Any],
              may: Callable[[Config, Abs, Params], Bool],
              body: Callable[[Config, Abs, Params], Abs],
              of: Callable[[Config, Any, Any, Any], Params]) -> list[Step]:
    return _split(move, rule, "TAN-4.1", params, may, body, lambda cfg, a: _laid_out(a),
                  _solo_settle_lay, of)


_SOLO_CART: dict[str, Range] = {"cart": (0, CARTS - 1)}
SOLO_STEPS = (
    _solo_deal("keep", "TAN-8.3", _SOLO_CART, _solo_may_keep,
               lambda cfg, a, p: _solo_settle(cfg, _keep(cfg, a, p), CARTS), _cart_of),
    _solo_deal("place", "TAN-8.4", {**_SOLO_CART, "dots": (0, max(DOTS.values())),
                                    "prefers": (0, CARTS)},
               _solo_may_place, _solo_place, _place_of),
    _solo_deal("take", "TAN-8.8", _SOLO_CART, _solo_may_take, _solo_take, _cart_of),
    _solo_deal("draw", "TAN-8.8", {}, _solo_may_draw,
               lambda cfg, a, p: _solo_settle(cfg, _solo_draw(cfg, a, CARTS), CARTS),
               lambda cfg, s, act, s2: {}),
    _solo_deal("give", "TAN-8.7", _SOLO_CART, _solo_may_give, _solo_give, _cart_of),
    *_solo_lay("lay", "TAN-3.1", _LAY, _may_lay, _lay, _lay_of),
    *_solo_lay("move", "TAN-3.5", _MOVE, _may_move, _move, _move_of),
    *_solo_lay("skip", "TAN-3.6", {"seat": _SEAT}, _may_skip, _skip, _seat_of),
)


# --- the solo invariants on counts ----------------------------------------------------------------
def _solo_conserved(cfg: Config, a: Abs) -> Bool:
    """TAN-I1, with the automaton's pile."""
    return a["deck"] + a["hand"] + a["kept"] + Sum(a["cart"]) + Sum(a["haul"]) \
        + Sum(a["laid"]) + a["auto"] + a["out"] == a["cards"]


def _solo_capacity(cfg: Config, a: Abs) -> Bool:
    """TAN-I2: no cart holds more than 3 cards, Granny included; one kept card at most."""
    return And(*(r >= 0 for r in _solo_rooms(a)), a["kept"] <= 1)


def _solo_one_cart(cfg: Config, a: Abs) -> Bool:
    """TAN-I4: the player and the automaton hold a cart each at most, both of them once
    laying out starts (TAN-8.9; TAN-A8 lay-out: unless the deck ran dry)."""
    each = [Count(t == who for t in a["taken"]) <= 1 for who in (0, AUTOMATON)]
    exempt = And(a["dry"] == 1, _lay_out(cfg))
    return And(*each, Or(a["phase"] != LAY, exempt, And(_mine(a), _its(a))))


def _solo_never_dry(cfg: Config, a: Abs) -> Bool:
    """TAN-I5: a round takes at most the two carts' room, Granny's place less and the kept
    card more (``invariants.round_need``)."""
    return Or(a["dry"] == 0, a["under"] < CARTS * CAP)


def _solo_places(cfg: Config, a: Abs) -> Bool:
    """Where things lie, phase by phase: Granny is in the deck or dealt during the deal,
    in the deck or dealt to a cart while the player gives one (both carts still on the
    table, neither taken); outside the deal the carts are empty and back on the table
    once the game is over; each cart's dots lie between one and three a fruit card;
    the last placement's cart holds a card, and none was placed when there is none."""
    phase = a["phase"]
    dealt = [c + If(And(a["gloc"] == G_CART, a["gcart"] == i), 1, 0)
             for i, c in enumerate(a["cart"])]
    dots = [And(c <= d, d <= max(DOTS.values()) * c) for c, d in zip(a["cart"], a["dots"])]
    placed = If(a["lastp"] < 0, Sum(dealt) == 0, at(dealt, a["lastp"]) > 0)
    dealing = Or(a["gloc"] == G_DECK, a["gloc"] == G_HAND, a["gloc"] == G_KEPT,
                 a["gloc"] == G_CART)
    empty = And(*(c == 0 for c in dealt), a["kept"] == 0, _held(a) == 0,
                a["gloc"] != G_KEPT, a["lastp"] == -1)
    canonical = And(a["leader"] == 0, Or(a["gloc"] == G_CART, a["gcart"] == 0),
                    Or(a["gloc"] == G_DECK, a["above"] == 0), Or(a["dry"] == 0, a["last"] == 1),
                    _held(a) <= 1, *dots, placed)
    deal = And(dealing, Or(phase == DEAL, And(_both_on_table(a), _held(a) == 0)))
    # Granny may end the game back in the deck (drawn, then returned: TAN-8.8 after-draw)
    over = And(empty, _both_on_table(a), a["dry"] == 0, a["gloc"] != G_CART)
    return And(canonical, Or(And(Or(phase == DEAL, phase == GIVE), deal),
                             And(phase == LAY, empty), And(phase == OVER, over)))


def _solo_granny_depth(cfg: Config, a: Abs) -> Bool:
    """As the base game's (TAN-S2), the player's choosing the automaton's cart counted
    with the deal."""
    in_deck = a["gloc"] == G_DECK
    depth = Or(Not(in_deck), a["above"] <= a["deck"])
    first = Or(a["last"] == 1, And(in_deck, a["deck"] - a["above"] >= a["under"]))
    dealt = a["deck"] + a["hand"] + Sum(a["cart"]) + a["kept"]
    dealing = Or(a["phase"] == DEAL, a["phase"] == GIVE)
    return And(depth, first, Or(Not(dealing), a["last"] == 0, dealt >= a["under"]))


def _solo_deal_ok(cfg: Config, a: Abs) -> Bool:
    """The solo deal at rest: a drawn card with a cart that can take it; else the
    automaton has its cart and (TAN-A23 before-draw) the player may stop or draw on, or
    no cart can take a card and the player takes one (TAN-8.8, TAN-8.10); the player
    never waits with its own cart; a kept card goes with the player's cart; an automaton
    with a cart took it at the day's threshold or once no cart could take a card; while
    the player gives a cart, neither is taken; once the deck ran dry nothing is drawn."""
    held = _held(a)
    reach = Sum(a["dots"]) >= DAYS[cfg.opt("day")].threshold
    closed = Or(a["dry"] == 1, And(*(r == 0 for r in _solo_rooms(a))))
    kept_any = a["kept"] + If(a["gloc"] == G_KEPT, 1, 0)
    waiting = If(held > 0, _solo_any_open(a),
                 Or(And(_its(a), _stop_first(cfg), _solo_any_open(a)),
                    And(Not(_solo_any_open(a)), Or(_its(a), cfg.opt("never-reached")
                                                   == "player-first"))))
    dry = Or(a["dry"] == 0, And(_deck_empty(a), held == 0))
    deal = And(Not(And(_mine(a), _its(a))), Or(held > 0, Not(_mine(a))), waiting,
               kept_any <= 1, Or(kept_any == 0, _mine(a)), Or(Not(_its(a)), reach, closed))
    give = And(_both_on_table(a), Or(reach, closed), kept_any == 0)
    return And(dry, Or(And(a["phase"] == DEAL, deal), And(a["phase"] == GIVE, give),
                       a["phase"] == LAY, a["phase"] == OVER))


SOLO_INVARIANTS = forms(
    {"TAN-I1": _solo_conserved, "TAN-I2": _solo_capacity, "TAN-I3": _tables_ok,
     "TAN-I4": _solo_one_cart, "TAN-I5": _solo_never_dry, "TAN-I6": _phase_shape},
    {"TAN-S1": (_solo_places, "where Granny and the dealt cards lie in each phase of the "
                              "solo game, and the dots on the carts"),
     "TAN-S2": (_solo_granny_depth, "the deck holds Granny's cards until a round takes them"),
     "TAN-S3": (_solo_deal_ok, "the solo deal at rest waits for the player, who has a "
                               "move"),
     "TAN-S4": (_laying, "laying out has something left to do")})


def _solo_setup(cfg: Config, a: Abs) -> Bool:
    """TAN-8.2 the deck of two players (TAN-A16 full: all cards), Granny fifteen cards from
    the bottom, two empty carts, empty tables; TAN-8.14 the first card already drawn."""
    cards = len(standard_cards(cfg.opt("solo-deck") == "two-player"))
    nothing = And(*(h == 0 for h in a["haul"]), *(t == 0 for t in a["pending"]),
                  *(c == 0 for c in a["laid"]), *(f == -1 for row in a["fruit"] for f in row),
                  *(c == 0 for c in a["cart"]), *(d == 0 for d in a["dots"]),
                  *(t == ON_TABLE for t in a["taken"]))
    return And(a["phase"] == DEAL, a["leader"] == 0, a["cards"] == cards,
               a["deck"] == cards - 1, a["hand"] == 1, a["under"] == SOLO_UNDER,
               a["above"] == cards - SOLO_UNDER - 1, a["gloc"] == G_DECK, a["gcart"] == 0,
               a["kept"] == 0, a["lastp"] == -1, a["auto"] == 0, a["out"] == 0,
               a["dry"] == 0, a["last"] == 0, nothing)


def _solo_measure(cfg: Config, a: Abs) -> list[Num]:
    """Whether the game goes on; how far the cards are from the tables (in the deck or
    drawn 4, dealt 3, in the haul 2, a pending move 1; the automaton's pile 0); the
    phase (the player giving a cart, the deal, laying out); the carts on the table;
    whether the deck may still run dry; and whether the next card is still to be drawn (a
    draw of the player's, TAN-8.8, lowers only one of the last two)."""
    deck = a["deck"] + a["hand"] + If(Or(a["gloc"] == G_DECK, a["gloc"] == G_HAND), 1, 0)
    far = 4 * deck + 3 * _dealt(a) + 2 * Sum(a["haul"]) + Count(t > 0 for t in a["pending"])
    stage = If(a["phase"] == GIVE, 2, If(a["phase"] == DEAL, 1, 0))
    return [If(a["phase"] == OVER, 0, 1), far, stage,
            Count(t == ON_TABLE for t in a["taken"]), 1 - a["dry"], 1 - _held(a)]


SOLO_MODEL = Model(
    fields=SOLO_FIELDS, abstract=solo_abstract, steps=SOLO_STEPS,
    invariants=SOLO_INVARIANTS, setup=_solo_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_solo_measure)

#: the models of the variants, by name (the base game's is :data:`MODEL`)
VARIANTS = {SPECIAL: SPECIAL_MODEL, SOLO: SOLO_MODEL}
