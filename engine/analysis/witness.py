"""Automatic witness search: random play under the readings until they part ways.

The same seed and the same choices are played under the default reading and under each
other one; once every other reading has parted from the default (the legal actions, the
events or the scores differ) the search ends. Hypothesis then shrinks the (seed, choices)
pair, so the stored witness is short.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import spec as _specs
from spec.common.errors import ConfigError

from engine.core.game import Game, load


@dataclass(frozen=True)
class Divergence:
    step: int
    actions: tuple[str, ...]
    what: str  # "legal actions", "events", "scores", "refused"


def first_divergence(games: list[Game], seed: int, choices: list[int],
                     max_steps: int = 400) -> Divergence | None:
    """Play ``choices`` (indices into the first game's legal list) under every game."""
    states = [g.new(seed=seed) for g in games]
    taken: list[str] = []
    for step in range(max_steps):
        over = [g.is_over(s) for g, s in zip(games, states)]
        if any(over):
            scores = [g.scores(s) for g, s in zip(games, states)]
            if not all(over) or any(sc != scores[0] for sc in scores[1:]):
                return Divergence(step, tuple(taken), "scores")
            return None
        legal = [sorted(str(a) for a in g.legal_actions(s)) for g, s in zip(games, states)]
        if any(lg != legal[0] for lg in legal[1:]):
            return Divergence(step, tuple(taken), "legal actions")
        pick = choices[step] if step < len(choices) else 0
        text = legal[0][pick % len(legal[0])]
        results = [g.step(s, text) for g, s in zip(games, states)]
        texts = [[(e.rule, e.text) for e in evs] for _, evs in results]
        taken.append(text)
        if any(t != texts[0] for t in texts[1:]):
            return Divergence(step, tuple(taken), "events")
        states = [s for s, _ in results]
    return None


def search(game: str, option: str, value: str | None = None, *, players: int | None = None,
           variant: str | None = None, tries: int = 300,
           options: dict[str, str] | None = None) -> dict[str, Any]:
    """A short scenario on which ``option`` = default parts ways from ``option`` = ``value``,
    or, without ``value``, from every other reading (what the register requires of a
    witness). ``options`` hold other options fixed (e.g. a setting a reading needs)."""
    sp = _specs.get(game)
    opt = sp.catalogue.option(option)
    others = [value] if value else [v for v in opt.values if v != opt.default]
    if variant is None and opt.variants:
        variant = opt.variants[0]
    fixed = {k: v for k, v in (options or {}).items() if k != opt.name}

    def loaded(v: str) -> Game:
        return load(game, players=players, variant=variant, options={**fixed, opt.name: v})

    default = loaded(opt.default)
    pairs = [[default, loaded(v)] for v in others]

    def diverges(example: tuple[int, list[int]]) -> bool:
        return all(first_divergence(pair, example[0], example[1]) is not None
                   for pair in pairs)

    strategy = st.tuples(st.integers(0, 10_000), st.lists(st.integers(0, 40), max_size=400))
    try:
        seed, choices = find(strategy, diverges,
                             settings=settings(max_examples=tries, database=None,
                                               suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        raise ConfigError(f"no witness found for {opt.id} in {tries} random games") from None
    maybe = [first_divergence(pair, seed, choices) for pair in pairs]
    found = [f for f in maybe if f is not None]
    assert len(found) == len(maybe)
    last = max(found, key=lambda f: f.step)
    apart = "; ".join(f"{v} at step {f.step} ({f.what})"
                      for v, f in zip(others, found))
    out: dict[str, Any] = {"game": game, "players": default.players, "variant": variant,
                           "seed": seed}
    if fixed:
        out["options"] = fixed
    out["actions"] = list(last.actions)
    out["description"] = (f"{opt.id}: {opt.name}={opt.default} parts ways from {apart};"
                          " found by random play and shrinking")
    return out
