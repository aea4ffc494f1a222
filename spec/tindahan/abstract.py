"""Tindahan on counts: each move's effect on cards per place, sellers, tricks and rounds.

The proofs (``proofs/obligations.py``) check every branch below against every invariant's
abstract form on Z3 terms, at three, four and five seats; the agreement checks run the
same functions on the counts of real states and hold them to the engine's own steps and
invariants. A card is seen only as its fruit: which card a seat holds is left to the
concrete rules, so an abstract play may be any card of a fruit in play (TIN-4.1's duty to
follow only narrows that).
"""
from __future__ import annotations

from typing import Any

from spec.common.abstract import (Abs, Field, Model, Params, Step, among, at, bump, forms,
                                  left_of, per_seat, put)
from spec.common.core import Config
from spec.common.symbolic import And, Bool, If, Not, Num, Or, Sum

from .state import FRUIT_OF, FRUITS, HAND_SIZE, SELLERS, TinState, most_placed

START, TRICK, OVER = 0, 1, 2
PHASES = {"start": START, "trick": TRICK, "over": OVER}
NF = len(FRUITS)


def _n(cfg: Config) -> int:
    return cfg.players


def _stalls(cfg: Config) -> tuple[int, ...]:
    return (NF, cfg.players)


FIELDS = (
    Field("phase", START, OVER), Field("round", 1, _n), Field("done", 0, _n),
    Field("dealer", 0, lambda cfg: cfg.players - 1),
    Field("leader", 0, lambda cfg: cfg.players - 1),
    Field("turn", -1, lambda cfg: cfg.players - 1),
    Field("cart", 0, NF - 1), Field("led", -1, NF - 1), Field("moved", 0, 1),
    Field("acted", 0, lambda cfg: cfg.players + 1),
    Field("trick", 0, lambda cfg: cfg.players + 1),
    Field("seats", 0, lambda cfg: cfg.players + 1),
    Field("inplay", 0, 1, lambda cfg: (NF,)), Field("card", 0, 1, per_seat),
    Field("hand", 0, HAND_SIZE, per_seat), Field("won", 0, HAND_SIZE, per_seat),
    Field("taken", 0, lambda cfg: HAND_SIZE * cfg.players, per_seat),
    Field("stall", 0, lambda cfg: cfg.players * most_placed(cfg.players), _stalls,
          seats_last=True),
    Field("supply", 0, SELLERS, per_seat),
    Field("placed", 0, lambda cfg: most_placed(cfg.players), per_seat),
)


def abstract(cfg: Config, s: TinState) -> Abs:
    """The counts of a concrete state."""
    return {
        "phase": PHASES[s.phase], "round": s.round, "done": len(s.rounds),
        "dealer": s.dealer, "leader": s.leader, "turn": s.turn, "cart": s.cart,
        "led": s.led, "moved": int(s.cart_moved), "acted": s.acted, "trick": len(s.trick),
        "seats": len(s.trick_seats),
        "card": [int(i in s.trick_seats) for i in range(cfg.players)], "inplay": [int(f in s.fruits) for f in FRUITS],
        "hand": [len(h) for h in s.hands], "won": list(s.tricks_won),
        "taken": [len(t) for t in s.taken], "stall": [list(r) for r in s.stalls],
        "supply": list(s.supply), "placed": list(s.placed),
    }


# --- what the readings change ---------------------------------------------------------------
def _plays_last(cfg: Config) -> bool:
    return cfg.opt("cart-mover") == "plays-last"


def _unlimited(cfg: Config) -> bool:
    return cfg.opt("no-sellers") == "unlimited"


def _actions(cfg: Config, a: Abs) -> Num:
    """TIN-3.5 (with TIN-A2): the actions a trick lasts."""
    return cfg.players + If(And(a["moved"] == 1, _plays_last(cfg)), 1, 0)


def _standing(a: Abs, seat: int) -> Num:
    return Sum(row[seat] for row in a["stall"])


def _did(cfg: Config, a: Abs, seat: int) -> Num:
    """How often ``seat`` played a card or placed a seller in this trick: the seats act in
    turn from the leader (TIN-3.4, TIN-3.6), and a cart move is no card (TIN-3.7)."""
    n = cfg.players
    place = If(seat >= a["leader"], seat - a["leader"], seat - a["leader"] + n)
    mover = And(a["moved"] == 1, a["leader"] == seat)
    return If(place < a["acted"], 1, 0) - If(mover, 1, 0)


