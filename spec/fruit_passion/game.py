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
from functools import lru_cache
from typing import Any, Mapping, NamedTuple

from spec.common.core import (PUBLIC, SECRET, Config, Event, GameSpec, Invariant, Move,
                              Variant, ev)
from spec.common.errors import SetupError
from spec.common.moves import guard
from spec.common.rng import below, mix, shuffled

from . import cards, scoring
from .cards import CAPACITY, FRUIT, NAMES, NUMBER
from .rules import CATALOGUE
from .state import (Extra, FruitState, conservation_problem, derive, see_counts, see_discard,
                    see_drawn, see_stacks)

_new = tuple.__new__  # builds a NamedTuple from a full tuple, skipping keyword handling


def _ev(rule: str, fmt: str, data: dict[str, Any]) -> Event:
    """``ev(rule, fmt, **data)`` for the hot path (no keyword packing)."""
    return _new(Event, (rule, fmt, data, None, None))


DRAW_PHASES = frozenset({"draw", "pair"})  # "pair" only to explain FRP-8.4 to a solo seat
PLACE_PHASES = frozenset({"place", "pair"})
_DRAW_ARGS = (("deck",), ("discard",))
_NO_ARGS = ((),)
_SIDES = (("left",), ("right",))
_BOTH = (("both",),)
_EMPTY: tuple = ()
SOLO_BOX = 25
TWO_PLAYER_BOX = 25


# --- helpers ------------------------------------------------------------------------------
def can_play(x: Extra, s: FruitState, seat: int, card: str) -> bool:
    """Whether ``seat`` may put ``card`` on its stack under option play-limits."""
    stack = s.stacks[seat][FRUIT[card]]
    if x.check_max and len(stack) >= CAPACITY[FRUIT[card]]:
        return False
    if x.check_duplicates:
        n = NUMBER[card]
        return all(NUMBER[c] != n for c in stack)
    return True


def can_draw(x: Extra, s: FruitState, seat: int) -> bool:
    if s.decks[0]:
        return True
    return bool(s.discard) and (not x.must_play or can_play(x, s, seat, s.discard[-1]))


def _put(s: FruitState, seat: int, card: str) -> tuple:
    f = FRUIT[card]
    mine = s.stacks[seat]
    mine = mine[:f] + (mine[f] + (card,),) + mine[f + 1:]
    return s.stacks[:seat] + (mine,) + s.stacks[seat + 1:]


# --- scoring of a finished game -------------------------------------------------------------
def count_vector(stack: tuple[str, ...], fruit: int) -> tuple[int, ...]:
    out = [0] * cards.TOP_NUMBER[fruit]
    for c in stack:
        out[NUMBER[c] - 1] += 1
    return tuple(out)


class SeatResult(NamedTuple):
    """A seat's final scoring, all computed by :mod:`.scoring` on ints."""

    stacks: tuple[int, ...]  # points per fruit
    hybrids: int
    total: int
    runs: tuple[int, ...]
    spoiled: tuple[bool, ...]
    counted: tuple[bool, ...]  # per common fruit: its hybrid is held and counts


@lru_cache(maxsize=1 << 14)
def _seat_result(key: tuple, vectors: tuple, held: tuple) -> SeatResult:
    numbers, lone, run, dup, no_one_dup = key
    points, hyb = scoring.player_score(vectors, held, numbers, lone_one=lone, hybrid_run=run,
                                       hybrid_dup=dup, no_one_dup=no_one_dup, parts=True,
                                       plain=True)
    fns = scoring.REMEMBERED  # the scoring functions, remembered per count vector
    return SeatResult(
        tuple(points), hyb, sum(points) + hyb,
        tuple(map(fns.run_length, vectors)),
        tuple(bool(fns.has_duplicate(v)) for v in vectors),
        tuple(bool(fns.hybrid_counts(vectors[f], held[f], numbers[f], run, dup))
              for f in cards.COMMON))


