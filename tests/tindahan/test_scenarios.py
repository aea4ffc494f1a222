"""The rulebook's worked examples and rule checks, replayed from scenario files."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import load_scenario, replay

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_meets_its_expectations(path):
    r = replay(path)
    assert r.ok, r.failures


def test_cart_move_example_reads_like_the_rulebook():
    """A moves the cart to mangoes, B must play B10, C places a seller, D follows with B3,
    E has no banana and wins with M2 (now trump); E starts the next trick."""
    r = replay(Path(__file__).parent / "scenarios" / "cart-move-example.json")
    texts = [e.text for batch in r.events for e in batch]
    assert texts[0] == "seat 0 drives the cart from the banana to the mango stall: mango is trump"
    assert "seat 2 places a seller on the banana stall" in texts[2]
    assert texts[-2] == "seat 4 wins the trick with M2 (highest trump, mango)"
    s = r.state
    assert s.tricks_won == (0, 0, 0, 0, 1) and s.leader == 4 and s.cart == 2
    assert s.stalls[0][2] == 1 and s.supply[2] == 8
    # the mover played no card in that trick
    assert len(s.hands[0]) == 10 and s.taken[4] == ("B10", "B3", "M2")


def test_scenario_files_are_valid():
    for path in SCENARIOS:
        sc = load_scenario(path)
        assert sc.game == "tindahan" and sc.expect is not None and sc.description
