"""Every refusal names the clause that forbids the action and says why (TAN-9.1): the
moves offer every seat and let the guards decide, so no refusal is a bare "may not now"."""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from spec.common.core import Action
from spec.tanuki_market.state import ON_TABLE

from .helpers import load


def _refusal(game, state, text):
    with pytest.raises(engine.IllegalAction) as info:
        game.step(state, text)
    return info.value.rule, str(info.value)


def _after_taco(players=3):
    game = load(players)
    return game, game.apply(game.new(seed=1, setup={"leader": 0}), "taco 1")


# --- the deal ---------------------------------------------------------------------------
def test_a_seat_with_a_cart_may_not_take_another():
    game, s = _after_taco()
    s = game.apply(s, "p1: take 1")
    rule, msg = _refusal(game, s, "p1: take 2")
    assert rule == "TAN-2.12" and "seat 1 already has a cart this round" in msg


def test_the_leader_holding_a_drawn_card_keeps_it_rather_than_taking():
    game, s = _after_taco()
    assert s.hand
    rule, msg = _refusal(game, s, "p0: take 2")
    assert rule == "TAN-2.13" and "seat 0 holds a drawn card" in msg


def test_only_the_leader_deals_and_puts_taco():
    game = load(3)
    s = game.new(seed=1, setup={"leader": 0})
    rule, msg = _refusal(game, s, "p2: taco 1")
    assert rule == "TAN-2.1" and "seat 2 is not the leader" in msg
    s = game.apply(s, "taco 1")
    for text in ("p1: keep 2", "p2: place 3"):
        rule, msg = _refusal(game, s, text)
        assert rule == "TAN-2.1" and "is not the leader: seat 0 leads" in msg, text


def test_no_refusal_is_an_unexplained_actor_filter():
    """In random states, every move a seat cannot make is refused by one of its guards,
    never by the engine's actor filter nor by a missing candidate."""
    tries = {"taco": [("1",), ("3",)], "keep": [("1",), ("2",)], "place": [("2",)],
             "take": [("1",), ("2",)], "lay": [("S",), ("F/move",)],
             "move": [("left",), ("right",)], "shift": [("S", "left")],
             "salad": [("S",), ("F/five",)], "skip": [()]}
    rng = random.Random(3)
    for players, variant in ((3, None), (2, "special-carts")):
        game = load(players, variant)
        for seed in range(4):
            s = game.new(seed=seed)
            while not game.is_over(s):
                legal = set(game.legal_actions(s))
                for mv in game.spec.moves_in(s.phase):
                    for seat in range(players):
                        for args in tries[mv.name]:
                            a = Action(seat, mv.name, args)
                            if a in legal:
                                continue
                            err = game.explain(s, a)
                            assert "may not" not in str(err) and "not among" not in str(err), \
                                (str(a), str(err))
                            assert any(g.rule == err.rule for g in mv.guards), str(err)
                s = game.apply(s, rng.choice(sorted(legal, key=str)))


@given(st.integers(0, 10_000), st.sampled_from([2, 3, 5]))
def test_every_seat_is_asked_but_the_legal_actions_are_the_rules(seed, players):
    """The real-time deal: exactly the seats without a cart (not the leader while it holds
    a drawn card) may take, exactly the leader with a card may keep or place."""
    game = load(players)
    rng = random.Random(seed)
    s = game.new(seed=seed)
    for _ in range(40):
        if game.is_over(s):
            break
        if s.phase == "deal":
            by = {}
            for a in game.legal_actions(s):
                by.setdefault(a.name, set()).add(a.player)
            takers = {p for p in range(players) if p not in s.taken
                      and not (p == s.leader and s.hand)}
            assert by.get("take", set()) == (takers if ON_TABLE in s.taken else set())
            assert by.get("keep", set()) | by.get("place", set()) <= {s.leader}
            assert bool(by.get("place") or by.get("keep")) <= bool(s.hand)
        s = game.apply(s, rng.choice(game.legal_actions(s)))


# --- laying out -------------------------------------------------------------------------
def _laying_out():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S", "F/move", "B", "GRANNY"]})
    for a in ("taco 1", "place 2", "place 2", "p1: take 2", "keep 1"):
        s = game.apply(s, a)
    assert s.phase == "lay"
    return game, s


def _expect_refusals(game, state, cases):
    for text, rule, words in cases:
        got, msg = _refusal(game, state, text)
        assert got == rule and words in msg, (text, msg)


def test_laying_out_refusals_say_why():
    game, s = _laying_out()
    _expect_refusals(game, s, [("p1: lay W", "TAN-3.1", "seat 1 has no W to lay")])
    s = game.apply(s, "p1: lay F/move")
    _expect_refusals(game, s, [
        ("p0: move left", "TAN-3.5", "seat 0 has no move effect"),
        ("p1: lay S", "TAN-3.5", "must first move table 1"),
        ("p0: skip", "TAN-3.5", "nothing it may decline")])
    s = game.apply(game.apply(s, "p1: move right"), "p1: lay S")
    _expect_refusals(game, s, [("p1: lay B", "TAN-3.1", "seat 1 has no card left to lay")])


def test_special_cart_refusals_say_why():
    game = load(2, "special-carts")
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "move-F"],
                                "deck": ["S", "F", "GRANNY"]})
    for a in ("taco 2", "place 1", "place 2", "p1: take 1", "keep 2"):
        s = game.apply(s, a)
    _expect_refusals(game, s, [
        ("p1: shift F left", "TAN-7.4", "no open Move Fruit cart for F"),
        ("p0: salad S", "TAN-7.5", "seat 0 has no Fruit Salad cart"),
        ("p1: salad F", "TAN-7.5", "names strawberry (S), not F")])
