"""Hand-written random play-outs: what plain Python allows, without the engine.

One module per game, each with ``playout(rng, players) -> (actions, final scores)`` and
its ``PLAYERS``: the whole game, every decision a uniformly random choice among the legal
actions under the default readings, so that a game takes as many actions as the engine's
random play-out (``tests/bench/test_bench_hand.py`` checks it). They are the lower
bound ``bench/run.py`` prints beside the engine's figures.
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Callable

from . import bastos, fruit_passion, tanuki_market, tindahan

Playout = Callable[[random.Random, int], tuple[int, list[int]]]

MODULES: dict[str, ModuleType] = {
    "tindahan": tindahan,
    "bastos": bastos,
    "fruit-passion": fruit_passion,
    "tanuki-market": tanuki_market,
}


def playout_of(game: str) -> tuple[Playout, int]:
    """The hand-written play-out of ``game`` and the player count it plays by default."""
    module = MODULES[game]
    return module.playout, module.PLAYERS
