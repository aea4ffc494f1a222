"""Bastos! on counts: hands, picks and colours, the value table, the trick and who owes a
value change, turn by turn and round by round.

A card is seen only as its fruit. Which seat wins a complete trick, and whether a seat
that discarded could have declared trump, are left to the concrete rules: the branches
take them as parameters. The value table moves through the rules' own functions
(:func:`.scoring.start_values`, :func:`.scoring.declare_value`, :func:`.scoring.bump`),
which run on Z3 terms as they do on ints.
"""
from __future__ import annotations

from typing import Any, Callable

from spec.common.abstract import (Abs, Field, Limit, Model, Params, Step, among, at, forms,
                                  left_of, per_seat, put)
from spec.common.core import Config
from spec.common.symbolic import And, Bool, If, Not, Num, Or, Sum

from .scoring import NO_TRUMP, bump, can_bump, declare_value, start_values
from .state import ALL_CARDS, FRUIT, FRUITS, HAND, HIGH, LOW, ROUNDS, BastosState

CHOOSE, PLAY, ADJUST, OVER = 0, 1, 2, 3
PHASES = {"choose": CHOOSE, "play": PLAY, "adjust": ADJUST, "over": OVER}
NF = len(FRUITS)
DECK = len(ALL_CARDS)


def _last(cfg: Config) -> int:
    return cfg.players - 1


FIELDS = (
    Field("phase", CHOOSE, OVER), Field("round", 1, lambda cfg: ROUNDS[cfg.players]),
    Field("dealer", 0, _last), Field("leader", 0, _last), Field("removed", -1, NF - 1),
    Field("hand", 0, DECK, per_seat), Field("picked", 0, 1, per_seat),
    Field("colour", 0, NF - 1, per_seat), Field("shown", 0, 1),
    Field("values", LOW, HIGH, lambda cfg: (NF,)),
    Field("lvalues", LOW, HIGH, lambda cfg: (NF,)),
    Field("trump", -1, NF - 1),
    Field("trick", 0, lambda cfg: cfg.players), Field("led", -1, NF - 1),
    Field("tfrom", 0, lambda cfg: cfg.players), Field("declined", 0, 1),
    Field("owe", 0, 1, per_seat), Field("pending", 0, lambda cfg: cfg.players),
    Field("own", 0, 1, per_seat), Field("won", 0, DECK, per_seat), Field("aside", 0, DECK),
    Field("dealt", 0, DECK), Field("odd", 0, 1),
)


def _place(cfg: Config, leader: Num, seat: Num) -> Num:
    """Where ``seat`` plays in a trick the leader opens (BAS-2.4)."""
    return If(seat >= leader, seat - leader, seat - leader + cfg.players)


def abstract(cfg: Config, s: BastosState) -> Abs:
    """The counts of a concrete state."""
    n = cfg.players
    played = {(s.leader + k) % n: FRUIT[c] for k, c in enumerate(s.trick)}
    colour = [FRUIT[c] if c is not None else FRUIT[b] if b is not None else 0
              for c, b in zip(s.choices, s.bastos)]
    shown = int(s.bastos[0] is not None)
    return {
        "phase": PHASES[s.phase], "round": s.round, "dealer": s.dealer, "leader": s.leader,
        "removed": -1 if s.removed is None else s.removed, "hand": [len(h) for h in s.hands],
        "picked": [int(c is not None) for c in s.choices], "colour": colour, "shown": shown,
        "values": list(s.values), "lvalues": list(s.lead_values), "trump": s.trump, "trick": len(s.trick),
        "led": FRUIT[s.trick[0]] if s.trick else -1, "tfrom": s.trump_from,
        "declined": int(s.declined), "owe": [int(i in s.pending) for i in range(n)],
        "pending": len(s.pending),
        "own": [int(shown == 1 and played.get(i) == colour[i]) for i in range(n)],
        "won": [len(t) for t in s.tricks], "aside": len(s.aside), "dealt": s.dealt,
        "odd": int(s.leftover is not None)}


# --- the readings ----------------------------------------------------------------------------
def _out(cfg: Config) -> bool:
    return cfg.opt("bastos-card") == "out"


