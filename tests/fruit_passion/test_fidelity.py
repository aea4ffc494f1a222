"""Fruit Passion rule fidelity, second pass: a lone hybrid 1 (hybrid-run=scoring-run), the
hybrid list and its reading, play-on-skip, the notes on the card-data assumptions, and
refusals that cite the rule that forbids them."""
from __future__ import annotations

from pathlib import Path

import pytest

import engine
import spec
from engine.core.scenario import replay
from spec.fruit_passion import cards, hybrids, scoring

SPEC = spec.get("fruit-passion")
WITNESSES = Path(spec.package_dir("fruit-passion")) / "witnesses"
SCENARIOS = Path(__file__).parent / "scenarios"
FULL = [1, 1, 1, 1, 1]


@pytest.mark.parametrize("run,counts", [("from-one", True), ("scoring-run", False),
                                        ("continuous", False), ("any", True)])
def test_a_lone_hybrid_one(run, counts):
    """A coconut stack holding CO1* alone scores 0 as a stack; does its hybrid count?"""
    assert scoring.stack_score([1, 0, 0, 0, 0], "common") == 0
    assert bool(scoring.hybrid_counts([1, 0, 0, 0, 0], True, 1, run)) is counts
    assert bool(scoring.hybrid_counts([1, 1, 0, 0, 0], True, 1, "scoring-run"))


def test_the_lone_hybrid_witness_parts_scoring_run_from_the_default():
    got = {r: replay(WITNESSES / "FRP-A5.json", options={"hybrid-run": r}).scores
           for r in ("from-one", "scoring-run")}
    assert got == {"from-one": [1, 0], "scoring-run": [0, 0]}


def test_both_readings_of_a_lone_one_fit_the_example_with_the_listed_assignments():
    """FRP-A7's eight readings are the assignments from-one and scoring-run allow; the
    register says that continuous would allow six more, all with a papaya hybrid 4."""
    listed = sorted(SPEC.catalogue.option("hybrids").values)
    assert hybrids.allowed_assignments(hybrid_run="scoring-run") == listed
    wider = hybrids.allowed_assignments(hybrid_run="continuous")
    extra = sorted(set(wider) - set(listed))
    assert len(listed) == 8 and len(wider) == 14 and all("PA4" in a for a in extra)
    assert "continuous" in SPEC.catalogue.option("hybrids").question


def test_play_on_skip_passes_over_a_seat_that_cannot_draw():
    path = SCENARIOS / "play-on-skip.json"
    skip = replay(path)
    assert skip.ok and skip.scores == [0, 11, 0]
    passed = [e for b in skip.events for e in b if "passed over" in e.text]
    assert [e.data["seat"] for e in passed] == [1]
    ends = replay(path, options={"last-turnover": "play-on"})
    assert ends.illegal_at == 2 and ends.error.rule == "FRP-5.1"


def test_pomegranate_and_hybrid_assumptions_are_flagged():
    cat = SPEC.catalogue
    assert cat["FRP-6.12"].kind == "assumption" and "misprint" in cat["FRP-6.12"].text
    assert "twice" in cat["FRP-1.3"].source and "player aid" in cat["FRP-1.3"].source
    assert scoring.TABLES["pomegranate"][5] - scoring.TABLES["pomegranate"][4] == 14
    steps = [b - a for t in scoring.TABLES.values() for a, b in zip(list(t.values()),
                                                                   list(t.values())[1:])]
    assert sorted(steps)[-2] <= 6  # every other step of every column is small


@pytest.mark.parametrize("boxed,best", [(1, 110), (2, 111), (3, 119), (4, 125), (5, 134)])
def test_a_boxed_hybrid_lowers_the_best_score(boxed, best):
    """FRP-6.13: full runs everywhere; the hybrid numbered ``boxed`` is not held."""
    numbers = cards.hybrid_numbers(cards.DEFAULT_HYBRIDS)
    stacks = [FULL] * 5 + [FULL, [1] * 7]
    held = [n != boxed for n in numbers]
    assert scoring.player_score(stacks, held, numbers) == best
    assert scoring.player_score(stacks, [True] * 5, numbers) == scoring.MAX_SCORE


@pytest.mark.parametrize("variant,players,action,rule", [
    (None, 2, "p1: draw deck", "FRP-3.1"),       # out of turn: the turn order
    (None, 2, "play", "FRP-3.2"),                # a turn begins with a draw
    ("solo", 1, "draw deck", "FRP-8.2"),         # one player: both decks drawn together
    ("solo", 1, "draw discard", "FRP-8.4"),      # one player: no drawing from the pile
])
def test_refusals_cite_the_forbidding_rule(variant, players, action, rule):
    g = engine.load("fruit-passion", players=players, variant=variant)
    s = g.new(seed=1)
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, action)
    assert info.value.rule == rule


@pytest.mark.parametrize("variant,players,rule", [(None, 2, "FRP-5.1"), ("solo", 1, "FRP-8.5")])
def test_acting_after_the_end_cites_the_end_rule(variant, players, rule):
    g = engine.load("fruit-passion", players=players, variant=variant)
    s = g.new(seed=2)
    while not g.is_over(s):
        s = g.apply(s, g.legal_actions(s)[0])
    for action in ("draw deck", "discard", "play left"):
        with pytest.raises(engine.IllegalAction) as info:
            g.step(s, action)
        assert info.value.rule == rule
