"""Bastos!: phases, moves and the :data:`SPEC` the engine runs.

Phases: ``choose`` (every seat that has not picked its Bastos! card acts, in any order),
``play`` (the seat on turn plays a card), ``adjust`` (a seat that played its own Bastos!
colour changes a value) and ``over``.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple, cast

from spec.common import (OWNER, PUBLIC, SECRET, GameSpec, Invariant, Move, SetupError,
                         Variant, ev)
from spec.common.core import IMPERFECT, SAMPLED, SIMULTANEOUS, Action, Config, Event, GameKind, Why
from spec.common.moves import guard, one_of_patterns, pattern
from spec.common.rng import Stream, below, choose, mix, shuffled
from spec.common.tuples import put, without

from .scoring import (NO_TRUMP, SET_ASIDE, bump, can_bump, declare_value, round_scores,
                      start_values, trick_winner)
from .rules import CATALOGUE
from .state import (ALL_CARDS, DECK_ORDER, FRUIT, FRUIT_NAMES, FRUIT_OPTION, FRUITS, HAND,
                    HIGH, LOW, RANK, ROUNDS, BastosState, Hand, signed)

CARD_RE = r"[BLMPD][1-9]"
Effect = tuple[BastosState, list[Event]]


class Rules(NamedTuple):
    """The configuration, digested once: player count and the chosen readings."""

    n: int
    rounds: int
    hand: int
    out: bool  # BAS-A1: the shown card leaves the hand
    at_once: bool  # BAS-A2
    forbid: bool  # BAS-A3
    trump_is_discard: bool  # BAS-A4
    first_only: bool  # BAS-A5
    may: bool  # BAS-A6
    unbeatable_aside: bool  # BAS-A7
    unbeatable_follower: bool  # BAS-A7: the highest follower takes an unwinnable trick
    follow_literal: bool  # BAS-A12: an own-colour highest follower wins when all follow
    overlap_trick_rule: bool  # BAS-A10: BAS-6.3 / BAS-6.4 before BAS-6.5
    floor_refused: bool  # BAS-A11: a fruit at -2 may not be declared trump
    early_discards: bool  # BAS-A9: cards of a fruit played before it became trump
    undo_aside: bool  # BAS-A13: setting a trick aside undoes its value changes
    removed: int | None  # BAS-A8: a fixed fruit, or None = drawn (three players)


# --- helpers ------------------------------------------------------------------------------
def _colour(s: BastosState, seat: int) -> int:
    """The fruit of ``seat``'s Bastos! card (BAS-3.2), -1 before the cards are shown."""
    card = s.bastos[seat]
    return FRUIT[card] if card is not None else -1


def _in_play(s: BastosState) -> tuple[int, ...]:
    """The fruits with a marker on the table (BAS-1.2, BAS-7.2)."""
    return tuple(f for f in range(len(FRUITS)) if f != s.removed)


def _sorted(cards: Iterable[str]) -> Hand:
    return tuple(sorted(cards, key=DECK_ORDER.__getitem__))


def _led(s: BastosState) -> int:
    """The fruit of the card that opened the current trick."""
    return FRUIT[s.trick[0]]


def _playing_order(n: int, leader: int) -> list[int]:
    """The seats of a trick in the order they play, the leader first (BAS-2.4)."""
    return [(leader + i) % n for i in range(n)]


STEPS = {"+1": 1, "-1": -1}  # the two changes of a value a seat may make (BAS-7.1)
#: per fruit, its two changes as an ``adjust`` argument names them (``M+1``) and as a step
CHANGES = tuple(tuple((letter + sign, step) for sign, step in STEPS.items()) for letter in FRUITS)


def _change(arg: str) -> tuple[int, int]:
    """The fruit and the step of an ``adjust`` argument such as ``M-1``."""
    return FRUITS.index(arg[0]), STEPS[arg[1:]]


# --- dealing -------------------------------------------------------------------------------
class Deal(NamedTuple):
    """The cards of a round as dealt, and the random state after the shuffle."""

    hands: tuple[Hand, ...]
    leftover: str | None  # the odd card at four players (BAS-2.3)
    rng: Stream


def _deal(r: Rules, rng: Stream, removed: int | None, hands_given=None, leftover_given=None,
          size: int | None = None) -> Deal:
    """Deal a round evenly (BAS-2.3); the parts a set-up gives are kept (BAS-9.2)."""
    deck = [c for c in ALL_CARDS if FRUIT[c] != removed]
    used: set[str] = set()
    for h in hands_given or ():
        used.update(h or ())
    if leftover_given:
        used.add(leftover_given)
    dealt, rng = shuffled([c for c in deck if c not in used], rng)
    rest = list(dealt)
    k = r.hand if size is None else size
    hands = []
    for i in range(r.n):
        given = hands_given[i] if hands_given else None
        if given is None:
            given, rest = rest[:k], rest[k:]
        hands.append(_sorted(given))
    leftover = None
    if r.n == 4:
        leftover = leftover_given if leftover_given else rest.pop(0)
    return Deal(hands=tuple(hands), leftover=leftover, rng=rng)


def _round_state(r: Rules, rnd: int, dealer: int, removed: int | None, deal: Deal,
                 totals) -> BastosState:
    """A freshly dealt round (BAS-1.4: every marker at 0, no trump; BAS-4.2: the seat left of
    the dealer leads)."""
    n = r.n
    return BastosState(
        phase="choose", round=rnd, dealer=dealer, removed=removed, hands=deal.hands,
        choices=(None,) * n, bastos=(None,) * n, leftover=deal.leftover,
        values=(0,) * len(FRUITS), lead_values=(0,) * len(FRUITS), trump=NO_TRUMP,
        leader=(dealer + 1) % n, trick=(),
        trump_from=0, declined=False, pending=(), tricks=((),) * n, aside=(),
        dealt=sum(map(len, deal.hands)), totals=tuple(totals), rng=deal.rng)


