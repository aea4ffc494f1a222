"""Every option of Bastos! has a witness scenario on which its readings part ways."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import spec
from engine.core.scenario import replay

SPEC = spec.get("bastos")
WITNESSES = Path(spec.bastos.__file__).parent / "witnesses"
OPTIONS = SPEC.options


def _outcome(r) -> tuple:
    g = r.game
    return (r.illegal_at, [[(e.rule, e.text) for e in b] for b in r.events],
            sorted(str(a) for a in g.legal_actions(r.state)), r.scores)


@pytest.mark.parametrize("opt", OPTIONS, ids=[o.id for o in OPTIONS])
def test_witness_parts_the_readings(opt) -> None:
    path = WITNESSES / f"{opt.id}.json"
    assert path.exists(), f"no witness for {opt.id}"
    data = json.loads(path.read_text())
    assert opt.name not in data.get("options", {})
    outcomes = {r.value: _outcome(replay(path, options={opt.name: r.value}))
                for r in opt.readings}
    default = outcomes[opt.default]
    others = [v for v, out in outcomes.items() if v != opt.default and out != default]
    assert others, f"{opt.id}: every reading gives the same outcome"


@pytest.mark.parametrize("opt", OPTIONS, ids=[o.id for o in OPTIONS])
def test_option_is_well_formed(opt) -> None:
    assert opt.id.startswith("BAS-A") and opt.default in opt.values and opt.reason
    assert all(c in SPEC.catalogue for c in opt.clauses)
    assert len(opt.values) >= 2 and len(set(opt.values)) == len(opt.values)
    if opt.kind == "settled":
        assert opt.settled_by


def test_settled_trump_reading_follows_the_mango_example() -> None:
    path = WITNESSES / "BAS-A5.json"
    assert replay(path, options={"declare-trump": "any"}).illegal_at is None
    refused = replay(path, options={"declare-trump": "first-only"})
    assert refused.illegal_at == 5 and refused.error.rule == "BAS-5.1"


def test_clamp_reading_keeps_value_at_limit() -> None:
    r = replay(WITNESSES / "BAS-A3.json", options={"adjust-range": "clamp"})
    assert r.illegal_at is None and r.state.values[2] == 3
    assert r.events[-1][0].rule == "BAS-1.3"


def test_optional_change_may_be_declined() -> None:
    r = replay(WITNESSES / "BAS-A6.json", options={"adjust-obligation": "may"})
    assert r.illegal_at is None and r.state.phase == "play"
    assert r.state.values == r.states[-2].values


def test_before_lead_changes_wait_for_the_complete_trick() -> None:
    path = WITNESSES / "BAS-A2.json"
    hands = [["M1", "M2"], ["L1", "L2"], ["B1", "B2"]]
    r = replay({**json.loads(path.read_text()),
                "setup": {"short": True, "dealer": 2, "hands": hands}, "expect": {},
                "actions": ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1", "play M2",
                            "play L2", "play B2", "p0: adjust B+1", "p1: adjust L+1",
                            "p2: adjust M-1"]},
               options={"adjust-timing": "before-lead"})
    assert r.illegal_at is None, r.error
    assert [s.phase for s in r.states[4:7]] == ["play", "play", "adjust"]
    assert r.states[6].pending == (0, 1, 2)
    assert any(e.rule == "BAS-6.5" for e in r.events[-1])


def test_all_discard_readings_give_the_trick_to_different_seats() -> None:
    path = WITNESSES / "BAS-A4.json"
    assert replay(path).scores == [0, 0, -1]
    assert replay(path, options={"all-discard": "leader-wins"}).scores == [-1, 0, 0]


def test_no_winner_readings() -> None:
    path = WITNESSES / "BAS-A7.json"
    assert replay(path).scores == [6, 0, 0]
    aside = replay(path, options={"no-winner": "set-aside"})
    assert aside.scores == [0, 0, 0]
    assert any(e.rule == "BAS-6.2" and "set aside" in e.text for e in aside.events[-1])


def test_in_hand_reading_keeps_the_shown_card_playable() -> None:
    r = replay({"game": "bastos", "players": 3, "seed": 1,
                "setup": {"short": True, "dealer": 2,
                          "hands": [["M1", "M2"], ["L1", "L2"], ["B1", "B2"]]},
                "actions": ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1"]},
               options={"bastos-card": "in-hand"})
    assert r.state.hands[0] == ("M1", "M2") and r.state.bastos[0] == "M1"
    assert {str(a) for a in r.game.legal_actions(r.state)} == {"p0: play M1", "p0: play M2"}


def test_early_cards_of_the_declared_fruit() -> None:
    path = WITNESSES / "BAS-A9.json"
    assert replay(path).scores == [0, 0, -4]
    assert replay(path, options={"early-cards": "trumps"}).scores == [0, -4, 0]


def test_own_colour_overlap_readings() -> None:
    path = WITNESSES / "BAS-A10.json"
    aside = replay(path)
    assert aside.illegal_at is None and aside.scores == [0, 0, 0]
    assert any(e.rule == "BAS-6.5" for e in aside.events[-1])
    rule = replay(path, options={"own-colour-overlap": "trick-rule"})
    assert rule.illegal_at is None and rule.scores == [0, 6, 0]
    assert any(e.rule == "BAS-6.4" and "seat 1 wins" in e.text for e in rule.events[-1])
    # the BAS-6.3 overlap: the leader leads its colour, the others discard their own
    data = {**json.loads(path.read_text()),
            "setup": {"dealer": 2, "short": True,
                      "hands": [["M1", "M9"], ["L1", "L2"], ["B1", "B2"]]},
            "actions": ["p0: bastos M1", "p1: bastos L1", "p2: bastos B1", "play M9",
                        "adjust M-1", "play L2", "adjust L+1", "play B2", "adjust B+1"]}
    assert replay(data).scores == [0, 0, 0]
    lead = replay(data, options={"own-colour-overlap": "trick-rule"})
    assert lead.illegal_at is None and lead.scores == [4, 0, 0]
    assert any(e.rule == "BAS-6.3" and "seat 0 wins" in e.text for e in lead.events[-1])


def test_declaring_a_fruit_at_the_floor() -> None:
    path = WITNESSES / "BAS-A11.json"
    allowed = replay(path)
    assert allowed.illegal_at is None and allowed.state.trump == 4
    assert allowed.state.values[4] == -2
    assert any(e.rule == "BAS-5.2" and "stays at -2" in e.text for e in allowed.events[-1])
    refused = replay(path, options={"declare-at-floor": "refused"})
    assert refused.illegal_at == 7 and refused.error.rule == "BAS-5.1"
    assert "already at -2" in str(refused.error)
