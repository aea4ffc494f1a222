"""The engine scores a seat in one pass over the same scoring code the proofs run.

:func:`scoring.seat_score` works out each stack's run and repeats once and feeds them to
both its points and its hybrid. These tests compare its parts with the separate scoring
functions on random seats under every reading, and the engine's final scores with them.
"""
from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.fruit_passion import cards, scoring
from spec.fruit_passion.game import count_vector

READINGS = list(itertools.product(("none", "common"),
                                  ("from-one", "continuous", "any", "scoring-run"),
                                  ("void", "count"), ("penalty", "zero")))


@st.composite
def seats(draw):
    stacks = tuple(tuple(draw(st.lists(st.integers(0, 3), min_size=top, max_size=top)))
                   for top in cards.TOP_NUMBER)
    held = tuple(draw(st.lists(st.booleans(), min_size=5, max_size=5)))
    numbers = tuple(draw(st.permutations([1, 2, 3, 4, 5])))
    return stacks, held, numbers


@given(seats(), st.sampled_from(READINGS))
def test_one_pass_seat_score_is_its_parts(seat, reading):
    stacks, held, numbers = seat
    lone, run, dup, no_one_dup = reading
    got = scoring.seat_score(stacks, held, numbers, lone_one=lone, hybrid_run=run,
                             hybrid_dup=dup, no_one_dup=no_one_dup)
    for f, vec in enumerate(stacks):
        assert got.stacks[f] == scoring.stack_score(vec, cards.KIND[f], lone, no_one_dup)
        assert got.runs[f] == scoring.run_length(vec)
        assert got.repeats[f] == scoring.has_duplicate(vec)
    for f in cards.COMMON:
        assert got.counted[f] == scoring.hybrid_counts(stacks[f], held[f], numbers[f], run,
                                                       dup)
    assert got.hybrids == scoring.hybrid_sequence_score(got.counted, numbers)
    assert got.total == sum(got.stacks) + got.hybrids
    opts = {"lone_one": lone, "hybrid_run": run, "hybrid_dup": dup, "no_one_dup": no_one_dup}
    assert scoring.player_score(stacks, held, numbers, parts=True, **opts) == \
        (got.stacks, got.hybrids)
    assert scoring.player_score(stacks, held, numbers, **opts) == got.total


def test_final_scores_are_the_symbolic_ones():
    rng = random.Random(3)
    for players, options in ((2, {}), (3, {"hybrid-run": "continuous", "lone-one": "common"}),
                             (4, {"play-limits": "unchecked", "hybrid-duplicates": "count",
                                  "passion-no-one-duplicate": "zero"})):
        game = engine.load("fruit-passion", players=players, options=options)
        x = game.config.extra
        for seed in range(2):
            s = game.new(seed=seed)
            while not game.is_over(s):
                s = game.apply(s, rng.choice(game.legal_actions(s)))
            for mine, got in zip(s.stacks, game.scores(s)):
                vectors = [list(count_vector(st, f)) for f, st in enumerate(mine)]
                held = [x.hybrid_cards[f] in mine[f] for f in cards.COMMON]
                assert got == scoring.player_score(vectors, held, list(x.hybrid_numbers),
                                                   lone_one=x.lone_one, hybrid_run=x.hybrid_run,
                                                   hybrid_dup=x.hybrid_dup,
                                                   no_one_dup=x.no_one_dup)


def test_conservation_names_the_extra_and_missing_cards():
    from spec.fruit_passion.state import conservation_problem

    game = engine.load("fruit-passion", players=2)
    s = game.new(seed=1)
    assert conservation_problem(game.config, s) is None
    deck = s.decks[0]
    moved = s._replace(decks=(deck[1:],), box=s.box + ("PF7",))
    assert conservation_problem(game.config, moved) == (
        f"cards not conserved: extra {['PF7'] if deck[0] != 'PF7' else []},"
        f" missing {[deck[0]] if deck[0] != 'PF7' else []}")
    assert conservation_problem(game.config, s._replace(decks=(deck + deck[:1],))) == (
        f"cards not conserved: extra {[deck[0]]}, missing []")
