"""The ambiguity register: every entry has a witness on which its readings part ways."""
from __future__ import annotations

import pytest

import engine
from engine.analysis.ambiguities import options_of, register
from engine.core.game import Game
from engine.analysis.witness import first_divergence

from tests.core.toy import SPEC

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


@pytest.mark.parametrize("game,ident", ENTRIES, ids=[i for _, i in ENTRIES])
def test_every_reading_parts_from_the_default(game, ident):
    """Not just some pair of readings: each one differs from the default on a witness."""
    (entry,) = register(ident)
    others = [r["value"] for r in entry["readings"] if not r["default"]]
    assert sorted(entry["apart"]) == sorted(others)
    for value, apart in entry["apart"].items():
        assert apart["differs_in"], f"{ident}: {value} agrees with the default on its witness"


@pytest.mark.skipif("tindahan" not in engine.games(), reason="tindahan not registered")
def test_a_reading_the_main_witness_cannot_part_brings_its_own(monkeypatch):
    """TIN-A3: a tie of two gives split and each 4 points alike; a tie of three parts them."""
    import engine.analysis.ambiguities as amb

    (entry,) = register("TIN-A3")
    assert entry["apart"]["each"]["witness"].endswith("TIN-A3.each.json")
    assert entry["apart"]["none"]["witness"] == entry["witness"]
    assert entry["parts_ways"]
    monkeypatch.setattr(amb, "reading_witness_path",
                        lambda game, opt, value: amb.witness_path(game, opt).with_name("none"))
    (bare,) = register("TIN-A3")
    assert bare["agreeing"] == ["each"] and not bare["parts_ways"]


@pytest.mark.skipif("tindahan" not in engine.games(), reason="tindahan not registered")
def test_search_finds_a_witness_parting_every_reading_from_the_default():
    """TIN-A9 has three readings: the found scenario parts both others from the default."""
    from engine.analysis.ambiguities import _differences, outcome
    from engine.core.scenario import replay
    from engine.analysis.witness import search

    found = search("tindahan", "TIN-A9", tries=40)
    assert "stays at step" in found["description"]
    assert "dealer-chooses at step" in found["description"]
    outs = {v: outcome(replay(found, options={"cart-start": v}))
            for v in ("bananas", "stays", "dealer-chooses")}
    for other in ("stays", "dealer-chooses"):
        assert _differences({"bananas": outs["bananas"], other: outs[other]}), other
