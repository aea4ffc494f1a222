"""Set-ups: what they fix, what the seed draws, and the problems they are refused for."""
from __future__ import annotations

import pytest

import engine
from spec.bastos.state import FRUIT, HAND


def _g(players: int = 3, **options: str) -> engine.Game:
    return engine.load("bastos", players=players, options=options)


@pytest.mark.parametrize("players", [3, 4])
def test_full_deal(players: int) -> None:
    g = _g(players)
    s = g.new(seed=7)
    assert [len(h) for h in s.hands] == [HAND[players]] * players
    cards = [c for h in s.hands for c in h] + ([s.leftover] if s.leftover else [])
    assert len(set(cards)) == len(cards) == (36 if players == 3 else 45)
    assert (s.leftover is None) == (players == 3)
    if players == 3:
        assert s.removed is not None and all(FRUIT[c] != s.removed for c in cards)
    assert s.phase == "choose" and g.actors(s) == list(range(players))
    assert s.leader == (s.dealer + 1) % players and s.round == 1


def test_same_seed_same_deal_and_seed_matters() -> None:
    g = _g(4)
    assert g.new(seed=3) == g.new(seed=3)
    assert g.new(seed=3).hands != g.new(seed=4).hands


def test_given_parts_are_kept_and_the_rest_drawn() -> None:
    g = _g(4)
    s = g.new(seed=1, setup={"dealer": 2, "hands": [["B1", "B2"], None, None, None],
                             "leftover": "D9", "short": True})
    assert s.dealer == 2 and s.leader == 3 and s.hands[0] == ("B1", "B2")
    assert s.leftover == "D9" and [len(h) for h in s.hands] == [2, 2, 2, 2]
    cards = [c for h in s.hands for c in h]
    assert len(set(cards)) == 8 and "D9" not in cards


def test_fixed_removed_fruit() -> None:
    s = _g(3, **{"removed-fruit": "banana"}).new(seed=2)
    assert s.removed == 0 and not any(c.startswith("B") for h in s.hands for c in h)


def test_drawn_removed_fruit_avoids_given_cards() -> None:
    for seed in range(10):
        s = _g(3).new(seed=seed, setup={"hands": [["B1"], ["L1"], ["M1"]],
                                        "short": True})
        assert s.removed in (3, 4)


@pytest.mark.parametrize(("players", "setup", "message"), [
    (3, {"hands": [["B1", "B1"], ["L1", "L2"], ["M1", "M2"]], "short": True},
     "card B1 is given twice"),
    (3, {"hands": [["B0"], ["L1"], ["M1"]]}, "unknown card 'B0'"),
    (3, {"hands": [["B10"], ["L1"], ["M1"]]}, "unknown card 'B10'"),
    (3, {"hands": [["B1", "B2"], ["L1"], ["M1"]]}, "equal sizes"),
    (4, {"hands": [[f"B{i}" for i in range(1, 10)] + ["L1"], None, None, None]},
     "wrong hand size 10: a hand holds 11 cards"),
    (3, {"hands": [["B1"], ["L1"], ["M1"]]}, "wrong hand size 1: .*short"),
    (3, {"short": True}, "short: true needs the hands"),
    (3, {"hands": [["B1"], ["L1"], ["M1"]], "short": 1}, "short must be true or false"),
    (3, {"hands": [["B1"], ["L1"]]}, "must list 3 seats"),
    (4, {"hands": [[f"B{i}" for i in range(1, 10)] + ["L1", "L2", "L3"], None, None, None]},
     "wrong hand size 12"),
    (3, {"hands": [["B1"], ["L1"], ["M1", ]], "leftover": "P1", "short": True}, "odd card"),
    (3, {"dealer": 3}, "dealer must be a seat from 0 to 2"),
    (3, {"round": 7}, "round must be from 1 to 6"),
    (4, {"totals": [1, 2]}, "totals must list 4 integers"),
    (3, {"hands": [["B1", "L1"], ["M1", "P1"], ["D1", "B2"]], "short": True},
     "all five fruits"),
    (4, {"hands": [["B1"], ["L1"], ["M1"], ["P1"]], "leftover": "B1", "short": True},
     "card B1 is given twice"),
    (3, {"deck": []}, "unknown set-up key"),
])
def test_broken_setups_are_refused(players, setup, message) -> None:
    with pytest.raises(engine.SetupError, match=message):
        _g(players).new(seed=0, setup=setup)


def test_card_of_fixed_removed_fruit_is_refused() -> None:
    with pytest.raises(engine.SetupError, match="removed"):
        _g(3, **{"removed-fruit": "durian"}).new(seed=0,
                                                 setup={"hands": [["D1"], ["L1"], ["M1"]],
                                                        "short": True})


def test_totals_and_round_carry_on() -> None:
    g = _g(3)
    s = g.new(seed=0, setup={"round": 6, "totals": [5, -1, 2], "dealer": 1,
                             "hands": [["B1", "B2"], ["L1", "B3"], ["M1", "B4"]],
                             "short": True})
    assert g.scores(s) == [5, -1, 2]
    for a in ["p0: bastos B1", "p1: bastos L1", "p2: bastos M1", "play B4", "play B2",
              "adjust B+1", "play B3"]:
        s = g.apply(s, a)
    assert g.is_over(s) and g.scores(s) == [5, -1, 2 + 3 * 2]
    assert g.spec.winners(g.config, s) == [2]


def test_refusals_of_a_second_pick_and_of_playing_out_of_turn() -> None:
    g = _g(3)
    s = g.new(seed=0, setup={"dealer": 2, "short": True,
                             "hands": [["B1", "B2"], ["L1", "L2"], ["M1", "M2"]]})
    s = g.apply(s, "p0: bastos B1")
    assert {a.player for a in g.legal_actions(s)} == {1, 2}
    with pytest.raises(engine.IllegalAction) as info:
        g.apply(s, "p0: bastos B2")
    assert info.value.rule == "BAS-3.1" and "already picked" in str(info.value)
    for a in ["p1: bastos L1", "p2: bastos M1"]:
        s = g.apply(s, a)
    with pytest.raises(engine.IllegalAction) as info:
        g.apply(s, "p2: play M2")
    assert info.value.rule == "BAS-4.2" and "seat 2 may not play now" in str(info.value)
