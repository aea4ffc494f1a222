"""Property-based fuzzing of everything a file or a client can hand the engine.

For every game and configuration: dumps tampered with field by field (types, ranges, card
names, sizes, nesting, missing and unknown fields), raw JSON text cut and spliced, garbage
action strings and objects, garbage set-ups, options and scenarios. The property is always
the same: a typed fruitspec error (a subclass of :class:`engine.FruitspecError`) or a
result the engine can go on with; never another exception; the input unchanged.

Under the ``ci`` profile this runs in seconds; ``--hypothesis-profile=thorough`` explores
twenty-five times as many inputs. ``COUNTS`` tallies what was tried, per category.
"""
from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
import spec
from engine.analysis.length import LengthGuard
from engine.core.scenario import load_scenario, replay

from tests.core.helpers import configurations, random_state

CONFIGS = configurations()
GAMES = sorted({g for g, _, _ in CONFIGS})
# each test runs once per game and draws the player count and variant, so the ci profile's
# examples are shared among a game's configurations instead of repeated for each one
CONFIG = {g: st.sampled_from([c for c in CONFIGS if c[0] == g]) for g in GAMES}
COUNTS: Counter = Counter()  # inputs tried per category (printed by the last test)

pytestmark = pytest.mark.skipif(not CONFIGS, reason="no game registered yet")

# names that look like cards of one game or another, and near misses
CARDLIKE = ["B7", "B10", "B11", "B0", "M2", "D1", "ZZ", "", " ", "b7", "PI5*", "PI5", "CO1",
            "PF7", "PF8", "S", "F/move", "W/bitten", "X/move", "GRANNY", "TACO", "granny",
            "B7 ", "\u0663", "\x00", "over", "trick", "plain", "large", "secret", "nope"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-2**70, 2**70),
    st.sampled_from([2**63, 2**64 - 1, 2**64, -2**63, 10**18]),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(CARDLIKE),
    st.text(max_size=8))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=10)


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    """With FUZZ_COUNTS=1 (and ``-s``), print what the fuzzing tried, per category."""
    yield
    if os.environ.get("FUZZ_COUNTS"):
        print("\nboundary fuzz, inputs tried:", dict(sorted(COUNTS.items())))


def _game(cfg: tuple[str, int, str | None]) -> engine.Game:
    name, n, variant = cfg
    return engine.load(name, players=n, variant=variant)


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree: dict keys and list positions, the root's fields too."""
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _tamper(data: st.DataObject, doc: dict) -> str:
    """One change to one place of a dumped document (or to its text)."""
    paths = _paths(doc)
    path = data.draw(st.sampled_from(paths), label="path")
    parent, key = _get(doc, path[:-1]), path[-1]
    old = parent[key]
    how = data.draw(st.sampled_from(["value", "near", "swap", "drop", "add", "wrap", "grow",
                                     "shrink", "move", "text"]), label="how")
    COUNTS[f"dump/{how}"] += 1
    if how == "value":
        parent[key] = data.draw(JSON, label="value")
    elif how == "near" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + data.draw(st.sampled_from([-2**64, -100, -10, -1, 1, 2, 10, 2**64]))
    elif how == "near" and isinstance(old, str):
        parent[key] = data.draw(st.sampled_from(CARDLIKE + [old + "*", old[:-1], old * 2]))
    elif how == "swap":
        other = _get(doc, data.draw(st.sampled_from(paths), label="other"))
        parent[key] = copy.deepcopy(other)
    elif how == "drop":
        del parent[key]
    elif how == "add" and isinstance(old, dict):
        old[data.draw(st.text(max_size=6), label="key")] = data.draw(JSON)
    elif how == "wrap":
        depth = data.draw(st.integers(1, 300), label="depth")
        for _ in range(depth):
            old = [old]
        parent[key] = old
    elif how == "grow" and isinstance(old, list):
        old.extend(copy.deepcopy(old[:1]) * data.draw(st.integers(1, 60)))
    elif how == "shrink" and isinstance(old, list) and old:
        old.pop(data.draw(st.integers(0, len(old) - 1)))
    elif how == "move":  # a card (or any item) moved from one list to another: conserved
        lists = [p for p in paths if isinstance(_get(doc, p), list)]
        full = [p for p in lists if _get(doc, p)]
        if full:
            src = _get(doc, data.draw(st.sampled_from(full), label="from"))
            dst = _get(doc, data.draw(st.sampled_from(lists), label="to"))
            dst.insert(data.draw(st.integers(0, len(dst))),
                       src.pop(data.draw(st.integers(0, len(src) - 1))))
    text = json.dumps(doc)
    if how == "text":  # cut or splice the text itself
        i = data.draw(st.integers(0, len(text)), label="at")
        text = text[:i] + data.draw(st.sampled_from(["", "[", "]", "}", ",", "9" * 4400,
                                                     '"', "\\u0000", "true"])) + text[i + 1:]
    return text


