"""Spectators (``seat=None``) in every game and variant: they see only what is public.

The generic non-interference test resamples what a seat may not see with the game's own
``resample``, so a game that wrongly treats something as public for spectators passes it.
These checks do not rely on the game's own account: what an event tells one seat alone
(``seen_by``) must not show up in a spectator's view or events, and a spectator must
never see more than some seat (a spectator is nobody in particular).
"""
from __future__ import annotations

import random
import re

import pytest

import engine

from tests.core.helpers import configurations

CONFIGS = configurations()
IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in CONFIGS]
CARDISH = re.compile(r"\d|/")  # card notation: a number, or a Tanuki card with an effect

pytestmark = pytest.mark.skipif(not CONFIGS, reason="no game registered yet")


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value} if CARDISH.search(value) else set()
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(_strings, value)) if value else set()
    return set()


def _cards_in(value) -> set[str]:
    """Card strings of an event's data (lists of cards included)."""
    return {s for s in _strings(value) if " " not in s}


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_spectator_never_sees_what_one_seat_was_told_alone(cfg, seed):
    name, n, variant = cfg
    game = engine.load(name, players=n, variant=variant)
    rng = random.Random(seed)
    s = game.new(seed=seed)
    private_seen = 0
    for _ in range(150):
        if game.is_over(s):
            break
        before = _strings(game.view(s, None))
        s, events = game.step(s, rng.choice(game.legal_actions(s)))
        told = [e.for_seat(None).text for e in events]
        public = " ".join(e.text for e in events if e.seen_by is None)
        secret = set()
        for e in events:
            if e.seen_by is not None:
                private_seen += 1
                secret |= {c for c in _cards_in(dict(e.data)) if c not in public}
        shown = _strings(game.view(s, None)) - before
        assert not (shown & secret), f"the spectator's view shows {sorted(shown & secret)}"
        for text in told:
            assert not any(re.search(rf"(?<![\w/]){re.escape(c)}(?![\w*/])", text)
                           for c in secret), f"a spectator reads {text!r}"
    if (name, variant) == ("fruit-passion", "solo"):
        assert private_seen, "the one-player draw must be told to seat 0 alone (FRP-3.6)"


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", [0])
def test_a_spectator_sees_no_more_than_every_seat(cfg, seed):
    """Every card a spectator's view shows, each seat's view shows too."""
    name, n, variant = cfg
    game = engine.load(name, players=n, variant=variant)
    rng = random.Random(seed)
    s = game.new(seed=seed)
    for step in range(200):
        if game.is_over(s):
            break
        if step % 7 == 0:
            spectator = _strings(game.view(s, None))
            for seat in range(n):
                assert spectator <= _strings(game.view(s, seat)), (seat, step)
        s = game.apply(s, rng.choice(game.legal_actions(s)))


def test_the_one_player_pair_is_hidden_from_spectators():
    """FRP-3.6: the pair drawn in the one-player variant is its drawer's alone."""
    game = engine.load("fruit-passion", players=1, variant="solo")
    s = game.new(seed=3)
    assert game.view(s, None)["drawn"] == 2
    assert game.view(s, 0)["drawn"] == list(s.drawn)
    s, events = game.step(s, "discard both")
    draw = next(e for e in events if e.rule == "FRP-8.2")
    assert draw.seen_by == 0 and not set(s.drawn) & set(draw.for_seat(None).text.split())
