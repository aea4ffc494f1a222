"""Shared helpers for the Tanuki Market tests."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterator

import engine
from engine.core.scenario import replay

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios"
GAME = "tanuki-market"


def scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / name).read_text())


def run(data: dict[str, Any], **options: str):
    """Replay a scenario dict (options override its own)."""
    return replay(data, options=options or None)


def load(players: int = 2, variant: str | None = None, **options: str) -> engine.Game:
    return engine.load(GAME, players=players, variant=variant, options=options)


def random_game(game: engine.Game, seed: int, state: Any = None
                ) -> Iterator[tuple[Any, Any, Any]]:
    """Random play to the end: (state, action, next state)."""
    rng = random.Random(seed)
    s = game.new(seed=seed) if state is None else state
    n = 0
    while not game.is_over(s):
        legal = game.legal_actions(s)
        assert legal, "a live state without a legal action"
        a = rng.choice(legal)
        s2 = game.apply(s, a)
        yield s, a, s2
        s = s2
        n += 1
        assert n < 5000, "the game does not end"