def _tricks(a: Abs) -> Num:
    return Sum(a["won"])


# --- the effects ----------------------------------------------------------------------------
def _acted_once(cfg: Config, a: Abs) -> Abs:
    return {**a, "turn": left_of(a["turn"], cfg.players), "acted": a["acted"] + 1}


def _play(cfg: Config, a: Abs, p: Params) -> Abs:
    """TIN-3.4: a card of fruit ``fruit`` goes from the seat's hand onto the trick."""
    t = a["turn"]
    return _acted_once(cfg, {**a, "hand": bump(a["hand"], t, -1),
                             "led": If(a["led"] < 0, p["fruit"], a["led"]),
                             "trick": a["trick"] + 1, "seats": a["seats"] + 1,
                             "card": put(a["card"], t, 1)})


def _seller(cfg: Config, a: Abs, p: Params) -> Abs:
    """TIN-5.1: a seller (TIN-5.4: a stand-in once none is left) on the led fruit's stall."""
    t, led = a["turn"], a["led"]
    stall = [put(row, t, at(row, t) + If(led == f, 1, 0)) for f, row in enumerate(a["stall"])]
    left = at(a["supply"], t)
    return _acted_once(cfg, {**a, "stall": stall,
                             "supply": put(a["supply"], t, If(left > 0, left - 1, 0)),
                             "placed": bump(a["placed"], t, 1)})


def _award(cfg: Config, a: Abs, p: Params) -> Abs:
    """TIN-4.4, TIN-4.5, TIN-4.6: the winner keeps the trick and leads the next one."""
    w = p["winner"]
    return {**a, "won": bump(a["won"], w, 1), "taken": bump(a["taken"], w, a["trick"]),
            "leader": w, "turn": w, "led": -1, "moved": 0, "acted": 0, "trick": 0,
            "seats": 0, "card": [0] * cfg.players}


def _next_round(cfg: Config, a: Abs) -> Abs:
    """TIN-7.1..7.3: the deal passes left, ten new cards each, the stalls as TIN-A10 says,
    the cart as TIN-A9 says."""
    n = cfg.players
    dealer = left_of(a["dealer"], n)
    stay = cfg.opt("sellers-between-rounds") == "stay"
    start = cfg.opt("cart-start")
    return {**a, "phase": START if start == "dealer-chooses" else TRICK,
            "round": a["round"] + 1, "done": a["done"] + 1, "dealer": dealer,
            "leader": left_of(dealer, n), "turn": left_of(dealer, n),
            "cart": 0 if start == "bananas" else a["cart"],
            "hand": [HAND_SIZE] * n, "won": [0] * n, "taken": [0] * n,
            "stall": a["stall"] if stay else [[0] * n for _ in FRUITS],
            "supply": a["supply"] if stay else [SELLERS] * n, "placed": [0] * n}


def _ends_trick(cfg: Config, before: Abs, after: Abs) -> Bool:
    return after["acted"] == _actions(cfg, before)


def _round_over(after: Abs) -> Bool:
    return Or(*(h == 0 for h in after["hand"]))


def _then(act: Any, case: str) -> Any:
    """A card or a seller, followed by what the end of the trick brings in ``case``."""
    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        b = act(cfg, a, p)
        if case == "mid":
            return b
        c = _award(cfg, b, p)
        if case == "trick":
            return c
        if case == "round":
            return _next_round(cfg, c)
        return {**c, "phase": OVER, "turn": -1, "done": c["done"] + 1}
    return effect


def _then_guard(act: Any, may: Any, case: str) -> Any:
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        b = act(cfg, a, p)
        ends = _ends_trick(cfg, a, b)
        # TIN-4.4: the trick goes to a seat that played a card to it
        won = at(b["card"], p["winner"]) == 1 if "winner" in p else True
        when = {"mid": Not(ends), "trick": And(ends, won, Not(_round_over(b))),
                "round": And(ends, won, _round_over(b), a["round"] < cfg.players),
                "end": And(ends, won, _round_over(b), a["round"] >= cfg.players)}[case]
        return And(may(cfg, a, p), when)
    return guard


