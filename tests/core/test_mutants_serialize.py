"""Reading a dumped state: each refusal is one line naming the field, what it should be and
what was given, exactly (written against the mutants of ``engine/core/serialize.py`` that
``make mutate`` found alive)."""
from __future__ import annotations

import copy
import json
from typing import Any, Callable

import pytest

import engine
from engine.core.serialize import state_adapter

GAME = engine.load("tindahan", players=3)
STATE = GAME.new(seed=0)
DOC = json.loads(GAME.dumps(STATE))


def _without(key: str) -> Callable[[dict], Any]:
    return lambda d: d.pop(key)


def _set(key: str, value: Any, where: str = "state") -> Callable[[dict], Any]:
    return lambda d: (d[where] if where else d).__setitem__(key, value)


def _refusal(load: Callable[[str], Any], change: Callable[[dict], Any]) -> str:
    """The one-line refusal of ``load`` for a copy of the document with ``change`` made."""
    doc = copy.deepcopy(DOC)
    change(doc)
    with pytest.raises(engine.StateError) as info:
        load(json.dumps(doc))
    return str(info.value)

@pytest.mark.parametrize("change,message", [
    (_set("round", "1"), "state.round: input should be a valid integer, not '1'"),
    (lambda d: d["state"]["hands"][1].__setitem__(0, 7),
     "state.hands[1][0]: input should be a valid string, not 7"),
    (lambda d: d["state"].pop("round"), "state.round: missing"),
    (_set("cheat", 1), "state.cheat: unknown field"),
    (_set("cheat", 1, where=""), "cheat: unknown field"),
    (_set("players", "3", where=""), "players: input should be a valid integer, not '3'"),
    (_set("players", 4, where=""), "state is for players=4, this game has 3"),
    (_without("state"), "state: missing"),
])
def test_a_changed_document_is_refused_with_one_exact_line(change, message):
    assert _refusal(GAME.loads, change) == message


def test_what_is_not_a_document_is_refused_as_such():
    with pytest.raises(engine.StateError) as info:
        GAME.loads("[]")
    assert str(info.value) == "document: input should be an object, not []"
    with pytest.raises(engine.StateError) as info:
        GAME.loads("{")
    assert str(info.value).startswith("not JSON: ")


def test_a_header_may_be_left_out_and_the_state_reads_back_equal():
    doc = copy.deepcopy(DOC)
    for key in ("game", "players", "variant", "options"):
        doc.pop(key)
    assert GAME.loads(json.dumps(doc)) == STATE
    assert GAME.loads(GAME.dumps(STATE)) == STATE


def test_the_adapter_reads_parsed_data_as_strictly_as_text():
    adapter = state_adapter(GAME.spec)
    assert adapter.load(copy.deepcopy(DOC["state"])) == STATE
    broken = copy.deepcopy(DOC["state"])
    broken["round"] = True
    with pytest.raises(engine.StateError) as info:
        adapter.load(broken)
    assert str(info.value) == "state.round: input should be a valid integer, not True"


def test_the_adapter_refuses_what_is_no_json_value():
    broken = copy.deepcopy(DOC["state"])
    broken["round"] = object()  # not a JSON value: refused as data, not a crash
    with pytest.raises(engine.StateError, match="^state is not JSON data"):
        state_adapter(GAME.spec).load(broken)


def test_a_fresh_adapter_reads_the_header_and_refuses_loose_documents():
    """state_adapter() caches one adapter per spec, made at the first dump: this builds one
    afresh, so that what its constructor declares is what is checked."""
    from engine.core.serialize import StateAdapter

    adapter = StateAdapter(GAME.spec)
    header, state = adapter.load_document(json.dumps(DOC))
    assert state == STATE
    assert header == {"game": "tindahan", "players": 3, "variant": None,
                      "options": DOC["options"]}
    assert adapter.load_document(json.dumps({"state": DOC["state"]}))[0] == {}
    # the document itself is strict: no unknown header field, no number given as text
    for change, message in [
        (_set("cheat", 1, where=""), "cheat: unknown field"),
        (_set("players", "3", where=""), "players: input should be a valid integer, not '3'"),
        (_set("variant", 3, where=""), "variant: input should be a valid string, not 3"),
    ]:
        assert _refusal(adapter.load_document, change) == message


def test_what_is_no_json_value_is_named_in_the_refusal_without_a_warning():
    import warnings

    broken = copy.deepcopy(DOC["state"])
    broken["round"] = object()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the JSON is made under its own schema, silently
        assert state_adapter(GAME.spec).load(copy.deepcopy(DOC["state"])) == STATE
        with pytest.raises(engine.StateError) as info:
            state_adapter(GAME.spec).load(broken)
    assert str(info.value) == ("state is not JSON data: Unable to serialize unknown type:"
                               " <class 'object'>")


def test_a_long_reason_for_not_being_json_is_cut_at_80_characters():
    broken = copy.deepcopy(DOC["state"])
    broken["round"] = type("Unserialisable" * 10, (), {})()
    with pytest.raises(engine.StateError) as info:
        state_adapter(GAME.spec).load(broken)
    reason = str(info.value).removeprefix("state is not JSON data: ")
    assert len(reason) == 80 and reason.startswith("Unable to serialize unknown type: <class '")
