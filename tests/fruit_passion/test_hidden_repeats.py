"""FRP-A10: what a seat is offered may not depend on cards it cannot see (and FRP-A11:
who sees a card drawn from the deck). Under every
reading of play-limits (FRP-A3) and hidden-repeats (FRP-A10), dealing a seat's secret cards
again over their places leaves its ``legal`` list unchanged; with repeats refused and the
stacks blind, a repeat is found only when played, and the card leaves the game.

Only ``legal`` is compared: a reshuffle can make a state no game reaches (under owner-looks
and discard-take=must-play, another seat holding a taken card it may not play), whose
``actors`` then differ; the whole view is compared under the defaults in tests/core."""
from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core.scenario import replay
from spec.common.secrets import card_at, secret_slots, with_cards

READINGS = list(itertools.product(("max-only", "max-and-duplicates", "unchecked"),
                                  ("set-aside", "owner-looks")))
WITNESS = Path(__file__).resolve().parents[2] / "spec" / "fruit_passion" / "witnesses" / "FRP-A10.json"


def reshuffled_secrets(game: engine.Game, s, seat: int | None, rng: random.Random):
    """``s`` with the cards ``seat`` may not see dealt again over their places."""
    slots = secret_slots(game.spec, game.config, s, seat)
    moved: dict[Any, str] = {}
    for name in {slot.field for slot in slots}:
        places = [slot for slot in slots if slot.field == name]
        cards = [card_at(s, slot) for slot in places]
        rng.shuffle(cards)
        moved.update(zip(places, cards))
    return with_cards(s, moved)


def sampled_states(game: engine.Game, games: int, every: int = 3):
    """States along random games, one in ``every``."""
    for seed in range(games):
        rng, s = random.Random(seed), game.new(seed)
        for step in itertools.count():
            if game.is_over(s):
                break
            if step % every == 0:
                yield s
            s, _ = game.step(s, rng.choice(game.legal_actions(s)))


@pytest.mark.parametrize("limits,hidden", READINGS, ids=[f"{a}+{b}" for a, b in READINGS])
@pytest.mark.parametrize("players,variant", [(2, None), (1, "solo")], ids=["base", "solo"])
def test_legal_moves_tell_nothing_a_seat_cannot_see(limits, hidden, players, variant):
    game = engine.load("fruit-passion", players=players, variant=variant,
                       options={"play-limits": limits, "hidden-repeats": hidden})
    rng = random.Random(0)
    checked = 0
    for s in sampled_states(game, games=2):
        for seat in range(players):
            legal = game.view(s, seat)["legal"]
            for _ in range(2):
                assert game.view(reshuffled_secrets(game, s, seat, rng), seat)["legal"] == legal
            checked += bool(legal)
    assert checked > 20


def test_with_blind_stacks_a_repeat_is_offered_then_set_aside():
    """The witness: seat 0 holds a buried fig 1 and draws FI1."""
    blind = replay(WITNESS)
    assert blind.ok, blind.failures
    told = [e for e in blind.events[1]]
    assert [e.rule for e in told] == ["FRP-4.4"] and "leaves the game" in told[0].text
    assert "FI1" in blind.states[2].box and blind.states[2].stacks[0][2] == ("FI1", "FI2")
    looks = replay(WITNESS, {"hidden-repeats": "owner-looks"})
    assert looks.illegal_at == 1 and looks.error is not None and looks.error.rule == "FRP-4.4"


def test_an_owner_who_may_look_sees_its_own_stacks_and_nobody_elses():
    game = engine.load("fruit-passion", players=2, options={
        "play-limits": "max-and-duplicates", "hidden-repeats": "owner-looks"})
    s = game.new(0, {"start": 0, "deck": ["FI1", "PA3"], "discard": "CO4",
                     "stacks": [["FI1", "FI2"], ["PA1", "PA2"]], "rest": "box"})
    mine, theirs = game.view(s, 0)["stacks"]
    assert mine[2]["cards"] == ["FI1", "FI2"] and "cards" not in theirs[1]
    assert "cards" not in game.view(s, None)["stacks"][0][2]
    drawn = game.apply(s, "draw deck")  # FI1 on a fig stack the owner sees holds a 1
    assert [str(a) for a in game.legal_actions(drawn)] == ["p0: discard"]


@pytest.mark.parametrize("reading", ["drawer-only", "shown"])
def test_a_drawn_card_is_shown_only_under_drawn_card_shown(reading):
    """FRP-A11: the other seat's view and its event text show the drawn card only when
    the reading shows it; the drawer always sees it."""
    game = engine.load("fruit-passion", players=2, options={"drawn-card": reading})
    s = game.new(0, {"start": 0, "deck": ["PA3", "CO2"], "discard": "FI1", "rest": "box"})
    s, events = game.step(s, "draw deck")
    assert game.view(s, 0)["drawn"] == ["PA3"]
    shown = reading == "shown"
    assert game.view(s, 1)["drawn"] == (["PA3"] if shown else 1)
    assert ("PA3" in game.events_for(events, 1)[0].text) == shown
    assert ("PA3" in game.events_for(events, None)[0].text) == shown
