"""The committed report data: complete, made honestly, and the symmetries they rest on."""
from __future__ import annotations

from typing import Any

import pytest

import engine
import spec as _specs
from spec.renaming import CARDS, FruitSymmetry

from engine.analysis.agents import seat_agents
from engine.analysis.report import data as report_data
from engine.analysis.report.symmetry import check, declared, for_option

GAMES = _specs.available()
MADE = ("command", "version", "seed", "agents", "budget", "games_played", "cpu_seconds",
        "spec_digest")


@pytest.fixture(scope="module", params=GAMES)
def stored(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    data = report_data.load(request.param)
    assert data is not None, f"no report data committed for {request.param}"
    return request.param, data


def test_the_data_say_how_they_were_made(stored: tuple[str, dict[str, Any]]) -> None:
    game, data = stored
    assert all(data["made"].get(k) not in (None, "") for k in MADE)
    assert data["made"]["command"].startswith(f"python -m engine.analysis.report.data {game} ")
    assert all(r["games"] > 0 and r["agents"] for r in data["readings"] + data["clauses"])


def test_every_reading_and_every_choice_clause_has_a_row(stored: tuple[str, dict[str, Any]]
                                                         ) -> None:
    game, data = stored
    missing = report_data.pending(game, data)
    if missing:
        # only a register entry added since the data were made may wait for them, as a
        # whole and while the changed spec marks the data stale: its rows show as pending
        covered = {r["option"] for r in data["readings"]}
        assert report_data.stale(data), missing
        assert not {oid for oid, _ in missing} & covered, missing
    assert report_data.clauses_missing(game, data) == []


def test_the_null_baseline_reads_no_difference(stored: tuple[str, dict[str, Any]]) -> None:
    _, data = stored
    assert data["baseline"]["verdict"] == "no-difference", data["baseline"]["headline"]


def test_no_metric_is_empty(stored: tuple[str, dict[str, Any]]) -> None:
    _, data = stored
    metrics = data["baseline"]["metrics"]
    for name in ("balance", "advantage", "completion", "drawishness", "decision_moves",
                 "branching_factor", "lead_change", "drama", "decisiveness", "duration",
                 "score_shift", "winner_change", "skill_depth", "chance_vs_skill"):
        assert metrics[name]["value"] is not None and len(metrics[name]["ci95"]) == 2, name
    assert data["baseline"]["endings"]


def test_a_reading_the_data_miss_is_pending() -> None:
    game = GAMES[0]
    data = report_data.load(game)
    assert data is not None
    first = data["readings"][0]
    key = (first["option"], first["reading"])
    cut = {**data, "readings": [r for r in data["readings"]
                                if (r["option"], r["reading"]) != key]}
    before = report_data.pending(game, data)  # a newer register entry may already wait
    assert key not in before
    assert sorted(report_data.pending(game, cut)) == sorted(before + [key])


def test_a_changed_spec_makes_the_data_stale() -> None:
    data = report_data.load(GAMES[0])
    assert data is not None
    assert report_data.stale({**data, "made": {**data["made"], "spec_digest": "0" * 64}})


@pytest.mark.parametrize("game, option, players", [("tindahan", "removed-fruits", 3),
                                                    ("tindahan", "removed-fruits", 4),
                                                    ("bastos", "removed-fruit", 3)])
def test_renaming_readings_are_equivalent_and_checked(game: str, option: str,
                                                      players: int) -> None:
    sym = for_option(game, option)
    assert sym is not None
    default = engine.load(game, players=players)
    opt = default.spec.catalogue.option(option)
    for value in opt.values:
        if value == opt.default:
            continue
        reading = engine.load(game, players=players, options={option: value})
        got = check(sym, default, reading, seat_agents(["random"], players), range(3))
        assert got.holds and got.positions > 100, (value, got)


def test_a_wrong_declaration_is_refuted() -> None:
    sym = for_option("tindahan", "removed-fruits")
    assert sym is not None
    # forgets that the cards in the hands name fruits: the mapped deal is not the reading's
    broken = FruitSymmetry(sym.name, sym.option, sym.fruits,
                           {k: v for k, v in sym.fields.items() if v != CARDS},
                           sym.present, sym.why)
    default = engine.load("tindahan", players=3)
    reading = engine.load("tindahan", players=3, options={"removed-fruits": "last-listed"})
    got = check(broken, default, reading, seat_agents(["random"], 3), range(3))
    assert not got.holds and got.failure


def test_committed_renaming_rows_read_equivalent() -> None:
    for game in ("tindahan", "bastos"):
        data = report_data.load(game)
        assert data is not None
        names = {s.option for s in declared(game)}
        rows = [r for r in data["readings"] if r["name"] in names]
        assert rows and all(r["verdict"] == "no-difference" and r["equivalent"] for r in rows)
    assert {r["players"] for r in report_data.load("tindahan")["readings"]  # type: ignore[index]
            if r["option"] == "TIN-A1"} == {3, 4}
