"""The clause catalogue: complete, cited, and in our own words."""
from __future__ import annotations

import re
from pathlib import Path

import engine
import spec

SP = spec.get("tindahan")
SRC = Path(spec.package_dir("tindahan"))


def test_every_clause_is_used_by_the_spec():
    code = "".join(p.read_text() for p in SRC.glob("*.py") if p.name != "rules.py")
    used = set(re.findall(r"TIN-\d+\.\d+", code))
    used |= {c for o in SP.options for c in o.clauses}
    used |= {c for i in SP.invariants for c in i.rules}
    assert [c.id for c in SP.clauses if c.id not in used] == []


def test_every_cited_clause_exists():
    code = "".join(p.read_text() for p in SRC.glob("*.py"))
    for rule in set(re.findall(r"TIN-\d+\.\d+", code)):
        assert rule in SP.catalogue, rule


def test_assumptions_name_their_source_and_options_are_complete():
    for c in SP.clauses:
        if c.kind == "assumption":
            assert c.source, c.id
    ids = [o.id for o in SP.options]
    assert ids == [f"TIN-A{i}" for i in range(1, len(ids) + 1)]
    for o in SP.options:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", o.name), o.name
        assert o.default in o.values and o.reason and o.question
        if o.kind == "settled":
            assert o.settled_by


def test_player_counts_and_names():
    assert "tindahan" in engine.games()
    assert [v.players for v in SP.variants] == [(3, 4, 5)]
    for n in (3, 4, 5):
        assert engine.load("tindahan", players=n).players == n
