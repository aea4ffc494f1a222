"""Fruit Passion as a spec: set-up, the draw / place turn, hidden stacks, scoring, solo.

>>> import engine
>>> game = engine.load("fruit-passion", players=2)
>>> s = game.new(seed=1, setup={"start": 0, "deck": ["CO1"], "discard": "PA3"})
>>> [str(a) for a in game.legal_actions(s)]
['p0: draw deck', 'p0: draw discard']
>>> s = game.apply(s, "draw deck")
>>> game.view(s, 0)["drawn"], game.view(s, 1)["drawn"]
(['CO1'], 1)
>>> s = game.apply(s, "play")
>>> game.view(s, 1)["stacks"][0][0]
{'top': 'CO1', 'count': 1}
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from spec.common import Variant
from spec.common.core import (IMPERFECT, PUBLIC, SAMPLED, SECRET, SEQUENTIAL, Action, Config,
                              Event, GameKind, GameSpec, Invariant, Move, Visibility, ev,
                              private_ev)
from spec.common.errors import SetupError
from spec.common.moves import guard
from spec.common.rng import Stream, below, mix, shuffled
from spec.common.tuples import put

from . import cards, scoring
from .cards import CAPACITY, FRUIT, HYBRID, KIND, NAMES, NUMBER
from .rules import CATALOGUE
from .state import (Extra, FruitState, conservation_problem, derive, see_counts, see_discard,
                    see_drawn, see_stacks)

Effect = tuple[FruitState, list[Event]]

DRAW_PHASES = frozenset({"draw", "pair"})  # "pair" only to explain FRP-8.4 to a solo seat
PLACE_PHASES = frozenset({"place", "pair"})
SOLO_BOX = 25  # FRP-8.1
TWO_PLAYER_BOX = 25  # FRP-2.1


# --- what a seat may do with a card ---------------------------------------------------------
def can_play(x: Extra, s: FruitState, seat: int, card: str) -> bool:
    """Whether ``seat`` may put ``card`` on its stack under option play-limits (FRP-A3):
    not beyond the stack's capacity (FRP-4.2), and, if repeats are refused, not a number
    the stack already holds (FRP-4.4)."""
    stack = s.stacks[seat][FRUIT[card]]
    if x.check_max and len(stack) >= CAPACITY[FRUIT[card]]:
        return False
    if x.owner_looks:  # FRP-A10: only an owner who may look is held to it beforehand
        return all(NUMBER[c] != NUMBER[card] for c in stack)
    return True


def repeats(x: Extra, s: FruitState, seat: int, card: str) -> bool:
    """FRP-A10 set-aside: a play the seat was offered, blind, that its stack refuses
    because the stack already holds that number (FRP-4.4, play-limits=max-and-duplicates)."""
    if not x.check_duplicates or x.owner_looks:
        return False
    return any(NUMBER[c] == NUMBER[card] for c in s.stacks[seat][FRUIT[card]])


def can_draw(x: Extra, s: FruitState, seat: int) -> bool:
    """FRP-3.2: a seat can draw from the deck, or take the discard pile's top card (under
    discard-take=must-play only a card it can play, FRP-A1)."""
    if s.decks[0]:
        return True
    return bool(s.discard) and (not x.must_play or can_play(x, s, seat, s.discard[-1]))


def with_card_on_stack(stacks: tuple, seat: int, card: str) -> tuple:
    """FRP-4.1: ``stacks`` with ``card`` on top of ``seat``'s stack of its fruit."""
    fruit = FRUIT[card]
    mine = stacks[seat]
    return put(stacks, seat, put(mine, fruit, mine[fruit] + (card,)))


# --- scoring of a finished game -------------------------------------------------------------
def count_vector(stack: tuple[str, ...], fruit: int) -> tuple[int, ...]:
    """How many cards of each number ``stack`` holds (index 0 = number 1)."""
    numbers = [NUMBER[c] for c in stack]
    return tuple(numbers.count(n) for n in range(1, cards.TOP_NUMBER[fruit] + 1))


def seat_result(x: Extra, mine: tuple[tuple[str, ...], ...]) -> scoring.SeatScore:
    """A seat's final scoring by :func:`.scoring.seat_score`, on ints."""
    vectors = [count_vector(stack, fruit) for fruit, stack in enumerate(mine)]
    held = [x.hybrid_cards[f] in mine[f] for f in cards.COMMON]
    return scoring.seat_score(vectors, held, x.hybrid_numbers, lone_one=x.lone_one,
                              hybrid_run=x.hybrid_run, hybrid_dup=x.hybrid_dup,
                              no_one_dup=x.no_one_dup)


def seat_score(x: Extra, mine: tuple[tuple[str, ...], ...]) -> int:
    """A seat's total by :func:`.scoring.seat_score`."""
    return seat_result(x, mine).total


#: the clause of each scoring column (FRP-6.3 common fruits, FRP-6.4, FRP-6.5)
COLUMN_RULE = {"common": "FRP-6.3", "pomegranate": "FRP-6.4", "passion": "FRP-6.5"}


def number_text(card: str) -> str:
    """A card as the scoring events list it: its number, a star for a hybrid."""
    return str(NUMBER[card]) + ("*" if HYBRID[card] else "")


