"""Properties of whole games under every reading: values stay in range, a value change is
always possible, cards are conserved, rounds end, and each trick has one winner unless it
is set aside."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import engine
import spec
from spec.bastos.state import ALL_CARDS, HAND, HIGH, LOW, ROUNDS

SPEC = spec.get("bastos")


@st.composite
def configs(draw):
    players = draw(st.sampled_from([3, 4]))
    options = {o.name: draw(st.sampled_from(o.values)) for o in SPEC.options}
    return players, options


def _won(events) -> int:
    return sum(1 for e in events if "wins the trick" in e.text)


def _set_aside(events) -> int:
    return sum(1 for e in events if "set aside" in e.text)


@given(configs(), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(cfg, seed, rnd) -> None:
    players, options = cfg
    g = engine.load("bastos", players=players, options=options)
    # the last two rounds: a round change and the end of the game, at a bearable cost
    s = g.new(seed=seed, setup={"round": ROUNDS[players] - 1})
    # the longest round: every card played, each possibly followed by a value change,
    # plus the picks
    per_round = players * (HAND[players] + 1) * 2 + players
    steps_in_round, rounds_seen = 0, 1
    while not g.is_over(s):
        legal = g.legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}"
        if s.phase == "adjust":  # a legal value change always exists ...
            for a in legal:  # ... and none leaves the range
                values = g.apply(s, a).values
                assert all(LOW <= v <= HIGH for v in values)
        trick_full = len(s.trick) + 1 == players
        s2, events = g.step(s, rnd.choice(legal))
        problem = SPEC.validate(g.config, s2)
        assert problem is None, problem
        resolved = _won(events) + _set_aside(events)
        assert resolved <= 1  # at most one winner per trick
        if resolved:
            assert trick_full or s.phase == "adjust"
        elif s2.trick == () and s.trick and s2.round == s.round:
            raise AssertionError("a trick vanished without a winner or a set-aside")
        steps_in_round += 1
        if s2.round != s.round or g.is_over(s2):
            steps_in_round, rounds_seen = 0, rounds_seen + 1
        assert steps_in_round <= per_round, "a round does not end"
        s = s2
    assert rounds_seen == 3
    assert len(g.scores(s)) == players


@given(st.sampled_from([3, 4]), st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_every_completed_trick_has_exactly_one_outcome(players, seed, rnd) -> None:
    g = engine.load("bastos", players=players)
    s = g.new(seed=seed)
    completed = outcomes = 0
    while s.round == 1:
        completed += s.phase == "play" and len(s.trick) == players - 1
        s, events = g.step(s, rnd.choice(g.legal_actions(s)))
        outcomes += _won(events) + _set_aside(events)
    assert outcomes == completed == HAND[players] - 1  # the picked card is never played


class BastosMachine(RuleBasedStateMachine):
    """Random play with refused actions in between: a refusal changes nothing."""

    @initialize(cfg=configs(), seed=st.integers(0, 2**32))
    def start(self, cfg, seed) -> None:
        players, options = cfg
        self.game = engine.load("bastos", players=players, options=options)
        self.state = self.game.new(seed=seed)

    @rule(i=st.integers(0, 200))
    def act(self, i: int) -> None:
        legal = self.game.legal_actions(self.state)
        if legal:
            self.state = self.game.apply(self.state, legal[i % len(legal)])

    @rule(card=st.sampled_from(ALL_CARDS), seat=st.integers(0, 3),
          move=st.sampled_from(["play", "bastos", "play+trump", "adjust"]))
    def refused(self, card: str, seat: int, move: str) -> None:
        name, *extra = move.split("+")
        args = (f"{card[0]}+1",) if name == "adjust" else (card, *extra)
        act = engine.Action(seat % self.game.players, name, args)
        before = self.game.dumps(self.state)
        legal = set(self.game.legal_actions(self.state))
        if act in legal:
            return
        try:
            self.game.apply(self.state, act)
        except engine.IllegalAction as exc:
            assert exc.rule in SPEC.catalogue
        else:
            raise AssertionError(f"{act} was applied but is not legal")
        assert self.game.dumps(self.state) == before

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "state"):
            assert SPEC.validate(self.game.config, self.state) is None


TestBastosMachine = BastosMachine.TestCase
TestBastosMachine.settings = settings(stateful_step_count=30)


@given(configs(), st.integers(0, 2**32), st.integers(0, 60), st.randoms(use_true_random=False))
def test_views_hide_hands_and_secret_picks(cfg, seed, steps, rnd) -> None:
    players, options = cfg
    g = engine.load("bastos", players=players, options=options)
    s = g.new(seed=seed)
    for _ in range(steps):
        s = g.apply(s, rnd.choice(g.legal_actions(s)))
    for seat in [*range(players), None]:
        other = SPEC.resample(g.config, s, seat, rnd)
        assert SPEC.validate(g.config, other) is None
        assert g.view(other, seat) == g.view(s, seat)


@given(configs(), st.integers(0, 2**32), st.integers(1, 3), st.randoms(use_true_random=False))
def test_secret_picks_stay_secret_until_every_seat_has_picked(cfg, seed, picks,
                                                              rnd) -> None:
    """BAS-3.1: some seats have picked, not all; each sees its own pick and, of the others,
    only whether they have picked (a bool, not the card)."""
    players, options = cfg
    g = engine.load("bastos", players=players, options=options)
    s = g.new(seed=seed)
    for _ in range(min(picks, players - 1)):
        s = g.apply(s, rnd.choice(g.legal_actions(s)))
    made = [i for i, c in enumerate(s.choices) if c is not None]
    assert s.phase == "choose" and made, "no pick was made"
    for seat in [*range(players), None]:
        shown = g.view(s, seat)["choices"]
        for i, v in enumerate(shown):
            if i == seat:
                assert v == s.choices[i]
            else:
                assert v is (i in made), f"seat {seat} sees {v!r} of seat {i}'s pick"
