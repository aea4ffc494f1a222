"""The view's ``capacity`` is the limit the guards apply (TAN-2.7), under every reading of
TAN-A7 (Granny and full carts) and TAN-A21 (what a special cart's capacity counts): a card
may be placed on a cart on the table exactly while it holds fewer cards than that."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.core.scenario import load_scenario

WITNESSES = Path(__file__).resolve().parents[2] / "spec" / "tanuki_market" / "witnesses"
READINGS = [("TAN-A7", "granny-full", "like-card"), ("TAN-A7", "granny-full", "fourth"),
            ("TAN-A21", "special-capacity", "cards"), ("TAN-A21", "special-capacity", "fruit")]


def _placeable_matches_capacity(game: engine.Game, state) -> None:
    v = game.view(state, None)
    if v["phase"] != "deal" or not v["hand"]:
        return
    legal = {a.split(": ")[-1] for a in game.view(state, v["leader"])["legal"]}
    for i, (cart, who) in enumerate(zip(v["carts"], v["taken"])):
        if who == -1:  # on the table: only there may a card be placed
            assert (f"place {i + 1}" in legal) == (len(cart) < v["capacity"][i]), (i, v)


@pytest.mark.parametrize("ident,name,reading", READINGS, ids=[f"{r[1]}={r[2]}" for r in READINGS])
def test_the_witness_position_shows_the_capacity_the_guards_use(ident, name, reading):
    sc = load_scenario(WITNESSES / f"{ident}.json")
    game = engine.load(sc.game, players=sc.players, variant=sc.variant,
                       options={**sc.options, name: reading})
    s = game.new(sc.seed, sc.setup, generator=sc.generator)
    for action in sc.actions:
        _placeable_matches_capacity(game, s)
        s, _ = game.step(s, action)


def test_granny_held_over_a_full_cart_raises_its_capacity_under_fourth():
    """TAN-A7's witness: the leader holds Granny and only a full cart is left. Under fourth
    Granny may ride as a 4th card, so that cart shows room for 4; under like-card, 3."""
    sc = load_scenario(WITNESSES / "TAN-A7.json")
    shown = {}
    for reading in ("like-card", "fourth"):
        game = engine.load(sc.game, players=sc.players, options={"granny-full": reading})
        s = game.new(sc.seed, sc.setup)
        for action in sc.actions[:-1]:
            s, _ = game.step(s, action)
        v = game.view(s, game.view(s, None)["leader"])
        assert v["hand"] == ["GRANNY"]
        shown[reading] = v["capacity"][1], len(v["carts"][1])
    assert shown == {"like-card": (3, 3), "fourth": (4, 3)}


@pytest.mark.parametrize("variant,name,reading", [(None, "granny-full", "fourth"),
                                                  ("special-carts", "special-capacity", "fruit")])
def test_random_deals_agree_with_the_guards(variant, name, reading):
    game = engine.load("tanuki-market", players=3, variant=variant, options={name: reading})
    rng = random.Random(7)
    for seed in range(4):
        s = game.new(seed)
        for _ in range(90):
            if game.is_over(s):
                break
            _placeable_matches_capacity(game, s)
            s, _ = game.step(s, rng.choice(game.legal_actions(s)))