def _at_once(cfg: Config) -> bool:
    return cfg.opt("adjust-timing") == "at-once"


def _turn(cfg: Config, a: Abs) -> Num:
    """BAS-4.2: the leader, then clockwise, one card each."""
    n = cfg.players
    return If(a["leader"] + a["trick"] >= n, a["leader"] + a["trick"] - n,
              a["leader"] + a["trick"])


def _in_play(a: Abs, fruit: Num) -> Bool:
    return fruit != a["removed"]


# --- the end of a trick, of a round ----------------------------------------------------------
def _new_round(cfg: Config, a: Abs) -> Abs:
    """BAS-8.2: the deal passes left and a full deal is dealt again (BAS-2.3, BAS-1.4)."""
    n = cfg.players
    dealer = left_of(a["dealer"], n)
    size = HAND[n]
    return {**a, "phase": CHOOSE, "round": a["round"] + 1, "dealer": dealer,
            "leader": left_of(dealer, n), "hand": [size] * n, "picked": [0] * n,
            "colour": [0] * n, "shown": 0, "values": [0] * NF, "lvalues": [0] * NF,
            "trump": NO_TRUMP,
            "trick": 0, "led": -1, "tfrom": 0, "declined": 0, "owe": [0] * n,
            "pending": 0, "own": [0] * n, "won": [0] * n, "aside": 0, "dealt": size * n,
            "odd": int(n == 4)}


def _game_over(cfg: Config, a: Abs) -> Abs:
    """BAS-8.3: after the last round the game is over."""
    return {**a, "phase": OVER, "pending": 0, "owe": [0] * cfg.players, "trick": 0,
            "led": -1, "own": [0] * cfg.players}


def _resolve(cfg: Config, a: Abs, p: Params) -> Abs:
    """BAS-6: the complete trick goes to ``winner`` (or, at -1, is set aside, BAS-6.5),
    who leads next; a set-aside trick's value changes stand (BAS-6.7) or, under BAS-A13
    undone, the values go back to those of its lead."""
    n, w = cfg.players, p["winner"]
    won = [x + If(w == i, n, 0) for i, x in enumerate(a["won"])]
    values = a["values"]
    if cfg.opt("aside-changes") == "undone":
        values = [If(w < 0, lv, v) for v, lv in zip(a["values"], a["lvalues"])]
    return {**a, "phase": PLAY, "values": values, "lvalues": [0] * NF, "leader": If(w < 0, a["leader"], w), "won": won,
            "aside": a["aside"] + If(w < 0, n, 0), "trick": 0, "led": -1, "tfrom": 0,
            "declined": 0, "pending": 0, "owe": [0] * n, "own": [0] * n}


_ENDS = ("trick", "round", "end")


def _ended(cfg: Config, a: Abs, case: str) -> Bool:
    """Which end the resolved trick ``a`` brings: play goes on while the leader holds a
    card (BAS-8.1); the last round ends the game (BAS-8.3)."""
    empty = at(a["hand"], a["leader"]) == 0
    last = a["round"] >= ROUNDS[cfg.players]
    return {"trick": Not(empty), "round": And(empty, Not(last)), "end": And(empty, last)}[case]


def _after_trick(cfg: Config, a: Abs, p: Params, case: str) -> Abs:
    b = _resolve(cfg, a, p)
    return b if case == "trick" else _new_round(cfg, b) if case == "round" else \
        _game_over(cfg, b)


# --- picking the Bastos! card (BAS-3) --------------------------------------------------------
def _pick(cfg: Config, a: Abs, p: Params) -> Abs:
    seat = p["seat"]
    hand = a["hand"] if not _out(cfg) else put(a["hand"], seat, at(a["hand"], seat) - 1)
    return {**a, "picked": put(a["picked"], seat, 1), "colour": put(a["colour"], seat,
                                                                     p["fruit"]),
            "hand": hand}


def _reveal(cfg: Config, a: Abs) -> Abs:
    """BAS-3.1..3.3: the picks are shown together; each raises its fruit by 1."""
    return {**a, "phase": PLAY, "picked": [0] * cfg.players, "shown": 1,
            "values": list(start_values(a["colour"]))}


