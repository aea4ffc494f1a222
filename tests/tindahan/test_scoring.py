"""Round scoring: the rulebook's example, the option readings, and Z3 on the same code."""
from __future__ import annotations

import itertools
import random

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

from spec.tindahan.scoring import (round_is_possible, round_parts, score_round, split,
                                   stall_points, trick_winner, trick_winner_cards)
from spec.tindahan.state import ALL_CARDS, FRUIT_OF, VALUE_OF

from . import oracle

# seats A, B, C; stalls in the order B L M P D; the cart on durians
EXAMPLE_STALLS = [[3, 0, 2], [0, 0, 0], [2, 0, 2], [0, 0, 0], [0, 0, 1]]
DURIAN = 4


def test_scoring_example_gives_9_8_8():
    parts = round_parts([3, 4, 2], [5, 0, 7], EXAMPLE_STALLS, DURIAN)
    assert parts["cards"] == [1, 8, -3]
    assert parts["stalls"][0] == [5, 0, 2]  # bananas: 3 and 2 sellers
    assert parts["stalls"][4] == [0, 0, 6]  # durians, trump: C alone
    assert parts["stalls"][2] == [3, 0, 3]  # mangoes: 2 and 2, (5+2)/2 rounded down
    assert parts["final"] == [9, 8, 8]
    assert score_round([3, 4, 2], [5, 0, 7], EXAMPLE_STALLS, DURIAN) == [9, 8, 8]


def test_scoring_example_cannot_arise_in_play():
    """The example is arithmetic only. A round ends only after some seat has played all
    ten cards, one per trick, so it has at least ten tricks; the example counts 3+4+2 = 9.
    Seat A also acted ten times (5 cards played, 5 sellers placed) in those 9 tricks."""
    placed = [5, 0, 5]  # A: 3 banana + 2 mango; C: 2 banana + 2 mango + 1 durian
    assert round_is_possible([3, 4, 2], [5, 0, 7], placed) is False
    # and for no seller counts at all: Z3 finds none
    p = [z3.Int(f"p{i}") for i in range(3)]
    s = z3.Solver()
    s.add(*[x >= 0 for x in p], round_is_possible([3, 4, 2], [5, 0, 7], p))
    assert s.check() == z3.unsat


def test_a_9_8_8_round_is_possible_with_other_numbers():
    """The totals themselves can occur: Z3 finds a round that passes the conditions."""
    n = 3
    t = [z3.Int(f"t{i}") for i in range(n)]
    h = [z3.Int(f"h{i}") for i in range(n)]
    st_ = [[z3.Int(f"s{f}_{i}") for i in range(n)] for f in range(5)]
    trump = z3.Int("trump")
    placed = [z3.Sum([row[i] for row in st_]) for i in range(n)]
    s = z3.Solver()
    s.add(*[v >= 0 for row in st_ for v in row], *[x <= 9 for x in placed],
          trump >= 0, trump < 5, *[row[i] == 0 for row in st_[1::2] for i in range(n)],
          round_is_possible(t, h, placed))
    s.add(*[a == b for a, b in zip(score_round(t, h, st_, trump), [9, 8, 8])])
    assert s.check() == z3.sat
    m = s.model()
    ints = lambda xs: [m.eval(x, model_completion=True).as_long() for x in xs]  # noqa: E731
    stalls = [ints(row) for row in st_]
    assert score_round(ints(t), ints(h), stalls, m[trump].as_long()) == [9, 8, 8]