def seat_result(x: Extra, mine: tuple[tuple[str, ...], ...]) -> SeatResult:
    return _seat_result_of(x.score_key, x.hybrid_cards, mine)


@lru_cache(maxsize=1 << 12)  # a finished seat is scored for its events, scores, invariants
def _seat_result_of(key: tuple, hybrid_cards: tuple[str, ...],
                    mine: tuple[tuple[str, ...], ...]) -> SeatResult:
    vectors = tuple(count_vector(st, f) for f, st in enumerate(mine))
    held = tuple(hybrid_cards[f] in mine[f] for f in cards.COMMON)
    return _seat_result(key, vectors, held)


def seat_score(x: Extra, mine: tuple[tuple[str, ...], ...]) -> int:
    """A seat's total by :func:`.scoring.player_score`."""
    return seat_result(x, mine).total


def _run_text(n: int) -> str:
    return "-".join(str(i) for i in range(1, n + 1))


_COLUMN = ("FRP-6.3",) * 5 + ("FRP-6.4", "FRP-6.5")


def scoring_events(x: Extra, s: FruitState) -> list[Event]:
    out: list[Event] = [ev("FRP-6.1", "all stacks are revealed and scored")]
    for seat, mine in enumerate(s.stacks):
        res = seat_result(x, mine)
        for f, st in enumerate(mine):
            if not st:
                continue
            nums = " ".join([_NUMBER_TEXT[c] for c in sorted(st, key=NUMBER.__getitem__)])
            run = res.runs[f]
            if res.spoiled[f] and (run or x.no_one_dup == "penalty"):
                rule, why = "FRP-6.7", "a repeated number" if run else "a repeated number, no 1"
            elif run <= 1:
                rule, why = "FRP-6.6", "a lone 1" if run else "no 1"
            else:
                rule, why = _COLUMN[f], "run " + _run_text(run)
            out.append(_ev(rule, "seat {seat}'s {fruit} ({nums}) scores {points}: {why}",
                           {"seat": seat, "fruit": NAMES[f], "nums": nums,
                            "points": res.stacks[f], "why": why}))
        held = [f for f in cards.COMMON if x.hybrid_cards[f] in mine[f]]
        if held:
            left_out = [x.hybrid_cards[f] for f in held if not res.counted[f]]
            counted = [x.hybrid_cards[f] for f in held if res.counted[f]]
            if left_out:
                out.append(_ev("FRP-6.9", "seat {seat}'s hybrids {cards} lie outside a valid"
                               " sequence and do not count",
                               {"seat": seat, "cards": " ".join(left_out)}))
            out.append(_ev("FRP-6.8", "seat {seat}'s hybrid sequence ({cards}) scores {points}",
                           {"seat": seat, "cards": " ".join(counted) or "none",
                            "points": res.hybrids}))
        out.append(_ev("FRP-6.10", "seat {seat} scores {total} in all",
                       {"seat": seat, "total": res.total}))
    return out


#: a card as the scoring events list it: its number, a star for a hybrid
_NUMBER_TEXT = {c: str(NUMBER[c]) + ("*" if cards.HYBRID[c] else "") for c in FRUIT}


def _game_over(cfg: Config, s: FruitState, events: list[Event], why: str) -> tuple:
    s = s._replace(phase="over", drawn=(), from_discard=False, final=True)
    events.append(ev("FRP-8.5" if cfg.extra.solo else "FRP-5.1", "game over: {why}", why=why))
    events.extend(scoring_events(cfg.extra, s))
    return s, events


def _end_turn(cfg: Config, s: FruitState, events: list[Event], stacks: tuple,
              discard: tuple) -> tuple:
    """Close the turn with the new stacks and pile: the next seat draws, or the game ends."""
    nxt = s.turn + 1
    if nxt == cfg.players:
        nxt = 0
    s = _new(FruitState, ("draw", nxt, s.decks, discard, (), False, s.final, stacks, s.box,
                          s.rng))
    if s.final:
        return _game_over(cfg, s, events, "the draw deck is exhausted")
    if not s.decks[0] and not can_draw(cfg.extra, s, nxt):
        if cfg.extra.last_turnover == "play-on-skip":
            return _skip_to_drawer(cfg, s, events)
        return _game_over(cfg, s, events, f"seat {nxt} cannot draw (last-turnover=play-on)")
    return s, events


