"""Tindahan's declared symmetry: which fruits leave a short game is only a renaming.

Apart from bananas (where the cart starts, TIN-2.3, and always in play, TIN-2.1), no
clause tells one fruit from another: every fruit has the same ten values (TIN-1.1), every
stall the same sellers (TIN-1.3). So the readings of TIN-A1 (which fruits leave a three-
or four-seat game) should give the same game up to renaming the non-banana fruits. The
design report checks this by mapping played games of each reading onto the default's.
"""
from __future__ import annotations

from typing import Any

from spec.common.core import Config
from spec.renaming import BY_FRUIT, CARDS, INDEX, LETTERS, FruitSymmetry

from .state import FRUIT_INDEX, FRUITS


def _present(cfg: Config, state: Any) -> list[int]:
    return [FRUIT_INDEX[f] for f in state.fruits]


SYMMETRIES = (
    FruitSymmetry(
        name="fruit renaming (bananas fixed)", option="removed-fruits", fruits=FRUITS,
        fields={"fruits": LETTERS, "cart": INDEX, "led": INDEX, "hands": CARDS,
                "trick": CARDS, "taken": CARDS, "stalls": BY_FRUIT},
        present=_present,
        why="TIN-1.1 and TIN-1.3 give every fruit the same cards and sellers; only"
            " bananas are named by a rule (TIN-2.1, TIN-2.3), and every reading keeps them"),
)
