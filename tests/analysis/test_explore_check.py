"""The explorers re-run an invariant only where a field it reads changed
(engine.analysis.explore_check): the same counts, violations, paths and failing-state counts as
running every invariant on every state, and the derived fields cover what each invariant
reads on reachable states."""
from __future__ import annotations

import dataclasses

import pytest

import spec
from engine.analysis.explore import _settings, explore
from engine.analysis.explore_check import Checks, fields_read
from engine.core.game import Game
from spec.common.core import Invariant

CONFIGS = [("tindahan", "3p-plays-last-2-cards"), ("bastos", "three-seats-last-round-3-cards"),
           ("tanuki-market", "special-small-secret"), ("fruit-passion", "two-seats-short-deck")]


def _summary(r: dict) -> tuple:
    return ({k: r[k] for k in ("states", "terminal_states", "edges", "max_depth", "complete")},
            r["ok"], [(v["invariant"], v["path"], v["states"], v["message"])
                      for v in r["violations"]], r.get("outcomes"))


def _both(monkeypatch, game, **kw) -> tuple[dict, dict]:
    return explore(game, incremental=False, **kw), explore(game, incremental=True, **kw)


def _twisted(invs: tuple[Invariant, ...], effect_of=None) -> Game:
    """Tindahan with extra invariants and, optionally, a play effect that breaks a rule."""
    sp = spec.get("tindahan")
    moves = sp.moves
    if effect_of is not None:
        moves = tuple(dataclasses.replace(m, effect=effect_of(m.effect)) if m.name == "play"
                      else m for m in moves)
    twisted = dataclasses.replace(sp, invariants=sp.invariants + invs, moves=moves)
    c = sp.explore_configs()["3p-plays-last-2-cards"]
    return Game(twisted, twisted.configure(c["players"], None, c["options"]))


def _keeps_the_card(effect):
    """A broken play: after the second card of a trick the card stays in the hand too."""
    def play(cfg, s, a):
        s2, events = effect(cfg, s, a)
        if len(s2.trick) == 2:
            seat = a.player
            s2 = s2._replace(hands=s2.hands[:seat] + (s2.hands[seat] + a.args,)
                             + s2.hands[seat + 1:])
        return s2, events
    return play


#: planted violations: value-dependent reads (a field read only in some states), a failure
#: that its descendants inherit, and whole-state reads
PLANTED = (
    Invariant("TIN-I-t1", ("TIN-8.1",), "the leader is never seat 2 once a seller stands",
              lambda cfg, s: "seat 2 leads" if sum(s.placed) and s.leader == 2 else None),
    Invariant("TIN-I-t2", ("TIN-8.1",), "never two tricks won by seat 0 with the cart moved",
              lambda cfg, s: "two" if s.tricks_won[0] >= 1 and s.cart_moved else None),
    Invariant("TIN-I-t3", ("TIN-8.1",), "a state is never its own turn number",
              lambda cfg, s: "odd" if len(s) and s[7] == 1 and s[10] == 2 else None),
)


@pytest.mark.parametrize("fingerprints", [False, True])
@pytest.mark.parametrize("broken", [False, True])
def test_planted_violations_are_found_alike(monkeypatch, fingerprints, broken):
    game = _twisted(PLANTED, _keeps_the_card if broken else None)
    full, fast = _both(monkeypatch, game, config="3p-plays-last-2-cards",
                       fingerprints=fingerprints)
    assert not full["ok"]
    found = {v["invariant"] for v in full["violations"]}
    assert {"TIN-I-t1", "TIN-I-t2", "TIN-I-t3"} <= found
    assert ("TIN-I1" in found) == broken
    assert _summary(fast) == _summary(full)


@pytest.mark.parametrize("game,config", CONFIGS)
def test_every_game_walks_alike(monkeypatch, game, config):
    full, fast = _both(monkeypatch, game, config=config)
    assert _summary(fast) == _summary(full)


