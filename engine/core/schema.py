"""JSON Schemas for front-ends: state (as dumped), view, action and scenario."""
from __future__ import annotations

import typing
from typing import Any

import pydantic

import spec as _specs
from spec.common.core import HIDDEN, OWNER, PUBLIC, SECRET, TOPS

from engine.core.scenario import Scenario
from engine.core.serialize import state_adapter

_COUNT = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "boolean"}],
          "description": "what a seat that may not look sees: a size, or whether it is set"}
_TOP = {"type": "object", "properties": {"top": {"type": ["string", "null"]},
                                         "count": {"type": "integer", "minimum": 0}}}


def _field_schema(hint: Any) -> dict[str, Any]:
    return pydantic.TypeAdapter(hint).json_schema()


def view_schema(name: str) -> dict[str, Any]:
    sp = _specs.get(name)
    hints = typing.get_type_hints(sp.state_type)
    props: dict[str, Any] = {
        "game": {"const": name}, "players": {"type": "integer"},
        "variant": {"type": ["string", "null"]}, "seat": {"type": ["integer", "null"]},
        "actors": {"type": "array", "items": {"type": "integer"}},
        "legal": {"type": "array", "items": {"type": "string"},
                  "description": "the viewing seat's legal actions, in notation"},
        "over": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"},
                   "description": "present once the game is over"},
    }
    for field, kind in sp.visibility.items():
        if kind == SECRET:
            continue
        if kind == PUBLIC:
            props[field] = _field_schema(hints[field])
        elif kind == HIDDEN:
            props[field] = _COUNT
        elif kind == OWNER:
            props[field] = {"type": "array", "description": "the viewer's own entry in full;"
                            " other seats' entries as a count",
                            "items": {"anyOf": [_COUNT, {}]}}
        elif kind == TOPS:
            props[field] = {"description": "nested stacks, each shown as its top card and size",
                            "type": "array", "items": {"anyOf": [_TOP, {"type": "array"}]}}
        else:
            props[field] = {"description": f"shown as the game decides ({field})"}
    props.update(sp.view_extra_schema())
    return {"title": f"{name} view", "type": "object", "properties": props,
            "required": ["game", "players", "seat", "actors", "legal", "over"],
            "additionalProperties": True}


def action_schema(name: str) -> dict[str, Any]:
    sp = _specs.get(name)
    forms = sorted({m.notation or m.name for m in sp.moves})
    return {"title": f"{name} action", "type": "string",
            # [0-9], not \d: some validators read \d as any script's digits, and a seat
            # prefix is ASCII (engine.core.game refuses "p١:")
            "pattern": r"^\s*(p[0-9]+\s*:\s*)?[a-z]+(\s+\S+)*\s*$",
            "description": "an action in notation, optionally prefixed by its seat ('p2: ')."
                           " Forms: " + "; ".join(forms),
            "examples": forms}


def schemas(name: str) -> dict[str, Any]:
    sp = _specs.get(name)
    state = state_adapter(sp).json_schema()
    # the state's "#/$defs/..." references are resolved from the document's root, once
    # the state schema sits inside the document's: its definitions move up there
    defs = state.pop("$defs", None)
    state = {"title": f"{name} dumped state", "type": "object",
             "properties": {"game": {"const": name}, "players": {"type": "integer"},
                            "variant": {"type": ["string", "null"]},
                            "options": {"type": "object",
                                        "additionalProperties": {"type": "string"}},
                            "state": state},
             # Game.loads refuses any other key, as the state's own model does
             "required": ["state"], "additionalProperties": False}
    if defs:
        state["$defs"] = defs
    scenario = Scenario.model_json_schema()
    scenario["properties"]["setup"] = sp.setup_schema()
    return {"game": name, "state": state, "view": view_schema(name),
            "action": action_schema(name), "scenario": scenario}