def scoring_events(x: Extra, s: FruitState) -> list[Event]:
    """FRP-6.1: every stack is revealed and scored, then each seat's hybrids and total."""
    out: list[Event] = [ev("FRP-6.1", "all stacks are revealed and scored")]
    for seat, mine in enumerate(s.stacks):
        res = seat_result(x, mine)
        out += [_stack_event(x, seat, fruit, stack, res)
                for fruit, stack in enumerate(mine) if stack]
        out += _hybrid_events(x, seat, mine, res)
        out.append(ev("FRP-6.10", "seat {seat} scores {total} in all", seat=seat,
                      total=res.total))
    return out


def _stack_event(x: Extra, seat: int, fruit: int, stack: tuple[str, ...],
                 res: scoring.SeatScore) -> Event:
    """One stack's points and the clause that gives them (FRP-6.3 to FRP-6.7)."""
    run = res.runs[fruit]
    if res.repeats[fruit] and (run or x.no_one_dup == "penalty"):
        rule, why = "FRP-6.7", "a repeated number" if run else "a repeated number, no 1"
    elif run <= 1:
        rule, why = "FRP-6.6", "a lone 1" if run else "no 1"
    else:
        rule, why = COLUMN_RULE[KIND[fruit]], "run " + "-".join(map(str, range(1, run + 1)))
    nums = " ".join(number_text(c) for c in sorted(stack, key=lambda c: NUMBER[c]))
    return ev(rule, "seat {seat}'s {fruit} ({nums}) scores {points}: {why}", seat=seat,
              fruit=NAMES[fruit], nums=nums, points=res.stacks[fruit], why=why)


def _hybrid_events(x: Extra, seat: int, mine: tuple[tuple[str, ...], ...],
                   res: scoring.SeatScore) -> list[Event]:
    """FRP-6.9: which held hybrids count; FRP-6.8: what their sequence scores."""
    held = [f for f in cards.COMMON if x.hybrid_cards[f] in mine[f]]
    if not held:
        return []
    out = []
    left_out = [x.hybrid_cards[f] for f in held if not res.counted[f]]
    counted = [x.hybrid_cards[f] for f in held if res.counted[f]]
    if left_out:
        out.append(ev("FRP-6.9", "seat {seat}'s hybrids {cards} lie outside a valid sequence"
                      " and do not count", seat=seat, cards=" ".join(left_out)))
    out.append(ev("FRP-6.8", "seat {seat}'s hybrid sequence ({cards}) scores {points}",
                  seat=seat, cards=" ".join(counted) or "none", points=res.hybrids))
    return out


# --- the end of a turn and of the game ---------------------------------------------------------
def _game_over(cfg: Config, s: FruitState, events: list[Event], why: str) -> Effect:
    """FRP-5.1 (FRP-8.5 solo): the game is over and scored (FRP-6.1)."""
    s = s._replace(phase="over", drawn=(), from_discard=False, final=True)
    events.append(ev("FRP-8.5" if cfg.extra.solo else "FRP-5.1", "game over: {why}", why=why))
    events.extend(scoring_events(cfg.extra, s))
    return s, events


def _end_turn(cfg: Config, s: FruitState, events: list[Event]) -> Effect:
    """FRP-3.3: placing the drawn card ends the turn; the next seat clockwise (FRP-3.1)
    draws, unless the deck ran out (FRP-5.1, option last-turnover)."""
    nxt = (s.turn + 1) % cfg.players
    s = s._replace(phase="draw", turn=nxt, drawn=(), from_discard=False)
    if s.final:
        return _game_over(cfg, s, events, "the draw deck is exhausted")
    if not s.decks[0] and not can_draw(cfg.extra, s, nxt):
        if cfg.extra.last_turnover == "play-on-skip":
            return _skip_to_drawer(cfg, s, events)
        return _game_over(cfg, s, events, f"seat {nxt} cannot draw (last-turnover=play-on)")
    return s, events


def _skip_to_drawer(cfg: Config, s: FruitState, events: list[Event]) -> Effect:
    """FRP-A2=play-on-skip: seats that cannot draw are passed over; the game ends only
    when no seat can draw."""
    n = cfg.players
    seats = [(s.turn + k) % n for k in range(n)]
    drawer = next((seat for seat in seats if can_draw(cfg.extra, s, seat)), None)
    if drawer is None:
        return _game_over(cfg, s, events, "no seat can draw (last-turnover=play-on-skip)")
    for seat in seats[:seats.index(drawer)]:
        events.append(ev("FRP-5.1", "seat {seat} cannot draw and is passed over"
                         " (last-turnover=play-on-skip)", seat=seat))
    return s._replace(turn=drawer), events


def _draw_pair(cfg: Config, s: FruitState, events: list[Event]) -> Effect:
    """One player: the top cards of both decks are drawn together (FRP-8.2), seen by the
    player alone (FRP-3.6); when the decks are out the game ends (FRP-8.5)."""
    left, right = s.decks
    if not left or not right:
        return _game_over(cfg, s, events, "both decks are empty")
    events.append(private_ev(
        "FRP-8.2", "draws {left} (left) and {right} (right)", seen_by=0,
        others="draws two cards, left and right (FRP-3.6: unseen by spectators)",
        left=left[0], right=right[0]))
    return s._replace(phase="pair", turn=0, decks=(left[1:], right[1:]),
                      drawn=(left[0], right[0]), from_discard=False, final=False), events


# --- effects ---------------------------------------------------------------------------------
def _draw(cfg: Config, s: FruitState, a: Action) -> Effect:
    """FRP-3.2: a turn begins with a draw, from the deck or from the discard pile."""
    if a.args[0] == "deck":
        return _draw_from_deck(cfg, s)
    return _take_discard(cfg, s)