def _exercise(game: engine.Game, s: Any, rng: random.Random) -> None:
    """An accepted state must be one the engine can run: show, score and play to the end."""
    for seat in (None, *range(game.players)):
        game.view(s, seat)
    game.scores(s)
    assert game.loads(game.dumps(s)) == s
    guard = LengthGuard(game, s, limit=20_000)
    while not game.is_over(s):
        legal = game.legal_actions(s)
        assert legal, "a live state where no seat can act"
        a = rng.choice(legal)
        s = game.apply(s, a)
        guard.see(s, a)
    game.winners(s)
    game.view(s, None)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200), data=st.data())
def test_tampered_dumps_are_refused_or_playable(name, seed, steps, data):
    game = _game(data.draw(CONFIG[name], label="config"))
    s = random_state(game, seed, steps)
    text = _tamper(data, json.loads(game.dumps(s)))
    try:
        loaded = game.loads(text)
    except engine.StateError as err:
        assert "\n" not in str(err) and str(err)
        COUNTS["dump refused"] += 1
        return
    COUNTS["dump accepted"] += 1
    _exercise(game, loaded, random.Random(seed))


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 200),
       garbage=st.one_of(
           st.text(max_size=30),
           st.tuples(st.sampled_from(["", "p0: ", "p1:", "p99: ", "p-1: ", "p\u0663: ", "P1: ",
                                      "p00000001: ", "p1 : ", "\n"]),
                     st.sampled_from(["play", "take", "draw", "lay", "cart", "bastos",
                                      "adjust", "keep", "place", "move", "give", "discard",
                                      "seller", "taco", "shift", "salad", "skip", "nonsense"]),
                     st.lists(st.one_of(st.sampled_from(CARDLIKE + ["1", "0", "9", "-1",
                                                                    "left", "right", "deck",
                                                                    "discard", "trump",
                                                                    "M+1", "M-9", "both"]),
                                        st.text(max_size=4)), max_size=3))
           .map(lambda t: t[0] + " ".join((t[1], *t[2]))),
           st.builds(engine.Action, st.one_of(st.integers(-2, 6), st.booleans(), st.floats(),
                                              st.text(max_size=2), st.none()),
                     st.one_of(st.sampled_from(["play", "take", "draw", "nonsense"]),
                               st.none(), st.integers()),
                     st.one_of(st.lists(st.sampled_from(CARDLIKE), max_size=2).map(tuple),
                               st.lists(st.integers(), max_size=2), st.none())),
           JSON))
def test_garbage_actions_are_refused_and_change_nothing(name, data, seed, steps, garbage):
    game = _game(data.draw(CONFIG[name], label="config"))
    s = random_state(game, seed, steps)
    legal = game.legal_actions(s)
    if legal and data.draw(st.booleans(), label="near a legal action"):
        # a legal action's text, spaced, broken or prefixed otherwise
        a = data.draw(st.sampled_from(legal), label="legal")
        garbage = data.draw(st.sampled_from([
            a.body, str(a), f"  {a.body.replace(' ', chr(10))}\t", f"p{a.player}:{a.body}",
            f"p0{a.player}: {a.body}", a.body.upper(), a.body + " x", f"p{a.player + 1}: {a.body}",
            f"p{a.player}: {a.body}\u00a0", a.body[:-1]]), label="variant")
    before = game.dumps(s)
    COUNTS[f"action/{type(garbage).__name__}"] += 1
    try:
        s2, events = game.step(s, garbage)
    except engine.IllegalAction as err:
        assert err.rule and "\n" not in str(err)
        COUNTS["action refused"] += 1
    else:
        COUNTS["action accepted"] += 1
        assert s2 in [game.apply(s, a) for a in game.legal_actions(s)]
    assert game.dumps(s) == before


