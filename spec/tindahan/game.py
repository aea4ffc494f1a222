"""Tindahan as a declarative spec: state, moves with their guards, scoring, invariants.

>>> import engine
>>> game = engine.load("tindahan", players=5)
>>> s = game.new(seed=3, setup={"dealer": 4})
>>> sorted({a.name for a in game.legal_actions(s)})
['cart', 'play']
"""
from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Mapping, NamedTuple

from spec.common import (OWNER, PUBLIC, SECRET, Action, Config, Event, GameSpec, Invariant,
                         Move, Variant, ev)
from spec.common.core import IMPERFECT, SAMPLED, SEQUENTIAL, GameKind
from spec.common.moves import guard, no_args, pattern
from spec.common.rng import Stream
from spec.common.tuples import put, without

from .rules import CATALOGUE
from .scoring import round_parts, stall_points, trick_winner_cards
from .setup import SETUP_SCHEMA, deal, read_setup
from .state import (BANANA, FRUIT_INDEX, FRUIT_NAMES, FRUIT_OF, FRUITS, HAND_SIZE, SELLERS,
                    TinState, cards_in_play)

Outcome = tuple[TinState, list[Event]]


class Extra(NamedTuple):
    """The readings of the options that the moves consult, taken once from the options."""

    plays_last: bool  # TIN-A2: the cart mover plays a card after everybody else
    unlimited: bool  # TIN-A7: a seat with no seller left may still place one
    lone_no_trick: bool  # TIN-A13: a trick of a single card is no trick won
    cart_start: str  # TIN-A9: where the cart stands when a later round begins
    sellers_stay: bool  # TIN-A10: sellers stay on the stalls between rounds
    removed: str  # TIN-A1: which fruits leave the game with fewer than five seats
    score: Mapping[str, str]  # the scoring readings, as keyword options of round_parts


def _name(f: int) -> str:
    return FRUIT_NAMES[f]


def _left_of(cfg: Config, seat: int) -> int:
    """TIN-3.6: a seat's left-hand neighbour, the next to act."""
    return (seat + 1) % cfg.players


# --- playing a card ------------------------------------------------------------------------
def _holds_led_fruit(s: TinState, seat: int) -> bool:
    return any(FRUIT_OF[c] == s.led for c in s.hands[seat])


def _follows(cfg: Config, s: TinState, a: Action) -> bool:
    """TIN-4.1: the led fruit when the seat holds any (TIN-4.2: else any card)."""
    return s.led < 0 or FRUIT_OF[a.args[0]] == s.led or not _holds_led_fruit(s, a.player)


def _why_follow(cfg: Config, s: TinState, a: Action) -> str:
    held = ", ".join(c for c in s.hands[a.player] if FRUIT_OF[c] == s.led)
    return f"seat {a.player} must follow {_name(s.led)} (holds {held})"


def _why_not_held(cfg: Config, s: TinState, a: Action) -> str:
    card = a.args[0]
    if card[0] not in s.fruits:
        return (f"{card} is not in play in this game (fruits in play:"
                f" {', '.join(s.fruits)})")
    return f"seat {a.player} does not hold {card}"


def _play_domain(cfg: Config, s: TinState, seat: int) -> list[tuple[str]]:
    """TIN-4.7 a card of the seat's hand; TIN-4.1 of the led fruit when it holds one."""
    hand = s.hands[seat]
    following = [(c,) for c in hand if FRUIT_OF[c] == s.led]  # none before the lead
    return following or [(c,) for c in hand]


def _play_event(s: TinState, seat: int, card: str) -> Event:
    """What playing ``card`` is: a lead (TIN-3.2, TIN-3.3), a follow (TIN-4.1), a trump or
    a throw-away (TIN-4.2)."""
    fruit = FRUIT_OF[card]
    if s.led < 0 and s.cart_moved:
        return ev("TIN-3.3", "seat {seat} must play after the cart move and leads {card}",
                  seat=seat, card=card)
    if s.led < 0:
        return ev("TIN-3.2", "seat {seat} leads {card}", seat=seat, card=card)
    if fruit == s.led:
        return ev("TIN-4.1", "seat {seat} follows with {card}", seat=seat, card=card)
    if fruit == s.cart:
        return ev("TIN-4.2", "seat {seat} has no {led} and trumps with {card}",
                  seat=seat, card=card, led=_name(s.led))
    return ev("TIN-4.2", "seat {seat} has no {led} and throws {card}",
              seat=seat, card=card, led=_name(s.led))


