"""Tanuki Market's solo game against the automaton (TAN-8) on counts: its obligations,
and the agreement with the engine that lets them speak for it."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.cli_support import cli
from proofs import agreement, obligations
from tests.proofs.test_obligations import _faulty

GAME, SOLO = "tanuki-market", "solo"
#: the automaton acts only after enough cards were placed on its carts, so the walks
#: favour placing, giving, drawing on and taking
FAVOUR = ("place", "give", "draw", "take")


def test_the_solo_game_has_obligations_of_its_own() -> None:
    """One player, two carts: IDs end in 1p; every move of the solo deal has its branch,
    and the automaton's moves are no seat's."""
    obs = [o for o in obligations.obligations(GAME, readings=False) if o.variant == SOLO]
    assert obs and all(o.id.endswith("-1p") and o.players == 1 for o in obs)
    moves = {o.move for o in obs}
    assert {"keep/deal", "place/deal", "take/deal", "draw/deal", "give/deal"} <= moves
    assert "taco/draw" not in moves
    assert {"TAN-I1", "TAN-I6", "measure", "playable"} <= {o.invariant for o in obs}


def test_a_solo_reading_runs_alone_by_its_id() -> None:
    oid = "TAN-O-take.deal-measure-1p-solo-stop=after-draw"
    ran = cli("prove", GAME, "--obligation", oid, "--json")
    assert ran.code == 0, ran.err
    (entry,) = json.loads(ran.out)
    assert (entry["status"], entry["reading"], entry["players"]) == \
        ("proved", "solo-stop=after-draw", 1)


@pytest.mark.parametrize("options", [None, {"solo-stop": "after-draw"},
                                     {"threshold-check": "full-first"},
                                     {"never-reached": "automaton-prefers"},
                                     {"day": "sunday"}, {"prefer-compare": "each"},
                                     {"solo-deck": "full"}], ids=str)
def test_solo_counts_agree_where_the_automaton_acts(options: dict[str, str] | None) -> None:
    """Under each reading the solo obligations read, play that places cards reaches the
    automaton's moves (TAN-8.5 .. 8.10), and the counts give the engine's own."""
    found = agreement.playouts(GAME, games=4, players=1, seed=11, options=options,
                               variant=SOLO, favour=FAVOUR)
    assert found.ok, found.problems
    assert found.steps > 200


def test_the_automatons_moves_are_walked() -> None:
    """The favoured walk does reach a cart the automaton takes, one the player gives it and
    a draw by choice: the agreement above is not about the player's moves alone."""
    import random

    import engine

    g = engine.load(GAME, players=1, variant=SOLO)
    seen: set[str] = set()
    rng = random.Random(11)
    for k in range(4):
        s = g.new(seed=11 + k)
        while not g.is_over(s):
            acts = g.legal_actions(s)
            liked = [a for a in acts if a.name in FAVOUR]
            act = rng.choice(liked if liked and rng.random() < 7 / 8 else acts)
            s, events = g.step(s, act)
            seen |= {e.rule for e in events}
    assert {"TAN-8.6", "TAN-8.7", "TAN-8.8", "TAN-8.9"} <= seen, seen


def test_seeded_fault_the_automatons_cart_never_reaches_its_pile() -> None:
    """A cart the automaton took whose cards never reach its pile when laying out begins
    (cards dropped). No obligation can see it, since the proofs read the counts' own
    effect; the agreement check names the pile's count, and conservation (TAN-I1)
    breaks with it."""
    def drop(s: Any, s2: Any) -> Any:
        return s2._replace(auto=s.auto) if s2.phase == "lay" and s.phase == "deal" else s2

    g = _faulty(GAME, 1, "take", drop, variant=SOLO)
    found = agreement.playouts(g, games=3, seed=11, favour=FAVOUR)
    assert any("(take/" in p and "auto:" in p for p in found.problems), found.problems
    assert any("TAN-I1" in p for p in found.problems)
