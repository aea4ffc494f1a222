"""Regression tests for the boundary: each tampered input once crashed or fooled the engine.

Every case must now be refused with the project's own typed error and one line that says
what is wrong (naming the field, the seat or the option), and change nothing.
"""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

import engine
import spec
from engine.analysis.length import CycleFound, LengthGuard, run
from engine.core.scenario import ScenarioError, load_scenario, replay

from tests.core.helpers import random_state, walk


def _tampered(game: engine.Game, state: Any, change: Callable[[dict], None]) -> str:
    doc = json.loads(game.dumps(state))
    change(doc["state"])
    return json.dumps(doc)


def _refused(game: engine.Game, text: str, *words: str) -> str:
    with pytest.raises(engine.StateError) as err:
        game.loads(text)
    message = str(err.value)
    assert "\n" not in message
    for w in words:
        assert w in message, message
    return message


@pytest.fixture(scope="module")
def tin() -> engine.Game:
    return engine.load("tindahan", players=3)


@pytest.fixture(scope="module")
def tin_state(tin: engine.Game) -> Any:
    return random_state(tin, 4, 20)


# --- 1. values looked up before anything checked them --------------------------------------
@pytest.mark.parametrize("field,value,words", [
    ("fruits", "ZZ", ("fruits", "'ZZ'")),
    ("led", 10**6, ("led", "1000000")),
    ("cart", -7, ("cart",)),
    ("hands", [["B1"], [], []], ("TIN-I",)),  # right names, wrong cards: an invariant says so
])
def test_tindahan_lookups_are_checked_first(tin, tin_state, field, value, words):
    _refused(tin, _tampered(tin, tin_state, lambda s: s.__setitem__(field, value)), *words)


def test_tanuki_cart_kind_must_exist():
    game = engine.load("tanuki-market", players=3)
    s = random_state(game, 1, 5)
    _refused(game, _tampered(game, s, lambda d: d["kinds"].__setitem__(0, "nope")),
             "kinds[0]", "'nope'")


# --- 2. well-typed but impossible states --------------------------------------------------
def test_tindahan_phase_and_totals(tin, tin_state):
    _refused(tin, _tampered(tin, tin_state, lambda s: s.__setitem__("phase", "nonsense")),
             "phase", "nonsense")
    _refused(tin, _tampered(tin, tin_state, lambda s: s.__setitem__("totals", [])), "totals")


def test_bastos_removed_fruit_in_range():
    game = engine.load("bastos", players=3)
    s = random_state(game, 2, 10)
    _refused(game, _tampered(game, s, lambda d: d.__setitem__("removed", 10**6)), "removed")


def test_tanuki_haul_card_names():
    game = engine.load("tanuki-market", players=3)
    s = random_state(game, 1, 5)
    _refused(game, _tampered(game, s, lambda d: d["haul"][1].append("ZZ")), "haul[1]", "ZZ")


# --- 3. JSON that breaks the parser ---------------------------------------------------------
@pytest.mark.parametrize("text,words", [
    ("[" * 100_000, ("not JSON",)),
    ('{"state": ' + "9" * 5000 + "}", ("not JSON",)),
    (b"\xff\xfe{", ("not JSON",)),
    ("{not json", ("not JSON",)),
    ("", ("not JSON",)),
    ("[]", ("document",)),
    ('{"state": {}, "extra": 1}', ("state.",)),
])
def test_loads_refuses_broken_json(tin, text, words):
    _refused(tin, text, *words)


def test_loads_refuses_oversized_and_non_text(tin):
    _refused(tin, " " * 1_000_001, "at most")
    with pytest.raises(engine.StateError):
        tin.loads(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, 1.0, "1", None, [1]])
def test_loads_takes_exact_json_types(tin, tin_state, value):
    _refused(tin, _tampered(tin, tin_state, lambda s: s.__setitem__("round", value)),
             "state.round")


def test_loads_refuses_unknown_fields(tin, tin_state):
    _refused(tin, _tampered(tin, tin_state, lambda s: s.__setitem__("cheat", 1)),
             "state.cheat", "unknown")


def test_scenario_files_that_break_the_reader(tmp_path):
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"game": "tindahan", "title": "caf\xe9"}')
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": "tindahan", "setup": ' + "[" * 100_000 + "}")
    seed = tmp_path / "seed.json"
    seed.write_text('{"game": "tindahan", "seed": ' + "9" * 5000 + "}")
    for path, word in ((bad, "UTF-8"), (deep, "JSON"), (seed, "digits")):
        with pytest.raises(ScenarioError, match=word):
            load_scenario(str(path))