def _play(cfg: Config, s: TinState, a: Action) -> Outcome:
    """TIN-3.4: the seat plays a card onto the trick; the first card sets the led fruit."""
    seat, card = a.player, a.args[0]
    event = _play_event(s, seat, card)
    s = s._replace(hands=put(s.hands, seat, without(s.hands[seat], card)),
                   led=FRUIT_OF[card] if s.led < 0 else s.led,
                   trick=s.trick + (card,), trick_seats=s.trick_seats + (seat,),
                   turn=_left_of(cfg, seat), acted=s.acted + 1)
    return _next_in_trick(cfg, s, [event])


# --- placing a seller -----------------------------------------------------------------------
def _seller_domain(cfg: Config, s: TinState, seat: int) -> list[tuple[()]]:
    """TIN-5.1 a seller goes to the led fruit's stall, so only once a card is led;
    TIN-5.2 never by the starting seat."""
    if seat == s.leader or s.led < 0:
        return []
    return [()]


def _seller_event(s: TinState, seat: int, count: int) -> Event:
    if s.supply[seat] > 0:
        return ev("TIN-5.1", "seat {seat} places a seller on the {stall} stall ({count} of its"
                             " sellers there)", seat=seat, stall=_name(s.led), count=count)
    return ev("TIN-5.4", "seat {seat} has no seller left and places a stand-in on the"
                         " {stall} stall ({count} there)", seat=seat, stall=_name(s.led),
              count=count)


def _seller(cfg: Config, s: TinState, a: Action) -> Outcome:
    """TIN-5.1: a seller from beside the seat goes to the led fruit's stall; with none
    left (TIN-5.4, TIN-A7 unlimited) a stand-in goes instead."""
    seat, stall = a.player, s.led
    count = s.stalls[stall][seat] + 1
    event = _seller_event(s, seat, count)
    left = s.supply[seat]
    supply = put(s.supply, seat, left - 1) if left > 0 else s.supply  # a stand-in is free
    s = s._replace(stalls=put(s.stalls, stall, put(s.stalls[stall], seat, count)),
                   supply=supply,
                   placed=put(s.placed, seat, s.placed[seat] + 1),
                   turn=_left_of(cfg, seat), acted=s.acted + 1)
    return _next_in_trick(cfg, s, [event])


# --- moving the cart ------------------------------------------------------------------------
def _cart_actors(cfg: Config, s: TinState) -> tuple[int]:
    """TIN-A9 dealer-chooses: the dealer places the cart; TIN-3.2: the starting seat."""
    return (s.dealer,) if s.phase == "start" else (s.turn,)


def _cart_domain(cfg: Config, s: TinState, seat: int) -> list[tuple[str]]:
    """TIN-A9: the dealer chooses any stall in play; TIN-3.2: the starting seat, before
    anything else in the trick, drives to any other stall in play."""
    if s.phase == "start":
        return [(f,) for f in s.fruits]
    if s.acted == 0:
        return [(f,) for f in s.fruits if FRUIT_INDEX[f] != s.cart]
    return []


def _cart(cfg: Config, s: TinState, a: Action) -> Outcome:
    seat, stall = a.player, FRUIT_INDEX[a.args[0]]
    if s.phase == "start":  # TIN-A9 dealer-chooses: the round begins once the cart stands
        event = ev("TIN-7.3", "seat {seat}, the dealer, puts the cart on the {stall} stall:"
                              " {stall} is trump", seat=seat, stall=_name(stall))
        return s._replace(phase="trick", cart=stall), [event]
    # TIN-3.2: the new fruit is trump at once; TIN-3.3 the next seat must lead
    event = ev("TIN-3.2", "seat {seat} drives the cart from the {old} to the {new} stall:"
                          " {new} is trump", seat=seat, old=_name(s.cart), new=_name(stall))
    return s._replace(cart=stall, cart_moved=True, turn=_left_of(cfg, seat),
                      acted=s.acted + 1), [event]


# --- the end of a trick, a round, the game ----------------------------------------------------
def _actions_in_trick(cfg: Config, s: TinState) -> int:
    """TIN-3.5: every seat has one chance; a cart mover sits out (TIN-3.7) unless it plays
    last (TIN-A2 plays-last), when the cart move and its card both count."""
    if s.cart_moved and cfg.extra.plays_last:
        return cfg.players + 1
    return cfg.players