def _draw_from_deck(cfg: Config, s: FruitState) -> Effect:
    """FRP-3.2: the deck's top card, seen by the drawer alone (FRP-3.6), or by everyone
    under FRP-A11 shown; drawing the last one makes this the last turn (FRP-5.1)."""
    seat = s.turn
    card, deck = s.decks[0][0], s.decks[0][1:]
    if cfg.extra.drawn_shown:
        events = [ev("FRP-3.2", "seat {seat} draws {card} from the deck and shows it",
                     seat=seat, card=card)]
    else:
        events = [private_ev("FRP-3.2",
                             "seat {seat} draws {card} from the deck (only seat {seat} sees it)",
                             seen_by=seat, others="seat {seat} draws a card from the deck",
                             seat=seat, card=card)]
    if not deck:
        events.append(ev("FRP-5.1", "that was the deck's last card: the game ends after"
                         " this turn"))
    return s._replace(phase="place", decks=(deck,), drawn=(card,), from_discard=False,
                      final=not deck), events


def _take_discard(cfg: Config, s: FruitState) -> Effect:
    """FRP-3.2: the discard pile's top card, which everyone has seen; taking the only one
    starts a new pile from the deck (FRP-3.4)."""
    card, pile = s.discard[-1], s.discard[:-1]
    events = [ev("FRP-3.2", "seat {seat} takes {card} from the discard pile", seat=s.turn,
                 card=card)]
    s = s._replace(phase="place", discard=pile, drawn=(card,), from_discard=True)
    if not pile and s.decks[0]:
        s = _turn_over_new_pile(cfg, s, events)
    return s, events


def _turn_over_new_pile(cfg: Config, s: FruitState, events: list[Event]) -> FruitState:
    """FRP-3.4: the deck's top card is turned face up as the new discard pile. When it is
    the deck's last card, option last-turnover (FRP-A2) says what happens."""
    deck = s.decks[0]
    last = len(deck) == 1
    reading = cfg.extra.last_turnover
    if last and reading == "keep-last":
        events.append(ev("FRP-3.4", "the deck's last card stays face down"
                         " (last-turnover=keep-last)"))
        return s
    events.append(ev("FRP-3.4", "{card} is turned face up from the deck as a new discard"
                     " pile", card=deck[0]))
    s = s._replace(decks=(deck[1:],), discard=deck[:1])
    if last and reading == "finish-turn":
        events.append(ev("FRP-5.1", "the deck is exhausted: the game ends after this turn"))
        s = s._replace(final=True)
    return s


def _repeat_found(seat: int, card: str) -> Event:
    """FRP-4.4, FRP-A10 set-aside: the stack already holds the number, so the card is not
    played but set aside out of the game (so no card can go round for ever); saying so
    shows everyone that one buried number."""
    return ev("FRP-4.4", "seat {seat}'s {fruit} stack already holds a {number}: {card} is not"
              " played and leaves the game", seat=seat, fruit=NAMES[FRUIT[card]],
              number=NUMBER[card], card=card)


def _play(cfg: Config, s: FruitState, a: Action) -> Effect:
    """FRP-3.3: the drawn card is played (FRP-8.3 one player: one card of the pair)."""
    if cfg.extra.solo:
        return _play_one_of_pair(cfg, s, a)
    return _play_drawn(cfg, s)


def _play_drawn(cfg: Config, s: FruitState) -> Effect:
    """FRP-3.3, FRP-4.1: the drawn card goes on top of the seat's stack of its fruit."""
    seat, card = s.turn, s.drawn[0]
    fruit = FRUIT[card]
    if repeats(cfg.extra, s, seat, card):
        return _end_turn(cfg, s._replace(box=s.box + (card,), drawn=()),
                         [_repeat_found(seat, card)])
    stacks = with_card_on_stack(s.stacks, seat, card)
    events = [ev("FRP-4.1", "seat {seat} plays {card} onto its {fruit} stack, which now holds {count}",
                 seat=seat, card=card, fruit=NAMES[fruit], count=len(stacks[seat][fruit]))]
    return _end_turn(cfg, s._replace(stacks=stacks, drawn=()), events)


def _play_one_of_pair(cfg: Config, s: FruitState, a: Action) -> Effect:
    """FRP-8.3: one card of the pair is played, the other discarded, out of the game
    (FRP-8.4); the next pair is drawn."""
    side = a.args[0]
    card, other = s.drawn if side == "left" else s.drawn[::-1]
    fruit = FRUIT[card]
    if repeats(cfg.extra, s, 0, card):
        return _draw_pair(cfg, s._replace(box=s.box + (card,), discard=s.discard + (other,),
                                          drawn=()), [_repeat_found(0, card)])
    stacks = with_card_on_stack(s.stacks, 0, card)
    events = [ev("FRP-8.3", "plays {card} ({side}) onto the {fruit} stack, which now holds {count},"
                 " and discards {other}", card=card, side=side, fruit=NAMES[fruit],
                 count=len(stacks[0][fruit]), other=other)]
    return _draw_pair(cfg, s._replace(stacks=stacks, discard=s.discard + (other,), drawn=()),
                      events)


