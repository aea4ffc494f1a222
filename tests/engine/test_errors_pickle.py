"""The project's errors survive pickling, so they cross process boundaries (explore and
simulate with ``--workers``) with their class, text and attributes intact."""
from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import engine
from engine.length import CycleFound, GameTooLong
from engine.scenario import ScenarioError
from engine.table import BadRequest, Refusal
from spec.common.errors import (ConfigError, FruitspecError, IllegalAction, MalformedAction,
                                SetupError, StateError)

ERRORS = [
    IllegalAction("BAS-4.1", "seat 2 must follow Mango (holds M4)"),
    IllegalAction("TIN-9.1", "a line\nbreak and a \x00 byte"),
    MalformedAction("FRP-9.1", "'zap' is not a move"),
    ConfigError("tindahan has no option 'x'"),
    SetupError("malformed setup: hands"),
    StateError("state is for players=3"),
    ScenarioError("actions: not a list"),
    GameTooLong("no end after 10 actions", ["p0: play B7"]),
    CycleFound("tanuki-market", 4, ["p0: take 1", "p1: take 2"]),
    Refusal("stale version", rule=None),
    BadRequest("unknown game", rule="TIN-9.1"),
    FruitspecError("plain"),
]


def _same(a: BaseException, b: BaseException) -> bool:
    return (type(a) is type(b) and str(a) == str(b) and a.args == b.args
            and a.__dict__ == b.__dict__)


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_round_trip(error: FruitspecError) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(error, protocol))
        assert _same(back, error)
    if isinstance(error, IllegalAction):
        assert back.rule == error.rule and back.message == error.message


def test_note_survives() -> None:
    error = IllegalAction("TIN-4.1", "seat 1 must follow Banana")
    error.add_note("while replaying a scenario")
    back = pickle.loads(pickle.dumps(error))
    assert back.__notes__ == ["while replaying a scenario"]


def _illegal_in_worker(notation: str) -> None:
    game = engine.load("tindahan", players=3)
    game.step(game.new(seed=1), notation)


def test_illegal_action_crosses_a_process_boundary() -> None:
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        with pytest.raises(IllegalAction) as info:
            pool.submit(_illegal_in_worker, "p2: seller").result(timeout=60)
    game = engine.load("tindahan", players=3)
    with pytest.raises(IllegalAction) as here:
        game.step(game.new(seed=1), "p2: seller")
    assert type(info.value) is type(here.value)
    assert (info.value.rule, str(info.value)) == (here.value.rule, str(here.value))
