"""The rulebook's worked example and every scoring row, replayed as scenario files."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import load_scenario, replay

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_its_expectations(path):
    r = replay(path)
    assert r.ok, r.failures


def test_peter_scores_43_with_the_stated_parts():
    r = replay(HERE / "peter-example.json")
    assert r.scores == [43, 0]
    breakdown = r.game.view(r.state, None)["breakdown"][0]
    assert breakdown == {"CO": 11, "PA": 3, "FI": 5, "AV": 8, "PI": 3, "PG": 0, "PF": -11,
                         "hybrids": 24}
    texts = [e.text for batch in r.events for e in batch if e.rule == "FRP-6.9"]
    assert texts == ["seat 0's hybrids PI5* lie outside a valid sequence and do not count"]


def test_every_scoring_row_has_a_scenario():
    from spec.fruit_passion.scoring import HYBRID_TABLE, TABLES

    names = {p.stem for p in FILES}
    for kind, table in TABLES.items():
        for n in table:
            assert f"row-{kind}-{n}" in names
    for n in HYBRID_TABLE:
        assert ("hybrid-1" if n == 1 else f"hybrid-1-{n}") in names
    assert {"no-one", "gap", "duplicate-common", "duplicate-passion", "hybrid-no-1",
            "hybrid-outside-run", "hybrid-in-spoiled-stack"} <= names


def test_scenarios_name_the_game():
    for p in FILES:
        assert load_scenario(p).game == "fruit-passion"


def test_the_deck_top_starts_a_pile_the_setup_leaves_out():
    r = replay(HERE / "deck-top-starts-the-pile.json")
    texts = [e.text for batch in r.events for e in batch]
    assert r.ok, r.failures
    assert texts[:2] == ["seat 0 takes PG3 from the discard pile",
                         "CO1 is turned face up from the deck as a new discard pile"]
