"""Seat scores against hand-computed collections, one or more per scoring reading, and
against a plain oracle of the rules (tests/fruit_passion/oracle.py) on random stacks."""
from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.fruit_passion import cards, scoring
from spec.fruit_passion.game import seat_score

from . import oracle

EMPTY = ((),) * 7


def _seat(**stacks: str) -> tuple[tuple[str, ...], ...]:
    """Stacks by fruit code: ``CO="CO1* CO2"``."""
    out = list(EMPTY)
    for code, text in stacks.items():
        out[cards.FRUITS.index(code)] = tuple(text.split())
    return tuple(out)


PETER = _seat(CO="CO1* CO2 CO3 CO4 CO5", PA="PA1 PA2*", FI="FI1 FI2 FI3*",
              AV="AV1 AV2 AV3 AV4*", PI="PI1 PI2 PI4 PI5*", PG="PG2 PG3",
              PF="PF1 PF2 PF3 PF4 PF4")
# CO 1-2 (3) with hybrid 1, PA 1-2 (3) with hybrid 2, a lone fig hybrid 3 (0)
LONE_FIG = _seat(CO="CO1* CO2", PA="PA1 PA2*", FI="FI3*")
# as above, the fig hybrid 3 beside a 2, and an avocado 3-4 holding hybrid 4
NEIGHBOURS = _seat(CO="CO1* CO2", PA="PA1 PA2*", FI="FI2 FI3*", AV="AV3 AV4*")
# a coconut stack of the hybrid 1 alone (0 points: a lone 1), papaya 1-2 with hybrid 2 (3)
LONE_HYBRID_ONE = _seat(CO="CO1*", PA="PA1 PA2*")

HAND_SEATS = [
    # (options, seat, points)
    # FRP-7.1: 11 + 3 + 5 + 8 + 3 (pineapple 1-2) + 0 + (-11) + 24 (hybrids 1-4) = 43
    ({}, PETER, 43),
    # continuous/any: pineapple 5 lies beside the 4, so hybrids 1-5 count: 33, 52 in all
    ({"hybrid-run": "continuous"}, PETER, 52),
    ({"hybrid-run": "any"}, PETER, 52),
    # from-one: the fig hybrid needs fig 1-2, the avocado one 1-3: hybrids 1-2 = 9
    ({"hybrid-run": "from-one"}, NEIGHBOURS, 3 + 3 + 9),
    # continuous: both have a neighbour: hybrids 1-2-3-4 = 24
    ({"hybrid-run": "continuous"}, NEIGHBOURS, 3 + 3 + 24),
    # a lone fig hybrid: no neighbour (continuous keeps 1-2 = 9), any counts it (1-2-3 = 15)
    ({"hybrid-run": "continuous"}, LONE_FIG, 3 + 3 + 9),
    ({"hybrid-run": "any"}, LONE_FIG, 3 + 3 + 15),
    # FRP-A5 scoring-run: the lone hybrid 1 is in no run, so hybrid 2 has no 1 to follow
    ({"hybrid-run": "from-one"}, LONE_HYBRID_ONE, 3 + 9),
    ({"hybrid-run": "scoring-run"}, LONE_HYBRID_ONE, 3),
    # a lone common 1 scores 1 under lone-one=common, a lone pomegranate 1 never
    ({"lone-one": "none"}, _seat(CO="CO1", PG="PG1"), 0),
    ({"lone-one": "common"}, _seat(CO="CO1", PG="PG1"), 1),
    # passion fruit repeating a 4 without a 1: minus 11, or 0 when the missing 1 wins
    ({"passion-no-one-duplicate": "penalty"}, _seat(PF="PF4 PF4"), -11),
    ({"passion-no-one-duplicate": "zero"}, _seat(PF="PF4 PF4"), 0),
    ({"passion-no-one-duplicate": "zero"}, _seat(PF="PF1 PF1"), -11),
    # a spoiled coconut stack 1-1-2 holding hybrid 1: void drops the hybrid, count keeps
    # it (a hybrid sequence of 1 = 1 point)
    ({"hybrid-duplicates": "void"}, _seat(CO="CO1* CO1 CO2"), 0),
    ({"hybrid-duplicates": "count"}, _seat(CO="CO1* CO1 CO2"), 1),
    # another hybrid assignment: coconut's bears 2, papaya's 1; any counts 2, 1, 3: 15
    ({"hybrids": "CO2-PA1-FI3-AV4-PI5", "hybrid-run": "any"},
     _seat(CO="CO2*", PA="PA1*", FI="FI3*"), 15),
    # passion fruit 1-7: 33; pomegranate 1-5: 22
    ({}, _seat(PF="PF1 PF2 PF3 PF4 PF5 PF6 PF7", PG="PG1 PG2 PG3 PG4 PG5"), 55),
]


def _extra(options):
    return _extra_of(tuple(sorted(options.items())))