def _pick_effect(case: str) -> Callable[[Config, Abs, Params], Abs]:
    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        b = _pick(cfg, a, p)
        if case == "wait":
            return b
        c = _reveal(cfg, b)
        return c if case == "reveal" else _new_round(cfg, c) if case == "round" else \
            _game_over(cfg, c)
    return effect


def _pick_guard(case: str) -> Callable[[Config, Abs, Params], Bool]:
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        # BAS-3.1 once a round, BAS-4.3 a card of the seat's hand
        may = And(a["phase"] == CHOOSE, at(a["picked"], p["seat"]) == 0,
                  at(a["hand"], p["seat"]) > 0, _in_play(a, p["fruit"]))
        if may is False:
            return False
        b = _pick(cfg, a, p)
        all_in = Sum(b["picked"]) == cfg.players
        cards = Sum(b["hand"]) > 0
        last = a["round"] >= ROUNDS[cfg.players]
        when = {"wait": Not(all_in), "reveal": And(all_in, cards),
                "round": And(all_in, Not(cards), Not(last)),
                "end": And(all_in, Not(cards), last)}[case]
        return And(may, when)
    return guard


# --- playing a card (BAS-4, BAS-5) -----------------------------------------------------------
def _play(cfg: Config, a: Abs, p: Params) -> Abs:
    """BAS-4.3 a card to the trick; BAS-5.1, 5.2 a declaration makes its fruit trump and
    lowers it by 2; BAS-6.2, 7.1 a seat's own colour makes it owe a value change."""
    t, f = _turn(cfg, a), p["fruit"]
    declare = p["declare"] == 1
    values = [If(And(declare, f == k), declare_value(v), v) for k, v in enumerate(a["values"])]
    could = And(Not(declare), a["trick"] > 0, f != a["led"], f != a["trump"],
                a["trump"] == NO_TRUMP)
    early = cfg.opt("early-cards") == "discards"  # BAS-A9: the declaring card is the first trump
    own = And(a["shown"] == 1, f == at(a["colour"], t))
    # BAS-A13 undone: the values as the trick is led (a lead declares none)
    lead = And(a["trick"] == 0, cfg.opt("aside-changes") == "undone")
    return {**a, "values": values, "trump": If(declare, f, a["trump"]),
            "lvalues": [If(lead, v, lv) for v, lv in zip(a["values"], a["lvalues"])],
            "tfrom": If(declare, a["trick"] if early else 0, a["tfrom"]),
            "declined": If(And(could, p["declined"] == 1), 1, a["declined"]),
            "led": If(a["trick"] == 0, f, a["led"]), "trick": a["trick"] + 1,
            "hand": put(a["hand"], t, at(a["hand"], t) - 1),
            "owe": put(a["owe"], t, If(own, 1, at(a["owe"], t))),
            "pending": a["pending"] + If(own, 1, 0),
            "own": put(a["own"], t, If(own, 1, 0))}


def _may_declare(cfg: Config, a: Abs, p: Params) -> Bool:
    """BAS-5.1: a seat that cannot follow, while nothing is trump, names a fruit that is
    nobody's colour (BAS-A5 first-only: unless one declined; BAS-A11: not at the floor)."""
    f = p["fruit"]
    first_only = cfg.opt("declare-trump") == "first-only"
    refused = cfg.opt("declare-at-floor") == "refused"
    return And(a["trick"] > 0, f != a["led"], a["trump"] == NO_TRUMP,
               *(c != f for c in a["colour"]), Or(not first_only, a["declined"] == 0),
               Or(not refused, at(a["values"], f) > LOW))


def _play_guard(case: str) -> Callable[[Config, Abs, Params], Bool]:
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        may = And(a["phase"] == PLAY, at(a["hand"], _turn(cfg, a)) > 0,
                  _in_play(a, p["fruit"]), Or(p["declare"] == 0, _may_declare(cfg, a, p)))
        if may is False:
            return False
        b = _play(cfg, a, p)
        complete = b["trick"] == cfg.players
        adjust = And(b["pending"] > 0, Or(_at_once(cfg), complete))
        when = {"mid": And(Not(complete), Not(adjust)), "owe": adjust}
        cond = when[case] if case in when else And(
            complete, Not(adjust), _ended(cfg, _resolve(cfg, b, p), case),
            _winner_fits(cfg, b, p))
        return And(may, cond)
    return guard