def _next_in_trick(cfg: Config, s: TinState, events: list[Event]) -> Outcome:
    if s.acted < _actions_in_trick(cfg, s):
        return s, events
    return _award(cfg, s, events)


def _award(cfg: Config, s: TinState, events: list[Event]) -> Outcome:
    """TIN-4.4 the best card takes the trick; TIN-4.5 its seat keeps it; TIN-4.6 and
    starts the next trick, unless a hand ran out (TIN-6.1)."""
    pos = trick_winner_cards(s.trick, s.cart, s.led)
    winner, card = s.trick_seats[pos], s.trick[pos]
    why = (f"highest trump, {_name(s.cart)}" if FRUIT_OF[card] == s.cart
           else f"highest {_name(s.led)}, no trump played")
    events.append(ev("TIN-4.4", "seat {seat} wins the trick with {card} ({why})",
                     seat=winner, card=card, why=why, trick=list(s.trick)))
    lone = s.lone
    if len(s.trick) == 1:  # TIN-6.14: every other seat placed a seller
        lone = put(lone, winner, lone[winner] + 1)
        if cfg.extra.lone_no_trick:
            events.append(ev("TIN-6.14", "a single card is no trick (reading lone-card="
                                         "no-trick): seat {seat} keeps it for nothing",
                             seat=winner))
    s = s._replace(tricks_won=put(s.tricks_won, winner, s.tricks_won[winner] + 1),
                   lone=lone, taken=put(s.taken, winner, s.taken[winner] + s.trick),
                   leader=winner, turn=winner, led=-1, cart_moved=False, acted=0,
                   trick=(), trick_seats=())
    if all(s.hands):
        events.append(ev("TIN-4.6", "seat {seat} starts the next trick", seat=winner))
        return s, events
    return _end_round(cfg, s, events)


def _stall_rule(counts: tuple[int, ...], seat: int, trump: bool,
                six_three: bool = False) -> tuple[str, str]:
    """Which clause gave a seat its points at one stall, and a word for it. Under TIN-A11
    six-three every place at the trump stall is that edition's table (TIN-6.15), whose
    3 for second this rulebook's TIN-6.5 does not give."""
    if trump and six_three:
        rule, how = _stall_rule(counts, seat, False)
        return "TIN-6.15", f"{how} on the trump stall (6 and 3)"
    c = counts[seat]
    first = max(counts)
    if c == first:
        if counts.count(first) > 1:
            return "TIN-6.7", f"tied first with {c}"
        return ("TIN-6.6", f"first with {c}, +1 on the trump stall") if trump else \
               ("TIN-6.4", f"first with {c}")
    second = max([v for v in counts if v < first])
    if counts.count(second) > 1:
        return "TIN-6.8", f"tied second with {c}"
    return "TIN-6.5", f"second with {c}"


def scored_tricks(cfg: Config, s: TinState) -> tuple[int, ...]:
    """The tricks each seat won this round as the scoring counts them: all of them
    (TIN-6.14), or under TIN-A13 no-trick those of more than one card."""
    if cfg.extra.lone_no_trick:
        return tuple(w - k for w, k in zip(s.tricks_won, s.lone))
    return s.tricks_won


def round_points(cfg: Config, s: TinState) -> dict[str, Any]:
    """The scoring of the round as it stands in ``s``: :func:`.scoring.round_parts` on the
    round's counts, under the game's scoring readings."""
    return round_parts(scored_tricks(cfg, s), [len(h) for h in s.hands], s.stalls, s.cart,
                       s.placed, cfg.remember(stall_points), **cfg.extra.score)


