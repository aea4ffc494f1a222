"""The project's errors survive pickling, so they cross process boundaries (explore and
simulate with ``--workers``) with their class, text and attributes intact."""
from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import engine
from engine.cli.textio import InputError
from engine.analysis.length import CycleFound, GameTooLong
from engine.core.scenario import ScenarioError
from engine.server.store import StoreError
from engine.server.tables import BadToken, TooManyTables, UnknownTable
from engine.core.table import (BadRequest, Illegal, NoSeat, NotOver, Refusal, StaleVersion,
                          WrongSeat)
from spec.common.errors import (AmbiguousAction, ConfigError, FruitspecError, IllegalAction,
                                MalformedAction, SetupError, StateError)

ERRORS = [
    IllegalAction("BAS-4.1", "seat 2 must follow Mango (holds M4)"),
    IllegalAction("TIN-9.1", "a line\nbreak and a \x00 byte"),
    MalformedAction("FRP-9.1", "'zap' is not a move"),
    AmbiguousAction("TAN-9.1", "seats [0, 1] could all make 'take 1'"),
    ConfigError("tindahan has no option 'x'"),
    SetupError("malformed setup: hands"),
    StateError("state is for players=3"),
    ScenarioError("actions: not a list"),
    InputError("not JSON"),
    StoreError("not a table store"),
    GameTooLong("no end after 10 actions", ["p0: play B7"]),
    CycleFound("tanuki-market", 4, ["p0: take 1", "p1: take 2"]),
    Refusal("stale version", rule=None),
    BadRequest("unknown game", rule="TIN-9.1"),
    Illegal("'zap' is not a move", rule="TIN-9.1"),
    StaleVersion("the table is at version 1, not 0"),
    NotOver("the game is still running"),
    WrongSeat("this token plays seat 0"),
    NoSeat("a spectator cannot act"),
    UnknownTable("no table t"),
    TooManyTables("too many tables"),
    BadToken("no seat for this token"),
    FruitspecError("plain"),
]


def _subclasses(cls: type) -> set[type]:
    return {cls}.union(*(_subclasses(sub) for sub in cls.__subclasses__()))


def _example(cls: type[FruitspecError]) -> FruitspecError:
    """An instance of an error class the list above does not hold (a new one), made
    without calling its ``__init__``, whose parameters this test cannot know."""
    error = cls.__new__(cls)
    error.args = ("TST-1: a refusal",)
    error.__dict__.update(rule="TST-1", message="a refusal")
    return error


def test_every_error_class_of_the_project_round_trips() -> None:
    import engine.server.app  # noqa: F401 - defines (through its imports) the server's errors

    # a class defined in the tests (a toy game's) is theirs to check
    ours = {c for c in _subclasses(FruitspecError) if not c.__module__.startswith("tests.")}
    listed = {type(e) for e in ERRORS}
    assert listed <= ours
    for cls in ours:
        # whatever its __init__ takes, a class keeps the base class's way of pickling
        assert cls.__reduce__ is FruitspecError.__reduce__, cls
        for error in [e for e in ERRORS if type(e) is cls] or [_example(cls)]:
            assert _same(pickle.loads(pickle.dumps(error)), error), cls


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


def _raise(index: int) -> None:
    raise ERRORS[index]


def test_every_error_crosses_a_process_pool() -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(_raise, i) for i in range(len(ERRORS))]
        for error, future in zip(ERRORS, futures):
            back = future.exception(timeout=120)
            assert back is not None and _same(back, error), (error, back)


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
