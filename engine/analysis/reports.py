"""The shapes of the analysis tools' reports, for a type checker and for a reader.

Each report is a plain dict (it goes to JSON as it is, ``--json`` prints it), typed here
key by key: :func:`engine.analysis.explore.explore` returns an :class:`ExploreReport`,
:func:`engine.analysis.simulate.simulate` a :class:`SimulateReport`. The proofs' report is
:class:`proofs.runner` 's, with its :class:`proofs.core.Status`.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Violation(TypedDict):
    """The first state found that breaks one property, and how to get there."""

    invariant: str  # the property's ID (an invariant's, or "termination", "dead-end"...)
    message: str
    states: int  # how many states break it
    path: list[str]  # the actions from the first state, in notation
    depth: int
    scenario: dict[str, Any] | None  # a scenario file that replays the path


class ExploreReport(TypedDict):
    """What :func:`~engine.analysis.explore.explore` found."""

    game: str
    config: str | None
    players: int
    variant: str | None
    options: dict[str, str]
    seed: int
    setup: Any
    states: int  # distinct states reached (merged under a reduction, if one is named)
    terminal_states: int
    max_depth: int
    edges: int
    seconds: float
    states_per_second: float | None
    complete: bool  # every reachable state was expanded (not cut at max_states)
    max_states: int
    invariants: list[str]  # the properties checked on every state
    violations: list[Violation]
    ok: bool
    reduce: list[str]
    deferred: int
    pruned: int
    outcomes: list[tuple[tuple[int, ...], tuple[int, ...]]]  # (scores, winners) reached
    # the level-by-level walker's own figures
    fingerprints: NotRequired[bool]
    workers: NotRequired[int]
    cluster: NotRequired[str | None]
    moved_states: NotRequired[int]
    worker_cpu_seconds: NotRequired[list[float]]
    fingerprint_bytes: NotRequired[int]
    bytes_per_state: NotRequired[float]
    collision_probability: NotRequired[float]
    termination: NotRequired[str]
    # a named configuration checked against the explorer's manifest (explore_all)
    manifest: NotRequired[str]  # match, mismatch, missing or bounded
    whole_states: NotRequired[int]
    expected: NotRequired[dict[str, Any]]


class Moments(TypedDict):
    mean: float | None
    stdev: float | None
    min: int | None
    max: int | None


class Coverage(TypedDict):
    fired: int  # clauses cited by at least one event
    rules: int  # clauses the game declares
    never_fired: list[str]


class SimulateReport(TypedDict):
    """What :func:`~engine.analysis.simulate.simulate` measured over ``n`` games."""

    game: str
    players: int
    variant: str | None
    options: dict[str, str]
    agents: list[str]
    n: int
    seed: int
    workers: int
    backend: str
    seats: list[dict[str, Any]]  # per seat: wins (with a Wilson interval) and scores
    shared_wins: int
    length: Moments
    actions: int
    clauses: dict[str, int]  # times each clause was cited
    coverage: Coverage
    elapsed: float
    actions_per_second: float | None
    games_per_second: float | None
