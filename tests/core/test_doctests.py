"""The `>>>` examples in the engine's and the spec vocabulary's docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["spec.common.core", "spec.common.errors", "engine", "engine.core.game",
           "engine.core.scenario"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no example"


def test_secret_events_are_redacted_for_other_seats():
    import engine

    game = engine.load("fruit-passion", players=2)
    s = game.new(seed=3, setup={"start": 0})
    _, events = game.step(s, "draw deck")
    drawn = s.decks[0][0]
    assert drawn in events[0].text
    for seat in (1, None):
        assert all(drawn not in e.text for e in game.events_for(events, seat))
    assert drawn in game.events_for(events, 0)[0].text
