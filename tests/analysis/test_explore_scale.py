"""The level-by-level explorer with fingerprints, workers and Dask reaches the same states,
terminal states, edges and depth as the exact walker, finds the same violations with the
same shortest paths, and costs a few bytes a state."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.analysis.explore import _counts, explore
from engine.analysis.explore_scale import collision_probability, fingerprint

#: Small configurations of every game (a few hundred to a few thousand states each).
SMALL = [("tindahan", "3p-plays-last-2-cards"), ("bastos", "three-seats-last-round-3-cards"),
         ("tanuki-market", "special-small-secret"), ("tanuki-market", "solo-sunday"),
         ("fruit-passion", "two-seats-short-deck"), ("fruit-passion", "solo-short-decks")]


def _summary(r: dict) -> tuple:
    return (_counts(r), r["ok"], sorted((v["invariant"], tuple(v["path"]), v["states"])
                                        for v in r["violations"]))


@pytest.mark.parametrize("game,config", SMALL)
def test_fingerprints_reach_what_the_exact_walk_reaches(game, config):
    exact = explore(game, config=config)
    fast = explore(game, config=config, fingerprints=True)
    assert _summary(fast) == _summary(exact)
    assert fast["termination"] == "proved"
    assert fast["bytes_per_state"] < 100  # the exact walk keeps whole states
    assert fast["collision_probability"] == collision_probability(fast["states"]) < 1e-9


def test_a_cycle_is_found_with_the_same_path():
    """Fruit Passion's literal discard-take reading loops: both walks report the loop with
    the same shortest path, which replays."""
    opts = {"discard-take": "literal"}
    exact = explore("fruit-passion", config="two-seats-short-deck", options=opts)
    fast = explore("fruit-passion", config="two-seats-short-deck", options=opts,
                   fingerprints=True)
    assert _summary(fast) == _summary(exact)
    assert fast["termination"] == "cycle"
    (loop,) = [v for v in fast["violations"] if v["invariant"] == "termination"]
    from engine.core.scenario import load_scenario, replay
    r = replay(load_scenario(loop["scenario"]))
    assert r.illegal_at is None and len(r.events) == len(loop["path"])


def test_an_invariant_violation_is_found_with_the_same_path(monkeypatch):
    """An invariant that fails on some reachable states: same first path, same count."""
    import dataclasses

    import spec
    from spec.common.core import Invariant

    sp = spec.get("tindahan")
    # holds on the configuration's set-up (which is checked on load), fails later
    bad = Invariant("TIN-I-test", ("TIN-8.1",), "the game never ends",
                    lambda cfg, s: "it ended" if s.phase == "over" else None)
    twisted = dataclasses.replace(sp, invariants=sp.invariants + (bad,))
    from engine.core.game import Game
    game = Game(twisted, twisted.configure(3, None, {}))
    exact = explore(game, config="3p-plays-last-2-cards")
    fast = explore(game, config="3p-plays-last-2-cards", fingerprints=True)
    assert not exact["ok"] and _summary(fast) == _summary(exact)


def test_a_state_bound_stops_both_walks_alike():
    exact = explore("bastos", config="three-seats-last-round-3-cards", max_states=300)
    fast = explore("bastos", config="three-seats-last-round-3-cards", max_states=300,
                   fingerprints=True)
    assert fast["states"] == exact["states"] == 300
    assert not fast["complete"] and not exact["complete"]


def test_two_workers_give_the_same_result():
    one = explore("tanuki-market", config="special-small-secret", fingerprints=True)
    two = explore("tanuki-market", config="special-small-secret", workers=2)
    assert two["workers"] == 2
    assert _summary(two) == _summary(one)


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_counts():
    one = explore("fruit-passion", config="two-seats-short-deck", fingerprints=True)
    dask = explore("fruit-passion", config="two-seats-short-deck", cluster="local",
                   workers=2)
    assert _summary(dask) == _summary(one)


def test_fingerprints_are_the_same_in_every_process():
    """Workers on other machines must agree: no per-process string hashing."""
    import engine
    g = engine.load("tindahan", players=3)
    s = g.new(seed=4)
    here = fingerprint(s)
    code = ("import engine; from engine.analysis.explore_scale import fingerprint;"
            "print(fingerprint(engine.load('tindahan', players=3).new(seed=4)))")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={"PYTHONHASHSEED": "12345"}, check=True)
    assert int(there.stdout) == here


def test_the_command_lists_configurations_when_none_is_named(tmp_path):
    from engine.cli.main import main
    with pytest.raises(SystemExit) as exit_:
        main(["explore", "fruit-passion", "--json"])
    assert exit_.value.code == 0


def test_the_command_writes_no_file_unless_asked(tmp_path, monkeypatch, capsys):
    from engine.cli.main import main
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["explore", "fruit-passion", "--config", "two-seats-short-deck", "--option",
              "discard-take=literal", "--fingerprints", "--json"])
    assert exit_.value.code == 1  # a violation
    data = json.loads(capsys.readouterr().out)
    assert data["termination"] == "cycle" and not list(tmp_path.iterdir())
    with pytest.raises(SystemExit):
        main(["explore", "fruit-passion", "--config", "two-seats-short-deck", "--option",
              "discard-take=literal", "--out", str(tmp_path / "found"), "--json"])
    assert len(list((tmp_path / "found").iterdir())) == 1
