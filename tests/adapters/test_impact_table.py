"""The stored strong-agent impact table: it covers every register entry and reading, says
how it was made, and the register page shows it."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine.analysis import impact_table as it

ROOT = Path(__file__).resolve().parents[2]


def test_the_stored_table_has_a_row_for_every_register_entry_and_reading():
    # a new register entry, reading or renamed option without a stored row fails here:
    # recompute its game with the command stored in the table's runs
    assert it.missing(it.load_table()) == []


def test_each_stored_run_says_how_it_was_made():
    table = it.load_table()
    for game, run in table["runs"].items():
        assert run["command"].startswith(f"python -m engine.analysis.impact_table {game} ")
        assert f"--impact {run['games']}" in run["command"]
        assert f"--agents {run['agents']}" in run["command"]
        assert run["date"][:2] == "20" and run["version"] and run["cpu_seconds"] > 0
    for ident, row in table["entries"].items():
        for value, r in row["readings"].items():
            assert value != row["default"] and r["vs"] == row["default"], ident
            low, high = r["winner_changes"]["ci95"]
            assert 0 <= low <= r["winner_changes"]["rate"] <= high <= 1, ident
            assert len(r["score_change"]) == row["players"], ident


def test_write_replaces_one_games_rows_and_missing_names_the_gaps(tmp_path):
    path = tmp_path / "impact.json"
    stale = {"runs": {}, "entries": {"TIN-A1": {"game": "tindahan", "option": "renamed",
                                                "default": "x", "readings": {}}}}
    path.write_text(json.dumps(stale))
    table = it.write(["tindahan"], 1, "random", path=path)
    rows = {k: v for k, v in table["entries"].items() if v["game"] == "tindahan"}
    assert rows["TIN-A1"]["option"] != "renamed"
    assert json.loads(path.read_text()) == table
    gaps = it.missing(table)
    assert not any(g.startswith("TIN-") for g in gaps)
    assert any(g.startswith("BAS-") for g in gaps)  # the other games were never computed
    first = next(iter(rows.values()))
    dropped = next(iter(first["readings"]))
    del first["readings"][dropped]
    assert f"{next(iter(rows))}={dropped}" in it.missing(table)


def test_the_register_page_shows_every_stored_row():
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        from fruitdocs import pages
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    from engine.analysis.ambiguities import register

    table = it.load_table()
    entries = [(e["game"], e) for e in register(replay_witness=False)]
    page = pages.register_page(entries, "", table)
    assert "Impact between strong agents" in page
    for ident, row in table["entries"].items():
        assert ident in page
        for value in row["readings"]:
            assert f"{row['option']}={value}" in page
    for run in table["runs"].values():
        assert run["command"] in page


@pytest.mark.parametrize("values, expected", [
    ([10, 10], [0.5, 0.5]), ([30, 0], None), ([5], None)])
def test_a_judged_position_is_worth_more_to_the_seat_ahead(values, expected):
    from engine.analysis.ismcts import standing

    got = standing(values)
    assert all(0 <= v <= 1 for v in got)
    if expected is not None:
        assert got == expected
    elif len(values) == 2:
        assert got[0] > 0.9 > 0.1 > got[1]
    else:
        assert got[0] > 0.5
