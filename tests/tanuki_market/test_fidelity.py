"""The second fidelity pass: each finding of the clause-by-clause audit, replayed.

One test (or a few) per finding: the readings added to the register (TAN-A19..A23), the
clauses that now name a rival reading, the citations and texts of the log.
"""
from __future__ import annotations

import pytest

import spec
from engine.analysis.ambiguities import register, witness_path
from engine.core.scenario import replay
from spec.common.errors import IllegalAction
from spec.tanuki_market import scoring
from spec.tanuki_market.cards import EFFECT_OF, standard_cards

from .helpers import load

SPEC = spec.get("tanuki-market")


def _witness(opt_id: str, value: str):
    opt = SPEC.catalogue.option(opt_id)
    return replay(witness_path("tanuki-market", opt), options={opt.name: value})


def _rules(events) -> list[str]:
    return [e.rule for e in events]


def _play(game, state, *actions):
    events = []
    for a in actions:
        state, evs = game.step(state, a)
        events += evs
    return state, events


# --- 1. solo: does the player see the next card before it stops? (TAN-A23) ---------------
SOLO_SETUP = {"cards": ["S", "S", "F", "W", "B", "P"],
              "deck": ["S", "S", "F", "W", "B", "GRANNY", "P"]}


def _solo_after_automaton(reading: str):
    game = load(1, "solo", day="tuesday", **{"solo-stop": reading})
    s, evs = _play(game, game.new(seed=0, setup=SOLO_SETUP), "place 1", "place 2", "place 1")
    assert "TAN-8.6" in _rules(evs) and s.taken == (-2, -1)  # S, F, S: 8 dots
    return game, s


def test_solo_player_stops_before_drawing_by_default():
    game, s = _solo_after_automaton("before-draw")
    assert s.hand == () and s.deck[0] == "W"
    assert sorted(str(a) for a in game.legal_actions(s)) == ["p0: draw", "p0: take 2"]
    assert "hand" not in game.view(s, 0) or game.view(s, 0)["hand"] == []
    taken, evs = game.step(s, "take 2")
    assert _rules(evs)[0] == "TAN-8.8" and not any("back on top" in e.text for e in evs)
    drawn, evs = game.step(s, "draw")
    assert drawn.hand == ("W",) and _rules(evs) == ["TAN-2.2"]
    with pytest.raises(IllegalAction) as info:
        game.apply(drawn, "take 2")
    assert info.value.rule == "TAN-2.13" and "solo-stop=before-draw" in str(info.value)


def test_solo_after_draw_reading_peeks_and_puts_the_card_back():
    game, s = _solo_after_automaton("after-draw")
    assert s.hand == ("W",) and game.view(s, 0)["hand"] == ["W"]
    assert "p0: draw" not in [str(a) for a in game.legal_actions(s)]
    s, evs = game.step(s, "take 2")
    assert _rules(evs)[:2] == ["TAN-8.8", "TAN-8.8"]
    assert "puts the drawn card back on top" in evs[0].text and s.deck[0] == "W"


def test_draw_is_refused_outside_its_moment():
    game = load(1, "solo")
    s = game.new(seed=0, setup=SOLO_SETUP)
    with pytest.raises(IllegalAction) as info:
        game.apply(s, "draw")
    assert info.value.rule == "TAN-8.8" and "already holds a drawn card" in str(info.value)
    base = load(2)
    with pytest.raises(IllegalAction) as info:
        base.apply(base.apply(base.new(seed=0, setup={"leader": 0}), "taco 1"), "p1: draw")
    assert info.value.rule == "TAN-8.8" and "only the solo player" in str(info.value)


# --- 2. the drawn card when the last seat takes a cart (TAN-A19) --------------------------
def test_undealt_card_goes_back_on_top_or_under_the_deck():
    top = _witness("TAN-A19", "top")
    bottom = _witness("TAN-A19", "bottom")
    back = [e for evs in top.events for e in evs if e.rule == "TAN-2.17"]
    assert back and "back on top of the deck (drawn-card=top)" in back[0].text
    # round 2: seat 0 keeps the top card, face down in its haul
    assert top.state.haul_hidden[0] == ("P",) and bottom.state.haul_hidden[0] == ("B",)
    assert "P" in bottom.state.deck[-3:]