def _skip_to_drawer(cfg: Config, s: FruitState, events: list[Event]) -> tuple:
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


def _next_pair(cfg: Config, s: FruitState, events: list[Event], stacks: tuple,
               discard: tuple) -> tuple:
    """One player: draw the next two cards, or end the game when the decks are out."""
    left, right = s.decks
    if not left or not right:
        return _game_over(cfg, s._replace(drawn=(), stacks=stacks, discard=discard), events,
                          "both decks are empty")
    events.append(_new(Event, ("FRP-8.2", "draws {left} (left) and {right} (right)",
                               {"left": left[0], "right": right[0]}, 0,
                               "draws two cards, left and right (FRP-3.6: unseen by"
                               " spectators)")))
    return _new(FruitState, ("pair", 0, (left[1:], right[1:]), discard, (left[0], right[0]),
                             False, False, stacks, s.box, s.rng)), events


# --- effects ---------------------------------------------------------------------------------
_DRAWS = "seat {seat} draws {card} from the deck (only seat {seat} sees it)"
_DRAWS_UNSEEN = "seat {seat} draws a card from the deck"


def _draw(cfg: Config, s: FruitState, a) -> tuple:
    seat = s.turn
    deck = s.decks[0]
    if a.args[0] == "deck":
        card = deck[0]
        deck = deck[1:]
        events = [_new(Event, ("FRP-3.2", _DRAWS, {"seat": seat, "card": card}, seat,
                               _DRAWS_UNSEEN))]
        final = not deck
        if final:
            events.append(ev("FRP-5.1", "that was the deck's last card: the game ends after"
                             " this turn"))
        return _new(FruitState, ("place", seat, (deck,), s.discard, (card,), False, final,
                                 s.stacks, s.box, s.rng)), events
    pile = s.discard[:-1]
    card = s.discard[-1]
    events = [_ev("FRP-3.2", "seat {seat} takes {card} from the discard pile",
                  {"seat": seat, "card": card})]
    final = s.final
    if not pile and deck:
        last = len(deck) == 1
        rule = cfg.extra.last_turnover
        if last and rule == "keep-last":
            events.append(ev("FRP-3.4", "the deck's last card stays face down"
                             " (last-turnover=keep-last)"))
        else:
            pile, deck = deck[:1], deck[1:]
            events.append(ev("FRP-3.4", "{card} is turned face up from the deck as a new"
                             " discard pile", card=pile[0]))
            if last and rule == "finish-turn":
                final = True
                events.append(ev("FRP-5.1", "the deck is exhausted: the game ends after this"
                                 " turn"))
    return _new(FruitState, ("place", seat, (deck,), pile, (card,), True, final, s.stacks,
                             s.box, s.rng)), events


def _play(cfg: Config, s: FruitState, a) -> tuple:
    if cfg.extra.solo:
        i = 0 if a.args[0] == "left" else 1
        card, other = s.drawn[i], s.drawn[1 - i]
        stacks = _put(s, 0, card)
        f = FRUIT[card]
        events = [_ev("FRP-8.3", "plays {card} ({side}) onto the {fruit} stack ({count} cards)"
                      " and discards {other}", {"card": card, "side": a.args[0],
                                                "fruit": NAMES[f], "count": len(stacks[0][f]),
                                                "other": other})]
        return _next_pair(cfg, s, events, stacks, s.discard + (other,))
    card = s.drawn[0]
    seat = s.turn
    stacks = _put(s, seat, card)
    f = FRUIT[card]
    events = [_ev("FRP-4.1", "seat {seat} plays {card} onto its {fruit} stack ({count} cards)",
                  {"seat": seat, "card": card, "fruit": NAMES[f],
                   "count": len(stacks[seat][f])})]
    return _end_turn(cfg, s, events, stacks, s.discard)