def _winner_fits(cfg: Config, a: Abs, p: Params) -> Bool:
    """A trick is won by a seat that played to it (all of them do) or set aside (-1)."""
    return among(p["winner"], -1, cfg.players - 1)


def _play_effect(case: str) -> Callable[[Config, Abs, Params], Abs]:
    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        b = _play(cfg, a, p)
        if case == "mid":
            return b
        if case == "owe":
            return {**b, "phase": ADJUST}
        return _after_trick(cfg, b, p, case)
    return effect


# --- changing a value (BAS-7) ----------------------------------------------------------------
def _adjust(cfg: Config, a: Abs, p: Params) -> Abs:
    """BAS-7.1: one fruit one step (BAS-1.3 keeps it within range), or a pass (BAS-A6)."""
    seat, f, step = p["seat"], p["fruit"], p["step"]
    values = [If(f == k, bump(v, step), v) for k, v in enumerate(a["values"])]
    left = a["pending"] - 1
    return {**a, "values": values, "owe": put(a["owe"], seat, 0), "pending": left,
            "phase": If(left > 0, ADJUST, PLAY)}


def _adjust_guard(case: str) -> Callable[[Config, Abs, Params], Bool]:
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        may = cfg.opt("adjust-obligation") == "may"
        forbid = cfg.opt("adjust-range") == "forbid"
        step = p["step"]
        ok = And(a["phase"] == ADJUST, at(a["owe"], p["seat"]) == 1, Or(step != 0, may),
                 _in_play(a, p["fruit"]),
                 Or(not forbid, step == 0, can_bump(at(a["values"], p["fruit"]), step)))
        if ok is False:
            return False
        b = _adjust(cfg, a, p)
        complete = b["trick"] == cfg.players
        when = {"more": b["pending"] > 0, "on": And(b["pending"] == 0, Not(complete))}
        cond = when[case] if case in when else And(
            b["pending"] == 0, complete, _ended(cfg, _resolve(cfg, b, p), case))
        return And(ok, cond)
    return guard


def _adjust_effect(case: str) -> Callable[[Config, Abs, Params], Abs]:
    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        b = _adjust(cfg, a, p)
        return b if case in ("more", "on") else _after_trick(cfg, b, p, case)
    return effect


# --- parameters of concrete steps ------------------------------------------------------------
def _winner(cfg: Config, s: BastosState, s2: BastosState) -> int:
    """Who took the trick the step completed (-1: set aside); 0 when a new round has
    wiped the trace (the counts then do not depend on it)."""
    if s2.round != s.round:
        return 0
    if len(s2.aside) > len(s.aside):
        return -1
    grew = [i for i in range(cfg.players) if len(s2.tricks[i]) > len(s.tricks[i])]
    return grew[0] if grew else 0


def _pick_params(cfg: Config, s: BastosState, act: Any, s2: BastosState) -> Params:
    return {"seat": act.player, "fruit": FRUIT[act.args[0]]}


def _play_params(cfg: Config, s: BastosState, act: Any, s2: BastosState) -> Params:
    from .game import _could_declare

    card = act.args[0]
    declared = len(act.args) == 2
    could = (not declared and bool(s.trick) and FRUIT[card] != FRUIT[s.trick[0]]
             and FRUIT[card] != s.trump and s.trump == NO_TRUMP
             and _could_declare(cfg.extra, s, act.player))
    return {"fruit": FRUIT[card], "declare": int(declared), "declined": int(could),
            "winner": _winner(cfg, s, s2)}


def _adjust_params(cfg: Config, s: BastosState, act: Any, s2: BastosState) -> Params:
    arg = act.args[0]
    step = 0 if arg == "pass" else (1 if arg.endswith("+1") else -1)
    fruit = 0 if arg == "pass" else FRUITS.index(arg[0])
    if arg == "pass" and s.removed == 0:
        fruit = 1  # a pass names no fruit: any fruit in play stands for it
    return {"seat": act.player, "fruit": fruit, "step": step, "winner": _winner(cfg, s, s2)}


