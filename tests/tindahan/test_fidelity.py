"""Tindahan rule fidelity, second pass: the empty round's 'best-scoring player' (TIN-A12),
the trump-stall tie (TIN-A3), the scoring example's seat count and the clauses that state
what the engine does without a rulebook sentence (TIN-3.8, TIN-3.9, TIN-6.14)."""
from __future__ import annotations

from pathlib import Path

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import spec
from engine.core.scenario import replay
from spec.tindahan.scoring import round_parts

WITNESSES = Path(spec.package_dir("tindahan")) / "witnesses"
AMONG = ("played", "others", "all", "at-least")


@pytest.mark.parametrize("among,round_two", [
    ("all", [10, 4, 5, 15, 15]), ("played", [10, 4, 5, 10, 10]),
    ("others", [10, 4, 5, 15, 14]), ("at-least", [10, 4, 5, 14, 15])])
def test_empty_round_witness_under_each_reading(among, round_two):
    """Seats 3 and 4 own 14 and 15 points of standing sellers in an empty round 2."""
    r = replay(WITNESSES / "TIN-A12.json", options={"empty-round-among": among})
    assert r.error is None
    assert list(r.state.rounds[1]) == round_two


@st.composite
def rounds(draw):
    n = draw(st.integers(3, 5))
    ints = lambda lo, hi: st.lists(st.integers(lo, hi), min_size=n, max_size=n)  # noqa: E731
    stalls = [draw(ints(0, 4)) for _ in range(5)]
    placed = [draw(st.integers(0, sum(row[i] for row in stalls))) for i in range(n)]
    return draw(ints(0, 4)), draw(ints(0, 10)), stalls, draw(st.integers(0, 4)), placed


@given(rounds(), st.sampled_from(AMONG))
def test_empty_round_readings_run_on_ints_and_z3_alike(data, among):
    tricks, hands, stalls, trump, placed = data
    want = round_parts(tricks, hands, stalls, trump, placed, empty_among=among)["final"]
    t = [z3.Int(f"t{i}") for i in range(len(tricks))]
    got = round_parts(t, hands, stalls, trump, placed, empty_among=among)["final"]
    subst = [(a, z3.IntVal(b)) for a, b in zip(t, tricks)]
    assert [z3.simplify(z3.substitute(g, *subst)).as_long() for g in got] == want


@given(rounds())
def test_only_all_and_at_least_never_lower(data):
    """TIN-P13 and TIN-P14 on ints; 'all' is the default."""
    parts = {a: round_parts(*data, empty_among=a) for a in AMONG}
    for among in ("all", "at-least"):
        assert all(f >= b for f, b in zip(parts[among]["final"], parts[among]["base"]))
    # with one empty seat, not above the best seat that played, 'all' agrees with 'played'
    p = parts["played"]
    empty = [i for i, e in enumerate(p["empty"]) if e]
    if len(empty) == 1 and p["base"][empty[0]] <= p["best"][empty[0]]:
        assert parts["all"]["final"] == p["final"]


def test_trump_tie_default_gives_two_tied_seats_four():
    """TIN-A3: the tie of two on the trump stall; the register's reason quotes these."""
    got = {v: replay(WITNESSES / "TIN-A3.json", options={"trump-tie": v}).state.rounds[-1]
           for v in ("split", "each", "none")}
    stall = {v: [p - q for p, q in zip(pts, got["none"])] for v, pts in got.items()}
    assert stall["split"][1:] == [1, 1] and stall["each"][1:] == [1, 1]
    from spec.tindahan.scoring import stall_points
    assert stall_points([0, 1, 1], True) == [0, 4, 4]
    assert stall_points([0, 1, 1], True, trump_tie="none") == [0, 3, 3]
    assert stall_points([0, 1, 1], False) == [0, 3, 3]


def test_a_set_up_without_bananas_is_described_as_it_is():
    """TIN-2.1: hands with no banana name the other fruits, not a banana they lack."""
    import engine
    g = engine.load("tindahan", players=3)
    hands = [["L1", "M1", "P1", "L2", "M2", "P2", "L3", "M3", "P3", "L4"], None, None]
    with pytest.raises(engine.SetupError, match=r"3 fruits besides bananas \(L, M, P\);"
                                                r" bananas are always in play"):
        g.new(seed=1, setup={"hands": hands})


