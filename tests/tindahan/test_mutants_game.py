"""Tindahan: rare moments of a game pinned down exactly (the events' rule IDs and texts,
the refusal's clause, the fields that change), written against the mutants of
``spec/tindahan/game.py`` that survived the suite (``make mutate``). Expected values come
from the clauses, not from the code under test."""
from __future__ import annotations

import random

import engine
from spec.common.core import Action


def test_a_seat_without_sellers_places_a_stand_in_under_unlimited():
    """TIN-5.4 (TIN-A7 unlimited): once its nine sellers stand on the stalls, a seat may
    still place one; a stand-in goes on the stall, the supply stays at 0 and the seat's
    placed count still grows. The seats place a seller whenever they may."""
    game = engine.load("tindahan", 3, options={"no-sellers": "unlimited"})
    s = game.new(seed=0)
    while True:
        acts = game.legal_actions(s)
        sellers = [a for a in acts if a.name == "seller"]
        a = sellers[0] if sellers else acts[0]
        if a.name == "seller" and s.supply[a.player] == 0:
            break
        s = game.apply(s, a)
    seat, stall = a.player, s.led
    assert s.placed[seat] == 9  # all nine placed before
    after, events = game.step(s, a)
    count = s.stalls[stall][seat] + 1
    name = ("banana", "lanzones", "mango", "papaya", "durian")[stall]
    assert [(e.rule, e.text) for e in events][0] == (
        "TIN-5.4", f"seat {seat} has no seller left and places a stand-in on the {name}"
        f" stall ({count} there)")
    assert after.supply == s.supply and after.supply[seat] == 0
    assert after.stalls[stall][seat] == count and after.placed[seat] == 10


def test_a_tied_game_names_every_winner():
    """TIN-8.3: seats tied on the most points share the win (seed 30 of random play ends
    40, 27, 40)."""
    game, rng = engine.load("tindahan", 3), random.Random(30)
    s = game.new(seed=30)
    while not game.is_over(s):
        s, events = game.step(s, rng.choice(game.legal_actions(s)))
    best = max(s.totals)
    winners = [i for i, t in enumerate(s.totals) if t == best]
    assert len(winners) == 2
    assert [(e.rule, e.text) for e in events[-2:]] == [
        ("TIN-8.1", "every seat has dealt once: the game ends"),
        ("TIN-8.3", f"seats {winners} tie with {best} points and share the win")]


def test_an_action_out_of_turn_cites_the_turn_clause_for_every_move():
    """TIN-3.4 says whose turn it is: it is the clause every out-of-turn action breaks,
    whatever the move's own clause (seller's is TIN-5.1)."""
    game = engine.load("tindahan", 3)
    s = game.new(seed=0)
    assert s.turn == 1
    for act in (Action(0, "seller", ()), Action(0, "play", ("B1",)),
                Action(2, "cart", ("B",))):
        err = game.explain(s, act)
        assert (err.rule, err.message) == (
            "TIN-3.4", f"seat {act.player} may not {act.name} now (seats that may: 1)")
