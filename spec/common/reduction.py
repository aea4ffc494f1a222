"""What a spec may declare to let the explorer visit fewer states or edges, soundly.

The explorer never guesses a reduction: it uses only what a spec declares here, and only
when asked (``explore(..., reduce=("por", "symmetry"))``). Each field says what the spec
promises; the spec's tests check the promise on small configurations.

* ``symmetry(cfg, state)``: a canonical member of the state's class under a group of
  renamings that the rules cannot tell apart (the legal actions of a renamed state are the
  renamed actions, their results the renamed results, the invariants and the scores do not
  change). The explorer keys its seen-set on it.
* ``ample(cfg, state, actions)``: a *persistent* subset of the legal actions (ample-set
  conditions C0-C3): non-empty when ``actions`` is; no action outside it, on any path
  from ``state`` that avoids it, depends on an action inside it; the actions it defers
  cannot change what the invariants observe about the reached states; and they cannot
  form a cycle among themselves.
* ``independent(cfg, state, a, b)``: ``a`` and ``b`` commute at ``state``: both legal,
  each still legal after the other, and both orders reach the same state, each action
  staying in the ample set after the other. The explorer then skips ``a`` after ``b``
  when ``a < b`` (a sleep set of depth one): every state is still reached, by a shortest
  path, and fewer edges are walked. Independent actions must never lie on a cycle.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

Symmetry = Callable[[Any, Any], Any]
Ample = Callable[[Any, Any, Sequence[Any]], Sequence[Any]]
Independent = Callable[[Any, Any, Any, Any], bool]


@dataclass(frozen=True)
class Reductions:
    """A spec's declared reductions; a field left None is not declared."""

    symmetry: Optional[Symmetry] = None
    ample: Optional[Ample] = None
    independent: Optional[Independent] = None
    #: why each declared reduction is sound, in the spec's own terms (shown by the CLI)
    why: str = ""
