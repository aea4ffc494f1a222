"""Every option's witness parts its readings; what each reading does, on small cases."""
from __future__ import annotations

import pytest

import engine

import spec
from engine.analysis.ambiguities import outcome, witness_path
from engine.core.scenario import replay

from .helpers import load, scenario

SPEC = spec.get("tanuki-market")
OPTIONS = list(SPEC.options)


@pytest.mark.parametrize("opt", OPTIONS, ids=[o.id for o in OPTIONS])
def test_witness_exists_and_readings_part_ways(opt):
    path = witness_path("tanuki-market", opt)
    assert path.exists(), f"no witness for {opt.id}"
    import json
    data = json.loads(path.read_text())
    assert opt.name not in (data.get("options") or {})
    outs = {}
    for r in opt.readings:
        rep = replay(path, options={opt.name: r.value})
        assert rep.error is None, f"{opt.id}={r.value}: {rep.error}"
        outs[r.value] = outcome(rep)
    values = list(outs.values())
    assert any(v != values[0] for v in values[1:]), f"{opt.id}: readings agree"


def _witness(opt_id: str, value: str):
    opt = SPEC.catalogue.option(opt_id)
    return replay(witness_path("tanuki-market", opt), options={opt.name: value})


def test_a1_example_returns_the_fig_keep_full_gives_four_cards():
    assert _witness("TAN-A1", "example").state.deck[0] == "F"
    r = _witness("TAN-A1", "keep-full")
    s = r.game.apply(r.state, "keep 2")
    assert s.phase == "lay" and sorted(s.haul[0]) == ["B", "F", "S", "W"]


def test_a4_favorite_per_card_or_per_table():
    assert _witness("TAN-A4", "card").scores[0] == 6 + 2 * 2 * 3 + 3
    assert _witness("TAN-A4", "table").scores[0] == 6 + 2 * 3 + 3


def test_a6_edge_move_readings():
    assert [str(a) for a in _witness("TAN-A6", "inward").game.legal_actions(
        _witness("TAN-A6", "inward").state)] == ["p0: move right"]
    r = _witness("TAN-A6", "optional")
    after = r.game.apply(r.state, "skip")
    assert after.tables[0][0] == ("F/move",)
    assert _witness("TAN-A6", "void").game.is_over(_witness("TAN-A6", "void").state)


def test_a7_granny_back_on_the_deck_or_a_fourth_card():
    r = _witness("TAN-A7", "like-card")
    assert r.state.deck[0] == "GRANNY" and r.state.last
    r = _witness("TAN-A7", "fourth")
    s = r.game.apply(r.state, "place 2")
    assert len(s.carts[1]) == 4 and "GRANNY" in s.carts[1]


def test_a8_deck_out_readings_end_the_game():
    r = _witness("TAN-A8", "last-round")
    s = r.state
    assert s.dry and s.last
    for a in ("p0: take 1", "p1: take 2"):
        s = r.game.apply(s, a)
    while not r.game.is_over(s):
        s = r.game.apply(s, r.game.legal_actions(s)[0])
    assert r.game.scores(s)[0] == 3  # Taco
    lay = _witness("TAN-A8", "lay-out")
    assert lay.game.is_over(lay.state) and sorted(lay.state.out) == ["F", "GRANNY", "S", "TACO"]


def test_a8_lay_out_keeps_taco_and_granny_of_carts_nobody_took():
    """deck-out=lay-out: a cart left on the table goes out of play whole, Taco and Granny
    included (TAN-I1 conserves them); nobody scores their bonus."""
    game = load(3, **{"deck-out": "lay-out"})
    s = game.new(seed=0, setup={"leader": 0, "cards": ["S"], "deck": ["GRANNY", "S"]})
    for a in ("taco 1", "place 2", "place 3"):
        s = game.apply(s, a)
    assert game.is_over(s) and s.taco == -1 and s.granny == -1
    assert sorted(s.out) == ["GRANNY", "S", "TACO"]
    for inv in SPEC.invariants:
        assert inv.check(game.config, s) is None, inv.id


def test_a18_empty_cart_right_after_taco():
    """The witness under each reading: seat 1 may take the empty cart 2 at once
    (allowed), or only once a card lies on it (needs-card)."""
    r = _witness("TAN-A18", "allowed")
    s2 = r.game.apply(r.state, "p1: take 2")
    assert s2.taken[1] == 1 and s2.carts[1] == ()
    r = _witness("TAN-A18", "needs-card")
    assert "p1: take 2" not in {str(a) for a in r.game.legal_actions(r.state)}
    with pytest.raises(engine.IllegalAction) as info:
        r.game.step(r.state, "p1: take 2")
    assert info.value.rule == "TAN-2.16" and "cart 2 has no card on it" in str(info.value)
    s = r.game.apply(r.state, "place 2")
    assert s.carts[1] and r.game.apply(s, "p1: take 2").taken[1] == 1


def test_a18_needs_card_lets_empty_carts_go_once_the_deal_has_stopped():
    game = load(3, **{"empty-cart": "needs-card", "leader-after-cart": "stop"})
    s = game.new(seed=0, setup={"leader": 0})
    s = game.apply(game.apply(s, "taco 1"), "keep 2")
    assert not s.hand and s.carts[2] == ()
    assert game.apply(s, "p1: take 3").taken[2] == 1


def test_a9_beginners_score_tables_only():
    assert _witness("TAN-A9", "on").scores == [64, 3]  # seat 1 holds Taco
    assert _witness("TAN-A9", "off").scores == [48, 3]


def test_a12_days_score_the_automatons_pile():
    """The witness ends the game with S, F, B in the automaton's pile (TAN-8.12)."""
    expected = {"monday": 9, "tuesday": 9, "wednesday": 12, "thursday": 0, "friday": 13,
                "saturday": 18, "sunday": 27}
    for day, points in expected.items():
        r = _witness("TAN-A12", day)
        assert r.game.is_over(r.state)
        assert r.game.view(r.state, 0)["automaton"]["score"] == points
        assert any(e.text == f"the automaton scores {points} on {day}" for e in r.events[-1])


def test_a13_each_reading_hands_the_choice_to_the_player():
    r = _witness("TAN-A13", "each")
    assert r.state.phase == "give"
    s = r.game.apply(r.state, "give 2")
    assert s.taken[1] == -2
    assert _witness("TAN-A13", "sum").state.taken[0] == -2


def test_a16_deck_sizes():
    game = load(1, "solo")
    assert len(game.new(seed=0).deck) + 1 == 55
    assert len(load(1, "solo", **{"solo-deck": "full"}).new(seed=0).deck) + 1 == 73


def test_setting_options_are_documented_as_such():
    kinds = {o.name: o.kind for o in OPTIONS}
    assert kinds["effects"] == "setting" and kinds["day"] == "setting"
    assert SPEC.catalogue.option("full-cart-keep").settled_by


def test_scoring_scenario_is_a_witness_for_effects_too():
    data = scenario("scoring-67.json")
    assert replay(data).scores != replay(data, options={"effects": "off"}).scores
