"""Tanuki Market: whole rare situations of the deal, the solo game and the special carts,
pinned down exactly (every event's rule ID and text, the refusal's clause and full text,
the state's changed fields), to kill the mutants of ``spec/tanuki_market/game.py`` that
survived the suite (``make mutate``). Expected values are worked out by hand from the
rulebook's clauses; the situations are reached through set-ups and the public actions."""
from __future__ import annotations

import json

import pytest

import engine

from .helpers import load


def _play(game, s, *actions):
    """Apply the actions; the events of each, as (rule, text) pairs."""
    told = []
    for a in actions:
        s, evs = game.step(s, a)
        told.append([(e.rule, e.text) for e in evs])
    return s, told


def _refusal(game, s, action) -> str:
    with pytest.raises(engine.IllegalAction) as info:
        game.step(s, action)
    return str(info.value)


def _solo(cards, **options):
    """A solo game over just ``cards`` (stacked in that order, Granny after them)."""
    game = load(1, "solo", **options)
    return game, game.new(seed=0, setup={"cards": cards, "deck": cards[:6] + ["GRANNY"]})


ALTERNATE = ["place 1", "place 2"] * 3  # TAN-8.4: the solo player alternates the carts


# --- TAN-8.8 draw: every reason it is refused, in every solo moment ------------------------
def test_both_carts_full_the_player_takes_first_and_may_not_draw():
    # Monday (10 dots): six 1-dot cards never reach it; never-reached=player-first
    game, s = _solo(["W", "P"] * 4)
    s, told = _play(game, s, *ALTERNATE)
    assert told[-1] == [("TAN-2.4", "seat 0 places P on cart 2 (now P, P, P)")]
    assert s.taken == (-1, -1) and s.hand == () and s.phase == "deal"
    assert _refusal(game, s, "draw") == ("TAN-8.8: the player draws by choice only once"
                                         " the automaton has its cart")


def test_the_automaton_prefers_a_full_cart_and_the_player_must_take_the_other():
    # never-reached=automaton-prefers: W W W against B P P, watermelons and pineapples
    # first: 3 against 2, the automaton takes cart 1 (TAN-8.6)
    game, s = _solo(["W", "B", "W", "P", "W", "P", "W", "P"],
                    **{"never-reached": "automaton-prefers"})
    s, told = _play(game, s, *ALTERNATE)
    assert told[-1] == [("TAN-2.4", "seat 0 places P on cart 2 (now B, P, P)"),
                        ("TAN-8.6", "the automaton takes cart 1 (W, W, W): both carts are"
                         " full")]
    assert s.taken == (-2, -1) and s.hand == () and s.phase == "deal"
    assert _refusal(game, s, "draw") == "TAN-8.8: the player's cart is taken or full: take it"
    s, told = _play(game, s, "take 2")
    assert told[-1] == [("TAN-8.8", "seat 0 takes cart 2 (B, P, P)"),
                        ("TAN-3.1", "every seat has its cart: laying out begins")]
    assert s.phase == "lay" and s.haul == (("B", "P", "P"),) and s.auto == ("W", "W", "W")


def test_draw_refusals_with_a_card_in_hand_and_under_the_after_draw_reading():
    game, s = _solo(["W", "P"] * 4)
    assert s.hand == ("W",)
    assert _refusal(game, s, "draw") == ("TAN-8.8: seat 0 already holds a drawn card:"
                                         " keep it or place it")
    late, s = _solo(["W", "P"] * 4, **{"solo-stop": "after-draw"})
    assert _refusal(late, s, "draw") == ("TAN-8.8: the next card is drawn by itself"
                                         " (solo-stop=after-draw)")
    base = load(2)
    s = base.apply(base.new(seed=0, setup={"leader": 0}), "taco 1")
    assert _refusal(base, s, "p1: draw") == ("TAN-8.8: only the solo player draws by"
                                             " choice; the leader draws by itself")


def test_the_solo_draw_may_meet_an_empty_deck():
    # Tuesday (8 dots): S, S, F: 3 + 3 + 2 = 8 with the third placement; S F against S:
    # bananas and figs first, 1 against 0, the automaton takes cart 1 (TAN-8.6)
    game, s = _solo(["S", "S", "F"], day="tuesday")
    s, told = _play(game, s, "place 1", "place 2", "place 1")
    assert told[-1] == [("TAN-2.4", "seat 0 places F on cart 1 (now S, F)"),
                        ("TAN-8.6", "the automaton takes cart 1 (S, F): 8 dots reach"
                         " tuesday's 8")]
    # the player draws on (solo-stop=before-draw): Granny, placed; then the deck is empty
    s, told = _play(game, s, "draw", "place 2", "draw")
    assert told == [[("TAN-5.1", "seat 0 draws Granny: this round is the last")],
                    [("TAN-5.2", "seat 0 places GRANNY on cart 2 (now S, GRANNY)")],
                    [("TAN-2.15", "the deck is empty: the deal stops, seats without a cart"
                      " take one as it is; this round is the last")]]
    assert (s.phase, s.last, s.dry, s.hand, s.deck, s.taken) == (
        "deal", True, True, (), (), (-2, -1))
    assert _refusal(game, s, "draw") == "TAN-8.8: the player's cart is taken or full: take it"