def _setup_keys(name: str) -> list[str]:
    return sorted(spec.get(name).setup_schema().get("properties", {}))


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**64 - 1))
def test_garbage_setups_are_refused_or_playable(name, data, seed):
    game = _game(data.draw(CONFIG[name], label="config"))
    keys = _setup_keys(name) + ["nope"]
    valid = json.loads(game.dumps(game.new(seed=seed)))["state"]
    # start from pieces of a real position, then break some of them
    value = st.one_of(JSON, st.sampled_from([v for v in valid.values() if v is not None]))
    setup = data.draw(st.one_of(
        st.dictionaries(st.sampled_from(keys), value, max_size=4),
        JSON), label="setup")
    kept = copy.deepcopy(setup)
    COUNTS["setup"] += 1
    try:
        s = game.new(seed=seed, setup=setup)
    except engine.ConfigError as err:  # SetupError is a ConfigError
        assert "\n" not in str(err)
        COUNTS["setup refused"] += 1
        if str(err).startswith("malformed setup:"):  # the game's reader crashed: the net
            COUNTS[f"setup crash caught: {name}: {str(err)[17:60]}"] += 1
    else:
        COUNTS["setup accepted"] += 1
        _exercise(game, s, random.Random(seed))
    assert setup == kept


@given(name=st.sampled_from(engine.games()), data=st.data())
def test_garbage_options_and_configurations(name, data):
    sp = spec.get(name)
    names = sorted({o.name for o in sp.options}) + ["nope", ""]
    values = sorted({v for o in sp.options for v in o.values}) + ["", "YES"]
    options = data.draw(st.one_of(
        st.dictionaries(st.sampled_from(names),
                        st.one_of(st.sampled_from(values), st.booleans(), JSON), max_size=3),
        JSON, st.text(max_size=10)), label="options")
    players = data.draw(st.one_of(st.none(), st.integers(-1, 7), JSON), label="players")
    variant = data.draw(st.one_of(st.none(), st.sampled_from([v.name for v in sp.variants]),
                                  JSON), label="variant")
    kept = copy.deepcopy(options)
    COUNTS["options"] += 1
    try:
        game = engine.load(name, players=players, options=options, variant=variant)
    except engine.ConfigError as err:
        assert "\n" not in str(err)
        COUNTS["options refused"] += 1
    else:
        COUNTS["options accepted"] += 1
        _exercise(game, game.new(seed=1), random.Random(1))
    assert options == kept


@given(data=st.data())
def test_garbage_scenarios(data):
    name = data.draw(st.sampled_from(engine.games() + ["nope"]))
    fields = {"game": st.just(name), "players": st.one_of(st.integers(0, 6), JSON),
              "seed": st.one_of(st.integers(-1, 2**64), JSON), "options": JSON,
              "variant": JSON, "setup": JSON,
              "actions": st.one_of(st.lists(st.text(max_size=12), max_size=4), JSON),
              "expect": st.one_of(st.fixed_dictionaries({}, optional={
                  "scores": JSON, "over": JSON, "illegal_at": JSON, "legal": JSON}), JSON),
              "nope": JSON}
    chosen = data.draw(st.lists(st.sampled_from(sorted(fields)), unique=True, max_size=5))
    doc = {"game": name, **{k: data.draw(fields[k], label=k) for k in chosen}}
    as_text = data.draw(st.booleans())
    source: Any = json.dumps(doc) if as_text else doc
    kept = copy.deepcopy(source)
    COUNTS["scenario"] += 1
    try:
        result = replay(load_scenario(source))
    except engine.FruitspecError as err:
        assert "\n" not in str(err)
        COUNTS["scenario refused"] += 1
    else:
        COUNTS["scenario replayed"] += 1
        json.dumps(result.to_json())
    assert source == kept
