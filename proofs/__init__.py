"""Z3 properties of the four games, one module per game, and their runner.

Each property runs the game's own scoring and resolution code (written with
:mod:`spec.common.symbolic`) on Z3 terms. See :mod:`proofs.core` for the statuses and
:mod:`proofs.runner` for ``run``, ``render`` and ``properties``.
"""
from .core import STATUSES, Outcome, Property, Result, Status

__all__ = ["Outcome", "Property", "Result", "STATUSES", "Status"]