def test_stall_cases():
    assert stall_points([0, 0, 0], True) == [0, 0, 0]  # TIN-6.13
    assert stall_points([4, 0, 0], False) == [5, 0, 0]  # TIN-6.10: no second place
    assert stall_points([1, 3, 1], False) == [1, 5, 1]  # TIN-6.8: 2 shared
    assert stall_points([2, 2, 2], False) == [2, 2, 2]  # 7/3
    assert stall_points([2, 2, 1], False) == [3, 3, 0]  # TIN-A4 none
    assert stall_points([2, 2, 1], False, second_after_tie="next") == [3, 3, 2]
    assert stall_points([2, 2, 0], True) == [4, 4, 0]  # TIN-A3 split: 8/2
    assert stall_points([2, 2, 0], True, trump_tie="none") == [3, 3, 0]
    assert stall_points([2, 2, 2], True, trump_tie="each") == [3, 3, 3]
    assert stall_points([2, 2, 2], True, trump_tie="split") == [2, 2, 2]
    assert stall_points([2, 1, 0], True, trump_stall="six-three") == [6, 3, 0]
    assert stall_points([2, 2, 0], False, rounding="up") == [4, 4, 0]


def test_empty_round_readings():
    stalls = [[0, 2, 0], [0] * 3, [0] * 3, [0] * 3, [0] * 3]
    # seat 0 won nothing and placed nothing and holds 3 cards; durians are trump
    base = dict(tricks=[0, 4, 6], hand_left=[3, 6, 0], sellers_by_stall=stalls,
                trump_stall=4)
    assert score_round(**base) == [12, 7, 12]  # seat 1: 8 - 6 + 5
    assert score_round(**base, empty_round="add") == [9, 7, 12]
    assert score_round(**base, empty_best="cards") == [12, 7, 12]
    base["tricks"] = [0, 6, 4]
    assert score_round(**base) == [11, 11, 8]  # seat 1: 12 - 6 + 5 is the best round
    assert score_round(**base, empty_best="cards") == [8, 11, 8]  # seat 2's 8 cards best


def test_split_rounds_each_share():
    assert [split(7, k, 5) for k in range(1, 6)] == [7, 3, 2, 1, 1]
    assert [split(8, k, 5, "up") for k in range(1, 6)] == [8, 4, 3, 2, 2]


def test_trick_winner():
    # led banana, trump mango: B10, B3, M2 -> M2
    assert trick_winner([0, 0, 2], [10, 3, 2], trump=2, led=0) == 2
    # no trump played: highest of the led fruit, other fruits are worth nothing
    assert trick_winner([1, 1, 2, 3], [4, 10, 5, 9], trump=0, led=1) == 1


counts = st.lists(st.integers(0, 9), min_size=3, max_size=5)
OPTIONS = st.fixed_dictionaries({
    "trump_tie": st.sampled_from(["split", "each", "none"]),
    "second_after_tie": st.sampled_from(["none", "next"]),
    "rounding": st.sampled_from(["down", "up"]),
    "trump_values": st.sampled_from(["plus-one", "six-three"]),
    "empty_round": st.sampled_from(["replace", "add"]),
    "empty_best": st.sampled_from(["round", "cards"]),
})


@st.composite
def rounds(draw):
    n = draw(st.integers(3, 5))
    tricks = draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))
    hands = draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))
    stalls = [draw(st.lists(st.integers(0, 9), min_size=n, max_size=n)) for _ in range(5)]
    return tricks, hands, stalls, draw(st.integers(0, 4))


@given(rounds(), OPTIONS)
def test_z3_runs_the_same_scoring(data, options):
    """The score of a round is a function of tricks, hand sizes, sellers and trump alone,
    and the very same code on Z3 terms agrees with it on ints."""
    tricks, hands, stalls, trump = data
    n = len(tricks)
    want = score_round(tricks, hands, stalls, trump, **options)
    t = [z3.Int(f"t{i}") for i in range(n)]
    h = [z3.Int(f"h{i}") for i in range(n)]
    s_ = [[z3.Int(f"s{f}_{i}") for i in range(n)] for f in range(5)]
    tr = z3.Int("trump")
    got = score_round(t, h, s_, tr, **options)
    subst = [*zip(t, map(z3.IntVal, tricks)), *zip(h, map(z3.IntVal, hands)),
             *[(s_[f][i], z3.IntVal(stalls[f][i])) for f in range(5) for i in range(n)],
             (tr, z3.IntVal(trump))]
    assert [z3.simplify(z3.substitute(g, *subst)).as_long() for g in got] == want