def _new_round(cfg: Config, s: BastosState, events: list[Event]) -> BastosState:
    """BAS-8.2: the next dealer deals again from a fresh deck."""
    r: Rules = cfg.extra
    dealer = (s.dealer + 1) % r.n
    deal = _deal(r, s.rng, s.removed)
    events.append(ev("BAS-8.2", "round {round}: seat {dealer} deals; seat {lead} will lead",
                     round=s.round + 1, dealer=dealer, lead=(dealer + 1) % r.n))
    if deal.leftover:
        events.append(ev("BAS-2.3", "{card} is the odd card: it lies face up and takes no"
                         " part", card=deal.leftover))
    return _round_state(r, s.round + 1, dealer, s.removed, deal, s.totals)


def _cards_won_per_fruit(won: Hand) -> list[int]:
    count = [0] * len(FRUITS)
    for card in won:
        count[FRUIT[card]] += 1
    return count


def _end_round(cfg: Config, s: BastosState, events: list[Event]) -> BastosState:
    """BAS-8.1: every card is played; each seat scores its won cards at the table's values.
    BAS-8.3: after the last round the game is over."""
    r: Rules = cfg.extra
    points = round_scores([_cards_won_per_fruit(won) for won in s.tricks], s.values)
    totals = tuple(t + p for t, p in zip(s.totals, points))
    table = ", ".join(f"{FRUITS[f]} {signed(s.values[f])}" for f in _in_play(s))
    events.append(ev("BAS-8.1", "round {round} is scored at the values {table}",
                     round=s.round, table=table))
    for seat in range(r.n):
        events.append(ev("BAS-8.1", "seat {seat} scores {points} (cards won: {cards}); total"
                         " {total}", seat=seat, points=points[seat],
                         cards=len(s.tricks[seat]), total=totals[seat]))
    s = s._replace(totals=totals)
    if s.round < r.rounds:
        return _new_round(cfg, s, events)
    best = max(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    events.append(ev("BAS-8.3", "the game is over: {who} with {best} points",
                     who=" and ".join(f"seat {w}" for w in winners)
                     + (" share the win (BAS-8.4)" if len(winners) > 1 else " wins"),
                     best=best))
    return s._replace(phase="over", pending=(), trick=())


# --- the choose phase (BAS-3) ----------------------------------------------------------------
def _choose_actors(cfg: Config, s: BastosState) -> range:
    # every seat, so that a second pick is refused by the BAS-3.1 guard with its reason;
    # a seat that has picked has an empty domain, so the legal actions are unchanged
    return range(cfg.extra.n)


def _choose_domain(cfg: Config, s: BastosState, seat: int) -> list[tuple[str, ...]]:
    """BAS-3.1, BAS-4.3: any card of the seat's own hand, once per round."""
    if s.choices[seat] is not None:
        return []
    return [(c,) for c in s.hands[seat]]


def _choose(cfg: Config, s: BastosState, a: Action) -> Effect:
    """BAS-3.1: the seat picks its Bastos! card face down; under BAS-A1's default reading
    the card leaves the hand. The last pick shows them all."""
    seat, card = a.player, a.args[0]
    hands = s.hands
    if cfg.extra.out:
        hands = put(hands, seat, without(hands[seat], card))
    s = s._replace(choices=put(s.choices, seat, card), hands=hands)
    events = [ev("BAS-3.1", "seat {seat} picks its Bastos! card face down", seat=seat)]
    if None in s.choices:
        return s, events
    return _reveal(cfg, s, events), events


def _reveal(cfg: Config, s: BastosState, events: list[Event]) -> BastosState:
    """BAS-3.1: the picks are shown at the same moment; BAS-3.2: each one's fruit is its
    seat's Bastos! colour; BAS-3.3: each raises its fruit's value by 1."""
    picks = cast("tuple[str, ...]", s.choices)  # every seat has picked (see _choose)
    colours = tuple(FRUIT[c] for c in picks)
    values = start_values(colours)
    for seat, card in enumerate(picks):
        events.append(ev("BAS-3.2", "seat {seat} shows {card}: {fruit} is its Bastos! colour",
                         seat=seat, card=card, fruit=FRUIT_NAMES[FRUIT[card]]))
    for fruit, value in enumerate(values):
        if value:
            events.append(ev("BAS-3.3", "{fruit} starts the round at {value} ({k} shown)",
                             fruit=FRUIT_NAMES[fruit], value=signed(value),
                             k=colours.count(fruit)))
    s = s._replace(phase="play", choices=(None,) * cfg.extra.n, bastos=picks, values=values)
    if not any(s.hands):  # a short set-up whose only cards were the picks
        return _end_round(cfg, s, events)
    return s


CHOOSE = Move(
    name="bastos", rule="BAS-3.1", phases=frozenset({"choose"}),
    actors=_choose_actors, domain=_choose_domain,
    guards=(guard("BAS-3.1", lambda cfg, s, a: s.choices[a.player] is None,
                  "seat {seat} has already picked its Bastos! card this round"),
            guard("BAS-4.3", lambda cfg, s, a: a.args[0] in s.hands[a.player],
                  "seat {seat} does not hold {arg}", implied=True),),
    effect=_choose, parse=pattern(CARD_RE, what="a card such as M9"),
    doc="pick this round's Bastos! card (secret until every seat has picked)",
    to=("choose", "play", "over"), notation="bastos CARD")


# --- the play phase (BAS-4, BAS-5, BAS-6) ----------------------------------------------------
def _play_actors(cfg: Config, s: BastosState) -> tuple[int]:
    """BAS-4.2: the leader, then the others clockwise."""
    return (s.turn,)


def _play_domain(cfg: Config, s: BastosState, seat: int) -> list[tuple[str, ...]]:
    """BAS-4.1: a leader plays any card; a seat holding the led fruit plays one of those;
    any other seat discards any card and, while nothing is trump (BAS-5.1), may declare
    its fruit trump unless it is a Bastos! colour (BAS-5.1 also has the last word)."""
    hand = s.hands[seat]
    if not s.trick:
        return [(c,) for c in hand]
    led = _led(s)
    follow: list[tuple[str, ...]] = [(c,) for c in hand if FRUIT[c] == led]
    if follow:
        return follow
    discards: list[tuple[str, ...]] = [(c,) for c in hand]
    if s.trump != NO_TRUMP:
        return discards
    colours = {_colour(s, i) for i in range(len(s.bastos))}
    return discards + [(c, "trump") for c in hand if FRUIT[c] not in colours]


def _follows_ok(cfg: Config, s: BastosState, a: Action) -> bool:
    """BAS-4.1: a card of the led fruit, or none of it in the hand."""
    if not s.trick or FRUIT[a.args[0]] == _led(s):
        return True
    return not any(FRUIT[c] == _led(s) for c in s.hands[a.player])


def _follows_why(cfg: Config, s: BastosState, a: Action) -> str:
    led = _led(s)
    held = [c for c in s.hands[a.player] if FRUIT[c] == led]
    return f"seat {a.player} must follow {FRUIT_NAMES[led]} (holds {', '.join(held)})"


def _bastos_of(s: BastosState, fruit: int) -> list[int]:
    """The seats whose Bastos! colour is ``fruit``."""
    return [i for i in range(len(s.bastos)) if _colour(s, i) == fruit]


def _declare_problem(cfg: Config, s: BastosState, a: Action) -> str | None:
    """Why ``play CARD trump`` may not declare trump now (BAS-5.1), or None."""
    f = FRUIT[a.args[0]]
    if not s.trick:
        return f"seat {a.player} leads: only a seat that cannot follow may declare trump"
    led = _led(s)
    if f == led:
        return f"{a.args[0]} follows {FRUIT_NAMES[led]}: only a seat that cannot follow may" \
               " declare trump"
    if s.trump != NO_TRUMP:
        return f"{FRUIT_NAMES[s.trump]} is already trump this round"
    owners = _bastos_of(s, f)
    if owners:
        return (f"{FRUIT_NAMES[f]} is the Bastos! colour of seat"
                f" {', '.join(map(str, owners))} and can never be trump")
    if cfg.extra.first_only and s.declined:
        return ("an earlier seat of this trick could not follow and did not declare trump;"
                " under the reading declare-trump=first-only nobody else may")
    if cfg.extra.floor_refused and s.values[f] <= LOW:
        return (f"{FRUIT_NAMES[f]} is already at {signed(LOW)}: declaring it trump would not"
                f" lower it (reading declare-at-floor=refused)")
    return None


def _declare_ok(cfg: Config, s: BastosState, a: Action) -> bool:
    return len(a.args) == 1 or _declare_problem(cfg, s, a) is None


PLAY_GUARDS = (
    # the domain lists only held cards, and only followers when the seat can follow
    guard("BAS-4.3", lambda cfg, s, a: a.args[0] in s.hands[a.player],
          "seat {seat} does not hold {arg}", implied=True),
    guard("BAS-4.1", _follows_ok, _follows_why, implied=True),
    # the text is asked for only when _declare_ok fails, when there is a problem to name
    guard("BAS-5.1", _declare_ok, cast(Why, _declare_problem),
          doc="only a seat that cannot follow, while no fruit is trump, may declare trump;"
              " never a Bastos! colour"),
)


def _play(cfg: Config, s: BastosState, a: Action) -> Effect:
    """BAS-4.3: the seat on turn plays one card of its hand to the trick. Its own Bastos!
    colour cannot win (BAS-6.2) and makes it owe a value change (BAS-7.1), made at once or
    once the trick is complete (BAS-A2); a complete trick goes to its winner."""
    r: Rules = cfg.extra
    seat, card = a.player, a.args[0]
    if r.undo_aside and not s.trick:  # BAS-A13 undone: the table as the trick is led
        s = s._replace(lead_values=s.values)
    if len(a.args) == 2:
        s, events = _declare_trump(r, s, seat, card)
    else:
        s, events = _lead_follow_or_discard(r, s, seat, card)
    pending = s.pending
    if FRUIT[card] == _colour(s, seat):
        pending += (seat,)
        events += _owes_change(r, seat, card)
    trick = s.trick + (card,)
    complete = len(trick) == r.n
    adjust = bool(pending) and (r.at_once or complete)
    s = s._replace(phase="adjust" if adjust else "play", trick=trick, pending=pending,
                   hands=put(s.hands, seat, without(s.hands[seat], card)))
    if complete and not adjust:
        return _resolve(cfg, s, events), events
    return s, events


def _could_declare(r: Rules, s: BastosState, seat: int) -> bool:
    """BAS-5.1: whether ``seat``, unable to follow while no fruit is trump, holds a card it
    may declare: not a Bastos! colour, and above the floor under declare-at-floor=refused."""
    return any(not _bastos_of(s, FRUIT[c])
               and not (r.floor_refused and s.values[FRUIT[c]] <= LOW) for c in s.hands[seat])


def _lead_follow_or_discard(r: Rules, s: BastosState, seat: int, card: str) -> Effect:
    """BAS-4.2 a lead, BAS-4.1 a follower or a discard, BAS-5.4 a trump: how the card joins
    the trick (``s`` is the state before it does)."""
    if not s.trick:
        return s, [ev("BAS-4.2", "seat {seat} leads {card}", seat=seat, card=card)]
    if FRUIT[card] == _led(s):
        return s, [ev("BAS-4.1", "seat {seat} follows with {card}", seat=seat, card=card)]
    if FRUIT[card] == s.trump:
        return s, [ev("BAS-5.4", "seat {seat} cannot follow and trumps with {card}",
                      seat=seat, card=card)]
    if s.trump == NO_TRUMP and _could_declare(r, s, seat):  # it declined to (BAS-A5)
        s = s._replace(declined=True)
    return s, [ev("BAS-4.1", "seat {seat} cannot follow and discards {card}",
                  seat=seat, card=card)]


def _declare_trump(r: Rules, s: BastosState, seat: int, card: str) -> Effect:
    """BAS-5.1: the discarded card's fruit becomes trump; BAS-5.2: its value drops by 2, not
    below -2; BAS-5.3: the card itself is the first trump (earlier cards of that fruit stay
    discards under BAS-A9's default)."""
    fruit = FRUIT[card]
    old = s.values[fruit]
    new = declare_value(old)
    s = s._replace(values=put(s.values, fruit, new), trump=fruit,
                   trump_from=len(s.trick) if r.early_discards else 0)
    if new != old:
        drop = ev("BAS-5.2", "{fruit} drops from {old} to {new}{floor}",
                  fruit=FRUIT_NAMES[fruit], old=signed(old), new=signed(new),
                  floor=" (the floor)" if old - 2 < LOW else "")
    else:
        drop = ev("BAS-5.2", "{fruit} stays at {new}: it is already at the floor (reading"
                  " declare-at-floor=allowed)", fruit=FRUIT_NAMES[fruit], new=signed(new))
    return s, [ev("BAS-5.1", "seat {seat} cannot follow and declares {fruit} trump with"
                  " {card}", seat=seat, fruit=FRUIT_NAMES[fruit], card=card),
               drop,
               ev("BAS-5.3", "{card} already counts as a trump", card=card)]


def _owes_change(r: Rules, seat: int, card: str) -> list[Event]:
    """BAS-6.2: an own-colour card never wins; BAS-7.1: its player owes a value change."""
    return [ev("BAS-6.2", "{card} is seat {seat}'s own Bastos! colour: it cannot win the"
               " trick", card=card, seat=seat),
            ev("BAS-7.1", "seat {seat} {must} change one fruit's value by 1{when}",
               seat=seat, must="may" if r.may else "must",
               when=" now" if r.at_once else " before the next lead")]


PLAY = Move(  # the move's rule is the turn order: the engine cites it for a seat out of turn
    name="play", rule="BAS-4.2", phases=frozenset({"play"}),
    actors=_play_actors, domain=_play_domain, guards=PLAY_GUARDS, effect=_play,
    parse=one_of_patterns((CARD_RE,), (CARD_RE, "trump"),
                          what="a card such as B7, optionally followed by 'trump'"),
    doc="play a card to the trick; 'trump' also declares its fruit trump",
    to=("play", "adjust", "choose", "over"), notation="play CARD [trump]")


def _resolve(cfg: Config, s: BastosState, events: list[Event]) -> BastosState:
    """BAS-6.1-6.6: the trick is complete and every value change made: its winner keeps it
    face down and leads next, or it is set aside and the same seat leads again. The last
    trick ends the round (BAS-8.1)."""
    r: Rules = cfg.extra
    seats = _playing_order(r.n, s.leader)
    fruits = [FRUIT[c] for c in s.trick]
    own = [fruit == _colour(s, seat) for fruit, seat in zip(fruits, seats)]
    pos = trick_winner(fruits, [RANK[c] for c in s.trick], own, s.trump,
                               s.trump_from, trump_is_discard=r.trump_is_discard,
                               unbeatable_aside=r.unbeatable_aside,
                               overlap_trick_rule=r.overlap_trick_rule,
                               unbeatable_follower=r.unbeatable_follower,
                               follow_literal=r.follow_literal)
    leader, tricks, aside, values = s.leader, s.tricks, s.aside, s.values
    if pos == SET_ASIDE:
        events.append(_set_aside_event(leader, own))
        aside += s.trick
        if r.undo_aside and values != s.lead_values:  # BAS-A13 undone (BAS-6.7: they stand)
            values = s.lead_values
            table = ", ".join(f"{FRUITS[f]} {signed(values[f])}" for f in _in_play(s))
            events.append(ev("BAS-6.7", "the trick's value changes are undone with it"
                             " (reading aside-changes=undone): {table}", table=table))
    else:
        leader = seats[pos]
        rule, why = _why_won(fruits, own, s.trump, s.trump_from, pos)
        events.append(ev(rule, "seat {seat} wins the trick with {card} ({why})",
                         seat=leader, card=s.trick[pos], why=why))
        tricks = put(tricks, leader, tricks[leader] + s.trick)
    s = s._replace(phase="play", leader=leader, trick=(), trump_from=0, declined=False,
                   pending=(), tricks=tricks, aside=aside, values=values,
                   lead_values=(0,) * len(FRUITS))
    if not s.hands[leader]:
        return _end_round(cfg, s, events)
    return s


def _set_aside_event(leader: int, own: list[bool]) -> Event:
    if all(own):
        return ev("BAS-6.5", "every seat played its own Bastos! colour: the trick is set aside"
                  " and seat {seat} leads again", seat=leader)
    return ev("BAS-6.2", "no card of the trick can win: it is set aside and seat {seat} leads"
              " again (reading no-winner=set-aside)", seat=leader)


def _why_won(fruits: list[int], own: list[bool], trump: int, trump_from: int,
             pos: int) -> tuple[str, str]:
    """The clause that gave the trick to position ``pos``, and the reason in words."""
    led = fruits[0]
    everyone_followed = fruits.count(led) == len(fruits)
    all_own = ("; every card is a Bastos! card, reading own-colour-overlap=trick-rule"
               if all(own) else "")
    if pos == 0 and own[0]:
        if led in fruits[1:]:
            return "BAS-6.2", "only Bastos! cards followed; reading no-winner=leader"
        trumped = (", a trump included, under the reading all-discard=leader-wins"
                   if trump in fruits[1:] else "")
        return "BAS-6.3", "every other seat discarded" + trumped + all_own
    if own[pos] and fruits[pos] == led:
        if everyone_followed:
            return "BAS-6.4", "highest follower, its own colour though; reading follow-own=literal"
        return "BAS-6.4", ("highest follower, though only Bastos! cards followed; reading"
                           " no-winner=highest-follower")
    if fruits[pos] == trump and pos >= trump_from:
        return "BAS-6.1", "highest trump"
    if own[0] and everyone_followed:
        return "BAS-6.4", "highest follower of a led Bastos! colour" + all_own
    return "BAS-6.1", f"highest {FRUIT_NAMES[led]}"


# --- the adjust phase (BAS-7) ----------------------------------------------------------------
def _adjust_actors(cfg: Config, s: BastosState) -> tuple[int, ...]:
    """BAS-7.1, BAS-A2: the first seat that owes a change, in playing order."""
    return s.pending[:1]


def _adjust_domain(cfg: Config, s: BastosState, seat: int) -> list[tuple[str, ...]]:
    """BAS-7.1, BAS-7.2: one fruit in play, up or down by 1, as far as BAS-1.3 allows; or
    nothing, under the reading adjust-obligation=may."""
    changes: list[tuple[str, ...]] = [(change,) for fruit in _in_play(s) for change, step in CHANGES[fruit]
               if _fits(cfg, s.values[fruit], step)]
    if cfg.extra.may:
        changes.append(("pass",))
    return changes


def _fits(cfg: Config, value: int, step: int) -> bool:
    """BAS-1.3 under the reading adjust-range=forbid: the marker really moves."""
    return not cfg.extra.forbid or can_bump(value, step)


def _range_ok(cfg: Config, s: BastosState, a: Action) -> bool:
    if a.args[0] == "pass":
        return True
    fruit, step = _change(a.args[0])
    return _fits(cfg, s.values[fruit], step)


def _adjust(cfg: Config, s: BastosState, a: Action) -> Effect:
    """BAS-7.1: the first seat that owes a change moves one fruit's value by 1 (or passes,
    under the reading adjust-obligation=may). Once nobody owes one, play goes on, or the
    complete trick is resolved."""
    seat, arg = a.player, a.args[0]
    if arg == "pass":
        values = s.values
        event = ev("BAS-7.1", "seat {seat} leaves every value as it is (reading"
                   " adjust-obligation=may)", seat=seat)
    else:
        values, event = _moved_value(s.values, seat, arg)
    events = [event]
    pending = s.pending[1:]
    s = s._replace(phase="adjust" if pending else "play", values=values, pending=pending)
    if not pending and len(s.trick) == cfg.extra.n:
        return _resolve(cfg, s, events), events
    return s, events


def _moved_value(values: tuple[int, ...], seat: int, arg: str) -> tuple[tuple[int, ...], Event]:
    """BAS-7.1: one step up or down; BAS-1.3: a change past a limit stops at it."""
    fruit, step = _change(arg)
    old = values[fruit]
    new = bump(old, step)
    if new == old:
        event = ev("BAS-1.3", "seat {seat} moves {fruit} {dir}, but it stays at its limit"
                   " {new}", seat=seat, fruit=FRUIT_NAMES[fruit],
                   dir="up" if step > 0 else "down", new=signed(new))
    else:
        event = ev("BAS-7.1", "seat {seat} moves {fruit} from {old} to {new}", seat=seat,
                   fruit=FRUIT_NAMES[fruit], old=signed(old), new=signed(new))
    return put(values, fruit, new), event


ADJUST = Move(
    name="adjust", rule="BAS-7.1", phases=frozenset({"adjust"}),
    actors=_adjust_actors, domain=_adjust_domain,
    guards=(  # the domain offers 'pass' only under 'may', and only changes that fit
        guard("BAS-7.1", lambda cfg, s, a: a.args[0] != "pass" or cfg.extra.may,
              "seat {seat} must change a value: passing needs the reading"
              " adjust-obligation=may", implied=True),
        guard("BAS-7.2", lambda cfg, s, a: a.args[0] == "pass"
              or _change(a.args[0])[0] != s.removed,
              lambda cfg, s, a: f"{FRUIT_NAMES[_change(a.args[0])[0]]} is not in play"
              f" (put back in the box)", implied=True),
        guard("BAS-1.3", _range_ok,
              lambda cfg, s, a: f"{FRUIT_NAMES[_change(a.args[0])[0]]} is already at"
              f" {signed(s.values[_change(a.args[0])[0]])}, its limit", implied=True),
    ),
    effect=_adjust, parse=pattern(r"[BLMPD][+-]1|pass", what="a fruit and +1 or -1, as M+1"),
    doc="change one fruit's value by 1 after playing one's own Bastos! colour",
    to=("adjust", "play", "choose", "over"), notation="adjust F+1 | adjust F-1")


# --- invariants --------------------------------------------------------------------------------
def _places(cfg: Config, s: BastosState) -> list[str]:
    cards = [c for h in s.hands for c in h]
    if cfg.extra.out:  # a picked card has left the hand (BAS-A1)
        cards += [c for c in s.choices if c is not None]
        cards += [c for c in s.bastos if c is not None]
    cards += list(s.trick) + [c for t in s.tricks for c in t] + list(s.aside)
    return cards


def _conservation(cfg: Config, s: BastosState) -> str | None:
    cards = _places(cfg, s)
    seen: set[str] = set()
    for c in cards + ([s.leftover] if s.leftover else []):
        if c not in FRUIT:
            return f"unknown card {c!r}"
        if c in seen:
            return f"card {c} is in two places"
        if FRUIT[c] == s.removed:
            return f"card {c} belongs to the removed fruit"
        seen.add(c)
    if len(cards) != s.dealt:
        return f"{len(cards)} cards in the round, {s.dealt} were dealt"
    if (s.leftover is not None) != (cfg.players == 4):
        return "the odd card lies out exactly in four-player games"
    return None


def _value_range(cfg: Config, s: BastosState) -> str | None:
    for f, v in enumerate(s.values):
        if not LOW <= v <= HIGH:
            return f"{FRUIT_NAMES[f]} is at {v}"
        if f == s.removed and v:
            return f"{FRUIT_NAMES[f]} is out of play but valued {v}"
    return None


def _hand_sizes(cfg: Config, s: BastosState) -> str | None:
    if s.phase == "over":
        return None
    n = cfg.players
    played = {(s.leader + i) % n for i in range(len(s.trick))}
    sizes = {len(h) + (1 if i in played else 0) + (1 if s.choices[i] is not None
                                                    and cfg.extra.out else 0)
             for i, h in enumerate(s.hands)}
    return None if len(sizes) <= 1 else f"uneven hands: {[len(h) for h in s.hands]}"


def _trump_ok(cfg: Config, s: BastosState) -> str | None:
    if s.trump != NO_TRUMP and _bastos_of(s, s.trump):
        return f"{FRUIT_NAMES[s.trump]} is trump and a Bastos! colour"
    if not 0 <= s.trump_from <= max(len(s.trick) - 1, 0):
        return f"trumps count from position {s.trump_from} of a {len(s.trick)}-card trick"
    return None


def _pending_ok(cfg: Config, s: BastosState) -> str | None:
    n = cfg.players
    if s.phase == "adjust" and not s.pending:
        return "an adjust phase with nobody to adjust"
    if s.pending and s.phase != "adjust" and (cfg.extra.at_once or len(s.trick) == n):
        return f"phase {s.phase} with pending changes {s.pending}"
    if cfg.extra.at_once and len(s.pending) > 1:
        return "two value changes owed at once"
    played = [(s.leader + i) % n for i in range(len(s.trick))]
    for seat in s.pending:
        if seat not in played or FRUIT[s.trick[played.index(seat)]] != _colour(s, seat):
            return f"seat {seat} owes a change without having played its Bastos! colour"
    return None


def _round_ok(cfg: Config, s: BastosState) -> str | None:
    if not 1 <= s.round <= cfg.extra.rounds:
        return f"round {s.round} of {cfg.extra.rounds}"
    if (s.phase == "choose") != any(b is None for b in s.bastos):
        return "Bastos! cards shown outside the choose phase only"
    if s.phase == "choose" and s.trick:
        return "a trick begun before every seat picked its Bastos! card"
    return None


INVARIANTS = (
    Invariant("BAS-I1", ("BAS-1.1", "BAS-1.2", "BAS-2.3", "BAS-8.1"),
              "every card of the round is in exactly one place: a hand, a secret pick, a"
              " shown Bastos! card (when it leaves the hand), the trick, a seat's won tricks,"
              " the set-aside pile or the odd card", _conservation),
    Invariant("BAS-I2", ("BAS-1.3", "BAS-7.2"), "every fruit value stays within -2..+3, and"
              " the removed fruit keeps 0", _value_range),
    Invariant("BAS-I3", ("BAS-4.3",), "hand sizes differ only by the cards of the current"
              " trick", _hand_sizes),
    Invariant("BAS-I4", ("BAS-5.1",), "a Bastos! colour is never trump", _trump_ok),
    Invariant("BAS-I5", ("BAS-7.1",), "only a seat that played its own Bastos! colour in the"
              " current trick owes a value change, and one at a time under adjust-timing"
              "=at-once", _pending_ok),
    Invariant("BAS-I6", ("BAS-2.2", "BAS-3.1"), "the round number is within the game, the"
              " Bastos! cards are shown in every phase after the picks, and no trick begins"
              " before them", _round_ok),
)


# --- the spec ----------------------------------------------------------------------------------
def _tricks_view(cfg: Config, s: BastosState, value, seat):
    # won tricks lie face down (BAS-6.6): everyone sees how many each seat has
    return [len(t) // cfg.players for t in value]


class BastosSpec(GameSpec[BastosState]):
    def refusal_rule(self, cfg: Config, state: BastosState, reason: str) -> str | None:
        """After the last round, the rule that fixes the number of rounds."""
        return "BAS-2.2" if reason == "over" else None

    def derive(self, cfg: Config) -> Rules:
        o = cfg.options
        n = cfg.players
        rem = o["removed-fruit"]
        return Rules(
            n=n, rounds=ROUNDS[n], hand=HAND[n], out=o["bastos-card"] == "out",
            at_once=o["adjust-timing"] == "at-once", forbid=o["adjust-range"] == "forbid",
            trump_is_discard=o["all-discard"] == "leader-wins",
            first_only=o["declare-trump"] == "first-only", may=o["adjust-obligation"] == "may",
            unbeatable_aside=o["no-winner"] == "set-aside",
            unbeatable_follower=o["no-winner"] == "highest-follower",
            follow_literal=o["follow-own"] == "literal",
            overlap_trick_rule=o["own-colour-overlap"] == "trick-rule",
            floor_refused=o["declare-at-floor"] == "refused",
            early_discards=o["early-cards"] == "discards",
            undo_aside=o["aside-changes"] == "undone",
            removed=None if rem == "drawn" else FRUIT_OPTION[rem])

    def initial(self, cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> BastosState:
        r: Rules = cfg.extra
        n = r.n
        setup = dict(setup or {})
        known = {"dealer", "hands", "leftover", "round", "short", "totals"}
        extra = sorted(set(setup) - known)
        if extra:
            raise SetupError(f"unknown set-up key(s) {', '.join(extra)} (bastos takes"
                             f" {', '.join(sorted(known))})")
        rng = mix(seed)
        # dealer (BAS-2.1)
        dealer = setup.get("dealer")
        if dealer is None:
            dealer, rng = below(rng, n)
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise SetupError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        rnd = setup.get("round", 1)
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= r.rounds:
            raise SetupError(f"round must be from 1 to {r.rounds}, not {rnd!r}")
        totals = setup.get("totals", [0] * n)
        if (not isinstance(totals, (list, tuple)) or len(totals) != n
                or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals)):
            raise SetupError(f"totals must list {n} integers, not {totals!r}")
        hands, leftover, size = self._given_cards(r, setup)
        # the removed fruit at three players (BAS-1.2, BAS-A8)
        removed = None
        if n == 3:
            present = {FRUIT[c] for h in hands or () for c in h or ()}
            if r.removed is not None:
                removed = r.removed
                if removed in present:
                    bad = next(c for h in hands for c in h or () if FRUIT[c] == removed)
                    raise SetupError(f"card {bad} belongs to {FRUIT_NAMES[removed]}, the fruit"
                                     f" removed from a three-player game (removed-fruit)")
            else:
                free = [f for f in range(5) if f not in present]
                if not free:
                    raise SetupError("the hands hold all five fruits, but a three-player game"
                                     " removes one")
                removed, rng = choose(free, rng)
        deal = _deal(r, rng, removed, hands, leftover, size)
        return _round_state(r, rnd, dealer, removed, deal, totals)

    @staticmethod
    def _given_cards(r: Rules, setup: Mapping[str, Any]):
        n = r.n
        hands = setup.get("hands")
        leftover = setup.get("leftover")
        short = setup.get("short", False)
        if not isinstance(short, bool):
            raise SetupError(f"short must be true or false, not {short!r}")
        if short and hands is None:
            raise SetupError("short: true needs the hands it shortens")
        seen: set[str] = set()

        def check(card: Any, where: str) -> str:
            if not isinstance(card, str) or card not in FRUIT:
                raise SetupError(f"unknown card {card!r} in {where} (cards are a fruit letter"
                                 f" B L M P D and a value 1-9, e.g. M9)")
            if card in seen:
                raise SetupError(f"card {card} is given twice")
            seen.add(card)
            return card

        size = None
        if hands is not None:
            if not isinstance(hands, (list, tuple)) or len(hands) != n:
                raise SetupError(f"hands must list {n} seats (null for a hand to deal)")
            sizes = set()
            out: list[tuple[str, ...] | None] = []
            for i, h in enumerate(hands):
                if h is None:
                    out.append(None)
                    continue
                if not isinstance(h, (list, tuple)):
                    raise SetupError(f"hand of seat {i} must be a list of cards")
                out.append(tuple(check(c, f"the hand of seat {i}") for c in h))
                sizes.add(len(h))
            if len(sizes) > 1:
                raise SetupError(f"hands must have equal sizes, got {sorted(sizes)}")
            size = sizes.pop() if sizes else None
            if size is not None and not short and size != r.hand:
                raise SetupError(f"wrong hand size {size}: a hand holds {r.hand} cards with"
                                 f" {n} players (a shorter position needs \"short\": true,"
                                 f" BAS-9.2)")
            if size is not None and not 1 <= size <= r.hand:
                raise SetupError(f"wrong hand size {size}: a hand holds 1 to {r.hand} cards"
                                 f" with {n} players")
            hands = out
        if leftover is not None:
            if n != 4:
                raise SetupError("only a four-player game has an odd card (leftover)")
            check(leftover, "leftover")
        return hands, leftover, size

    def scores(self, cfg: Config, state: BastosState) -> list[int]:
        return list(state.totals)

    def view_extra(self, cfg: Config, s: BastosState, seat: int | None) -> dict[str, Any]:
        return {
            "table": {FRUITS[f]: s.values[f] for f in _in_play(s)},
            "trump": FRUITS[s.trump] if s.trump >= 0 else None,
            "colours": [FRUITS[FRUIT[b]] if b else None for b in s.bastos],
            "removed": FRUITS[s.removed] if s.removed is not None else None,
            "turn": s.turn if s.phase == "play" else None,
            "to_adjust": s.pending[0] if s.pending and s.phase == "adjust" else None,
            "rounds": cfg.extra.rounds,
        }

    def view_extra_schema(self) -> dict[str, Any]:
        fruit = {"type": "string", "enum": list(FRUITS)}
        maybe = {"anyOf": [fruit, {"type": "null"}]}
        seat = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
        return {
            "table": {"type": "object", "description": "each fruit in play and its value now",
                      "additionalProperties": {"type": "integer", "minimum": -2,
                                               "maximum": 3}},
            "trump": maybe, "removed": maybe, "colours": {"type": "array", "items": maybe},
            "turn": seat, "to_adjust": seat, "rounds": {"type": "integer", "minimum": 1},
        }

    def setup_schema(self) -> dict[str, Any]:
        card = {"type": "string", "pattern": "^" + CARD_RE + "$"}
        return {
            "type": "object", "additionalProperties": False,
            "properties": {
                "dealer": {"type": "integer", "minimum": 0},
                "hands": {"type": "array", "items": {"anyOf": [
                    {"type": "array", "items": card}, {"type": "null"}]}},
                "leftover": {"anyOf": [card, {"type": "null"}]},
                "round": {"type": "integer", "minimum": 1},
                "short": {"type": "boolean"},
                "totals": {"type": "array", "items": {"type": "integer"}},
            },
        }

    def resample(self, cfg: Config, s: BastosState, seat: int | None, rng: Any) -> BastosState:
        """Redeal what ``seat`` cannot see: other seats' hands and secret picks."""
        r: Rules = cfg.extra
        shown = set() if r.out else {b for b in s.bastos if b is not None}
        pool: list[str] = []
        for i in range(r.n):
            if i == seat:
                continue
            pool += [c for c in s.hands[i] if c not in shown]
            pick = s.choices[i]
            if pick is not None and r.out:  # a pick has left the hand
                pool.append(pick)
        rng.shuffle(pool)
        hands, choices = list(s.hands), list(s.choices)
        for i in range(r.n):
            if i == seat:
                continue
            keep = [c for c in s.hands[i] if c in shown]
            k = len(s.hands[i]) - len(keep)
            hand, pool = keep + pool[:k], pool[k:]
            if s.choices[i] is not None:
                if r.out:
                    choices[i], pool = pool[0], pool[1:]
                else:  # the secret pick is one of the cards still in the hand
                    choices[i] = rng.choice(hand)
            hands[i] = _sorted(hand)
        return s._replace(hands=tuple(hands), choices=tuple(choices),
                          rng=rng.randrange(2 ** 63))

    def explore_configs(self) -> Mapping[str, dict[str, Any]]:
        return {
            "three-seats-last-round-3-cards": {
                "players": 3, "options": {}, "variant": None, "seed": 1,
                "setup": {"dealer": 0, "round": 6, "short": True,
                          "hands": [["B1", "M2", "L3"], ["B4", "M5", "P6"],
                                    ["L7", "P8", "M9"]]}},
            "four-seats-last-round-3-cards": {
                "players": 4, "options": {}, "variant": None, "seed": 2,
                "setup": {"dealer": 3, "round": 8, "leftover": "D9", "short": True,
                          "hands": [["B1", "M2", "D3"], ["B4", "M5", "P6"],
                                    ["L7", "P8", "M9"], ["D1", "B2", "L3"]]}},
            # worth proving: a whole last round of four hands of four (~650,000 states)
            "four-seats-last-round-4-cards": {
                "players": 4, "options": {}, "variant": None, "seed": 2, "large": True,
                "setup": {"dealer": 3, "round": 8, "leftover": "D9", "short": True,
                          "hands": [["B1", "M2", "D3", "L4"], ["B4", "M5", "P6", "D7"],
                                    ["L7", "P8", "M9", "B8"], ["D1", "B2", "L3", "P2"]]}},
            "three-seats-cards-kept-clamped": {
                "players": 3, "variant": None, "seed": 3,
                "options": {"bastos-card": "in-hand", "adjust-range": "clamp",
                            "adjust-timing": "before-lead"},
                "setup": {"dealer": 1, "round": 6, "short": True,
                          "hands": [["B1", "M2"], ["B4", "M5"], ["L7", "M9"]]}},
        }


def _max_length(cfg: Config) -> int:
    """The most actions a game can last: ROUNDS rounds (BAS-2.2), each one pick per seat
    (BAS-3.1), then every dealt card played once (BAS-8.1), each play owing at most one
    value change (BAS-7.1)."""
    n = cfg.players
    return ROUNDS[n] * (n + 2 * n * HAND[n])


SPEC = BastosSpec(
    name="bastos", prefix="BAS", title="Bastos!",
    catalogue=CATALOGUE,
    variants=(Variant(None, (3, 4), "the trick-taking game with changing fruit values"),),
    state_type=BastosState,
    visibility={
        "phase": PUBLIC, "round": PUBLIC, "dealer": PUBLIC, "removed": PUBLIC,
        "hands": OWNER, "choices": OWNER, "bastos": PUBLIC, "leftover": PUBLIC,
        "values": PUBLIC, "lead_values": PUBLIC, "trump": PUBLIC, "leader": PUBLIC,
        "trick": PUBLIC,
        "trump_from": PUBLIC, "declined": PUBLIC, "pending": PUBLIC,
        "tricks": _tricks_view, "aside": PUBLIC,
        "dealt": PUBLIC, "totals": PUBLIC, "rng": SECRET,
    },
    moves=(CHOOSE, PLAY, ADJUST), notation_rule="BAS-9.1", end_rule="BAS-8.3",
    # every seat picks its Bastos! card at once (BAS-3.1); seeded shuffles; hands secret
    kind=GameKind(SIMULTANEOUS, SAMPLED, IMPERFECT, lambda cfg: _max_length(cfg)),
    invariants=INVARIANTS,
    summary="3-4 players, 6 or 8 rounds; fruit values move between -2 and +3 while each"
            " seat avoids its own Bastos! colour",
)
