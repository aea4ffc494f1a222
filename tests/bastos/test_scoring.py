"""Trick resolution, value changes and scoring: on ints against a plain restatement of the
rules, and on Z3 terms (the same functions the engine runs)."""
from __future__ import annotations

import doctest
import random

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import spec.bastos.scoring as scoring
from spec.bastos.scoring import (NO_TRUMP, SET_ASIDE, bump, can_bump, card_value,
                                 declare_value, round_scores, start_values, trick_points,
                                 trick_winner)
from spec.bastos.state import ALL_CARDS, FRUIT, HIGH, LOW, RANK


def test_doctests() -> None:
    assert doctest.testmod(scoring).failed == 0


def _oracle(fruits, ranks, own, trump, trump_from, trump_is_discard, unbeatable_aside,
            overlap_trick_rule=False) -> int:
    """The trick rules of BAS-6, stated as plainly as possible."""
    n = len(fruits)
    led = fruits[0]
    if all(own):
        if overlap_trick_rule and all(f != led for f in fruits[1:]):
            return 0  # BAS-A10 trick-rule: BAS-6.3 first
        if overlap_trick_rule and all(f == led for f in fruits[1:]):
            return max(range(1, n), key=lambda i: ranks[i])  # BAS-A10: BAS-6.4 first
        return SET_ASIDE  # BAS-6.5
    is_trump = [fruits[i] == trump and i >= trump_from for i in range(n)]
    trumped = any(is_trump[i] and not own[i] for i in range(1, n))
    if own[0] and all(f != led for f in fruits[1:]) and (trump_is_discard or not trumped):
        return 0  # BAS-6.3
    able = [i for i in range(n) if not own[i]]
    pool = [i for i in able if is_trump[i]] or [i for i in able if fruits[i] == led]
    if pool:
        return max(pool, key=lambda i: ranks[i])  # BAS-6.1
    return SET_ASIDE if unbeatable_aside else 0  # BAS-A7


@st.composite
def tricks(draw):
    n = draw(st.sampled_from([3, 4]))
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=n, max_size=n, unique=True))
    trump = draw(st.sampled_from([NO_TRUMP, 0, 1, 2, 3, 4]))
    fruits = [FRUIT[c] for c in cards]
    own = [draw(st.booleans()) and f != trump for f in fruits]  # trump is never a colour
    trump_from = draw(st.integers(0, n - 1)) if trump != NO_TRUMP else 0
    return fruits, [RANK[c] for c in cards], own, trump, trump_from


@st.composite
def own_colour_tricks(draw):
    """Tricks of Bastos! cards only (several seats may share a colour), mostly of one or
    two fruits so that BAS-6.3 and BAS-6.4 also fit them often."""
    n = draw(st.sampled_from([3, 4]))
    fruits = draw(st.lists(st.sampled_from([1, 3]), min_size=n, max_size=n))
    ranks = draw(st.lists(st.integers(1, 9), min_size=n, max_size=n, unique=True))
    trump = draw(st.sampled_from([NO_TRUMP, 0, 2, 4]))  # never a colour in the trick
    return fruits, ranks, [True] * n, trump, 0


@given(st.one_of(tricks(), own_colour_tricks()), st.booleans(), st.booleans(), st.booleans())
def test_trick_winner_matches_the_rules(trick, trump_is_discard, unbeatable_aside,
                                        overlap) -> None:
    fruits, ranks, own, trump, start = trick
    got = trick_winner(fruits, ranks, own, trump, start, trump_is_discard=trump_is_discard,
                       unbeatable_aside=unbeatable_aside, overlap_trick_rule=overlap)
    assert got == _oracle(fruits, ranks, own, trump, start, trump_is_discard,
                          unbeatable_aside, overlap)


# hand-worked tricks of Bastos! cards only, under both readings of BAS-A10
# (fruits, ranks, set-aside reading, trick-rule reading)
OVERLAP = [
    ([1, 1, 1], [9, 3, 5], SET_ASIDE, 2),  # all followed: the highest follower, 5
    ([1, 3, 3], [2, 8, 4], SET_ASIDE, 0),  # nobody followed: the leader
    ([1, 1, 3], [2, 8, 4], SET_ASIDE, SET_ASIDE),  # neither: set aside under both
    ([3, 3, 3, 3], [1, 6, 7, 2], SET_ASIDE, 2),
]


