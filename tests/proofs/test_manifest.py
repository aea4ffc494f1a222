"""Every property runs to its expected status, and every stored witness replays."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.scenario import replay
from proofs import runner

WITNESS_FILES = sorted(runner.WITNESSES.glob("*.json"))


def test_manifest_matches_declared_properties():
    declared = {p.id for p in runner.properties()}
    recorded = set(runner.manifest())
    assert declared - recorded == set(), "properties missing from proofs/manifest.json"
    games = {p.game for p in runner.properties()}
    stale = {pid for pid, e in runner.manifest().items()
             if e.get("game") in games and pid not in declared}
    assert not stale, "manifest entries without a property"
    for pid, entry in runner.manifest().items():
        assert entry["expected"] in ("proved", "refuted", "witness"), pid


@pytest.mark.parametrize("path", WITNESS_FILES, ids=[p.stem for p in WITNESS_FILES])
def test_stored_witness_replays(path: Path):
    """A scenario decoded from a Z3 model replays through the engine as Z3 predicted."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc.get("expect"), "a witness must say what it expects"
    r = replay(doc)
    assert r.ok, r.failures
    assert path.stem in {p.id for p in runner.properties()}, "witness of no property"


def test_every_property_as_expected(tmp_path):
    """The whole run (what `fruitspec prove` prints) matches the manifest; nothing is
    unknown, nothing breaks, and each run's witnesses are the stored ones."""
    results = runner.run(scenarios=tmp_path)
    bad = [(r.id, r.status, r.expected, r.detail) for r in results if not r.ok]
    assert not bad
    for r in results:
        json.dumps(r.to_json())
        if r.scenario:
            fresh = Path(r.scenario).read_text(encoding="utf-8")
            stored = runner.WITNESSES / f"{r.id}.json"
            assert stored.exists(), f"{r.id}: witness not stored in proofs/witnesses"
            assert json.loads(fresh) == json.loads(stored.read_text(encoding="utf-8")), \
                f"{r.id}: the stored witness differs from a fresh run; rerun the proofs"
