"""Fruit Passion (the base game, two to four seats) on counts: the deck, the discard pile,
the drawn card, the box and every stack, turn by turn.

A card is seen only as its fruit, and as whether its number is already in the stack it
would join (what FRP-4.4 asks under play-limits=max-and-duplicates). What the next seat
can draw (FRP-3.2, under discard-take=must-play) depends on the pile's top card, so each
branch that ends a turn takes it as a parameter, tied to the counts wherever they decide
it. FRP-I5 bounds the final scores: a property of the scoring function over every stack,
proved there (FRP-P2), so it has no form on counts.

The one-player variant (FRP-8.1..8.5) has a model of its own, :data:`SOLO_MODEL`: two
decks, a pair of cards in hand (each seen as its fruit and whether its number repeats),
and no draw at all, since each placement draws the next pair (FRP-8.2).
"""
from __future__ import annotations

from typing import Any, Callable

from spec.common.abstract import (Abs, Field, Limit, Model, Params, Step, among, at, forms,
                                  left_of, put)
from spec.common.core import Config
from spec.common.symbolic import And, Bool, If, Not, Num, Or, Sum

from .cards import CAPACITY, FRUIT, FRUITS, NUMBER, PER_FRUIT
from .state import FruitState

DRAW, PLACE, OVER = 0, 1, 3
PHASES = {"draw": DRAW, "place": PLACE, "over": OVER}
NF = len(FRUITS)
TOTAL = sum(PER_FRUIT)


def _stacks(cfg: Config) -> tuple[int, ...]:
    return (NF, cfg.players)


FIELDS = (
    Field("phase", DRAW, OVER), Field("turn", 0, lambda cfg: cfg.players - 1),
    Field("deck", 0, TOTAL), Field("discard", 0, TOTAL), Field("drawn", 0, 1),
    Field("taken", 0, 1), Field("final", 0, 1), Field("box", 0, TOTAL),
    Field("held", 0, NF - 1), Field("repeat", 0, 1), Field("able", 0, 1),
    Field("top", 0, NF - 1),
    Field("stack", 0, TOTAL, _stacks, seats_last=True),
)


def abstract(cfg: Config, s: FruitState) -> Abs:
    """The counts of a concrete state (stacks as ``stack[fruit][seat]``)."""
    return {"phase": PHASES[s.phase], "turn": s.turn, "deck": len(s.decks[0]),
            "discard": len(s.discard), "drawn": len(s.drawn), "taken": int(s.from_discard),
            "final": int(s.final), "box": len(s.box),
            **_held_card(s), "able": int(s.phase == "draw" and _can_draw(cfg, s)),
            "top": FRUIT[s.discard[-1]] if s.discard else 0,
            "stack": [[len(s.stacks[i][f]) for i in range(cfg.players)] for f in range(NF)]}


def _held_card(s: FruitState) -> Abs:
    """The drawn card's fruit, and whether its number is already in the stack it would
    join (both 0 while no card is held)."""
    if len(s.drawn) != 1:
        return {"held": 0, "repeat": 0}
    facts = _card_facts(s, s.turn, s.drawn[0])
    return {"held": facts["fruit"], "repeat": facts["repeat"]}


def _can_draw(cfg: Config, s: FruitState) -> bool:
    from .game import can_draw
    return can_draw(cfg.extra, s, s.turn)


# --- the readings ----------------------------------------------------------------------------
def _must_play(cfg: Config) -> bool:
    return cfg.opt("discard-take") == "must-play"


def _limits(cfg: Config) -> tuple[bool, bool]:
    """FRP-A3: whether a full stack refuses a play; whether a repeated number does, before
    the play (FRP-A10 owner-looks: the owner sees its stacks)."""
    limits = cfg.opt("play-limits")
    owner_looks = limits == "max-and-duplicates" and cfg.opt("hidden-repeats") == "owner-looks"
    return limits != "unchecked", owner_looks


def _set_aside(cfg: Config) -> bool:
    """FRP-A10 set-aside: a repeat found on playing leaves the game instead (FRP-4.4)."""
    return cfg.opt("play-limits") == "max-and-duplicates" and \
        cfg.opt("hidden-repeats") == "set-aside"


def _held(a: Abs, seat: Num, fruit: Num) -> Num:
    """How many cards ``seat``'s stack of ``fruit`` holds."""
    return at([at(row, seat) for row in a["stack"]], fruit)


