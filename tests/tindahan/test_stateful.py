"""A hypothesis state machine over whole Tindahan games: one invariant per rule."""
from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import engine
from spec.tindahan.state import CARDS_OF


class TindahanMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(3, 5), seed=st.integers(0, 2**32),
                mover=st.sampled_from(["sits-out", "plays-last"]),
                sellers=st.sampled_from(["must-play", "unlimited"]))
    def start(self, n, seed, mover, sellers):
        self.g = engine.load("tindahan", players=n,
                             options={"cart-mover": mover, "no-sellers": sellers})
        self.s = self.g.new(seed=seed)
        self.tricks_this_round = 0

    @precondition(lambda self: hasattr(self, "g") and not self.g.is_over(self.s))
    @rule(i=st.integers(0, 10_000))
    def act(self, i):
        legal = self.g.legal_actions(self.s)
        before = self.s
        self.s, events = self.g.step(self.s, legal[i % len(legal)])
        rules = [e.rule for e in events]
        if "TIN-4.4" in rules:
            self.tricks_this_round += 1
        if "TIN-6.1" in rules:
            assert self.tricks_this_round >= 10  # someone played all ten cards
            self.tricks_this_round = 0
        assert before.round <= self.s.round

    @precondition(lambda self: hasattr(self, "g"))
    @rule(seat=st.integers(0, 4), card=st.sampled_from(sorted(c for v in CARDS_OF.values()
                                                               for c in v)),
          kind=st.sampled_from(["play", "cart", "seller"]))
    def illegal_actions_change_nothing(self, seat, card, kind):
        args = {"play": (card,), "cart": (card[0],), "seller": ()}[kind]
        a = engine.Action(seat % self.g.players, kind, args)
        if a in set(self.g.legal_actions(self.s)):
            return
        before = self.g.dumps(self.s)
        try:
            self.g.step(self.s, a)
        except engine.IllegalAction as err:
            assert err.rule in self.g.spec.catalogue
        else:
            raise AssertionError(f"{a} was accepted but is not legal")
        assert self.g.dumps(self.s) == before

    @invariant()
    def spec_invariants_hold(self):
        if hasattr(self, "g"):
            for inv in self.g.spec.invariants:
                assert inv.check(self.g.config, self.s) is None, inv.id

    @invariant()
    def someone_may_act_until_the_end(self):
        if hasattr(self, "g"):
            assert bool(self.g.legal_actions(self.s)) != self.g.is_over(self.s)


TestTindahanMachine = TindahanMachine.TestCase