@pytest.mark.parametrize("fruits,ranks,aside,by_rule", OVERLAP)
def test_own_colour_overlap_by_hand(fruits, ranks, aside, by_rule) -> None:
    own = [True] * len(fruits)
    for overlap, want in ((False, aside), (True, by_rule)):
        assert trick_winner(fruits, ranks, own, NO_TRUMP, overlap_trick_rule=overlap) == want
        assert _oracle(fruits, ranks, own, NO_TRUMP, 0, False, False, overlap) == want


# hand-worked tricks under the default readings, called with the default arguments
# (fruits, ranks, own, trump, winner); fruit 0 is trump where there is one
DEFAULTS = [
    ([0, 0, 1], [9, 3, 5], [False] * 3, 0, 0),  # the leader's trump is a trump: 9 beats 3
    ([2, 1, 1], [1, 4, 8], [False] * 3, 0, 0),  # nobody followed or trumped: the leader
    ([2, 0, 1], [5, 1, 8], [True, False, False], 0, 1),  # BAS-A4: a trump beats the leader
    ([2, 1, 3], [5, 1, 8], [True, False, False], NO_TRUMP, 0),  # BAS-6.3: all discarded
    ([2, 2, 1], [5, 1, 8], [True, True, False], NO_TRUMP, 0),  # BAS-A7: the leader
    ([1, 1, 1], [9, 3, 5], [True] * 3, NO_TRUMP, SET_ASIDE),  # BAS-A10: set aside
]


@pytest.mark.parametrize("fruits,ranks,own,trump,winner", DEFAULTS)
def test_default_readings_by_hand(fruits, ranks, own, trump, winner) -> None:
    assert trick_winner(fruits, ranks, own, trump) == winner
    assert _oracle(fruits, ranks, own, trump, 0, False, False) == winner


def test_cards_before_a_declared_trump_are_discards() -> None:
    """BAS-A9 default: the 9 of the trump fruit came before the declaring card (position
    2), so it was a discard; the declaring 2 wins."""
    assert trick_winner([1, 0, 0], [5, 9, 2], [False] * 3, 0, 2) == 2


def test_trick_points_add_the_cards_values() -> None:
    values = (2, 0, 1, -1, -2)
    assert trick_points([0, 0, 4, 3], values) == 2 + 2 - 2 - 1
    assert trick_points([], values) == 0


@given(tricks())
def test_one_winner_unless_set_aside(trick) -> None:
    fruits, ranks, own, trump, start = trick
    got = trick_winner(fruits, ranks, own, trump, start)
    assert got in range(len(fruits)) or (got == SET_ASIDE and all(own))
    if got != SET_ASIDE and got != 0:
        assert not own[got]  # a Bastos! card never wins (BAS-6.2)


@given(st.integers(LOW, HIGH), st.sampled_from([-2, -1, 1, 2]))
def test_bump_stays_in_range(value, delta) -> None:
    new = bump(value, delta)
    assert LOW <= new <= HIGH
    assert (new == value + delta) == can_bump(value, delta)


@given(st.integers(LOW, HIGH))
def test_a_legal_value_change_always_exists(value) -> None:
    assert can_bump(value, 1) or can_bump(value, -1)


@given(st.lists(st.integers(0, 4), min_size=3, max_size=4))
def test_start_values(colours) -> None:
    values = start_values(colours)
    assert list(values) == [min(colours.count(f), HIGH) for f in range(5)]


def test_declaring_trump_lowers_the_value_by_two_down_to_minus_two() -> None:
    """BAS-5.2, by hand for every value of the table."""
    assert [declare_value(v) for v in range(LOW, HIGH + 1)] == [-2, -2, -2, -1, 0, 1]


def test_round_scores_on_ints() -> None:
    assert round_scores([[1, 0, 2, 0, 0], [0, 0, 0, 0, 3]], (2, 0, 1, 0, -2)) == [4, -6]
    assert card_value(4, (0, 0, 0, 0, -2)) == -2


# --- the same functions on Z3 terms ------------------------------------------------------------
def _proved(claim) -> bool:
    solver = z3.Solver()
    solver.set(timeout=10_000)
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