def test_two_workers_walk_alike(monkeypatch):
    game = _twisted(PLANTED, _keeps_the_card)
    full, fast = _both(monkeypatch, game, config="3p-plays-last-2-cards", workers=2)
    assert not full["ok"] and _summary(fast) == _summary(full)


def _states(game: Game, s0, limit: int) -> list:
    """The first ``limit`` states of a breadth-first walk."""
    seen, out = {s0}, [s0]
    for state in out:
        if len(out) >= limit:
            break
        if game.is_over(state):
            continue
        for a in game.legal_actions(state):
            s2 = game.apply(state, a)
            if s2 not in seen:
                seen.add(s2)
                out.append(s2)
    return out[:limit]


@pytest.mark.parametrize("name", ["tindahan", "bastos", "tanuki-market", "fruit-passion"])
def test_derived_fields_cover_what_each_invariant_reads(name):
    """On the reachable states of every configuration, each invariant reads only fields
    among those derived for it."""
    for config in spec.get(name).explore_configs():
        g, seed, setup = _settings(name, None, None, None, 0, None, config)
        s0 = g.new(seed=seed, setup=setup)
        checks = Checks(g, s0, incremental=True)
        states = _states(g, s0, 400)
        for inv, reads in zip(checks.invariants, checks.reads):
            if reads is None:
                continue
            for s in states:
                got = fields_read(inv.check, g.config, [s])
                assert got is not None and got <= reads, (config, inv.id, got, reads)


def test_whole_state_reads_and_crashes_run_everywhere():
    game = _twisted(PLANTED + (Invariant("TIN-I-t4", ("TIN-8.1",), "crashes",
                                         lambda cfg, s: s.nothing),))
    s0 = game.new(seed=0)
    checks = Checks(game, s0, incremental=True)
    reads = dict(zip((i.id for i in checks.invariants), checks.reads))
    assert reads["TIN-I-t3"] is None and reads["TIN-I-t4"] is None
    assert reads["TIN-I-t1"] >= {"placed", "leader"}
    assert reads["TIN-I1"] == {"fruits", "hands", "taken", "trick"}


def test_a_passing_view_is_not_checked_again_and_a_failing_one_always_is():
    """Two states with the same values of an invariant's fields share its verdict: a pass
    is remembered wherever the values come back, a failure is found (and counted) anew."""
    calls: list[int] = []

    def leader_not_two(cfg, s):
        calls.append(s.leader)
        return "seat 2 leads" if s.leader == 2 else None

    game = _twisted((Invariant("TIN-I-t5", ("TIN-8.1",), "seat 2 never leads",
                               leader_not_two),))
    s0 = game.new(seed=0)
    checks = Checks(game, s0, incremental=True)
    k = [i.id for i in checks.invariants].index("TIN-I-t5")
    assert checks.reads[k] == {"leader"}
    bit = 1 << k
    others = [s0._replace(turn=t, acted=1) for t in range(3)]  # other fields, same leader
    calls.clear()
    assert [checks.run(s, bit) for s in [s0, *others]] == [(0, [])] * 4
    assert calls == [s0.leader]  # checked once: the other three had its leader
    two = [s._replace(leader=2) for s in others]
    assert [checks.run(s, bit) for s in two] == [(bit, [("TIN-I-t5", "seat 2 leads")])] * 3
    assert calls == [s0.leader, 2, 2, 2]


def test_the_remembered_passes_are_bounded(monkeypatch):
    from engine.analysis import explore_check
    monkeypatch.setattr(explore_check, "PASSED_LIMIT", 2)
    game = _twisted(())
    s0 = game.new(seed=0)
    checks = Checks(game, s0, incremental=True)
    for turn in range(3):
        for acted in range(3):
            checks.run(s0._replace(turn=turn, acted=acted, leader=turn), checks.everything)
    assert all(len(p) <= 2 for p in checks._passed)
