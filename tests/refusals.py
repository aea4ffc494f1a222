"""A shared helper for tests that check why an action is refused."""
from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction


def refusal(game: Any, state: Any, action: str) -> IllegalAction:
    """The error ``game.step(state, action)`` raises (the test fails if it raises none)."""
    with pytest.raises(IllegalAction) as info:
        game.step(state, action)
    return info.value
