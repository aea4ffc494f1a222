"""Tindahan scoring and trick resolution, written once for ints and for Z3 terms.

Every function here uses only :mod:`spec.common.symbolic` arithmetic, so the proofs can
call it with Z3 integers (seller counts, trick counts, hand sizes, the trump stall) and
get back Z3 terms, while the engine calls it with plain ints. Options are plain strings
(the readings of ``TIN-A3``, ``TIN-A4``, ``TIN-A5``, ``TIN-A6``, ``TIN-A8``, ``TIN-A11``,
``TIN-A12``).

The rulebook's scoring example (TIN-6.2 ... TIN-6.7), three seats, trump durian:

>>> stalls = [[3, 0, 2], [0, 0, 0], [2, 0, 2], [0, 0, 0], [0, 0, 1]]   # B L M P D
>>> score_round([3, 4, 2], [5, 0, 7], stalls, trump_stall=4)
[9, 8, 8]

Can that round arise in play? No. A round ends only once some seat has played all ten of
its cards, one per trick, so a round has at least ten tricks; the example's seats won
3 + 4 + 2 = 9. Seat A would also have acted ten times (five cards, five sellers) in nine
tricks. :func:`round_is_possible` states these conditions:

>>> round_is_possible([3, 4, 2], [5, 0, 7], [5, 0, 5])
False
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from spec.common.symbolic import And, Count, Div, If, Max, Not, Or, Sum

from .state import FRUIT_OF, VALUE_OF

Num = Any
FIRST, SECOND, TRUMP_BONUS = 5, 2, 1
_LOW = -10_000  # below any round score: stands for "no such seat" in a maximum


def split(pool: Num, ways: Num, most: int, rounding: str = "down") -> Num:
    """``pool`` shared by ``ways`` seats (1 <= ways <= most), rounded per TIN-A8.

    The divisor is a small count, so the share is written as a case split over its
    possible values: Z3 then only ever divides by constants (linear arithmetic).

    >>> split(7, 2, 5), split(7, 2, 5, "up"), split(8, 3, 5)
    (3, 4, 2)
    """
    out: Num = 0
    for k in range(1, most + 1):
        share = Div(pool, k) if rounding == "down" else Div(pool + (k - 1), k)
        out = If(ways == k, share, out)
    return out


def stall_points(counts: Sequence[Num], is_trump: Any, *, trump_tie: str = "split",
                 second_after_tie: str = "none", rounding: str = "down",
                 trump_stall: str = "plus-one") -> list[Num]:
    """Points each seat takes from one stall, given every seat's sellers there.

    TIN-6.4 most sellers 5, TIN-6.5 second most 2, TIN-6.6 trump majority +1,
    TIN-6.7 a tie for first shares first + second, TIN-6.8 a tie for second shares
    second, TIN-6.9 rounding, TIN-6.10 no second place, TIN-6.13 an empty stall.

    >>> stall_points([3, 0, 2], False)
    [5, 0, 2]
    >>> stall_points([0, 0, 1], True)
    [0, 0, 6]
    >>> stall_points([2, 0, 2], False)
    [3, 0, 3]
    """
    n = len(counts)
    first = Max(counts)
    n_first = Count(c == first for c in counts)
    tied = n_first > 1
    second = Max([If(c < first, c, 0) for c in counts])
    n_second = Count(And(c == second, c < first) for c in counts)
    second_pts = If(is_trump, SECOND + 1, SECOND) if trump_stall == "six-three" else SECOND
    bonus = If(is_trump, TRUMP_BONUS, 0)
    if trump_tie == "split":
        tied_share = split(FIRST + second_pts + bonus, n_first, n, rounding)
    elif trump_tie == "each":
        tied_share = split(FIRST + second_pts, n_first, n, rounding) + bonus
    else:  # "none": a tie has no majority holder
        tied_share = split(FIRST + second_pts, n_first, n, rounding)
    first_share = If(tied, tied_share, FIRST + bonus)
    second_given = Not(tied) if second_after_tie == "none" else True
    second_share = split(second_pts, n_second, n, rounding)
    out = []
    for c in counts:
        is_first = And(c > 0, c == first)
        is_second = And(c > 0, c == second, c < first, second_given)
        out.append(If(is_first, first_share, If(is_second, second_share, 0)))
    return out


def card_points(tricks: Num, hand_left: Num) -> Num:
    """TIN-6.2 and TIN-6.3: +2 a trick won (TIN-6.14: however few cards it holds), -1 a
    card still held."""
    return 2 * tricks - hand_left


def round_parts(tricks: Sequence[Num], hand_left: Sequence[Num],
                sellers_by_stall: Sequence[Sequence[Num]], trump_stall: Num,
                placed: Sequence[Num] | None = None,
                stall: Callable[..., list[Num]] | None = None, /, *, trump_tie: str = "split",
                second_after_tie: str = "none", rounding: str = "down",
                trump_values: str = "plus-one", empty_round: str = "replace",
                empty_best: str = "round", empty_among: str = "all") -> dict[str, Any]:
    """Every part of a round's scoring: card points, each stall's points, the sum
    before the empty-round rule, who is empty, the score each seat's empty round would
    level it with (``best``, one per seat) and the final round points.

    ``stall`` scores one stall: :func:`stall_points` itself, or the function the engine
    hands in for it (the same answers, remembered: ``GameSpec.pure``).

    ``empty_among`` (TIN-A12) says over which seats "the best-scoring player" is sought:
    ``played`` the seats not in an empty round; ``others`` every other seat; ``all`` every
    seat, its own score included; ``at-least`` the seats that played, but never below the
    seat's own score. With sellers staying between rounds an empty seat can own stall
    points, and the readings part ways. Seats 3 and 4 below won nothing and placed nothing
    this round but own majorities from earlier rounds (11 and 10 points before the rule);
    the best seat that played has 7:

    >>> stalls = [[0, 0, 0, 2, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1],   # B L M
    ...           [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]                   # P D; trump B
    >>> args = ([3, 3, 4, 0, 0], [4, 4, 3, 0, 0], stalls, 0, [1, 0, 0, 0, 0])
    >>> for among in ("played", "others", "all", "at-least"):
    ...     print(among, score_round(*args, empty_among=among))
    played [7, 2, 5, 7, 7]
    others [7, 2, 5, 10, 11]
    all [7, 2, 5, 11, 11]
    at-least [7, 2, 5, 11, 10]
    """
    n = len(tricks)
    if placed is None:  # sellers go back each round: what stands was placed this round
        placed = [Sum(stall[i] for stall in sellers_by_stall) for i in range(n)]
    cards = [card_points(tricks[i], hand_left[i]) for i in range(n)]
    points = stall_points if stall is None else stall
    stalls = [points(counts, trump_stall == f, trump_tie=trump_tie,
                     second_after_tie=second_after_tie, rounding=rounding,
                     trump_stall=trump_values)
              for f, counts in enumerate(sellers_by_stall)]
    base = [cards[i] + Sum(pts[i] for pts in stalls) for i in range(n)]
    empty = [And(tricks[i] == 0, placed[i] == 0) for i in range(n)]
    ranked = base if empty_best == "round" else cards
    played = Max([If(empty[j], _LOW, ranked[j]) for j in range(n)])
    best = [_best_for(i, ranked, base, played, empty_among) for i in range(n)]
    final = []
    for i in range(n):
        reward = best[i] if empty_round == "replace" else base[i] + best[i]
        final.append(If(And(empty[i], best[i] > _LOW), reward, base[i]))
    return {"cards": cards, "stalls": stalls, "base": base, "empty": empty, "best": best,
            "final": final}


def _best_for(i: int, ranked: Sequence[Num], base: Sequence[Num], played: Num,
              among: str) -> Num:
    """TIN-A12: the score seat ``i``'s empty round levels it with."""
    if among == "others":
        return Max([r for j, r in enumerate(ranked) if j != i])
    if among == "all":
        return Max(list(ranked))
    if among == "at-least":
        return Max([played, base[i]])
    return played


def score_round(tricks: Sequence[Num], hand_left: Sequence[Num],
                sellers_by_stall: Sequence[Sequence[Num]], trump_stall: Num,
                placed: Sequence[Num] | None = None, **options: str) -> list[Num]:
    """Each seat's points for one round (TIN-6.2 ... TIN-6.11).

    ``tricks[i]`` tricks won, ``hand_left[i]`` cards still held, ``sellers_by_stall[f][i]``
    sellers of seat ``i`` on stall ``f`` (stalls in FRUITS order), ``trump_stall`` the
    index of the stall under the cart, ``placed[i]`` sellers placed this round (defaults
    to all sellers standing). Options: ``trump_tie``, ``second_after_tie``,
    ``rounding``, ``trump_values``, ``empty_round``, ``empty_best``, ``empty_among``.
    """
    return round_parts(tricks, hand_left, sellers_by_stall, trump_stall, placed,
                       **options)["final"]


def card_key(fruit: Num, value: Num, trump: Num, led: Num) -> Num:
    """How strong a card is in a trick (TIN-4.4): trumps beat the led fruit, which beats
    anything else (worth nothing)."""
    return If(fruit == trump, 20 + value, If(fruit == led, value, 0))


def trick_winner(fruits: Sequence[Num], values: Sequence[Num], trump: Num,
                 led: Num) -> Num:
    """The position (in play order) of the card that wins the trick (TIN-4.4).

    The led card always has a positive key and the cards are distinct, so exactly one
    position holds the highest key.

    >>> trick_winner([0, 0, 2], [10, 3, 2], trump=2, led=0)   # B10, B3, M2; mango trump
    2
    """
    return winner_of_keys([card_key(f, v, trump, led) for f, v in zip(fruits, values)])


def winner_of_keys(keys: Sequence[Num]) -> Num:
    """The position of the highest key (the keys of :func:`card_key`, in play order).

    Only compares keys with each other, so any order-keeping renumbering of the keys gives
    the same answer.

    >>> winner_of_keys([10, 3, 22]), winner_of_keys([2, 1, 3])
    (2, 2)
    """
    best = Max(keys)
    return Sum(If(k == best, i, 0) for i, k in enumerate(keys))


def trick_winner_cards(trick: Sequence[str], trump: int, led: int) -> int:
    """:func:`trick_winner` of the cards of ``trick`` (play order), as the engine holds them:
    the same two steps, each card's :func:`card_key`, then :func:`winner_of_keys`.

    >>> trick_winner_cards(("B10", "B3", "M2"), trump=2, led=0)
    2
    """
    return winner_of_keys([card_key(FRUIT_OF[c], VALUE_OF[c], trump, led) for c in trick])


def round_is_possible(tricks: Sequence[Num], hand_left: Sequence[Num],
                      placed: Sequence[Num], hand_size: int = 10) -> Any:
    """Necessary conditions for a round's end (TIN-3.4, TIN-6.1): someone has no cards,
    no seat acted more often than there were tricks, every trick had a card, and the
    round did not go on after a hand ran out.

    Each seat acts at most once a trick (a card, a seller, or the leader's cart move),
    so ``played + placed <= tricks``; the seat that ran out played ``hand_size`` cards;
    a seat wins a trick with a card of its own, so it won no more tricks than it played
    cards; a seat sits a trick out only when it leads it and moves the cart (TIN-3.7),
    and it leads only the round's first trick or after a trick it won, so
    ``played + placed >= tricks - won - 1``; and one seat at most sits out each trick.
    """
    total = Sum(tricks)
    played = [hand_size - h for h in hand_left]
    return And(Or(*[h == 0 for h in hand_left]),
               *[And(h >= 0, h <= hand_size, t >= 0, p >= 0, t <= hand_size - h) for h, t, p
                 in zip(hand_left, tricks, placed)],
               *[played[i] + placed[i] <= total for i in range(len(tricks))],
               *[played[i] + placed[i] >= total - tricks[i] - 1 for i in range(len(tricks))],
               Sum(total - played[i] - placed[i] for i in range(len(tricks))) <= total,
               Sum(played) >= total)  # every trick holds at least one card