def _may_play(cfg: Config, a: Abs, p: Params) -> Bool:
    """TIN-4.7: a card of the hand, of a fruit in play (TIN-1.1)."""
    return And(a["phase"] == TRICK, at(a["hand"], a["turn"]) > 0,
               at(a["inplay"], p["fruit"]) == 1)


def _may_place(cfg: Config, a: Abs, p: Params) -> Bool:
    """TIN-5.1 once a card is led; TIN-5.2 not the starting seat; TIN-5.4 with a seller
    left, unless TIN-A7 lets a stand-in go."""
    return And(a["phase"] == TRICK, a["turn"] != a["leader"], a["led"] >= 0,
               Or(_unlimited(cfg), at(a["supply"], a["turn"]) > 0))


def _winner(cfg: Config, s: TinState, act: Any, s2: TinState) -> int:
    """Who took the trick this action ended (0 when it ended none)."""
    if s2.phase == "over":
        grew = [i for i in range(cfg.players) if s2.tricks_won[i] > s.tricks_won[i]]
        return grew[0] if grew else 0
    if s2.round != s.round:  # a new round starts afresh: read the rules' own resolution
        from .scoring import trick_winner_cards
        played = act.name == "play"
        trick = s.trick + ((act.args[0],) if played else ())
        seats = s.trick_seats + ((act.player,) if played else ())
        led = s.led if s.led >= 0 else FRUIT_OF[trick[0]]
        return seats[trick_winner_cards(trick, s.cart, led)]
    return s2.leader if s2.acted == 0 else 0


def _card_params(cfg: Config, s: TinState, act: Any, s2: TinState) -> Params:
    out = {"winner": _winner(cfg, s, act, s2)}
    if act.name == "play":
        out["fruit"] = FRUIT_OF[act.args[0]]
    return out


_SEAT = (0, lambda cfg: cfg.players - 1)
_FRUIT = (0, NF - 1)
_CASES = {"mid": "TIN-3.4", "trick": "TIN-4.4", "round": "TIN-6.1", "end": "TIN-8.1"}


def _card_steps() -> list[Step]:
    out = []
    for case, rule in _CASES.items():
        out.append(Step("play", case, rule,
                        {"fruit": _FRUIT, **({} if case == "mid" else {"winner": _SEAT})},
                        _then_guard(_play, _may_play, case), _then(_play, case),
                        _card_params))
        out.append(Step("seller", case, rule, {} if case == "mid" else {"winner": _SEAT},
                        _then_guard(_seller, _may_place, case), _then(_seller, case),
                        _card_params))
    return out


def _cart_start(cfg: Config, a: Abs, p: Params) -> Abs:
    return {**a, "phase": TRICK, "cart": p["fruit"]}


def _cart_drive(cfg: Config, a: Abs, p: Params) -> Abs:
    return {**a, "cart": p["fruit"], "moved": 1, "turn": left_of(a["turn"], cfg.players),
            "acted": 1}


def _cart_fruit(cfg: Config, s: Any, act: Any, s2: Any) -> Params:
    return {"fruit": FRUITS.index(act.args[0])}


STEPS = (
    *_card_steps(),
    Step("cart", "start", "TIN-7.3", {"fruit": _FRUIT},
         lambda cfg, a, p: And(a["phase"] == START, at(a["inplay"], p["fruit"]) == 1),
         _cart_start, _cart_fruit),
    Step("cart", "drive", "TIN-3.2", {"fruit": _FRUIT},
         lambda cfg, a, p: And(a["phase"] == TRICK, a["acted"] == 0,
                               at(a["inplay"], p["fruit"]) == 1, p["fruit"] != a["cart"]),
         _cart_drive, _cart_fruit),
)


# --- the invariants on counts ---------------------------------------------------------------
def _cards(cfg: Config, a: Abs) -> Bool:
    """TIN-I1: hands, won tricks and the table hold the ten cards of each fruit in play."""
    return Sum(a["hand"]) + Sum(a["taken"]) + a["trick"] == HAND_SIZE * cfg.players