def _discard(cfg: Config, s: FruitState, a: Action) -> Effect:
    """FRP-3.3: the drawn card goes face up on the discard pile; one player: both cards
    go, out of the game (FRP-8.4)."""
    if cfg.extra.solo:
        events = [ev("FRP-8.4", "discards {left} and {right}: out of the game",
                     left=s.drawn[0], right=s.drawn[1])]
        return _draw_pair(cfg, s._replace(discard=s.discard + s.drawn, drawn=()), events)
    card = s.drawn[0]
    events = [ev("FRP-3.3", "seat {seat} discards {card}", seat=s.turn, card=card)]
    return _end_turn(cfg, s._replace(discard=s.discard + (card,), drawn=()), events)


# --- who moves, with which arguments ------------------------------------------------------------
def _actors(cfg: Config, s: FruitState) -> tuple[int, ...]:
    """FRP-3.1: the seat whose turn it is."""
    return (s.turn,)


def _draw_domain(cfg: Config, s: FruitState, seat: int) -> list[tuple[str, ...]]:
    """FRP-3.2: from the deck or the discard pile (one player draws automatically)."""
    return [("deck",), ("discard",)] if s.phase == "draw" else []


def _play_domain(cfg: Config, s: FruitState, seat: int) -> list[tuple[str, ...]]:
    """FRP-3.3 the drawn card; FRP-8.3 one player: the left or the right one."""
    return [()] if s.phase == "place" else [("left",), ("right",)]


def _discard_domain(cfg: Config, s: FruitState, seat: int) -> list[tuple[str, ...]]:
    """FRP-3.3 the drawn card; FRP-8.3 one player: both cards."""
    return [()] if s.phase == "place" else [("both",)]


# --- guards ----------------------------------------------------------------------------------
def _held(s: FruitState, a: Action) -> str:
    """The card the action would play: the drawn one, or the named one of the pair."""
    if len(s.drawn) == 1:
        return s.drawn[0]
    return s.drawn[0 if a.args and a.args[0] == "left" else 1]


#: the one-player forms of the moves that place cards (FRP-3.7)
SOLO_FORMS = {"play": ("left", "right"), "discard": ("both",)}


def _form_ok(cfg: Config, s: FruitState, a: Action) -> bool:
    """FRP-3.7: the one-player variant names a side (or both); the base game names none."""
    if cfg.extra.solo:
        return len(a.args) == 1 and a.args[0] in SOLO_FORMS[a.name]
    return not a.args


def _why_form(cfg: Config, s: FruitState, a: Action) -> str:
    if cfg.extra.solo:
        return "in the one-player variant say play left, play right or discard both"
    return f"'{a.body}' belongs to the one-player variant; say '{a.name}'"


def _fits_max(cfg: Config, s: FruitState, a: Action) -> bool:
    """FRP-4.2: no stack grows beyond its capacity (unless play-limits=unchecked)."""
    if not cfg.extra.check_max:
        return True
    fruit = FRUIT[_held(s, a)]
    return len(s.stacks[a.player][fruit]) < CAPACITY[fruit]


def _why_full(cfg: Config, s: FruitState, a: Action) -> str:
    card = _held(s, a)
    f = FRUIT[card]
    return (f"seat {a.player}'s {NAMES[f]} stack already holds {CAPACITY[f]} cards, the most"
            f" it may hold; {card} cannot be played")


def _no_repeat(cfg: Config, s: FruitState, a: Action) -> bool:
    """FRP-4.4 under play-limits=max-and-duplicates: no number twice in a stack, refused
    beforehand only when the owner may look through its stacks (FRP-A10 owner-looks)."""
    if not cfg.extra.owner_looks:
        return True
    card = _held(s, a)
    return all(NUMBER[c] != NUMBER[card] for c in s.stacks[a.player][FRUIT[card]])


def _why_repeat(cfg: Config, s: FruitState, a: Action) -> str:
    card = _held(s, a)
    return (f"seat {a.player}'s {NAMES[FRUIT[card]]} stack already holds a {NUMBER[card]},"
            " and no number may be played twice")


def _takes_to_play(cfg: Config, s: FruitState, a: Action) -> bool:
    """FRP-3.3 under discard-take=must-play: the discard is taken only to be played."""
    return (a.args[0] != "discard" or not cfg.extra.must_play
            or can_play(cfg.extra, s, a.player, s.discard[-1]))


def _why_must_play(cfg: Config, s: FruitState, a: Action) -> str:
    card = s.discard[-1]
    return (f"seat {a.player} may take {card} only to play it (discard-take=must-play), and"
            f" its {NAMES[FRUIT[card]]} stack cannot take it")


# the draw domain offers a draw only in the draw phase, never in a solo game's pair phase
NOT_SOLO_DECK = guard("FRP-8.2", lambda cfg, s, a: s.phase != "pair" or a.args[0] != "deck",
                      "in the one-player variant the top cards of both decks are drawn"
                      " together, automatically, at the start of each turn", implied=True)
NOT_SOLO = guard("FRP-8.4", lambda cfg, s, a: s.phase != "pair",
                 "in the one-player variant the discard pile is never drawn from",
                 implied=True)
DECK_LEFT = guard("FRP-5.1", lambda cfg, s, a: a.args[0] != "deck" or bool(s.decks[0]),
                  "the draw deck is empty")
PILE_LEFT = guard("FRP-3.2", lambda cfg, s, a: a.args[0] != "discard" or bool(s.discard),
                  "the discard pile is empty")
