"""The reference engine: runs any game spec through one small, typed API.

>>> import engine
>>> game = engine.load("tindahan", players=3)
>>> state = game.new(seed=1)
>>> game.is_over(state)
False
"""
from spec.common.core import Action, Event
from spec.common.errors import (ConfigError, FruitspecError, IllegalAction, MalformedAction,
                                SetupError, StateError)

from .game import Game, games, load

__all__ = ["Action", "ConfigError", "Event", "FruitspecError", "Game", "IllegalAction",
           "MalformedAction", "SetupError", "StateError", "games", "load"]