@given(counts, st.booleans(), OPTIONS)
def test_stall_points_are_fair(cs, trump, options):
    """Seats with equal counts get equal points; more sellers never earn fewer points
    (except under second-after-tie=next, see below); the stall never pays more than
    first + second + bonus (+ bonus for 'each' ties, + second for 'next')."""
    opts = {k: options[k] for k in ("trump_tie", "second_after_tie", "rounding")}
    pts = stall_points(cs, trump, trump_stall=options["trump_values"], **opts)
    for i, a in enumerate(cs):
        for j, b in enumerate(cs):
            if a == b:
                assert pts[i] == pts[j]
            if a > b and opts["second_after_tie"] != "next":
                assert pts[i] >= pts[j]
    cap = 5 + 3 + 1
    if opts["trump_tie"] == "each":
        cap += len(cs)
    if opts["rounding"] == "up":
        cap += len(cs)
    if opts["second_after_tie"] == "next":
        cap += 3
    assert sum(pts) <= cap
    assert all(p >= 0 for p in pts)


# --- hand-computed rounds, one or more per reading, for the code and for the oracle -------
# stalls in the order B L M P D; three seats unless said; trump on durians (4) unless said
_R = [[0] * 3 for _ in range(5)]


def _stalls(**rows: list[int]) -> list[list[int]]:
    out = [list(r) for r in _R]
    for letter, row in rows.items():
        out["BLMPD".index(letter)] = row
    return out


HAND_ROUNDS = [
    # (options, tricks, hands left, stalls, trump, expected)
    # default: B 3/0/2 -> 5,0,2; M 2/0/2 tie -> (5+2)//2 = 3 each; D trump 0/0/1 -> 6
    ({}, [3, 4, 2], [5, 0, 7], _stalls(B=[3, 0, 2], M=[2, 0, 2], D=[0, 0, 1]), 4, [9, 8, 8]),
    # rounding=up: the mango tie shares 7 as 4 and 4
    ({"rounding": "up"}, [3, 4, 2], [5, 0, 7], _stalls(B=[3, 0, 2], M=[2, 0, 2], D=[0, 0, 1]),
     4, [10, 8, 9]),
    # trump tie 2/2/0 on durians: split (5+2+1)//2 = 4; each 7//2 + 1 = 4; none 7//2 = 3
    ({}, [5, 5, 0], [0, 0, 10], _stalls(D=[2, 2, 0]), 4, [14, 14, 14]),  # default: split
    ({"trump_tie": "split"}, [5, 5, 0], [0, 0, 10], _stalls(D=[2, 2, 0]), 4, [14, 14, 14]),
    ({"trump_tie": "none"}, [5, 5, 0], [0, 0, 10], _stalls(D=[2, 2, 0]), 4, [13, 13, 13]),
    # three-way trump tie 1/1/1: split 8//3 = 2; each 7//3 + 1 = 3
    ({"trump_tie": "split"}, [4, 3, 3], [0, 2, 2], _stalls(D=[1, 1, 1]), 4, [10, 6, 6]),
    ({"trump_tie": "each"}, [4, 3, 3], [0, 2, 2], _stalls(D=[1, 1, 1]), 4, [11, 7, 7]),
    # second after a tie 2/2/1 on bananas (no trump): none -> 3,3,0; next -> 3,3,2
    ({}, [4, 3, 3], [0, 2, 2], _stalls(B=[2, 2, 1]), 4, [11, 7, 4]),  # default: none
    ({"second_after_tie": "none"}, [4, 3, 3], [0, 2, 2], _stalls(B=[2, 2, 1]), 4, [11, 7, 4]),
    ({"second_after_tie": "next"}, [4, 3, 3], [0, 2, 2], _stalls(B=[2, 2, 1]), 4, [11, 7, 6]),
    # trump stall worth 6 and 3 (six-three) against 6 and 2 (plus-one): durians 2/1/0
    ({"trump_values": "six-three"}, [4, 3, 3], [0, 2, 2], _stalls(D=[2, 1, 0]), 4, [14, 7, 4]),
    ({"trump_values": "plus-one"}, [4, 3, 3], [0, 2, 2], _stalls(D=[2, 1, 0]), 4, [14, 6, 4]),
    # empty round: seat 0 won nothing, placed nothing, holds 3 cards; seat 1 has 8 - 6 + 5
    # (bananas alone), seat 2 has 12 - 0: replace -> 12; add -> -3 + 12 = 9
    ({"empty_round": "replace"}, [0, 4, 6], [3, 6, 0], _stalls(L=[0, 2, 0]), 4, [12, 7, 12]),
    ({"empty_round": "add"}, [0, 4, 6], [3, 6, 0], _stalls(L=[0, 2, 0]), 4, [9, 7, 12]),
    # best by whole round (seat 1: 12 - 6 + 5 = 11) or by cards alone (seat 2: 8)
    ({"empty_best": "round"}, [0, 6, 4], [3, 6, 0], _stalls(L=[0, 2, 0]), 4, [11, 11, 8]),
    ({"empty_best": "cards"}, [0, 6, 4], [3, 6, 0], _stalls(L=[0, 2, 0]), 4, [8, 11, 8]),
]


