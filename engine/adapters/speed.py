"""Steps per second of the raw engine and of the two adapters, measured in the same run.

``python -m engine.adapters.speed [GAME ...] [--steps N]`` prints one line per game. Each
measure plays random legal actions from the same seeds: the engine alone
(``legal_actions`` + ``step``), the PettingZoo AEC environment (``last()`` — which builds
the acting seat's observation — then ``step``), and the OpenSpiel game (``legal_actions``
+ ``apply_action``/``apply_actions``, plus ``observation_tensor`` of the acting seat).
Rates are per CPU second of this process.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable, Sequence

import numpy as np

from ..game import load


def _rate(run: Callable[[int], int], steps: int) -> float:
    # CPU time of this process, not the clock: on a shared machine the clock also counts
    # the time other programs ran
    t0 = time.process_time()
    done = run(steps)
    return done / max(time.process_time() - t0, 1e-9)


def engine_steps(game: Any, steps: int) -> int:
    rng, done, seed = random.Random(0), 0, 0
    while done < steps:
        s = game.new(seed=seed)
        while not game.is_over(s) and done < steps:
            legal = game.legal_actions(s)
            s = game.step(s, legal[rng.randrange(len(legal))])[0]
            done += 1
        seed += 1
    return done


def pettingzoo_steps(game: Any, steps: int) -> int:
    from .pettingzoo import env as make_env

    env = make_env(game)
    rng, done, seed = np.random.default_rng(0), 0, 0
    while done < steps:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
        seed += 1
    return done


def openspiel_steps(game: Any, steps: int) -> int:
    from .openspiel import load as load_spiel

    g = load_spiel(game.name, players=game.players, options=game.options, variant=game.variant)
    rng, done = random.Random(0), 0
    while done < steps:
        state = g.new_initial_state()
        while not state.is_terminal() and done < steps:
            if state.is_simultaneous_node():
                state.observation_tensor(0)
                state.apply_actions([rng.choice(state.legal_actions(p))
                                     for p in range(g.num_players())])
            else:
                state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return done


def measure(name: str, players: int | None = None, variant: str | None = None,
            steps: int = 2000) -> dict[str, Any]:
    """Steps per second of the engine and of each adapter on one configuration."""
    game = load(name, players=players, variant=variant)
    from .encoding import interface

    interface(game)  # built once per configuration; not part of a step's cost
    return {"game": game.name, "players": game.players, "variant": game.variant,
            "steps": steps,
            "engine": round(_rate(lambda n: engine_steps(game, n), steps)),
            "pettingzoo": round(_rate(lambda n: pettingzoo_steps(game, n), steps)),
            "openspiel": round(_rate(lambda n: openspiel_steps(game, n), steps))}


def main(argv: Sequence[str] | None = None) -> None:
    from ..game import games

    p = argparse.ArgumentParser(prog="python -m engine.adapters.speed")
    p.add_argument("games", nargs="*")
    p.add_argument("--steps", type=int, default=2000)
    a = p.parse_args(argv)
    for name in a.games or games():
        r = measure(name, steps=a.steps)
        print(f"{r['game']:14s} {r['players']}p  engine {r['engine']:>7,} steps/s  "
              f"pettingzoo {r['pettingzoo']:>6,}  openspiel {r['openspiel']:>6,}")


if __name__ == "__main__":
    main()
