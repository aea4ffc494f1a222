"""Every game declares its kind once (spec.common.core.GameKind); random play-outs of every
variant, player count and option reading keep to it: no game outlasts its declared
maximum, a configuration without one says why, and only a game declared simultaneous ever
has several seats that may act at once."""
from __future__ import annotations

import random

import pytest

import engine
import spec
from spec.common.core import SEQUENTIAL, SIMULTANEOUS, GameKind

GAMES = spec.available()
#: play-outs of each game's default configurations, and of each other option reading
DEFAULT_GAMES, READING_GAMES = 60, 6
#: where no maximum is declared, a play-out stops after this many actions
CAP = 3000


def _configs(name: str) -> list[tuple[int, str | None, dict[str, str], int]]:
    """(players, variant, options, play-outs): every player count of every variant under
    the default readings, then each non-default reading alone, at the variant's first
    player count."""
    sp = spec.get(name)
    out = []
    for v in sp.variants:
        for n in v.players:
            out.append((n, v.name, {}, DEFAULT_GAMES))
        for o in sp.options_for(v.name):
            for value in o.values:
                if value != o.default:
                    out.append((v.players[-1], v.name, {o.name: value}, READING_GAMES))
    return out


def _play(game, seed: int, limit: int | None) -> tuple[int, bool, bool]:
    """A random play-out: (actions, ended, several seats could act at some state)."""
    rng = random.Random(seed)
    s = game.new(seed=seed)
    several = False
    cap = CAP if limit is None else limit + 1
    for count in range(cap):
        if game.is_over(s):
            return count, True, several
        several = several or len(game.actors(s)) > 1
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    return cap, game.is_over(s), several


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_a_kind(name):
    kind = spec.get(name).kind
    assert isinstance(kind, GameKind)
    assert kind.dynamics in (SEQUENTIAL, SIMULTANEOUS)
    assert (kind.chance, kind.information) == ("sampled", "imperfect")


@pytest.mark.parametrize("name", GAMES)
def test_play_outs_keep_to_the_declared_kind(name):
    kind = spec.get(name).kind
    several_seen = False
    for n, variant, options, games in _configs(name):
        game = engine.load(name, players=n, options=options, variant=variant)
        limit, why = kind.limit(game.config), kind.endless(game.config)
        where = f"{name} {variant or 'base'} {n} players {options}"
        if limit is None:
            assert why and "\n" not in why, f"{where}: no maximum and no reason"
        else:
            assert why is None and limit > 0, where
        for seed in range(games):
            length, ended, several = _play(game, seed, limit)
            several_seen = several_seen or several
            if limit is not None:
                assert ended and length <= limit, (
                    f"{where}, seed {seed}: no end within the declared {limit} actions")
            if kind.dynamics == SEQUENTIAL:
                assert not several, f"{where}, seed {seed}: several seats act at once"
    assert several_seen == (kind.dynamics == SIMULTANEOUS), (
        f"{name} is declared {kind.dynamics}, but several seats could act at once:"
        f" {several_seen}")


def test_the_endless_readings_say_why():
    for name, options in (("fruit-passion", {"discard-take": "literal"}),
                          ("tanuki-market", {"swap": "yes"}),
                          ("tanuki-market", {"leader-take": "any"})):
        game = engine.load(name, players=2, options=options)
        kind = spec.get(name).kind
        assert kind.limit(game.config) is None
        assert next(iter(options)) in kind.endless(game.config)
