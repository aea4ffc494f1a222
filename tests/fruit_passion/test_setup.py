"""Set-up: the deal by the rules, set-ups that fix parts of it, and refused set-ups."""
from __future__ import annotations

import re
from collections import Counter

import pytest

import engine
from engine.analysis.explore import explore
from spec.fruit_passion import cards
from spec.fruit_passion.game import SPEC


def _load(players=2, variant=None, **options):
    return engine.load("fruit-passion", players=players, variant=variant, options=options)


@pytest.mark.parametrize("players,box,deck", [(2, 25, 79), (3, 0, 104), (4, 0, 104)])
def test_the_deal_follows_the_rules(players, box, deck):
    g = _load(players)
    s = g.new(seed=7)
    assert len(s.box) == box and len(s.decks[0]) == deck and len(s.discard) == 1
    assert s.phase == "draw" and 0 <= s.turn < players
    assert Counter(s.box + s.decks[0] + s.discard) == cards.counts()
    assert g.view(s, 0)["box"] == box and g.view(s, 0)["decks"] == [deck]


def test_the_solo_deal():
    g = _load(1, "solo")
    s = g.new(seed=3)
    assert len(s.box) == 25 and [len(d) for d in s.decks] == [39, 39] and len(s.drawn) == 2
    assert [str(a) for a in g.legal_actions(s)] == ["p0: play left", "p0: play right",
                                                    "p0: discard both"]


def test_a_partial_deck_fixes_its_top_and_the_seed_shuffles_the_rest():
    g = _load(3)
    a = g.new(seed=1, setup={"start": 2, "deck": ["PF7", "PI5*"], "discard": "CO1"})
    b = g.new(seed=2, setup={"start": 2, "deck": ["PF7", "PI5*"], "discard": "CO1"})
    assert a.decks[0][:2] == ("PF7", "PI5*") == b.decks[0][:2]
    assert a.decks[0] != b.decks[0] and a.discard == ("CO1",) and a.turn == 2
    assert a == g.new(seed=1, setup={"start": 2, "deck": ["PF7", "PI5*"], "discard": "CO1"})


def test_the_discard_pile_may_be_given_top_first():
    g = _load(2)
    s = g.new(setup={"discard": ["CO2", "PA3"], "deck": ["FI1"], "rest": "box"})
    assert s.discard == ("PA3", "CO2")
    assert g.view(s, None)["discard"] == {"top": "CO2", "count": 2}


@pytest.mark.parametrize("setup,message", [
    ({"deck": ["CO9"]}, "'CO9' is not a card"),
    ({"deck": ["XX1"]}, "'XX1' is not a card"),
    ({"deck": ["CO2*"]}, "the hybrids are CO1* PA2* FI3* AV4* PI5*"),
    ({"deck": ["PF7", "PF7", "PF7"]}, "PF7 is named more often than the game has it (2)"),
    ({"deck": ["CO1*"], "discard": "CO1*"}, "CO1* is named more often"),
    ({"start": 5}, "no seat 5"),
    ({"start": True}, "no seat True"),
    ({"hands": []}, "unknown keys ['hands']"),
    ({"rest": "table"}, "rest must be"),
    ({"box": ["CO2"] * 3 + ["CO3"] * 3 + ["CO4"] * 3 + ["CO5"] * 3 + ["PF1"] * 3 + ["PF2"] * 3
      + ["PF3"] * 3 + ["PF4"] * 3 + ["PF5"] * 2}, "26 cards, but 25 go back"),
    ({"stacks": [["CO1", "CO2", "CO3", "CO4", "CO5", "CO2"], []]}, "more than a stack may"),
    ({"stacks": [["CO1"]]}, "a list of 2 seats"),
    ({"deck": [], "rest": "box"}, "may not start empty"),
    ({"deck": "CO1 CO2"}, "'CO1 CO2' is not a card"),
])
def test_broken_setups_are_refused(setup, message):
    with pytest.raises(engine.SetupError, match=re.escape(message)):
        _load(2).new(setup=setup)


def _all_cards():
    return list(Counter(cards.counts()).elements())


@pytest.mark.parametrize("players,deck,message", [
    (2, 81, "24 cards are left for the box, but 25 go back"),
    (2, 104, "1 card is left for the box"),
    (2, 105, "0 cards are left for the box"),
])
def test_a_deck_may_not_eat_the_box(players, deck, message):
    with pytest.raises(engine.SetupError, match=re.escape(message)):
        _load(players).new(setup={"deck": _all_cards()[:deck]})


