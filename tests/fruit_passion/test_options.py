"""Every option: its readings are implemented, and its witness parts them."""
from __future__ import annotations

import json
from itertools import combinations

import pytest

import engine
from engine.core.scenario import replay
from spec import package_dir
from spec.fruit_passion import cards, hybrids
from spec.fruit_passion.game import SPEC

WITNESSES = package_dir("fruit-passion") / "witnesses"
OPTIONS = SPEC.options


def _outcome(path, name, value):
    r = replay(path, options={name: value})
    return (r.illegal_at, r.error.rule if r.error else None,
            [[str(e) for e in batch] for batch in r.events], r.scores,
            r.game.is_over(r.state), sorted(map(str, r.game.legal_actions(r.state))))


@pytest.mark.parametrize("opt", OPTIONS, ids=[o.id for o in OPTIONS])
def test_witness_parts_every_pair_of_readings(opt):
    path = WITNESSES / f"{opt.id}.json"
    assert path.exists(), f"{opt.id} has no witness"
    data = json.loads(path.read_text())
    assert opt.name not in data.get("options", {})
    outs = {r.value: _outcome(path, opt.name, r.value) for r in opt.readings}
    for a, b in combinations(outs, 2):
        assert outs[a] != outs[b], f"{opt.id}: readings {a} and {b} agree on the witness"


def test_literal_discard_take_loops_forever():
    path = WITNESSES / "FRP-A1.json"
    r = replay(path, options={"discard-take": "literal"})
    assert r.illegal_at is None
    assert r.states[4] == r.states[0], "four actions lead back to the very same state"
    # ...so the cycle can be repeated without end and the game never finishes
    g, s = r.game, r.states[0]
    for _ in range(50):
        for a in ("draw discard", "discard"):
            s = g.apply(s, a)
    assert s == r.states[0] and not g.is_over(s)
    default = replay(path)
    assert default.illegal_at == 1 and default.error.rule == "FRP-3.3"


def test_last_turnover_readings():
    path = WITNESSES / "FRP-A2.json"
    finish = replay(path, options={"last-turnover": "finish-turn"})
    assert finish.illegal_at == 2 and finish.game.is_over(finish.state)
    assert finish.error.rule == "FRP-5.1"
    keep = replay(path, options={"last-turnover": "keep-last"})
    assert keep.illegal_at == 2 and not keep.game.is_over(keep.state)
    assert [str(a) for a in keep.game.legal_actions(keep.state)] == ["p1: draw deck"]
    on = replay(path, options={"last-turnover": "play-on"})
    assert on.illegal_at == 2 and on.game.is_over(on.state)
    assert any("seat 1 cannot draw" in e.text for e in on.events[-1])
    skip = replay(path, options={"last-turnover": "play-on-skip"})
    assert skip.illegal_at is None and skip.game.is_over(skip.state)


def test_play_on_ends_when_nobody_can_draw():
    g = engine.load("fruit-passion", players=2, options={"last-turnover": "play-on"})
    s = g.new(setup={"start": 0, "deck": ["PF1"], "discard": "CO2", "rest": "box"})
    for a in ("draw discard", "play", "draw discard", "play"):
        s, events = g.step(s, a)
    assert g.is_over(s) and any("cannot draw" in e.text for e in events)


def test_z3_finds_exactly_the_listed_hybrid_assignments():
    assert hybrids.allowed_assignments() == sorted(cards.HYBRID_ASSIGNMENTS)
    assert cards.DEFAULT_HYBRIDS in cards.HYBRID_ASSIGNMENTS
    assert SPEC.catalogue.option("hybrids").values == cards.HYBRID_ASSIGNMENTS


def test_z3_hybrid_analysis_under_other_readings():
    assert hybrids.allowed_assignments(hybrid_run="any") == []  # Peter would score 33
    wider = hybrids.allowed_assignments(hybrid_run="continuous")
    assert set(cards.HYBRID_ASSIGNMENTS) < set(wider)
    assert all(a.endswith("PI5") for a in wider)


def test_peter_collection_scores_43_in_the_engine():
    vectors = hybrids.peter_collection()
    assert vectors is not None
    mine = []
    numbers = cards.hybrid_numbers(cards.DEFAULT_HYBRIDS)
    for f, vec in enumerate(vectors):
        st = []
        for n, k in enumerate(vec, start=1):
            hyb = f in cards.COMMON and numbers[f] == n
            st += [cards.card(f, n, hyb)] + [cards.card(f, n)] * (k - 1) if k else []
        mine += st
    g = engine.load("fruit-passion", players=2)
    s = g.new(setup={"start": 0, "deck": ["PG5"], "discard": "PF7", "stacks": [mine, []],
                     "rest": "box"})
    s = g.apply(g.apply(s, "draw deck"), "discard")
    assert g.scores(s) == [43, 0]


@pytest.mark.parametrize("dist", sorted(cards.DISTRIBUTIONS))
def test_distributions_match_the_component_list(dist):
    cards.check_totals()
    counts = cards.counts(dist)
    assert sum(counts.values()) == 105
    for f, total in enumerate(cards.PER_FRUIT):
        assert sum(k for c, k in counts.items() if cards.FRUIT[c] == f) == total
    assert sorted(c for c in counts if cards.HYBRID[c]) == sorted(
        ["CO1*", "PA2*", "FI3*", "AV4*", "PI5*"])


def test_passion_repeat_without_one_readings():
    path = WITNESSES / "FRP-A9.json"
    penalty = replay(path, options={"passion-no-one-duplicate": "penalty"})
    zero = replay(path, options={"passion-no-one-duplicate": "zero"})
    assert penalty.scores == [-11, 0] and zero.scores == [0, 0]
    assert "FRP-6.7" in [e.rule for e in penalty.events[-1]]
    assert "FRP-6.6" in [e.rule for e in zero.events[-1]]
    assert replay(path).scores == penalty.scores  # penalty is the default


def test_other_fruits_repeat_without_one_score_zero_either_way():
    from spec.fruit_passion import scoring

    for reading in ("penalty", "zero"):
        assert scoring.stack_score((0, 2, 1, 0, 0), "common", no_one_dup=reading) == 0
        assert scoring.stack_score((0, 0, 0, 2, 0), "pomegranate", no_one_dup=reading) == 0
        # with a 1, the repeat spoils the passion fruit stack under both readings
        assert scoring.stack_score((1, 1, 0, 2, 0, 0, 0), "passion",
                                   no_one_dup=reading) == -11