@pytest.mark.parametrize("scorer", [score_round, oracle.round_scores], ids=["spec", "oracle"])
@pytest.mark.parametrize("options,tricks,hands,stalls,trump,want", HAND_ROUNDS)
def test_hand_computed_rounds(scorer, options, tricks, hands, stalls, trump, want):
    assert scorer(tricks, hands, stalls, trump, **options) == want


@given(rounds(), OPTIONS, st.booleans())
def test_scoring_agrees_with_the_plain_oracle(data, options, with_placed):
    tricks, hands, stalls, trump = data
    placed = [sum(row[i] for row in stalls) + (i % 2) for i in range(len(tricks))] \
        if with_placed else None
    assert score_round(tricks, hands, stalls, trump, placed, **options) == \
        oracle.round_scores(tricks, hands, stalls, trump, placed, **options)


def _sampled_rounds(count: int):
    """Many rounds from a fixed seed, under every combination of the readings; counts are
    kept small so that ties, empty stalls and empty rounds are common."""
    rng = random.Random(7)
    readings = [dict(zip(_READINGS, combo)) for combo in itertools.product(
        *_READINGS.values())]
    for k in range(count):
        n = rng.choice([3, 4, 5])
        tricks = [rng.choice([0, 0, 1, 2, 4, 7]) for _ in range(n)]
        hands = [rng.randrange(0, 6) for _ in range(n)]
        stalls = [[rng.choice([0, 0, 1, 1, 2, 3]) for _ in range(n)] for _ in range(5)]
        # sellers may stand from earlier rounds (TIN-A10): placed this round is then less
        placed = None if k % 2 else [max(0, sum(row[i] for row in stalls) - rng.randrange(2))
                                     for i in range(n)]
        yield tricks, hands, stalls, rng.randrange(5), placed, readings[k % len(readings)]


_READINGS = {"trump_tie": ("split", "each", "none"), "second_after_tie": ("none", "next"),
             "rounding": ("down", "up"), "trump_values": ("plus-one", "six-three"),
             "empty_round": ("replace", "add"), "empty_best": ("round", "cards")}


def test_scoring_agrees_with_the_oracle_on_many_rounds():
    for tricks, hands, stalls, trump, placed, options in _sampled_rounds(800):
        assert score_round(tricks, hands, stalls, trump, placed, **options) == \
            oracle.round_scores(tricks, hands, stalls, trump, placed, **options), \
            (tricks, hands, stalls, trump, placed, options)


