"""The published JSON Schemas are as strict as the loaders: an object whose loader refuses
unknown keys says ``additionalProperties: false``, and real documents validate."""
from __future__ import annotations

import json
from typing import Any, Iterator

import jsonschema_rs
import pytest

import engine
from engine.analysis.agents import play_game
from engine.core.schema import schemas
from engine.core.scenario import load_scenario
from spec.common.errors import StateError

GAMES = engine.games()


def _objects(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object schema inside ``node``, with where it is."""
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield where or "/", node
        for key, value in node.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}/{i}")


@pytest.mark.parametrize("part", ["state", "scenario"])
@pytest.mark.parametrize("name", GAMES)
def test_every_record_refuses_other_keys_and_every_map_types_its_values(name: str,
                                                                        part: str) -> None:
    found = list(_objects(schemas(name)[part]))
    assert found
    for where, obj in found:
        extra = obj.get("additionalProperties")
        if "properties" in obj:  # a record: its loader (strict pydantic) refuses extras
            assert extra is False, (part, where)
        else:  # a map from names (options): any key, each value typed
            assert isinstance(extra, dict) and extra, (part, where)


def _finished(name: str, seed: int = 3) -> tuple[engine.Game, Any]:
    game = engine.load(name)
    rec = play_game(game, "random", seed=seed)
    state = game.new(seed=seed)
    for text in rec.actions:
        state = game.apply(state, text)
    return game, state


@pytest.mark.parametrize("name", GAMES)
def test_a_real_dump_validates_and_one_extra_key_is_refused_by_both(name: str) -> None:
    game, state = _finished(name)
    validator = jsonschema_rs.validator_for(schemas(name)["state"])
    for doc in (json.loads(game.dumps(game.new(seed=5))), json.loads(game.dumps(state))):
        validator.validate(doc)
        for extra in ({**doc, "zz": 1}, {**doc, "state": {**doc["state"], "zz": 1}}):
            assert not validator.is_valid(extra)
            with pytest.raises(StateError, match="unknown field"):
                game.loads(json.dumps(extra))


@pytest.mark.parametrize("name", GAMES)
def test_the_scenario_schema_refuses_what_the_scenario_loader_refuses(name: str) -> None:
    game, _ = _finished(name)
    rec = play_game(game, "random", seed=3)
    doc = {"game": name, "seed": 3, "actions": rec.actions[:5],
           "expect": {"over": False}}
    load_scenario(doc)
    validator = jsonschema_rs.validator_for(schemas(name)["scenario"])
    validator.validate(doc)
    for extra in ({**doc, "zz": 1}, {**doc, "expect": {"over": False, "zz": 1}}):
        assert not validator.is_valid(extra)
        with pytest.raises(engine.ConfigError):
            load_scenario(extra)


@pytest.mark.parametrize("name", GAMES)
def test_the_action_schema_takes_what_the_parser_reads_as_a_seat(name: str) -> None:
    game = engine.load(name)
    state = game.new(seed=1)
    pattern = jsonschema_rs.validator_for(schemas(name)["action"])
    for action in game.legal_actions(state):
        assert pattern.is_valid(str(action)) and pattern.is_valid(action.body)
    for text in ("p١: take 1", "p²: take 1", "P1: take 1", "p: take 1"):
        assert not pattern.is_valid(text), text