def _scoring_events(cfg: Config, s: TinState, parts: Mapping[str, Any]) -> Iterable[Event]:
    """One event per clause that gave or took a seat's points (TIN-6.2 ... TIN-6.11)."""
    seats = range(cfg.players)
    six_three = cfg.extra.score["trump_values"] == "six-three"
    tricks = scored_tricks(cfg, s)
    for i in seats:
        if tricks[i]:
            yield ev("TIN-6.2", "seat {seat}: {tricks} trick(s), +{pts}",
                     seat=i, tricks=tricks[i], pts=2 * tricks[i])
        if s.hands[i]:
            yield ev("TIN-6.3", "seat {seat}: {cards} card(s) still in hand, -{cards}",
                     seat=i, cards=len(s.hands[i]))
    for f, pts in enumerate(parts["stalls"]):
        if not any(pts):  # no seat scored at this stall
            continue
        for i in seats:
            if pts[i]:
                rule, how = _stall_rule(s.stalls[f], i, f == s.cart, six_three)
                yield ev(rule, "{stall} stall: seat {seat} {how}: +{pts}",
                         stall=_name(f), seat=i, how=how, pts=pts[i])
    for i in seats:
        if parts["final"][i] != parts["base"][i]:
            yield ev("TIN-6.11", "seat {seat} won no trick and placed no seller:"
                                 " it scores {pts} instead of {own} (best {best})",
                     seat=i, pts=parts["final"][i], own=parts["base"][i],
                     best=parts["best"][i])


def _end_round(cfg: Config, s: TinState, events: list[Event]) -> Outcome:
    """TIN-6.1: a hand ran out, so the round is scored (TIN-1.5: points are added up)."""
    out = [i for i, h in enumerate(s.hands) if not h]
    who = (f"seat {out[0]} has" if len(out) == 1 else
           "seats " + ", ".join(map(str, out)) + " have")
    events.append(ev("TIN-6.1", "{who} no card left: round {round} ends and is scored",
                     who=who, seats=out, round=s.round))
    parts = round_points(cfg, s)
    events.extend(_scoring_events(cfg, s, parts))
    final = parts["final"]
    totals = tuple(t + p for t, p in zip(s.totals, final))
    events.append(ev("TIN-1.5", "round {round} points {points}; totals {totals}",
                     round=s.round, points=list(final), totals=list(totals)))
    s = s._replace(totals=totals, rounds=s.rounds + (tuple(final),))
    if s.round >= cfg.players:
        return _end_game(s, events)
    return _next_round(cfg, s, events)


def _end_game(s: TinState, events: list[Event]) -> Outcome:
    """TIN-8.1 every seat has dealt; TIN-8.2 the most points win; TIN-8.3 ties share."""
    best = max(s.totals)
    winners = [i for i, t in enumerate(s.totals) if t == best]
    events.append(ev("TIN-8.1", "every seat has dealt once: the game ends"))
    if len(winners) == 1:
        events.append(ev("TIN-8.2", "seat {seat} wins with {pts} points",
                         seat=winners[0], pts=best))
    else:
        events.append(ev("TIN-8.3", "seats {seats} tie with {pts} points and share the win",
                         seats=winners, pts=best))
    return s._replace(phase="over", turn=-1), events


def _cart_for_round(cfg: Config, s: TinState, dealer: int,
                    events: list[Event]) -> tuple[str, int]:
    """TIN-7.3 with TIN-A9: the phase a new round opens in, and the cart's stall."""
    if cfg.extra.cart_start == "bananas":
        if s.cart != BANANA:  # a cart already on bananas does not move, so nothing is said
            events.append(ev("TIN-2.3", "the cart goes back to the banana stall"))
        return "trick", BANANA
    if cfg.extra.cart_start == "stays":
        events.append(ev("TIN-7.3", "the cart stays on the {stall} stall",
                         stall=_name(s.cart)))
        return "trick", s.cart
    events.append(ev("TIN-7.3", "seat {seat}, the dealer, chooses the cart's stall",
                     seat=dealer))
    return "start", s.cart


def _sellers_for_round(cfg: Config, s: TinState, events: list[Event]
                       ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """TIN-7.3 with TIN-A10: the stalls and the supplies a new round opens with."""
    if cfg.extra.sellers_stay:
        events.append(ev("TIN-7.3", "the sellers stay on the stalls"))
        return s.stalls, s.supply
    events.append(ev("TIN-2.5", "the sellers go back to their owners"))
    return _empty_stalls(cfg.players), (SELLERS,) * cfg.players


def _next_round(cfg: Config, s: TinState, events: list[Event]) -> Outcome:
    """TIN-7.1 the deal passes left; TIN-7.2 the cards are dealt again and the tricks
    start from nothing; TIN-3.1 the seat left of the dealer starts."""
    n = cfg.players
    dealer = (s.dealer + 1) % n
    leader = (dealer + 1) % n
    hands, rng = deal(s.fruits, s.rng, [None] * n, HAND_SIZE, set())
    events.append(ev("TIN-7.1", "round {round}: seat {dealer} deals, seat {leader} starts",
                     round=s.round + 1, dealer=dealer, leader=leader))
    events.append(ev("TIN-7.2", "the cards are shuffled and dealt again, ten to each seat"))
    phase, cart = _cart_for_round(cfg, s, dealer, events)
    stalls, supply = _sellers_for_round(cfg, s, events)
    s = s._replace(phase=phase, round=s.round + 1, dealer=dealer, cart=cart, hands=hands,
                   leader=leader, turn=leader, tricks_won=(0,) * n, lone=(0,) * n,
                   taken=((),) * n,
                   stalls=stalls, supply=supply, placed=(0,) * n, rng=rng)
    return s, events


def _empty_stalls(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0,) * n for _ in FRUITS)


