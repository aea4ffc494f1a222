"""Every finding points at evidence that exists: a declared property, a register entry or an
exploration configuration, so a summary cannot outlive the check behind it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import spec
from proofs.findings import FINDINGS, for_game
from proofs.runner import properties

ROOT = Path(__file__).resolve().parents[2]
KINDS = {"impossible example", "exploit", "loop", "contradiction", "dead rule",
         "misprint suspect"}


def _options() -> dict[str, str]:
    return {o.id: g for g in spec.available() for o in spec.get(g).options}


def _configs() -> set[str]:
    manifest = json.loads((ROOT / "engine" / "data" / "explore_manifest.json").read_text())
    return {c for g in manifest.values() if isinstance(g, dict) for c in g}


@pytest.mark.parametrize("finding", FINDINGS, ids=[f.id for f in FINDINGS])
def test_evidence_exists_and_belongs_to_the_game(finding):
    props = {p.id: p for p in properties()}
    options = _options()
    assert finding.game in spec.available()
    assert finding.kind in KINDS
    assert finding.evidence, "a finding needs something that shows it"
    for item in finding.evidence:
        if item.startswith("explore:"):
            assert item.split(":", 1)[1] in _configs(), item
        elif re.fullmatch(r"[A-Z]+-P\d+", item):
            assert item in props, f"{item} is not a declared property"
        else:
            assert options.get(item) == finding.game, f"{item} is not a {finding.game} option"


@pytest.mark.parametrize("finding", FINDINGS, ids=[f.id for f in FINDINGS])
def test_two_sentences_in_our_words(finding):
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", finding.text.strip()) if s]
    assert 2 <= len(sentences) <= 3, finding.id
    prefix = spec.get(finding.game).clauses[0].id.split("-")[0]
    assert finding.id.startswith(prefix + "-F"), finding.id


def test_every_game_has_findings_and_ids_are_unique():
    assert len({f.id for f in FINDINGS}) == len(FINDINGS)
    for g in spec.available():
        assert for_game(g), f"no finding recorded for {g}"