@lru_cache(maxsize=None)
def _extra_of(options):
    return engine.load("fruit-passion", players=2, options=dict(options)).config.extra


def _oracle_options(options):
    return {"lone_one": options.get("lone-one", "none"),
            "hybrid_run": options.get("hybrid-run", "from-one"),
            "hybrid_dup": options.get("hybrid-duplicates", "void"),
            "no_one_dup": options.get("passion-no-one-duplicate", "penalty")}


@pytest.mark.parametrize("options,seat,points", HAND_SEATS)
def test_hand_computed_seats(options, seat, points):
    assert seat_score(_extra(options), seat) == points
    assert oracle.seat_points([list(s) for s in seat], **_oracle_options(options)) == points


READING_VALUES = {o: v for o, v in [
    ("lone-one", ("none", "common")),
    ("hybrid-run", ("from-one", "continuous", "any", "scoring-run")),
    ("hybrid-duplicates", ("void", "count")), ("passion-no-one-duplicate", ("penalty", "zero")),
    ("hybrids", cards.HYBRID_ASSIGNMENTS)]}


def test_every_scoring_option_has_its_readings_here():
    known = {o.name: tuple(o.values) for o in engine.load("fruit-passion").spec.options}
    for name, values in READING_VALUES.items():
        assert known[name] == tuple(values), name


@st.composite
def seats(draw, hybrids: str):
    """Seven stacks of up to seven cards each, from the cards of the game: numbers may
    repeat (what the duplicate rules are about), a common fruit's one hybrid may not."""
    numbers = cards.hybrid_numbers(hybrids)
    out = []
    for f, top in enumerate(cards.TOP_NUMBER):
        pool = [cards.card(f, n) for n in range(1, top + 1)]
        stack = draw(st.lists(st.sampled_from(pool), max_size=top))
        if f in cards.COMMON and draw(st.booleans()):
            stack.insert(draw(st.integers(0, len(stack))), cards.card(f, numbers[f], True))
        out.append(tuple(stack))
    return tuple(out)


@given(data=st.data(), options=st.fixed_dictionaries(
    {k: st.sampled_from(v) for k, v in READING_VALUES.items()}))
def test_seat_scores_agree_with_the_plain_oracle(data, options):
    seat = data.draw(seats(options["hybrids"]))
    want = oracle.seat_points([list(s) for s in seat], **_oracle_options(options))
    assert seat_score(_extra(options), seat) == want


def test_seat_scores_agree_with_the_oracle_on_many_seats():
    """Many collections from a fixed seed, each under a different combination of the
    scoring readings."""
    rng = random.Random(5)
    combos = list(itertools.product(*READING_VALUES.values()))
    for k in range(1500):
        options = dict(zip(READING_VALUES, combos[k % len(combos)]))
        numbers = cards.hybrid_numbers(options["hybrids"])
        seat = []
        for f, top in enumerate(cards.TOP_NUMBER):
            size = rng.choice([0, 1, 2, top - 1, top, top])
            stack = [cards.card(f, rng.choice(range(1, top + 1)) if rng.random() < 0.3
                                else n) for n in range(1, size + 1)]
            if f in cards.COMMON and rng.random() < 0.5:
                stack.append(cards.card(f, numbers[f], True))
            seat.append(tuple(stack))
        want = oracle.seat_points([list(s) for s in seat], **_oracle_options(options))
        assert seat_score(_extra(options), tuple(seat)) == want, (seat, options)


def test_hybrid_rules_by_hand_with_the_default_readings():
    """FRP-6.8 / FRP-6.9 on count vectors: a hybrid 3 counts with 1-2-3 below it, not
    with a gap; a hybrid sequence with a repeated number scores nothing."""
    assert scoring.hybrid_counts((1, 1, 1, 0, 0), True, 3) is True
    assert scoring.hybrid_counts((1, 0, 1, 0, 0), True, 3) is False
    assert scoring.hybrid_counts((1, 1, 1, 0, 0), False, 3) is False
    assert scoring.hybrid_score((1, 1, 1, 0, 0)) == 15
    assert scoring.hybrid_score((2, 1, 0, 0, 0)) == 0
    assert scoring.hybrid_score((0, 1, 1, 0, 0)) == 0


def test_player_score_defaults_are_the_default_readings():
    """Peter's collection as count vectors, scored with the function's own defaults."""
    vectors = [(1, 1, 1, 1, 1), (1, 1, 0, 0, 0), (1, 1, 1, 0, 0), (1, 1, 1, 1, 0),
               (1, 1, 0, 1, 1), (0, 1, 1, 0, 0), (1, 1, 1, 2, 0, 0, 0)]
    numbers = cards.hybrid_numbers(cards.DEFAULT_HYBRIDS)
    assert scoring.player_score(vectors, [True] * 5, numbers) == 43


