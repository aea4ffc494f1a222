"""Set-up validation (TAN-9.2), the card list (TAN-1.3, TAN-1.5), hidden information
(TAN-9.3) and the notation (TAN-9.1)."""
from __future__ import annotations

from collections import Counter

import pytest

import engine
from spec.tanuki_market.cards import COMPOSITION, check_composition, standard_cards

from .helpers import load, run, scenario


def test_card_list_matches_the_rulebook_counts():
    check_composition()
    full, two = standard_cards(False), standard_cards(True)
    assert len(full) == 72 and len(two) == 54
    assert Counter(c[0] for c in full) == {"S": 24, "F": 16, "B": 16, "P": 8, "W": 8}
    assert Counter(c[0] for c in two) == {"S": 18, "F": 12, "B": 12, "P": 6, "W": 6}
    assert {c for c, _, _ in COMPOSITION if "/" in c} <= set(two)


@pytest.mark.parametrize("players,deck", [(2, 55), (3, 73), (5, 73)])
def test_granny_lies_sixteenth_from_the_bottom(players, deck):
    s = load(players).new(seed=9)
    assert len(s.deck) == deck and s.deck[-16] == "GRANNY" and s.under == 15


@pytest.mark.parametrize("n", [1, 3, 15])
def test_with_fifteen_cards_or_fewer_all_lie_under_granny(n):
    """TAN-1.8: counting 15 cards off the top takes them all, Granny goes on them: Granny
    is the top card, and the first round is the last."""
    game = load(2)
    cards = (["S", "F", "B", "P", "W"] * 3)[:n]
    s = game.new(seed=1, setup={"cards": cards})
    assert s.deck[0] == "GRANNY" and s.under == n and sorted(s.deck[1:]) == sorted(cards)
    s, evs = game.step(s, "taco 1")
    assert s.last and any(e.rule == "TAN-5.1" for e in evs)


def test_with_more_than_fifteen_cards_fifteen_lie_under_granny():
    s = load(2).new(seed=1, setup={"cards": ["S", "F", "B", "P", "W"] * 4})
    assert s.deck.index("GRANNY") == 5 and s.under == 15


@pytest.mark.parametrize("setup,words", [
    ({"deck": ["X"]}, "not a card"),
    ({"deck": ["GRANNY", "GRANNY"]}, "one Granny"),
    ({"cards": ["S"], "deck": ["S", "S"]}, "too many"),
    ({"leader": 7}, "leader"),
    ({"carts": ["plain"]}, "must name 2"),
    ({"carts": ["plain", "large"]}, "special-carts variant"),
    ({"tables": [[["S", "F"], [], [], [], []], [[], [], [], [], []]]}, "more than one fruit"),
    ({"tables": [[["S"], ["S"], [], [], []], [[], [], [], [], []]]}, "two tables"),
    ({"tables": [[["S"]]]}, "tables"),
    ({"colour": "red"}, "unknown set-up key"),
    ({"deck": list(standard_cards(True)[:40])}, "Granny's place"),
])
def test_bad_setups_are_refused(setup, words):
    with pytest.raises(engine.SetupError) as info:
        load(2).new(seed=0, setup=setup)
    assert words in str(info.value)


def test_special_setup_checks():
    game = load(3, "special-carts")
    with pytest.raises(engine.SetupError):
        game.new(seed=0, setup={"carts": ["large", "large", "small"]})
    with pytest.raises(engine.SetupError):
        game.new(seed=0, setup={"carts": ["move-S", "move-F", "small"]})
    kinds = game.new(seed=3).kinds
    assert len(kinds) == 3 and len(set(kinds)) == 3 and "plain" not in kinds
    with pytest.raises(engine.SetupError):
        load(1, "solo").new(seed=0, setup={"leader": 1})


def test_partial_deck_fixes_the_top_and_the_seed_the_rest():
    game = load(3)
    a = game.new(seed=1, setup={"deck": ["W/five", "P"]})
    b = game.new(seed=1, setup={"deck": ["W/five", "P"]})
    assert a == b and a.deck[:2] == ("W/five", "P")
    assert game.new(seed=2, setup={"deck": ["W/five", "P"]}).deck != a.deck


def test_drawn_card_is_seen_by_the_leader_only_and_never_named_in_events():
    data = scenario("yaroslav-fig-goes-back.json")
    r = run(data)
    g = r.game
    holding = r.states[5]  # the leader holds the fig
    assert holding.hand == ("F",)
    assert g.view(holding, 0)["hand"] == ["F"]
    assert g.view(holding, 1)["hand"] == 1 and g.view(holding, None)["hand"] == 1
    assert "F" not in str(g.view(holding, 1)["deck"])
    for batch in r.events:
        for e in batch:
            if e.rule == "TAN-2.2":
                assert "card" not in e.data


def test_prefix_required_when_several_seats_could_take_the_same_cart():
    r = run(scenario("../../../spec/tanuki_market/witnesses/TAN-A8.json"))
    with pytest.raises(engine.IllegalAction) as info:
        r.game.step(r.state, "take 1")
    assert info.value.rule == "TAN-9.1" and "p0: take 1" in str(info.value)
    s = r.game.apply(r.state, "p1: take 1")
    assert s.taken[0] == 1


def test_real_time_every_seat_without_a_cart_may_act_while_the_leader_decides():
    game = load(4)
    s = game.apply(game.new(seed=0, setup={"leader": 2}), "taco 3")
    assert game.actors(s) == [0, 1, 2, 3]
    names = {(a.player, a.name) for a in game.legal_actions(s)}
    assert (2, "keep") in names and (2, "place") in names and (2, "take") not in names
    assert {(p, "take") for p in (0, 1, 3)} <= names


def test_illegal_actions_cite_their_clause():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0})
    for text, rule in (("taco 7", "TAN-1.6"), ("p1: take 1", "TAN-2.6"),
                       ("dance 1", "TAN-9.1")):
        with pytest.raises(engine.IllegalAction) as info:
            game.step(s, text)
        assert info.value.rule == rule, (text, info.value.rule)
