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