def test_alike_carts_are_given_and_the_player_draws_at_once_after_draw():
    # S F against S F: the automaton likes both alike (TAN-8.7); solo-stop=after-draw:
    # once the player gave it cart 2, the next card (Granny) is drawn at once
    game, s = _solo(["S", "S", "F", "F"], **{"solo-stop": "after-draw"})
    s, told = _play(game, s, "place 1", "place 2", "place 1", "place 2")
    assert told[-1] == [("TAN-2.4", "seat 0 places F on cart 2 (now S, F)"),
                        ("TAN-8.7", "the automaton likes both carts alike: the player"
                         " chooses its cart (give N)")]
    assert s.phase == "give"
    s, told = _play(game, s, "give 2")
    assert told[-1] == [("TAN-8.7", "the automaton takes cart 2 (S, F): seat 0 gives it"),
                        ("TAN-5.1", "seat 0 draws Granny: this round is the last")]
    assert s.taken == (-1, -2) and s.hand == ("GRANNY",) and s.phase == "deal"


# --- TAN-8.5, TAN-A13, TAN-A14: the placement that fills both carts and reaches the day's
# threshold (Tuesday: 8 dots): W W P on cart 1 (4 dots), W P S on cart 2 (5 dots) -------
TUESDAY = ["W", "W", "W", "P", "P", "S", "B", "B"]


@pytest.mark.parametrize("options,last", [
    # check-first: the automaton chooses at once; W+P: 3 against 2, cart 1
    ({}, [("TAN-8.6", "the automaton takes cart 1 (W, W, P): 8 dots reach tuesday's 8")]),
    # prefer-compare=each: W 2 >= 1 and P 1 >= 1, not the same: cart 1 still
    ({"prefer-compare": "each"},
     [("TAN-8.6", "the automaton takes cart 1 (W, W, P): 8 dots reach tuesday's 8")]),
    # full-first: both carts are full; never-reached=player-first: the player takes
    ({"threshold-check": "full-first"}, []),
    ({"threshold-check": "full-first", "never-reached": "automaton-prefers"},
     [("TAN-8.6", "the automaton takes cart 1 (W, W, P): both carts are full")]),
])
def test_the_threshold_met_by_the_last_placement(options, last):
    game, s = _solo(TUESDAY, day="tuesday", **options)
    s, told = _play(game, s, *ALTERNATE)
    assert told[-1] == [("TAN-2.4", "seat 0 places S on cart 2 (now W, P, S)")] + last
    assert s.taken == ((-2, -1) if last else (-1, -1)) and s.hand == ()


# --- TAN-2.15 (TAN-A8): the deck runs out while the last round is not yet announced ------
def _dry_deal(reading: str):
    """Two seats over S and F; Granny taken out of the deck (seat 1 holds it) through the
    dump, so that the deck runs out in a round not yet the last."""
    game = load(2, **{"deck-out": reading})
    s = game.apply(game.new(seed=0, setup={"leader": 0, "cards": ["S", "F"],
                                           "deck": ["S", "F", "GRANNY"]}), "taco 1")
    doc = json.loads(game.dumps(s))
    doc["state"]["deck"].remove("GRANNY")
    doc["state"]["granny"] = 1
    s = game.loads(json.dumps(doc))
    assert (s.hand, s.deck, s.last) == (("S",), ("F",), False)
    return game, s


def test_the_deck_runs_out_and_the_deal_stops():
    game, s = _dry_deal("last-round")
    s, told = _play(game, s, "place 1", "place 2")
    assert told[-1] == [("TAN-2.4", "seat 0 places F on cart 2 (now F)"),
                        ("TAN-2.15", "the deck is empty: the deal stops, seats without a"
                         " cart take one as it is; this round is the last")]
    view = game.view(s, None)
    assert (view["phase"], view["last"], view["dry"], view["hand"]) == ("deal", True, True, 0)


