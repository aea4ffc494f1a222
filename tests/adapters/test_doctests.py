"""The `>>>` examples in the adapters' and the agents' docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["engine.analysis.ismcts", "engine.analysis.strength", "engine.adapters.pettingzoo",
           "engine.adapters.openspiel"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    pytest.importorskip("pettingzoo" if "pettingzoo" in name else "pyspiel"
                        if "openspiel" in name else "random")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no example"


def test_speed_measure_runs_small():
    from engine.adapters.speed import measure

    r = measure("fruit-passion", players=1, variant="solo", steps=40)
    assert r["engine"] > 0 and r["pettingzoo"] > 0 and r["openspiel"] > 0
