"""Fruit Passion: refusals and events of the moves that the rest of the suite reaches only
in part (written against the mutants of the moves' guards and effects that
``make mutate`` found alive): the one-player game's pair refused by its exact reason
(FRP-4.2, FRP-4.4), and the seats passed over under ``last-turnover=play-on-skip``."""
from __future__ import annotations

import pytest

import engine
from tests.refusals import refusal

PAIR = {"left": ["FI1", "FI2"], "right": ["PG1", "PG2"], "rest": "box"}


@pytest.mark.parametrize("options,stack,reason", [
    ({}, ["PG1", "PG2", "PG3", "PG4", "PG5"],
     "FRP-4.2: seat 0's pomegranate stack already holds 5 cards, the most it may hold;"
     " PG1 cannot be played"),
    ({"play-limits": "max-and-duplicates", "hidden-repeats": "owner-looks"}, ["PG1"],
     "FRP-4.4: seat 0's pomegranate stack already holds a 1, and no number may be played"
     " twice"),
])
def test_the_solo_pair_card_that_cannot_go_on_its_stack_is_named(options, stack, reason):
    game = engine.load("fruit-passion", players=1, variant="solo", options=options)
    s = game.new(seed=0, setup=dict(PAIR, stacks=[stack]))
    assert game.view(s, 0)["drawn"] == ["FI1", "PG1"]
    assert [str(a) for a in game.legal_actions(s)] == ["p0: play left", "p0: discard both"]
    assert str(refusal(game, s, "play right")) == reason
    game.apply(s, "play left")  # the other card of the pair fits


def test_play_on_skip_passes_over_a_seat_that_cannot_draw_and_ends_when_none_can():
    # seat 1's papaya stack is full, so it cannot take PA1, the last card turned over
    game = engine.load("fruit-passion", players=3, options={"last-turnover": "play-on-skip"})
    s = game.new(seed=0, setup={"start": 0, "deck": ["PA1"], "discard": "CO2", "rest": "box",
                                "stacks": [[], ["PA1", "PA2", "PA3", "PA4", "PA5"], []]})
    s = game.apply(s, "draw discard")
    s, events = game.step(s, "play")
    assert [str(e) for e in events] == [
        "FRP-4.1: seat 0 plays CO2 onto its coconut stack, which now holds 1",
        "FRP-5.1: seat 1 cannot draw and is passed over (last-turnover=play-on-skip)"]
    assert game.actors(s) == [2]
    s, events = game.step(game.apply(s, "p2: draw discard"), "play")
    assert game.is_over(s)
    assert [str(e) for e in events[:2]] == [
        "FRP-4.1: seat 2 plays PA1 onto its papaya stack, which now holds 1",
        "FRP-5.1: game over: no seat can draw (last-turnover=play-on-skip)"]


@pytest.mark.parametrize("variant,players,action,reason", [
    ("solo", 1, "play up", "FRP-3.3: 'play up': play takes no argument (one player: left or"
     " right)"),
    ("solo", 1, "play left right", "FRP-3.3: 'play left right': play takes no argument (one"
     " player: left or right)"),
    ("solo", 1, "discard left", "FRP-3.3: 'discard left': discard takes no argument (one"
     " player: both)"),
    ("solo", 1, "discard both both", "FRP-3.3: 'discard both both': discard takes no argument"
     " (one player: both)"),
    ("solo", 1, "play", "FRP-3.7: in the one-player variant say play left, play right or"
     " discard both"),
    ("solo", 1, "discard", "FRP-3.7: in the one-player variant say play left, play right or"
     " discard both"),
    (None, 2, "play right", "FRP-3.7: 'play right' belongs to the one-player variant; say"
     " 'play'"),
    (None, 2, "discard both", "FRP-3.7: 'discard both' belongs to the one-player variant; say"
     " 'discard'"),
    (None, 2, "discard up", "FRP-3.3: 'discard up': discard takes no argument (one player:"
     " both)"),
    (None, 2, "draw pile", "FRP-3.2: 'draw pile': draw expects 'deck' or 'discard'"),
])
def test_each_form_of_play_and_discard_belongs_to_its_variant(variant, players, action,
                                                              reason):
    """FRP-3.7: the one-player game names a side (or both), the base game names none."""
    game = engine.load("fruit-passion", players=players, variant=variant)
    s = game.new(seed=0)
    if players > 1 and not action.startswith("draw"):
        s = game.apply(s, "draw deck")
    assert str(refusal(game, s, action)) == reason


def test_a_move_of_the_wrong_half_of_a_turn_cites_that_halfs_rule():
    """Draw first (FRP-3.2), then play or discard (FRP-3.3)."""
    game = engine.load("fruit-passion", players=2)
    s = game.new(seed=0)
    assert str(refusal(game, s, "play")) == "FRP-3.2: 'play' is not possible now (phase: draw)"
    assert str(refusal(game, game.apply(s, "draw deck"), "draw deck")) == (
        "FRP-3.3: 'draw' is not possible now (phase: place)")
