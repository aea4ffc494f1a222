"""The design report on a toy game whose truth is known, and its statistics against scipy."""
from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

import pytest
from scipy import stats as sps

from spec.common import (OWNER, PUBLIC, SECRET, Catalogue, Clause, GameSpec, Move, Option,
                         Reading, Variant, ev)
from spec.common.core import IMPERFECT, SAMPLED, SEQUENTIAL, GameKind
from spec.common.moves import guard, pattern
from spec.common.rng import mix, shuffled

from engine.analysis.agents import seat_agents
from engine.analysis.report import stats
from engine.analysis.report.build import clause_verdict, report
from engine.analysis.report.metrics import RANGE
from engine.analysis.report.play import play
from engine.analysis.report.run import Row, Settings, clause_refs, headline
from engine.analysis.simulate import game_seed
from engine.core.game import Game

NAME = "tests.analysis.test_report:SPEC"


class State(NamedTuple):
    phase: str
    turn: int
    hands: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    rng: Any


def _play(cfg: Any, s: State, a: Any) -> tuple[State, list[Any]]:
    card = a.args[0]
    hands = list(s.hands)
    hands[a.player] = tuple(c for c in hands[a.player] if c != card)
    totals = list(s.totals)
    totals[a.player] += int(card[1:])
    over = not any(hands)
    if over and cfg.opt("bonus") == "gift":  # the planted effect: seat 0 gains 4 points
        totals[0] += 4
    if over and cfg.opt("bonus") == "nudge":  # noise about no effect: 3 points either way
        totals[0] += 3 if int(card[1:]) % 2 else -3
    return (s._replace(phase="over" if over else "play", turn=1 - s.turn, hands=tuple(hands),
                       totals=tuple(totals)),
            [ev("TOY-2", "{card} for {seat}", seat=a.player, card=card)])


PLAY = Move(name="play", rule="TOY-2", phases=frozenset({"play"}),
            actors=lambda cfg, s: (s.turn,),
            domain=lambda cfg, s, seat: ((c,) for c in s.hands[seat]),
            guards=(guard("TOY-2", lambda cfg, s, a: a.args[0] in s.hands[a.player],
                          "not held"),),
            effect=_play, parse=pattern(r"X\d+", what="a card"), doc="play", to=("play",))
# a planted dead clause: its move is never legal
PASS = Move(name="pass", rule="TOY-3", phases=frozenset({"play"}),
            actors=lambda cfg, s: (s.turn,), domain=lambda cfg, s, seat: [()],
            guards=(guard("TOY-3", lambda cfg, s, a: False, "never"),),
            effect=_play, parse=lambda args: None, doc="pass", to=("play",))


class ToySpec(GameSpec):
    def initial(self, cfg: Any, seed: Any, setup: Any) -> State:
        deck, rng = shuffled([f"X{i}" for i in range(1, 9)], mix(seed))
        return State("play", 0, (tuple(deck[:3]), tuple(deck[3:6])), (0, 0), rng)

    def scores(self, cfg: Any, state: State) -> list[int]:
        return list(state.totals)


SPEC = ToySpec(
    name="toy-report", prefix="TOY", title="Toy",
    catalogue=Catalogue("TOY", (Clause("TOY-1", "Two seats hold three cards.", "Setup"),
                                Clause("TOY-2", "Seats alternate playing a card.", "Play"),
                                Clause("TOY-3", "A seat may pass.", "Play")),
                        (Option("TOY-A1", "bonus", ("TOY-2",), "Play", "Is there a bonus?",
                                (Reading("none", "no bonus"), Reading("same", "no bonus either"),
                                 Reading("gift", "the first seat gains four"),
                                 Reading("nudge", "the first seat gains or loses three")),
                                "none",
                                "the simpler reading"),)),
    variants=(Variant(None, (2,), "base"),), state_type=State,
    visibility={"phase": PUBLIC, "turn": PUBLIC, "hands": OWNER, "totals": PUBLIC,
                "rng": SECRET},
    moves=(PLAY, PASS), notation_rule="TOY-2",
    kind=GameKind(SEQUENTIAL, SAMPLED, IMPERFECT, lambda cfg: 6))

