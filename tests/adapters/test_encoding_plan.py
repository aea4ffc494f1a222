"""The observation encoder: a plan made once per configuration that gives exactly the
vector the feature definition gives, and tells different views apart."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import engine
from engine.adapters.encoding import SKIPPED_KEYS, interface
from engine.core.schema import view_schema
from tests.core.helpers import configurations

CONFIGS = configurations()  # every game, player count and variant (solo, special carts...)
IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in CONFIGS]


def _views(game: engine.Game, seeds: range) -> list[dict[str, Any]]:
    """Every seat's view of every state of random play-outs (seeds not used to build)."""
    out = []
    for seed in seeds:
        rng, s = random.Random(seed), game.new(seed=seed)
        while True:
            out.extend(game.view(s, seat) for seat in range(game.players))
            if game.is_over(s):
                break
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    return out


def _read(value: Any) -> Any:
    """A view as the observation reads it: a list of strings is a multiset (its order is
    deliberately not encoded: one count per token), other values as they are."""
    if isinstance(value, dict):
        return {k: _read(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(type(v) is str for v in value):
            return ("tokens", tuple(sorted(value)))
        return [_read(v) for v in value]
    return value


def _encoded(view: dict[str, Any]) -> dict[str, Any]:
    return {k: _read(v) for k, v in view.items() if k not in SKIPPED_KEYS}


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_plan_gives_the_defined_vector_and_tells_views_apart(cfg):
    name, players, variant = cfg
    game = engine.load(name, players=players, variant=variant)
    iface = interface(game)
    seen: dict[bytes, dict[str, Any]] = {}
    for view in _views(game, range(300, 302)):
        obs = iface.encode(view)
        assert np.array_equal(obs, iface.reference_encode(view)), view
        key = obs.tobytes()
        # equal observations only for views equal in every encoded field
        assert seen.setdefault(key, _encoded(view)) == _encoded(view), (
            f"two views differing in an encoded field give one observation: {view}")


@pytest.mark.parametrize("name", engine.games())
def test_fields_left_out_are_the_declared_ones(name):
    game = engine.load(name)
    iface = interface(game)
    view = _views(game, range(1))[5]
    obs = iface.encode(view)
    # the bookkeeping keys are not observations (legal is the action mask)
    changed = {**view, "game": "x", "players": 99, "variant": "x", "legal": []}
    assert np.array_equal(iface.encode(changed), obs)
    # every other field the view's schema names is encoded
    encoded = set(iface._plan.children)  # noqa: SLF001
    missing = set(view_schema(name)["properties"]) - encoded - SKIPPED_KEYS
    assert not missing, f"view fields the observation never encodes: {sorted(missing)}"


def test_mask_from_the_view_is_the_mask_from_the_legal_actions():
    game = engine.load("bastos", players=3)
    iface = interface(game)
    rng, s = random.Random(4), game.new(seed=4)
    while not game.is_over(s):
        legal = game.legal_actions(s)
        for seat in range(3):
            view = game.view(s, seat)
            assert np.array_equal(iface.mask_of(view),
                                  iface.mask(legal, seat, seat in view["actors"]))
        s = game.apply(s, rng.choice(legal))