def test_first_dealer_comes_from_the_seed_or_the_set_up():
    """TIN-2.6: no rulebook sentence names the first dealer."""
    import engine
    g = engine.load("tindahan", players=5)
    assert len({g.new(seed=k).dealer for k in range(30)}) == 5
    assert g.new(seed=4, setup={"dealer": 2}).dealer == 2
    assert g.spec.catalogue["TIN-2.6"].kind == "assumption"


def test_a_one_card_trick_is_worth_two():
    """TIN-6.14: the leader's lone card, every other seat placing a seller, wins 2 points."""
    import engine
    g = engine.load("tindahan", players=3)
    hands = [["B10", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"], None, None]
    s = g.new(seed=2, setup={"dealer": 2, "hands": hands})
    for a in ("p0: play B10", "p1: seller", "p2: seller"):
        s, events = g.step(s, a)
    won = next(e for e in events if e.rule == "TIN-4.4")
    assert won.data["seat"] == 0 and won.data["trick"] == ["B10"]
    assert s.tricks_won == (1, 0, 0)
    from spec.tindahan.game import round_points
    parts = round_points(g.config, s)
    assert parts["cards"][0] - parts["cards"][1] == 2 + (len(s.hands[1]) - len(s.hands[0]))


def test_refusals_cite_the_turn_order_and_the_game_end():
    """Out of turn: TIN-3.4; after the last round: TIN-8.1 (not the move's own clause)."""
    import engine
    g = engine.load("tindahan", players=3)
    s = g.new(seed=5, setup={"dealer": 2})
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, engine.Action(1, "play", (s.hands[1][0],)))
    assert info.value.rule == "TIN-3.4"
    while not g.is_over(s):
        s = g.apply(s, g.legal_actions(s)[0])
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "seller")
    assert info.value.rule == "TIN-8.1" and "over" in info.value.message


def test_assumptions_with_a_rival_name_it():
    """Issue 24: a clause that settles a question a rival reading also answers says so."""
    cat = spec.get("tindahan").catalogue
    assert "Rival reading, not taken" in cat["TIN-7.2"].source
    # issue 37: the lone-card trick's rival reading became a register entry of its own
    (entry,) = [o for o in spec.get("tindahan").options if "TIN-6.14" in o.clauses]
    assert entry.id == "TIN-A13" and entry.values == ("trick", "no-trick")
    assert "lone-card" in cat["TIN-6.14"].text


def test_a_lone_card_is_a_trick_or_no_trick_as_the_reading_says():
    """TIN-6.14 and TIN-A13: the witness's lone B10 is seat 0's fifth trick (2 points) by
    default; read as no trick it earns nothing, is said so, and seat 0 still leads."""
    from pathlib import Path
    from engine.core.scenario import replay
    path = Path(spec.package_dir("tindahan")) / "witnesses" / "TIN-A13.json"
    got = {v: replay(path, options={"lone-card": v}) for v in ("trick", "no-trick")}
    assert got["trick"].scores == [30, 30, 27] and got["no-trick"].scores == [28, 30, 27]
    assert [r.game.winners(r.state) for r in got.values()] == [[0, 1], [1]]
    for r in got.values():
        after_lone = r.states[3]
        assert after_lone.tricks_won[0] == 4 and after_lone.lone == (1, 0, 0)
        assert after_lone.leader == 0 and after_lone.placed == (0, 1, 1)
    said = [e.rule for batch in got["no-trick"].events for e in batch]
    assert said.count("TIN-6.14") == 1
    assert "TIN-6.14" not in [e.rule for batch in got["trick"].events for e in batch]


def test_lone_tricks_alone_make_an_empty_round_under_no_trick():
    """TIN-A13 no-trick with TIN-6.11: a seat whose only tricks held a single card and that
    placed no seller is in an empty round; by default it is not."""
    import engine
    from spec.tindahan.game import round_points
    for reading, empty in (("trick", False), ("no-trick", True)):
        g = engine.load("tindahan", players=3, options={"lone-card": reading})
        s = g.new(seed=2, setup={"dealer": 2})
        lead = s.hands[0][-1]
        for a in (f"p0: play {lead}", "p1: seller", "p2: seller"):
            s, _ = g.step(s, a)
        parts = round_points(g.config, s)
        assert s.lone == (1, 0, 0) and s.tricks_won == (1, 0, 0)
        assert bool(parts["empty"][0]) is empty
        assert parts["cards"][0] == (0 if empty else 2) - len(s.hands[0])