TAKE_TO_PLAY = guard("FRP-3.3", _takes_to_play, _why_must_play)
# the domains list exactly the forms of the game being played (FRP-3.7)
FORM = guard("FRP-3.7", _form_ok, _why_form, implied=True)
FITS = guard("FRP-4.2", _fits_max, _why_full)
NO_REPEAT = guard("FRP-4.4", _no_repeat, _why_repeat)
KEEP_TAKEN = guard("FRP-3.3", lambda cfg, s, a: not (s.from_discard and cfg.extra.must_play),
                   lambda cfg, s, a: f"seat {a.player} took {s.drawn[0]} from the discard"
                   " pile and must play it (discard-take=must-play)")


def _parse_draw(args: tuple[str, ...]) -> str | None:
    return None if len(args) == 1 and args[0] in ("deck", "discard") else \
        "expects 'deck' or 'discard'"


def _parse_play(args: tuple[str, ...]) -> str | None:
    return None if not args or (len(args) == 1 and args[0] in ("left", "right")) else \
        "takes no argument (one player: left or right)"


def _parse_discard(args: tuple[str, ...]) -> str | None:
    return None if not args or args == ("both",) else \
        "takes no argument (one player: both)"


DRAW = Move(
    name="draw", rule="FRP-3.2", phases=DRAW_PHASES, actors=_actors, domain=_draw_domain,
    guards=(NOT_SOLO_DECK, NOT_SOLO, DECK_LEFT, PILE_LEFT, TAKE_TO_PLAY), effect=_draw,
    parse=_parse_draw, doc="take the top card of the draw deck or of the discard pile",
    to=("place",), notation="draw deck | draw discard")
PLAY = Move(
    name="play", rule="FRP-3.3", phases=PLACE_PHASES, actors=_actors, domain=_play_domain,
    guards=(FORM, FITS, NO_REPEAT), effect=_play, parse=_parse_play,
    doc="put the drawn card on one's stack of its fruit (one player: the left or right card,"
        " discarding the other)",
    to=("draw", "pair", "over"), notation="play | play left | play right")
DISCARD = Move(
    name="discard", rule="FRP-3.3", phases=PLACE_PHASES, actors=_actors,
    domain=_discard_domain, guards=(FORM, KEEP_TAKEN), effect=_discard, parse=_parse_discard,
    doc="lay the drawn card face up on the discard pile (one player: both cards)",
    to=("draw", "pair", "over"), notation="discard | discard both")


# --- invariants -----------------------------------------------------------------------------
def _stack_problem(cfg: Config, s: FruitState) -> str | None:
    for seat, mine in enumerate(s.stacks):
        if len(mine) != len(cards.FRUITS):
            return f"seat {seat} has {len(mine)} stacks, not 7"
        for f, st in enumerate(mine):
            for c in st:
                if FRUIT.get(c) != f:
                    return f"seat {seat}'s {NAMES[f]} stack holds {c}"
            if cfg.extra.check_max and len(st) > CAPACITY[f]:
                return f"seat {seat}'s {NAMES[f]} stack holds {len(st)} > {CAPACITY[f]} cards"
    return None


#: how many drawn cards a seat holds in each phase (FRP-3.2, FRP-3.3, FRP-8.2)
DRAWN_IN_PHASE = {"draw": 0, "place": 1, "pair": 2, "over": 0}


def _phase_problem(cfg: Config, s: FruitState) -> str | None:
    want = DRAWN_IN_PHASE.get(s.phase)
    if want is None:
        return f"unknown phase {s.phase!r}"
    if len(s.drawn) != want:
        return f"phase {s.phase} with {len(s.drawn)} drawn cards"
    if not 0 <= s.turn < cfg.players:
        return f"no seat {s.turn}"
    if cfg.extra.solo != (len(s.decks) == 2) or s.phase in (("draw", "place") if
                                                              cfg.extra.solo else ("pair",)):
        return "state does not fit the variant"
    if s.from_discard and s.phase != "place":
        return "a card from the discard pile outside the place phase"
    return None


def _decks_problem(cfg: Config, s: FruitState) -> str | None:
    if cfg.extra.solo and len(s.decks[0]) != len(s.decks[1]):
        return f"the two decks hold {len(s.decks[0])} and {len(s.decks[1])} cards"
    if s.phase != "over" and not cfg.extra.solo and not s.decks[0] and not s.final \
            and not cfg.extra.last_turnover.startswith("play-on"):
        return "the deck is empty but the game goes on"
    return None


def _score_problem(cfg: Config, s: FruitState) -> str | None:
    if s.phase != "over":
        return None
    for seat, mine in enumerate(s.stacks):
        v = seat_score(cfg.extra, mine)
        if not scoring.MIN_SCORE <= v <= scoring.MAX_SCORE:
            return f"seat {seat} scores {v}, outside [{scoring.MIN_SCORE}, {scoring.MAX_SCORE}]"
    return None


INVARIANTS = (
    Invariant("FRP-I1", ("FRP-1.1", "FRP-2.1", "FRP-8.1"),
              "every card is in exactly one place (decks, discard pile, drawn, stacks, box)",
              conservation_problem),
    Invariant("FRP-I2", ("FRP-4.1", "FRP-4.2"),
              "stacks hold only their own fruit and never exceed 5 cards (7 passion fruit)",
              _stack_problem),
    Invariant("FRP-I3", ("FRP-3.2", "FRP-3.3", "FRP-8.2"),
              "the phase matches the cards in hand: none before the draw, one (two solo)"
              " after it", _phase_problem),
    Invariant("FRP-I4", ("FRP-5.1", "FRP-8.1", "FRP-8.5"),
              "the solo decks stay equal; an empty deck means the last turn is under way",
              _decks_problem),
    Invariant("FRP-I5", ("FRP-6.3", "FRP-6.4", "FRP-6.5", "FRP-6.7", "FRP-6.8"),
              f"final scores lie in [{scoring.MIN_SCORE}, {scoring.MAX_SCORE}]",
              _score_problem),
)


