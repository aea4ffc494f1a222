"""Recorded games: everything the public API shows, step by step, stays as it was.

For every configuration and every non-default option reading, a seeded random game is
played through the public API, and at each step a digest is taken of what a user sees:
the legal actions in their order, the action chosen, the events (each as every seat and a
spectator may read it), one view (each seat's and the spectator's in turn: views cost the
most), the running scores and the dumped state; at the end, the winners. The digests
were recorded from the code as it stood (``tests/core/traces/<game>.json``); a change
to a guard, an effect, an event's text or a view shows up as the first step whose digest
differs.

These traces pin behaviour, they do not judge it: the rules are checked by the games' own
tests. When a change of behaviour is meant, record the traces again:

    python -m tests.core.test_traces --write
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

import engine
import spec

from tests.core.helpers import MAX_STEPS, configurations, option_configurations

TRACES = Path(__file__).with_name("traces")
DIGEST = 10  # hex characters per step


def cases() -> list[tuple[str, int, str | None, dict[str, str], int]]:
    """(game, players, variant, options, seed): each configuration, and each non-default
    reading at the variant's largest player count."""
    out = [(g, n, v, {}, 1) for g, n, v in configurations()]
    for g, v, option, value in option_configurations():
        n = spec.get(g).variant(v).players[-1]
        out.append((g, n, v, {option: value}, 3))
    return out


def case_id(case: tuple) -> str:
    g, n, v, options, seed = case
    reading = ",".join(f"{k}={x}" for k, x in options.items()) or "default"
    return f"{g}-{n}p-{v or 'base'}-{reading}-s{seed}"


def _digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()[:DIGEST]


def playout(game: engine.Game, seed: int) -> Iterator[tuple[str, str]]:
    """(action, digest of what the API shows after it) per step; the start and the end
    are steps too (action "start" / "end")."""
    rng = random.Random(seed)
    seats = [None, *range(game.players)]
    s = game.new(seed=seed)
    yield "start", _digest(_shown(game, s, *seats))
    for step in range(1, MAX_STEPS):
        if game.is_over(s):
            break
        legal = game.legal_actions(s)
        a = rng.choice(legal)
        s, events = game.step(s, a)
        seen = [[e.to_json() for e in game.events_for(events, p)] for p in seats]
        yield str(a), _digest([str(x) for x in legal], str(a), [e.to_json() for e in events],
                              seen, _shown(game, s, seats[step % len(seats)]))
    yield "end", _digest(game.winners(s), game.scores(s))


def _shown(game: engine.Game, s: Any, *seats: int | None) -> list:
    return [game.actors(s), game.scores(s), game.is_over(s), game.dumps(s),
            [game.view(s, p) for p in seats]]


def record(case: tuple) -> str:
    g, n, v, options, seed = case
    game = engine.load(g, players=n, variant=v, options=options)
    return "".join(d for _, d in playout(game, seed))


def _recorded(name: str) -> dict[str, str]:
    return json.loads((TRACES / f"{name}.json").read_text(encoding="utf-8"))


CASES = cases()


def test_every_configuration_has_a_recorded_trace():
    recorded = {k for g in engine.games() for k in _recorded(g)}
    assert recorded == {case_id(c) for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_game_matches_its_recorded_trace(case):
    g, n, v, options, seed = case
    want = _recorded(g)[case_id(case)]
    game = engine.load(g, players=n, variant=v, options=options)
    for i, (action, got) in enumerate(playout(game, seed)):
        expected = want[i * DIGEST:(i + 1) * DIGEST]
        assert got == expected, (f"step {i} ({action}): what the API shows differs from the"
                                 " recorded game")
    assert len(want) == (i + 1) * DIGEST, "the game ended at another step than recorded"


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    TRACES.mkdir(exist_ok=True)
    by_game: dict[str, dict[str, str]] = {g: {} for g in engine.games()}
    for case in CASES:
        by_game[case[0]][case_id(case)] = record(case)
    for g, traces in by_game.items():
        (TRACES / f"{g}.json").write_text(json.dumps(traces, indent=0, sort_keys=True) + "\n",
                                          encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