def test_undealt_granny_is_named_in_the_event():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S", "GRANNY", "B"]})
    s, evs = _play(game, s, "taco 1", "keep 1")
    assert s.hand == ("GRANNY",) and "TAN-5.1" in _rules(evs)
    s, evs = game.step(s, "p1: take 2")
    (back,) = [e for e in evs if e.rule == "TAN-2.17"]
    assert "puts Granny back on top of the deck" in back.text


# --- 3. may the leader take a cart while it holds the drawn card? (TAN-A20) ---------------
def test_leader_take_reading_lets_the_leader_take_without_its_card():
    r = _witness("TAN-A20", "any")
    s, evs = _play(r.game, r.state, "p0: take 2", "place 1")
    # the leader has its (empty) cart and deals on: it has drawn the next card
    assert s.hand == ("P",) and s.taken == (-1, 0) and "TAN-2.6" in _rules(evs)
    s, evs = r.game.step(s, "p1: take 1")
    assert "TAN-2.17" in _rules(evs)  # P could go on no cart
    assert s.phase == "lay" and s.haul == ((), ("S",)) and s.taco == 1
    kept = _witness("TAN-A20", "keep-only")
    with pytest.raises(IllegalAction) as info:
        kept.game.apply(kept.state, "p0: take 2")
    assert info.value.rule == "TAN-2.13" and "leader-take=keep-only" in str(info.value)


# --- 4. special cart capacity: cards or fruit cards? (TAN-A21) ----------------------------
@pytest.mark.parametrize("reading,fruit_fits", [("cards", 1), ("fruit", 2)])
def test_small_cart_with_taco_takes_one_or_two_fruit(reading, fruit_fits):
    game = load(2, "special-carts", **{"special-capacity": reading})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["small", "large"],
                                "deck": ["S", "P", "B"]})
    s = game.apply(s, "taco 1")
    for _ in range(fruit_fits):
        s = game.apply(s, "place 1")
    with pytest.raises(IllegalAction) as info:
        game.apply(s, "place 1")
    assert info.value.rule == "TAN-2.7"
    assert len([c for c in s.carts[0] if c != "TACO"]) == fruit_fits


def test_fruit_capacity_witness_draws_one_card_more():
    cards, fruit = _witness("TAN-A21", "cards"), _witness("TAN-A21", "fruit")
    assert not any("draws" in e.text for e in cards.events[2])
    assert any("draws" in e.text for e in fruit.events[2])


# --- 5. solo tie (TAN-A22) and the solo result ---------------------------------------------
def test_solo_tie_strict_or_broken_by_bonus_points():
    strict, bonus = _witness("TAN-A22", "strict"), _witness("TAN-A22", "bonus")
    for r in (strict, bonus):
        assert r.scores == [6] and r.game.view(r.state, 0)["automaton"]["score"] == 6
    assert strict.game.winners(strict.state) == [] and bonus.game.winners(bonus.state) == [0]
    assert strict.game.view(strict.state, None)["automaton"]["winner"] == "automaton"
    assert bonus.game.view(bonus.state, None)["automaton"]["winner"] == "player"
    last = [e for e in strict.events[-1] if e.rule == "TAN-8.13"]
    assert last and last[0].text == "6 against 6: the automaton wins"


# --- 6. which points break a tie (TAN-5.7) -------------------------------------------------
def test_favorite_points_are_not_bonus_points_in_the_tie_break():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 1, "tables": [
        [["B/favorite", "B"], [], [], [], []], [["S", "S"], [], [], [], []]]})
    assert game.scores(s) == [5, 5]  # 2 + 3 (Favorite Fruit) against 2 + 3 (Taco)
    assert game.winners(s) == [1]
    assert "victory points" in SPEC.catalogue["TAN-5.7"].text


# --- 7. the log: citations and texts -------------------------------------------------------
def test_solo_take_cites_the_rule_that_allows_it():
    game = load(1, "solo")  # Monday: 10 dots, never reached with six 1-dot cards
    cards = ["W", "P"] * 4
    s = game.new(seed=0, setup={"cards": cards, "deck": cards[:6] + ["GRANNY"]})
    s, _ = _play(game, s, *["place 1", "place 2"] * 3)
    assert s.hand == () and s.taken == (-1, -1)  # both carts full: the player takes first
    s, evs = game.step(s, "take 1")
    assert _rules(evs)[0] == "TAN-8.10" and s.taken == (0, -2)


