"""The compiled twin and the reference engine play the same games.

The same random play-outs run twice: here, on the compiled twin (:mod:`fast`), and in a
subprocess started with ``FRUITSPEC_ENGINE=reference``, which runs the ``.py`` files. Each
side hashes everything the public surface shows along the way -- the legal actions, the
chosen action, the events as every seat and a spectator get them, the state's dump, every
seat's view, the scores, the winners, and the refusal (clause and message) of an action
that is no longer legal -- and the digests must be equal, configuration by configuration.

Skipped only where there is nothing to compare: a run of the reference engine. CI sets
``FRUITSPEC_ENGINE=compiled``, under which a missing or stale twin stops the engine from
loading at all, and checks that every module the build compiles is the one running.
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
from pathlib import Path
from typing import Any

import pytest

import engine
import fast
from fast import build

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


def _reference_digests(configs: list[Config], per_config: int, per_reading: int) -> subprocess.Popen:
    code = ("import json, sys; from tests.core.test_compiled import digests;"
            "args = json.loads(sys.argv[1]);"
            "print(json.dumps(digests([tuple(c) for c in args[0]], args[1], args[2])))")
    return subprocess.Popen(
        [sys.executable, "-c", code, json.dumps([configs, per_config, per_reading])],
        cwd=ROOT, env={**os.environ, fast.SETTING: "reference"}, text=True,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _require_compiled() -> None:
    if not engine.compiled():
        pytest.skip("this run is the reference engine: there is nothing to compare")


def test_every_module_the_build_compiles_runs_compiled():
    _require_compiled()
    expected = build.hot_modules()
    for name in expected:
        importlib.import_module(name)
    assert set(expected) <= set(engine.compiled_modules()), (
        "modules that the twin lists but that run as Python (a compile failure; keep the"
        " module pure in fast/build.py with the reason):"
        f" {sorted(set(expected) - set(engine.compiled_modules()))}")


def test_a_reference_process_runs_no_compiled_module():
    code = ("import engine, json, spec.common.moves, engine.analysis.explore;"
            "print(json.dumps(engine.compiled_modules()))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, text=True,
                         capture_output=True, env={**os.environ, fast.SETTING: "reference"})
    assert json.loads(out.stdout) == []


def _run_with(setting: str | None, manifest: Path) -> subprocess.CompletedProcess[str]:
    """A process that imports the engine, with ``fast.MANIFEST`` pointing at ``manifest``."""
    code = ("import fast, pathlib, sys; fast.MANIFEST = pathlib.Path(sys.argv[1]);"
            "import engine; print(engine.compiled())")
    env = {k: v for k, v in os.environ.items() if k != fast.SETTING}
    if setting is not None:
        env[fast.SETTING] = setting
    return subprocess.run([sys.executable, "-W", "always", "-c", code, str(manifest)],
                          cwd=ROOT, text=True, capture_output=True, env=env)


def test_a_source_edited_since_the_build_runs_the_reference_and_says_so(tmp_path):
    """The twin records its sources' digests: one that no longer matches (here, a build
    that recorded another digest for ``spec.common.tuples``) is never run silently."""
    edited = tmp_path / "manifest.json"
    edited.write_text(json.dumps({"modules": {"spec.common.tuples": {
        "sources": ["spec/common/tuples.py"], "sha256": "0" * 64}}}))
    quiet = _run_with(None, edited)
    assert quiet.returncode == 0 and quiet.stdout.strip() == "False"
    assert quiet.stderr.count("ReferenceEngineWarning") == 1
    assert "spec.common.tuples" in quiet.stderr and "make compiled" in quiet.stderr
    asked = _run_with("compiled", edited)
    assert asked.returncode != 0 and "FRUITSPEC_ENGINE=compiled" in asked.stderr


def test_an_unknown_engine_setting_is_refused(tmp_path):
    out = _run_with("fastest", tmp_path / "none.json")
    assert out.returncode != 0 and "must be one of compiled, reference" in out.stderr


def test_compiled_twin_and_reference_play_the_same_games(thorough):
    _require_compiled()
    configs = all_configs()
    factor = THOROUGH_FACTOR if thorough else 1
    per_config, per_reading = GAMES_PER_CONFIG * factor, GAMES_PER_READING * factor
    proc = _reference_digests(configs, per_config, per_reading)  # runs beside this process
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
    assert not differ, f"the compiled twin and the reference part ways in {differ}"