FAST = Settings(agents="random", half_width=0.08, budget=60.0, first=200, ladder_games=4)


@pytest.fixture(scope="module")
def toy() -> dict[str, Any]:
    return report(NAME, settings=FAST, exact=False)


def _row(data: dict[str, Any], reading: str) -> dict[str, Any]:
    return next(r for r in data["readings"] if r["reading"] == reading)


def test_a_reading_that_changes_nothing_is_no_difference(toy: dict[str, Any]) -> None:
    row = _row(toy, "same")
    assert row["verdict"] == "no-difference" and row["equivalent"] is None
    assert row["metrics"]["winner_change"]["value"] == 0


def test_a_gift_to_the_first_seat_matters_with_its_sign(toy: dict[str, Any]) -> None:
    row = _row(toy, "gift")
    assert row["verdict"] == "matters"
    first = next(h for h in row["headline"] if h["seat"] == 0 and h["what"] == "win rate")
    assert first["ci95"][0] > 0
    assert row["metrics"]["score_shift"]["seats"][0]["value"] == pytest.approx(4)


def test_a_planted_dead_clause_is_dead(toy: dict[str, Any]) -> None:
    rows = {r["clause"]: r for r in toy["clauses"]}
    assert rows["TOY-3"]["verdict"] == "dead" and rows["TOY-2"]["verdict"] != "dead"


def test_every_named_metric_is_filled(toy: dict[str, Any]) -> None:
    names = {"balance", "advantage", "completion", "drawishness", "decision_moves",
             "branching_factor", "lead_change", "drama", "decisiveness", "duration",
             "score_shift", "winner_change", "skill_depth", "chance_vs_skill"}
    metrics = toy["baseline"]["metrics"]
    assert names <= set(metrics)
    assert all(math.isfinite(metrics[k]["value"]) for k in names)
    assert toy["baseline"]["verdict"] == "no-difference"


def test_every_figure_stays_in_its_range(toy: dict[str, Any]) -> None:
    """Shares in [0, 1] and their deltas in [-1, 1], chance versus skill in [-1, 1], a
    rung's edge in [-1/2, 1/2] with two players, whatever Student's interval says."""
    def inside(fig: dict[str, Any], lo: float, hi: float) -> bool:
        return all(lo <= v <= hi for v in (fig["value"], *fig["ci95"]))

    for row in [toy["baseline"], *toy["readings"]]:
        for name, (lo, hi) in RANGE.items():
            fig = row["metrics"][name]
            assert inside(fig, lo, hi), (name, fig)
            assert inside(fig["delta"], lo - hi, hi - lo), (name, fig["delta"])
        assert inside(row["metrics"]["winner_change"], 0.0, 1.0)
        assert all(inside(e, 0.0, 1.0) for e in row["endings"].values())
    metrics = toy["baseline"]["metrics"]
    assert inside(metrics["chance_vs_skill"], -1.0, 1.0)
    assert all(inside(r["edge"], -0.5, 0.5) for r in metrics["skill_depth"]["ladder"])


def test_a_variant_clause_is_played_barred_under_its_variant() -> None:
    """FRP-8.2 and FRP-8.4 belong to the one-player game (the base game never reaches
    them); FRP-3.3 shows itself in the usual two-player game and stays there."""
    where = clause_refs(("fruit-passion", 2, None, ()))
    assert where["FRP-8.2"][1:3] == where["FRP-8.4"][1:3] == (1, "solo")
    assert where["FRP-3.3"] == ("fruit-passion", 2, None, ())


def _null_verdict(k: int, n: int = 150) -> str:
    """A reading whose games differ from the default's by the agents' luck alone."""
    game = Game(SPEC, SPEC.configure(2, None, {}))
    seats = seat_agents(["random"], 2)
    seeds = [game_seed(k, i) for i in range(n)]
    base = [play(game, seats, game.new(seed=s), s) for s in seeds]
    row = Row("reading", (NAME, 2, None, ()),
              records=[play(game, seats, game.new(seed=s), game_seed(s, 7)) for s in seeds])
    heads = headline(row, base)
    return stats.verdict(heads, stats.holm([e.p for e in heads]), 0.08)


