"""The engine remembers what a spec declares pure, and nothing else changes.

``GameSpec.pure`` lists functions whose result depends on their arguments alone;
:mod:`engine.core.remember` gives each loaded game a bounded table, keyed on
plain arguments. These tests check that a remembered answer is always the one the
function gives, that Z3 terms (the proofs) bypass the table, and that the rules' callers
really go through it.
"""
from __future__ import annotations

from itertools import combinations

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.core import remember
from spec.tindahan import game as spec_tindahan
from spec.tindahan import scoring as tin_scoring
from spec.tindahan import state as tin_state
from spec.tindahan.state import FRUITS


def test_keys_keep_bools_ints_lists_and_tuples_apart():
    keys = {remember.frozen(v) for v in (1, True, 0, False, (1, 2), [1, 2], (True, 2),
                                         ((1,), "a"), None, "1")}
    assert len(keys) == 10


@pytest.mark.parametrize("value", [z3.Int("x"), [1, z3.Int("y")], ((z3.Bool("b"),),),
                                   {"a": 1}, 1.5, object()])
def test_anything_but_plain_values_is_no_key(value):
    with pytest.raises(remember.NotPlain):
        remember.frozen(value)


def test_a_remembered_function_runs_once_per_key_and_never_on_z3_terms():
    calls: list[tuple] = []

    def double(xs, *, scale=2):
        calls.append((xs, scale))
        return [scale * x for x in xs]

    fast = remember.remembered(double)
    assert fast((1, 2)) == [2, 4] and fast((1, 2)) == [2, 4]
    assert fast([1, 2]) == [2, 4] and fast((1, 2), scale=3) == [3, 6]
    assert len(calls) == 3  # the tuple once, the list once, the other keyword once
    first = fast((1, 2))
    first.append(99)  # a caller's change to a result is not remembered
    assert fast((1, 2)) == [2, 4]
    x = z3.Int("x")
    term = fast((x, 1))[0]
    assert z3.is_expr(term) and term.eq(2 * x)
    assert len(calls) == 4 and len(fast.remembered) == 3  # the Z3 call kept nothing


def test_the_table_is_bounded():
    fast = remember.remembered(lambda n: n + 1, limit=4)
    for n in range(10):
        assert fast(n) == n + 1
    assert len(fast.remembered) <= 4


def test_a_bool_is_not_answered_with_an_ints_result():
    fast = remember.remembered(lambda flag: flag)
    assert fast(1) == 1 and fast(True) is True and fast(1).__class__ is int


OPTIONS = st.fixed_dictionaries({
    "trump_tie": st.sampled_from(["split", "each", "none"]),
    "second_after_tie": st.sampled_from(["none", "share"]),
    "rounding": st.sampled_from(["down", "up"]),
    "trump_stall": st.sampled_from(["plus-one", "six-three"]),
})


@given(counts=st.lists(st.integers(0, 9), min_size=3, max_size=5), trump=st.booleans(),
       options=OPTIONS)
def test_remembered_stall_points_are_the_rules_answer(counts, trump, options):
    engine.load("tindahan")  # installs the wrapper when the engine remembers
    rules = remember.original(tin_scoring.stall_points)
    fast = remember.remembered(rules)
    for _ in range(2):  # computed, then remembered
        assert fast(counts, trump, **options) == rules(counts, trump, **options)


def test_tindahan_scoring_goes_through_the_games_own_table():
    game = engine.load("tindahan", players=3, remember=True)
    table = game.config.remember
    assert isinstance(table, remember.Remembering)
    wrapped = table(tin_scoring.stall_points)
    assert wrapped is not tin_scoring.stall_points
    assert remember.original(wrapped) is tin_scoring.stall_points
    assert table(tin_scoring.trick_winner) is tin_scoring.trick_winner  # not declared
    state = game.new(seed=5)
    while not game.is_over(state):
        state = game.apply(state, game.legal_actions(state)[0])
    assert wrapped.remembered, "a whole game scored no round through the table"
    other = engine.load("tindahan", players=3, remember=True).config.remember
    assert other is not table and not other(tin_scoring.stall_points).remembered


