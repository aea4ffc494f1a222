"""The reductions a spec declares (:mod:`spec.common.reduction`), as the explorers use them.

``reduce`` names what to use: ``"symmetry"`` keys the seen-set on the spec's canonical
member of a state's symmetry class; ``"por"`` expands only the spec's ample (persistent)
set of a state and, where the spec declares commuting actions, walks one order of each
commuting pair. Neither is ever guessed: asking for one a spec does not declare is an
error that names what it declares.

The commuting-pair pruning is a sleep set of depth one, made safe for a breadth-first walk
that merges states: state ``t`` skips action ``a`` only if *every* edge ``s -b-> t`` from
the previous level has ``a < b`` and ``a`` commuting with ``b`` at ``s`` (and reached ``t``
itself, not another member of its symmetry class). Then the lexicographically least
shortest path to any state is never cut (swapping a cut ``b, a`` into ``a, b`` would give a
smaller one), so every state is reached at the same depth as without the pruning.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from spec.common.errors import ConfigError

#: the reductions a spec may declare, and the fields that declare them
KINDS = {"por": ("ample", "independent"), "symmetry": ("symmetry",)}
NONE: frozenset = frozenset()


def names(reduce: Iterable[str] | str | None) -> tuple[str, ...]:
    """The reductions asked for, checked and in a fixed order."""
    if not reduce:
        return ()
    asked = (reduce,) if isinstance(reduce, str) else tuple(reduce)
    bad = [r for r in asked if r not in KINDS]
    if bad:
        raise ConfigError(f"unknown reduction {bad[0]!r} (reductions: {', '.join(KINDS)})")
    return tuple(k for k in KINDS if k in asked)


def declared(spec: Any) -> tuple[str, ...]:
    """The reductions a spec declares."""
    red = getattr(spec, "reductions", None)
    return tuple(k for k, fields in KINDS.items()
                 if red is not None and any(getattr(red, f) for f in fields))


class Reducer:
    """A configured game's state keys and expanded actions under the chosen reductions."""

    def __init__(self, game: Any, reduce: Iterable[str] | str | None = ()) -> None:
        self.names = names(reduce)
        sp, self.cfg = game.spec, game.config
        # None only for a spec that declares no reduction, when there are no names to read
        red: Any = getattr(sp, "reductions", None)
        for k in self.names:
            if k not in declared(sp):
                have = ", ".join(declared(sp)) or "none"
                raise ConfigError(f"{sp.name} declares no {k} reduction (it declares: {have})")
        self._canonical = getattr(sp, "canonical", None)
        self._symmetry = red.symmetry if "symmetry" in self.names else None
        self._ample = red.ample if "por" in self.names else None
        self._independent = red.independent if "por" in self.names else None

    @property
    def sleeps(self) -> bool:
        """Whether commuting pairs are pruned (the walkers then track sleep sets)."""
        return self._independent is not None

    @property
    def plain_key(self) -> bool:
        """Whether a state is its own key (no canonical form, no symmetry)."""
        return self._canonical is None and self._symmetry is None

    def key(self, state: Any) -> Any:
        k = self._canonical(self.cfg, state) if self._canonical else state
        return self._symmetry(self.cfg, k) if self._symmetry else k

    def ample(self, state: Any, legal: Sequence[Any]) -> Sequence[Any]:
        """The actions to follow from ``state`` (before the sleeping ones are skipped)."""
        if self._ample is None or not legal:
            return legal
        acts = self._ample(self.cfg, state, legal)
        if not acts:
            raise AssertionError(f"{self.cfg.game}: the declared ample set is empty"
                                 " although actions are legal (condition C0)")
        return acts

    def commuting(self, state: Any, acts: Sequence[Any], b: Any) -> frozenset:
        """The actions to skip after ``b``: those of ``acts`` (the ample set of ``state``)
        before it that commute with it here."""
        indep = self._independent
        if indep is None:
            return NONE
        return frozenset(a for a in acts if a < b and indep(self.cfg, state, a, b))