# --- the moves -------------------------------------------------------------------------------
def _turn(cfg: Config, s: TinState) -> tuple[int]:
    """TIN-3.4: the seats act one at a time, going round to the left."""
    return (s.turn,)

PLAY = Move(
    name="play", rule="TIN-3.4", phases=frozenset({"trick"}), actors=_turn,
    domain=_play_domain,
    guards=(
        # the domain lists only held cards, and only followers when the seat can follow
        guard("TIN-4.7", lambda cfg, s, a: a.args[0] in s.hands[a.player], _why_not_held,
              implied=True),
        guard("TIN-4.1", _follows, _why_follow, implied=True),
    ),
    effect=_play, parse=pattern(r"[BLMPD](?:10|[1-9])", what="a card such as B7 or M10"),
    doc="play a card from the hand (following the led fruit when possible)",
    to=("trick", "start", "over"), notation="play CARD")

SELLER = Move(
    name="seller", rule="TIN-5.1", phases=frozenset({"trick"}), actors=_turn,
    domain=_seller_domain,
    guards=(
        # the domain offers a seller only to a seat that did not start the trick, once a
        # card is led
        guard("TIN-5.2", lambda cfg, s, a: a.player != s.leader,
              "seat {seat} starts this trick and may not place a seller", implied=True),
        guard("TIN-5.3", lambda cfg, s, a: not (s.cart_moved and s.led < 0),
              "after the cart move seat {seat} must play a card", implied=True),
        guard("TIN-5.4", lambda cfg, s, a: cfg.extra.unlimited or s.supply[a.player] > 0,
              "seat {seat} has no seller left: all nine stand on the stalls"),
    ),
    effect=_seller, parse=no_args,
    doc="place a seller on the stall of the led fruit instead of playing a card",
    to=("trick", "start", "over"), notation="seller")

CART = Move(
    name="cart", rule="TIN-3.2", phases=frozenset({"trick", "start"}), actors=_cart_actors,
    domain=_cart_domain,
    guards=(
        guard("TIN-3.2", lambda cfg, s, a: s.phase == "start" or
              (a.player == s.leader and s.acted == 0),
              "only the starting seat, before anything else in the trick, may move the"
              " cart"),
        # the domain offers only stalls in play, and in a trick only another one
        guard("TIN-2.2", lambda cfg, s, a: a.args[0] in s.fruits,
              lambda cfg, s, a: f"there is no {_name(FRUIT_INDEX[a.args[0]])} stall in this"
                                f" game (stalls: {', '.join(s.fruits)})", implied=True),
        guard("TIN-3.2", lambda cfg, s, a: s.phase == "start" or
              FRUIT_INDEX[a.args[0]] != s.cart,
              lambda cfg, s, a: f"the cart already stands on the {_name(s.cart)} stall",
              implied=True),
    ),
    effect=_cart, parse=pattern(r"[BLMPD]", what="a fruit letter B, L, M, P or D"),
    doc="drive the donkey cart to another stall: its fruit becomes trump",
    to=("trick",), notation="cart FRUIT")


# --- invariants ---------------------------------------------------------------------------------
def _inv_cards(cfg: Config, s: TinState) -> str | None:
    in_play = cfg.remember(cards_in_play)(s.fruits)
    held = [*chain.from_iterable(s.hands), *chain.from_iterable(s.taken), *s.trick]
    # as many cards held as in play, and the same ones: none is missing or held twice
    if len(held) != len(in_play) or set(held) != in_play:
        return "hands + won tricks + the trick on the table differ from the cards in play"
    return None


