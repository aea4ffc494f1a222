"""The designer start pages: pending and stale said plainly, links to rulings and viewers."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import spec as _specs

from engine.analysis.report import data as report_data

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))
from fruitdocs import designer  # noqa: E402

SP = _specs.get("tindahan")


def _no_svg(kind: str, data: dict[str, Any]) -> None:
    return None


def _row(option: str, reading: str, players: int, **extra: Any) -> dict[str, Any]:
    win = {"value": 0.02, "ci95": [-0.01, 0.05]}
    return {"option": option, "name": SP.catalogue.option(option).name, "reading": reading,
            "players": players, "variant": None, "agents": "greedy", "games": 100,
            "verdict": "undecided", "equivalent": None,
            "headline": [{"seat": 0, "what": "win rate", **win}], **extra}


def _data(rows: list[dict[str, Any]], digest: str) -> dict[str, Any]:
    metric = {"value": 0.5, "ci95": [0.4, 0.6]}
    return {"game": "tindahan", "tolerance": 0.08, "readings": rows, "clauses": [],
            "exact": [], "made": {"date": "2026-12-02", "version": "x", "command": "c",
                                  "games_played": 1, "agents": "greedy", "cpu_seconds": 1.0,
                                  "budget": 1.0, "seed": 0, "tolerance": 0.08,
                                  "half_width": 0.05, "spec_digest": digest},
            "baseline": {"games": 100, "verdict": "no-difference",
                         "metrics": {k: metric for k in designer.METRICS}}}


def test_without_data_every_reading_is_pending() -> None:
    page = designer.game_page("tindahan", "Tindahan", SP, None, _no_svg)
    readings = sum(len(o.values) - 1 for o in SP.options)
    assert page.count("**pending**") == readings
    assert "Stale" not in page


def test_a_row_links_its_ruling_viewer_and_command() -> None:
    row = _row("TIN-A3", "each", 3)
    page = designer.game_page("tindahan", "Tindahan", SP,
                              _data([row], report_data.spec_digest("tindahan")), _no_svg)
    assert "../games/tindahan.html#tin-a3" in page and "/ambiguities/TIN-A3" in page
    assert "fruitspec report tindahan --readings TIN-A3 --players 3" in page
    assert "Stale" not in page and "the first player" in page
    assert "Pending (no data yet)" in page  # every other reading
    assert not re.search(r"seat [0-9]|p[0-9]:|\bseed\b", page)


def test_a_changed_spec_shows_stale() -> None:
    page = designer.game_page("tindahan", "Tindahan", SP, _data([], "0" * 64), _no_svg)
    assert "**Stale**" in page


def test_what_changes_is_one_sentence_that_differs_per_reading() -> None:
    for game in _specs.available():
        for opt in _specs.get(game).options:
            said = [designer.what_changes(opt, v, None) for v in opt.values if v != opt.default]
            assert len(set(said)) == len(said), opt.id
            # one sentence: no full stop before a capital ("e.g." inside is no end)
            assert all(not re.search(r"\. [A-Z]", s) and s.endswith(".") for s in said), opt.id


def test_each_row_has_an_anchor_and_says_who_decided_it() -> None:
    screened = _row("TIN-A3", "each", 3, verdict="matters", agents="ismcts:8",
                    screening={"agents": "greedy", "games": 400, "verdict": "undecided"})
    page = designer.game_page("tindahan", "Tindahan", SP,
                              _data([screened], report_data.spec_digest("tindahan")), _no_svg)
    assert ":fruit-anchor:`tin-a3`" in page and ":fruit-anchor:`tin-a3-each-3`" in page
    assert "**matters**, by ``ismcts:8`` over 100 deals, after ``greedy`` left it" in page


def _box(monkeypatch: Any, plain: bool) -> tuple[str, list[str]]:
    """What TIN-A3's ruling box says when one of its readings is measured."""
    data = _data([_row("TIN-A3", "each", 3, verdict="no-difference")],
                 report_data.spec_digest("tindahan"))
    monkeypatch.setitem(designer._LOADED, "tindahan", data)
    opt = SP.catalogue.option("TIN-A3")
    rivals = [v for v in opt.values if v != opt.default]
    return designer.impact("tindahan", "TIN-A3", rivals, plain=plain), rivals


def test_a_ruling_box_links_each_reading_to_its_row(monkeypatch: Any) -> None:
    said, rivals = _box(monkeypatch, plain=False)
    assert "../designer/tindahan.html#tin-a3-each-3" in said and "each: no-difference" in said
    assert r"the first player: +2.0 \[-1.0, +5.0\] pts" in said
    assert all(f"``{v}``: pending" in said for v in rivals if v != "each")
    assert "../designer/tindahan.html#tin-a3" in said


def test_the_page_shows_the_skill_ladder_with_intervals() -> None:
    data = _data([], report_data.spec_digest("tindahan"))
    data["baseline"]["metrics"]["skill_depth"] = {
        "value": 1, "ci95": [1, 2], "games_per_rung": 30,
        "ladder": [{"agent": "ismcts:2", "against": "ismcts:1",
                    "edge": {"value": 0.12, "ci95": [0.03, 0.21]}},
                   {"agent": "ismcts:4", "against": "ismcts:2",
                    "edge": {"value": 0.02, "ci95": [-0.05, 0.09]}}]}
    page = designer.game_page("tindahan", "Tindahan", SP, data, _no_svg)
    assert "**Skill depth** 1 (95% interval 1 to 2 rungs) of 2, 30 games a rung" in page
    assert r"+12.0 \[+3.0, +21.0\] pts" in page and r"+2.0 \[-5.0, +9.0\] pts" in page


def test_a_clause_row_says_where_it_was_played() -> None:
    c = {"players": 1, "variant": "solo", "options": {"day": "monday"}}
    assert designer.played_in(c) == "1 player, ``solo``, ``day=monday``"
    assert designer.played_in({"players": 3, "variant": None}) == "3 players"


def test_the_register_witness_cell_says_what_the_witness_shows() -> None:
    from fruitdocs.pages import witness_says
    assert witness_says({"witness": None}) == "none yet"
    assert witness_says({"witness": "w.json"}) == "stored, not replayed"
    e = {"witness": "w.json", "outcomes": {"a": {}, "b": {}}, "differs_in": ["scores", "winners"],
         "agreeing": []}
    assert witness_says(e) == "parts the readings in the scores, the winner"
    e = {**e, "agreeing": ["c"], "apart": {"c": {"witness": "c.json", "differs_in": []}}}
    assert witness_says(e).endswith("; ``c`` plays out as the default on it (a witness of its"
                                    " own parts it)")
    assert witness_says({**e, "differs_in": []}) == "✗ every reading ends alike"


def test_a_player_editions_box_names_no_option_value(monkeypatch: Any) -> None:
    said, rivals = _box(monkeypatch, plain=True)
    assert "../designer/tindahan.html#tin-a3-each-3" in said and "``" not in said
    assert not any(f"{v}:" in said for v in rivals)
    assert "makes no real difference in our test games" in said
    # the interval and the words of statistics stay on the designer page
    assert "pts" not in said and "Holm" not in said and "tolerance" not in said