def _playable(cfg: Config, a: Abs, seat: Num, fruit: Num, repeat: Num) -> Bool:
    """FRP-4.2 no stack past its capacity, FRP-4.4 (with FRP-A3) no number twice."""
    check_max, check_dup = _limits(cfg)
    room = _held(a, seat, fruit) < at(list(CAPACITY), fruit)
    return And(Or(not check_max, room), Or(not check_dup, repeat == 0))


# --- the moves -------------------------------------------------------------------------------
def _draw_deck(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-3.2 the deck's top card; FRP-5.1 the last one makes this the last turn."""
    return {**a, "phase": PLACE, "deck": a["deck"] - 1, "drawn": 1, "taken": 0, "able": 0,
            "final": If(a["deck"] == 1, 1, 0), "held": p["fruit"], "repeat": p["repeat"]}


def _take_discard(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-3.2 the pile's top card; FRP-3.4 taking the only one turns the deck's top card
    over as a new pile, unless it is the deck's last and FRP-A2 keeps it face down."""
    pile = a["discard"] - 1
    renew = And(pile == 0, a["deck"] > 0)
    last = a["deck"] == 1
    reading = cfg.opt("last-turnover")
    keep = And(last, reading == "keep-last")
    turned = And(renew, Not(keep))
    return {**a, "phase": PLACE, "drawn": 1, "taken": 1, "held": p["fruit"], "able": 0,
            "top": If(Or(turned, pile > 0), p["below"], 0),
            "repeat": p["repeat"],
            "discard": If(turned, 1, pile), "deck": If(turned, a["deck"] - 1, a["deck"]),
            "final": If(And(turned, last, reading == "finish-turn"), 1, a["final"])}


def _may_take(cfg: Config, a: Abs, p: Params) -> Bool:
    """FRP-3.2 a card on the pile; FRP-A1 must-play: only one the seat can play."""
    return And(a["phase"] == DRAW, p["source"] == 1, a["discard"] > 0,
               Or(a["deck"] > 0, a["able"] == 1), p["fruit"] == a["top"],
               Or(not _must_play(cfg), _playable(cfg, a, a["turn"], p["fruit"], p["repeat"])))


def _play(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-3.3, FRP-4.1: the drawn card on the seat's stack of its fruit; FRP-4.4 with
    FRP-A10 set-aside: a repeated number leaves the game instead."""
    f = a["held"]
    aside = And(_set_aside(cfg), a["repeat"] == 1)
    stack = [put(row, a["turn"], at(row, a["turn"]) + If(And(f == k, Not(aside)), 1, 0))
             for k, row in enumerate(a["stack"])]
    return {**a, "stack": stack, "drawn": 0, "held": 0, "repeat": 0,
            "box": a["box"] + If(aside, 1, 0)}


def _discard(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-3.3: the drawn card face up on the pile."""
    return {**a, "discard": a["discard"] + 1, "drawn": 0, "held": 0, "repeat": 0,
            "top": a["held"]}


def _can_draw_fits(cfg: Config, a: Abs, can: Num, seat: Num) -> Bool:
    """Whether ``seat`` can draw (FRP-3.2), as far as the counts decide it: always from a
    deck, never from nothing, always from a pile whose top card need not be played, and
    under FRP-A1 must-play only a top card with room on its stack."""
    return And(among(can, 0, 1), Or(a["deck"] == 0, can == 1),
               Or(a["deck"] > 0, a["discard"] > 0, can == 0),
               Or(a["deck"] > 0, a["discard"] == 0, _must_play(cfg), can == 1),
               Or(a["deck"] > 0, not _must_play(cfg), can == 0, _room(cfg, a, seat, a["top"])))


def _room(cfg: Config, a: Abs, seat: Num, fruit: Num) -> Bool:
    """FRP-4.2: the stack of ``fruit`` has room (or FRP-A3 does not check)."""
    check_max, _ = _limits(cfg)
    return Or(not check_max, _held(a, seat, fruit) < at(list(CAPACITY), fruit))


_END_CASES = ("on", "last", "stuck", "skip")


def _end(case: str, place: Callable[[Config, Abs, Params], Abs]) -> Callable[..., Abs]:
    """A card placed, then FRP-3.3's end of the turn as ``case`` has it: the next seat
    draws (``on``), the deck ran out (``last``, FRP-5.1), the next seat cannot draw
    (``stuck``, FRP-A2 play-on) or is passed over (``skip``, FRP-A2 play-on-skip)."""
    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        b = {**place(cfg, a, p), "taken": 0, "phase": DRAW,
             "turn": left_of(a["turn"], cfg.players)}
        if case == "skip":
            return {**b, "turn": p["to"], "able": 1}
        if case == "on":
            return {**b, "able": 1}
        return {**b, "phase": OVER, "final": 1, "able": 0}
    return effect


def _end_guard(case: str, may: Callable[[Config, Abs, Params], Bool],
               place: Callable[[Config, Abs, Params], Abs]) -> Callable[..., Bool]:
    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        b = place(cfg, a, p)
        skip = cfg.opt("last-turnover") == "play-on-skip"
        nxt = left_of(a["turn"], cfg.players)
        facts = And(_can_draw_fits(cfg, b, p["next"], nxt),
                    _can_draw_fits(cfg, b, p["any"], p["to"]), p["any"] >= p["next"])
        when = {"on": And(a["final"] == 0, p["next"] == 1),
                "last": a["final"] == 1,
                "stuck": And(a["final"] == 0, p["next"] == 0, Or(not skip, p["any"] == 0)),
                "skip": And(a["final"] == 0, p["next"] == 0, skip, p["any"] == 1,
                            p["to"] != left_of(a["turn"], cfg.players))}[case]
        return And(may(cfg, a, p), facts, when)
    return guard


def _may_play(cfg: Config, a: Abs, p: Params) -> Bool:
    return And(a["phase"] == PLACE, _playable(cfg, a, a["turn"], a["held"], a["repeat"]))


def _may_discard(cfg: Config, a: Abs, p: Params) -> Bool:
    """FRP-3.3 (FRP-A1 must-play): a card taken from the pile is not discarded again."""
    return And(a["phase"] == PLACE, Or(a["taken"] == 0, not _must_play(cfg)))


# --- parameters of concrete steps ------------------------------------------------------------
def _card_facts(s: FruitState, seat: int, card: str) -> Params:
    stack = s.stacks[seat][FRUIT[card]]
    return {"fruit": FRUIT[card], "repeat": int(any(NUMBER[c] == NUMBER[card] for c in stack))}


def _take_params(cfg: Config, s: FruitState, act: Any, s2: FruitState) -> Params:
    card = s.decks[0][0] if act.args[0] == "deck" else s.discard[-1]
    below = FRUIT[s2.discard[-1]] if s2.discard else 0
    return {**_card_facts(s, s.turn, card), "source": int(act.args[0] == "discard"),
            "below": below}


def _end_params(cfg: Config, s: FruitState, act: Any, s2: FruitState) -> Params:
    """The placed card's facts and who could draw once it lay (the successor's seats)."""
    from .game import can_draw

    x = cfg.extra
    nxt = (s.turn + 1) % cfg.players
    seats = [(nxt + k) % cfg.players for k in range(cfg.players)]
    able = [seat for seat in seats if can_draw(x, s2, seat)]
    return {"next": int(nxt in able), "any": int(bool(able)),
            "to": able[0] if able else nxt}


Range = tuple[Limit, Limit]
_SEAT: Range = (0, lambda cfg: cfg.players - 1)
_BIT: Range = (0, 1)
_END: dict[str, Range] = {"next": _BIT, "any": _BIT, "to": _SEAT}
_CARD: dict[str, Range] = {"fruit": (0, NF - 1), "repeat": _BIT}
# the card drawn, the deck (0) or the discard pile (1), and the fruit of the card below it
_SOURCE = {**_CARD, "source": _BIT, "below": (0, NF - 1)}


def _end_steps() -> list[Step]:
    out = []
    for case in _END_CASES:
        rule = {"on": "FRP-3.3", "last": "FRP-5.1", "stuck": "FRP-5.1", "skip": "FRP-5.1"}
        out.append(Step("play", case, rule[case], _END,
                        _end_guard(case, _may_play, _play), _end(case, _play), _end_params))
        out.append(Step("discard", case, rule[case], _END,
                        _end_guard(case, _may_discard, _discard), _end(case, _discard),
                        _end_params))
    return out


STEPS = (
    Step("draw", "deck", "FRP-3.2", _SOURCE,
         lambda cfg, a, p: And(a["phase"] == DRAW, p["source"] == 0, a["deck"] > 0),
         _draw_deck, _take_params),
    Step("draw", "discard", "FRP-3.2", _SOURCE, _may_take, _take_discard, _take_params),
    *_end_steps(),
)


# --- the invariants on counts ----------------------------------------------------------------
def _conserved(cfg: Config, a: Abs) -> Bool:
    """FRP-I1: the cards of the game, each in one place."""
    on_stacks = Sum(v for row in a["stack"] for v in row)
    return a["deck"] + a["discard"] + a["drawn"] + a["box"] + on_stacks == TOTAL


def _stacks_ok(cfg: Config, a: Abs) -> Bool:
    """FRP-I2: no stack past its capacity (unless FRP-A3 leaves plays unchecked)."""
    check_max, _ = _limits(cfg)
    if not check_max:
        return True
    return And(*(v <= CAPACITY[f] for f, row in enumerate(a["stack"]) for v in row))


def _phase_ok(cfg: Config, a: Abs) -> Bool:
    """FRP-I3: no card in hand before the draw, one after it; a card from the pile only
    while it is held."""
    drawn = Or(And(a["phase"] == PLACE, a["drawn"] == 1),
               And(a["phase"] != PLACE, a["drawn"] == 0))
    pair = 2  # the one-player phase, no phase of the base game
    return And(drawn, a["phase"] != pair, Or(a["taken"] == 0, a["phase"] == PLACE))


def _deck_ok(cfg: Config, a: Abs) -> Bool:
    """FRP-I4: an empty deck means the last turn is under way (or FRP-A2 plays on)."""
    plays_on = cfg.opt("last-turnover").startswith("play-on")
    return Or(a["phase"] == OVER, a["deck"] > 0, a["final"] == 1, plays_on)


def _last_turn(cfg: Config, a: Abs) -> Bool:
    """The last turn is one with the deck's last card in hand, or the pile's new top card
    taken with it (FRP-5.1, FRP-3.4): nothing is left to draw from the deck."""
    return Or(a["final"] == 0, a["phase"] == OVER, And(a["phase"] == PLACE, a["deck"] == 0))


def _held_playable(cfg: Config, a: Abs) -> Bool:
    """Under FRP-A1 must-play a card taken from the pile is one the seat can play; no card
    held, no facts about one."""
    taken = And(a["phase"] == PLACE, a["taken"] == 1, _must_play(cfg))
    return And(Or(Not(taken), _playable(cfg, a, a["turn"], a["held"], a["repeat"])),
               Or(a["drawn"] == 1, And(a["held"] == 0, a["repeat"] == 0)))


def _able(cfg: Config, a: Abs) -> Bool:
    """The seat to draw can draw (FRP-3.2): a turn passes only to a seat that can, and
    the game ends when none can (FRP-5.1, FRP-A2)."""
    can = Or(a["deck"] > 0, And(a["able"] == 1, a["discard"] > 0,
                                Or(not _must_play(cfg), _room(cfg, a, a["turn"], a["top"]))))
    return Or(And(a["phase"] == DRAW, can), And(a["phase"] != DRAW, a["able"] == 0))


INVARIANTS = forms(
    {"FRP-I1": _conserved, "FRP-I2": _stacks_ok, "FRP-I3": _phase_ok, "FRP-I4": _deck_ok},
    {"FRP-S1": (_last_turn, "the last turn is marked only once the deck has nothing to give"),
     "FRP-S2": (_held_playable, "a card taken to be played can be played"),
     "FRP-S3": (_able, "the seat to draw has something it may draw")})


def _setup(cfg: Config, a: Abs) -> Bool:
    """FRP-2.1..2.4: a deck and a pile with a card each at least, nothing in hand, the
    stacks a set-up gives within their capacity (FRP-4.2)."""
    return And(a["phase"] == DRAW, a["deck"] >= 1, a["discard"] >= 1, a["drawn"] == 0,
               a["taken"] == 0, a["final"] == 0, a["held"] == 0, a["repeat"] == 0,
               a["able"] == 1,
               _conserved(cfg, a), _stacks_ok(cfg, a))


def _measure(cfg: Config, a: Abs) -> list[Num]:
    """Whether the game goes on; cards still to come off the deck (the one in hand from it
    counts as not yet off); cards neither on a stack nor out of the game; whether the
    seat has still to draw."""
    from_deck = If(And(a["phase"] == PLACE, a["taken"] == 0), 1, 0)
    on_stacks = Sum(v for row in a["stack"] for v in row)
    return [If(a["phase"] == OVER, 0, 1), a["deck"] + from_deck, TOTAL - on_stacks - a["box"], If(a["phase"] == DRAW, 1, 0)]


MODEL = Model(
    fields=FIELDS, abstract=abstract, steps=STEPS, invariants=INVARIANTS, setup=_setup,
    final=lambda cfg, a: a["phase"] == OVER, measure=_measure,
    endless={"discard-take=literal": "a card taken from the pile may go straight back, so "
                                     "the same position comes back every round of turns"})


# --- the one-player variant (FRP-8.1..8.5) ---------------------------------------------------
PAIR = 2
SOLO_PHASES = {"pair": PAIR, "over": OVER}
LEFT, RIGHT = 0, 1


def _sides(cfg: Config) -> tuple[int, ...]:
    return (2,)


SOLO_FIELDS = (
    Field("phase", PAIR, OVER), Field("turn", 0, lambda cfg: cfg.players - 1),
    Field("left", 0, TOTAL), Field("right", 0, TOTAL), Field("discard", 0, TOTAL),
    Field("drawn", 0, 2), Field("taken", 0, 1), Field("final", 0, 1), Field("box", 0, TOTAL),
    Field("fruit", 0, NF - 1, _sides), Field("repeat", 0, 1, _sides),
    Field("stack", 0, TOTAL, _stacks, seats_last=True),
)


def solo_abstract(cfg: Config, s: FruitState) -> Abs:
    """The counts of a one-player state: both decks, the pair in hand (left, right) as
    fruit and repeat, and the player's stacks (as ``stack[fruit][0]``)."""
    facts = _pair_facts(s)
    return {"phase": SOLO_PHASES[s.phase], "turn": s.turn, "left": len(s.decks[0]),
            "right": len(s.decks[-1]), "discard": len(s.discard), "drawn": len(s.drawn),
            "taken": int(s.from_discard), "final": int(s.final), "box": len(s.box),
            "fruit": [f["fruit"] for f in facts], "repeat": [f["repeat"] for f in facts],
            "stack": [[len(s.stacks[0][f])] for f in range(NF)]}


def _pair_facts(s: FruitState) -> list[Params]:
    """The facts of the left and the right card in hand (nothing held: zeros)."""
    if len(s.drawn) != 2:
        return [{"fruit": 0, "repeat": 0}] * 2
    return [_card_facts(s, 0, c) for c in s.drawn]


def _next_pair(cfg: Config, a: Abs, p: Params, ended: bool) -> Abs:
    """FRP-8.2: the top cards of both decks drawn together; FRP-8.5: none left, the game
    is over."""
    if ended:
        return {**a, "phase": OVER, "drawn": 0, "final": 1, "fruit": [0, 0], "repeat": [0, 0]}
    return {**a, "left": a["left"] - 1, "right": a["right"] - 1, "drawn": 2, "final": 0,
            "fruit": [p["next_left"], p["next_right"]],
            "repeat": [p["next_left_repeat"], p["next_right_repeat"]]}


def _decks_out(a: Abs) -> Bool:
    return Or(a["left"] == 0, a["right"] == 0)


def _play_one(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-8.3: the chosen card on its stack (or, FRP-A10 set-aside, out of the game on a
    repeated number), the other on the discard pile, out of the game (FRP-8.4)."""
    f, repeat = at(a["fruit"], p["side"]), at(a["repeat"], p["side"])
    aside = And(_set_aside(cfg), repeat == 1)
    stack = [[row[0] + If(And(f == k, Not(aside)), 1, 0)] for k, row in enumerate(a["stack"])]
    return {**a, "stack": stack, "box": a["box"] + If(aside, 1, 0),
            "discard": a["discard"] + 1}


def _discard_both(cfg: Config, a: Abs, p: Params) -> Abs:
    """FRP-8.3, FRP-8.4: both cards on the discard pile, out of the game."""
    return {**a, "discard": a["discard"] + 2}


def _solo_step(move: str, ended: bool, place: Callable[[Config, Abs, Params], Abs],
               may: Callable[[Config, Abs, Params], Bool]) -> Step:
    rule = "FRP-8.5" if ended else "FRP-8.2"
    params = _PICK if move == "play" else {}
    if not ended:
        params = {**params, **_NEXT}

    def guard(cfg: Config, a: Abs, p: Params) -> Bool:
        out = _decks_out(a)
        return And(a["phase"] == PAIR, may(cfg, a, p), out if ended else Not(out))

    def effect(cfg: Config, a: Abs, p: Params) -> Abs:
        return _next_pair(cfg, place(cfg, a, p), p, ended)
    return Step(move, "end" if ended else "next-pair", rule, params, guard, effect,
                _solo_params)


def _may_play_one(cfg: Config, a: Abs, p: Params) -> Bool:
    """FRP-8.3 with FRP-4.2 and FRP-4.4 (FRP-A3): the chosen card fits its stack."""
    side = p["side"]
    return _playable(cfg, a, 0, at(a["fruit"], side), at(a["repeat"], side))


def _solo_params(cfg: Config, s: FruitState, act: Any, s2: FruitState) -> Params:
    """The side played (0 left, 1 right) and the facts of the next pair drawn."""
    nxt = _pair_facts(s2)
    return {"side": int(act.args[0] == "right"),
            "next_left": nxt[LEFT]["fruit"], "next_left_repeat": nxt[LEFT]["repeat"],
            "next_right": nxt[RIGHT]["fruit"], "next_right_repeat": nxt[RIGHT]["repeat"]}


_PICK: dict[str, Range] = {"side": _BIT}
_NEXT: dict[str, Range] = {"next_left": (0, NF - 1), "next_left_repeat": _BIT,
                           "next_right": (0, NF - 1), "next_right_repeat": _BIT}

SOLO_STEPS = tuple(_solo_step(move, ended, place, may)
                   for move, place, may in (("play", _play_one, _may_play_one),
                                            ("discard", _discard_both, lambda c, a, p: True))
                   for ended in (False, True))


def _solo_conserved(cfg: Config, a: Abs) -> Bool:
    """FRP-I1 (FRP-8.1): the cards of the game, each in one place."""
    on_stacks = Sum(row[0] for row in a["stack"])
    return a["left"] + a["right"] + a["discard"] + a["drawn"] + a["box"] + on_stacks == TOTAL


def _solo_phase_ok(cfg: Config, a: Abs) -> Bool:
    """FRP-I3 (FRP-8.2): a pair in hand until the game is over, none after; nothing ever
    taken from the pile (FRP-8.4)."""
    return And(Or(And(a["phase"] == PAIR, a["drawn"] == 2),
                  And(a["phase"] == OVER, a["drawn"] == 0)), a["taken"] == 0)


def _solo_decks_ok(cfg: Config, a: Abs) -> Bool:
    """FRP-I4 (FRP-8.1): the two decks hold as many cards as each other."""
    return a["left"] == a["right"]


SOLO_INVARIANTS = forms({"FRP-I1": _solo_conserved, "FRP-I2": _stacks_ok,
                         "FRP-I3": _solo_phase_ok, "FRP-I4": _solo_decks_ok})


def _solo_setup(cfg: Config, a: Abs) -> Bool:
    """FRP-8.1, FRP-8.2: two equal decks and the first pair drawn from them (or, when a
    set-up leaves them empty, a game over at once), nothing taken, the stacks a set-up
    gives within their capacity."""
    over = And(a["phase"] == OVER, a["left"] == 0, a["final"] == 1,
               a["fruit"][LEFT] == 0, a["fruit"][RIGHT] == 0,
               a["repeat"][LEFT] == 0, a["repeat"][RIGHT] == 0)
    return And(Or(And(a["phase"] == PAIR, a["final"] == 0), over),
               a["left"] == a["right"], _solo_phase_ok(cfg, a),
               _solo_conserved(cfg, a), _stacks_ok(cfg, a))


def _solo_measure(cfg: Config, a: Abs) -> list[Num]:
    """Whether the game goes on; the pairs still in the decks."""
    return [If(a["phase"] == OVER, 0, 1), a["left"]]


SOLO_MODEL = Model(
    fields=SOLO_FIELDS, abstract=solo_abstract, steps=SOLO_STEPS, invariants=SOLO_INVARIANTS,
    setup=_solo_setup, final=lambda cfg, a: a["phase"] == OVER, measure=_solo_measure)

#: the models of the variants, by name (the base game's is :data:`MODEL`)
VARIANTS = {"solo": SOLO_MODEL}
