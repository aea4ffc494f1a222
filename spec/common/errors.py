"""Errors shared by every game spec and re-exported by the engine."""
from __future__ import annotations

from typing import Any


# line breaks and other control characters, as the escapes Python would print for them
_ESCAPES = {c: repr(chr(c))[1:-1] for c in (*range(32), 127, 0x85, 0x2028, 0x2029)}


def one_line(text: str) -> str:
    """``text`` with line breaks and control characters escaped: one printable line.

    >>> one_line("unknown key 'a\\nb'")
    "unknown key 'a\\\\nb'"
    """
    return text.translate(_ESCAPES)


class FruitspecError(Exception):
    """Base class of every error the project raises on bad input.

    Its message is always one line: a user's text quoted in it (a key, an action) cannot
    break it, because control characters are escaped.
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(one_line(a) if isinstance(a, str) else a for a in args))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle (errors cross process boundaries, e.g. explore --workers) rebuilds an
        # exception by calling its class with ``args``; subclasses whose __init__ takes
        # other parameters (IllegalAction's rule and message) would fail, so the error is
        # restored from its args and attributes without calling __init__ again.
        return _restore, (type(self), self.args, self.__dict__)


def _restore(cls: type[BaseException], args: tuple[object, ...],
             attributes: dict[str, Any]) -> BaseException:
    """An unpickled :class:`FruitspecError`: the same class, args and attributes."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(attributes)
    return error


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
        self.message = one_line(message)


class MalformedAction(IllegalAction):
    """Text that is not an action of this game's notation at all."""


class AmbiguousAction(IllegalAction):
    """An action without a seat prefix that several seats could make now (in a real-time
    phase, say): the rules allow it, but not without saying whose it is."""


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
