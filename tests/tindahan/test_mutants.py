"""Tindahan: the refusals of the play and cart guards with their exact reasons, through the
public API (written against the mutants of the guards that ``make mutate`` found alive).

The deal is the rulebook's cart-move example (five seats, every fruit in play): seat 0
starts; seat 1 holds six lanzones and no banana; seat 2 holds no lanzones.
"""
from __future__ import annotations

import json
from pathlib import Path

import engine
from tests.refusals import refusal

EXAMPLE = Path(__file__).parent / "scenarios" / "cart-move-example.json"


def _after(*actions: str, players: int = 5):
    game = engine.load("tindahan", players=players)
    setup = json.loads(EXAMPLE.read_text(encoding="utf-8"))["setup"] if players == 5 else None
    s = game.new(seed=0, setup=setup)
    for a in actions:
        s = game.apply(s, a)
    return game, s


def test_a_seat_holding_the_led_fruit_must_follow_and_hears_what_it_holds():
    game, s = _after("play L1")
    err = refusal(game, s, "play M1")
    assert err.rule == "TIN-4.1"
    assert str(err) == "TIN-4.1: seat 1 must follow lanzones (holds L5, L6, L7, L8, L9, L10)"
    assert {str(a) for a in game.legal_actions(s) if a.name == "play"} == {
        f"p1: play L{v}" for v in range(5, 11)}


def test_a_seat_without_the_led_fruit_plays_any_card():
    game, s = _after("play L1", "play L5")
    plays = {str(a) for a in game.legal_actions(s) if a.name == "play"}
    assert plays == {f"p2: play {c}" for c in
                     ("B1", "B2", "M5", "M6", "M7", "M8", "M9", "M10", "P1", "P2")}
    s2 = game.apply(s, "play P1")
    assert "P1" not in game.view(s2, 2)["hands"][2]
    assert game.view(s2, None)["trick"] == ["L1", "L5", "P1"]


def test_a_card_held_by_another_seat_is_refused_by_name():
    game, s = _after("play L1")
    assert str(refusal(game, s, "play B4")) == "TIN-4.7: seat 1 does not hold B4"


def test_a_card_of_a_fruit_out_of_play_is_refused_with_the_fruits_in_play():
    game, s = _after(players=3)
    fruits = game.view(s, None)["fruits"]
    missing = next(f for f in "BLMPD" if f not in fruits)
    err = refusal(game, s, f"play {missing}1")
    assert err.rule == "TIN-4.7"
    assert str(err) == (f"TIN-4.7: {missing}1 is not in play in this game (fruits in play:"
                        f" {', '.join(fruits)})")