def test_the_deck_runs_out_and_laying_out_begins_at_once():
    game, s = _dry_deal("lay-out")
    s, told = _play(game, s, "place 1", "p1: take 1", "place 2")
    # cart 2 (F) was taken by nobody: it leaves the game, and the event counts it
    assert told[-1] == [("TAN-2.4", "seat 0 places F on cart 2 (now F)"),
                        ("TAN-2.15", "the deck is empty: the round ends at once and is"
                         " the last"),
                        ("TAN-2.15", "1 card(s) left on the carts leave the game"),
                        ("TAN-3.1", "every seat has its cart: laying out begins")]
    view = game.view(s, None)
    assert (view["phase"], view["last"], view["dry"]) == ("lay", True, True)
    assert view["haul"] == [[], ["S"]] and view["taco"] == 1 and s.out == ("F",)
    s, told = _play(game, s, "p1: lay S")
    assert game.is_over(s)  # the round was the last
    assert told[-1][1] == ("TAN-5.3", "the last round is over: the game ends")
    # TAN-4.1: the carts go back at the round's end, and the deal's empty-deck mark with them
    view = game.view(s, None)
    assert (view["dry"], view["taken"]) == (False, [-1, -1])


# --- TAN-3.6 (TAN-A6 edge-move=void): a move card on an edge table loses its effect ------
@pytest.mark.parametrize("tables,table", [
    ([["F"], ["B"], ["P"], ["W"], []], 5),
    ([[], ["B"], ["P"], ["W"], ["F"]], 1),
])
def test_a_move_card_on_either_edge_table_lapses_under_void(tables, table):
    game = load(2, **{"edge-move": "void"})
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S/move", "F", "GRANNY"],
                                "tables": [tables, [[], [], [], [], []]]})
    s, told = _play(game, s, "taco 1", "keep 2", "place 1", "p1: take 1", "p0: lay S/move")
    assert told[-1] == [
        ("TAN-3.3", f"seat 0 lays S/move on table {table}, the leftmost free one"),
        ("TAN-3.6", f"the move effect of S/move lapses on table {table}")]
    assert s.pending == (0, 0) and s.phase == "lay"


# --- TAN-2.17, TAN-5.2 (TAN-A7, TAN-A19): the leader holds Granny when the last seat takes
def _granny_in_hand(**options):
    game = load(2, **options)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S", "GRANNY", "B"]})
    s, _ = _play(game, s, "taco 1", "keep 1")
    assert s.hand == ("GRANNY",) and s.deck[:2] == ("B", "P/bitten")
    return game, s


@pytest.mark.parametrize("options,told,deck_top,deck_end,granny", [
    ({"granny-full": "fourth"}, ("TAN-5.2", "Granny joins seat 0's haul"),
     ("B", "P/bitten"), ("S/move", "P/move"), 0),
    ({"drawn-card": "bottom"}, ("TAN-2.17", "every seat has a cart: seat 0 puts Granny under"
                                " the deck (drawn-card=bottom)"),
     ("B", "P/bitten"), ("P/move", "GRANNY"), -1),
    ({}, ("TAN-2.17", "every seat has a cart: seat 0 puts Granny back on top of the deck"
          " (drawn-card=top)"), ("GRANNY", "B"), ("S/move", "P/move"), -1),
])
def test_the_last_seat_takes_a_cart_while_the_leader_holds_granny(options, told, deck_top,
                                                                  deck_end, granny):
    game, s = _granny_in_hand(**options)
    s, evs = _play(game, s, "p1: take 2")
    assert evs == [[("TAN-2.6", "seat 1 takes cart 2 (empty)"), told,
                    ("TAN-3.1", "every seat has its cart: laying out begins")]]
    assert (s.phase, s.hand, s.kept, s.granny) == ("lay", (), (), granny)
    assert s.deck[:2] == deck_top and s.deck[-2:] == deck_end
    assert game.view(s, 0)["hand"] == [] and game.view(s, 0)["haul_hidden"] == [["S"], []]


# --- TAN-2.13: the leader holding a card may not take, and says under which reading -------
def test_the_card_holder_refusal_names_its_reading():
    base = load(2)
    s = base.apply(base.new(seed=0, setup={"leader": 0}), "taco 1")
    assert _refusal(base, s, "p0: take 2") == (
        "TAN-2.13: seat 0 holds a drawn card: keep it with a cart or place it"
        " (leader-take=keep-only)")
    game, s = _solo(["S", "S", "F", "F"])
    s, _ = _play(game, s, "place 1", "place 2", "place 1", "place 2", "give 2", "draw")
    assert _refusal(game, s, "take 1") == (
        "TAN-2.13: seat 0 holds a drawn card: keep it with a cart or place it (it decided"
        " to go on filling its cart, solo-stop=before-draw)")


# --- TAN-3.5, TAN-3.6: the move effect is mandatory, and the refusal names the way -------
@pytest.mark.parametrize("tables,table,ways", [
    ([["F"], ["B"], ["P"], ["W"], []], 5, "move left"),
    ([[], ["B"], ["P"], ["W"], ["F"]], 1, "move right"),
    ([["F"], ["B"], [], ["W"], ["P"]], 3, "move left / move right"),
])
def test_skip_refusal_names_the_ways_the_table_may_move(tables, table, ways):
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "deck": ["S/move", "F", "GRANNY"],
                                "tables": [tables, [[], [], [], [], []]]})
    s, _ = _play(game, s, "taco 1", "keep 2", "place 1", "p1: take 1", "p0: lay S/move")
    assert s.pending == (table, 0)
    assert _refusal(game, s, "p0: skip") == (
        f"TAN-3.5: the move effect on seat 0's table {table} is mandatory: {ways}")