def _sellers(cfg: Config, a: Abs) -> Bool:
    """TIN-I2: nine sellers a seat, placed or beside it (unless TIN-A7 frees them), and
    none on a stall not in play."""
    per_seat_ok = [And(among(a["supply"][i], 0, SELLERS), a["placed"][i] <= _standing(a, i),
                       Or(_unlimited(cfg), _standing(a, i) + a["supply"][i] == SELLERS))
                   for i in range(cfg.players)]
    off_stall = [Or(a["inplay"][f] == 1, And(*(v == 0 for v in row)))
                 for f, row in enumerate(a["stall"])]
    return And(*per_seat_ok, *off_stall)


def _hands(cfg: Config, a: Abs) -> Bool:
    """TIN-I3: a seat acts at most once a trick, a trick starts only while every seat
    holds a card, the seat left of the dealer starts the round, the table is well formed
    and the cards played are the cards won or on the table."""
    n = cfg.players
    going = a["phase"] != OVER
    tricks = _tricks(a)
    once = [Or(Not(going), HAND_SIZE - a["hand"][i] + a["placed"][i] <= tricks + 1)
            for i in range(n)]
    starts = Or(a["phase"] == OVER, a["acted"] != 0, And(*(h > 0 for h in a["hand"])))
    first = Or(Not(going), tricks != 0, a["acted"] != 0,
               a["leader"] == left_of(a["dealer"], n))
    table = And(a["trick"] == a["seats"], a["trick"] <= n)
    played = Or(Not(going), Sum(a["taken"]) + a["trick"] == HAND_SIZE * n - Sum(a["hand"]))
    return And(*once, starts, first, table, played)


def _positions(cfg: Config, a: Abs) -> Bool:
    """TIN-I4: the cart and the led fruit on stalls in play, bananas in play, one fruit a
    seat, the round within the game, a trick no longer than TIN-3.5 allows."""
    n = cfg.players
    led_ok = Or(a["led"] < 0, at(a["inplay"], a["led"]) == 1)
    acted_ok = Or(a["phase"] != TRICK, a["acted"] <= n + (1 if _plays_last(cfg) else 0))
    return And(at(a["inplay"], a["cart"]) == 1, a["inplay"][0] == 1,
               Sum(a["inplay"]) == n, led_ok, among(a["round"], 1, n),
               a["done"] <= a["round"], acted_ok)


def _turn_order(cfg: Config, a: Abs) -> Bool:
    """The seat to act is the leader's neighbour as many places on as actions were taken
    (TIN-3.4, TIN-3.6); once the game is over nobody is."""
    n = cfg.players
    expected = If(a["leader"] + a["acted"] >= n, a["leader"] + a["acted"] - n,
                  a["leader"] + a["acted"])
    return Or(And(a["phase"] == OVER, a["turn"] == -1),
              And(a["phase"] != OVER, a["turn"] == expected, a["acted"] < _actions(cfg, a)))


def _each_turn(cfg: Config, a: Abs) -> Bool:
    """A seat's cards played and sellers placed this round are the tricks before this one
    plus what it did in this one (at most one: TIN-3.1)."""
    return Or(a["phase"] == OVER, And(*(
        And(HAND_SIZE - a["hand"][i] + a["placed"][i] <= _tricks(a) + _did(cfg, a, i),
            _did(cfg, a, i) >= 0) for i in range(cfg.players))))


def _table(cfg: Config, a: Abs) -> Bool:
    """A card is led exactly when the table holds one; a cart move comes first in its
    trick (TIN-3.2), so the start of a round has neither."""
    led = Or(And(a["led"] < 0, a["trick"] == 0), And(a["led"] >= 0, a["trick"] >= 1))
    mover = Or(a["moved"] == 0, a["acted"] >= 1)
    cards = a["trick"] + a["moved"] <= a["acted"]
    start = Or(a["phase"] != START, And(a["acted"] == 0, a["trick"] == 0, a["moved"] == 0,
                                        _tricks(a) == 0))
    rounds = Or(a["phase"] == OVER, a["done"] < a["round"])
    return And(led, mover, cards, start, rounds)


def _piling(cfg: Config, a: Abs) -> Bool:
    """Sellers pile up on the stalls at most most_placed a round (TIN-A10 keeps them
    between rounds), and this round's are the ones placed."""
    most = most_placed(cfg.players)
    return And(*(_standing(a, i) <= most * (a["round"] - 1) + a["placed"][i]
                 for i in range(cfg.players)))


