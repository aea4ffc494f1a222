"""Set-ups: what they fix, what the seed fills in, and what they refuse."""
from __future__ import annotations

import pytest

import engine
from spec.tindahan.state import CARDS_OF


def game(n=3, **options):
    return engine.load("tindahan", players=n, options=options)


@pytest.mark.parametrize("n,fruits", [(3, 3), (4, 4), (5, 5)])
def test_deal_uses_ten_cards_a_seat_and_keeps_bananas(n, fruits):
    for seed in range(5):
        s = game(n).new(seed=seed)
        assert len(s.fruits) == fruits and s.fruits[0] == "B"
        assert all(len(h) == 10 for h in s.hands)
        assert {c[0] for h in s.hands for c in h} == set(s.fruits)
        assert s.cart == 0 and s.supply == (9,) * n and s.round == 1
        assert s.leader == (s.dealer + 1) % n == s.turn


def test_removed_fruit_readings():
    assert game(3, **{"removed-fruits": "last-listed"}).new(seed=1).fruits == "BLM"
    assert game(4, **{"removed-fruits": "last-listed"}).new(seed=1).fruits == "BLMP"
    assert game(3, **{"removed-fruits": "scoring-example"}).new(seed=1).fruits == "BMD"
    assert game(4, **{"removed-fruits": "scoring-example"}).new(seed=1).fruits == "BMPD"
    drawn = {game(3).new(seed=k).fruits for k in range(40)}
    assert len(drawn) == 6  # every pair of non-banana fruits can leave


def test_given_hands_fix_the_fruits_and_the_rest_is_dealt():
    hands = [[f"M{v}" for v in range(1, 11)], None, None]
    s = game(3).new(seed=2, setup={"dealer": 1, "hands": hands})
    assert s.dealer == 1 and s.leader == 2 and "M" in s.fruits
    assert s.hands[0] == tuple(f"M{v}" for v in range(1, 11))
    assert sorted(c for h in s.hands for c in h) == sorted(
        c for f in s.fruits for c in CARDS_OF[f])


@pytest.mark.parametrize("setup,words", [
    ({"hands": [["B1"] * 10, None, None]}, "B1 is given twice"),
    ({"hands": [["B11", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10"], None, None]},
     "not a Tindahan card"),
    ({"hands": [["B1", "B2"], None, None]}, "seat 0's hand has 2 cards; 10 expected"),
    ({"hands": [None, None]}, "needs 3 entries"),
    ({"dealer": 3}, "'dealer' must be a seat from 0 to 2"),
    ({"dealer": 0, "leader": 2}, "seat 1, left of the dealer, starts"),
    ({"cart": "X"}, "'cart' must be the letter of a fruit in play"),
    ({"round": 4}, "'round' must be from 1 to 3"),
    ({"colour": "red"}, "unknown setup key(s) colour"),
    ({"hands": [["L1", "M1", "P1", "D1", "B1", "B2", "B3", "B4", "B5", "B6"], None, None]},
     "use 4 fruits besides bananas (D, L, M, P)"),
    ({"won": [[["B1", "B2"]], [], []]}, "a finished trick in a set-up holds one card"),
    ({"dealer": 2, "won": [[], [["B1", "B2", "B3"]], []]}, "seat 0 would start the trick"),
])
def test_broken_setups_are_refused_with_the_problem_named(setup, words):
    with pytest.raises(engine.SetupError) as info:
        game(3).new(seed=0, setup=setup)
    assert words in str(info.value)


def test_a_card_not_in_play_is_refused():
    g = game(3, **{"removed-fruits": "last-listed"})
    hands = [["D1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10"], None, None]
    with pytest.raises(engine.SetupError, match="card D1 is not in play"):
        g.new(seed=0, setup={"hands": hands})


def test_illegal_card_names_the_clause():
    g = game(3, **{"removed-fruits": "last-listed"})
    s = g.new(seed=0)
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "play D3")
    assert info.value.rule == "TIN-4.7" and "not in play" in info.value.message
    with pytest.raises(engine.IllegalAction) as info:
        g.step(s, "cart D")
    assert info.value.rule == "TIN-2.2"
    with pytest.raises(engine.MalformedAction):
        g.step(s, "play B11")


def test_dealer_chooses_the_cart_before_the_first_trick():
    g = game(3, **{"cart-start": "dealer-chooses"})
    s = g.new(seed=0, setup={"dealer": 1})
    assert s.phase == "start"
    assert sorted(map(str, g.legal_actions(s))) == sorted(f"p1: cart {f}" for f in s.fruits)
    s = g.apply(s, f"cart {s.fruits[1]}")
    assert s.phase == "trick" and s.cart == "BLMPD".index(s.fruits[1]) and s.turn == 2
