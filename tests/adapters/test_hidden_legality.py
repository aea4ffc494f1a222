"""The adapters' action masks tell a seat nothing it cannot see, under every reading of
Fruit Passion's play-limits (FRP-A3) and hidden-repeats (FRP-A10): dealing the seat's
secret cards again over their places leaves its mask unchanged."""
from __future__ import annotations

import random

import numpy as np
import pytest

import engine
from engine.adapters.encoding import build
from tests.fruit_passion.test_hidden_repeats import READINGS, reshuffled_secrets, sampled_states


@pytest.mark.parametrize("limits,hidden", READINGS, ids=[f"{a}+{b}" for a, b in READINGS])
def test_masks_do_not_depend_on_hidden_cards(limits, hidden):
    game = engine.load("fruit-passion", players=2,
                       options={"play-limits": limits, "hidden-repeats": hidden})
    plan = build(game, games=2)
    rng = random.Random(1)
    offered = 0
    for s in sampled_states(game, games=1):
        for seat in range(game.players):
            mask = plan.mask_of(game.view(s, seat))
            other = plan.mask_of(game.view(reshuffled_secrets(game, s, seat, rng), seat))
            assert np.array_equal(mask, other), (seat, game.view(s, seat)["legal"])
            offered += int(mask.sum())
    assert offered > 20