# --- set-up -----------------------------------------------------------------------------------
BASE_KEYS = ("start", "deck", "discard", "box", "stacks", "rest")
SOLO_KEYS = ("left", "right", "box", "stacks", "rest")


class _Pool:
    """The cards not yet placed by the set-up; refuses unknown and over-used cards."""

    def __init__(self, x: Extra) -> None:
        self.x = x
        self.left = Counter(x.counts)

    def take(self, card: Any, where: str) -> str:
        if not isinstance(card, str) or card not in self.x.counts:
            hint = ""
            if isinstance(card, str) and card in FRUIT:
                hint = f" (the hybrids are {' '.join(self.x.hybrid_cards)})"
            raise SetupError(f"setup {where}: {card!r} is not a card of this game{hint}")
        if self.left[card] <= 0:
            raise SetupError(f"setup {where}: {card} is named more often than the game has it"
                             f" ({self.x.counts[card]})")
        self.left[card] -= 1
        return card

    def cards(self, value: Any, where: str) -> list[str]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise SetupError(f"setup {where}: expected a list of cards, not {value!r}")
        return [self.take(c, where) for c in value]

    def rest(self) -> list[str]:
        return [c for c in dict.fromkeys(self.x.cards) for _ in range(self.left[c])]


def _stacks_from(setup: Mapping[str, Any], pool: _Pool, n: int, x: Extra) -> tuple:
    given = setup.get("stacks")
    if given is None:
        return tuple(((),) * len(cards.FRUITS) for _ in range(n))
    if not isinstance(given, (list, tuple)) or len(given) != n:
        raise SetupError(f"setup stacks: expected a list of {n} seats' cards")
    out = []
    for seat, mine in enumerate(given):
        piles: list[list[str]] = [[] for _ in cards.FRUITS]
        for c in pool.cards(mine, f"stacks[{seat}]"):
            piles[FRUIT[c]].append(c)
        for f, st in enumerate(piles):
            if x.check_max and len(st) > CAPACITY[f]:
                raise SetupError(f"setup stacks[{seat}]: {len(st)} {NAMES[f]} cards, more than"
                                 f" a stack may hold ({CAPACITY[f]})")
        out.append(tuple(tuple(st) for st in piles))
    return tuple(out)


def _check_keys(setup: Mapping[str, Any], allowed: tuple[str, ...]) -> str:
    unknown = sorted(set(setup) - set(allowed))
    if unknown:
        raise SetupError(f"setup has unknown keys {unknown} (keys: {', '.join(allowed)})")
    rest = setup.get("rest", "deck")
    if rest not in ("deck", "box"):
        raise SetupError(f"setup rest must be 'deck' or 'box', not {rest!r}")
    return rest


def _solo_start(cfg: Config, setup: Mapping[str, Any], rng: Stream) -> FruitState:
    """FRP-8.1: 25 cards back in the box unseen, the other 80 in two decks of 40; then the
    first pair is drawn (FRP-8.2). A set-up may fix any of them (FRP-2.4)."""
    x: Extra = cfg.extra
    pool = _Pool(x)
    rest = _check_keys(setup, SOLO_KEYS)
    stacks = _stacks_from(setup, pool, cfg.players, x)
    box = pool.cards(setup.get("box", []), "box")
    left = pool.cards(setup.get("left", []), "left")
    right = pool.cards(setup.get("right", []), "right")
    shuffled_rest, rng = shuffled(pool.rest(), rng)
    others = list(shuffled_rest)
    if rest == "deck":
        need = SOLO_BOX - len(box)
        if need < 0:
            raise SetupError(f"setup box: {len(box)} cards, but {SOLO_BOX} go back")
        box += others[:need]
        others = others[need:]
        total = len(left) + len(right) + len(others)
        half = total // 2
        if total % 2 or len(left) > half or len(right) > half:
            raise SetupError(f"setup left/right: {total} cards cannot make two equal"
                             f" decks holding the given {len(left)} and {len(right)}")
        cut = half - len(left)
        left += others[:cut]
        right += others[cut:]
    else:
        box += others
        if len(left) != len(right) or not left:
            raise SetupError("setup left/right: with rest=box the two decks must be"
                             f" equal and not empty (got {len(left)} and {len(right)})")
    s = FruitState(phase="pair", turn=0, decks=(tuple(left), tuple(right)), discard=(),
                   drawn=(), from_discard=False, final=False, stacks=stacks, box=tuple(box),
                   rng=rng)
    s, _ = _draw_pair(cfg, s, [])
    return s


