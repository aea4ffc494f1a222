"""Shared vocabulary of the game specs: core types, clauses, symbolic arithmetic, RNG."""
import fast

# where this package's modules are found: the compiled twin's folder first when it runs
__path__ = fast.search_path(__name__, __path__)

from .core import (HIDDEN, OWNER, PUBLIC, SECRET, TOPS, Action, Config, Event, GameSpec,
                   Guard, Invariant, Move, ev)
from .errors import (ConfigError, FruitspecError, IllegalAction, MalformedAction, SetupError,
                     StateError)
from .rules import Catalogue, Clause, Option, Reading, Variant

__all__ = [
    "HIDDEN", "OWNER", "PUBLIC", "SECRET", "TOPS", "Action", "Catalogue", "Clause", "Config",
    "ConfigError", "Event", "FruitspecError", "GameSpec", "Guard", "IllegalAction",
    "Invariant", "MalformedAction", "Move", "Option", "Reading", "SetupError", "StateError",
    "Variant", "ev",
]
