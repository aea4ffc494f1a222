"""The exhaustive explorer: counts, injected violations with replayable paths, the manifest."""
from __future__ import annotations

import dataclasses
import io
import json

import pytest
from rich.console import Console

import engine
import spec
from engine.analysis.explore import (FULL_STATES, GENERIC, _counts, _explore_config, explore,
                            explore_all, load_manifest, render)
from spec.common import Invariant, ev
from spec.common.moves import guard, no_args
from tests.core.toy import SPEC as TOY, PLAY, ToySpec

# The toy deals two cards to each seat and the seats alternate: 1 + 2 + 4 + 4 + 4 states.
TOY_COUNTS = {"states": 15, "terminal_states": 4, "edges": 14, "max_depth": 4,
              "complete": True}


def make(*, moves=None, invariants=None, configs=None, canonical=None, name="toy"):
    """A copy of the toy spec with some parts replaced."""
    attrs = {}
    if configs is not None:
        attrs["explore_configs"] = lambda self: configs
    if canonical is not None:
        attrs["canonical"] = lambda self, cfg, s: canonical(s)
    cls = type("PatchedToy", (ToySpec,), attrs) if attrs else ToySpec
    return cls(name=name, prefix="TOY", title="Toy", catalogue=TOY.catalogue,
               variants=TOY.variants, state_type=TOY.state_type, visibility=TOY.visibility,
               moves=moves if moves is not None else TOY.moves, notation_rule="TOY-2",
               invariants=invariants if invariants is not None else TOY.invariants,
               kind=TOY.kind)


def game_of(sp, **options) -> engine.Game:
    return engine.Game(sp, sp.configure(2, None, options))


# Registered under its own name by the tests that replay scenarios through the registry.
SPEC = make(name="toy-low", configs={"tiny": {"players": 2, "seed": 1}},
            invariants=TOY.invariants + (
                Invariant("TOY-LOW", ("TOY-2",), "each seat scores under 6",
                          lambda cfg, s: None if max(s.totals) < 6
                          else f"a seat has {max(s.totals)}"),))


def test_toy_space_is_walked_completely() -> None:
    r = explore(game_of(TOY))
    assert _counts(r) == TOY_COUNTS
    assert r["violations"] == [] and r["ok"]
    assert r["invariants"] == ["TOY-I1", *GENERIC]
    assert r["states_per_second"] > 0
    # the readings of an option and the seed do not change the shape of the toy's space
    assert _counts(explore(game_of(TOY), options={"double": "yes"}, seed=4)) == TOY_COUNTS


def test_max_states_bounds_the_walk() -> None:
    r = explore(game_of(TOY), max_states=5)
    assert r["states"] == 5 and not r["complete"]
    with pytest.raises(engine.ConfigError):
        explore(game_of(TOY), max_states=0)


def test_injected_violation_has_a_shortest_path_that_replays(monkeypatch) -> None:
    monkeypatch.setitem(spec.REGISTRY, "toy-low", __name__)
    for seed in range(5):
        r = explore("toy-low", seed=seed)
        assert _counts(r) == TOY_COUNTS
        (v,) = r["violations"]
        assert v["invariant"] == "TOY-LOW" and "a seat has" in v["message"]
        game = engine.load("toy-low")
        # shortest: no state at a smaller depth breaks the invariant
        state, frontier = game.new(seed=seed), []
        frontier = [state]
        for depth in range(v["depth"]):
            assert all(max(s.totals) < 6 for s in frontier), depth
            frontier = [game.apply(s, a) for s in frontier for a in game.legal_actions(s)]
        from engine.core.scenario import replay

        rep = replay(v["scenario"])
        assert rep.illegal_at is None and rep.error is None
        assert max(rep.state.totals) >= 6
        assert max(rep.states[-2].totals) < 6
        assert v["scenario"]["actions"] == v["path"]


def test_dead_end_is_found() -> None:
    picky = dataclasses.replace(PLAY, guards=PLAY.guards + (
        guard("TOY-2", lambda cfg, s, a: len(s.played) < 3, "the table is full"),))
    r = explore(game_of(make(moves=(picky,))))
    assert [v["invariant"] for v in r["violations"]] == ["no-dead-end"]
    assert r["violations"][0]["depth"] == 3


def test_cycle_is_found_and_its_path_loops() -> None:
    skip = dataclasses.replace(
        PLAY, name="pass", rule="TOY-2", domain=lambda cfg, s, seat: ((),), guards=(),
        parse=no_args, notation="pass",
        effect=lambda cfg, s, a: (s._replace(turn=1 - s.turn), [ev("TOY-2", "pass")]))
    game = game_of(make(moves=(PLAY, skip)))
    r = explore(game)
    (v,) = r["violations"]
    assert v["invariant"] == "termination" and "cycle of 2 action(s)" in v["message"]
    assert v["path"] == ["p0: pass", "p1: pass"]
    state = game.new(seed=0)
    for a in v["path"]:
        state = game.apply(state, a)
    assert state == game.new(seed=0)