Range = tuple[Limit, Limit]
_SEAT: Range = (0, _last)
_FRUIT: Range = (0, NF - 1)
_WINNER: Range = (-1, _last)


def _steps() -> list[Step]:
    out = []
    for case in ("wait", "reveal", "round", "end"):
        out.append(Step("bastos", case, "BAS-3.1", {"seat": _SEAT, "fruit": _FRUIT},
                        _pick_guard(case), _pick_effect(case), _pick_params))
    for case in ("mid", "owe", *_ENDS):
        params = {"fruit": _FRUIT, "declare": (0, 1), "declined": (0, 1)}
        if case in _ENDS:
            params["winner"] = _WINNER
        out.append(Step("play", case, "BAS-4.3", params, _play_guard(case),
                        _play_effect(case), _play_params))
    for case in ("more", "on", *_ENDS):
        params = {"seat": _SEAT, "fruit": _FRUIT, "step": (-1, 1)}
        if case in _ENDS:
            params["winner"] = _WINNER
        out.append(Step("adjust", case, "BAS-7.1", params, _adjust_guard(case),
                        _adjust_effect(case), _adjust_params))
    return out


STEPS = tuple(_steps())


# --- the invariants on counts ----------------------------------------------------------------
def _picks_out(cfg: Config, a: Abs) -> Num:
    """Cards picked and held out of the hands (BAS-A1 out)."""
    return If(_out(cfg), Sum(a["picked"]) + cfg.players * a["shown"], 0)


def _conserved(cfg: Config, a: Abs) -> Bool:
    """BAS-I1: the round's cards, each in one place; the odd card out at four players."""
    held = Sum(a["hand"]) + _picks_out(cfg, a) + a["trick"] + Sum(a["won"]) + a["aside"]
    return And(held == a["dealt"], a["odd"] == int(cfg.players == 4))


def _values_ok(cfg: Config, a: Abs) -> Bool:
    """BAS-I2: every value within -2..+3; the fruit out of play stays at 0."""
    return And(*(among(v, LOW, HIGH) for v in a["values"]),
               Or(a["removed"] < 0, at(a["values"], a["removed"]) == 0))


def _sizes(cfg: Config, a: Abs) -> Bool:
    """BAS-I3: the hands differ only by the cards of this trick (and picks held out)."""
    size = [a["hand"][i] + If(_place(cfg, a["leader"], i) < a["trick"], 1, 0)
            + If(_out(cfg), a["picked"][i], 0) for i in range(cfg.players)]
    return Or(a["phase"] == OVER, And(*(v == size[0] for v in size)))


def _trump_ok(cfg: Config, a: Abs) -> Bool:
    """BAS-I4: no colour is trump; trumps count from a place within the trick."""
    colours = Or(a["trump"] == NO_TRUMP, a["shown"] == 0,
                 And(*(c != a["trump"] for c in a["colour"])))
    return And(colours, among(a["tfrom"], 0, If(a["trick"] > 0, a["trick"] - 1, 0)))


def _pending_ok(cfg: Config, a: Abs) -> Bool:
    """BAS-I5: a change is owed only by a seat that played its own colour in this trick,
    is made at once or before the next lead (BAS-A2), and an adjust phase has one owed."""
    n = cfg.players
    owed = [Or(a["owe"][i] == 0, And(_place(cfg, a["leader"], i) < a["trick"],
                                     a["own"][i] == 1)) for i in range(n)]
    waiting = Or(a["pending"] == 0, a["phase"] == ADJUST,
                 And(Not(_at_once(cfg)), a["trick"] < n))
    return And(Or(a["phase"] != ADJUST, a["pending"] > 0), waiting,
               Or(not _at_once(cfg), a["pending"] <= 1), *owed)


def _round_ok(cfg: Config, a: Abs) -> Bool:
    """BAS-I6: the round within the game, the picks shown exactly outside the choose
    phase, no trick before they are."""
    choose = a["phase"] == CHOOSE
    return And(among(a["round"], 1, ROUNDS[cfg.players]), Or(And(choose, a["shown"] == 0),
                                                          And(Not(choose), a["shown"] == 1)),
               Or(Not(choose), a["trick"] == 0))


