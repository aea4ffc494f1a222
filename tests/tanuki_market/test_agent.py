"""The greedy agent plays Tanuki Market like a person: it waits for a cart worth taking."""
from __future__ import annotations

import statistics

from engine.analysis.agents import GreedyAgent, RandomAgent, _willing_seat, play_game
from spec.tanuki_market.agent import agent_hint, agent_value

from .helpers import load


def test_greedy_three_seat_games_last_as_long_as_a_table_of_people_plays():
    game = load(3)
    greedy = [play_game(game, "greedy", seed=s).final.round for s in range(4)]
    rand = [play_game(game, "random", seed=s).final.round for s in range(4)]
    # measured over 20 seeds: greedy 8.0 rounds (23.9 before it waited), random 23.5
    assert max(greedy) <= 10 < statistics.mean(rand)


def test_greedy_never_grabs_a_cart_that_is_not_full_while_the_deal_goes_on():
    game = load(3)
    rec = play_game(game, "greedy", seed=5, record=True)
    s = game.new(seed=5)
    for text in rec.actions:
        a = game.resolve(s, text)
        if a.name == "take" and s.hand and a.player != s.leader:
            cart = int(a.args[0]) - 1
            assert len(s.carts[cart]) == 3, (text, s.carts)
        s = game.apply(s, a)


def test_a_seat_waits_for_a_full_cart_and_the_leader_for_a_fuller_one():
    game = load(2)
    s = game.apply(game.new(seed=0, setup={"leader": 0, "deck": ["S", "F", "B"]}), "taco 1")
    legal = game.legal_actions(s)
    hinted = [str(a) for a in agent_hint(game.config, s, legal)]
    # seat 1 waits (no cart is full); seat 0 places (no cart holds 2 cards to keep with)
    assert hinted == ["p0: place 1", "p0: place 2"]
    assert GreedyAgent().waits(game, s, [a for a in legal if a.player == 1])
    assert not GreedyAgent().waits(game, s, [a for a in legal if a.player == 0])
    assert _willing_seat(game, s, [GreedyAgent(), GreedyAgent()], legal, 1) == 0
    assert _willing_seat(game, s, [RandomAgent(), RandomAgent()], legal, 1) == 1


def test_agent_value_counts_the_cards_sure_to_come():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S", "F", "B"]})
    s = game.apply(game.apply(game.apply(s, "taco 1"), "place 1"), "p1: take 1")
    # seat 1's cart: Taco (3) and S, which would go on table 1 (1 point)
    assert agent_value(0, s, 1) == 4 and agent_value(0, s, 0) == 0
