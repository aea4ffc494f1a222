"""Properties of the whole game, by hypothesis (random games) and by exhaustive
exploration of small decks (every interleaving of the real-time deal)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spec
from engine.analysis.explore import explore
from spec.tanuki_market.cards import FRUIT_CARDS, GRANNY, TACO
from spec.tanuki_market.game import EXPLORE, automaton_choice, cards_counted, round_need
from spec.tanuki_market.state import AUTOMATON, CAPACITY, VISIBILITY

from .helpers import load, random_game

SPEC = spec.get("tanuki-market")
BASE_OPTIONS = {o.name: o.values for o in SPEC.options_for(None)}
SPECIAL_OPTIONS = {o.name: o.values for o in SPEC.options_for("special-carts")}
SOLO_OPTIONS = {o.name: o.values for o in SPEC.options_for("solo")}


def _options(table):
    return st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in table.items()})


def _check_invariants(game, s):
    for inv in SPEC.invariants:
        problem = inv.check(game.config, s)
        assert problem is None, f"{inv.id}: {problem}"


def _round_end_check(game, s, s2):
    """TAN-2.11: laying out starts with every seat holding exactly one cart."""
    if s.phase != "lay" and s2.phase == "lay":
        for seat in range(game.players):
            assert s2.taken.count(seat) == 1
        if game.variant == "solo":
            assert s2.taken.count(AUTOMATON) == 1


@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), options=_options(BASE_OPTIONS))
def test_base_game_properties(players, seed, options):
    game = load(players, None, **options)
    n = 0
    for s, a, s2 in random_game(game, seed):
        n += 1
        _check_invariants(game, s2)
        _round_end_check(game, s, s2)
        assert not s2.dry, "the deck ran dry before the game ended"
    assert n and game.is_over(s2)


@given(players=st.integers(2, 5), seed=st.integers(0, 2**31),
       options=_options(SPECIAL_OPTIONS))
def test_special_carts_capacity_and_secret_never_shown(players, seed, options):
    """The views are built from these visibility functions (checked once on a whole view
    in test_variants.test_secret_cart_views)."""
    game = load(players, "special-carts", **options)
    state = game.new(seed=seed, setup={"carts": ["secret", "large", "small", "move-S",
                                                 "salad-F"][:players]})
    for s, a, s2 in random_game(game, seed, state):
        _check_invariants(game, s2)
        for i, kind in enumerate(s2.kinds):
            extra = 1 if GRANNY in s2.carts[i] and options.get("granny-full") == "fourth" else 0
            assert cards_counted(game.config, s2.carts[i]) <= CAPACITY[kind] + extra
            if kind != "secret":
                continue
            for seat in [*range(players), None]:
                if seat in (s2.leader, s2.taken[i]):
                    continue
                shown = VISIBILITY["carts"](game.config, s2, s2.carts, seat)[i]
                assert all(c in (None, TACO, GRANNY) for c in shown), (seat, shown)
        if s2.phase == "lay":
            for seat in [*range(players), None]:
                hidden = VISIBILITY["haul_hidden"](game.config, s2, s2.haul_hidden, seat)
                for owner, value in enumerate(hidden):
                    if seat not in (owner, s2.leader):
                        assert isinstance(value, int)


@given(seed=st.integers(0, 2**31), options=_options(SOLO_OPTIONS))
def test_solo_game_always_ends_and_the_automaton_always_gets_one_cart(seed, options):
    game = load(1, "solo", **options)
    steps = 0
    for s, a, s2 in random_game(game, seed):
        steps += 1
        _check_invariants(game, s2)
        _round_end_check(game, s, s2)
        if s2.phase == "give":
            assert [x.name for x in game.legal_actions(s2)] == ["give", "give"]
    assert game.is_over(s2) and steps < 400
    assert len(game.scores(s2)) == 1
    assert isinstance(game.view(s2, 0)["automaton"]["score"], int)


CART = st.lists(st.sampled_from(FRUIT_CARDS + (GRANNY,)), max_size=4)


@given(a=CART, b=CART, reading=st.sampled_from(["sum", "each"]))
def test_automaton_choice_is_always_defined_and_symmetric(a, b, reading):
    game = load(1, "solo", **{"prefer-compare": reading})
    pick = automaton_choice(game.config, (tuple(a), tuple(b)))
    assert pick in (0, 1, None)
    swapped = automaton_choice(game.config, (tuple(b), tuple(a)))
    assert swapped == (None if pick is None else 1 - pick)
    if sorted(x[0] for x in a) == sorted(x[0] for x in b):
        assert pick is None


def test_fifteen_cards_under_granny_cover_any_round():
    for variant, n in ((None, 5), ("special-carts", 5), ("solo", 1)):
        game = load(n, variant, **({"granny-full": "fourth"} if variant != "solo" else {}))
        kinds = (("large", "small", "secret", "move-S", "salad-F")
                 if variant == "special-carts" else None)
        s = game.new(seed=1, setup={"carts": list(kinds)} if kinds else None)
        assert s.under == 15 and round_need(game.config, s.kinds) <= 15


@pytest.mark.parametrize("name", [n for n, c in EXPLORE.items() if not c.get("large")])
def test_exhaustive_exploration_of_small_decks(name):
    r = explore("tanuki-market", config=name, max_states=50_000)
    assert r["complete"], f"{name}: {r['states']} states and more"
    assert r["ok"], r["violations"]
    assert r["terminal_states"] > 0


@given(players=st.integers(2, 3), seed=st.integers(0, 2**31), steps=st.integers(0, 60),
       shuffle=st.integers(0, 2**31))
def test_resample_keeps_every_view_and_the_cards(players, seed, steps, shuffle):
    import random
    game = load(players, "special-carts")
    s = game.new(seed=seed, setup={"carts": ["secret", "large", "small"][:players]})
    for k, (_, _, s) in enumerate(random_game(game, seed, s)):
        if k >= steps:
            break
    for seat in [*range(players), None]:
        other = SPEC.resample(game.config, s, seat, random.Random(shuffle))
        assert game.view(other, seat) == game.view(s, seat)
        _check_invariants(game, other)
