"""Errors shared by every game spec and re-exported by the engine."""
from __future__ import annotations


class FruitspecError(Exception):
    """Base class of every error the project raises on bad input."""


class ConfigError(FruitspecError, ValueError):
    """An unknown game, variant or option, or a player count the game does not allow."""


class SetupError(ConfigError):
    """A scenario set-up that breaks the components (a card twice, a wrong hand size...)."""


class StateError(FruitspecError, ValueError):
    """A serialised state that does not describe a reachable-looking position."""


class IllegalAction(FruitspecError, ValueError):
    """An action the rules forbid now; ``rule`` is the clause ID that forbids it.

    >>> err = IllegalAction("BAS-4.1", "seat 2 must follow Mango (holds M4)")
    >>> str(err)
    'BAS-4.1: seat 2 must follow Mango (holds M4)'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class MalformedAction(IllegalAction):
    """Text that is not an action of this game's notation at all."""


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message: shortened, and safe for any input.

    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown(10**5000)
    'a 16610-bit number'
    """
    try:
        text = repr(value)
    except ValueError:  # Python prints at most 4300 digits of a whole number
        return f"a {value.bit_length()}-bit number" if isinstance(value, int) else "?"
    except RecursionError:
        return "a value nested too deeply"
    return text if len(text) <= limit else text[:limit - 3] + "..."