def _placing(cfg: Config, a: Abs) -> Bool:
    """A seat places a seller only in a trick where another seat has played a card
    (TIN-5.1, TIN-5.2): its sellers of the tricks before this one are at most the cards the
    other seats played to those tricks, which keeps ``placed`` within most_placed."""
    n = cfg.players
    out = []
    for i in range(n):
        now = If(_did(cfg, a, i) - a["card"][i] >= 1, 1, 0)  # it placed in this trick
        others = Sum(HAND_SIZE - a["hand"][j] - a["card"][j] for j in range(n) if j != i)
        out.append(a["placed"][i] - now <= others)
    return And(*out)


def _cards_on_table(cfg: Config, a: Abs) -> Bool:
    """Who has a card on the table: one card a seat (TIN-3.1), only a seat that acted,
    a seat wins no more tricks than it played cards, and a seat whose hand ran out
    played its last card to this very trick (a trick starts only with full hands)."""
    n = cfg.players
    going = a["phase"] != OVER
    each = [And(a["card"][i] <= _did(cfg, a, i),
                a["won"][i] + a["card"][i] <= HAND_SIZE - a["hand"][i],
                Or(Not(going), a["hand"][i] > 0, a["card"][i] == 1)) for i in range(n)]
    return And(Sum(a["card"]) == a["seats"], *each)


INVARIANTS = forms(
    {"TIN-I1": _cards, "TIN-I2": _sellers, "TIN-I3": _hands, "TIN-I4": _positions},
    {"TIN-S1": (_turn_order, "who acts follows from the leader and the actions taken"),
     "TIN-S2": (_each_turn, "TIN-I3's 'once a trick' counted exactly, trick by trick"),
     "TIN-S3": (_table, "the led fruit, the table and the cart move agree"),
     "TIN-S4": (_piling, "keeps the stalls within their declared range under TIN-A10 stay"),
     "TIN-S5": (_cards_on_table, "who has a card on the table, and how many tricks it can"
                                 " win"),
     "TIN-S6": (_placing, "keeps the sellers placed in a round within their declared range"
                          " under TIN-A7 unlimited")})


def _setup(cfg: Config, a: Abs) -> Bool:
    """TIN-2.1..2.6, or a set-up that starts later in a round: every hand as large, the
    won tricks complete, nothing placed, the cart on a stall in play (TIN-A9)."""
    n = cfg.players
    tricks = _tricks(a)
    size = HAND_SIZE - tricks
    phase = Or(a["phase"] == TRICK,
               And(cfg.opt("cart-start") == "dealer-chooses", a["phase"] == START,
                   tricks == 0))
    return And(phase, a["done"] == 0, among(tricks, 0, HAND_SIZE - 1),
               *(h == size for h in a["hand"]), *(a["taken"][i] == n * a["won"][i]
                                                   for i in range(n)),
               Or(tricks > 0, a["leader"] == left_of(a["dealer"], n)),
               a["turn"] == a["leader"], a["led"] == -1, a["moved"] == 0, a["acted"] == 0,
               a["trick"] == 0, a["seats"] == 0, *(c == 0 for c in a["card"]),
               *(v == 0 for row in a["stall"] for v in row),
               *(v == SELLERS for v in a["supply"]), *(v == 0 for v in a["placed"]),
               a["inplay"][0] == 1, Sum(a["inplay"]) == n, at(a["inplay"], a["cart"]) == 1)


def _measure(cfg: Config, a: Abs) -> list[Num]:
    """Rounds left (TIN-8.1); whether the dealer still places the cart (TIN-A9); cards
    not yet won (a trick ends only once a card is on it, TIN-3.3); actions left in the
    trick (TIN-3.5)."""
    n = cfg.players
    return [n - a["done"], If(a["phase"] == START, 1, 0),
            Sum(a["hand"]) + a["trick"], n + 1 - a["acted"]]


MODEL = Model(
    fields=FIELDS, abstract=abstract, steps=STEPS, invariants=INVARIANTS, setup=_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_measure)

__all__ = ["MODEL"]
