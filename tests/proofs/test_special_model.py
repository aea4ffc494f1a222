"""Tanuki Market's special carts on counts under TAN-A11 haul: the counts follow the Fruit
Salad cart's fruit from its cart to its taker's haul, so the model lets that cart lapse
exactly when the engine does."""
from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from proofs import agreement
from spec.tanuki_market.abstract import special_abstract

GAME, SPECIAL, HAUL = "tanuki-market", "special-carts", {"salad-move": "haul"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_salad_haul_counts_agree_with_the_engine(players: int) -> None:
    found = agreement.playouts(GAME, games=3, players=players, seed=9, options=HAUL,
                               variant=SPECIAL, favour=("salad",))
    assert found.ok and found.steps > 200, found.problems


def test_the_salads_fruit_is_followed_through_a_haul() -> None:
    """The walks reach states where the salad's fruit lies on its cart, is kept, and waits
    in a haul, and a salad made from the haul: the agreement is not vacuous."""
    g = engine.load(GAME, players=3, variant=SPECIAL, options=HAUL)
    seen: set[str] = set()
    rng = random.Random(9)
    for k in range(8):
        s = g.new(seed=k)
        while not g.is_over(s):
            a = special_abstract(g.config, s)
            seen |= {name for name, hit in (("cart", a["sf"]), ("kept", a["ks"]),
                                            ("haul", any(a["sh"]))) if hit}
            acts = g.legal_actions(s)
            salads = [x for x in acts if x.name == "salad"]
            act = rng.choice(salads if salads and rng.random() < 0.8 else acts)
            seen |= {"salad"} if act.name == "salad" else set()
            s, _ = g.step(s, act)
    assert seen == {"cart", "kept", "haul", "salad"}, seen


def test_seeded_fault_a_salad_cart_that_never_lapses_is_caught() -> None:
    """Under haul, a seat's salad cart kept waiting after its last card of the salad's
    fruit was laid (a counter not reset): the agreement check names the waiting cart."""
    g = engine.load(GAME, players=3, variant=SPECIAL, options=HAUL)
    honest = g._effects["lay"]

    def faulty(cfg: Any, s: Any, a: Any) -> Any:
        s2, events = honest(cfg, s, a)
        if s2.phase != "lay":
            return s2, events
        kept = tuple(k if k.startswith("salad-") and not k2 else k2
                     for k, k2 in zip(s.special, s2.special))
        return s2._replace(special=kept), events

    g._effects["lay"] = faulty
    found = agreement.playouts(g, games=6, seed=9, favour=("lay",))
    assert any("spec[" in p for p in found.problems), found.problems
