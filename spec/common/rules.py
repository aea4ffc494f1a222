"""The clause catalogue: rule clauses, assumptions and options with named readings.

Every game declares its clauses once, in its own ``rules.py``; code, events, errors,
tests, proofs and docs refer to them by ID only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ClauseKind = Literal["rule", "assumption", "gap", "setting"]
OptionKind = Literal["ambiguity", "gap", "contradiction", "settled", "setting"]
Effect = Literal["legal actions", "scores", "termination", "information", "set-up", "winner"]


@dataclass(frozen=True)
class Clause:
    """One numbered rule clause, in our own words, with its rulebook section."""

    id: str
    text: str
    section: str
    kind: ClauseKind = "rule"
    source: str = ""  # for assumptions: where the chosen default comes from


@dataclass(frozen=True)
class Reading:
    """One way to read an ambiguous passage; ``value`` is the option value that selects it."""

    value: str
    text: str


@dataclass(frozen=True)
class Option:
    """A game option. Most options are the readings of an ambiguity or a gap.

    ``id`` is the register ID (``TIN-A1``...), ``name`` the option key users pass
    (``--option name=value``), ``question`` says in our words what the text leaves open.
    """

    id: str
    name: str
    clauses: tuple[str, ...]
    section: str
    question: str
    readings: tuple[Reading, ...]
    default: str
    reason: str
    affects: tuple[Effect, ...] = ("scores",)
    kind: OptionKind = "ambiguity"
    found_by: str = "reading the rulebook"
    settled_by: str = ""  # for kind="settled": the worked example that decides it
    variants: tuple[str | None, ...] | None = None  # None: applies to every variant

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(r.value for r in self.readings)

    def reading(self, value: str) -> Reading:
        for r in self.readings:
            if r.value == value:
                return r
        raise KeyError(value)


@dataclass(frozen=True)
class Variant:
    """A named variant of a game (``None`` is the base game)."""

    name: str | None
    players: tuple[int, ...]
    description: str


@dataclass(frozen=True)
class Catalogue:
    """All the clauses and options of one game, looked up by ID."""

    prefix: str
    clauses: tuple[Clause, ...]
    options: tuple[Option, ...] = ()
    _by_id: dict[str, Clause] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for c in self.clauses:
            if not c.id.startswith(self.prefix + "-"):
                raise ValueError(f"clause {c.id} does not start with {self.prefix}-")
            if c.id in self._by_id:
                raise ValueError(f"clause {c.id} declared twice")
            self._by_id[c.id] = c

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._by_id

    def __getitem__(self, clause_id: str) -> Clause:
        return self._by_id[clause_id]

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name or o.id == name:
                return o
        raise KeyError(name)