# --- 4. actions that are not actions ---------------------------------------------------------
@pytest.mark.parametrize("seat", ["0", 1.0, True, None, 10**30, 10**5000, -1],
                         ids=["str", "float", "bool", "none", "big", "huge", "neg"])
def test_action_seats_must_be_whole_numbers(tin, tin_state, seat):
    legal = tin.legal_actions(tin_state)[0]
    before = tin.dumps(tin_state)
    with pytest.raises(engine.IllegalAction) as err:
        tin.step(tin_state, engine.Action(seat, legal.name, legal.args))
    assert str(err.value).startswith(tin.spec.notation_rule + ":")
    assert tin.dumps(tin_state) == before


def test_a_bool_seat_is_never_stored():
    game = engine.load("tindahan", players=3)
    s = game.new(seed=1)
    while game.actors(s) != [1]:
        s = game.apply(s, game.legal_actions(s)[0])
    a = game.legal_actions(s)[0]
    with pytest.raises(engine.MalformedAction, match="whole number"):
        game.step(s, engine.Action(True, a.name, a.args))
    s2 = game.apply(s, engine.Action(1, a.name, a.args))
    assert game.dumps(game.loads(game.dumps(s2))) == game.dumps(s2)


@pytest.mark.parametrize("args", [(5,), ["B5"], None, ("B5", None)])
def test_action_arguments_must_be_strings(tin, tin_state, args):
    with pytest.raises(engine.MalformedAction, match="arguments"):
        tin.step(tin_state, engine.Action(0, "play", args))


# --- 5. options and set-ups ----------------------------------------------------------------------
@pytest.mark.parametrize("options", ["swap=yes", ["swap"], {1: "x"}, {"swap": ["yes"]}])
def test_options_must_be_a_mapping_of_strings(options):
    with pytest.raises(engine.ConfigError, match="option"):
        engine.load("tanuki-market", players=3, options=options)


@pytest.mark.parametrize("kwargs", [{"name": ["tindahan"]}, {"name": None},
                                    {"players": True}, {"players": 3.0}, {"variant": 1},
                                    {"players": 10**5000}, {"players": -(10**5000)}],
                         ids=["list", "none", "true", "float", "variant", "huge", "-huge"])
def test_load_arguments_are_typed(kwargs):
    args = {"name": "tindahan", **kwargs}
    with pytest.raises(engine.ConfigError):
        engine.load(**args)


def test_fruit_passion_solo_refuses_true_players():
    with pytest.raises(engine.ConfigError, match="players"):
        engine.load("fruit-passion", players=True, variant="solo")


@pytest.mark.parametrize("setup", [{"totals": 5}, {"totals": [1, 2]}, {"totals": ["a"] * 3},
                                   {"totals": [10**12, 0, 0]}])
def test_tindahan_setup_totals(setup):
    with pytest.raises(engine.SetupError, match="totals"):
        engine.load("tindahan", players=3).new(setup=setup)


# --- 8. smaller ones ----------------------------------------------------------------------------
def test_a_line_break_separates_words(tin, tin_state):
    a = tin.legal_actions(tin_state)[0]
    assert tin.parse(tin_state, f"p{a.player}:\n" + "\n".join((a.name, *a.args))) == a
    assert tin.parse(tin_state, "\t" + a.body.replace(" ", "\n") + "\n") == a


def test_only_ascii_digits_name_a_seat(tin, tin_state):
    with pytest.raises(engine.MalformedAction, match="is not a seat prefix"):
        tin.parse(tin_state, "p\u0663: play B7")  # ARABIC-INDIC DIGIT THREE
    with pytest.raises(engine.MalformedAction):
        tin.step(tin_state, "p\u0663: play B7")
    with pytest.raises(engine.MalformedAction, match="no seat"):
        tin.parse(tin_state, "p" + "9" * 5000 + ": play B7")


@pytest.mark.parametrize("seed", [-1, 2**64, 2**64 + 1, 10**5000, True, 1.5, "1"],
                         ids=["-1", "2**64", "2**64+1", "10**5000", "True", "1.5", "'1'"])
def test_seeds_outside_the_documented_range_are_refused(tin, seed):
    with pytest.raises(engine.ConfigError, match="seed"):
        tin.new(seed=seed)


def test_the_extreme_seeds_are_distinct_games(tin):
    assert tin.new(seed=0) != tin.new(seed=2**64 - 1)


