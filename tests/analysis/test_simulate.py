"""Simulation statistics: exact, the same for any number of workers, and the compare mode."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import engine
from engine.analysis.agents import play_game
from engine.analysis.simulate import compare, game_seed, render, simulate, statistics, wilson
from tests.core.toy import SPEC as TOY


def toy(**options: str) -> engine.Game:
    return engine.Game(TOY, TOY.configure(2, None, options))


def test_statistics_add_up() -> None:
    r = simulate(toy(), 200, seed=5)
    assert r["n"] == 200 and r["actions"] == 800 and r["clauses"] == {"TOY-2": 800}
    assert r["coverage"] == {"fired": 1, "rules": 2, "never_fired": ["TOY-1"]}
    assert sum(s["wins"] for s in r["seats"]) == pytest.approx(200)
    assert sum(s["outright_wins"] for s in r["seats"]) + r["shared_wins"] == 200
    for s in r["seats"]:
        lo, hi = s["win_rate_ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
        sc = s["score"]
        assert 3 <= sc["min"] <= sc["mean"] <= sc["max"] <= 11 and sc["stdev"] > 0
    assert r["length"] == {"mean": 4.0, "stdev": 0.0, "min": 4, "max": 4}
    assert r["actions_per_second"] > 0 and r["elapsed"] > 0


def test_each_game_is_play_game_with_its_own_seed() -> None:
    game = toy()
    rec = play_game(game, ["random"], seed=game_seed(11, 0))
    one = simulate(game, 1, seed=11)
    assert [s["score"]["mean"] for s in one["seats"]] == rec.scores
    seeds = {game_seed(11, i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed(11, 3) == game_seed(11, 3) != game_seed(12, 3)


def test_same_seed_any_workers_same_statistics() -> None:
    one = simulate(toy(), 300, seed=2, agents=("greedy", "random"))
    two = simulate(toy(), 300, seed=2, agents=("greedy", "random"), workers=2)
    assert two["backend"] == "processes"
    assert statistics(one) == statistics(two)
    assert statistics(simulate(toy(), 300, seed=3)) != statistics(simulate(toy(), 300, seed=2))


def test_progress_is_reported_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    simulate(toy(), 120, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (120, 120)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bad_arguments() -> None:
    with pytest.raises(engine.ConfigError):
        simulate(toy(), 0)
    with pytest.raises(engine.ConfigError):
        simulate(toy(), 5, workers=0)
    with pytest.raises(engine.ConfigError, match="unknown agent"):
        simulate(toy(), 5, agents=("oracle",))
    with pytest.raises(engine.ConfigError):
        simulate("no-such-game", 5)
    with pytest.raises(engine.ConfigError, match="no option 'triple'"):
        compare(toy(), "triple", 5)


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_compare_plays_the_same_deals_under_each_reading() -> None:
    r = compare(toy(), "double", 100, seed=4)
    assert r["id"] == "TOY-A1" and r["default"] == "no" and r["readings"] == ["no", "yes"]
    (pair,) = r["pairs"]
    # doubling every card changes every score but neither the play nor the winner
    assert pair["reading"] == "yes" and pair["vs"] == "no"
    assert pair["scores_differ"] == 100 and pair["winner_differs"] == 0
    assert pair["actions_differ"] == 0
    base, doubled = r["per_reading"]
    assert doubled["mean_scores"] == [2 * m for m in base["mean_scores"]]
    assert compare(toy(), "TOY-A1", 100, seed=4)["pairs"] == r["pairs"]
    # the default can be moved by the options given
    flipped = compare(toy(), "double", 10, options={"double": "yes"})
    assert flipped["default"] == "yes" and flipped["readings"] == ["yes", "no"]


def test_render_prints_tables() -> None:
    out = io.StringIO()
    con = Console(file=out, width=140)
    render(simulate(toy(), 20), con)
    render(compare(toy(), "double", 20), con)
    text = out.getvalue()
    for needle in ("win rate", "95% CI", "TOY-2", "never fired: TOY-1", "actions/s",
                   "winner differs", "(default)"):
        assert needle in text, needle


def test_dask_cluster_gives_the_same_statistics() -> None:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        dask = simulate(toy(), 200, seed=6, cluster=client)
    assert dask["backend"] == "dask"
    assert statistics(dask) == statistics(simulate(toy(), 200, seed=6))
    threads = simulate(toy(), 50, seed=6, cluster="local-threads", workers=1)
    assert statistics(threads) == statistics(simulate(toy(), 50, seed=6))


@pytest.mark.parametrize("name", engine.games())
def test_real_games_are_worker_independent(name: str) -> None:
    one = simulate(name, 6, seed=1)
    two = simulate(name, 6, seed=1, workers=2)
    assert statistics(one) == statistics(two)
    assert one["clauses"] and one["length"]["min"] > 0
    sp = engine.load(name).spec
    for opt in sp.options_for(None)[:1]:
        r = compare(name, opt.name, 3, seed=1)
        assert len(r["pairs"]) == len(opt.values) - 1