def test_trick_winner_on_many_tricks():
    """The spec's trick winner, on ints and on the cards (the engine's fast path), against
    the plain rule: the highest trump, else the highest card of the led fruit."""
    rng = random.Random(11)
    for _ in range(3000):
        n = rng.choice([3, 4, 5])
        cards = rng.sample(ALL_CARDS, n)
        trump, led = rng.randrange(5), FRUIT_OF[cards[0]]
        fruits = [FRUIT_OF[c] for c in cards]
        values = [VALUE_OF[c] for c in cards]
        trumps = [i for i in range(n) if fruits[i] == trump]
        pool = trumps or [i for i in range(n) if fruits[i] == led]
        want = max(pool, key=lambda i: values[i])
        assert trick_winner(fruits, values, trump, led) == want
        assert trick_winner_cards(tuple(cards), trump, led) == want


# (tricks, hands left, placed, possible): each condition of round_is_possible on its edge
ROUND_ENDS = [
    ([4, 3, 3], [0, 2, 1], [0, 0, 0], True),
    ([10, 0, 0], [0, 10, 10], [0, 0, 0], False),  # seats 1 and 2 never acted in 10 tricks
    ([10, 0, 0], [0, 0, 0], [0, 0, 0], True),  # one seat won every trick, all at the bounds
    ([4, 3, 3], [1, 2, 1], [0, 0, 0], False),  # nobody has run out of cards
    ([6, 5, 0], [0, -1, 10], [0, 0, 0], False),  # a negative hand
    ([10, 0, 0], [0, 11, 9], [0, 0, 0], False),  # more cards than a hand holds
    ([11, -1, 0], [0, 10, 10], [0, 0, 0], False),  # negative tricks
    ([10, 0, 0], [0, 10, 10], [0, -1, 0], False),  # negative sellers
    ([10, 0, 0], [0, 10, 10], [1, 0, 0], False),  # seat 0 acted 11 times in 10 tricks
    ([6, 5, 0], [0, 10, 10], [0, 0, 0], False),  # 11 tricks but only 10 cards played
]


@pytest.mark.parametrize("tricks,hands,placed,possible", ROUND_ENDS)
def test_round_is_possible_by_hand(tricks, hands, placed, possible):
    assert round_is_possible(tricks, hands, placed) is possible


def test_sellers_from_earlier_rounds_do_not_end_an_empty_round():
    """With sellers staying between rounds (TIN-A10), seat 0's banana seller stood before
    this round: it placed none now and won no trick, so its round is empty (TIN-6.11):
    it scores the best round, 12, not its own 2."""
    stalls = _stalls(B=[1, 0, 0], L=[0, 2, 0])
    for scorer in (score_round, oracle.round_scores):
        assert scorer([0, 4, 6], [3, 6, 0], stalls, 4, [0, 2, 0]) == [12, 7, 12]
        assert scorer([0, 4, 6], [3, 6, 0], stalls, 4) == [2, 7, 12]


def test_round_parts_name_each_part():
    """The parts the engine's events and the proofs read, on the empty-round example."""
    parts = round_parts([0, 4, 6], [3, 6, 0], _stalls(L=[0, 2, 0]), 4)
    assert parts["cards"] == [-3, 2, 12] and parts["base"] == [-3, 7, 12]
    # TIN-A12 (default all): each seat's empty round would level it with the best of all
    assert parts["empty"] == [True, False, False] and parts["best"] == [12, 12, 12]
    assert parts["final"] == [12, 7, 12] and parts["stalls"][1] == [0, 5, 0]


def test_second_after_a_large_tie_can_outscore_the_tied_seats():
    """TIN-A4 ``next``: four seats tied for first share 5 + 2 = 7 (1 each, rounded down)
    while the seat below them takes second place whole (2), so fewer sellers earn more.
    Under the default ``none`` the seat below gets nothing."""
    assert stall_points([1, 2, 2, 2, 2], False, second_after_tie="next") == [2, 1, 1, 1, 1]
    assert stall_points([1, 2, 2, 2, 2], False) == [0, 1, 1, 1, 1]
