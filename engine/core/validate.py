"""The boundary: checks a state that comes from outside before the engine runs it.

A state read by :meth:`engine.Game.loads` (or made from a scenario set-up) passes, in
order, every check the spec makes possible, and the first failure becomes one
:class:`~spec.common.errors.StateError` line naming the field:

1. its shape: exact JSON types, no unknown or missing field (``engine.core.serialize``);
2. its phase: one of the phases the spec's moves name (plus ``over``);
3. the spec's declared bounds (``spec/<game>/bounds.py``): seats, counts, card names,
   list lengths;
4. the spec's invariants (card conservation, turn order...);
5. a probe: the engine can list its legal actions, score it and show it to every seat,
   and a game that is not over has a seat that can act.

Only (3) needs anything written per game, and only as a declaration; a game without a
``bounds`` module still gets (1), (2), (4) and (5).
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

import spec as _specs
from spec.common.bounds import Bounds
from spec.common.core import GameSpec
from spec.common.errors import StateError

#: the longest text :meth:`engine.Game.loads` reads; a real dump is a few kilobytes
MAX_STATE_TEXT = 1_000_000

# what a spec's own code may raise on a state that passed every declared check but is
# still not one the rules can run: the probe turns these into a StateError
CRASHES = (LookupError, TypeError, ValueError, ArithmeticError, AttributeError,
            RecursionError)


@lru_cache(maxsize=None)
def phases(sp: GameSpec[Any]) -> frozenset[str]:
    """Every phase name the spec's moves mention, and ``over``."""
    names = {"over"}
    for mv in sp.moves:
        names.update(mv.phases)
        names.update(mv.to)
    return frozenset(names)


@lru_cache(maxsize=None)
def bounds(sp: GameSpec[Any]) -> Bounds | None:
    """The game's declared field bounds (``spec/<game>/bounds.py``), if it has any."""
    module = _specs.REGISTRY.get(sp.name)
    if module is None:
        return None
    try:
        found = importlib.import_module(module.rsplit(".", 1)[0] + ".bounds")
    except ModuleNotFoundError:
        return None
    return getattr(found, "BOUNDS", None)


def problem(game: Any, state: Any) -> str | None:
    """The first reason ``state`` cannot be a position of ``game``, or None."""
    sp: GameSpec[Any]
    sp, cfg = game.spec, game.config
    phase = getattr(state, "phase", None)
    if phase is not None and phase not in phases(sp):
        return (f"phase: {phase!r} is not a phase of {sp.name}"
                f" (phases: {', '.join(sorted(phases(sp)))})")
    declared = bounds(sp)
    if declared is not None:
        found = declared.problem(cfg, state)
        if found:
            return found
    try:
        found = sp.validate(cfg, state)
    except CRASHES as exc:
        return f"the invariants cannot be checked: {crash(exc)}"
    if found:
        return found
    return _probe(game, state)


def check(game: Any, state: Any) -> Any:
    """``state`` itself when it is a position of ``game``; else :class:`StateError`."""
    found = problem(game, state)
    if found:
        raise StateError(found)
    return state


def _probe(game: Any, state: Any) -> str | None:
    try:
        over = game.is_over(state)
        legal = game.legal_actions(state)
        game.scores(state)
        for seat in (None, *range(game.players)):
            game.view(state, seat)
        if over:
            game.winners(state)
    except CRASHES as exc:
        return f"the engine cannot run this state: {crash(exc)}"
    if not over and not legal:
        return f"phase {state.phase!r}: the game is not over but no seat can act"
    return None


def crash(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__} {text[:80]}" if text else type(exc).__name__