# --- TAN-7.5, TAN-9.1: the Fruit Salad cart with nothing to take, and from the haul ------
def test_salad_from_the_haul_tells_the_face_up_card_and_where_it_came_from():
    game = load(2, "special-carts", **{"salad-move": "haul"})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["S/bitten", "GRANNY", "W"]})
    s, _ = _play(game, s, "taco 2", "place 1", "place 1", "p1: take 1", "keep 2")
    assert _refusal(game, s, "p1: salad S/five") == (
        "TAN-7.5: seat 1 has no S/five in its haul; it may choose S (= S/bitten),"
        " S/bitten (or skip)")
    s, told = _play(game, s, "p1: salad S")
    assert told[0][0] == ("TAN-7.5", "seat 1 puts S/bitten on its fruit salad (from its"
                          " haul, unlaid)")
    assert s.salad[1] == ("S/bitten",) and s.haul[1] == () and s.special[1] == ""


def test_salad_refusal_from_the_haul_with_face_down_cards_only():
    game = load(2, "special-carts", **{"salad-move": "haul"})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["S/bitten", "W", "GRANNY"]})
    s, _ = _play(game, s, "taco 2", "p1: take 2", "keep 1")
    assert _refusal(game, s, "p0: salad S/five") == (
        "TAN-7.5: seat 0 has no S/five in its haul; it may choose a strawberry among its"
        " face-down cards, if it has one (or skip)")
    s, told = _play(game, s, "p0: salad S/bitten")
    assert told[0][0] == ("TAN-7.5", "seat 0 puts a strawberry card on its fruit salad"
                          " (from its haul, unlaid)")


# --- TAN-8.13, TAN-A22: the solo result, from the witness's final state changed ----------
def _solo_end(tables: list, auto: list, out: list, granny: int, tie: str = "bonus",
              salad: tuple = ()):
    """A finished solo game (Monday: 3 points per card on the automaton's pile) over the
    cards S F B W: the player's ``tables`` (and ``salad``: the solo carts have no Fruit
    Salad cart, but a loaded state may hold one, and it counts as everywhere else), the
    automaton's pile ``auto``, the rest out."""
    game = load(1, "solo", **{"solo-tie": tie})
    doc = json.loads(game.dumps(game.new(seed=0, setup={"cards": ["S", "F", "B", "W"],
                                                         "deck": ["S", "B", "F", "GRANNY",
                                                                  "W"]})))
    doc["state"].update(phase="over", deck=[], hand=[], last=True, tables=[tables],
                        auto=auto, out=out, granny=granny, under=0,
                        salad=[list(salad)])
    s = game.loads(json.dumps(doc))
    return game, s


EMPTY3 = [[], [], []]


@pytest.mark.parametrize("tables,auto,out,granny,tie,score,its,winner,winners,salad", [
    # S on table 1, F on 2, W on 3: 1 + 2 + 3 = 6 against B: 3
    ([["S"], ["F"], ["W"], [], []], ["B"], ["GRANNY"], -1, "strict", 6, 3, "player", [0], ()),
    # 3 against 3 (B); no bonus on either side: both win
    ([["S"], ["F"], [], [], []], ["B"], ["W", "GRANNY"], -1, "bonus", 3, 3, "both", [0], ()),
    # 3 against Granny (3, and 3 bonus points): the automaton wins the tie
    ([["S"], ["F"], [], [], []], ["GRANNY"], ["B", "W"], -1, "bonus", 3, 3, "automaton", [],
     ()),
    # 3 + Granny 3 = 6 against B W (6): the player's bonus wins the tie
    ([["S"], ["F"], [], [], []], ["B", "W"], [], 0, "bonus", 6, 6, "player", [0], ()),
    # S on table 1 + W on the salad (5) = 6 against B F (6): the salad's 5 bonus points win
    ([["S"], [], [], [], []], ["B", "F"], ["GRANNY"], -1, "bonus", 6, 6, "player", [0],
     ("W",)),
])
def test_the_solo_result(tables, auto, out, granny, tie, score, its, winner, winners, salad):
    game, s = _solo_end(tables, auto, out, granny, tie, salad)
    view = game.view(s, None)
    assert game.scores(s) == [score] and view["automaton"]["score"] == its
    assert view["automaton"]["winner"] == winner and game.winners(s) == winners


