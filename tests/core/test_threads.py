"""One ``Game`` shared by several threads gives each the answers it gives one thread alone.

A game keeps its last listing, its last scores and its action objects between calls
(see :class:`engine.core.game.Game`); these tests interleave play-outs of many seeds on
one game object from several threads, with a short switch interval so that threads are
swapped in the middle of calls, and compare every step with a game used by one thread.
"""
from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

import engine

THREADS = 6
GAMES_PER_THREAD = 6


def playout(game: engine.Game, seed: int) -> list[tuple[str, ...]]:
    """One seeded random play-out, recorded as the listings, actions, events and scores."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    out: list[tuple[str, ...]] = []
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state, events = game.step(state, action)
        out.append((str(action), *map(str, legal), *(e.text for e in events)))
        out.append(tuple(map(str, game.scores(state))))
    out.append(tuple(map(str, game.winners(state))))
    return out


@pytest.fixture
def switch_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("name", engine.games())
def test_threads_sharing_a_game_see_what_one_thread_sees(name: str, switch_often: None) -> None:
    alone = engine.load(name)
    seeds = [[t * 100 + k for k in range(GAMES_PER_THREAD)] for t in range(THREADS)]
    expected = {s: playout(alone, s) for row in seeds for s in row}
    shared = engine.load(name)
    got: dict[int, list[tuple[str, ...]]] = {}
    errors: list[BaseException] = []

    def run(row: list[int]) -> None:
        try:
            for s in row:
                got[s] = playout(shared, s)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(row,)) for row in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    differ = [s for s in expected if got.get(s) != expected[s]]
    assert not differ, f"threads sharing one {name} game part ways on seeds {differ}"
