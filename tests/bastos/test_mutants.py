"""Bastos!: the refusals of BAS-4.1 and BAS-5.1, branch by branch, with their exact
reasons, through the public API (written against the mutants of the play guards that
``make mutate`` found alive).

The trick: seats 0, 1 and 3 chose mango as their Bastos! colour, seat 2 durian; seat 0 leads
L2. Seat 1 holds two lanzones, seats 2 and 3 none.
"""
from __future__ import annotations

import pytest

import engine
from tests.refusals import refusal

HANDS = [["M1", "L2", "P3", "P5"], ["M3", "L4", "L5", "P4"], ["D5", "B6", "M6", "D6"],
         ["M7", "P8", "D8", "B8"]]
PICKS = ["p0: bastos M1", "p1: bastos M3", "p2: bastos D5", "p3: bastos M7"]


def _after(*actions: str, **options: str):
    game = engine.load("bastos", players=4, options=options)
    s = game.new(seed=1, setup={"short": True, "dealer": 3, "leftover": "B1", "hands": HANDS})
    for a in (*PICKS, *actions):
        s = game.apply(s, a)
    return game, s


@pytest.mark.parametrize("action", ["play P4", "play P4 trump"])
def test_a_seat_that_can_follow_must_and_hears_what_it_holds(action):
    game, s = _after("play L2")
    err = refusal(game, s, action)
    assert err.rule == "BAS-4.1"
    assert str(err) == "BAS-4.1: seat 1 must follow Lanzones (holds L4, L5)"
    assert [str(a) for a in game.legal_actions(s)] == ["p1: play L4", "p1: play L5"]


def test_the_leader_may_not_declare_trump():
    game, s = _after()
    err = refusal(game, s, "play L2 trump")
    assert str(err) == ("BAS-5.1: seat 0 leads: only a seat that cannot follow may declare"
                        " trump")


def test_a_follower_may_not_declare_trump():
    game, s = _after("play L2")
    assert str(refusal(game, s, "play L4 trump")) == (
        "BAS-5.1: L4 follows Lanzones: only a seat that cannot follow may declare trump")


def test_a_bastos_colour_is_never_trump_and_the_owners_are_named():
    game, s = _after("play L2", "play L4")
    assert str(refusal(game, s, "play M6 trump")) == (
        "BAS-5.1: Mango is the Bastos! colour of seat 0, 1, 3 and can never be trump")
    assert str(refusal(game, s, "play D6 trump")) == (
        "BAS-5.1: Durian is the Bastos! colour of seat 2 and can never be trump")
    assert [str(a) for a in game.legal_actions(s)] == [
        "p2: play B6", "p2: play M6", "p2: play D6", "p2: play B6 trump"]


def test_banana_declared_is_trump_and_no_second_fruit_may_follow_it():
    # banana is fruit 0: "already trump" must hold for it as for any other fruit
    game, s = _after("play L2", "play L4", "play B6 trump")
    assert game.view(s, None)["trump"] == "B"
    assert str(refusal(game, s, "play P8 trump")) == (
        "BAS-5.1: Banana is already trump this round")
    assert "p3: play P8 trump" not in map(str, game.legal_actions(s))


def test_first_only_a_seat_after_one_that_declined_may_not_declare():
    game, s = _after("play L2", "play L4", "play B6", **{"declare-trump": "first-only"})
    assert str(refusal(game, s, "play P8 trump")) == (
        "BAS-5.1: an earlier seat of this trick could not follow and did not declare trump;"
        " under the reading declare-trump=first-only nobody else may")
    default, s = _after("play L2", "play L4", "play B6")
    assert "p3: play P8 trump" in map(str, default.legal_actions(s))