def test_solo_first_draw_is_part_of_the_setup():
    game = load(1, "solo")
    s = game.new(seed=0, setup=SOLO_SETUP)
    assert s.hand == ("S",) and game.view(s, 0)["hand"] == ["S"]
    assert "TAN-8.14" in SPEC.catalogue


@pytest.mark.parametrize("edge,words", [("inward", "must move table 5 left, the only way"),
                                        ("optional", "may move table 5 left or leave it")])
def test_edge_move_names_the_only_way(edge, words):
    game = load(2, **{"edge-move": edge})
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S/move", "F", "GRANNY"], "tables": [
        [["F"], ["B"], ["P"], ["W"], []], [[], [], [], [], []]]})
    s, _ = _play(game, s, "taco 1", "keep 2", "place 1", "p1: take 1")
    s, evs = game.step(s, "p0: lay S/move")
    assert evs[-1].rule == "TAN-3.6" and words in evs[-1].text
    assert "left or right" not in evs[-1].text


def test_thursday_note_counts_the_effect_cards_of_the_assumed_list():
    deck = standard_cards(two_player=True)
    assert len(deck) == 54 and sum(1 for c in deck if EFFECT_OF[c]) == 36
    assert "36 of the 54" in SPEC.catalogue["TAN-1.3"].text


# --- 8. settings are register entries too ----------------------------------------------------
@pytest.mark.parametrize("ident", ["TAN-A9", "TAN-A12"])
def test_settings_are_in_the_register_and_their_witnesses_run(ident):
    (entry,) = register(ident)
    assert entry["parts_ways"]
    assert ident in [e["id"] for e in register("tanuki-market", replay_witness=False)]


def test_verify_replays_the_settings_witnesses():
    from engine.cli.verify import _ambiguities

    rows = {r["check"]: r for r in _ambiguities() if r["game"] == "tanuki-market"}
    for ident in ("TAN-A9", "TAN-A12"):
        assert rows[f"ambiguity {ident}"]["ok"], rows[f"ambiguity {ident}"]


# --- 24. rival readings named; TAN-A5 ---------------------------------------------------------
def test_replacement_witness_numbers_match_its_text():
    once, each = _witness("TAN-A5", "once"), _witness("TAN-A5", "each")
    assert once.scores == [6, 3] and each.scores == [12, 3]
    opt = SPEC.catalogue.option("TAN-A5")
    assert opt.question.endswith("?") and len(opt.question) > 60


def test_plain_cart_holds_three_cards_taco_included():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S", "F", "B"]})
    s = _play(game, s, "taco 1", "place 1", "place 1")[0]
    with pytest.raises(IllegalAction) as info:
        game.apply(s, "place 1")
    assert info.value.rule == "TAN-2.7"
    assert "rival" in SPEC.catalogue["TAN-1.6"].text


def test_salad_pile_does_not_count_for_five_different():
    game = load(2, "special-carts")
    s = game.new(seed=0, setup={"leader": 1, "carts": ["small", "large"], "tables": [
        [["S"], ["F"], ["B"], ["P/five"], []], [[], [], [], [], []]]})
    with_salad = s._replace(salad=(("W",), ()))
    # tables 1 + 2 + 3 + 4 and the salad's 5 bonus points; no set of five fruits
    assert game.scores(with_salad)[0] == 1 + 2 + 3 + 4 + 5
    on_table = s._replace(tables=(s.tables[0][:4] + (("W",),), s.tables[1]))
    assert game.scores(on_table)[0] == 1 + 2 + 3 + 4 + 5 + 3  # the W on table 5 completes it


def test_thursday_counts_a_move_card_as_a_card_with_an_effect():
    per, with_effect, granny = scoring.pile_counts(["S/move", "F", "W/five"])
    assert with_effect == 2
    assert scoring.automaton_points("thursday", per, with_effect, granny) == 20
    assert "move effect" in SPEC.catalogue["TAN-8.12"].text