def _discard(cfg: Config, s: FruitState, a) -> tuple:
    if cfg.extra.solo:
        events = [_ev("FRP-8.4", "discards {left} and {right}: out of the game",
                      {"left": s.drawn[0], "right": s.drawn[1]})]
        return _next_pair(cfg, s, events, s.stacks, s.discard + s.drawn)
    card = s.drawn[0]
    events = [_ev("FRP-3.3", "seat {seat} discards {card}", {"seat": s.turn, "card": card})]
    return _end_turn(cfg, s, events, s.stacks, s.discard + (card,))


# --- domains and guards -------------------------------------------------------------------
def _actors(cfg: Config, s: FruitState) -> tuple[int, ...]:
    return (s.turn,)


def _draw_domain(cfg: Config, s: FruitState, seat: int):
    return _DRAW_ARGS if s.phase == "draw" else _EMPTY


def _play_domain(cfg: Config, s: FruitState, seat: int):
    return _NO_ARGS if s.phase == "place" else _SIDES


def _discard_domain(cfg: Config, s: FruitState, seat: int):
    return _NO_ARGS if s.phase == "place" else _BOTH


def _held(s: FruitState, a) -> str:
    if len(s.drawn) == 1:
        return s.drawn[0]
    return s.drawn[0 if a.args and a.args[0] == "left" else 1]


def _why_full(cfg: Config, s: FruitState, a) -> str:
    card = _held(s, a)
    f = FRUIT[card]
    return (f"seat {a.player}'s {NAMES[f]} stack already holds {CAPACITY[f]} cards, the most"
            f" it may hold; {card} cannot be played")


def _why_repeat(cfg: Config, s: FruitState, a) -> str:
    card = _held(s, a)
    return (f"seat {a.player}'s {NAMES[FRUIT[card]]} stack already holds a {NUMBER[card]}"
            f" (play-limits=max-and-duplicates)")


def _why_must_play(cfg: Config, s: FruitState, a) -> str:
    card = s.discard[-1]
    return (f"seat {a.player} may take {card} only to play it (discard-take=must-play), and"
            f" its {NAMES[FRUIT[card]]} stack cannot take it")


def _fits_max(cfg: Config, s: FruitState, a) -> bool:
    if not cfg.extra.check_max:
        return True
    card = s.drawn[0] if len(s.drawn) == 1 else s.drawn[0 if a.args[0] == "left" else 1]
    f = FRUIT[card]
    return len(s.stacks[a.player][f]) < CAPACITY[f]


def _no_repeat(cfg: Config, s: FruitState, a) -> bool:
    if not cfg.extra.check_duplicates:
        return True
    card = _held(s, a)
    n = NUMBER[card]
    return all(NUMBER[c] != n for c in s.stacks[a.player][FRUIT[card]])


_FORMS = {"play": ("left", "right"), "discard": ("both",)}


def _form_ok(cfg: Config, s: FruitState, a) -> bool:
    if cfg.extra.solo:
        return len(a.args) == 1 and a.args[0] in _FORMS[a.name]
    return not a.args


def _why_form(cfg: Config, s: FruitState, a) -> str:
    if cfg.extra.solo:
        return "in the one-player variant say play left, play right or discard both"
    return f"'{a.body}' belongs to the one-player variant; say '{a.name}'"


NOT_SOLO_DECK = guard("FRP-8.2", lambda cfg, s, a: s.phase != "pair" or a.args[0] != "deck",
                      "in the one-player variant the top cards of both decks are drawn"
                      " together, automatically, at the start of each turn")
NOT_SOLO = guard("FRP-8.4", lambda cfg, s, a: s.phase != "pair",
                 "in the one-player variant the discard pile is never drawn from")
DECK_LEFT = guard("FRP-5.1", lambda cfg, s, a: a.args[0] != "deck" or bool(s.decks[0]),
                  "the draw deck is empty")
