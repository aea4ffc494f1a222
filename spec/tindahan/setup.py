"""Tindahan set-up: which fruits are in play, the deal, and scenario set-ups.

A scenario set-up may give ``dealer`` and ``hands`` (the contract's keys) and, to start
from a later moment of a game, ``round`` (which round is being played, 1-based),
``won`` (per seat, the tricks it has already won this round, each a list of one card
per seat), ``leader`` (the seat starting the current trick), ``cart`` (the fruit letter
under the cart) and ``totals`` (points from earlier rounds). What it leaves out is drawn
from the seed. A hand given as ``null`` is dealt from the remaining cards.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from spec.common.errors import SetupError
from spec.common.rng import Stream, below, mix, shuffled

from .state import ALL_CARDS, BANANA, CARDS_OF, FRUIT_INDEX, FRUITS, HAND_SIZE

SETUP_KEYS = ("dealer", "hands", "round", "won", "leader", "cart", "totals")
_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}


def sort_hand(cards: Sequence[str]) -> tuple[str, ...]:
    """A hand in a canonical order (by fruit, then value)."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def fixed_fruits(players: int, reading: str) -> str | None:
    """TIN-2.1 / TIN-A1: the fruit letters in play, or None when the seed draws them."""
    if players == 5:
        return FRUITS
    if reading == "last-listed":
        return FRUITS[:players]
    if reading == "scoring-example":
        return "BMPD" if players == 4 else "BMD"
    return None


def draw_fruits(players: int, forced: set[str], rng: Stream) -> tuple[str, Stream]:
    """TIN-2.1 with TIN-A1=random: bananas, the fruits a set-up uses, then drawn ones."""
    others = [f for f in FRUITS[1:] if f not in forced]
    extra, rng = shuffled(others, rng)
    chosen = set(forced) | {"B"} | set(extra[:players - 1 - len(forced)])
    return "".join(f for f in FRUITS if f in chosen), rng


def deal(fruits: str, rng: Stream, hands: Sequence[Sequence[str] | None], size: int,
         used: set[str]) -> tuple[tuple[tuple[str, ...], ...], Stream]:
    """TIN-2.4: shuffle what is not yet placed and fill every hand not given."""
    pool = [c for f in fruits for c in CARDS_OF[f] if c not in used]
    deck, rng = shuffled(pool, rng)
    out, k = [], 0
    for h in hands:
        if h is None:
            out.append(sort_hand(deck[k:k + size]))
            k += size
        else:
            out.append(sort_hand(h))
    return tuple(out), rng