def test_salad_card_names_no_card_of_another_fruit_or_for_a_seat_without_the_cart():
    # salad_card (public: what "salad ARG" puts on the salad, None when the seat has no
    # such card) asked outside what the guard G_SALAD_CART lets through
    from spec.tanuki_market.game import salad_card

    game = load(2, "special-carts", **{"salad-move": "haul"})
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "large"],
                                "deck": ["S/bitten", "GRANNY", "W"]})
    s, _ = _play(game, s, "taco 2", "place 1", "place 1", "p1: take 1", "keep 2")
    assert s.special == ("", "salad-S") and s.haul[1] == ("S/bitten",)
    cfg = game.config
    assert [salad_card(cfg, s, 1, arg) for arg in ("S", "S/bitten", "S/five", "F", "W")] == [
        "S/bitten", "S/bitten", None, None, None]
    assert [salad_card(cfg, s, 0, arg) for arg in ("S", "W", "W/five")] == [None, None, None]


# --- a whole two-seat game over seven cards, every event pinned ---------------------------
# Round 1: seat 0 leads, keeps B with the empty cart 2; seat 1 takes cart 1 with Taco, S
# and F/move, lays F/move on table 2 and must move it (TAN-3.5). Round 2: seat 1 (Taco's
# taker, TAN-4.1) leads, fills cart 2, draws Granny (the last round, TAN-5.1), keeps it
# with the full cart 2 (4 cards, TAN-2.8), deals F, and the deck runs out (TAN-2.15).
# Scores (TAN-5.4: cards x table number): seat 0 B on 1, P on 2, F on 3: 1 + 2 + 3 = 6;
# seat 1 S S on 1, W on 2, F/move on 3: 2 + 2 + 3 = 7, + Taco 3 + Granny 3 = 13.
WHOLE_GAME = [
    ("taco 1", [("TAN-2.1", "seat 0 leads round 1 and puts Taco the Thief on cart 1"),
                ("TAN-2.2", "seat 0 draws a card (7 left in the deck)")]),
    ("place 1", [("TAN-2.4", "seat 0 places S on cart 1 (now TACO, S)"),
                 ("TAN-2.2", "seat 0 draws a card (6 left in the deck)")]),
    ("place 1", [("TAN-2.4", "seat 0 places F/move on cart 1 (now TACO, S, F/move)"),
                 ("TAN-2.2", "seat 0 draws a card (5 left in the deck)")]),
    ("keep 2", [("TAN-2.3", "seat 0 keeps the drawn card and takes cart 2 (empty)")]),
    ("p1: take 1", [("TAN-2.6", "seat 1 takes cart 1 (TACO, S, F/move)"),
                    ("TAN-3.1", "every seat has its cart: laying out begins")]),
    ("p0: lay B", [("TAN-3.3", "seat 0 lays B on table 1, the leftmost free one")]),
    ("p1: lay S", [("TAN-3.3", "seat 1 lays S on table 1, the leftmost free one")]),
    ("p1: lay F/move", [("TAN-3.3", "seat 1 lays F/move on table 2, the leftmost free one"),
                        ("TAN-3.5", "seat 1 must move table 2 left or right")]),
    ("p1: move right", [("TAN-3.5", "seat 1 moves table 2 to table 3"),
                        ("TAN-4.1", "the carts go back; seat 1, who took Taco, leads"
                         " round 2")]),
    ("p1: taco 2", [("TAN-2.1", "seat 1 leads round 2 and puts Taco the Thief on cart 2"),
                    ("TAN-2.2", "seat 1 draws a card (4 left in the deck)")]),
    ("p1: place 2", [("TAN-2.4", "seat 1 places W on cart 2 (now TACO, W)"),
                     ("TAN-2.2", "seat 1 draws a card (3 left in the deck)")]),
    ("p1: place 2", [("TAN-2.4", "seat 1 places S on cart 2 (now TACO, W, S)"),
                     ("TAN-2.2", "seat 1 draws a card (2 left in the deck)")]),
    ("p1: place 1", [("TAN-2.4", "seat 1 places P on cart 1 (now P)"),
                     ("TAN-5.1", "seat 1 draws Granny: this round is the last")]),
    ("p1: keep 2", [("TAN-2.8", "seat 1 keeps GRANNY and takes cart 2 (TACO, W, S): 4"
                     " cards, the kept one shown"),
                    ("TAN-2.2", "seat 1 draws a card (0 left in the deck)")]),
    ("p1: place 1", [("TAN-2.4", "seat 1 places F on cart 1 (now P, F)"),
                     ("TAN-2.15", "the deck is empty: the deal stops, seats without a cart"
                      " take one as it is; this round is the last")]),
    ("p0: take 1", [("TAN-2.6", "seat 0 takes cart 1 (P, F)"),
                    ("TAN-3.1", "every seat has its cart: laying out begins")]),
    ("p0: lay P", [("TAN-3.3", "seat 0 lays P on table 2, the leftmost free one")]),
    ("p0: lay F", [("TAN-3.3", "seat 0 lays F on table 3, the leftmost free one")]),
    ("p1: lay W", [("TAN-3.3", "seat 1 lays W on table 2, the leftmost free one")]),
    ("p1: lay S", [("TAN-3.4", "seat 1 lays S on table 1, with its fruit"),
                   ("TAN-5.3", "the last round is over: the game ends"),
                   ("TAN-5.4", "seat 0 scores 6: tables [1, 2, 3, 0, 0], bonus 0"),
                   ("TAN-5.4", "seat 1 scores 13: tables [2, 2, 3, 0, 0], bonus 6"),
                   ("TAN-5.6", "winner(s): seat(s) [1]")]),
]


