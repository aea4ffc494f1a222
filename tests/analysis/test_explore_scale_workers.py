"""Persistent workers (engine.analysis.explore_scale.Workers) keep their slices of each level and
send back only numbers: the walk on any number of them, balanced or not, reaches the same
states in the same order as the exact walk, with the same violations and shortest paths."""
from __future__ import annotations

import dataclasses

import pytest

import spec
from engine.analysis.explore import _counts, explore
from engine.analysis.explore_scale import Here, Workers, replay_path, walk
from engine.analysis.explore_reduce import Reducer
from engine.core.game import Game
from spec.common.core import Invariant


def _summary(r: dict) -> tuple:
    return (_counts(r), r["ok"], r.get("outcomes"),
            sorted((v["invariant"], tuple(v["path"]), v["states"]) for v in r["violations"]))


@pytest.fixture
def even(monkeypatch):
    """Slices evened out after every level, however small the drift: blocks move at
    every level, between every pair of neighbours."""
    monkeypatch.setattr(Workers, "DRIFT", 0.0)
    monkeypatch.setattr(Workers, "SLACK", 0)


@pytest.mark.parametrize("game,config,reduce", [
    ("bastos", "three-seats-last-round-3-cards", ()),
    ("tindahan", "3p-last-round-2-cards", ()),
    ("fruit-passion", "two-seats-short-deck", ()),
    ("tanuki-market", "special-small-secret", ("por", "symmetry")),
    ("tanuki-market", "solo-sunday", ("por",)),
])
@pytest.mark.parametrize("workers", [2, 3])
def test_workers_reach_what_the_exact_walk_reaches(game, config, reduce, workers, even):
    exact = explore(game, config=config, reduce=reduce)
    many = explore(game, config=config, reduce=reduce, workers=workers)
    assert many["workers"] == workers
    assert _summary(many) == _summary(exact)
    assert 0 < many["moved_states"] < many["states"]  # blocks moved, most states stayed


def test_without_drift_no_state_moves_after_the_first_levels():
    """Left to its thresholds, balancing moves a small part of the states."""
    r = explore("bastos", config="three-seats-cards-kept-clamped", workers=2)
    assert _summary(r) == _summary(explore("bastos", config="three-seats-cards-kept-clamped"))
    assert r["moved_states"] < r["states"] / 4


def _last_of_a_level(game: Game, config: str) -> tuple[int, object]:
    """The depth of a level of several states and its last state (in breadth-first order)."""
    c = game.spec.explore_configs()[config]
    s0 = game.new(seed=c["seed"], setup=c["setup"])
    with Here(game, s0) as front:
        w = walk(game, s0, 10**6, front)
    levels = w["levels"]
    depth = max(range(len(levels.fps)), key=lambda d: len(levels.fps[d]))
    last = len(levels.fps[depth]) - 1
    state, _ = replay_path(game, s0, levels.action_indexes(depth, last))
    return depth, state


def test_a_violation_in_the_second_workers_slice_has_the_exact_walks_path(even):
    """The only failing state is the last of the widest level: with even slices it lies in
    the second worker's, which reports it by its position in the level."""
    sp = spec.get("tindahan")
    config = "3p-plays-last-2-cards"
    c = sp.explore_configs()[config]
    plain = Game(sp, sp.configure(c["players"], None, c["options"]))
    depth, target = _last_of_a_level(plain, config)
    bad = Invariant("TIN-I-test", ("TIN-8.1",), "one state is forbidden",
                    lambda cfg, s: "the forbidden state" if s == target else None)
    twisted = dataclasses.replace(sp, invariants=sp.invariants + (bad,))
    game = Game(twisted, twisted.configure(c["players"], None, c["options"]))
    exact = explore(game, config=config)
    two = explore(game, config=config, workers=2)
    assert not exact["ok"] and _summary(two) == _summary(exact)
    (v,) = two["violations"]
    assert v["invariant"] == "TIN-I-test" and v["depth"] == depth and v["states"] == 1


def test_a_cycle_is_found_by_workers_with_the_same_path(even):
    opts = {"discard-take": "literal"}
    exact = explore("fruit-passion", config="two-seats-short-deck", options=opts)
    two = explore("fruit-passion", config="two-seats-short-deck", options=opts, workers=2)
    assert two["termination"] == "cycle" and _summary(two) == _summary(exact)


def test_a_state_bound_stops_workers_as_the_one_process_walk(even):
    """(The exact walk stops within a level, so its edges differ: it is not compared.)"""
    one = explore("bastos", config="three-seats-last-round-3-cards", max_states=300,
                  fingerprints=True)
    two = explore("bastos", config="three-seats-last-round-3-cards", max_states=300,
                  workers=2)
    assert two["states"] == one["states"] == 300 and not two["complete"]
    assert _summary(two) == _summary(one)


def test_a_failing_worker_raises_and_stops(monkeypatch):
    """A worker's exception reaches the walk; no worker is left running."""
    import engine.analysis.explore_scale as sc

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(sc, "_expand", broken)
    game = Game(spec.get("bastos"), spec.get("bastos").configure(3, None, {}))
    s0 = game.new(seed=1)
    front = Workers(game, s0, (), 2)
    with pytest.raises(RuntimeError, match="ValueError: boom"):
        with front:
            walk(game, s0, 100, front, red=Reducer(game))
    assert not any(p.is_alive() for p in front.procs)


def test_the_scaling_bench_measures_one_and_two_workers_and_the_reductions():
    from bench.explore_scale import reductions, speed

    r = speed("bastos", "three-seats-last-round-3-cards", 10**6, fingerprints=True)
    assert r["states"] == 1235 and r["complete"]
    assert all(r[k]["cpu"] > 0 and r[k]["wall"] > 0 for k in ("exact", "one", "two"))
    assert len(r["two"]["worker_cpu"]) == 2 and r["cpu_speedup"] > 0
    reds = {x["reduce"]: x for x in reductions("tanuki-market", "special-small-secret", 10**5)}
    assert set(reds) == {"por", "symmetry", "por+symmetry"}
    assert all(x["same_outcomes"] for x in reds.values())
    assert reds["por"]["states"] == (1593, 1068) and reds["por"]["factor"] > 1