def _seat(value: Any, players: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SetupError(f"setup '{key}' must be a seat from 0 to {players - 1}, not"
                         f" {value!r}")
    return value


def _list(value: Any, length: int | None, what: str) -> list:
    if not isinstance(value, (list, tuple)):
        raise SetupError(f"setup '{what}' must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise SetupError(f"setup '{what}' needs {length} entries (one per seat), got"
                         f" {len(value)}")
    return list(value)


def _card(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in _ORDER:
        raise SetupError(f"{where}: {value!r} is not a Tindahan card (a fruit letter B, L,"
                         " M, P or D and a value 1-10, e.g. B7)")
    return value


def read_setup(players: int, setup: Mapping[str, Any] | None, seed: Stream,
               removed_reading: str) -> dict[str, Any]:
    """Validate a scenario set-up and complete it from the seed (SetupError if broken)."""
    setup = dict(setup or {})
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise SetupError(f"unknown setup key(s) {', '.join(unknown)}"
                         f" (keys: {', '.join(SETUP_KEYS)})")
    n = players
    rng = mix(seed)
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= n:
        raise SetupError(f"setup 'round' must be from 1 to {n}, not {rnd!r}")
    if "dealer" in setup:
        dealer = _seat(setup["dealer"], n, "dealer")
    else:  # TIN-2.6: the rulebook names no first dealer
        dealer, rng = below(rng, n)

    won_in = _list(setup.get("won", [[] for _ in range(n)]), n, "won")
    won: list[list[tuple[str, ...]]] = []
    for i, tricks in enumerate(won_in):
        mine = []
        for t, trick in enumerate(_list(tricks, None, f"won[{i}]")):
            cards = tuple(_card(c, f"won[{i}][{t}]")
                          for c in _list(trick, None, f"won[{i}][{t}]"))
            if len(cards) != n:
                raise SetupError(f"won[{i}][{t}] has {len(cards)} cards: a finished trick in"
                                 f" a set-up holds one card from each of the {n} seats")
            mine.append(cards)
        won.append(mine)
    done = sum(len(w) for w in won)
    size = HAND_SIZE - done
    if size < 1:
        raise SetupError(f"{done} tricks already won leave no card to play: that round"
                         " would be over")

    hands_in = _list(setup.get("hands", [None] * n), n, "hands")
    hands: list[tuple[str, ...] | None] = []
    for i, h in enumerate(hands_in):
        if h is None:
            hands.append(None)
            continue
        cards = tuple(_card(c, f"hands[{i}]") for c in _list(h, None, f"hands[{i}]"))
        if len(cards) != size:
            raise SetupError(f"seat {i}'s hand has {len(cards)} cards; {size} expected"
                             + (f" after {done} tricks" if done else ""))
        hands.append(cards)

    given = [c for h in hands if h for c in h] + [c for w in won for t in w for c in t]
    seen: set[str] = set()
    for c in given:
        if c in seen:
            raise SetupError(f"card {c} is given twice")
        seen.add(c)

    fruits = fixed_fruits(n, removed_reading)
    if fruits is None:
        forced = {c[0] for c in given} - {"B"}
        if len(forced) > n - 1:
            raise SetupError(f"the set-up's cards use {len(forced)} fruits besides bananas"
                             f" ({', '.join(sorted(forced))}); bananas are always in play"
                             f" (TIN-2.1), so only {n - 1} others fit with {n} seats")
        fruits, rng = draw_fruits(n, forced, rng)
    else:
        for c in given:
            if c[0] not in fruits:
                raise SetupError(f"card {c} is not in play: with {n} seats the fruits are"
                                 f" {', '.join(fruits)} (option removed-fruits="
                                 f"{removed_reading})")

    tricks_won = tuple(len(w) for w in won)
    leader = (dealer + 1) % n
    if "leader" in setup:
        leader = _seat(setup["leader"], n, "leader")
        if done == 0 and leader != (dealer + 1) % n:
            raise SetupError(f"seat {(dealer + 1) % n}, left of the dealer, starts a round;"
                             f" not seat {leader}")
    if done and tricks_won[leader] == 0:
        raise SetupError(f"seat {leader} would start the trick but has won none: the"
                         " winner of the last trick starts the next")

    cart = BANANA
    if "cart" in setup:
        letter = setup["cart"]
        if not isinstance(letter, str) or letter not in fruits:
            raise SetupError(f"setup 'cart' must be the letter of a fruit in play"
                             f" ({', '.join(fruits)}), not {letter!r}")
        cart = FRUIT_INDEX[letter]

    totals = tuple(_list(setup.get("totals", [0] * n), n, "totals"))
    if not all(isinstance(t, int) and not isinstance(t, bool)
                                   for t in totals):
        raise SetupError(f"setup 'totals' must be {n} whole numbers")

    dealt, rng = deal(fruits, rng, hands, size, seen)
    return dict(round=rnd, dealer=dealer, fruits=fruits, hands=dealt, leader=leader,
                 cart=cart, cart_given="cart" in setup, totals=totals,
                 tricks_won=tricks_won, taken=tuple(tuple(c for t in w for c in t)
                                                     for w in won), rng=rng)


SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "dealer": {"type": "integer", "minimum": 0, "description": "the dealing seat"},
        "hands": {"type": "array", "items": {"anyOf": [
            {"type": "null"},
            {"type": "array", "items": {"type": "string", "pattern": "^[BLMPD](10|[1-9])$"}}]},
                  "description": "each seat's hand (null: dealt from the seed)"},
        "round": {"type": "integer", "minimum": 1, "description": "the round being played"},
        "won": {"type": "array", "items": {"type": "array", "items": {
            "type": "array", "items": {"type": "string"}}},
                "description": "per seat, tricks already won this round"},
        "leader": {"type": "integer", "minimum": 0,
                   "description": "the seat starting the current trick"},
        "cart": {"type": "string", "enum": list(FRUITS),
                 "description": "the stall under the donkey cart"},
        "totals": {"type": "array", "items": {"type": "integer"},
                   "description": "points from earlier rounds"},
    },
}