def _base_start(cfg: Config, setup: Mapping[str, Any], rng: Stream) -> FruitState:
    """FRP-2.1 to FRP-2.3: with two players 25 cards back in the box unseen; one draw deck
    whose top card starts the discard pile; a random start seat. A set-up may fix any of
    them (FRP-2.4)."""
    x: Extra = cfg.extra
    n = cfg.players
    pool = _Pool(x)
    rest = _check_keys(setup, BASE_KEYS)
    stacks = _stacks_from(setup, pool, n, x)
    box = pool.cards(setup.get("box", []), "box")
    deck = pool.cards(setup.get("deck", []), "deck")
    given_pile = setup.get("discard")
    pile = None if given_pile is None else pool.cards(given_pile, "discard")[::-1]
    start = setup.get("start")
    if start is None:
        start, rng = below(rng, n)
    elif not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < n:
        raise SetupError(f"setup start: no seat {start!r} in a {n}-player game")
    shuffled_rest, rng = shuffled(pool.rest(), rng)
    others = list(shuffled_rest)
    if rest == "deck":
        boxed = TWO_PLAYER_BOX if n == 2 else 0
        need = boxed - len(box)
        if need < 0:
            raise SetupError(f"setup box: {len(box)} cards, but {boxed} go back with {n}"
                             " players")
        if need > len(others):
            left = len(box) + len(others)
            raise SetupError(f"setup: {left} {'card is' if left == 1 else 'cards are'} left"
                             " for the box, but"
                             f" {TWO_PLAYER_BOX} go back unseen with {n} players"
                             f" (FRP-2.1); the deck, discard pile and stacks name too"
                             " many cards")
        box += others[:need]
        deck += others[need:]
    else:
        box += others
    if pile is None:  # FRP-2.2: the deck's top card, given or shuffled, starts the pile
        pile, deck = deck[:1], deck[1:]
    if not deck:
        raise SetupError("setup deck: the draw deck may not start empty")
    if not pile:
        raise SetupError("setup discard: the discard pile may not start empty (FRP-2.2)")
    return FruitState(phase="draw", turn=start, decks=(tuple(deck),), discard=tuple(pile),
                      drawn=(), from_discard=False, final=False, stacks=stacks,
                      box=tuple(box), rng=rng)


class FruitPassionSpec(GameSpec[FruitState]):
    def ended_by(self, cfg: Config, state: Any) -> str:
        """FRP-8.5 ends the one-player game, FRP-5.1 the others."""
        return "FRP-8.5" if cfg.extra.solo else "FRP-5.1"

    def derive(self, cfg: Config) -> Extra:
        return derive(cfg)

    def initial(self, cfg: Config, seed: Stream, setup: Mapping[str, Any] | None) -> FruitState:
        if cfg.extra.solo:
            return _solo_start(cfg, setup or {}, mix(seed))
        return _base_start(cfg, setup or {}, mix(seed))

    def refusal_rule(self, cfg: Config, state: FruitState, reason: str) -> str | None:
        """After the end, the end rule; out of turn, the turn order; a move of the wrong
        half of a turn, the rule of that half (draw first, then play or discard)."""
        solo = cfg.extra.solo
        if reason == "over":
            return "FRP-8.5" if solo else "FRP-5.1"
        if reason == "turn":
            return "FRP-3.1"
        if reason == "phase":
            return "FRP-8.2" if solo else ("FRP-3.2" if state.phase == "draw" else "FRP-3.3")
        return None

    def scores(self, cfg: Config, state: FruitState) -> list[int]:
        """Zero for everyone until the end (running totals would reveal hidden stacks)."""
        if state.phase != "over":
            return [0] * cfg.players
        return [seat_score(cfg.extra, mine) for mine in state.stacks]

    def search_value(self, cfg: Config, state: FruitState) -> list[int]:
        """For search agents, which call it on states drawn from a seat's view: what each
        seat's stacks would score if the game ended now (FRP-6.10), a guide to the score at
        the end that :meth:`scores` keeps hidden until then."""
        return [seat_score(cfg.extra, mine) for mine in state.stacks]

    def view_extra(self, cfg: Config, state: FruitState, seat: int | None) -> dict[str, Any]:
        x: Extra = cfg.extra
        out: dict[str, Any] = {
            "stack_limits": dict(zip(cards.FRUITS, CAPACITY)),
            "hybrid_cards": list(x.hybrid_cards),
        }
        if state.phase == "over":
            out["breakdown"] = []
            for mine in state.stacks:
                res = seat_result(x, mine)
                out["breakdown"].append({**dict(zip(cards.FRUITS, res.stacks)),
                                         "hybrids": res.hybrids})
        return out

    def resample(self, cfg: Config, state: FruitState, seat: int | None, rng: Any) -> Any:
        """Swap unseen cards of one fruit among the unseen places (deck, box, pile below
        the top, stacks below the top, a card drawn by another seat)."""
        places: list[list[Any]] = [list(d) for d in state.decks]
        box = list(state.box)
        pile = list(state.discard)
        drawn = list(state.drawn)
        stacks = [[list(st) for st in mine] for mine in state.stacks]
        slots: list[tuple[list[Any], int]] = []
        for d in places:
            slots += [(d, i) for i in range(len(d))]
        slots += [(box, i) for i in range(len(box))]
        slots += [(pile, i) for i in range(len(pile) - 1)]
        if not (state.from_discard or (seat is not None and seat == state.turn)):
            slots += [(drawn, i) for i in range(len(drawn))]
        if state.phase != "over":
            for mine in stacks:
                for st in mine:
                    slots += [(st, i) for i in range(len(st) - 1)]
        by_fruit: dict[int, list[tuple[list[Any], int]]] = {}
        for lst, i in slots:
            by_fruit.setdefault(FRUIT[lst[i]], []).append((lst, i))
        for group in by_fruit.values():
            values = [lst[i] for lst, i in group]
            rng.shuffle(values)
            for (lst, i), v in zip(group, values):
                lst[i] = v
        return state._replace(
            decks=tuple(tuple(d) for d in places), box=tuple(box), discard=tuple(pile),
            drawn=tuple(drawn), stacks=tuple(tuple(tuple(st) for st in mine)
                                             for mine in stacks),
            rng=rng.randrange(2**63))

    def setup_schema(self) -> dict[str, Any]:
        card_list = {"type": "array", "items": {"type": "string"}}
        return {
            "type": "object", "additionalProperties": False,
            "properties": {
                "start": {"type": "integer", "minimum": 0},
                "deck": {**card_list, "description": "the draw deck's top cards, top first"},
                "discard": {"anyOf": [{"type": "string"}, card_list],
                            "description": "the discard pile: one card, or a list top first"},
                "left": {**card_list, "description": "one player: the left deck, top first"},
                "right": {**card_list, "description": "one player: the right deck, top first"},
                "box": {**card_list, "description": "cards back in the box, unseen"},
                "stacks": {"type": "array", "items": card_list,
                           "description": "per seat, cards already played, in play order"},
                "rest": {"enum": ["deck", "box"],
                         "description": "where the cards the set-up does not place go"},
            },
        }

    def explore_configs(self) -> Mapping[str, dict[str, Any]]:
        return EXPLORE