def _inv_sellers(cfg: Config, s: TinState) -> str | None:
    out = [sum(on_stall) for on_stall in zip(*s.stalls)]  # each seat's sellers out
    for i in range(cfg.players):
        standing = out[i]
        if not 0 <= s.supply[i] <= SELLERS or s.placed[i] > standing:
            return f"seat {i}: supply {s.supply[i]}, placed {s.placed[i]}"
        if not cfg.extra.unlimited and standing + s.supply[i] != SELLERS:
            return f"seat {i} has {standing} sellers out and {s.supply[i]} beside it, not 9"
    for f, row in enumerate(s.stalls):
        if any(row) and FRUITS[f] not in s.fruits:
            return f"sellers on the {_name(f)} stall, which is not in play"
    return None


def _inv_hands(cfg: Config, s: TinState) -> str | None:
    tricks = sum(s.tricks_won)
    going = s.phase != "over"
    for i, h in enumerate(s.hands):
        played = HAND_SIZE - len(h)
        if not 0 <= played <= HAND_SIZE:
            return f"seat {i} holds {len(h)} cards"
        if going and played + s.placed[i] > tricks + 1:
            return f"seat {i} acted more often than there were tricks"
    if s.phase in ("trick", "start") and s.acted == 0 and not all(s.hands):
        return "a trick starts although a seat has no card"
    if going and tricks == 0 and s.acted == 0 and s.leader != _left_of(cfg, s.dealer):
        return f"seat {s.leader} starts the round, not the seat left of dealer {s.dealer}"
    if len(s.trick) != len(s.trick_seats) or len(s.trick) > cfg.players:
        return "the trick on the table is malformed"
    played_cards = HAND_SIZE * len(s.hands) - sum(map(len, s.hands))
    if going and sum(map(len, s.taken)) + len(s.trick) != played_cards:
        return "played cards do not match the won tricks and the table"
    return None


def _inv_positions(cfg: Config, s: TinState) -> str | None:
    n = cfg.players
    if FRUITS[s.cart] not in s.fruits or "B" not in s.fruits or len(s.fruits) != n:
        return f"cart on {s.cart}, fruits {s.fruits}"
    if s.led >= 0 and FRUITS[s.led] not in s.fruits:
        return "the led fruit is not in play"
    if not 1 <= s.round <= n or len(s.rounds) > s.round:
        return f"round {s.round}"
    if s.phase == "trick" and s.acted > n + (1 if cfg.extra.plays_last else 0):
        return f"{s.acted} actions in one trick"
    return None


INVARIANTS = (
    Invariant("TIN-I1", ("TIN-1.1", "TIN-2.1", "TIN-2.4", "TIN-4.5"),
              "every card in play is in exactly one place: a hand, a won trick or the "
              "trick on the table", _inv_cards),
    Invariant("TIN-I2", ("TIN-1.3", "TIN-2.5", "TIN-5.1", "TIN-5.4"),
              "no seat has more than nine sellers, and with limited sellers a seat's "
              "placed and unplaced sellers make nine", _inv_sellers),
    Invariant("TIN-I3", ("TIN-3.1", "TIN-3.4", "TIN-3.6", "TIN-6.1"),
              "a seat acts at most once a trick; a trick only starts while every seat "
              "holds a card; the seat left of the dealer starts a round", _inv_hands),
    Invariant("TIN-I4", ("TIN-1.2", "TIN-1.4", "TIN-2.2", "TIN-4.3", "TIN-8.1"),
              "the cart and the led fruit are on stalls in play; the round number stays "
              "within the number of seats", _inv_positions),
)


# --- the spec ---------------------------------------------------------------------------------
def _max_length(cfg: Config) -> int:
    """The most actions a game can last: one round per seat (TIN-8.1); a round may open
    with the dealer placing the cart (TIN-A9); every trick takes one action per seat, one
    more when the cart mover plays last (TIN-3.5, TIN-A2), and removes at least one card
    (its leader plays one, or the next seat after a cart move, TIN-3.3), and a trick is
    only begun while every hand of ten holds a card (TIN-6.1), so a round has at most
    9 x seats + 1 tricks."""
    n = cfg.players
    per_trick = n + 1 if cfg.options["cart-mover"] == "plays-last" else n
    return n * (1 + ((HAND_SIZE - 1) * n + 1) * per_trick)


def _taken_counts(cfg: Config, s: TinState, value: Any, seat: int | None) -> list[int]:
    return [len(t) for t in value]


