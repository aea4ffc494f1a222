"""The hand-written play-outs of ``bench/hand`` are honest bounds, and ``make bench`` runs.

A hand-written play-out is the speed plain Python allows for the same game; it is only a
fair bound if it plays the same game: as many decisions per game as the engine's random
play-out, and final scores drawn from the same distribution. Both are compared on fixed
seeds (two-sample Kolmogorov-Smirnov tests, and the mean game length within 3 %), so a
play-out that skips a decision or a rule shows up here.
"""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from scipy.stats import ks_2samp

import engine
from bench.hand import MODULES, playout_of

ROOT = Path(__file__).resolve().parents[2]
GAMES = 150
P_FLOOR = 1e-3  # far below what two samples of one distribution give on these seeds


@cache  # shared by the tests of one game
def _engine_games(name: str, players: int) -> tuple[list[int], list[int]]:
    """Game lengths and every seat's final score of GAMES random play-outs."""
    game = engine.load(name, players=players)
    lengths, scores = [], []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        actions = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            actions += 1
        lengths.append(actions)
        scores += game.scores(state)
    return lengths, scores


def _hand_games(name: str) -> tuple[list[int], list[int]]:
    playout, players = playout_of(name)
    lengths, scores = [], []
    for seed in range(GAMES):
        actions, final = playout(random.Random(10_000 + seed), players)
        lengths.append(actions)
        scores += final
    return lengths, scores


@pytest.mark.parametrize("name", sorted(MODULES))
def test_hand_playout_plays_the_engines_game(name: str) -> None:
    players = playout_of(name)[1]
    assert players == engine.load(name).players  # the bench's default player count
    engine_len, engine_scores = _engine_games(name, players)
    hand_len, hand_scores = _hand_games(name)
    mean_engine, mean_hand = statistics.mean(engine_len), statistics.mean(hand_len)
    assert abs(mean_hand - mean_engine) <= 0.03 * mean_engine, (mean_engine, mean_hand)
    assert ks_2samp(engine_len, hand_len).pvalue > P_FLOOR
    assert ks_2samp(engine_scores, hand_scores).pvalue > P_FLOOR
    spread = statistics.stdev(engine_scores)
    assert min(engine_scores) - spread <= min(hand_scores) <= max(engine_scores)
    assert min(engine_scores) <= max(hand_scores) <= max(engine_scores) + spread


def test_a_skipped_decision_is_caught() -> None:
    """The comparison has teeth: a Bastos! play-out without the value changes is shorter."""
    engine_len, _ = _engine_games("bastos", 3)
    playout, players = playout_of("bastos")
    short = []
    for seed in range(GAMES):
        actions, _ = playout(random.Random(seed), players)
        short.append(actions - 6 * 3)  # as if one value change a seat and round were skipped
    assert ks_2samp(engine_len, short).pvalue < P_FLOOR


def test_bench_quick_runs_end_to_end() -> None:
    out = subprocess.run([sys.executable, "bench/run.py", "--quick", "--game", "tindahan",
                          "--json", "--profile"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    doc = json.loads(out.stdout)
    row = doc["games"]["tindahan"]
    for key in ("api", "play_game", "hand", "explore"):
        assert row[key]["seconds"] > 0, key
    assert row["ratio_to_hand"] == pytest.approx(
        row["api"]["actions_per_second"] / row["hand"]["actions_per_second"], rel=0.01)
    assert row["targets"] == {"actions_per_second": 150_000, "states_per_second": 60_000}
    assert isinstance(row["meets_targets"], bool)
    assert doc["build"] in ("compiled", "pure")
    prof = row["profile"]
    assert sum(prof["parts"].values()) == pytest.approx(prof["seconds"], abs=0.01)
    if doc["build"] == "pure":  # compiled functions are opaque to cProfile
        for part in ("legal-action listing", "domains", "effects", "bench loop"):
            assert prof["parts"][part] > 0, part