def test_loading_a_game_leaves_the_spec_modules_as_written():
    before = {name: dict(vars(module)) for name, module in
              (("scoring", tin_scoring), ("game", spec_tindahan), ("state", tin_state))}
    engine.load("tindahan", players=4)
    for name, module in (("scoring", tin_scoring), ("game", spec_tindahan), ("state", tin_state)):
        changed = [k for k, v in vars(module).items() if before[name].get(k) is not v]
        assert not changed, f"loading a game rewrote {name}: {changed}"
    assert not hasattr(spec_tindahan.round_parts, "remembered")


def test_a_game_loaded_without_remembering_hands_in_the_functions_themselves():
    game = engine.load("tindahan", players=3, remember=False)
    assert game.config.remember(tin_scoring.stall_points) is tin_scoring.stall_points


def test_proofs_still_get_terms_from_the_declared_function():
    engine.load("tindahan")
    x = z3.Int("x")
    points = tin_scoring.stall_points([x, 0, 2], False)
    assert all(z3.is_expr(p) for p in points)
    solver = z3.Solver()
    solver.add(x == 3, points[0] != 5)  # three sellers against two: first place, 5 points
    assert solver.check() == z3.unsat


def test_remembering_follows_the_engine_setting():
    game = engine.load("tindahan", players=3)
    remembers = game.config.remember(tin_scoring.stall_points) is not tin_scoring.stall_points
    assert remembers == engine.compiled()


def test_keywords_are_kept_apart_from_positional_arguments():
    calls: list[tuple] = []

    def show(*args, **kwargs):
        calls.append((args, kwargs))
        return [args, sorted(kwargs.items())]

    fast = remember.remembered(show)
    assert fast("a", 1) == [("a", 1), []]
    assert fast(a=1) == [(), [("a", 1)]]
    assert fast("a", a=1) == [("a",), [("a", 1)]]
    assert len(calls) == 3 and len(fast.remembered) == 3


def test_a_remembered_dict_of_lists_cannot_be_changed_by_its_caller():
    fast = remember.remembered(lambda n: {"row": [n, n], "rows": [[n], (n, [n])], "n": n})
    first = fast(1)
    first["row"].append(9)
    first["rows"][0].append(9)
    first["rows"][1][1].append(9)
    first["new"] = True
    assert fast(1) == {"row": [1, 1], "rows": [[1], (1, [1])], "n": 1}


@given(tricks=st.lists(st.integers(0, 10), min_size=3, max_size=5), data=st.data())
def test_remembered_round_parts_are_the_rules_answer(tricks, data):
    n = len(tricks)
    engine.load("tindahan")
    stalls = data.draw(st.lists(st.lists(st.integers(0, 4), min_size=n, max_size=n),
                                min_size=5, max_size=5))
    hand = data.draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))
    placed = data.draw(st.none() | st.tuples(*[st.integers(0, 9)] * n))
    trump = data.draw(st.integers(0, 4))
    rules = remember.original(tin_scoring.round_parts)
    fast = remember.remembered(rules)
    for _ in range(2):  # computed, then remembered
        assert fast(tricks, hand, stalls, trump, placed) == \
            rules(tricks, hand, stalls, trump, placed)


def test_tindahan_declares_its_stall_scoring_pure():
    assert {f.__name__ for f in spec_tindahan.SPEC.pure} == {"stall_points", "cards_in_play"}


def test_remembered_cards_in_play_are_the_rules_answer():
    """The invariant TIN-I1 asks for the cards in play on many states: the answer for each
    set of fruits is remembered, and it is a frozenset, which no caller can change."""
    through = engine.load("tindahan").config.remember(tin_state.cards_in_play)
    rules = tin_state.cards_in_play
    for k in range(len(FRUITS) + 1):
        for fruits in map("".join, combinations(FRUITS, k)):
            for _ in range(2):  # computed, then remembered
                got = through(fruits)
                assert type(got) is frozenset and got == rules(fruits)
                assert len(got) == 10 * len(fruits)