def test_a_whole_two_seat_game_event_by_event():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "cards": ["S", "S", "F/move", "B", "W", "P", "F"],
                                "deck": ["S", "F/move", "B", "W", "S", "P", "GRANNY", "F"]})
    states = {}
    for i, (action, told) in enumerate(WHOLE_GAME):
        s, evs = game.step(s, action)
        assert [(e.rule, e.text) for e in evs] == told, (i, action)
        states[i] = s
    after_keep = game.view(states[3], None)
    assert (after_keep["taken"], after_keep["kept"], after_keep["shown"]) == ([-1, 0], 1, False)
    assert game.view(states[3], 0)["kept"] == ["B"]
    laying = states[4]
    assert (laying.haul, laying.haul_hidden, laying.taco, laying.carts) == (
        ((), ("S", "F/move")), (("B",), ()), 1, ((), ()))
    round2 = states[8]
    assert (round2.phase, round2.round, round2.leader, round2.taken, round2.taco,
            round2.tables[1]) == ("taco", 2, 1, (-1, -1), 1, (("S",), (), ("F/move",), (), ()))
    shown = game.view(states[13], None)
    assert (shown["kept"], shown["shown"], shown["taken"], shown["last"]) == (
        ["GRANNY"], True, [-1, 1], True)
    laying = states[15]
    assert (laying.haul, laying.haul_hidden, laying.taco, laying.granny) == (
        (("P", "F"), ("W", "S")), ((), ()), 1, 1)
    view = game.view(s, None)
    assert (game.scores(s), game.winners(s), view["bonus"], view["winners"]) == (
        [6, 13], [1], [0, 6], [1])


# --- the deal's refusals, each with its clause and full text -----------------------------
def test_deal_refusals_in_full():
    game = load(2)
    s = game.new(seed=0, setup={"leader": 0, "cards": ["S", "S", "F/move", "B", "W", "P", "F"],
                                "deck": ["S", "F/move", "B", "W", "S", "P", "GRANNY", "F"]})
    for action, _ in WHOLE_GAME[:3]:
        s = game.apply(s, action)  # cart 1: Taco, S, F/move (3 cards, full); B in hand
    assert _refusal(game, s, "place 1") == "TAN-2.7: cart 1 is full (3 cards)"
    assert _refusal(game, s, "p1: keep 2") == ("TAN-2.1: seat 1 is not the leader: seat 0"
                                               " leads this round and deals the cards")
    assert _refusal(game, s, "p1: take 3") == "TAN-1.6: there is no cart 3 (carts 1-2)"
    needs = load(2, **{"empty-cart": "needs-card"})
    s = needs.apply(needs.new(seed=0, setup={"leader": 0}), "taco 1")
    assert _refusal(needs, s, "p1: take 2") == (
        "TAN-2.16: cart 2 has no card on it: while the deal goes on, a cart is taken only"
        " once a card lies on it (empty-cart=needs-card)")
    solo, s = _solo(["W", "P"] * 4)
    s = solo.apply(s, "place 1")
    assert _refusal(solo, s, "place 1") == ("TAN-8.4: placements alternate: this card goes"
                                            " on the other cart")
    # the large cart (4 cards) full with Taco and three fruit: four-max (TAN-A10)
    large = load(3, "special-carts", **{"large-keep": "four-max"})
    s = large.new(seed=0, setup={"leader": 0, "carts": ["large", "small", "secret"],
                                 "deck": ["S", "F", "B", "W", "P", "S"]})
    s, _ = _play(large, s, "taco 1", "place 1", "place 1", "place 1")
    assert s.carts[0] == ("TACO", "S", "F", "B") and s.hand == ("W",)
    assert _refusal(large, s, "keep 1") == ("TAN-7.2: the leader may not get more than 4"
                                            " cards (large-keep=four-max)")
    assert _refusal(large, s, "place 1") == "TAN-2.7: cart 1 is full (4 cards)"