@pytest.mark.parametrize("call,word", [
    (lambda: scoring.stack_score((1,) * 5, "common", no_one_dup="maybe"),
     "passion-no-one-duplicate"),
    (lambda: scoring.hybrid_counts((1,) * 5, True, 1, hybrid_run="maybe"), "hybrid-run"),
    (lambda: scoring.hybrid_counts((1,) * 5, True, 1, hybrid_dup="maybe"),
     "hybrid-duplicates"),
])
def test_unknown_readings_are_named(call, word):
    with pytest.raises(ValueError, match=f"{word} reading 'maybe'"):
        call()


#: each scoring keyword and the register option whose reading it takes
_READING_OF = {"lone_one": "lone-one", "hybrid_run": "hybrid-run",
               "hybrid_dup": "hybrid-duplicates", "no_one_dup": "passion-no-one-duplicate"}


@pytest.mark.parametrize("func", [scoring.stack_score, scoring.stack_points,
                                  scoring.hybrid_in_sequence, scoring.seat_score,
                                  scoring.player_score])
def test_scoring_defaults_are_the_register_defaults(func):
    """The proofs call the scoring functions without readings (proofs/fruit_passion.py):
    each keyword left out must be the register's default reading of its option."""
    import inspect

    from spec.fruit_passion.rules import CATALOGUE

    given = {name: p.default for name, p in inspect.signature(func).parameters.items()
             if name in _READING_OF}
    assert given, func.__name__
    assert given == {name: CATALOGUE.option(_READING_OF[name]).default for name in given}


def test_player_score_passes_the_hybrid_run_reading_on():
    """FRP-A5 by hand: coconut (hybrid 1) holds 1-2, papaya (hybrid 2) holds 2-3 and no 1;
    both hybrids held. Stacks: coconut's run 1-2 scores 3 (FRP-6.3), papaya's has no 1 and
    scores 0. from-one: only coconut's hybrid lies in a run from 1, the sequence is the
    lone 1: 1 point. continuous: papaya's 2 has its neighbour 3, the sequence is 1-2: 9."""
    stacks = [(1, 1, 0, 0, 0), (0, 1, 1, 0, 0), (0,) * 5, (0,) * 5, (0,) * 5, (0,) * 5,
              (0,) * 7]
    held = [True, True, False, False, False]
    numbers = (1, 2, 3, 4, 5)
    for reading, hybrids in (("from-one", 1), ("continuous", 9)):
        assert scoring.player_score(stacks, held, numbers, hybrid_run=reading,
                                    parts=True) == ([3, 0, 0, 0, 0, 0, 0], hybrids)
        assert scoring.player_score(stacks, held, numbers, hybrid_run=reading) == 3 + hybrids


def test_scoring_without_readings_scores_as_the_register_defaults():
    """The same, by behaviour: each function called without readings agrees with the
    call that names the register's defaults, on stacks where the readings part ways (a
    lone common 1, a passion stack with a repeat and no 1, papaya's hybrid beside 2-3)."""
    from spec.fruit_passion.rules import CATALOGUE

    readings = {name: CATALOGUE.option(option).default for name, option in _READING_OF.items()}
    stacks = [(1, 0, 0, 0, 0), (0, 1, 1, 0, 0), (1, 1, 0, 0, 0), (0,) * 5, (0,) * 5,
              (0,) * 5, (0, 2, 0, 0, 0, 0, 0)]
    held, numbers = [True, True, True, False, False], (1, 2, 3, 4, 5)
    stack_words = {k: readings[k] for k in ("lone_one", "no_one_dup")}
    hybrid_words = {k: readings[k] for k in ("hybrid_run", "hybrid_dup")}
    for f, counts in enumerate(stacks):
        kind = cards.KIND[f]
        run, repeats = scoring.run_length(counts), scoring.has_duplicate(counts)
        assert scoring.stack_score(counts, kind) == scoring.stack_score(counts, kind,
                                                                         **stack_words)
        assert scoring.stack_points(counts, run, repeats, kind) == scoring.stack_points(
            counts, run, repeats, kind, **stack_words)
        if f in cards.COMMON:
            assert scoring.hybrid_in_sequence(counts, run, repeats, held[f], numbers[f]) == \
                scoring.hybrid_in_sequence(counts, run, repeats, held[f], numbers[f],
                                           **hybrid_words)
    assert scoring.seat_score(stacks, held, numbers) == scoring.seat_score(
        stacks, held, numbers, **readings)
    assert scoring.player_score(stacks, held, numbers) == scoring.player_score(
        stacks, held, numbers, **readings) == 3 - 11 + 1
    # fig's 1-2 scores 3 (the lone coconut 1 scores nothing), passion fruit's 2-2 without a
    # 1 is minus 11, and only coconut's hybrid lies in a run from 1: a lone hybrid 1, 1 point
