"""The rulebook's worked examples, replayed as scenario files (TAN-2.14, TAN-3.8, TAN-6.6)."""
from __future__ import annotations

import pytest

from spec.tanuki_market.scoring import table_breakdown, table_counts

from .helpers import SCENARIOS, run, scenario

FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("name", FILES)
def test_scenario_meets_its_expectations(name):
    r = run(scenario(name))
    assert r.ok, r.failures


def test_yaroslav_fig_goes_back_on_top_of_the_deck():
    r = run(scenario("yaroslav-fig-goes-back.json"))
    s = r.state
    assert s.deck[0] == "F"  # TAN-2.10: back on top
    assert s.haul[0] == ("S", "B", "W") and s.haul[1] == ("P",)
    assert s.taco == 1  # Varvara took Taco: she leads next


def test_yaroslav_keeping_the_fig_gets_four_cards_shown():
    r = run(scenario("yaroslav-four-cards.json"))
    s = r.state
    assert s.kept == ("F",) and s.shown
    assert len(s.carts[1]) + len(s.kept) == 4
    view = r.game.view(s, 1)
    assert view["kept"] == ["F"]  # shown to everyone (TAN-2.8)


def test_yaroslav_may_not_keep_the_fig_once_only_the_full_cart_is_left():
    data = scenario("yaroslav-fig-goes-back.json")
    data["actions"] = data["actions"][:6] + ["keep 2"]
    data["expect"] = {"illegal_at": 6}
    r = run(data)
    assert r.ok, r.failures
    assert r.error.rule == "TAN-2.3"  # the card went back: no drawn card to keep


def test_zoya_strawberries_end_on_table_four_and_table_three_fills_next():
    r = run(scenario("zoya-layout.json"))
    zoya = r.state.tables[0]
    assert zoya == (("B", "B", "B"), ("F",), ("P",), ("S", "S/move"), ())
    after_move = r.states[10].tables[0]
    assert after_move == (("B", "B", "B"), ("F",), (), ("S", "S/move"), ())


def test_zoya_may_move_left_instead_swapping_with_the_figs():
    data = scenario("zoya-layout.json")
    data["actions"] = data["actions"][:9] + ["move left"]
    data.pop("expect")
    r = run(data)
    assert r.ok, r.failures
    assert r.state.tables[0] == (("B", "B", "B"), ("S", "S/move"), ("F",), (), ())


def test_zoya_may_not_put_the_new_bananas_elsewhere_nor_skip_the_move():
    data = scenario("zoya-layout.json")
    data["actions"] = data["actions"][:9] + ["skip"]
    data["expect"] = {"illegal_at": 9}
    r = run(data)
    assert r.ok and r.error.rule == "TAN-3.5"


def test_scoring_example_per_table_totals():
    tables = [("B", "B/bitten"), ("F",) * 3 + ("F/five", "F/favorite"), ("W", "W/five"),
              ("S",) * 3 + ("S/replace", "S/favorite"), ("P/favorite", "P/bitten")]
    assert table_breakdown([table_counts(t) for t in tables]) == [-1, 22, 12, 18, 13]


def test_scoring_example_scores_67_and_beginners_score_less():
    r = run(scenario("scoring-67.json"))
    assert r.scores == [67, 3]
    assert r.game.view(r.state, None)["tables_points"][0] == [-1, 22, 12, 18, 13]
    plain = run(scenario("scoring-67.json"), effects="off")
    # beginners: 2*1 + 5*2 + 2*3 + 5*4 + 2*5 + Taco 3
    assert plain.scores == [51, 3]
