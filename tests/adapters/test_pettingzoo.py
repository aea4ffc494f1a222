"""The PettingZoo adapter: PettingZoo's own API checks, the action index, and observations
that depend on nothing a seat may not see."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from hypothesis import settings

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import engine  # noqa: E402
from engine.adapters import pettingzoo as fz  # noqa: E402
from engine.adapters.encoding import WAIT, flatten, interface  # noqa: E402
from tests.core.helpers import configurations, option_configurations, random_state  # noqa: E402

CONFIGS = configurations()
IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in CONFIGS]
# PettingZoo's checks run on the fewest and the most seats of every variant: the fewest
# play whole games, the most a part of one (they cost the most per step)
FEWEST = {(g, v): n for g, n, v in reversed(CONFIGS)}
MOST = {(g, v): n for g, n, v in CONFIGS}
EDGES = [c for c in CONFIGS if c[1] in (FEWEST[(c[0], c[2])], MOST[(c[0], c[2])])]
EDGE_IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in EDGES]
# the player counts in between run under the `thorough` hypothesis profile
THOROUGH = settings._current_profile == "thorough"  # noqa: SLF001
ALL = [pytest.param(c, id=i) for c, i in zip(CONFIGS, IDS) if THOROUGH or c in EDGES]


def _cycles(name: str, players: int, variant: str | None) -> int:
    return 1000 if FEWEST[(name, variant)] == players else 20


@pytest.mark.parametrize("cfg", EDGES, ids=EDGE_IDS)
def test_pettingzoo_api_test_passes(cfg):
    name, players, variant = cfg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style advice on Dict observations
        api_test(fz.env(name, players=players, variant=variant),
                 num_cycles=_cycles(name, players, variant))


@pytest.mark.parametrize("cfg", EDGES, ids=EDGE_IDS)
def test_pettingzoo_parallel_api_test_passes(cfg):
    name, players, variant = cfg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(fz.parallel_env(name, players=players, variant=variant),
                          num_cycles=_cycles(name, players, variant))


@pytest.mark.parametrize("cfg", ALL)
def test_every_legal_action_has_an_index_and_back(cfg):
    name, players, variant = cfg
    game = engine.load(name, players=players, variant=variant)
    iface = interface(game)
    assert iface.notation(WAIT) == "wait"
    for seed in (101,):  # not among the seeds the index was built from
        rng = random.Random(seed)
        s = game.new(seed=seed)
        while not game.is_over(s):
            legal = game.legal_actions(s)
            for a in legal:
                assert iface.action(a.player, iface.index(a)) == a
            s = game.apply(s, rng.choice(legal))


# every reading keeps the index complete (a sample in `make test`, all when thorough)
READINGS = option_configurations()
SAMPLED = READINGS if THOROUGH else READINGS[::max(1, len(READINGS) // 6)]


@pytest.mark.parametrize("case", SAMPLED, ids=[f"{c[0]}-{c[2]}={c[3]}" for c in SAMPLED])
def test_readings_are_covered_by_the_index(case):
    name, variant, option, value = case
    game = engine.load(name, variant=variant, options={option: value})
    iface = interface(game)
    rng = random.Random(7)
    s = game.new(seed=7)
    while not game.is_over(s):
        legal = game.legal_actions(s)
        mask = iface.mask(legal, legal[0].player)
        assert mask.sum() == len([a for a in legal if a.player == legal[0].player])
        s = game.apply(s, rng.choice(legal))


@pytest.mark.parametrize("cfg", ALL)
@pytest.mark.parametrize("seed", [3])
def test_observation_ignores_what_the_seat_may_not_see(cfg, seed):
    name, players, variant = cfg
    env = fz.raw_env(name, players=players, variant=variant)
    env.reset(seed=seed)
    game = env.game
    s = random_state(game, seed, steps=seed * 17)
    for seat in range(players):
        agent = fz.agent_name(seat)
        env.state = s
        before = env.observe(agent)
        for shuffle in range(3):
            env.state = game.spec.resample(game.config, s, seat, random.Random(shuffle))
            after = env.observe(agent)
            assert np.array_equal(before["observation"], after["observation"])
            assert np.array_equal(before["action_mask"], after["action_mask"])


def test_observation_is_the_view_and_changes_with_it():
    env = fz.raw_env("bastos", players=3)
    env.reset(seed=5)
    obs = env.observe("player_0")["observation"]
    iface = env.interface
    expected = np.zeros_like(obs)
    for feature, value in flatten(env.view("player_0")):
        expected[iface.features.index(feature)] += value
    assert np.array_equal(obs, expected)
    for card in env.state.hands[0]:
        assert obs[iface.features.index(f"hands/0[{card}]")] == 1
    # another seat's hand is a count, never cards
    assert obs[iface.features.index("hands/1")] == len(env.state.hands[1])
    assert not any(f.startswith("hands/1[") and obs[i] for i, f in enumerate(iface.features))


def test_masked_actions_play_and_illegal_ones_are_refused_without_change():
    env = fz.raw_env("tindahan", players=3)
    env.reset(seed=2)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[1])
    before = env.game.dumps(env.state)
    with pytest.raises((engine.IllegalAction, ValueError)):
        env.step(illegal)
    assert env.game.dumps(env.state) == before
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.game.dumps(env.state) != before


def test_same_seed_same_game_and_score_rewards_sum_to_the_scores():
    totals = []
    for _ in range(2):
        env = fz.env("fruit-passion", players=2, reward="score")
        env.reset(seed=11)
        rng = np.random.default_rng(0)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        totals.append(total)
    assert totals[0] == totals[1]


def test_parallel_env_lets_every_bastos_seat_pick_at_once():
    env = fz.parallel_env("bastos", players=3)
    obs, _ = env.reset(seed=4)
    acting = [a for a in env.agents if obs[a]["action_mask"][1:].any()]
    assert len(acting) == 3
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    env.step(actions)  # the three secret picks, then the round starts
    assert env.state.phase != "choose" and all(env.state.bastos)


def test_parallel_env_refuses_an_action_from_a_seat_that_must_wait():
    env = fz.parallel_env("tindahan", players=3)
    obs, _ = env.reset(seed=1)
    waiting = [a for a in env.agents if obs[a]["action_mask"][WAIT]]
    assert waiting
    with pytest.raises(ValueError, match="may not act"):
        env.step({waiting[0]: 1})


def test_bad_configuration_is_refused_with_the_engine_error():
    with pytest.raises(engine.ConfigError):
        fz.env("bastos", players=9)
    with pytest.raises(ValueError):
        fz.env("bastos", reward="money")
