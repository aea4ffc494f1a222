"""Winnability: for every game, variant, player count and seat, a stored game that seat
wins alone.

Each witness is a scenario (``proofs/winners/<game>.json`` holds a game's list): a seed,
and the actions of a game played from that seed's deal by choices drawn from the same
seed, kept only if the seat in question ends as the only winner. The tests replay every
one through the engine and check that it ends with that seat alone among the winners, so
no seat of any size is one the rules leave without a way to win.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterator

import engine
from engine.core.game import Game

FOLDER = Path(__file__).resolve().parent / "winners"


def sizes(game: str) -> Iterator[tuple[str | None, int]]:
    """(variant, player count) for every size the game is played at."""
    import spec as specs

    for v in specs.get(game).variants:
        for n in v.players:
            yield v.name, n


def played(g: Game, seed: int, greedy: bool = False,
           limit: int = 20000) -> tuple[Any, list[str]]:
    """The end of the game dealt from ``seed`` and played by choices drawn from it (with
    ``greedy``, each seat drawn to act takes the move that most raises its score), and
    its actions in notation."""
    from engine.analysis.agents import GreedyAgent

    rng = random.Random(seed)
    s = g.new(seed=seed)
    path: list[str] = []
    for _ in range(limit):
        if g.is_over(s):
            return s, path
        acts = g.legal_actions(s)
        act = rng.choice(acts)
        if greedy:
            act = GreedyAgent().choose(g, s, [a for a in acts if a.player == act.player],
                                       rng)
        path.append(str(act))
        s, _ = g.step(s, act)
    raise RuntimeError(f"{g.name}: seed {seed} ran past {limit} actions")


def witnesses(game: str, variant: str | None, players: int,
              tries: int = 400) -> dict[int, dict[str, Any]]:
    """For each seat, the first of ``tries`` seeded games it wins alone, as a scenario:
    random games first, then greedy ones (a solo game against an automaton is seldom won
    at random)."""
    g = engine.load(game, players=players, variant=variant)
    found: dict[int, dict[str, Any]] = {}
    for k in range(2 * tries):
        seed, greedy = k % tries, k >= tries
        end, path = played(g, seed, greedy)
        winners = g.winners(end)
        if len(winners) == 1 and winners[0] not in found:
            seat = winners[0]
            found[seat] = {
                "game": game, "players": players, "variant": variant, "seed": seed,
                "title": f"player {seat + 1} of {players} wins alone",
                "description": "a game played from the seed's deal by choices drawn from"
                               f" it{' (greedy)' if greedy else ''}, which this player wins"
                               " alone",
                "actions": path, "expect": {"over": True, "winners": [seat]}}
            found[seat] = {k: v for k, v in found[seat].items() if v is not None}
        if len(found) == players:
            break
    return found


def path_of(game: str) -> Path:
    return FOLDER / f"{game}.json"


def stored(game: str) -> list[dict[str, Any]]:
    """The game's stored witnesses (none when the file is missing)."""
    p = path_of(game)
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else []


def write(game: str) -> Path:
    """Find and store a witness for every seat of every size of ``game``."""
    docs = []
    for variant, n in sizes(game):
        found = witnesses(game, variant, n)
        missing = sorted(set(range(n)) - set(found))
        if missing:
            raise RuntimeError(f"{game} {variant or 'base'} {n}p: no game won alone by"
                               f" seats {missing}")
        docs += [found[seat] for seat in range(n)]
    p = path_of(game)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(docs, indent=1) + "\n", encoding="utf-8")
    return p
