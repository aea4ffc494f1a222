"""``fruitspec report``: the contract's JSON, the page with its pictures, one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import run

SMALL = ["report", "fruit-passion", "--variant", "solo", "--players", "1",
         "--readings", "FRP-A6", "--budget", "2", "--half-width", "20", "--tolerance", "30"]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    import contextlib
    import io

    out = io.StringIO()
    folder = tmp_path_factory.mktemp("page")
    with contextlib.redirect_stdout(out):
        assert run(SMALL + ["--json", "--html", str(folder)]) == 0
    return json.loads(out.getvalue()), folder


def test_json_keeps_to_the_contract(printed: tuple[dict, Path]) -> None:
    data, _ = printed
    assert {"game", "players", "variant", "agents", "baseline", "readings", "clauses"} <= set(data)
    assert data["game"] == "fruit-passion" and data["agents"] == "greedy"
    (row,) = data["readings"]
    assert row["option"] == "FRP-A6" and row["name"] == "lone-one" and row["reading"] == "common"
    assert row["verdict"] in ("no-difference", "matters", "undecided")
    balance = row["metrics"]["balance"]
    assert set(balance) >= {"value", "ci95", "delta"} and len(balance["delta"]["ci95"]) == 2
    assert {"games", "metrics"} <= set(data["baseline"])
    assert all(c["verdict"] in ("dead", "cosmetic", "ordinary", "dominant")
               and "fires_per_game" in c and "restricted" in c for c in data["clauses"])


def test_html_page_has_both_pictures(printed: tuple[dict, Path]) -> None:
    _, folder = printed
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "forest.svg" in page and "clauses.svg" in page and "FRP-A6" in page
    assert (folder / "forest.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert "seat 0" not in page and "http" not in page.split("<svg")[0].replace("http-equiv", "")


def test_an_unknown_entry_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(SMALL + ["--readings", "FRP-A99"]) == 2
    err = capsys.readouterr().err
    assert "no register entry FRP-A99" in err and err.count("\n") == 1


@pytest.mark.parametrize("extra, needle", [(["--tolerance", "0"], "between 0 and 100"),
                                           (["--budget", "-1"], "budget must be positive")])
def test_bad_numbers_are_one_line(extra: list[str], needle: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run(SMALL + extra)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and needle in err and err.count("\n") == 1
