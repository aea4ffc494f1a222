"""PettingZoo environments for every game, player count, variant and reading.

>>> from engine.adapters import pettingzoo as fz
>>> env = fz.env("tindahan", players=3)
>>> env.reset(seed=1)
>>> env.agents
['player_0', 'player_1', 'player_2']
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']
>>> env.unwrapped.notation(int(obs["action_mask"].nonzero()[0][0]))
'play B3'

Agent ``player_N`` is seat N. Each agent's observation space is
``Dict(observation=Box(float32, (F,)), action_mask=Box(int8, (A,)))`` and its action
space ``Discrete(A)``, where the F features and the A actions of the configuration are
those of :mod:`engine.adapters.encoding` (index 0 is "wait"). The observation is made from
``game.view(state, seat)`` alone.

Rewards: with ``reward="win"`` (the default) a finished game pays each winner
``1 / number of winners`` and the others 0; with ``reward="score"`` every step pays each
seat the change of its running score. An action the mask forbids raises
:class:`engine.IllegalAction` naming the clause, and changes nothing.

In the AEC environment one seat acts at a time; when several may act at once (Bastos!'s
secret picks, Tanuki Market's real-time deal), the next one is drawn by the environment's
seeded RNG. :func:`parallel_env` lets all of them act in the same step instead.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from engine.core.game import Game, load
from engine.adapters.encoding import OBS_BOUND, WAIT, Interface, apply_joint, interface

__all__ = ["FruitspecAEC", "FruitspecParallel", "env", "parallel_env", "raw_env"]

REWARDS = ("win", "score")


def _game(game: str | Game, players: int | None, options: Mapping[str, Any] | None,
          variant: str | None) -> Game:
    if isinstance(game, Game):
        return game
    return load(game, players=players, options=options, variant=variant)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _Common:
    """What both environments share: spaces, observations, rewards."""

    metadata = {"name": "fruitspec_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": True}

    def _setup(self, game: Game, reward: str, render_mode: str | None) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.game = game
        self.reward_mode = reward
        self.render_mode = render_mode
        self.interface: Interface = interface(game)
        self.possible_agents = [agent_name(i) for i in range(game.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        box = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.interface.num_features,), np.float32)
        mask = spaces.Box(0, 1, (self.interface.num_actions,), np.int8)
        self._obs_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._act_space = spaces.Discrete(self.interface.num_actions)
        self.state: Any = None
        self._rng = random.Random(0)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space  # one object for every agent, as PettingZoo expects

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def _new_state(self, seed: int | None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new(seed=self._rng.randrange(2**31))

    def seat_observation(self, seat: int) -> dict[str, np.ndarray]:
        """The observation of seat ``seat`` now (from its view only)."""
        view = self.game.view(self.state, seat)
        return {"observation": self.interface.encode(view),
                "action_mask": self.interface.mask_of(view)}

    def view(self, agent: str) -> dict[str, Any]:
        """The engine's view for an agent (what its observation is made from)."""
        return self.game.view(self.state, self._seat[agent])

    def notation(self, index: int) -> str:
        """The action notation of an index (``'play B7'``; 0 is ``'wait'``)."""
        return self.interface.notation(index)

    def _scores_before(self) -> list[int]:
        # only score rewards read the scores before a step: win rewards need none
        return self.game.scores(self.state) if self.reward_mode == "score" else []

    def _step_rewards(self, before: list[int]) -> list[float]:
        g, s = self.game, self.state
        if self.reward_mode == "score":
            return [float(b - a) for a, b in zip(before, g.scores(s))]
        if not g.is_over(s):
            return [0.0] * g.players
        won = g.winners(s)
        return [1.0 / len(won) if i in won else 0.0 for i in range(g.players)]

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = "\n".join(f"{k}: {v}" for k, v in self.game.view(self.state, None).items())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


class FruitspecAEC(_Common, AECEnv):
    """The AEC (one agent at a time) environment of one configured game."""

    def __init__(self, game: Game, reward: str = "win", render_mode: str | None = None):
        AECEnv.__init__(self)
        self._setup(game, reward, render_mode)

    def __str__(self) -> str:
        return f"fruitspec_{self.game.name}"

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        actors = self.game.actors(self.state)
        if actors:
            seat = actors[0] if len(actors) == 1 else actors[self._rng.randrange(len(actors))]
            self.agent_selection = agent_name(seat)
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.seat_observation(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        before = self._scores_before()
        act = self.interface.action(seat, int(action))
        self.state = self.game.apply(self.state, act)  # IllegalAction: nothing changed
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.possible_agents, self._step_rewards(before)):
            self.rewards[a] = r
        if self.game.is_over(self.state):
            self.terminations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class FruitspecParallel(_Common, ParallelEnv):
    """The parallel environment: every seat that may act now acts in the same step.

    A seat that may not act has only action 0 ("wait") in its mask. The chosen actions are
    played in an order drawn by the environment's seeded RNG (who was quicker); a choice
    that an earlier one made impossible is dropped and that seat acts again next step
    (see :func:`engine.adapters.encoding.apply_joint`).
    """

    def __init__(self, game: Game, reward: str = "win", render_mode: str | None = None):
        self._setup(game, reward, render_mode)
        self.agents: list[str] = []

    def __str__(self) -> str:
        return f"fruitspec_{self.game.name}"

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.seat_observation(self._seat[a]) for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, Any], dict[str, dict]]:
        self._new_state(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        g = self.game
        actors = set(g.actors(self.state))
        choices = {}
        for agent, index in actions.items():
            seat, index = self._seat[agent], int(index)
            if seat in actors:
                choices[seat] = self.interface.action(seat, index)
            elif index != WAIT:
                raise ValueError(f"{agent} may not act now: its only action is {WAIT}"
                                 " ('wait')")
        missing = actors - set(choices)
        if missing:
            raise ValueError(f"no action for {', '.join(agent_name(s) for s in sorted(missing))}"
                             " (they may act now)")
        before = self._scores_before()
        self.state, _ = apply_joint(g, self.state, choices, self._rng)
        rewards = dict(zip(self.possible_agents, self._step_rewards(before)))
        over = g.is_over(self.state)
        obs = self._observations()
        out_rewards = {a: rewards[a] for a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos: dict[str, dict] = {a: {} for a in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, out_rewards, terminations, truncations, infos


def raw_env(game: str | Game, players: int | None = None,
            options: Mapping[str, Any] | None = None, variant: str | None = None,
            reward: str = "win", render_mode: str | None = None) -> FruitspecAEC:
    """The AEC environment without PettingZoo's checking wrappers."""
    return FruitspecAEC(_game(game, players, options, variant), reward, render_mode)


def env(game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
        variant: str | None = None, reward: str = "win",
        render_mode: str | None = None) -> FruitspecAEC:
    """The AEC environment of a game (``engine.load`` arguments; ConfigError when bad)."""
    return raw_env(game, players, options, variant, reward, render_mode)


def parallel_env(game: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, variant: str | None = None,
                 reward: str = "win", render_mode: str | None = None) -> FruitspecParallel:
    """The parallel environment of a game: all seats that may act now act together."""
    return FruitspecParallel(_game(game, players, options, variant), reward, render_mode)