def test_a_seat_swaps_its_cart():
    # swap=yes (TAN-A3): seat 1 puts back cart 1 (Taco only) for cart 2 with S on it
    game = load(2, swap="yes")
    s = game.apply(game.new(seed=0, setup={"leader": 0, "deck": ["S", "F", "B"]}), "taco 1")
    s, told = _play(game, s, "p1: take 1", "place 2", "p1: take 2")
    assert told[-1] == [("TAN-2.12", "seat 1 puts cart 1 back"),
                        ("TAN-2.6", "seat 1 takes cart 2 (S)")]
    assert s.taken == (-1, 1) and s.hand == ("F",) and s.carts == (("TACO",), ("S",))


# --- the Move Fruit and Fruit Salad carts used, or declined, to the game's end -----------
SPECIAL_DEAL = ["taco 2", "place 1", "place 2", "p1: take 1", "keep 2", "p1: lay S",
                "p0: lay F"]


def _special_end():
    """Seat 0 (B on table 2) keeps Granny with the Move Fruit cart for figs (Taco, F);
    seat 1 (W on table 5) takes the Fruit Salad cart for strawberries (S); both lay."""
    game = load(2, "special-carts")
    s = game.new(seed=0, setup={"leader": 0, "carts": ["salad-S", "move-F"],
                                "deck": ["S", "F", "GRANNY"],
                                "tables": [[[], ["B"], [], [], []], [[], [], [], [], ["W"]]]})
    s, told = _play(game, s, *SPECIAL_DEAL)
    assert told[4] == [("TAN-5.2", "seat 0 keeps GRANNY and takes cart 2 (TACO, F)"),
                       ("TAN-3.1", "every seat has its cart: laying out begins")]
    assert told[6] == [("TAN-3.3", "seat 0 lays F on table 1, the leftmost free one")]
    assert (s.special, s.taco, s.granny) == (("move-F", "salad-S"), 0, 0)
    return game, s


def test_the_special_carts_used():
    game, s = _special_end()
    s, told = _play(game, s, "p0: shift F right", "p1: salad S")
    # seat 0: B on 1, F on 2: 1 + 2, + Taco and Granny 6 = 9; seat 1: W on 5 (5) + salad 5
    assert told == [
        [("TAN-7.4", "seat 0 uses its Move Fruit cart: table 1 (fig) goes to table 2")],
        [("TAN-7.5", "seat 1 puts S on its fruit salad (from table 1)"),
         ("TAN-5.3", "the last round is over: the game ends"),
         ("TAN-5.4", "seat 0 scores 9: tables [1, 2, 0, 0, 0], bonus 6"),
         ("TAN-5.4", "seat 1 scores 10: tables [0, 0, 0, 0, 5], bonus 5"),
         ("TAN-5.6", "winner(s): seat(s) [1]")]]
    assert s.tables == ((("B",), ("F",), (), (), ()), ((), (), (), (), ("W",)))
    assert s.salad == ((), ("S",)) and s.special == ("", "")
    assert game.winners(s) == [1] and game.view(s, None)["bonus"] == [6, 5]


def test_the_special_carts_declined():
    game, s = _special_end()
    s, told = _play(game, s, "p0: skip", "p1: skip")
    # seat 0: F on 1, B on 2: 1 + 2 + 6 = 9; seat 1: S on 1, W on 5: 1 + 5 = 6
    assert told == [
        [("TAN-7.4", "seat 0 does not use its move-F cart")],
        [("TAN-7.5", "seat 1 does not use its salad-S cart"),
         ("TAN-5.3", "the last round is over: the game ends"),
         ("TAN-5.4", "seat 0 scores 9: tables [1, 2, 0, 0, 0], bonus 6"),
         ("TAN-5.4", "seat 1 scores 6: tables [1, 0, 0, 0, 5], bonus 0"),
         ("TAN-5.6", "winner(s): seat(s) [0]")]]
    assert s.tables == ((("F",), ("B",), (), (), ()), (("S",), (), (), (), ("W",)))
    assert s.salad == ((), ()) and s.special == ("", "")


def test_the_solo_game_with_an_empty_deck_to_its_end():
    # the player takes cart 2 (S, Granny), lays S on table 1: 1 + Granny 3 = 4; the
    # automaton's pile S F on Tuesday (3 points each): 6
    game, s = _solo(["S", "S", "F"], day="tuesday")
    s, told = _play(game, s, "place 1", "place 2", "place 1", "draw", "place 2", "draw",
                    "take 2", "lay S")
    assert told[-2:] == [
        [("TAN-8.8", "seat 0 takes cart 2 (S, GRANNY)"),
         ("TAN-3.1", "every seat has its cart: laying out begins")],
        [("TAN-3.3", "seat 0 lays S on table 1, the leftmost free one"),
         ("TAN-5.3", "the last round is over: the game ends"),
         ("TAN-5.4", "seat 0 scores 4: tables [1, 0, 0, 0, 0], bonus 3"),
         ("TAN-8.12", "the automaton scores 6 on tuesday"),
         ("TAN-8.13", "4 against 6: the automaton wins")]]
    assert (s.phase, s.granny, s.auto, game.scores(s), game.winners(s)) == (
        "over", 0, ("S", "F"), [4], [])
    assert game.view(s, None)["automaton"]["winner"] == "automaton"


