"""The engine's remembered scoring is the symbolic scoring.

``player_score(..., plain=True)`` takes each part from ``scoring.REMEMBERED``: the very
functions of ``scoring.SYMBOLIC``, remembered per arguments. These tests compare the two
on random seats under every reading, and the engine's final scores with the symbolic ones.
"""
from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.fruit_passion import cards, scoring
from spec.fruit_passion.game import count_vector

READINGS = list(itertools.product(("none", "common"), ("from-one", "continuous", "any"),
                                  ("void", "count"), ("penalty", "zero")))


@st.composite
def seats(draw):
    stacks = tuple(tuple(draw(st.lists(st.integers(0, 3), min_size=top, max_size=top)))
                   for top in cards.TOP_NUMBER)
    held = tuple(draw(st.lists(st.booleans(), min_size=5, max_size=5)))
    numbers = tuple(draw(st.permutations([1, 2, 3, 4, 5])))
    return stacks, held, numbers


@given(seats(), st.sampled_from(READINGS))
def test_remembered_parts_are_the_symbolic_ones(seat, reading):
    stacks, held, numbers = seat
    lone, run, dup, no_one_dup = reading
    for fast, slow in zip(scoring.REMEMBERED, scoring.SYMBOLIC):
        assert fast.__wrapped__ is slow
    opts = {"lone_one": lone, "hybrid_run": run, "hybrid_dup": dup, "no_one_dup": no_one_dup,
            "parts": True}
    plain = scoring.player_score(stacks, held, numbers, plain=True, **opts)
    symbolic = scoring.player_score([list(v) for v in stacks], list(held), list(numbers),
                                    **opts)
    assert (list(plain[0]), plain[1]) == (list(symbolic[0]), symbolic[1])
    for f, vec in enumerate(stacks):
        assert (scoring.REMEMBERED.stack_score(vec, cards.KIND[f], lone, no_one_dup)
                == scoring.stack_score(list(vec), cards.KIND[f], lone, no_one_dup))
        assert scoring.REMEMBERED.run_length(vec) == scoring.run_length(list(vec))
        assert scoring.REMEMBERED.has_duplicate(vec) == scoring.has_duplicate(list(vec))
        if f in cards.COMMON:
            assert (scoring.REMEMBERED.hybrid_counts(vec, held[f], numbers[f], run, dup)
                    == scoring.hybrid_counts(list(vec), held[f], numbers[f], run, dup))


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
