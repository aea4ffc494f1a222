"""A change to the engine's side of a rule shows up as a failing witness replay."""
from __future__ import annotations

import json

import pytest

from engine.scenario import replay
from proofs import runner


def _load(pid: str) -> dict:
    path = runner.WITNESSES / f"{pid}.json"
    if not path.exists():
        pytest.skip(f"{pid} has no stored witness")
    return json.loads(path.read_text(encoding="utf-8"))


def test_bastos_value_table_drift_is_caught(monkeypatch):
    import spec.bastos.game as g

    doc = _load("BAS-P3")
    assert replay(doc).ok
    broken = {k: (v if k[1] < 0 else k[0]) for k, v in g.BUMP.items()}  # +1 does nothing
    monkeypatch.setattr(g, "BUMP", broken)
    assert not replay(doc).ok


def test_fruit_passion_scoring_drift_is_caught(monkeypatch):
    import spec.fruit_passion.scoring as sc

    doc = _load("FRP-P5")
    assert replay(doc).ok
    monkeypatch.setitem(sc.HYBRID_TABLE, 4, 25)  # the engine now pays 25 for 1-2-3-4
    assert not replay(doc).ok