def test_the_largest_decks_still_leave_box_and_pile():
    s = _load(2).new(setup={"deck": _all_cards()[:79]})
    assert len(s.box) == 25 and len(s.discard) == 1 and len(s.decks[0]) == 79
    for players, cards in ((2, 80), (3, 105), (4, 105)):  # every card in play: the top one
        s = _load(players).new(setup={"deck": _all_cards()[:cards]})  # starts the pile
        assert s.discard == (_all_cards()[0],) and len(s.decks[0]) == cards - 1
    s = _load(3).new(setup={"deck": _all_cards()[:104]})
    assert len(s.discard) == 1 and len(s.decks[0]) == 104


@pytest.mark.parametrize("setup", [{"discard": []}, {"discard": [], "rest": "box",
                                                     "deck": ["CO1"]}])
def test_the_discard_pile_may_not_start_empty(setup):
    with pytest.raises(engine.SetupError, match=re.escape("discard pile may not start empty")):
        _load(3).new(setup=setup)


@pytest.mark.parametrize("rest", ["deck", "box"])
def test_without_a_discard_pile_the_decks_top_card_starts_it(rest):
    """FRP-2.2: the deck is made, then its top card is turned face up; a set-up naming the
    deck's top cards and no pile gets the first of them on the pile."""
    s = _load(3).new(seed=4, setup={"deck": ["PG3", "CO1", "PA2"], "rest": rest})
    assert s.discard == ("PG3",) and s.decks[0][:2] == ("CO1", "PA2")
    with pytest.raises(engine.SetupError, match="draw deck may not start empty"):
        _load(3).new(setup={"deck": ["CO1"], "rest": "box"})  # the one card went to the pile


def test_broken_solo_setups_are_refused():
    g = _load(1, "solo")
    with pytest.raises(engine.SetupError, match="equal"):
        g.new(setup={"left": ["CO1"], "right": [], "rest": "box"})
    with pytest.raises(engine.SetupError, match="unknown keys"):
        g.new(setup={"deck": ["CO1"]})
    with pytest.raises(engine.SetupError, match="two equal decks"):
        g.new(setup={"left": ["CO1"] + ["PF1"] * 3 + ["PF2"] * 3 + ["PF3"] * 3 + ["PF4"] * 3
                     + ["PA1"] * 3 + ["PA2"] * 2 + ["FI1"] * 3 + ["FI2"] * 3 + ["FI3"] * 2
                     + ["AV1"] * 3 + ["AV2"] * 3 + ["AV3"] * 3 + ["PG1"] * 3 + ["PG2"] * 3})


def test_the_distribution_option_changes_what_exists():
    _load(2, distribution="high-heavy").new(setup={"deck": ["PG5", "PG5", "PG5"]})
    with pytest.raises(engine.SetupError):
        _load(2).new(setup={"deck": ["PG5", "PG5", "PG5"]})


def test_the_hybrids_option_renames_the_hybrids():
    g = _load(2, hybrids="CO4-PA2-FI3-AV1-PI5")
    s = g.new(setup={"deck": ["CO4*", "AV1*"]})  # the top card starts the pile (FRP-2.2)
    assert s.discard == ("CO4*",) and s.decks[0][0] == "AV1*"
    assert g.view(s, 0)["hybrid_cards"] == ["CO4*", "PA2*", "FI3*", "AV1*", "PI5*"]


def test_messages_name_the_rule():
    g = _load(2)
    s = g.new(setup={"start": 0, "deck": ["CO1", "CO2"], "discard": "CO3",
                     "stacks": [["CO1", "CO2", "CO3", "CO4", "CO5"], []], "rest": "box"})
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "draw discard")
    assert info.value.rule == "FRP-3.3" and "coconut stack cannot take it" in info.value.message
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "play")
    assert info.value.rule == "FRP-3.2"  # a turn begins with a draw
    with pytest.raises(engine.IllegalAction) as info:
        g.step(g.apply(s, "draw deck"), "play left")
    assert info.value.rule == "FRP-3.7"
    solo = _load(1, "solo")
    with pytest.raises(engine.IllegalAction) as info:
        solo.step(solo.new(seed=0), "draw deck")
    assert info.value.rule == "FRP-8.2"  # both decks are drawn together, by themselves


def test_explorations_are_complete_and_clean():
    for name, c in SPEC.explore_configs().items():
        if c.get("large"):  # a configuration worth proving: tests/analysis/test_explore.py
            continue
        r = explore("fruit-passion", config=name)
        assert r["complete"] and not r["violations"], (name, r["violations"][:1])


def test_exploration_finds_the_literal_cycle():
    r = explore("fruit-passion", config="two-seats-short-deck",
                options={"discard-take": "literal"})
    assert any(v["invariant"] == "termination" for v in r["violations"])
