"""Fruit Passion: the events of the moves' effects that the rest of the suite reaches only
in part (written against the mutants of ``spec/fruit_passion/game.py`` that ``make mutate``
found alive): the one-player action index (no draw, FRP-8.2); taking the only discard
when the deck holds one card, under the readings of option last-turnover (FRP-A2) that act
on that turnover (FRP-3.4, FRP-5.1), each event pinned by its rule ID and full text."""
from __future__ import annotations

import pytest

import engine

# seat 0 to move; the discard pile holds one card and the deck one card (FRP-3.4)
ONE_EACH = {"start": 0, "deck": ["PA1"], "discard": "CO2", "rest": "box"}


@pytest.mark.parametrize("reading,turned", [
    ("keep-last", ["FRP-3.4: the deck's last card stays face down (last-turnover=keep-last)"]),
    ("finish-turn", ["FRP-3.4: PA1 is turned face up from the deck as a new discard pile",
                     "FRP-5.1: the deck is exhausted: the game ends after this turn"]),
])
def test_taking_the_only_discard_over_a_one_card_deck(reading, turned):
    game = engine.load("fruit-passion", players=2, options={"last-turnover": reading})
    s = game.new(seed=0, setup=ONE_EACH)
    s, events = game.step(s, "draw discard")
    assert [str(e) for e in events] == ["FRP-3.2: seat 0 takes CO2 from the discard pile",
                                        *turned]
    assert [(e.rule, e.text) for e in events[1:]] == [tuple(t.split(": ", 1)) for t in turned]


def test_the_one_player_action_index_has_no_draw():
    """FRP-8.2: one player never draws (the pair is drawn for it), so the adapters' action
    index of the solo game lists only its plays and its discard."""
    from engine.adapters.encoding import build

    game = engine.load("fruit-passion", players=1, variant="solo")
    assert [b for b in build(game).bodies if b[0] == "draw"] == []


def test_a_dump_that_loses_or_adds_cards_names_the_first_five_of_each():
    """FRP-I1 (every card in one place): the refusal lists at most five cards of each kind
    of difference, in card order, so that a long list stays readable."""
    import json

    from spec.common.errors import StateError

    game = engine.load("fruit-passion", 2)
    doc = json.loads(game.dumps(game.new(seed=0)))
    deck = doc["state"]["decks"][0]
    assert sorted(deck[:7]) == ["AV5", "FI2", "PF3", "PG5", "PI3", "PI3", "PI5*"]
    lost = json.loads(json.dumps(doc))
    lost["state"]["decks"][0] = deck[7:]
    with pytest.raises(StateError) as err:
        game.loads(json.dumps(lost))
    assert str(err.value) == ("FRP-I1: cards not conserved: extra [],"
                              " missing ['AV5', 'FI2', 'PF3', 'PG5', 'PI3']")
    extra = json.loads(json.dumps(doc))
    extra["state"]["decks"][0] = deck + deck[:7]
    with pytest.raises(StateError) as err:
        game.loads(json.dumps(extra))
    assert str(err.value) == ("FRP-I1: cards not conserved:"
                              " extra ['AV5', 'FI2', 'PF3', 'PG5', 'PI3'], missing []")
