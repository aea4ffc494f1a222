"""The reductions a spec declares are sound: exploring with and without them finds the
same invariant failures and the same outcomes, and the promises each declaration makes
(commuting actions commute, a persistent set's actions stay independent of the others,
a renaming maps plays onto plays) hold on every state of small configurations.

Tanuki Market declares all three (spec/tanuki_market/reduction.py); the other games
declare none, and asking for one names what a game declares.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import deque

import pytest

import spec
from engine.analysis.explore import _settings, explore
from engine.core.game import Game
from spec.common.core import Action, Invariant
from spec.common.errors import ConfigError
from spec.tanuki_market.reduction import cart_symmetry, grabs_commute, renumber_carts

TAN = "tanuki-market"
#: small Tanuki configurations: two and three seats, special carts, the solo game
SMALL = ["special-small-secret", "solo-sunday",
         pytest.param("3p-short-deck", marks=pytest.mark.slow)]
#: walked whole only under the thorough profile (seconds each, not milliseconds)
BIG = {"3p-short-deck", "special-move-salad"}


def _size(config: str, thorough: bool) -> None:
    if config in BIG and not thorough:
        pytest.skip("a larger configuration: run with --hypothesis-profile=thorough")
REDUCE = [("por",), ("symmetry",), ("por", "symmetry")]


def _with(config: str, *invs: Invariant) -> Game:
    """Tanuki Market, set as ``config`` is, with extra invariants (each symmetric under
    renumbering the carts)."""
    sp = spec.get(TAN)
    twisted = dataclasses.replace(sp, invariants=sp.invariants + invs)
    c = sp.explore_configs()[config]
    return Game(twisted, twisted.configure(c["players"], c.get("variant"),
                                           c.get("options") or {}))


#: failing invariants, to see that a reduction still finds what fails: a seat's own
#: laying out (what the persistent set of laying out defers), the race for carts (what
#: the commuting grabs prune) and a seat's haul (what the symmetry merges)
PENDING = Invariant("TAN-I-pending", ("TAN-3.5",), "no seat ever waits to move a table",
                    lambda cfg, s: "pending" if any(s.pending) else None)
TWO_TAKEN = Invariant("TAN-I-two", ("TAN-2.6",), "two carts are never taken while the"
                      " leader holds a card", lambda cfg, s: "two taken" if s.hand and sum(
                          t >= 0 for t in s.taken) >= 2 else None)
STRAWBERRY_TABLE = Invariant("TAN-I-s3", ("TAN-3.3",), "strawberries never lie on table 3",
                             lambda cfg, s: "S on 3" if any(
                                 t[2] and t[2][0][0] == "S" for t in s.tables) else None)
PROBES = (PENDING, TWO_TAKEN, STRAWBERRY_TABLE)


def _verdict(r: dict) -> tuple:
    return (sorted(v["invariant"] for v in r["violations"]), r["outcomes"], r["complete"])


@pytest.mark.parametrize("config", SMALL)
@pytest.mark.parametrize("reduce", REDUCE, ids="+".join)
def test_a_reduction_finds_the_same_failures_and_outcomes(config, reduce, thorough):
    _size(config, thorough)
    game = _with(config, *PROBES)
    full = explore(game, config=config)
    less = explore(game, config=config, reduce=reduce)
    assert _verdict(less) == _verdict(full)
    assert less["states"] <= full["states"] and less["edges"] <= full["edges"]
    if reduce == ("por",):  # laying out and the deal end alike: no final state is lost
        assert less["terminal_states"] == full["terminal_states"]
    for v in less["violations"]:  # each failure found comes with a path that replays
        from engine.core.scenario import load_scenario, replay
        assert replay(load_scenario(v["scenario"])).illegal_at is None


@pytest.mark.slow
def test_the_reductions_pay_off_on_three_seats(thorough):
    """The figures the reductions are for: fewer states and edges, the same verdict."""
    _size("3p-short-deck", thorough)
    full = explore(TAN, config="3p-short-deck")
    por = explore(TAN, config="3p-short-deck", reduce="por")
    both = explore(TAN, config="3p-short-deck", reduce=("por", "symmetry"))
    assert por["pruned"] > 0 and por["deferred"] > 0
    assert por["edges"] < 0.8 * full["edges"]
    assert both["states"] < full["states"] / 5
    assert _verdict(both) == _verdict(por) == _verdict(full)


def test_commuting_pruning_keeps_every_state_of_the_persistent_walk():
    """The sleep sets cut edges only: with commuting grabs declared or not, the same
    states (those of the persistent sets) are reached, at the same depths."""
    with_sleep = explore(TAN, config="special-small-secret", reduce="por")
    without = explore(_redeclare(independent=None), config="special-small-secret",
                      reduce="por")
    assert with_sleep["pruned"] > 0 == without["pruned"]
    assert (with_sleep["states"], with_sleep["max_depth"], with_sleep["terminal_states"]) == (
        without["states"], without["max_depth"], without["terminal_states"])
    assert with_sleep["edges"] < without["edges"]


def _redeclare(**fields) -> Game:
    """Tanuki Market's special carts with some declared reductions replaced."""
    sp = spec.get(TAN)
    cls = type(sp.__class__.__name__ + "Redeclared", (type(sp),),
               {"reductions": dataclasses.replace(sp.reductions, **fields)})
    twisted = cls(**{f.name: getattr(sp, f.name) for f in dataclasses.fields(sp)
                         if f.init})
    return Game(twisted, twisted.configure(2, "special-carts", {}))


