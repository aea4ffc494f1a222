"""`spec.common.core` at test time: a game spec built here, resampling and event JSON.

Every game builds its spec when its module is imported, before a test can change anything,
so these tests build specs of their own from a real game's parts and check what the spec
machinery does with them exactly: the moves listed per phase, a field left without a
visibility refused by name, what resampling may change for a seat, and how event data
becomes JSON.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

import engine
import spec
from spec.common.core import HIDDEN, OWNER, SECRET, GameSpec, ev


def _rebuilt(name: str, **changes):
    """The game's spec built afresh from its parts (its move tables included)."""
    return dataclasses.replace(spec.get(name), **changes)


@pytest.mark.parametrize("name", ["tindahan", "bastos", "tanuki-market", "fruit-passion"])
def test_a_spec_lists_each_phase_moves_in_their_declared_order(name) -> None:
    built = _rebuilt(name)
    assert built._by_phase is not spec.get(name)._by_phase  # tables of its own
    phases = {ph for mv in built.moves for ph in mv.phases}
    for ph in phases:
        assert built.moves_in(ph) == tuple(mv for mv in built.moves if ph in mv.phases)
    assert built.moves_in("no such phase") == ()
    assert all(built.move(mv.name) is mv for mv in built.moves)
    assert built.move("no-such-move") is None


def test_a_field_without_a_visibility_is_refused_by_name() -> None:
    visibility = dict(spec.get("bastos").visibility)
    del visibility["hands"], visibility["rng"]
    with pytest.raises(ValueError) as err:
        _rebuilt("bastos", visibility=visibility)
    assert str(err.value) == "bastos: fields without visibility: ['hands', 'rng']"


def _midgame(name: str, players: int, steps: int = 6):
    game = engine.load(name, players=players)
    state = game.new(seed=3)
    for _ in range(steps):
        state, _ = game.step(state, game.legal_actions(state)[0])
    return game, state


def test_resampling_reshuffles_what_is_hidden_and_draws_a_new_secret() -> None:
    game, state = _midgame("tanuki-market", 3, steps=2)
    kinds = game.spec.visibility
    hidden = [f for f, k in kinds.items() if k == HIDDEN and isinstance(getattr(state, f), tuple)
              and len(set(getattr(state, f))) > 2]
    secret = [f for f, k in kinds.items() if k == SECRET]
    assert hidden and secret
    seen_changed, big_secret = set(), False
    for seed in range(12):
        # the generic resampling (Tanuki Market's own adds its card marks on top)
        other = GameSpec.resample(game.spec, game.config, state, 0, random.Random(seed))
        for f, k in kinds.items():
            before, after = getattr(state, f), getattr(other, f)
            if k == HIDDEN and isinstance(before, tuple):
                assert sorted(after) == sorted(before)  # the same cards, in another order
                seen_changed |= {f} if after != before else set()
            elif k == SECRET:
                assert isinstance(after, int) and 0 <= after < 2**63
                big_secret |= after >= 2**62
            elif k != OWNER:
                assert after == before, f  # what every seat sees never moves
    assert seen_changed == set(hidden)
    assert big_secret  # drawn from the whole 63-bit range, not a small one


def test_event_data_becomes_json_with_sets_in_the_order_of_their_text() -> None:
    event = ev("TIN-1.1", "seat {seat}", seat=2, cards=frozenset({9, 10}), by={1: (3, 4)})
    assert event.to_json() == {"rule": "TIN-1.1", "text": "seat 2",
                               "data": {"seat": 2, "cards": [10, 9], "by": {"1": [3, 4]}}}


@pytest.mark.parametrize("name,players", [("tindahan", 3), ("bastos", 4), ("tanuki-market", 3),
                                          ("fruit-passion", 2)])
def test_validate_passes_a_sound_state_and_names_the_first_broken_invariant(name, players) -> None:
    game, state = _midgame(name, players)
    assert GameSpec.validate(game.spec, game.config, state) is None
    broken = dataclasses.replace(game.spec.invariants[0], check=lambda cfg, s: "wrong")
    other = dataclasses.replace(game.spec.invariants[-1], check=lambda cfg, s: "later")
    rebuilt = _rebuilt(name, invariants=(*game.spec.invariants, broken, other))
    assert rebuilt.validate(game.config, state) == f"{broken.id}: wrong"


def test_the_generic_hooks_a_spec_inherits() -> None:
    """What GameSpec gives a game that does not say otherwise: over in phase "over",
    the best scores win (ties share), any object as a set-up; an action writes itself in
    notation."""
    from spec.common.core import Action
    from tests.core.toy import SPEC as TOY

    cfg = TOY.configure(2, None, None)
    s = TOY.initial(cfg, 0, None)
    assert not GameSpec.is_over(TOY, cfg, s)
    assert GameSpec.is_over(TOY, cfg, s._replace(phase="over"))
    assert GameSpec.winners(TOY, cfg, s._replace(totals=(3, 5))) == [1]
    assert GameSpec.winners(TOY, cfg, s._replace(totals=(4, 4))) == [0, 1]
    assert GameSpec.setup_schema(TOY) == {"type": "object"}
    assert Action(1, "play", ("X2",)).to_json() == "p1: play X2"
    assert Action(0, "pass", ()).to_json() == "p0: pass"
