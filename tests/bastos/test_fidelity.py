"""Bastos! rule fidelity, second pass: a led Bastos! colour that no card can win (BAS-A7's
three readings), an own-colour highest follower (BAS-A12, settled), value changes in a
set-aside trick (BAS-6.7), and what the readings of BAS-A1 and BAS-A2 lead to."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spec.bastos
from engine.core.scenario import replay
from spec.bastos import scoring
from spec.bastos.state import ALL_CARDS, FRUIT, RANK

WITNESSES = Path(spec.bastos.__file__).parent / "witnesses"
SCENARIOS = Path(__file__).parent / "scenarios"


def _win(r):
    return next(e for batch in r.events for e in batch if "wins the trick" in e.text)


@pytest.mark.parametrize("reading,scores,winner", [
    ("leader", [6, 0, 0], 0), ("set-aside", [0, 0, 0], None),
    ("highest-follower", [0, 6, 0], 1)])
def test_no_winner_has_three_readings(reading, scores, winner):
    """Seat 0 leads its mango, seat 1 follows with its own (shared) mango, seat 2
    discards: nothing can win under BAS-6.2."""
    r = replay(WITNESSES / "BAS-A7.json", options={"no-winner": reading})
    assert r.error is None and r.scores == scores
    if winner is None:
        assert not any("wins the trick" in e.text for b in r.events for e in b)
    else:
        won = _win(r)
        assert won.data["seat"] == winner and reading in won.text


@pytest.mark.parametrize("reading,scores,card", [("eligible", [0, 0, 6], "M3"),
                                                 ("literal", [0, 6, 0], "M8")])
def test_an_own_colour_highest_follower(reading, scores, card):
    """BAS-A12 (settled): everyone follows a led Bastos! colour, the highest follower is
    its own colour too; the default keeps BAS-6.2 for followers."""
    r = replay(WITNESSES / "BAS-A12.json", options={"follow-own": reading})
    assert r.scores == scores
    won = _win(r)
    assert won.rule == "BAS-6.4" and won.data["card"] == card


def test_value_changes_in_a_set_aside_trick_stand():
    """BAS-6.7: the three changes made in the set-aside trick are still on the table after
    it (mango +2, lanzones 0, pineapple +1), and the next trick, P9 P8 P7, is worth 3."""
    r = replay(SCENARIOS / "all-bastos-trick-set-aside.json")
    aside = next(i for i, b in enumerate(r.events) if any(e.rule == "BAS-6.5" for e in b))
    before, after = r.states[4], r.states[aside + 1]  # after the picks; after the set-aside
    assert after.aside and not any(after.tricks)
    changed = {f: after.values[FRUIT[f + "1"]] - before.values[FRUIT[f + "1"]]
               for f in "MLP"}
    assert changed == {"M": 1, "L": -1, "P": 1}
    assert r.scores == [3, 0, 0]


def test_picked_card_out_or_in_hand_changes_the_score():
    """BAS-A1: out ends the round after the one trick and scores it; in-hand does not."""
    out = replay(WITNESSES / "BAS-A1.json")
    kept = replay(WITNESSES / "BAS-A1.json", options={"bastos-card": "in-hand"})
    assert out.scores == [0, 1, 0] and any(e.rule == "BAS-8.1" for e in out.events[-1])
    assert kept.scores == [0, 0, 0] and kept.state.hands[1] == ("L1",)


def test_adjust_timing_changes_a_value_through_a_clamp():
    """BAS-A2: the same choices in each reading's order end with pineapple at -2 (at
    once) or -1 (before the lead), because the trump declaration stops at the floor."""
    at_once = replay(WITNESSES / "BAS-A2.json")
    before = replay(SCENARIOS / "adjust-before-lead-clamp.json")
    assert at_once.ok and before.ok
    assert sorted(at_once.scenario.actions) == sorted(before.scenario.actions)
    assert at_once.scores == [0, 0, 0] and before.scores == [1, 1, 0]
    assert replay(WITNESSES / "BAS-A2.json",
                  options={"adjust-timing": "before-lead"}).error.rule == "BAS-7.1"


@st.composite
def tricks(draw):
    n = draw(st.sampled_from([3, 4]))
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=n, max_size=n, unique=True))
    trump = draw(st.sampled_from([scoring.NO_TRUMP, 0, 1, 2, 3, 4]))
    fruits = [FRUIT[c] for c in cards]
    own = [draw(st.booleans()) and f != trump for f in fruits]
    return fruits, [RANK[c] for c in cards], own, trump


@given(tricks(), st.sampled_from(["leader", "set-aside", "highest-follower"]), st.booleans())
def test_new_readings_by_the_rules(trick, no_winner, literal):
    fruits, ranks, own, trump = trick
    flags = {"unbeatable_aside": no_winner == "set-aside",
             "unbeatable_follower": no_winner == "highest-follower",
             "follow_literal": literal}
    got = scoring.trick_winner(fruits, ranks, own, trump, **flags)
    base = scoring.trick_winner(fruits, ranks, own, trump)
    led = fruits[0]
    followers = [i for i in range(1, len(fruits)) if fruits[i] == led]
    if got != base:  # only the two situations the readings are about
        if literal and own[0] and len(followers) == len(fruits) - 1 and not all(own):
            assert got == max(followers, key=lambda i: ranks[i])
        else:
            assert base == 0 and own[0] and followers and all(own[i] for i in followers)
            assert got == (scoring.SET_ASIDE if no_winner == "set-aside"
                           else max(followers, key=lambda i: ranks[i]))


def test_acting_after_the_last_round_cites_the_round_count():
    import engine
    g = engine.load("bastos", players=3)
    s = g.new(seed=1)
    while not g.is_over(s):
        s = g.apply(s, g.legal_actions(s)[0])
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "play B1")
    assert info.value.rule == "BAS-2.2"
    # issue 37: the rival reading of BAS-6.7 became a register entry of its own
    (entry,) = [o for o in spec.get("bastos").options if "BAS-6.7" in o.clauses]
    assert entry.id == "BAS-A13" and entry.values == ("stand", "undone")
    assert "aside-changes" in spec.get("bastos").catalogue["BAS-6.7"].text


def test_a_set_aside_trick_keeps_or_undoes_its_value_changes() -> None:
    """BAS-6.7 and BAS-A13: the witness's set-aside trick moved pineapple up three times;
    the changes stand by default (P7's trick scores 3 x 3) or are undone with the trick."""
    from pathlib import Path
    from engine.core.scenario import replay
    path = Path(spec.bastos.__file__).parent / "witnesses" / "BAS-A13.json"
    got = {v: replay(path, options={"aside-changes": v}) for v in ("stand", "undone")}
    assert got["stand"].scores == [0, 0, 9] and got["undone"].scores == [0, 0, 0]
    for v, r in got.items():
        aside = next(k for k, s in enumerate(r.states) if s.aside)
        before, after = r.states[aside - 1], r.states[aside]
        # the third change is the step that sets the trick aside
        assert before.values[3] == 2 and before.lead_values[3] == 0
        assert after.values[3] == (0 if v == "undone" else 3) and after.leader == 0
        assert after.values[:3] == (1, 1, 1)  # the colours' start, untouched by the trick
    said = [e.rule for batch in got["undone"].events for e in batch]
    assert said.count("BAS-6.7") == 1
    assert "BAS-6.7" not in [e.rule for batch in got["stand"].events for e in batch]
