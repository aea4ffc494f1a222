"""Bastos!'s declared symmetry: which fruit leaves a three-seat game is only a renaming.

No clause of Bastos! names a fruit: the five fruits have the same nine cards (BAS-1.1)
and each its own value on the same scale (BAS-1.3), and trumps are declared, not printed.
So the readings of BAS-A8 (a drawn fruit, or a fixed one, leaves the three-seat game)
should give the same game up to renaming fruits. The design report checks this by mapping
played games of each reading onto the default's.
"""
from __future__ import annotations

from typing import Any

from spec.common.core import Config
from spec.renaming import BY_FRUIT, CARDS, INDEX, FruitSymmetry

from .state import FRUITS


def _present(cfg: Config, state: Any) -> list[int]:
    return [i for i in range(len(FRUITS)) if i != state.removed]


SYMMETRIES = (
    FruitSymmetry(
        name="fruit renaming", option="removed-fruit", fruits=FRUITS,
        fields={"removed": INDEX, "hands": CARDS, "choices": CARDS, "bastos": CARDS,
                "leftover": CARDS, "values": BY_FRUIT, "lead_values": BY_FRUIT,
                "trump": INDEX, "trick": CARDS,
                "tricks": CARDS, "aside": CARDS},
        present=_present,
        why="BAS-1.1 and BAS-1.3 treat the five fruits alike and no rule names one, so"
            " leaving out one fruit or another differs only in the fruits' names"),
)
