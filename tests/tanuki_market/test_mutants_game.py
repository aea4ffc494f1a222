"""Tanuki Market: whole rare situations of the deal, the solo game and the special carts,
pinned down exactly (every event's rule ID and text, the refusal's clause and full text,
the state's changed fields), to kill the mutants of ``spec/tanuki_market/game.py`` that
survived the suite (``make mutate``). Expected values are worked out by hand from the
rulebook's clauses; the situations are reached through set-ups and the public actions."""
from __future__ import annotations

import pytest

import engine

from .helpers import load


def _play(game, s, *actions):
    """Apply the actions; the events of each, as (rule, text) pairs."""
    told = []
    for a in actions:
        s, evs = game.step(s, a)
        told.append([(e.rule, e.text) for e in evs])
    return s, told


def _refusal(game, s, action) -> str:
    with pytest.raises(engine.IllegalAction) as info:
        game.step(s, action)
    return str(info.value)


def _solo(cards, **options):
    """A solo game over just ``cards`` (stacked in that order, Granny after them)."""
    game = load(1, "solo", **options)
    return game, game.new(seed=0, setup={"cards": cards, "deck": cards[:6] + ["GRANNY"]})


ALTERNATE = ["place 1", "place 2"] * 3  # TAN-8.4: the solo player alternates the carts


# --- TAN-8.8 draw: every reason it is refused, in every solo moment ------------------------
def test_both_carts_full_the_player_takes_first_and_may_not_draw():
    # Monday (10 dots): six 1-dot cards never reach it; never-reached=player-first
    game, s = _solo(["W", "P"] * 4)
    s, told = _play(game, s, *ALTERNATE)
    assert told[-1] == [("TAN-2.4", "seat 0 places P on cart 2 (now P, P, P)")]
    assert s.taken == (-1, -1) and s.hand == () and s.phase == "deal"
    assert _refusal(game, s, "draw") == ("TAN-8.8: the player draws by choice only once"
                                         " the automaton has its cart")


def test_the_automaton_prefers_a_full_cart_and_the_player_must_take_the_other():
    # never-reached=automaton-prefers: W W W against B P P, watermelons and pineapples
    # first: 3 against 2, the automaton takes cart 1 (TAN-8.6)
    game, s = _solo(["W", "B", "W", "P", "W", "P", "W", "P"],
                    **{"never-reached": "automaton-prefers"})
    s, told = _play(game, s, *ALTERNATE)
    assert told[-1] == [("TAN-2.4", "seat 0 places P on cart 2 (now B, P, P)"),
                        ("TAN-8.6", "the automaton takes cart 1 (W, W, W): both carts are"
                         " full")]
    assert s.taken == (-2, -1) and s.hand == () and s.phase == "deal"
    assert _refusal(game, s, "draw") == "TAN-8.8: the player's cart is taken or full: take it"
    s, told = _play(game, s, "take 2")
    assert told[-1] == [("TAN-8.8", "seat 0 takes cart 2 (B, P, P)"),
                        ("TAN-3.1", "every seat has its cart: laying out begins")]
    assert s.phase == "lay" and s.haul == (("B", "P", "P"),) and s.auto == ("W", "W", "W")


def test_draw_refusals_with_a_card_in_hand_and_under_the_after_draw_reading():
    game, s = _solo(["W", "P"] * 4)
    assert s.hand == ("W",)
    assert _refusal(game, s, "draw") == ("TAN-8.8: seat 0 already holds a drawn card:"
                                         " keep it or place it")
    late, s = _solo(["W", "P"] * 4, **{"solo-stop": "after-draw"})
    assert _refusal(late, s, "draw") == ("TAN-8.8: the next card is drawn by itself"
                                         " (solo-stop=after-draw)")
    base = load(2)
    s = base.apply(base.new(seed=0, setup={"leader": 0}), "taco 1")
    assert _refusal(base, s, "p1: draw") == ("TAN-8.8: only the solo player draws by"
                                             " choice; the leader draws by itself")
