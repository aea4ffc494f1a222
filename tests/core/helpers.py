"""Shared helpers for the generic tests: configurations and random walks."""
from __future__ import annotations

import random
from typing import Any, Iterator

import engine
import spec

MAX_STEPS = 20_000


def configurations() -> list[tuple[str, int, str | None]]:
    """Every (game, players, variant) of every registered game."""
    out = []
    for name in engine.games():
        for v in spec.get(name).variants:
            for n in v.players:
                out.append((name, n, v.name))
    return out


def option_configurations() -> list[tuple[str, str | None, str, str]]:
    """Every (game, variant, option, non-default value)."""
    out = []
    for name in engine.games():
        sp = spec.get(name)
        for v in sp.variants:
            for o in sp.options_for(v.name):
                for value in o.values:
                    if value != o.default:
                        out.append((name, v.name, o.name, value))
    return out


def walk(game: engine.Game, seed: int, steps: int | None = None,
         state: Any = None) -> Iterator[tuple[Any, Any, Any]]:
    """Random play: yields (state, action, next state) until the end or ``steps``."""
    rng = random.Random(seed)
    s = game.new(seed=seed) if state is None else state
    n = 0
    while not game.is_over(s) and (steps is None or n < steps):
        legal = game.legal_actions(s)
        assert legal, f"no legal action in a live state after {n} steps"
        a = rng.choice(legal)
        s2 = game.apply(s, a)
        yield s, a, s2
        s = s2
        n += 1
        assert n < MAX_STEPS, "game did not end"


def play_out(game: engine.Game, seed: int) -> tuple[Any, int]:
    s, n = game.new(seed=seed), 0
    for _, _, s2 in walk(game, seed, state=s):
        s, n = s2, n + 1
    return s, n


def random_state(game: engine.Game, seed: int, steps: int) -> Any:
    """The state reached after ``steps`` random actions (or the end, if sooner)."""
    s = game.new(seed=seed)
    for _, _, s in walk(game, seed, steps):
        pass
    return s