# --- three seats, special carts: the secret cart's card face down to its laying ----------
SECRET_ROUND = [
    ("taco 1", [("TAN-2.1", "seat 0 leads round 1 and puts Taco the Thief on cart 1"),
                ("TAN-2.2", "seat 0 draws a card (72 left in the deck)")]),
    ("place 1", [("TAN-7.3", "seat 0 places a card face down on cart 1"),
                 ("TAN-2.2", "seat 0 draws a card (71 left in the deck)")]),
    ("p1: take 1", [("TAN-2.6", "seat 1 takes cart 1 (TACO, 1 face down)")]),
    ("keep 2", [("TAN-2.3", "seat 0 keeps the drawn card and takes cart 2 (empty)"),
                ("TAN-2.2", "seat 0 draws a card (70 left in the deck)")]),
    ("place 3", [("TAN-2.4", "seat 0 places B on cart 3 (now B)"),
                 ("TAN-2.2", "seat 0 draws a card (69 left in the deck)")]),
    ("place 3", [("TAN-2.4", "seat 0 places W on cart 3 (now B, W)"),
                 ("TAN-2.2", "seat 0 draws a card (68 left in the deck)")]),
    ("p2: take 3", [("TAN-2.6", "seat 2 takes cart 3 (B, W)"),
                    ("TAN-2.17", "every seat has a cart: seat 0 puts the drawn card back on"
                     " top of the deck (drawn-card=top)"),
                    ("TAN-3.1", "every seat has its cart: laying out begins")]),
    ("p1: lay S", [("TAN-3.3", "seat 1 lays S on table 1, the leftmost free one")]),
    ("p0: lay F/move", [("TAN-3.3", "seat 0 lays F/move on table 1, the leftmost free one"),
                        ("TAN-3.6", "seat 0 must move table 1 right, the only way from the"
                         " edge")]),
    ("p0: move right", [("TAN-3.5", "seat 0 moves table 1 to table 2")]),
    ("p2: lay W", [("TAN-3.3", "seat 2 lays W on table 1, the leftmost free one")]),
    ("p2: lay B", [("TAN-3.3", "seat 2 lays B on table 2, the leftmost free one"),
                   ("TAN-4.1", "the carts go back; seat 1, who took Taco, leads round 2")]),
]


def test_a_secret_cart_round_event_by_event():
    game = load(3, "special-carts")
    s = game.new(seed=0, setup={"leader": 0, "carts": ["secret", "small", "large"],
                                "deck": ["S", "F/move", "B", "W", "P", "GRANNY"]})
    states = []
    for i, (action, told) in enumerate(SECRET_ROUND):
        s, evs = game.step(s, action)
        assert [(e.rule, e.text) for e in evs] == told, (i, action)
        states.append(s)
    laying = states[6]
    assert (laying.haul, laying.haul_hidden, laying.taco, laying.deck[0]) == (
        ((), (), ("B", "W")), (("F/move",), ("S",), ()), 1, "P")
    assert game.view(laying, 2)["haul_hidden"] == [1, 1, []]
    assert game.view(states[8], None)["pending"] == [1, 0, 0]
    assert (s.phase, s.round, s.leader, s.taken, s.tables) == (
        "taco", 2, 1, (-1, -1, -1),
        (((), ("F/move",), (), (), ()), (("S",), (), (), (), ()), (("W",), ("B",), (), (), ())))


# --- the move and skip domains: the adapters' action index is built from the domains -----
@pytest.mark.parametrize("variant", [(), ("special-carts",)])
def test_move_and_skip_are_offered_only_to_a_seat_with_something_pending(variant):
    """A domain offering an action no state allows would add a dead action to the
    adapters' index (engine/adapters/encoding.py lists the domains, not the legal actions)."""
    import random

    game = load(3, *variant)
    by_name = {m.name: m for m in game.spec.moves}
    rng, seen = random.Random(7), 0
    for seed in range(6):
        s = game.new(seed=seed)
        while not game.is_over(s):
            for seat in range(3):
                pending = bool(s.pending[seat])
                offered = bool(by_name["move"].domain(game.config, s, seat))
                assert offered == pending, (seed, seat)
                skip = bool(by_name["skip"].domain(game.config, s, seat))
                assert skip == (pending or bool(s.special[seat])), (seed, seat)
                seen += pending
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert seen  # some seat had a move to make