PILE_LEFT = guard("FRP-3.2", lambda cfg, s, a: a.args[0] != "discard" or bool(s.discard),
                  "the discard pile is empty")
TAKE_TO_PLAY = guard("FRP-3.3", lambda cfg, s, a: a.args[0] != "discard"
                     or not cfg.extra.must_play or can_play(cfg.extra, s, a.player,
                                                            s.discard[-1]),
                     _why_must_play)
FORM = guard("FRP-3.7", _form_ok, _why_form)
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


def _phase_problem(cfg: Config, s: FruitState) -> str | None:
    want = {"draw": 0, "place": 1, "pair": 2, "over": 0}.get(s.phase)
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


class FruitPassionSpec(GameSpec):
    def derive(self, cfg: Config) -> Extra:
        return derive(cfg)

    def initial(self, cfg: Config, seed: int, setup: Mapping[str, Any] | None) -> FruitState:
        x: Extra = cfg.extra
        setup = setup or {}
        rng = mix(seed)
        pool = _Pool(x)
        n = cfg.players
        if x.solo:
            rest = _check_keys(setup, SOLO_KEYS)
            stacks = _stacks_from(setup, pool, n, x)
            box = pool.cards(setup.get("box", []), "box")
            left = pool.cards(setup.get("left", []), "left")
            right = pool.cards(setup.get("right", []), "right")
            others, rng = shuffled(pool.rest(), rng)
            others = list(others)
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
                                     f" equal and not empty (got {len(left)} and"
                                     f" {len(right)})")
            s = FruitState("pair", 0, (tuple(left), tuple(right)), (), (), False, False,
                           stacks, tuple(box), rng)
            return _next_pair(cfg, s, [], s.stacks, s.discard)[0]
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
        others, rng = shuffled(pool.rest(), rng)
        others = list(others)
        if rest == "deck":
            need = (TWO_PLAYER_BOX if n == 2 else 0) - len(box)
            if need < 0:
                raise SetupError(f"setup box: {len(box)} cards, but"
                                 f" {TWO_PLAYER_BOX if n == 2 else 0} go back with {n}"
                                 " players")
            if need > len(others):
                raise SetupError(f"setup: {len(box) + len(others)} cards are left for the box, but"
                                 f" {TWO_PLAYER_BOX} go back unseen with {n} players"
                                 f" (FRP-2.1); the deck, discard pile and stacks name too"
                                 " many cards")
            box += others[:need]
            others = others[need:]
            if pile is None:
                if not others:
                    raise SetupError("setup: no card is left to start the discard pile"
                                     " (FRP-2.2); the deck and stacks name every card")
                pile, others = others[:1], others[1:]
            deck += others
        else:
            box += others
        if not deck:
            raise SetupError("setup deck: the draw deck may not start empty")
        if not pile:
            raise SetupError("setup discard: the discard pile may not start empty (FRP-2.2)"
                             + ("" if given_pile is not None else "; with rest=box name its"
                                " cards"))
        return FruitState("draw", start, (tuple(deck),), tuple(pile), (), False, False, stacks,
                          tuple(box), rng)

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


VISIBILITY = {
    "phase": PUBLIC, "turn": PUBLIC, "decks": see_counts, "discard": see_discard,
    "drawn": see_drawn, "from_discard": PUBLIC, "final": PUBLIC, "stacks": see_stacks,
    "box": see_counts, "rng": SECRET,
}

SPEC = FruitPassionSpec(
    name="fruit-passion", prefix="FRP", title="Fruit Passion",
    catalogue=CATALOGUE,
    variants=(Variant(None, (2, 3, 4), "the base game: one draw deck and a discard pile"),
              Variant("solo", (1,), "the one-player variant: two decks, two cards a turn,"
                      " no drawing from the discard pile")),
    state_type=FruitState, visibility=VISIBILITY, moves=(DRAW, PLAY, DISCARD),
    notation_rule="FRP-3.7", invariants=INVARIANTS,
    summary="Collect runs of seven fruits from 1 upward in hidden stacks; hybrids score a"
            " sequence of their own.",
)
