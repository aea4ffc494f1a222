"""Declared symmetries, read from a game's ``spec/<game>/symmetry.py`` and checked.

A declaration is a claim (:class:`spec.renaming.FruitSymmetry`): the readings of one
option give the same game up to renaming fruits. :func:`check` tests the claim on played
games: it plays the default from a deal, maps that deal onto the reading (the renaming
that sends the default's fruits onto the reading's), and steps the reading's game with
the renamed actions, requiring at every action that the renamed position equals the
reading's position, that the legal actions correspond one to one and that the scores
agree. A single mismatch refutes the declaration for that reading, and the report then
samples the reading like any other.
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Sequence

import spec as _specs
from spec.renaming import FruitSymmetry, Renaming

from engine.analysis.agents import Agent

CHECK_GAMES = 12


def declared(game: str) -> list[FruitSymmetry]:
    """The symmetries a game declares: its package's ``symmetry`` module, or, for a game
    named ``module:attribute`` (a test's toy), that module's ``SYMMETRIES``."""
    if ":" in game:
        where = game.partition(":")[0]
    else:
        where = _specs.REGISTRY[game].rpartition(".")[0] + ".symmetry"
    try:
        module = importlib.import_module(where)
    except ModuleNotFoundError:
        return []
    return list(getattr(module, "SYMMETRIES", ()))


def for_option(game: str, option: str) -> FruitSymmetry | None:
    return next((s for s in declared(game) if s.option == option), None)


@dataclass(frozen=True)
class Checked:
    """What checking one reading against the default under a symmetry found."""

    holds: bool
    games: int
    positions: int
    failure: str | None = None


def matched_start(sym: FruitSymmetry, default: Any, reading: Any, seed: int
                  ) -> tuple[Any, Renaming] | None:
    """The reading's deal matched to the default's deal of ``seed``, and the renaming."""
    s_def, s_rd = default.new(seed=seed), reading.new(seed=seed)
    r = sym.match(default.config, s_def, reading.config, s_rd)
    return None if r is None else (sym.state(r, s_def), r)


def _legal_match(r: Renaming, default: Any, reading: Any, s_def: Any, s_rd: Any) -> bool:
    mapped = sorted(str(r.action(a)) for a in default.legal_actions(s_def))
    return mapped == sorted(str(a) for a in reading.legal_actions(s_rd))


def check(sym: FruitSymmetry, default: Any, reading: Any, agents: Sequence[Agent],
          seeds: Sequence[int]) -> Checked:
    """Map the default's games of ``seeds`` onto the reading, position by position."""
    positions = 0
    for seed in seeds:
        start = matched_start(sym, default, reading, seed)
        if start is None:
            return Checked(False, 0, 0, f"no renaming matches the deals of seed {seed}")
        s_rd, r = start
        s_def = default.new(seed=seed)
        rng = random.Random(seed)
        while not default.is_over(s_def):
            if not _legal_match(r, default, reading, s_def, s_rd):
                return Checked(False, len(seeds), positions,
                               f"the legal actions part ways after {positions} positions")
            legal = default.legal_actions(s_def)
            seat = legal[rng.randrange(len(legal))].player
            mine = [a for a in legal if a.player == seat]
            action = agents[seat].choose(default, s_def, mine, rng)
            s_def, _ = default.step(s_def, action)
            s_rd, _ = reading.step(s_rd, r.action(action))
            positions += 1
            if sym.state(r, s_def) != s_rd or default.scores(s_def) != reading.scores(s_rd):
                return Checked(False, len(seeds), positions,
                               f"the positions part ways after {positions} actions")
        if not reading.is_over(s_rd):
            return Checked(False, len(seeds), positions, "the default ended, the reading not")
    return Checked(True, len(seeds), positions)