# --- the promises behind each declaration, on every state ----------------------------------

def _states(config: str) -> tuple[Game, list]:
    g, seed, setup = _settings(TAN, None, None, None, 0, None, config)
    s0 = g.new(seed=seed, setup=setup)
    seen, queue = {s0}, deque([s0])
    while queue:
        s = queue.popleft()
        for a in g.legal_actions(s):
            t = g.apply(s, a)
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return g, sorted(seen, key=repr)


@pytest.mark.parametrize("config", ["3p-short-deck", "special-small-secret"])
def test_declared_commuting_grabs_commute(config):
    g, states = _states(config)
    pairs = 0
    for s in states:
        legal = g.legal_actions(s)
        for a, b in itertools.permutations(legal, 2):
            if not grabs_commute(g.config, s, a, b):
                continue
            pairs += 1
            after_a, after_b = g.apply(s, a), g.apply(s, b)
            assert b in g.legal_actions(after_a) and a in g.legal_actions(after_b)
            assert g.apply(after_a, b) == g.apply(after_b, a), (s, a, b)
    assert pairs > 0


@pytest.mark.parametrize("config", ["special-small-secret", *(pytest.param(
    c, marks=pytest.mark.slow) for c in sorted(BIG))])
def test_laying_out_seats_are_independent(config, thorough):
    """The persistent set's premise: while laying out, another seat's action neither
    enables nor disables a seat's actions, and the two orders meet."""
    _size(config, thorough)
    g, states = _states(config)
    checked = 0
    for s in states:
        if s.phase != "lay":
            continue
        legal = g.legal_actions(s)
        for a, b in itertools.permutations(legal, 2):
            if a.player == b.player:
                continue
            checked += 1
            after_b = g.apply(s, b)
            mine = lambda st: {x for x in g.legal_actions(st) if x.player == a.player}
            if g.is_over(after_b) or after_b.phase != "lay":
                pytest.fail(f"{b} ended laying out while seat {a.player} could act")
            assert mine(after_b) == mine(s)
            assert g.apply(g.apply(s, a), b) == g.apply(after_b, a)
    assert checked > 0


def _renumber_action(a: Action, order: list[int]) -> Action:
    if a.name in ("take", "keep", "place", "taco", "give"):
        return a._replace(args=(str(order.index(int(a.args[0]) - 1) + 1),))
    return a


