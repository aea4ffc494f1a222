"""Tindahan as a declarative spec: state, moves with their guards, scoring, invariants.

>>> import engine
>>> game = engine.load("tindahan", players=5)
>>> s = game.new(seed=3, setup={"dealer": 4})
>>> sorted({a.name for a in game.legal_actions(s)})
['cart', 'play']
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Any, Mapping, NamedTuple

from spec.common import (OWNER, PUBLIC, SECRET, Config, Event, GameSpec, Invariant, Move,
                         Variant)
from spec.common.moves import guard, no_args, pattern

from .rules import CATALOGUE
from .scoring import round_parts, trick_winner_cards
from .setup import SETUP_SCHEMA, deal, read_setup
from .state import (BANANA, CARDS_OF, FRUIT_INDEX, FRUIT_NAMES, FRUIT_OF,
                    FRUITS, HAND_SIZE, ONE, SELLERS, TinState)

_new = tuple.__new__  # builds a NamedTuple from a full tuple, skipping keyword handling


def _ev(rule: str, fmt: str, data: dict[str, Any]) -> Event:
    """``ev(rule, fmt, **data)`` for the hot path (no keyword packing)."""
    return _new(Event, (rule, fmt, data, None, None))


class Extra(NamedTuple):
    """What the moves need from the configuration, precomputed once."""

    n: int
    plays_last: bool  # TIN-A2
    unlimited: bool  # TIN-A7
    cart_start: str  # TIN-A9
    sellers_stay: bool  # TIN-A10
    removed: str  # TIN-A1
    score: Mapping[str, str]  # keyword options of scoring.round_parts
    score_key: tuple[tuple[str, str], ...]  # the same, hashable
    turn_after: tuple[int, ...]  # the seat to the left of each seat
    zeros: tuple[int, ...]  # (0,) * n
    no_tricks: tuple[tuple[str, ...], ...]  # ((),) * n
    empty_stalls: tuple[tuple[int, ...], ...]  # no seller on any stall
    full_supply: tuple[int, ...]  # nine sellers beside each seat


def _name(f: int) -> str:
    return FRUIT_NAMES[f]


# --- playing a card ------------------------------------------------------------------------
def _holds_fruit(hand: tuple[str, ...], fruit: int) -> bool:
    for c in hand:
        if FRUIT_OF[c] == fruit:
            return True
    return False


def _follows(cfg: Config, s: TinState, a: Any) -> bool:
    led = s.led
    return led < 0 or FRUIT_OF[a.args[0]] == led or not _holds_fruit(s.hands[a.player], led)


def _why_follow(cfg: Config, s: TinState, a: Any) -> str:
    held = ", ".join(c for c in s.hands[a.player] if FRUIT_OF[c] == s.led)
    return f"seat {a.player} must follow {_name(s.led)} (holds {held})"


def _why_not_held(cfg: Config, s: TinState, a: Any) -> str:
    card = a.args[0]
    if card[0] not in s.fruits:
        return (f"{card} is not in play in this game (fruits in play:"
                f" {', '.join(s.fruits)})")
    return f"seat {a.player} does not hold {card}"


def _play_domain(cfg: Config, s: TinState, seat: int):
    hand = s.hands[seat]
    led = s.led
    if led >= 0:
        follow = [ONE[c] for c in hand if FRUIT_OF[c] == led]
        if follow:
            return follow
    return [ONE[c] for c in hand]


def _play(cfg: Config, s: TinState, a: Any) -> tuple[TinState, list[Event]]:
    p, card = a.player, a.args[0]
    f = FRUIT_OF[card]
    (phase, rnd, dealer, fruits, cart, hands, leader, turn, led, cart_moved, acted, trick,
     trick_seats, tricks_won, taken, stalls, supply, placed, totals, rounds, rng) = s
    hand = hands[p]
    k = hand.index(card)
    hands = hands[:p] + (hand[:k] + hand[k + 1:],) + hands[p + 1:]
    if led < 0:
        led = f
        e = (_ev("TIN-3.3", "seat {seat} must play after the cart move and leads {card}",
                 {"seat": p, "card": card}) if cart_moved else
             _ev("TIN-3.2", "seat {seat} leads {card}", {"seat": p, "card": card}))
    elif f == led:
        e = _ev("TIN-4.1", "seat {seat} follows with {card}", {"seat": p, "card": card})
    elif f == cart:
        e = _ev("TIN-4.2", "seat {seat} has no {led} and trumps with {card}",
                {"seat": p, "card": card, "led": FRUIT_NAMES[led]})
    else:
        e = _ev("TIN-4.2", "seat {seat} has no {led} and throws {card}",
                {"seat": p, "card": card, "led": FRUIT_NAMES[led]})
    x = cfg.extra
    # the trick is complete once every seat has acted (one more action when the cart
    # mover also plays, TIN-A2); then it is awarded
    s2 = _new(TinState, (phase, rnd, dealer, fruits, cart, hands, leader, x.turn_after[p],
                         led, cart_moved, acted + 1, trick + (card,), trick_seats + (p,),
                         tricks_won, taken, stalls, supply, placed, totals, rounds, rng))
    if acted + 1 < (x.n + 1 if (cart_moved and x.plays_last) else x.n):
        return s2, [e]
    return _award(cfg, s2, [e])


# --- placing a seller -----------------------------------------------------------------------
def _seller(cfg: Config, s: TinState, a: Any) -> tuple[TinState, list[Event]]:
    p = a.player
    (phase, rnd, dealer, fruits, cart, hands, leader, turn, f, cart_moved, acted, trick,
     trick_seats, tricks_won, taken, stalls, supply, placed, totals, rounds, rng) = s
    row = stalls[f]
    count = row[p] + 1
    stalls = stalls[:f] + (row[:p] + (count,) + row[p + 1:],) + stalls[f + 1:]
    placed = placed[:p] + (placed[p] + 1,) + placed[p + 1:]
    left = supply[p]
    if left > 0:
        supply = supply[:p] + (left - 1,) + supply[p + 1:]
        e = _ev("TIN-5.1", "seat {seat} places a seller on the {stall} stall ({count} of its"
                           " sellers there)", {"seat": p, "stall": FRUIT_NAMES[f], "count": count})
    else:
        e = _ev("TIN-5.4", "seat {seat} has no seller left and places a stand-in on the"
                           " {stall} stall ({count} there)",
                {"seat": p, "stall": FRUIT_NAMES[f], "count": count})
    x = cfg.extra
    s2 = _new(TinState, (phase, rnd, dealer, fruits, cart, hands, leader, x.turn_after[p], f,
                         cart_moved, acted + 1, trick, trick_seats, tricks_won, taken, stalls,
                         supply, placed, totals, rounds, rng))
    if acted + 1 < (x.n + 1 if (cart_moved and x.plays_last) else x.n):
        return s2, [e]
    return _award(cfg, s2, [e])


# --- moving the cart ------------------------------------------------------------------------
def _cart_actors(cfg: Config, s: TinState):
    return (s.dealer,) if s.phase == "start" else (s.turn,)


def _cart_domain(cfg: Config, s: TinState, seat: int):
    if s.phase == "start":  # the dealer may choose any stall in play
        key = (s.fruits, -1)
    elif s.acted == 0:  # the starting seat may drive to any other stall
        key = (s.fruits, s.cart)
    else:
        return ()
    found = _CART_DOMAINS.get(key)
    if found is None:
        found = _CART_DOMAINS[key] = tuple(ONE_LETTER[f] for f in key[0]
                                           if FRUIT_INDEX[f] != key[1])
    return found


def _seller_domain(cfg: Config, s: TinState, seat: int):
    if seat == s.leader or s.led < 0:
        return ()
    return NO_ARGS


NO_ARGS = ((),)


ONE_LETTER = {f: (f,) for f in FRUITS}


_CART_DOMAINS: dict[tuple[str, int], tuple[tuple[str], ...]] = {}


def _cart(cfg: Config, s: TinState, a: Any) -> tuple[TinState, list[Event]]:
    p, f = a.player, FRUIT_INDEX[a.args[0]]
    if s.phase == "start":
        e = _ev("TIN-7.3", "seat {seat}, the dealer, puts the cart on the {stall} stall:"
                           " {stall} is trump", {"seat": p, "stall": FRUIT_NAMES[f]})
        return s._replace(phase="trick", cart=f), [e]
    e = _ev("TIN-3.2", "seat {seat} drives the cart from the {old} to the {new} stall:"
                       " {new} is trump", {"seat": p, "old": FRUIT_NAMES[s.cart],
                                           "new": FRUIT_NAMES[f]})
    (phase, rnd, dealer, fruits, cart, hands, leader, turn, led, cart_moved, acted, trick,
     trick_seats, tricks_won, taken, stalls, supply, placed, totals, rounds, rng) = s
    s2 = _new(TinState, (phase, rnd, dealer, fruits, f, hands, leader,
                         cfg.extra.turn_after[p], led, True, 1, trick, trick_seats, tricks_won,
                         taken, stalls, supply, placed, totals, rounds, rng))
    return s2, [e]


# --- the end of a trick, a round, the game ----------------------------------------------------
def _award(cfg: Config, s: TinState, evs: list[Event]) -> tuple[TinState, list[Event]]:
    (phase, rnd, dealer, fruits, cart, hands, leader, turn, led, cart_moved, acted, trick,
     trick_seats, tricks_won, taken, stalls, supply, placed, totals, rounds, rng) = s
    pos = trick_winner_cards(trick, cart, led)
    w, card = trick_seats[pos], trick[pos]
    why = (f"highest trump, {FRUIT_NAMES[cart]}" if FRUIT_OF[card] == cart
           else f"highest {FRUIT_NAMES[led]}, no trump played")
    evs.append(_ev("TIN-4.4", "seat {seat} wins the trick with {card} ({why})",
                   {"seat": w, "card": card, "why": why, "trick": list(trick)}))
    tricks_won = tricks_won[:w] + (tricks_won[w] + 1,) + tricks_won[w + 1:]
    taken = taken[:w] + (taken[w] + trick,) + taken[w + 1:]
    s = _new(TinState, (phase, rnd, dealer, fruits, cart, hands, w, w, -1, False, 0, (), (),
                        tricks_won, taken, stalls, supply, placed, totals, rounds, rng))
    if all(hands):
        evs.append(_ev("TIN-4.6", "seat {seat} starts the next trick", {"seat": w}))
        return s, evs
    return _end_round(cfg, s, evs)


def _stall_rule(counts: tuple[int, ...], seat: int, trump: bool) -> tuple[str, str]:
    """Which clause gave a seat its points at one stall, and a word for it."""
    c = counts[seat]
    first = max(counts)
    if c == first:
        if counts.count(first) > 1:
            return "TIN-6.7", f"tied first with {c}"
        return ("TIN-6.6", f"first with {c}, +1 on the trump stall") if trump else \
               ("TIN-6.4", f"first with {c}")
    second = max(v for v in counts if v < first)
    if counts.count(second) > 1:
        return "TIN-6.8", f"tied second with {c}"
    return "TIN-6.5", f"second with {c}"


def round_points(cfg: Config, s: TinState) -> dict[str, Any]:
    """The scoring of the round as it stands in ``s`` (the engine's single call).

    :func:`.scoring.round_parts` on the round's counts, remembered per counts and readings
    (many end positions share them); the answer is shared, so callers must not change it.
    """
    return _round_parts(s.tricks_won, tuple(map(len, s.hands)), s.stalls, s.cart, s.placed,
                        cfg.extra.score_key)


@lru_cache(maxsize=1 << 14)
def _round_parts(tricks: tuple[int, ...], hand_left: tuple[int, ...],
                 stalls: tuple[tuple[int, ...], ...], cart: int, placed: tuple[int, ...],
                 score: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    return round_parts(tricks, hand_left, stalls, cart, placed, **dict(score))


def _end_round(cfg: Config, s: TinState, evs: list[Event]) -> tuple[TinState, list[Event]]:
    n = cfg.extra.n
    hands, tricks_won, stalls, cart, rnd = s.hands, s.tricks_won, s.stalls, s.cart, s.round
    out = [i for i, h in enumerate(hands) if not h]
    who = (f"seat {out[0]} has" if len(out) == 1 else
           "seats " + ", ".join(map(str, out)) + " have")
    evs.append(_ev("TIN-6.1", "{who} no card left: round {round} ends and is scored",
                   {"who": who, "seats": out, "round": rnd}))
    parts = round_points(cfg, s)
    for i in range(n):
        if tricks_won[i]:
            evs.append(_ev("TIN-6.2", "seat {seat}: {tricks} trick(s), +{pts}",
                           {"seat": i, "tricks": tricks_won[i], "pts": 2 * tricks_won[i]}))
        if hands[i]:
            evs.append(_ev("TIN-6.3", "seat {seat}: {cards} card(s) still in hand, -{cards}",
                           {"seat": i, "cards": len(hands[i])}))
    for f, pts in enumerate(parts["stalls"]):
        for i in range(n):
            if pts[i]:
                rule, how = _stall_rule(stalls[f], i, f == cart)
                evs.append(_ev(rule, "{stall} stall: seat {seat} {how}: +{pts}",
                               {"stall": FRUIT_NAMES[f], "seat": i, "how": how,
                                "pts": pts[i]}))
    final, base = parts["final"], parts["base"]
    for i in range(n):
        if final[i] != base[i]:
            evs.append(_ev("TIN-6.11", "seat {seat} won no trick and placed no seller:"
                                       " it scores {pts} instead of {own} (best {best})",
                           {"seat": i, "pts": final[i], "own": base[i],
                            "best": parts["best"][i]}))
    totals = tuple(t + p for t, p in zip(s.totals, final))
    evs.append(_ev("TIN-1.5", "round {round} points {points}; totals {totals}",
                   {"round": rnd, "points": list(final), "totals": list(totals)}))
    s = s._replace(totals=totals, rounds=s.rounds + (tuple(final),))
    if rnd >= n:
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        evs.append(_ev("TIN-8.1", "every seat has dealt once: the game ends", {}))
        if len(winners) == 1:
            evs.append(_ev("TIN-8.2", "seat {seat} wins with {pts} points",
                           {"seat": winners[0], "pts": best}))
        else:
            evs.append(_ev("TIN-8.3", "seats {seats} tie with {pts} points and share the win",
                           {"seats": winners, "pts": best}))
        return s._replace(phase="over", turn=-1), evs
    return _next_round(cfg, s, evs)


def _next_round(cfg: Config, s: TinState, evs: list[Event]) -> tuple[TinState, list[Event]]:
    x = cfg.extra
    n = x.n
    dealer = (s.dealer + 1) % n
    leader = (dealer + 1) % n
    hands, rng = deal(s.fruits, s.rng, [None] * n, HAND_SIZE, set())
    evs.append(_ev("TIN-7.1", "round {round}: seat {dealer} deals, seat {leader} starts",
                   {"round": s.round + 1, "dealer": dealer, "leader": leader}))
    evs.append(_ev("TIN-7.2", "the cards are shuffled and dealt again, ten to each seat", {}))
    phase, cart = "trick", s.cart
    if x.cart_start == "bananas":
        cart = BANANA
        evs.append(_ev("TIN-2.3", "the cart goes back to the banana stall", {}))
    elif x.cart_start == "stays":
        evs.append(_ev("TIN-7.3", "the cart stays on the {stall} stall",
                       {"stall": FRUIT_NAMES[cart]}))
    else:
        phase = "start"
        evs.append(_ev("TIN-7.3", "seat {seat}, the dealer, chooses the cart's stall",
                       {"seat": dealer}))
    stalls, supply = s.stalls, s.supply
    if x.sellers_stay:
        evs.append(_ev("TIN-7.3", "the sellers stay on the stalls", {}))
    else:
        stalls = x.empty_stalls
        supply = x.full_supply
        evs.append(_ev("TIN-2.5", "the sellers go back to their owners", {}))
    zeros = x.zeros
    s = _new(TinState, (phase, s.round + 1, dealer, s.fruits, cart, hands, leader, leader,
                        s.led, s.cart_moved, s.acted, s.trick, s.trick_seats, zeros,
                        x.no_tricks, stalls, supply, zeros, s.totals, s.rounds, rng))
    return s, evs


def _empty_stalls(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0,) * n for _ in FRUITS)


# --- the moves -------------------------------------------------------------------------------
_turn = lambda cfg, s: (s.turn,)  # noqa: E731

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
        guard("TIN-5.2", lambda cfg, s, a: a.player != s.leader,
              "seat {seat} starts this trick and may not place a seller"),
        guard("TIN-5.3", lambda cfg, s, a: not (s.cart_moved and s.led < 0),
              "after the cart move seat {seat} must play a card"),
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
        guard("TIN-2.2", lambda cfg, s, a: a.args[0] in s.fruits,
              lambda cfg, s, a: f"there is no {_name(FRUIT_INDEX[a.args[0]])} stall in this"
                                f" game (stalls: {', '.join(s.fruits)})"),
        guard("TIN-3.2", lambda cfg, s, a: s.phase == "start" or
              FRUIT_INDEX[a.args[0]] != s.cart,
              lambda cfg, s, a: f"the cart already stands on the {_name(s.cart)} stall"),
    ),
    effect=_cart, parse=pattern(r"[BLMPD]", what="a fruit letter B, L, M, P or D"),
    doc="drive the donkey cart to another stall: its fruit becomes trump",
    to=("trick",), notation="cart FRUIT")


# --- invariants ---------------------------------------------------------------------------------
def _inv_cards(cfg: Config, s: TinState) -> str | None:
    dealt = _DEALT.get(s.fruits)
    if dealt is None:
        dealt = _DEALT[s.fruits] = sorted(c for f in s.fruits for c in CARDS_OF[f])
    held = [*chain.from_iterable(s.hands), *chain.from_iterable(s.taken), *s.trick]
    if sorted(held) != dealt:
        return "hands + won tricks + the trick on the table differ from the cards in play"
    return None


_DEALT: dict[str, list[str]] = {}  # fruits in play -> their cards, sorted


def _inv_sellers(cfg: Config, s: TinState) -> str | None:
    stalls, supply, placed = s.stalls, s.supply, s.placed
    limited = not cfg.extra.unlimited
    for i in range(cfg.extra.n):
        standing = 0
        for row in stalls:
            standing += row[i]
        if not 0 <= supply[i] <= SELLERS or placed[i] > standing:
            return f"seat {i}: supply {supply[i]}, placed {placed[i]}"
        if limited and standing + supply[i] != SELLERS:
            return f"seat {i} has {standing} sellers out and {supply[i]} beside it, not 9"
    for f, row in enumerate(stalls):
        if any(row) and FRUITS[f] not in s.fruits:
            return f"sellers on the {_name(f)} stall, which is not in play"
    return None


def _inv_hands(cfg: Config, s: TinState) -> str | None:
    n = cfg.extra.n
    hands, placed, phase, acted = s.hands, s.placed, s.phase, s.acted
    tricks = sum(s.tricks_won)
    going = phase != "over"
    for i, h in enumerate(hands):
        played = HAND_SIZE - len(h)
        if not 0 <= played <= HAND_SIZE:
            return f"seat {i} holds {len(h)} cards"
        if going and played + placed[i] > tricks + 1:
            return f"seat {i} acted more often than there were tricks"
    if (phase == "trick" or phase == "start") and acted == 0 and not all(hands):
        return "a trick starts although a seat has no card"
    if going and tricks == 0 and acted == 0 and s.leader != (s.dealer + 1) % n:
        return f"seat {s.leader} starts the round, not the seat left of dealer {s.dealer}"
    if len(s.trick) != len(s.trick_seats) or len(s.trick) > n:
        return "the trick on the table is malformed"
    if going and sum(map(len, s.taken)) + len(s.trick) != \
            HAND_SIZE * len(hands) - sum(map(len, hands)):
        return "played cards do not match the won tricks and the table"
    return None


def _inv_positions(cfg: Config, s: TinState) -> str | None:
    n = cfg.extra.n
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
def _taken_counts(cfg: Config, s: TinState, value: Any, seat: int | None) -> list[int]:
    return [len(t) for t in value]


class TindahanSpec(GameSpec):
    def derive(self, cfg: Config) -> Extra:
        o = cfg.options
        n = cfg.players
        score = {"trump_tie": o["trump-tie"], "second_after_tie": o["second-after-tie"],
                 "rounding": o["rounding"], "trump_values": o["trump-stall"],
                 "empty_round": o["empty-round"], "empty_best": o["empty-round-best"],
                 "empty_among": o["empty-round-among"]}
        return Extra(cfg.players, o["cart-mover"] == "plays-last",
                     o["no-sellers"] == "unlimited", o["cart-start"],
                     o["sellers-between-rounds"] == "stay", o["removed-fruits"], score,
                     tuple(score.items()),
                     tuple((i + 1) % n for i in range(n)), (0,) * n, ((),) * n,
                     _empty_stalls(n), (SELLERS,) * n)

    def initial(self, cfg: Config, seed: int, setup: Mapping[str, Any] | None) -> TinState:
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
            tricks_won=st["tricks_won"], taken=st["taken"], stalls=_empty_stalls(n),
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
        "tricks_won": PUBLIC, "taken": _taken_counts, "stalls": PUBLIC, "supply": PUBLIC,
        "placed": PUBLIC, "totals": PUBLIC, "rounds": PUBLIC, "rng": SECRET,
    },
    moves=(PLAY, CART, SELLER),
    notation_rule="TIN-9.1",
    invariants=INVARIANTS,
    summary="Play fruit cards to win tricks, or place sellers for the stall majorities; "
            "the donkey cart marks trump.",
)

__all__ = ["SPEC", "TinState", "round_points"]
