"""The engine's answers are those of the symbolic scoring functions.

The engine resolves tricks with ``trick_winner`` and starts each round at ``start_values``
(the functions the proofs run on Z3 terms). Here random games are played and every trick
winner and start value the engine announced is recomputed with those functions.
"""
from __future__ import annotations

import random

import engine
from spec.bastos import scoring
from spec.bastos.state import FRUIT, RANK

WIN_RULES = {"BAS-6.1", "BAS-6.2", "BAS-6.3", "BAS-6.4"}


def _check_game(game: engine.Game, seed: int) -> int:
    r = game.config.extra
    rng = random.Random(seed)
    s = game.new(seed=seed)
    checked = 0
    while not game.is_over(s):
        a = rng.choice(game.legal_actions(s))
        s2, events = game.step(s, a)
        won = [e for e in events if e.rule in WIN_RULES and "wins the trick" in e.fmt]
        if won:
            # the full trick, and the trump as it stood when the trick was resolved
            trick = s.trick if len(s.trick) == r.n else s.trick + (a.args[0],)
            trump, start = s.trump, s.trump_from
            if a.name == "play" and len(a.args) == 2:  # the last card declared trump
                trump = FRUIT[a.args[0]]
                start = len(s.trick) if r.early_discards else 0
            seats = [(s.leader + i) % r.n for i in range(r.n)]
            fruits = [FRUIT[c] for c in trick]
            own = [fruits[i] == FRUIT[s.bastos[seats[i]]] for i in range(r.n)]
            pos = scoring.trick_winner(fruits, [RANK[c] for c in trick], own, trump, start,
                                       trump_is_discard=r.trump_is_discard,
                                       unbeatable_aside=r.unbeatable_aside)
            assert (seats[pos], trick[pos]) == (won[0].data["seat"], won[0].data["card"])
            checked += 1
        if s.phase == "choose" and s2.phase != "choose":
            assert s2.values == scoring.start_values([FRUIT[c] for c in s2.bastos])
        s = s2
    return checked


def test_announced_winners_and_scores_are_the_symbolic_ones():
    checked = 0
    for players, options in ((3, {}), (4, {"all-discard": "leader-wins"}),
                             (4, {"no-winner": "set-aside", "early-cards": "trumps"}),
                             (3, {"adjust-timing": "before-lead", "bastos-card": "in-hand"})):
        game = engine.load("bastos", players=players, options=options)
        for seed in range(3):
            checked += _check_game(game, seed)
    assert checked > 100
