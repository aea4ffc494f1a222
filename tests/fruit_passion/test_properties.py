"""Properties of Fruit Passion: score bounds (Z3, on the engine's scoring code), card
conservation, stack limits, termination under the default reading, hidden information."""
from __future__ import annotations

import itertools
import random

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import engine
from spec.fruit_passion import cards, scoring
from spec.fruit_passion.game import SPEC

from . import oracle

READINGS = list(itertools.product(("none", "common"), ("from-one", "continuous", "any"),
                                  ("void", "count")))


def _symbolic_seat(solver: z3.Solver, capped: bool):
    stacks = [[z3.Int(f"n{f}_{k}") for k in range(top)] for f, top in
              enumerate(cards.TOP_NUMBER)]
    for f, vec in enumerate(stacks):
        solver.add(*[z3.And(c >= 0, c <= 3) for c in vec])
        if capped:
            solver.add(z3.Sum(vec) <= cards.CAPACITY[f])
    held = [z3.Bool(f"held{f}") for f in cards.COMMON]
    numbers = [z3.Int(f"h{f}") for f in cards.COMMON]
    solver.add(z3.Distinct(*numbers), *[z3.And(h >= 1, h <= 5) for h in numbers])
    for f in cards.COMMON:
        solver.add(z3.Implies(held[f], scoring.at(stacks[f], numbers[f]) >= 1))
    return stacks, held, numbers


def _check_bounds(lone: str, run: str, dup: str, capped: bool,
                  no_one_dup: str = "penalty", reached: bool = True) -> None:
    # QF_LIA is many times faster than the default solver on this If-heavy arithmetic
    s = z3.SolverFor("QF_LIA")
    stacks, held, numbers = _symbolic_seat(s, capped)
    score = scoring.player_score(stacks, held, numbers, lone_one=lone, hybrid_run=run,
                                 hybrid_dup=dup, no_one_dup=no_one_dup)
    for bad in (score > scoring.MAX_SCORE, score < scoring.MIN_SCORE):
        s.push()
        s.add(bad)
        assert s.check() == z3.unsat, f"bound broken: {s.model()}"
        s.pop()
    for extreme in (score == scoring.MAX_SCORE, score == scoring.MIN_SCORE) if reached else ():
        s.push()
        s.add(extreme)
        assert s.check() == z3.sat
        s.pop()


def test_z3_proves_the_score_bounds_under_the_default():
    """No seat can score above 143 or below -11, and both bounds are reached."""
    _check_bounds("none", "from-one", "void", capped=True)


@pytest.mark.parametrize("lone,run,dup", READINGS, ids=["-".join(r) for r in READINGS])
def test_z3_component_bounds_under_every_reading(lone, run, dup):
    """Each stack and the hybrid sequence stay within their columns' extremes, whatever
    the readings, so every total lies in [-11, 143] (the full proof of each reading runs
    under the thorough profile)."""
    for kind, table in scoring.TABLES.items():
        vec = [z3.Int(f"c{k}") for k in range(7 if kind == "passion" else 5)]
        v = scoring.stack_score(vec, kind, lone)
        s = z3.SolverFor("QF_LIA")
        s.add(*[c >= 0 for c in vec])
        s.add(z3.Or(v > max(table.values()), v < scoring.DUPLICATE[kind]))
        assert s.check() == z3.unsat, kind
    hc = [z3.Int(f"k{n}") for n in range(5)]
    s = z3.SolverFor("QF_LIA")
    s.add(*[c >= 0 for c in hc])
    h = scoring.hybrid_score(hc)
    s.add(z3.Or(h > 33, h < 0))
    assert s.check() == z3.unsat
    assert 5 * 11 + 22 + 33 + 33 == scoring.MAX_SCORE and -11 == scoring.MIN_SCORE


@pytest.mark.parametrize("lone,run,dup", READINGS, ids=["-".join(r) for r in READINGS])
def test_z3_full_bounds_every_reading(lone, run, dup, thorough):
    """The score bounds hold and are reached under every reading. `make test` proves that
    they hold for stacks within their limits (the default play-limits); the thorough
    profile also that they are reached, for overflowing stacks (play-limits=unchecked)
    too, under both passion-no-one-duplicate readings."""
    _check_bounds(lone, run, dup, capped=True, reached=False)
    if thorough:
        for capped, no_one_dup in itertools.product((True, False), ("penalty", "zero")):
            _check_bounds(lone, run, dup, capped, no_one_dup)


def test_z3_passion_fruit_is_the_only_negative_stack():
    for kind in scoring.TABLES:
        vec = [z3.Int(f"c{k}") for k in range(7 if kind == "passion" else 5)]
        s = z3.Solver()
        s.add(*[c >= 0 for c in vec], scoring.stack_score(vec, kind) < 0)
        assert (s.check() == z3.sat) == (kind == "passion")


def test_z3_no_one_duplicate_readings_part_only_on_passion_fruit():
    """FRP-A9: the readings differ exactly on a passion fruit stack with a repeat and no 1."""
    for kind in scoring.TABLES:
        vec = [z3.Int(f"c{k}") for k in range(7 if kind == "passion" else 5)]
        s = z3.Solver()
        s.add(*[c >= 0 for c in vec])
        differ = (scoring.stack_score(vec, kind, no_one_dup="penalty")
                  != scoring.stack_score(vec, kind, no_one_dup="zero"))
        target = z3.And(kind == "passion", vec[0] == 0, scoring.has_duplicate(vec))
        s.add(differ != target)
        assert s.check() == z3.unsat, (kind, s.model())


_stack = st.lists(st.integers(0, 3), min_size=5, max_size=5)


