"""Steps per second of the raw engine and of the two adapters, measured in the same run.

``python -m engine.adapters.speed [GAME ...] [--steps N] [--rounds R]`` prints one line per
game. Each measure plays random legal actions from the same seeds, picked the same way
(Python's ``random``): the engine alone (``legal_actions`` + ``step``), the engine with the
acting seat's view (``+ view``: what every adapter step must build at least), the
PettingZoo AEC environment (``last()`` — which builds the acting seat's observation — then
``step``), and the OpenSpiel game (``legal_actions`` + ``apply_action``/``apply_actions``,
plus ``observation_tensor`` of the acting seat). An OpenSpiel step at a simultaneous node
counts as the engine actions it applied. The measures run in turn, ``R`` rounds, and each
keeps its best round: on a shared machine the best is the least disturbed. Rates are per
CPU second of this process.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable, Sequence

import numpy as np

from engine.core.game import Game, load

#: an adapter step may cost at most this many engine steps with a view
MAX_RATIO = 2.0


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


def deal(seed: int) -> int:
    """The deal the adapters play after ``reset(seed=seed)``: every side plays the same."""
    return random.Random(seed).randrange(2**31)


def engine_view_steps(game: Any, steps: int) -> int:
    """:func:`engine_steps` plus the acting seat's view: an adapter step's floor."""
    rng, done, seed = random.Random(0), 0, 0
    while done < steps:
        s = game.new(seed=deal(seed))
        while not game.is_over(s) and done < steps:
            legal = game.legal_actions(s)
            act = legal[rng.randrange(len(legal))]
            game.view(s, act.player)
            s = game.step(s, act)[0]
            done += 1
        seed += 1
    return done


def pettingzoo_steps(game: Any, steps: int) -> int:
    from engine.adapters.pettingzoo import env as make_env

    env = make_env(game)
    rng, done, seed = random.Random(0), 0, 0
    while done < steps:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            done += 1
            if done >= steps:
                break
        seed += 1
    return done


def openspiel_steps(game: Any, steps: int) -> int:
    from engine.adapters.openspiel import load as load_spiel

    g = load_spiel(game.name, players=game.players, options=game.options, variant=game.variant)
    rng, done, seed = random.Random(0), 0, 0
    while done < steps:
        state = g.new_initial_state(deal(seed))
        seed += 1
        while not state.is_terminal() and done < steps:
            if state.is_simultaneous_node():
                state.observation_tensor(0)
                state.apply_actions([rng.choice(state.legal_actions(p))
                                     for p in range(g.num_players())])
                done += max(1, len(state._now.read.applied))  # noqa: SLF001
            else:
                state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                done += 1
    return done


SIDES: dict[str, Callable[[Any, int], int]] = {
    "engine": engine_steps, "engine+view": engine_view_steps,
    "pettingzoo": pettingzoo_steps, "openspiel": openspiel_steps}


def best_rates(game: Game, steps: int, rounds: int = 5,
               sides: Sequence[str] = tuple(SIDES)) -> dict[str, float]:
    """Each side's best rate over ``rounds`` rounds, the sides taking turns in each."""
    from engine.adapters.encoding import interface

    interface(game)  # built once per configuration; not part of a step's cost
    best = {side: 0.0 for side in sides}
    for _ in range(rounds):
        for side in sides:
            best[side] = max(best[side], _rate(lambda n: SIDES[side](game, n), steps))
    return best


def measure(name: str, players: int | None = None, variant: str | None = None,
            steps: int = 2000, rounds: int = 1) -> dict[str, Any]:
    """Steps per second of the engine and of each adapter on one configuration, and what
    an adapter step costs in engine steps with a view (``*_ratio``)."""
    game = load(name, players=players, variant=variant)
    rates = best_rates(game, steps, rounds)
    base = rates["engine+view"]
    return {"game": game.name, "players": game.players, "variant": game.variant,
            "steps": steps, **{k: round(v) for k, v in rates.items()},
            "pettingzoo_ratio": round(base / rates["pettingzoo"], 2),
            "openspiel_ratio": round(base / rates["openspiel"], 2)}


def main(argv: Sequence[str] | None = None) -> None:
    from engine.core.game import games

    p = argparse.ArgumentParser(prog="python -m engine.adapters.speed")
    p.add_argument("games", nargs="*")
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=1)
    a = p.parse_args(argv)
    for name in a.games or games():
        r = measure(name, steps=a.steps, rounds=a.rounds)
        print(f"{r['game']:14s} {r['players']}p  engine {r['engine']:>7,} steps/s"
              f"  +view {r['engine+view']:>6,}  pettingzoo {r['pettingzoo']:>6,}"
              f" (x{r['pettingzoo_ratio']})  openspiel {r['openspiel']:>6,}"
              f" (x{r['openspiel_ratio']})")


if __name__ == "__main__":
    main()
