"""The compiled build and the pure-Python engine play the same games.

The same random play-outs run twice: here, on the compiled modules, and in a subprocess
started with ``FRUITSPEC_PURE=1``, which imports every module from its ``.py`` file. Each
side hashes everything the public surface shows along the way -- the legal actions, the
chosen action, the events as every seat and a spectator get them, the state's dump, every
seat's view, the scores, the winners, and the refusal (clause and message) of an action
that is no longer legal -- and the digests must be equal, configuration by configuration.

Skipped only where there is nothing to compare: an installation without a compiled module,
or a run that asked for the pure engine. CI sets ``FRUITSPEC_REQUIRE_COMPILED=1``, which
turns the first into a failure and checks that every module the build compiles is the one
running.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import engine
from spec._native import SourceFirst, pure_requested

from tests.core.helpers import configurations, option_configurations

ROOT = Path(__file__).resolve().parents[2]
#: play-outs per (game, players, variant), and per non-default option reading
GAMES_PER_CONFIG = 50
GAMES_PER_READING = 10
THOROUGH_FACTOR = 10
#: every how many steps the derived surface (dumps, views, refusals) is compared too
LOOK = 8

Config = tuple[str, int, "str | None", dict[str, str]]


def all_configs() -> list[Config]:
    """Every player count of every variant, then every non-default reading once."""
    out: list[Config] = [(g, n, v, {}) for g, n, v in configurations()]
    for g, v, option, value in option_configurations():
        players = min(n for name, n, var in configurations() if name == g and var == v)
        out.append((g, players, v, {option: value}))
    return out


def _key(config: Config) -> str:
    return json.dumps(config)


def _hash(h: Any, value: Any) -> None:
    h.update(json.dumps(value, sort_keys=True, default=str).encode())
    h.update(b"\n")


def play(game: engine.Game, seed: int, h: Any) -> int:
    """One seeded random play-out, everything visible hashed into ``h``; returns its length.

    Every step: the legal actions, the action, its events, the whole state (its repr, which
    holds every field, the generator's too) and the scores. Every ``LOOK``-th step and at
    the end, also what the public surface derives from them: the dump, each seat's and a
    spectator's view and events, and the refusal of an action that was legal a step ago."""
    rng = random.Random(seed)
    seats: list[int | None] = [*range(game.players), None]
    state = game.new(seed=seed)
    previous: list[engine.Action] = []
    steps = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        look = steps % LOOK == 0
        _hash(h, [str(a) for a in legal])
        stale = [a for a in previous if a not in legal] if look else []
        if stale:
            try:
                game.step(state, rng.choice(stale))
                _hash(h, "accepted")
            except engine.IllegalAction as exc:
                _hash(h, [exc.rule, str(exc)])
        action = legal[rng.randrange(len(legal))]
        state, events = game.step(state, action)
        _hash(h, [str(action), [e.to_json() for e in events], repr(state), game.scores(state)])
        if look or game.is_over(state):
            _hash(h, [game.dumps(state), game.actors(state)])
            for seat in seats:
                _hash(h, [e.to_json() for e in game.events_for(events, seat)])
                _hash(h, game.view(state, seat))
        previous = legal
        steps += 1
    _hash(h, [game.scores(state), game.winners(state)])
    return steps


def digests(configs: list[Config], per_config: int, per_reading: int) -> dict[str, Any]:
    """Per configuration: the digest of its play-outs, their total length, and which engine
    ran them."""
    out: dict[str, Any] = {"compiled": engine.compiled(), "configs": {}}
    for config in configs:
        name, players, variant, options = config
        game = engine.load(name, players=players, variant=variant, options=options)
        h = hashlib.sha256()
        games = per_reading if options else per_config
        length = sum(play(game, seed, h) for seed in range(games))
        out["configs"][_key(config)] = [h.hexdigest(), games, length]
    return out


def _pure_digests(configs: list[Config], per_config: int, per_reading: int) -> subprocess.Popen:
    code = ("import json, sys; from tests.core.test_compiled import digests;"
            "args = json.loads(sys.argv[1]);"
            "print(json.dumps(digests([tuple(c) for c in args[0]], args[1], args[2])))")
    return subprocess.Popen(
        [sys.executable, "-c", code, json.dumps([configs, per_config, per_reading])],
        cwd=ROOT, env={**os.environ, "FRUITSPEC_PURE": "1"}, text=True,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _build_script() -> Any:
    spec = importlib.util.spec_from_file_location("fruitspec_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines the module list; builds nothing
    return module


def _require_compiled() -> None:
    if pure_requested():
        pytest.skip("FRUITSPEC_PURE is set: this run is the pure-Python engine")
    if not engine.compiled():
        if os.environ.get("FRUITSPEC_REQUIRE_COMPILED"):
            pytest.fail("FRUITSPEC_REQUIRE_COMPILED is set but no module runs compiled:"
                        " the build did not compile (is Cython installed, is there a"
                        " C compiler?)")
        pytest.skip("no compiled module in this installation (a pure-Python build):"
                    " there is nothing to compare")


def test_every_module_the_build_compiles_runs_compiled():
    _require_compiled()
    expected = _build_script().compiled_modules()
    for name in expected:
        importlib.import_module(name)
    assert set(expected) <= set(engine.compiled_modules()), (
        "modules that the build lists but that run as Python (a compile failure, or a"
        " source edited since the build; rebuild, or keep the module pure in setup.py):"
        f" {sorted(set(expected) - set(engine.compiled_modules()))}")


def test_a_pure_process_runs_no_compiled_module():
    _require_compiled()
    code = ("import engine, json, spec.common.moves, engine.analysis.explore;"
            "print(json.dumps(engine.compiled_modules()))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, text=True,
                         capture_output=True, env={**os.environ, "FRUITSPEC_PURE": "1"})
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize("pure, age, runs", [
    (False, -3600, "source"),  # built an hour before the source was edited: stale
    (False, +3600, "extension"),  # built after the source was written
    (False, -1, "extension"),  # written in the same moment (a wheel's install)
    (True, +3600, "source"),  # FRUITSPEC_PURE
])
def test_the_finder_picks_source_or_extension(tmp_path, pure, age, runs):
    """A module edited since the build runs from its source, never from a stale build."""
    source = tmp_path / "rules.py"
    source.write_text("WHERE = 'source'\n")
    built = tmp_path / ("rules" + EXTENSION_SUFFIXES[0])
    built.write_bytes(b"")  # never opened: the choice is made on the file times
    written = source.stat().st_mtime
    os.utime(built, (written + age, written + age))
    found = SourceFirst(pure).find_spec("spec.fresh.rules", [str(tmp_path)])
    assert (found.origin if found else "extension") == (
        str(source) if runs == "source" else "extension")


def test_the_finder_leaves_other_packages_alone(tmp_path):
    (tmp_path / "rules.py").write_text("")
    assert SourceFirst(True).find_spec("other.rules", [str(tmp_path)]) is None
    assert SourceFirst(True).find_spec("spec", None) is None


def test_compiled_and_pure_engines_play_the_same_games(thorough):
    _require_compiled()
    configs = all_configs()
    factor = THOROUGH_FACTOR if thorough else 1
    per_config, per_reading = GAMES_PER_CONFIG * factor, GAMES_PER_READING * factor
    proc = _pure_digests(configs, per_config, per_reading)  # runs beside this process
    try:
        mine = digests(configs, per_config, per_reading)
    finally:
        out, err = proc.communicate()
    assert proc.returncode == 0, err
    theirs = json.loads(out)
    assert mine["compiled"] and not theirs["compiled"]
    games = sum(n for _, n, _ in mine["configs"].values())
    assert games >= 2000, "thousands of games"
    differ = [k for k in mine["configs"] if mine["configs"][k] != theirs["configs"][k]]
    assert not differ, f"the compiled and pure engines part ways in {differ}"