@pytest.mark.parametrize("config", ["3p-short-deck", "special-small-secret", "solo-sunday"])
def test_renumbering_the_carts_maps_plays_onto_plays(config):
    g, states = _states(config)
    cfg = g.config
    n = len(states[0].kinds)
    for s in states[::max(1, len(states) // 300)]:  # a few hundred states of each
        legal = g.legal_actions(s)
        for order in itertools.permutations(range(n)):
            order = list(order)
            r = renumber_carts(s, order)
            assert sorted(g.legal_actions(r)) == sorted(_renumber_action(a, order)
                                                        for a in legal)
            for inv in g.spec.invariants:
                assert bool(inv.check(cfg, r)) == bool(inv.check(cfg, s))
            if g.is_over(s):
                assert g.scores(r) == g.scores(s) and g.winners(r) == g.winners(s)
            for a in legal:
                assert cart_symmetry(cfg, g.apply(r, _renumber_action(a, order))) == \
                    cart_symmetry(cfg, renumber_carts(g.apply(s, a), order))


# --- asking ------------------------------------------------------------------------------------

def test_workers_walk_the_reduced_graph_alike():
    one = explore(TAN, config="special-small-secret", reduce=("por", "symmetry"))
    two = explore(TAN, config="special-small-secret", reduce=("por", "symmetry"), workers=2)
    keys = ("states", "edges", "terminal_states", "max_depth", "pruned", "deferred",
            "outcomes")
    assert {k: one[k] for k in keys} == {k: two[k] for k in keys}


def test_a_reduction_a_game_does_not_declare_is_refused():
    with pytest.raises(ConfigError, match="declares no symmetry reduction"):
        explore("bastos", config="three-seats-last-round-3-cards", reduce="symmetry")
    with pytest.raises(ConfigError, match="unknown reduction 'magic'"):
        explore(TAN, config="solo-sunday", reduce=["magic"])


def test_the_command_takes_por_and_symmetry(capsys):
    import json

    from engine.cli.main import main

    def run(*argv: str) -> int:
        with pytest.raises(SystemExit) as done:
            main(["explore", *argv])
        return done.value.code

    assert run(TAN, "--config", "special-small-secret", "--por", "--symmetry", "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reduce"] == ["por", "symmetry"] and out["states"] < 1593
    assert run("tindahan", "--config", "4p-last-round-1-card", "--por") == 2
    assert "declares no por reduction" in capsys.readouterr().err


def test_a_named_configuration_is_walked_with_its_own_reductions(capsys):
    """The command walks a configuration as its manifest count was made (with the
    reductions it lists) unless told otherwise."""
    import json

    from engine.cli.main import main

    def run(*argv: str) -> int:
        with pytest.raises(SystemExit) as done:
            main(["explore", TAN, "--config", "3p-last-round-6-cards", "--max-states", "300",
                  *argv])
        return done.value.code

    assert run("--json") == 0
    assert json.loads(capsys.readouterr().out)["reduce"] == ["por", "symmetry"]
    assert run("--json", "--no-reduce") == 0
    assert json.loads(capsys.readouterr().out)["reduce"] == []
    assert run("--no-reduce", "--por") == 2
    assert "--no-reduce cannot be given with --por" in capsys.readouterr().err


def test_verify_takes_thorough(monkeypatch):
    """`fruitspec verify --thorough` explores the configurations whole."""
    from engine.analysis import explore as ex
    from engine.cli import verify as vf
    from engine.cli.main import build_parser

    assert build_parser().parse_args(["verify", "--thorough"]).thorough
    asked = []
    monkeypatch.setattr(ex, "explore_all", lambda small=True: asked.append(small) or [])
    vf._explorations(thorough=True)
    vf._explorations()
    assert asked == [False, True]


def test_a_large_configuration_is_walked_on_every_core_with_the_same_counts():
    """What `verify --thorough` and the manifest update do with a large configuration."""
    from engine.analysis.explore import FULL_STATES, _counts, _explore_config

    exact = explore(TAN, config="special-small-secret")
    wide = _explore_config(TAN, "special-small-secret", FULL_STATES, {"states": 10 ** 6})
    assert wide["fingerprints"] and _counts(wide) == _counts(exact)
