"""The ambiguity register: every entry has a witness on which its readings part ways."""
from __future__ import annotations

import pytest

import engine
from engine.ambiguities import options_of, register
from engine.game import Game
from engine.witness import first_divergence

from .toy import SPEC

ENTRIES = [(g, o.id) for g in engine.games() for o in options_of(g)]


@pytest.mark.parametrize("game,ident", ENTRIES, ids=[i for _, i in ENTRIES])
def test_witness_parts_the_readings(game, ident):
    (entry,) = register(ident)
    assert entry["witness"], f"{ident} has no witness scenario: is it really an ambiguity?"
    assert entry["parts_ways"], f"{ident}: every reading gives the same outcome on the witness"
    assert len(entry["outcomes"]) == len(entry["readings"])


@pytest.mark.parametrize("game,ident", ENTRIES, ids=[i for _, i in ENTRIES])
def test_entry_is_complete(game, ident):
    (entry,) = register(ident, replay_witness=False)
    assert entry["question"] and entry["reason"] and entry["section"]
    assert sum(r["default"] for r in entry["readings"]) == 1
    assert entry["clause_texts"], f"{ident} cites no known clause"


def test_register_covers_each_game_well():
    for game in engine.games():
        assert len(options_of(game)) >= 8, f"{game}: fewer than eight register entries"


def test_divergence_search_finds_the_toy_difference():
    games = [Game(SPEC, SPEC.configure(2, None, {"double": v})) for v in ("no", "yes")]
    found = first_divergence(games, seed=0, choices=[])
    assert found is not None and found.step == 0 and found.what == "events"
    same = [Game(SPEC, SPEC.configure(2, None, {"double": "no"})) for _ in range(2)]
    assert first_divergence(same, seed=0, choices=[1, 0, 1]) is None


def test_impact_counts_same_deals_under_each_reading():
    (entry,) = register("TIN-A11", impact_games=6)
    figures = entry["impact"]["readings"]
    assert set(figures) == {"six-three"}
    assert 0 <= figures["six-three"]["winner_differs"] <= figures["six-three"]["scores_differ"]
    assert figures["six-three"]["scores_differ"] > 0
