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


def _fired(name: str) -> list[tuple[str, str]]:
    r = replay(Path(__file__).parent / "scenarios" / f"{name}.json")
    assert r.ok, r.failures
    return [(e.rule, e.text) for batch in r.events for e in batch]


def test_the_other_editions_trump_stall_cites_its_own_clause():
    """TIN-A11 six-three: the trump stall's 6 and 3 come from that edition's table
    (TIN-6.15), not from this rulebook's second place (TIN-6.5) or extra point (TIN-6.6)."""
    fired = _fired("trump-stall-six-three")
    trump = [rule for rule, text in fired if text.startswith("banana stall:")]
    assert trump == ["TIN-6.15", "TIN-6.15"]
    assert not {"TIN-6.5", "TIN-6.6"} & {rule for rule, _ in fired}


def test_no_cart_move_is_reported_when_the_cart_stands_on_bananas():
    """TIN-2.3 speaks of the cart going back to bananas only when it has somewhere to go."""
    assert "TIN-2.3" not in [rule for rule, _ in _fired("cart-stays-on-bananas")]
    moved = [text for rule, text in _fired("empty-round-add") if rule == "TIN-2.3"]
    assert moved == ["the cart goes back to the banana stall"]


def test_empty_round_add_comes_on_top_of_the_whole_round_score():
    """TIN-A5 add: the best round score is added to the seat's own round score, stall
    points included. Seat 0 won nothing and placed nothing this round but keeps two
    sellers on mangoes from an earlier round (5 points) and holds two cards (-2): 3 of its
    own, plus the best score of the round, seat 1's 12, is 15 (on the card score alone it
    would be 10)."""
    from spec.tindahan.scoring import score_round

    stalls = [[0, 1, 0], [0, 0, 1], [2, 0, 0], [0, 0, 0], [0, 0, 0]]  # B L M P D; trump B
    args = ([0, 3, 2], [2, 0, 1], stalls, 0, [0, 1, 1])
    assert score_round(*args, empty_round="add") == [15, 12, 8]
    assert score_round(*args, empty_round="replace") == [12, 12, 8]
