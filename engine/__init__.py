"""The reference engine: runs any game spec through one small, typed API.

>>> import engine
>>> game = engine.load("tindahan", players=3)
>>> state = game.new(seed=1)
>>> game.is_over(state)
False

``engine.compiled()`` tells whether this process runs the compiled twin (:mod:`fast`, see
:doc:`/guide/performance`); ``FRUITSPEC_ENGINE=reference`` runs the Python source alone.
"""
from spec.common.core import Action, Event, Outcome
from spec.common.errors import (AmbiguousAction, ConfigError, FruitspecError, IllegalAction,
                                MalformedAction, SetupError, StateError)
from fast import compiled, compiled_modules

from engine.core.game import Game, games, load

__all__ = ["Action", "AmbiguousAction", "ConfigError", "Event", "FruitspecError", "Game",
           "IllegalAction", "MalformedAction", "Outcome", "SetupError", "StateError", "compiled",
           "compiled_modules", "games", "load"]