def test_unknown_clause_and_raising_effect_are_found() -> None:
    def effect(cfg, s, a):
        if a.args[0] == "X6":
            raise KeyError("X6")
        s2, evs = PLAY.effect(cfg, s, a)
        return s2, evs + [ev("TOY-99", "an unknown clause")]

    r = explore(game_of(make(moves=(dataclasses.replace(PLAY, effect=effect),))))
    found = {v["invariant"]: v for v in r["violations"]}
    assert set(found) == {"known-clause", "step-error"}
    assert "TOY-99" in found["known-clause"]["message"]
    assert found["known-clause"]["depth"] == 1
    assert found["step-error"]["path"][-1].endswith("play X6")


def test_a_crashing_invariant_is_a_violation() -> None:
    bad = Invariant("TOY-BAD", ("TOY-1",), "crashes", lambda cfg, s: s.nothing)
    r = explore(game_of(make(invariants=(bad,))))
    (v,) = r["violations"]
    assert v["invariant"] == "TOY-BAD" and "AttributeError" in v["message"]
    assert v["states"] == 15 and v["path"] == []


def test_canonical_key_merges_states() -> None:
    # forgetting the order of the played cards merges the two orders of the first trick
    sp = make(canonical=lambda s: s._replace(played=tuple(sorted(s.played)), turn=0))
    r = explore(game_of(sp))
    assert r["states"] < TOY_COUNTS["states"]
    assert r["terminal_states"] == 1 and r["complete"]


def test_named_configurations() -> None:
    sp = make(configs={"tiny": {"players": 2, "options": {"double": "yes"}, "seed": 3}})
    r = explore(game_of(sp), config="tiny")
    assert r["config"] == "tiny" and r["seed"] == 3 and r["options"] == {"double": "yes"}
    assert explore(game_of(sp), config="tiny", options={"double": "no"})["options"] == {
        "double": "no"}
    with pytest.raises(engine.ConfigError, match="no explore configuration 'huge'"):
        explore(game_of(sp), config="huge")


def test_render_shows_counts_and_paths() -> None:
    out = io.StringIO()
    render(explore(game_of(SPEC)), Console(file=out, width=120))
    text = out.getvalue()
    assert "distinct states" in text and "TOY-LOW" in text and "p0: play" in text


# --- every game's named configurations against the manifest -----------------------------
def _configs() -> list:
    out = []
    manifest = load_manifest()
    for name in engine.games():
        for cname in spec.get(name).explore_configs():
            expected = manifest.get(name, {}).get(cname)
            big = expected is None or expected["states"] > 20_000
            out.append(pytest.param(name, cname, marks=[pytest.mark.slow] if big else [],
                                    id=f"{name}-{cname}"))
    return out


@pytest.mark.parametrize(("name", "config"), _configs())
def test_manifest(name: str, config: str, thorough: bool) -> None:
    expected = load_manifest().get(name, {}).get(config)
    assert expected is not None, (f"{name} [{config}] is not in the explore manifest:"
                                  " run python -m engine.analysis.explore --update-manifest")
    if expected["states"] <= 20_000 or thorough:  # a large one on every core
        r = _explore_config(name, config, FULL_STATES, expected)
        assert r["violations"] == []
        assert _counts(r) == {k: v for k, v in expected.items() if k != "seconds"}
    else:  # small size: the first 5,000 states in breadth-first order break nothing
        r = explore(name, config=config, max_states=5_000)
        assert r["violations"] == [] and r["states"] == 5_000 and not r["complete"]


def test_explore_all_checks_the_manifest(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(spec.REGISTRY, "toy-low", __name__)
    path = tmp_path / "manifest.json"
    monkeypatch.setattr("engine.analysis.explore.MANIFEST", path)
    (r,) = explore_all(games_=["toy-low"])
    assert r["config"] == "tiny" and r["manifest"] == "missing"
    assert [v["invariant"] for v in r["violations"]] == ["TOY-LOW"]
    path.write_text(json.dumps({"toy-low": {"tiny": {**TOY_COUNTS, "seconds": 0.1}}}))
    (r,) = explore_all(games_=["toy-low"])
    assert r["manifest"] == "match"
    path.write_text(json.dumps({"toy-low": {"tiny": {**TOY_COUNTS, "states": 16}}}))
    (r,) = explore_all(games_=["toy-low"])
    assert r["manifest"] == "mismatch" and not r["ok"]
    assert [v["invariant"] for v in r["violations"]] == ["TOY-LOW", "manifest"]


def test_a_walk_collects_garbage_rarely_and_then_as_before():
    import gc
    import threading

    from engine.analysis import explore as ex

    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    inside = threading.Event()
    with ex.collecting_rarely():
        seen.append(gc.get_threshold())
        with ex.collecting_rarely():  # a second walk at the same time (another thread)
            inside.set()
        seen.append(gc.get_threshold())  # the first walk still runs
    assert inside.is_set()
    assert seen[0][0] >= ex.WALK_GC_THRESHOLD and seen[0][1:] == before[1:]
    assert seen[1] == seen[0] and gc.get_threshold() == before
    with pytest.raises(RuntimeError), ex.collecting_rarely():
        raise RuntimeError("a walk that fails")
    assert gc.get_threshold() == before
    explore("tindahan", players=3, max_states=50)
    assert gc.get_threshold() == before