def _bookkeeping(cfg: Config, a: Abs) -> Bool:
    """What the branches keep: owed changes counted once, colours of fruits in play, an
    own-colour card only from a seat that played, the led fruit exactly while a trick is open, nothing trump and
    nothing picked out of turn, a picked card only in the choose phase."""
    n = cfg.players
    colours = [Or(And(a["picked"][i] == 0, a["shown"] == 0), a["colour"][i] != a["removed"])
               for i in range(n)]  # BAS-3.1: a pick comes from the hand, so is in play
    return And(a["pending"] == Sum(a["owe"]), *colours,
               *(Or(a["own"][i] == 0, _place(cfg, a["leader"], i) < a["trick"])
                 for i in range(n)),
               Or(And(a["trick"] == 0, a["led"] == -1), And(a["trick"] > 0, a["led"] >= 0)),
               Or(a["phase"] == CHOOSE, Sum(a["picked"]) == 0),
               Or(a["phase"] != CHOOSE, And(a["trump"] == NO_TRUMP, a["pending"] == 0,
                                            Sum(a["picked"]) < n)),
               Or(a["phase"] == OVER, a["trick"] < n, a["pending"] > 0),
               Or(a["phase"] != ADJUST, a["trick"] > 0), _playable_now(cfg, a))


def _lead_values_ok(cfg: Config, a: Abs) -> Bool:
    """The values kept from the lead of the trick: the fruit out of play at 0 there too."""
    return Or(a["removed"] < 0, at(a["lvalues"], a["removed"]) == 0)


def _playable_now(cfg: Config, a: Abs) -> Bool:
    """The seat to play holds a card; a seat yet to pick holds one (a round ends with
    the last card, BAS-8.1)."""
    n = cfg.players
    play = Or(a["phase"] != PLAY, at(a["hand"], _turn(cfg, a)) > 0)
    pick = Or(a["phase"] != CHOOSE, And(*(Or(a["picked"][i] == 1, a["hand"][i] > 0)
                                          for i in range(n))))
    removed = a["removed"] >= 0 if n == 3 else a["removed"] == -1  # BAS-2.1
    return And(play, pick, removed)


INVARIANTS = forms(
    {"BAS-I1": _conserved, "BAS-I2": _values_ok, "BAS-I3": _sizes, "BAS-I4": _trump_ok,
     "BAS-I5": _pending_ok, "BAS-I6": _round_ok},
    {"BAS-S1": (_bookkeeping, "owed changes, the led fruit, the picks and the turn agree"),
     "BAS-S2": (_lead_values_ok, "the values a set-aside trick goes back to under BAS-A13"
                                 " undone keep the fruit out of play at 0")})


def _setup(cfg: Config, a: Abs) -> Bool:
    """BAS-2.1..2.4, BAS-9.2: a dealt round before the picks, every hand as large and
    holding a card, nothing played, won or owed."""
    n = cfg.players
    return And(a["phase"] == CHOOSE, a["shown"] == 0, a["leader"] == left_of(a["dealer"], n),
               *(h == a["hand"][0] for h in a["hand"]), a["hand"][0] > 0,
               *(v == 0 for v in a["picked"] + a["owe"] + a["own"] + a["won"]),
               *(v == 0 for v in a["values"] + a["lvalues"]), a["trump"] == NO_TRUMP,
               a["trick"] == 0,
               a["led"] == -1, a["tfrom"] == 0, a["declined"] == 0, a["pending"] == 0,
               a["aside"] == 0, a["dealt"] == n * a["hand"][0],
               a["odd"] == int(n == 4), a["removed"] >= 0 if n == 3 else a["removed"] == -1)


def _measure(cfg: Config, a: Abs) -> list[Num]:
    """The game going on; rounds left (BAS-8.3); picks still to make (BAS-3.1); cards
    still in hand; changes still owed (BAS-7.1)."""
    n = cfg.players
    return [If(a["phase"] == OVER, 0, 1), ROUNDS[n] - a["round"],
            If(a["phase"] == CHOOSE, n + 1 - Sum(a["picked"]), 0), Sum(a["hand"]),
            a["pending"]]


MODEL = Model(
    fields=FIELDS, abstract=abstract, steps=STEPS, invariants=INVARIANTS, setup=_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_measure)