class TindahanSpec(GameSpec[TinState]):
    def derive(self, cfg: Config) -> Extra:
        o = cfg.options
        return Extra(
            plays_last=o["cart-mover"] == "plays-last",
            unlimited=o["no-sellers"] == "unlimited",
            lone_no_trick=o["lone-card"] == "no-trick",
            cart_start=o["cart-start"],
            sellers_stay=o["sellers-between-rounds"] == "stay",
            removed=o["removed-fruits"],
            score={"trump_tie": o["trump-tie"], "second_after_tie": o["second-after-tie"],
                   "rounding": o["rounding"], "trump_values": o["trump-stall"],
                   "empty_round": o["empty-round"], "empty_best": o["empty-round-best"],
                   "empty_among": o["empty-round-among"]})

    def initial(self, cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> TinState:
        n = cfg.players
        st = read_setup(n, setup, seed, cfg.extra.removed)
        phase = "trick"
        if (cfg.extra.cart_start == "dealer-chooses" and not st["cart_given"]
                and not any(st["tricks_won"])):
            phase = "start"
        return TinState(
            phase=phase, round=st["round"], dealer=st["dealer"], fruits=st["fruits"],
            cart=st["cart"], hands=st["hands"], leader=st["leader"], turn=st["leader"],
            led=-1, cart_moved=False, acted=0, trick=(), trick_seats=(),
            tricks_won=st["tricks_won"], lone=(0,) * n, taken=st["taken"],
            stalls=_empty_stalls(n),
            supply=(SELLERS,) * n, placed=(0,) * n, totals=st["totals"], rounds=(),
            rng=st["rng"])

    def refusal_rule(self, cfg: Config, state: TinState, reason: str) -> str | None:
        """After the last round, the game end; out of turn, the order of play."""
        return {"over": "TIN-8.1", "turn": "TIN-3.4"}.get(reason)

    def scores(self, cfg: Config, state: TinState) -> list[int]:
        return list(state.totals)

    def view_extra(self, cfg: Config, s: TinState, seat: int | None) -> dict[str, Any]:
        return {
            "trump": FRUITS[s.cart],
            "led_fruit": FRUITS[s.led] if s.led >= 0 else None,
            "fruits_in_play": list(s.fruits),
            "sellers_on_stalls": {f: list(s.stalls[FRUIT_INDEX[f]]) for f in s.fruits},
            "tricks_won": list(s.tricks_won),
            "rounds_left": cfg.players - s.round + (0 if s.phase == "over" else 1),
        }

    def setup_schema(self) -> dict[str, Any]:
        return SETUP_SCHEMA

    def explore_configs(self) -> Mapping[str, dict[str, Any]]:
        from .explore import configs
        return configs()


SPEC = TindahanSpec(
    name="tindahan", prefix="TIN", title="Tindahan",
    catalogue=CATALOGUE,
    variants=(Variant(None, (3, 4, 5), "the trick-taking game for three to five seats"),),
    state_type=TinState,
    visibility={
        "phase": PUBLIC, "round": PUBLIC, "dealer": PUBLIC, "fruits": PUBLIC, "cart": PUBLIC,
        "hands": OWNER, "leader": PUBLIC, "turn": PUBLIC, "led": PUBLIC,
        "cart_moved": PUBLIC, "acted": PUBLIC, "trick": PUBLIC, "trick_seats": PUBLIC,
        "tricks_won": PUBLIC, "lone": PUBLIC, "taken": _taken_counts, "stalls": PUBLIC,
        "supply": PUBLIC,
        "placed": PUBLIC, "totals": PUBLIC, "rounds": PUBLIC, "rng": SECRET,
    },
    moves=(PLAY, CART, SELLER),
    notation_rule="TIN-9.1", end_rule="TIN-8.1",
    # one seat acts at a time (TIN-3.4); the deal's seed makes every shuffle; hands are
    # secret; the most actions: see _max_length
    kind=GameKind(SEQUENTIAL, SAMPLED, IMPERFECT, lambda cfg: _max_length(cfg)),
    invariants=INVARIANTS,
    pure=(stall_points, cards_in_play),
    summary="Play fruit cards to win tricks, or place sellers for the stall majorities; "
            "the donkey cart marks trump.",
)

__all__ = ["SPEC", "TinState", "round_points"]
