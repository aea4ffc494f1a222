"""Fruit Passion: what each seat and a spectator see of the piles, the drawn card and the
stacks, worked by hand through the public API (FRP-2.1, FRP-3.5, FRP-3.6, FRP-4.3);
written against the mutants of the view code that ``make mutate`` found alive."""
from __future__ import annotations

import engine

SEATS = (0, 1, None)


def _game(*actions: str):
    game = engine.load("fruit-passion", players=2)
    s = game.new(seed=0, setup={"start": 0, "deck": ["CO1", "PA1", "CO2"],
                                "discard": ["AV4", "PG2"]})
    for a in actions:
        s = game.apply(s, a)
    return game, s


def _seen(game, s, field: str) -> dict:
    return {seat: game.view(s, seat)[field] for seat in SEATS}


def test_piles_show_sizes_and_the_discard_pile_its_top_to_everyone():
    game, s = _game()
    assert _seen(game, s, "decks") == {p: [78] for p in SEATS}
    assert _seen(game, s, "box") == {p: 25 for p in SEATS}
    assert _seen(game, s, "discard") == {p: {"top": "AV4", "count": 2} for p in SEATS}
    assert _seen(game, s, "drawn") == {0: [], 1: 0, None: 0}


def test_a_card_drawn_from_the_deck_is_the_drawers_alone():
    game, s = _game("draw deck")
    assert _seen(game, s, "drawn") == {0: ["CO1"], 1: 1, None: 1}
    assert _seen(game, s, "decks") == {p: [77] for p in SEATS}


def test_a_card_taken_from_the_discard_pile_stays_public():
    game, s = _game("draw discard")
    assert _seen(game, s, "drawn") == {p: ["AV4"] for p in SEATS}
    assert _seen(game, s, "discard") == {p: {"top": "PG2", "count": 1} for p in SEATS}


def test_stacks_show_each_top_and_size_to_everyone_the_owner_too():
    game, s = _game("draw deck", "play", "draw deck", "play", "draw deck", "play")
    empty = {"top": None, "count": 0}
    mine = [{"top": "CO2", "count": 2}] + [empty] * 6  # a stack per fruit: coconut first
    theirs = [empty, {"top": "PA1", "count": 1}] + [empty] * 5
    assert _seen(game, s, "stacks") == {p: [mine, theirs] for p in SEATS}


def test_the_solo_pair_is_the_players_and_counted_for_a_spectator():
    game = engine.load("fruit-passion", players=1, variant="solo")
    s = game.new(seed=0)
    assert game.view(s, 0)["decks"] == [39, 39] and game.view(s, None)["decks"] == [39, 39]
    drawn = game.view(s, 0)["drawn"]
    assert len(drawn) == 2 and all(isinstance(c, str) for c in drawn)
    assert game.view(s, None)["drawn"] == 2


def test_at_the_end_every_stack_is_shown_whole_to_everyone():
    # FRP-4.3: the stacks are turned over for scoring once the game is over
    import random

    game = engine.load("fruit-passion", players=2)
    s, rng = game.new(seed=4), random.Random(4)
    while not game.is_over(s):
        before = s
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    live = game.view(before, None)["stacks"]
    shown = _seen(game, s, "stacks")
    assert shown[0] == shown[1] == shown[None]
    stacks = [stack for mine in shown[None] for stack in mine]
    assert all(isinstance(stack, list) and all(isinstance(c, str) for c in stack)
               for stack in stacks)
    # every card counted under a top before the last action is now in plain sight
    assert sum(map(len, stacks)) >= sum(t["count"] for mine in live for t in mine)
    assert any(len(stack) > 1 for stack in stacks)


# --- FRP-4.2, FRP-4.4: a full stack and a repeated number refuse the card drawn ------------
FULL = {"deck": ["PG1", "PG2", "FI3*"], "discard": ["PG3", "PG4"],
        "stacks": [["PG1", "PG2", "PG3", "PG4", "PG5"], [], ["FI1"]], "rest": "box"}


def _refused(game, s, action: str) -> str:
    try:
        game.apply(s, action)
    except engine.IllegalAction as err:
        return str(err)
    raise AssertionError(f"{action} was accepted")


def test_a_full_stack_refuses_the_drawn_card():
    game = engine.load("fruit-passion", players=3)
    s = game.apply(game.new(seed=0, setup=dict(FULL, start=0)), "draw deck")
    assert [str(a) for a in game.legal_actions(s)] == ["p0: discard"]
    assert _refused(game, s, "play") == (
        "FRP-4.2: seat 0's pomegranate stack already holds 5 cards, the most it may hold;"
        " PG1 cannot be played")


def test_a_repeated_number_is_refused_under_max_and_duplicates():
    """Refused beforehand when the owner may look (FRP-A10 owner-looks); blind, the play is
    offered and the card leaves the game when the repeat shows (set-aside)."""
    options = {"play-limits": "max-and-duplicates", "hidden-repeats": "owner-looks"}
    setup = dict(FULL, start=2, deck=["FI1", "PG2", "FI3*"])
    game = engine.load("fruit-passion", players=3, options=options)
    s = game.apply(game.new(seed=0, setup=setup), "draw deck")
    assert [str(a) for a in game.legal_actions(s)] == ["p2: discard"]
    assert _refused(game, s, "play") == (
        "FRP-4.4: seat 2's fig stack already holds a 1, and no number may be played twice")
    blind = engine.load("fruit-passion", players=3, options={"play-limits": "max-and-duplicates"})
    s = blind.apply(blind.new(seed=0, setup=setup), "draw deck")
    assert [str(a) for a in blind.legal_actions(s)] == ["p2: play", "p2: discard"]
    s, events = blind.step(s, "play")
    assert [e.rule for e in events][:1] == ["FRP-4.4"] and "FI1" in s.box
    default = engine.load("fruit-passion", players=3)
    s = default.apply(default.new(seed=0, setup=setup), "draw deck")
    assert "p2: play" in [str(a) for a in default.legal_actions(s)]
