"""Properties over random deals and random play, under every reading of every option.

* cards are conserved: hands + won tricks + the trick on the table = the cards in play;
* no seat ever has more than nine sellers out (with the nine pieces as the limit);
* every round ends, within the bound the rules give, and so does the game;
* every finished trick has exactly one winner, the one an independent oracle names;
* a round's points are fully determined by tricks, hand sizes, sellers and trump.
"""
from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.tindahan.state import CARDS_OF, FRUIT_OF, VALUE_OF

from .oracle import round_scores

OPTION_VALUES = {o.name: o.values for o in engine.load("tindahan", players=3).spec.options}
options = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()})


def oracle_winner(trick, seats, trump, led):
    """The rulebook's trick rule, written plainly (not with the spec's code)."""
    trumps = [(VALUE_OF[c], s) for c, s in zip(trick, seats) if FRUIT_OF[c] == trump]
    if trumps:
        return max(trumps)[1]
    return max((VALUE_OF[c], s) for c, s in zip(trick, seats) if FRUIT_OF[c] == led)[1]


def check_conservation(s):
    dealt = sorted(c for f in s.fruits for c in CARDS_OF[f])
    here = sorted([c for h in s.hands for c in h] + [c for t in s.taken for c in t]
                  + list(s.trick))
    assert here == dealt, "cards not conserved"


def play_game(n, seed, opts, pick_seed):
    g = engine.load("tindahan", players=n, options=opts)
    s = g.new(seed=seed)
    rng = random.Random(pick_seed)
    limited = opts["no-sellers"] == "must-play"
    actions_in_round, tricks_seen, rounds_seen = 0, 0, 0
    lone_won = [0] * n  # this round's tricks of a single card, by winner (TIN-6.14)
    # a round: every trick holds a card, so at most n*10 tricks of at most n+1 actions
    round_bound = n * 10 * (n + 1) + 1
    while not g.is_over(s):
        legal = g.legal_actions(s)
        assert legal
        a = rng.choice(legal)
        s2, events = g.step(s, a)
        actions_in_round += 1
        assert actions_in_round <= round_bound, "a round does not end"
        check_conservation(s2)
        for i in range(n):
            out = sum(row[i] for row in s2.stalls)
            if limited:
                assert out + s2.supply[i] == 9 and out <= 9
        rules = [e.rule for e in events]
        if "TIN-4.4" in rules:
            tricks_seen += 1
            win = next(e for e in events if e.rule == "TIN-4.4")
            trick = s.trick + ((a.args[0],) if a.name == "play" else ())
            seats = s.trick_seats + ((a.player,) if a.name == "play" else ())
            led = s.led if s.led >= 0 else FRUIT_OF[trick[0]]
            assert rules.count("TIN-4.4") == 1
            assert win.data["seat"] == oracle_winner(trick, seats, s.cart, led)
            assert win.data["card"] in trick
            if len(trick) == 1:
                lone_won[win.data["seat"]] += 1
        if "TIN-6.1" in rules:
            rounds_seen += 1
            actions_in_round = 0
            winner = next(e for e in events if e.rule == "TIN-4.4").data["seat"]
            tricks = list(s.tricks_won)
            tricks[winner] += 1
            if opts["lone-card"] == "no-trick":  # TIN-A13: a lone card is no trick won
                tricks = [t - k for t, k in zip(tricks, lone_won)]
            lone_won = [0] * n
            hands = [len(h) - (1 if a.name == "play" and i == a.player else 0)
                     for i, h in enumerate(s.hands)]
            stalls = [list(row) for row in s.stalls]
            placed = list(s.placed)
            if a.name == "seller":
                stalls[s.led][a.player] += 1
                placed[a.player] += 1
            assert min(hands) == 0
            o = opts
            want = round_scores(tricks, hands, stalls, s.cart, placed,
                                trump_tie=o["trump-tie"], second_after_tie=o["second-after-tie"],
                                rounding=o["rounding"], trump_values=o["trump-stall"],
                                empty_round=o["empty-round"], empty_best=o["empty-round-best"],
                                empty_among=o["empty-round-among"])
            assert list(s2.rounds[-1]) == want
            assert list(s2.totals) == [x + y for x, y in zip(s.totals, want)]
        s = s2
    assert rounds_seen == n == len(s.rounds), "the game ends when every seat has dealt"
    assert sum(s.rounds[k][i] for k in range(n) for i in range(n)) == sum(g.scores(s))
    return tricks_seen


@given(n=st.integers(3, 5), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32),
       opts=options)
def test_random_games_keep_every_property(n, seed, pick, opts):
    assert play_game(n, seed, opts, pick) >= 10 * n  # at least ten tricks a round


@given(n=st.integers(3, 5), seed=st.integers(0, 2**32))
def test_any_seat_may_see_its_hand_and_only_its_hand(n, seed):
    g = engine.load("tindahan", players=n)
    s = g.new(seed=seed)
    for seat in range(n):
        v = g.view(s, seat)
        assert v["hands"][seat] == list(s.hands[seat])
        assert all(v["hands"][i] == 10 for i in range(n) if i != seat)
        assert "rng" not in v and v["taken"] == [0] * n