def test_null_comparisons_rarely_read_matters() -> None:
    verdicts = [_null_verdict(k) for k in range(20)]
    assert verdicts.count("matters") <= 2, verdicts
    assert report(NAME, readings=["none"], clauses=False, ladder=False, exact=False,
                  settings=Settings(agents="random", half_width=0.1, tolerance=0.15,
                                    first=150))["baseline"]["verdict"] == "no-difference"


@pytest.mark.parametrize("n", [2, 7, 40, 300])
def test_the_mean_interval_is_scipys(n: int) -> None:
    rng = random.Random(n)
    xs = [rng.gauss(0.3, 1.0) for _ in range(n)]
    e = stats.mean_ci(xs)
    ref = sps.ttest_1samp(xs, 0.0)
    low, high = ref.confidence_interval(0.95)
    assert (e.low, e.high, e.p) == pytest.approx((low, high, ref.pvalue), rel=1e-9)


def test_paired_differences_are_scipys_related_test() -> None:
    rng = random.Random(5)
    a = [rng.random() for _ in range(60)]
    b = [x + rng.gauss(0.05, 0.2) for x in a]
    assert stats.paired(b, a).p == pytest.approx(sps.ttest_rel(b, a).pvalue, rel=1e-9)


def test_holm_matches_its_definition() -> None:
    ps = [0.01, 0.04, 0.03, 0.2, 0.005]
    # Holm 1979: the k-th smallest times (m - k), made non-decreasing, capped at 1
    expected = {4: 0.025, 0: 0.04, 2: 0.09, 1: 0.09, 3: 0.2}
    assert stats.holm(ps) == pytest.approx([expected[i] for i in range(5)])


def test_verdict_rules() -> None:
    tight = stats.Estimate(0.01, -0.02, 0.04, 0.5, 100)
    wide = stats.Estimate(0.01, -0.2, 0.22, 0.9, 10)
    shifted = stats.Estimate(0.3, 0.2, 0.4, 1e-6, 100)
    assert stats.verdict([tight], [1.0], 0.08) == "no-difference"
    assert stats.verdict([wide], [0.9], 0.08) == "undecided"
    assert stats.verdict([tight, shifted], [1.0, 1e-5], 0.08) == "matters"
    assert clause_verdict(0.0, wide, 0.08, 0.2) == "dead"
    assert clause_verdict(2.0, tight, 0.08, 0.2) == "cosmetic"
    assert clause_verdict(2.0, stats.Estimate(-0.3, -0.35, -0.25, 0, 9), 0.08, 0.2) == "dominant"
    assert clause_verdict(2.0, shifted, 0.08, 0.2) == "ordinary"


def test_undecided_rows_are_sampled_again_by_the_stronger_agents() -> None:
    screening = Settings(agents="random", half_width=0.01, budget=0.01, first=20,
                         rerun="greedy", rerun_budget=5.0, ladder_games=2)
    data = report(NAME, readings=["bonus"], settings=screening, clauses=False, ladder=False,
                  exact=False)
    again = [r for r in data["readings"] if "screening" in r]
    assert again, [r["verdict"] for r in data["readings"]]
    assert all(r["agents"] == "greedy" and r["screening"]["agents"] == "random"
               and r["screening"]["verdict"] == "undecided" for r in again)
    assert data["rerun"] == {"agents": "greedy", "half_width": 0.1, "budget": 5.0}


def test_workers_change_nothing_but_the_time() -> None:
    def rows(workers: int) -> list[Any]:
        data = report(NAME, readings=["bonus"], clauses=False, exact=False,
                      settings=Settings(agents="random", half_width=0.2, budget=30.0,
                                        first=50, workers=workers, ladder_games=2))
        level = {k: data["baseline"]["metrics"][k] for k in ("skill_depth", "chance_vs_skill")}
        return [level] + [(r["reading"], r["games"], r["verdict"], r["metrics"])
                          for r in data["readings"]]

    assert rows(2) == rows(1)
