"""Every option has a witness scenario on which its readings part ways."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import spec
from engine.analysis.ambiguities import outcome
from engine.core.scenario import replay

SPEC = spec.get("tindahan")
FOLDER = Path(spec.package_dir("tindahan")) / "witnesses"
# options with three readings where one witness cannot separate all three: a tie of two
# on the trump stall gives split and each the same 4 points (8/2 and 7/2+1); the reading
# 'each' carries its own witness, TIN-A3.each.json (a tie of three)
NOT_PAIRWISE = {"TIN-A3"}


def _signature(o):
    return json.dumps([o["refused_at"], o["legal"], o["events"], o["scores"], o["winners"]])


@pytest.mark.parametrize("opt", SPEC.options, ids=[o.id for o in SPEC.options])
def test_witness_parts_the_readings(opt):
    path = FOLDER / f"{opt.id}.json"
    assert path.exists(), f"{opt.id} has no witness"
    data = json.loads(path.read_text())
    assert opt.name not in data.get("options", {}), "a witness must not fix its own option"
    outs = {r.value: _signature(outcome(replay(path, options={opt.name: r.value})))
            for r in opt.readings}
    distinct = len(set(outs.values()))
    assert distinct > 1, f"{opt.id}: every reading gives the same outcome"
    if opt.id not in NOT_PAIRWISE:
        assert distinct == len(outs), f"{opt.id}: some readings agree on the witness"
    default = outs[opt.default]
    assert sum(v == default for v in outs.values()) < len(outs)


def test_every_witness_replays_under_the_default():
    for opt in SPEC.options:
        r = replay(FOLDER / f"{opt.id}.json")
        assert r.error is None, f"{opt.id}: {r.error}"


def test_trump_tie_each_has_its_own_witness():
    path = FOLDER / "TIN-A3.each.json"
    got = {v: replay(path, options={"trump-tie": v}).scores for v in ("split", "each")}
    assert got == {"split": [8, 5, 5, 5], "each": [8, 6, 6, 6]}


def test_trump_tie_three_way_separates_each():
    """The other half of TIN-A3: a three-way tie parts 'each' from 'split'."""
    from spec.tindahan.scoring import stall_points
    got = {r: stall_points([1, 1, 1], True, trump_tie=r) for r in ("split", "each", "none")}
    assert got == {"split": [2, 2, 2], "each": [3, 3, 3], "none": [2, 2, 2]}
