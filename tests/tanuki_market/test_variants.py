"""Special carts (TAN-7.*) and the solo game (TAN-8.*): one scenario per cart and per day."""
from __future__ import annotations

import pytest

from spec.tanuki_market.scoring import DAYS

from .helpers import load, run, scenario

DAYS_ORDER = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# the automaton's pile and score on each day, worked out by hand from the day table
# (TAN-8.12): Monday/Friday it takes at the 5th placement, Wednesday, Thursday and
# Saturday at the 4th, Tuesday and Sunday at the 3rd.
EXPECTED = {
    "monday": (5, ["S", "W/five", "P", "S/move", "F"], 5 * 3),
    "tuesday": (3, ["S", "F/bitten", "B", "P", "GRANNY"], 3 + 3 + 3 + 7 + 3),
    "wednesday": (4, ["S", "W/five", "P", "S/move", "GRANNY"], 4 * 4 + 3),
    "thursday": (4, ["S", "W/five", "P", "S/move", "GRANNY"], 2 * 10 + 3),
    "friday": (5, ["S", "W/five", "P", "S/move", "F"], 5 + 4 + 4 + 5 + 4),
    "saturday": (4, ["S", "W/five", "P", "S/move", "GRANNY"], 4 * 6 + 3),
    "sunday": (3, ["S", "F/bitten", "B", "P", "GRANNY"], 4 * 9 + 3),
}


@pytest.mark.parametrize("day", DAYS_ORDER)
def test_solo_day(day):
    r = run(scenario(f"solo-{day}.json"))
    assert r.ok, r.failures
    placements, pile, points = EXPECTED[day]
    # the automaton moved right after the placement that reached the threshold
    first = next(i for i, evs in enumerate(r.events) if any(e.rule == "TAN-8.6" for e in evs))
    assert first + 1 == placements
    dots = sum({"S": 3, "F": 2, "B": 2, "P": 1, "W": 1}[c[0]] for c in
               ["S", "S", "F", "W", "B"][:placements])
    assert dots >= DAYS[day][0] > dots - {"S": 3, "F": 2, "B": 2, "W": 1}[
        "SSFWB"[placements - 1]]
    view = r.game.view(r.state, 0)
    assert view["automaton"]["pile"] == pile
    assert view["automaton"]["score"] == points
    assert len(r.scores) == 1


def test_solo_give_is_the_players_choice_when_carts_are_alike():
    game = load(1, "solo")  # Monday: 10 dots
    s = game.new(seed=0, setup={"cards": ["S", "S", "F", "F", "B"],
                                "deck": ["S", "S", "F", "F", "GRANNY", "B"]})
    for a in ("place 1", "place 2", "place 1", "place 2"):
        s, events = game.step(s, a)
    assert s.phase == "give" and events[-1].rule == "TAN-8.7"  # S+F against S+F
    assert [str(a) for a in game.legal_actions(s)] == ["p0: give 1", "p0: give 2"]
    s, events = game.step(s, "give 2")
    assert s.taken == (-1, -2) and s.phase == "deal" and s.hand == ()
    # solo-stop=before-draw: the player stops or draws on, before seeing the next card
    assert sorted(str(a) for a in game.legal_actions(s)) == ["p0: draw", "p0: take 1"]
    assert game.apply(s, "draw").hand == ("GRANNY",)


def test_solo_alternation_is_enforced():
    game = load(1, "solo")
    s = game.apply(game.new(seed=4), "place 1")
    with pytest.raises(Exception) as info:
        game.apply(s, "place 1")
    assert info.value.rule == "TAN-8.4"


def test_solo_player_may_stop_after_the_automaton_took_its_cart():
    r = run(scenario("solo-tuesday.json"))
    # the 4th action is the player's take after the automaton took cart 1
    assert r.scenario.actions[3] == "take 2"
    # TAN-8.8 (the automaton took first); solo-stop=before-draw: no card was drawn
    assert any(e.rule == "TAN-8.8" for e in r.events[3])
    assert not any("back on top" in e.text for e in r.events[3])


def test_secret_cart_views():
    r = run(scenario("special-secret-cart.json"))
    g = r.game
    after_take = r.states[4]  # seat 1 took the secret cart
    assert g.view(after_take, 2)["carts"][1] == [None, "GRANNY"]
    assert g.view(after_take, None)["carts"][1] == [None, "GRANNY"]
    assert g.view(after_take, 1)["carts"][1] == ["F", "GRANNY"]
    assert g.view(after_take, 0)["carts"][1] == ["F", "GRANNY"]
    laying = r.states[6]  # laying out: the fig is in seat 1's face-down haul
    assert laying.phase == "lay"
    assert g.view(laying, 2)["haul_hidden"][1] == 1
    assert g.view(laying, 1)["haul_hidden"][1] == ["F"]
    assert g.view(laying, 0)["haul_hidden"][1] == ["F"]  # the leader placed it
    for seat in (1, 2, None):
        assert "F" not in str(g.view(laying, seat)["haul_hidden"][0])
    assert all(e.data.get("card") != "F" for evs in r.events[:7] for e in evs
               if e.rule == "TAN-7.3")


def test_salad_card_effect_no_longer_counts():
    r = run(scenario("special-fruit-salad.json"))
    assert r.state.salad[0] == ("F/bitten",)
    assert r.game.view(r.state, 1)["salad"][0] == 1  # face down for the others