@given(vectors=st.tuples(*[_stack] * 6, st.lists(st.integers(0, 3), min_size=7, max_size=7)),
       held=st.lists(st.booleans(), min_size=5, max_size=5),
       reading=st.sampled_from(READINGS), no_one_dup=st.sampled_from(("penalty", "zero")))
def test_int_scores_stay_in_bounds(vectors, held, reading, no_one_dup):
    lone, run, dup = reading
    numbers = cards.hybrid_numbers(cards.DEFAULT_HYBRIDS)
    held = [h and vectors[f][numbers[f] - 1] >= 1 for f, h in enumerate(held)]
    v = scoring.player_score(vectors, held, numbers, lone_one=lone, hybrid_run=run,
                             hybrid_dup=dup, no_one_dup=no_one_dup)
    assert isinstance(v, int) and scoring.MIN_SCORE <= v <= scoring.MAX_SCORE


GAMES = [(2, None), (3, None), (4, None), (1, "solo")]


def _turn_bound(game, s) -> int:
    """Turns the default rules allow at most: every turn draws from a deck, or takes the
    discard to play it onto a stack that has room."""
    deck = sum(len(d) for d in s.decks)
    room = sum(cards.CAPACITY) * game.players
    return deck + room


@pytest.mark.parametrize("players,variant", GAMES)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_default_game_ends_conserving_cards_within_stack_limits(players, variant, seed,
                                                                choice_seed):
    game = engine.load("fruit-passion", players=players, variant=variant)
    s = game.new(seed=seed)
    bound = _turn_bound(game, s) * 2 + 2
    rng = random.Random(choice_seed)
    for n in range(bound):
        if game.is_over(s):
            break
        s = game.apply(s, rng.choice(game.legal_actions(s)))
        for inv in game.spec.invariants:
            assert inv.check(game.config, s) is None, inv.id
        for mine in s.stacks:
            assert all(len(stk) <= cap for stk, cap in zip(mine, cards.CAPACITY))
    assert game.is_over(s), f"no end within {bound} actions"
    assert all(scoring.MIN_SCORE <= v <= scoring.MAX_SCORE for v in game.scores(s))


@given(seed=st.integers(0, 2**32))
def test_greedy_discard_takers_still_end_under_the_default(seed):
    """Seats that take the discard whenever they may still reach the end."""
    game = engine.load("fruit-passion", players=2)
    s = game.new(seed=seed)
    bound = _turn_bound(game, s) * 2 + 2
    for _ in range(bound):
        if game.is_over(s):
            break
        legal = [str(a) for a in game.legal_actions(s)]
        pick = next((a for a in legal if a.endswith("draw discard")), legal[0])
        s = game.apply(s, pick)
    assert game.is_over(s)


@given(seed=st.integers(0, 2**32), looks=st.sets(st.integers(0, 200), min_size=1, max_size=8))
def test_hidden_stacks_and_scores_before_the_end(seed, looks):
    """A whole three-seat game: at the sampled steps before the end, stacks show only top
    and size and no score is given; at the end, stacks are open and the scores are the
    plain oracle's."""
    game = engine.load("fruit-passion", players=3)
    s = game.new(seed=seed)
    rng = random.Random(seed)
    looked = 0
    for step in itertools.count():
        if game.is_over(s):
            break
        if step in looks:
            _check_hidden_view(game, s)
            looked += 1
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert looked >= 1 or min(looks) >= step, "no live state was looked at"
    for seat in (0, 1, 2, None):
        view = game.view(s, seat)
        assert view["stacks"] == [[list(stk) for stk in mine] for mine in s.stacks]
    assert game.scores(s) == [oracle.seat_points([list(stk) for stk in mine])
                              for mine in s.stacks]


def _check_hidden_view(game, s) -> None:
    assert game.scores(s) == [0, 0, 0]
    for seat in (0, 1, 2, None):
        view = game.view(s, seat)
        for mine, real in zip(view["stacks"], s.stacks):
            for shown, stk in zip(mine, real):  # the owner too sees only top and size
                assert shown == {"top": stk[-1] if stk else None, "count": len(stk)}
        assert "scores" not in view and "breakdown" not in view
        assert view["discard"] == {"top": s.discard[-1] if s.discard else None,
                                   "count": len(s.discard)}
        if s.drawn and not s.from_discard:
            assert view["drawn"] == (list(s.drawn) if seat == s.turn else 1)


class FruitMachine(RuleBasedStateMachine):
    """Random play by rule: one invariant per rule of the catalogue's invariants, and a
    rule that tries an illegal action and checks that it is refused with a clause."""

    @initialize(seed=st.integers(0, 2**32), cfg=st.sampled_from(GAMES))
    def start(self, seed, cfg):
        self.game = engine.load("fruit-passion", players=cfg[0], variant=cfg[1])
        self.state = self.game.new(seed=seed)

    @rule(i=st.integers(0, 10))
    def act(self, i):
        legal = self.game.legal_actions(self.state)
        if legal:
            self.state = self.game.apply(self.state, legal[i % len(legal)])

    @rule(text=st.sampled_from(["draw deck", "draw discard", "play", "discard", "play left",
                                "play right", "discard both", "play CO3", "draw", "fly"]))
    def refused_actions_change_nothing(self, text):
        legal = {a.body for a in self.game.legal_actions(self.state)}
        before = self.game.dumps(self.state)
        if text in legal:
            return
        with pytest.raises(engine.IllegalAction) as info:
            self.game.step(self.state, text)
        assert info.value.rule in SPEC.catalogue
        assert self.game.dumps(self.state) == before

    @invariant()
    def invariants_hold(self):
        if hasattr(self, "state"):
            for inv in SPEC.invariants:
                assert inv.check(self.game.config, self.state) is None, inv.id


TestFruitMachine = FruitMachine.TestCase
TestFruitMachine.settings = settings(stateful_step_count=60)
