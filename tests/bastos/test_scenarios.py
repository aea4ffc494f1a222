"""The rulebook's worked examples and the edge cases, replayed from scenario files."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import load_scenario, replay
from spec.bastos.state import FRUITS

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.json"))


def _value(state, letter: str) -> int:
    return state.values[FRUITS.index(letter)]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_its_expectations(path: Path) -> None:
    result = replay(path)
    assert result.ok, result.failures
    assert all(e.rule in result.game.spec.catalogue
               for batch in result.events for e in batch)


def _at(result, action_index: int):
    """The state after the action with this index."""
    return result.states[action_index + 1]


def test_mango_example_durian_declared_and_wins() -> None:
    r = replay(HERE / "mango-trick-declared-durian.json")
    after_declare = r.states[-1]
    texts = [e.text for e in r.events[-1]]
    assert "seat 2 cannot follow and declares Durian trump with D6" in texts
    assert "Durian drops from 0 to -2" in texts
    assert "seat 2 wins the trick with D6 (highest trump)" in texts
    assert after_declare.round == 2  # the one-trick round was scored and a new one dealt
    assert r.scores == [0, 0, -2]


def test_two_banana_two_mango_start_at_two() -> None:
    r = replay(HERE / "start-values-two-banana-two-mango.json")
    shown = _at(r, 3)
    assert shown.phase == "play"
    assert [_value(shown, f) for f in FRUITS] == [2, 0, 2, 0, 0]
    view = r.game.view(shown, None)
    assert view["table"] == {"B": 2, "L": 0, "M": 2, "P": 0, "D": 0}
    assert view["colours"] == ["B", "B", "M", "M"]


def test_all_bastos_trick_is_set_aside_and_leader_leads_again() -> None:
    r = replay(HERE / "all-bastos-trick-set-aside.json")
    s = _at(r, 8)  # after the third value change
    assert s.aside == ("M2", "L2", "B2") and s.trick == ()
    assert s.leader == 0 and s.turn == 0 and all(t == () for t in s.tricks)
    changes = [e for batch in r.events[:9] for e in batch
               if e.rule == "BAS-7.1" and "moves" in e.text]
    assert [e.data["seat"] for e in changes] == [0, 1, 2]
    assert [e.rule for e in r.events[8]][-1] == "BAS-6.5"


def test_led_bastos_all_discard_goes_to_leader() -> None:
    r = replay(HERE / "led-bastos-all-discard.json")
    won = [e for e in r.events[-1] if "wins the trick" in e.text]
    assert won[0].rule == "BAS-6.3" and won[0].data["seat"] == 0


def test_led_bastos_all_follow_lower_card_wins() -> None:
    r = replay(HERE / "led-bastos-all-follow-lower.json")
    won = [e for e in r.events[-1] if "wins the trick" in e.text]
    assert won[0].rule == "BAS-6.4" and won[0].data == {
        "seat": 1, "card": "M3", "why": "highest follower of a led Bastos! colour"}


def test_value_at_ceiling_can_only_move_down() -> None:
    r = replay(HERE / "adjust-at-ceiling.json")
    assert _value(r.state, "M") == 3 and r.state.phase == "adjust"
    assert str(r.error) == "BAS-1.3: Mango is already at +3, its limit"
    legal = {str(a) for a in r.game.legal_actions(r.state)}
    assert "p0: adjust M-1" in legal and "p0: adjust M+1" not in legal


def test_trump_declared_at_minus_one_stops_at_floor() -> None:
    r = replay(HERE / "trump-declared-at-minus-one.json")
    assert "Durian drops from -1 to -2 (the floor)" in [e.text for e in r.events[6]]
    assert _value(r.state, "D") == -2 and r.state.trump == FRUITS.index("D")
    assert r.error.rule == "BAS-1.3"
    assert "p0: adjust D+1" in {str(a) for a in r.game.legal_actions(r.state)}


def test_follow_suit_error_names_clause_and_card() -> None:
    r = replay(HERE / "must-follow-refused.json")
    assert str(r.error) == "BAS-4.1: seat 2 must follow Mango (holds M4)"


def test_scenarios_load_as_contract_scenarios() -> None:
    for path in FILES:
        sc = load_scenario(path)
        assert sc.game == "bastos" and sc.players in (3, 4) and sc.title


def test_events_cite_value_changes_and_trump_declarations() -> None:
    r = replay(HERE / "trump-declared-at-minus-one.json")
    texts = [str(e) for batch in r.events for e in batch]
    assert "BAS-7.1: seat 0 moves Durian from 0 to -1" in texts
    assert "BAS-5.1: seat 2 cannot follow and declares Durian trump with D6" in texts


def test_first_only_is_used_up_only_by_a_seat_that_could_declare() -> None:
    """BAS-A5 first-only: a seat that cannot follow and holds nothing it may declare (its
    card is a Bastos! colour) has not declined; in the rulebook's mango example seat 1 could
    have declared banana, so there seat 2 may not."""
    could_not = replay(HERE / "first-only-after-a-seat-that-could-not-declare.json")
    assert could_not.ok, could_not.failures
    assert not _at(could_not, 4).declined
    could = replay(HERE / "mango-trick-declared-durian.json", {"declare-trump": "first-only"})
    assert _at(could, 4).declined
    assert could.illegal_at == 5 and could.error is not None and could.error.rule == "BAS-5.1"