@pytest.mark.parametrize("change,field", [({"players": "3"}, "players"),
                                          ({"seed": True}, "seed"),
                                          ({"seed": -1}, "seed"),
                                          ({"seed": 2**64}, "seed"),
                                          ({"options": {"x": 1}}, "options")])
def test_scenarios_take_exact_types(change, field):
    with pytest.raises(ScenarioError, match=field):
        load_scenario({"game": "tindahan", **change})


def test_scenario_sources_are_typed():
    for source in (5, None, b"{}"):
        with pytest.raises(ScenarioError):
            load_scenario(source)  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario("no\0such")


def test_a_scenario_setup_that_breaks_the_reader_is_a_setup_error():
    with pytest.raises(engine.SetupError):
        replay({"game": "tindahan", "players": 3, "setup": {"totals": 5}})


# --- 9. the length guard -------------------------------------------------------------------------
def _taker(state: Any, legal: list) -> Any:
    """A policy that always swaps carts when it may (Tanuki Market)."""
    takes = [a for a in legal if a.name == "take"]
    return takes[-1] if takes else legal[0]


def _recycler(state: Any, legal: list) -> Any:
    """A policy that takes the discard and throws it back when it may (Fruit Passion)."""
    return next((a for a in legal if a.body in ("draw discard", "discard")), legal[0])


@pytest.mark.parametrize("name,options,policy", [
    ("tanuki-market", {"swap": "yes"}, _taker),
    ("fruit-passion", {"discard-take": "literal"}, _recycler),
])
def test_cycles_are_reported_with_their_path(name, options, policy):
    game = engine.load(name, players=3, options=options)
    start = game.new(seed=2)
    with pytest.raises(CycleFound) as found:
        run(game, start, policy, limit=100_000)
    path = found.value.path
    assert path and isinstance(found.value, engine.FruitspecError)
    # replaying the reported path from where it starts comes back to the same position
    pos = start
    for _ in range(found.value.start):
        pos = game.apply(pos, policy(pos, game.legal_actions(pos)))
    back = pos
    for a in path:
        back = game.apply(back, a)
    assert back == pos


@pytest.mark.parametrize("name,policy", [("tanuki-market", _taker),
                                         ("fruit-passion", _recycler)])
def test_the_same_policies_end_under_the_default_readings(name, policy):
    game = engine.load(name, players=3)
    final, played = run(game, game.new(seed=2), policy)
    assert game.is_over(final) and played


def test_the_guard_stops_at_a_limit():
    game = engine.load("tindahan", players=3)
    s = game.new(seed=1)
    guard = LengthGuard(game, s, limit=5)
    with pytest.raises(engine.FruitspecError, match="no end after 5"):
        for _ in range(10):
            a = game.legal_actions(s)[0]
            s = game.apply(s, a)
            guard.see(s, a)


# --- the declarations themselves ------------------------------------------------------------
@pytest.mark.parametrize("name", engine.games())
def test_every_state_field_has_declared_bounds(name):
    from engine.core.validate import bounds
    sp = spec.get(name)
    declared = bounds(sp)
    assert declared is not None, f"{name} has no spec/<game>/bounds.py"
    fields = set(sp.state_type._fields) - {"phase"}  # phases come from the moves
    assert set(declared.fields) == fields


@pytest.mark.parametrize("name", engine.games())
def test_every_phase_a_state_reaches_is_known(name):
    from engine.core.validate import phases
    game = engine.load(name)
    seen = {s2.phase for seed in range(3) for _, _, s2 in walk(game, seed)}
    assert "over" in seen and seen <= phases(game.spec)


def test_replay_option_overrides_are_a_mapping():
    with pytest.raises(ScenarioError, match="mapping"):
        replay({"game": "tindahan"}, options="swap=yes")  # type: ignore[arg-type]


def test_tanuki_taco_only_lies_on_a_cart():
    """Found by the fuzzing: Taco moved from a cart into the deck (cards still conserved)
    was accepted, and the next lay crashed looking up its fruit."""
    game = engine.load("tanuki-market", players=3)
    s = game.apply(game.new(seed=0), next(a for a in game.legal_actions(game.new(seed=0))
                                          if a.name == "taco"))
    assert any("TACO" in cart for cart in s.carts)

    def move(d: dict) -> None:
        cart = next(c for c in d["carts"] if "TACO" in c)
        cart.remove("TACO")
        d["deck"].insert(0, "TACO")
    _refused(game, _tampered(game, s, move), "deck[0]", "TACO")