def test_symbolic_bump_and_range() -> None:
    v, d = z3.Ints("v d")
    pre = z3.And(v >= LOW, v <= HIGH, z3.Or(d == 1, d == -1, d == -2))
    assert _proved(z3.Implies(pre, z3.And(bump(v, d) >= LOW, bump(v, d) <= HIGH)))
    assert _proved(z3.Implies(z3.And(v >= LOW, v <= HIGH),
                              z3.Or(can_bump(v, 1), can_bump(v, -1))))


def test_symbolic_start_values_two_and_two() -> None:
    a, b, c, d = z3.Ints("a b c d")
    values = start_values([a, b, c, d])
    pre = z3.And(a == 0, b == 0, c == 2, d == 2)
    assert _proved(z3.Implies(pre, z3.And(values[0] == 2, values[2] == 2, values[1] == 0)))
    same = z3.And(a == b, b == c, c == d, a >= 0, a <= 4)
    assert _proved(z3.Implies(same, z3.Or(*[values[f] == 3 for f in range(5)])))


def test_symbolic_trick_has_one_winner_unless_all_bastos() -> None:
    n = 4
    fruits = z3.Ints(" ".join(f"f{i}" for i in range(n)))
    ranks = z3.Ints(" ".join(f"r{i}" for i in range(n)))
    own = z3.Bools(" ".join(f"o{i}" for i in range(n)))
    trump, start = z3.Ints("trump start")
    distinct = [z3.Or(fruits[i] != fruits[j], ranks[i] != ranks[j])
                for i in range(n) for j in range(i + 1, n)]
    pre = z3.And(*[z3.And(f >= 0, f <= 4) for f in fruits],
                 *[z3.And(r >= 1, r <= 9) for r in ranks], *distinct,
                 trump >= -1, trump <= 4, start >= 0, start < n,
                 *[z3.Implies(own[i], fruits[i] != trump) for i in range(n)])
    w = trick_winner(fruits, ranks, own, trump, start)
    assert _proved(z3.Implies(pre, z3.And(w >= -1, w < n)))
    assert _proved(z3.Implies(pre, (w == SET_ASIDE) == z3.And(*own)))
    # a winner other than the leader never won with its own Bastos! colour
    assert _proved(z3.Implies(z3.And(pre, w > 0),
                              z3.And(*[z3.Implies(w == i, z3.Not(own[i]))
                                       for i in range(n)])))


def test_symbolic_round_scores() -> None:
    counts = [[3, 0, 2, 1, 0], [0, 4, 0, 1, 1], [2, 2, 0, 0, 0]]  # cards won per fruit
    values = z3.Ints("v0 v1 v2 v3 v4")
    scores = round_scores(counts, values)
    pre = z3.And(*[z3.And(v >= LOW, v <= HIGH) for v in values])
    assert _proved(z3.Implies(pre, z3.And(*[z3.And(sc >= 6 * LOW, sc <= 6 * HIGH)
                                            for sc in scores])))
    assert _proved(z3.Implies(z3.And(values[0] == 2, values[1] == -1),
                              scores[2] == 2))


def _sampled_tricks(count: int):
    """Many tricks, drawn from a fixed seed: every reading's flags, every trump and start,
    own colours anywhere but on the trump fruit, all-own tricks of one or two fruits."""
    rng = random.Random(2024)
    for k in range(count):
        n = rng.choice([3, 4])
        trump = rng.choice([NO_TRUMP, 0, 1, 2, 3, 4])
        if k % 4 == 0:  # Bastos! cards only
            pair = rng.sample([f for f in range(5) if f != trump], 2)
            fruits = [rng.choice(pair) for _ in range(n)]
            own = [True] * n
        else:
            fruits = [rng.randrange(5) for _ in range(n)]
            own = [rng.random() < 0.4 and f != trump for f in fruits]
        ranks = rng.sample(range(1, 10), n)
        start = rng.randrange(n) if trump != NO_TRUMP else 0
        flags = [rng.random() < 0.5 for _ in range(3)]
        yield fruits, ranks, own, trump, start, flags


def test_trick_winner_agrees_with_the_oracle_on_many_tricks() -> None:
    for fruits, ranks, own, trump, start, flags in _sampled_tricks(3000):
        want = _oracle(fruits, ranks, own, trump, start, *flags)
        kw = dict(zip(("trump_is_discard", "unbeatable_aside", "overlap_trick_rule"), flags))
        assert trick_winner(fruits, ranks, own, trump, start, **kw) == want, (
            fruits, ranks, own, trump, start, flags)