EXPLORE: dict[str, dict[str, Any]] = {
    "two-seats-short-deck": {
        "players": 2, "options": {}, "variant": None, "seed": 0,
        "setup": {"start": 0, "deck": ["CO2", "PA1", "CO1*", "PF4"], "discard": ["CO3"],
                  "stacks": [["CO4", "CO5", "PA2"], ["PF1", "CO1"]], "rest": "box"},
    },
    # worth proving: two seats draw a ten-card deck dry (~750,000 states)
    "two-seats-10-card-deck": {
        "players": 2, "options": {}, "variant": None, "seed": 0, "large": True,
        "setup": {"start": 0, "deck": ["CO2", "PA1", "CO1*", "PF4", "CO3", "PA2", "FI1", "PF2",
                                       "CO5", "PA3"], "discard": ["CO4"],
                  "stacks": [["CO1", "PA4"], ["PF6", "AV3"]], "rest": "box"},
    },
    # the largest worth proving: an eleven-card deck (2,564,744 states; each card more
    # multiplies them by about 3.4, so a twenty-card deck would be some 10**11)
    "two-seats-11-card-deck": {
        "players": 2, "options": {}, "variant": None, "seed": 0, "large": True,
        "setup": {"start": 0, "deck": ["CO2", "PA1", "CO1*", "PF4", "CO3", "PA2", "FI1", "PF2",
                                       "CO5", "PA3", "AV1"], "discard": ["CO4"],
                  "stacks": [["CO1", "PA4"], ["PF6", "AV3"]], "rest": "box"},
    },
    "three-seats-full-stack": {
        "players": 3, "options": {}, "variant": None, "seed": 0,
        "setup": {"start": 1, "deck": ["PG1", "PG2", "FI3*"], "discard": ["PG3", "PG4"],
                  "stacks": [["PG1", "PG2", "PG3", "PG4", "PG5"], [], ["FI1"]],
                  "rest": "box"},
    },
    "solo-short-decks": {
        "players": 1, "options": {}, "variant": "solo", "seed": 0,
        "setup": {"left": ["AV1", "AV2", "PF7"], "right": ["AV4*", "AV1", "PF6"],
                  "stacks": [["AV3"]], "rest": "box"},
    },
}


VISIBILITY: dict[str, Visibility] = {
    "phase": PUBLIC, "turn": PUBLIC, "decks": see_counts, "discard": see_discard,
    "drawn": see_drawn, "from_discard": PUBLIC, "final": PUBLIC, "stacks": see_stacks,
    "box": see_counts, "rng": SECRET,
}

def _max_length(cfg: Config) -> int | str:
    """The most actions a game can last, from the C cards of the game: solo, one action a
    turn, each taking two cards off the decks (FRP-8.2); else two actions a turn (FRP-3.2,
    FRP-3.3), each turn drawing from the deck or taking the discard to play it for good
    (FRP-A1 must-play), so at most C + C turns. With discard-take=literal the discard may
    be taken and thrown back for ever."""
    if cfg.options.get("discard-take") == "literal":
        return "discard-take=literal: a seat may take the discard and throw it back, for ever"
    total = sum(cfg.extra.counts.values())
    return total if cfg.extra.solo else 4 * total


SPEC = FruitPassionSpec(
    name="fruit-passion", prefix="FRP", title="Fruit Passion",
    catalogue=CATALOGUE,
    variants=(Variant(None, (2, 3, 4), "the base game: one draw deck and a discard pile"),
              Variant("solo", (1,), "the one-player variant: two decks, two cards a turn,"
                      " no drawing from the discard pile")),
    state_type=FruitState, visibility=VISIBILITY, moves=(DRAW, PLAY, DISCARD),
    notation_rule="FRP-3.7", end_rule="FRP-5.1", invariants=INVARIANTS,
    # one seat's turn at a time (FRP-3.1); seeded shuffles; stacks and draws are hidden
    kind=GameKind(SEQUENTIAL, SAMPLED, IMPERFECT, lambda cfg: _max_length(cfg)),
    summary="Collect runs of seven fruits from 1 upward in hidden stacks; hybrids score a"
            " sequence of their own.",
)
