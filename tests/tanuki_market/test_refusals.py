"""Every refusal names the clause that forbids the action and says why (TAN-9.1): the
moves offer every seat and let the guards decide, so no refusal is a bare "may not now".
Fruit Salad refusals list the cards the seat may choose; salad S takes a fruit letter."""
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
             "salad": [("S",), ("F/five",)], "skip": [()], "draw": [()]}
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
        ("p0: skip", "TAN-3.5", "nothing it may decline"),
        ("p1: skip", "TAN-3.5", "table 1 is mandatory: move right")])
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


# --- the Fruit Salad card -----------------------------------------------------------------
def _salad_table(tables_s, variant_options=None):
    """Seat 1 took the Fruit Salad cart (strawberries) with one F and lays it; its
    strawberry table holds ``tables_s``."""
    game = load(2, "special-carts", **(variant_options or {}))
    tables = [[[], [], [], [], []], [list(tables_s), [], [], [], []]]
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["F", "GRANNY", "W"], "tables": tables})
    for a in ("taco 2", "place 1", "place 1", "p1: take 1", "keep 2", "p1: lay F"):
        s = game.apply(s, a)
    return game, s


def test_salad_takes_the_card_named_and_says_which():
    game, s = _salad_table(["S/bitten", "S", "S/five"])
    assert {str(a) for a in game.legal_actions(s) if a.name == "salad"} == {
        "p1: salad S", "p1: salad S/bitten", "p1: salad S/five"}
    s2, evs = game.step(s, "p1: salad S/five")
    assert s2.salad[1] == ("S/five",) and s2.tables[1][0] == ("S/bitten", "S")
    assert any(e.rule == "TAN-7.5" and "puts S/five on its fruit salad" in e.text
               for e in evs)


def test_salad_refusal_lists_what_may_be_chosen():
    game, s = _salad_table(["S/bitten", "S/five"])
    rule, msg = _refusal(game, s, "p1: salad S/move")
    assert rule == "TAN-7.5" and "seat 1 has no S/move on its tables" in msg
    assert "it may choose S (= S/bitten), S/bitten, S/five (or skip)" in msg


def test_salad_fruit_letter_with_only_effect_cards_takes_the_first_in_table_order():
    game, s = _salad_table(["S/bitten", "S/five"])
    legal = {str(a) for a in game.legal_actions(s) if a.name == "salad"}
    assert legal == {"p1: salad S", "p1: salad S/bitten", "p1: salad S/five"}
    s2, evs = game.step(s, "p1: salad S")
    assert s2.salad[1] == ("S/bitten",) and s2.tables[1][0] == ("S/five",)
    assert any(e.rule == "TAN-7.5" and "S/bitten" in e.text for e in evs)


def test_salad_fruit_letter_prefers_the_plain_card():
    game, s = _salad_table(["S/bitten", "S", "S/five"])
    assert game.apply(s, "p1: salad S").salad[1] == ("S",)


def test_salad_full_notation_still_works_with_only_effect_cards():
    game, s = _salad_table(["S/bitten"])
    assert game.apply(s, "p1: salad S/bitten").salad[1] == ("S/bitten",)
    assert game.apply(s, "p1: salad S") == game.apply(s, "p1: salad S/bitten")


def test_salad_fruit_letter_from_the_haul():
    game = load(2, "special-carts", **{"salad-move": "haul"})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["S/bitten", "GRANNY", "W"]})
    for a in ("taco 2", "place 1", "place 1", "p1: take 1", "keep 2"):
        s = game.apply(s, a)
    s2 = game.apply(s, "p1: salad S")
    assert s2.salad[1] == ("S/bitten",) and not s2.haul[1]


def test_salad_refusal_from_the_haul_names_no_face_down_card():
    """salad-move=haul: the leader kept S/bitten unseen; a refusal does not show it."""
    game = load(2, "special-carts", **{"salad-move": "haul"})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["S/bitten", "W", "GRANNY"]})
    for a in ("taco 2", "p1: take 2", "keep 1"):
        s = game.apply(s, a)
    assert s.haul_hidden[0] == ("S/bitten",) and s.special[0] == "salad-S"
    rule, msg = _refusal(game, s, "p0: salad S/five")
    assert rule == "TAN-7.5" and "S/bitten" not in msg
    assert "a strawberry among its face-down cards, if it has one (or skip)" in msg
    s2, evs = game.step(s, "p0: salad S/bitten")
    assert s2.salad[0] == ("S/bitten",)
    assert all("S/bitten" not in e.text for e in evs if e.rule == "TAN-7.5")
