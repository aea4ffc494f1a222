"""Properties, their outcomes and the Z3 helpers every game's proofs share.

A :class:`Property` is one named obligation: an ID, the clause IDs it covers, a statement
in plain words and a ``check``. The check runs the game's own scoring and resolution
functions (written with :mod:`spec.common.symbolic`) on Z3 terms and returns an
:class:`Outcome`:

``proved``
    the statement holds for every input the premises allow (Z3 answered ``unsat`` to its
    negation);
``refuted``
    the statement fails, or the situation sought cannot arise; ``detail`` says how;
``witness``
    the situation sought can arise; ``detail`` and ``scenario`` show one;
``unknown``
    Z3 gave up or the time ran out: always a failure, never a pass;
``error``
    the check itself broke (an exception, or a witness the engine does not replay).

Whether a status is the *expected* one is recorded in ``proofs/manifest.json``.
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

import z3

class Status(enum.StrEnum):
    """How a check ended (the module docstring says what each means). A status is its own
    name as a string too, so JSON, the manifest and messages read it as before."""

    PROVED = "proved"
    REFUTED = "refuted"
    WITNESS = "witness"
    UNKNOWN = "unknown"
    ERROR = "error"


PROVED, REFUTED, WITNESS, UNKNOWN, ERROR = (Status.PROVED, Status.REFUTED, Status.WITNESS,
                                            Status.UNKNOWN, Status.ERROR)
STATUSES = tuple(Status)
PASSING = (PROVED, REFUTED, WITNESS)  # statuses a manifest may expect


class Timeout(Exception):
    """A check ran past its time budget (reported as ``unknown``)."""


@dataclass
class Outcome:
    """What a check found. ``scenario`` is a scenario dict (contract format) or None."""

    status: Status
    detail: str = ""
    scenario: dict[str, Any] | None = None
    facts: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown status {self.status!r}")
        self.status = Status(self.status)


@dataclass
class Context:
    """Per-check budget: Z3's time-out and a wall-clock deadline for engine searches."""

    timeout_ms: int = 20000
    started: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float:
        return self.started + self.timeout_ms / 1000.0

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise Timeout(f"ran past {self.timeout_ms} ms")

    def solver(self, preprocess: bool = True) -> z3.Solver:
        """A solver with this check's time-out. ``preprocess`` runs Z3's simplifying
        tactics (value propagation, solving equations, dropping unconstrained terms)
        before the SMT core: several times faster on the If-chains of scoring code."""
        s = z3.Then("simplify", "propagate-values", "solve-eqs", "elim-uncnstr",
                    "smt").solver() if preprocess else z3.Solver()
        left = max(1, int((self.deadline - time.monotonic()) * 1000))
        s.set("timeout", min(self.timeout_ms, left))
        return s

    def optimizer(self) -> z3.Optimize:
        o = z3.Optimize()
        left = max(1, int((self.deadline - time.monotonic()) * 1000))
        o.set("timeout", min(self.timeout_ms, left))
        return o


Check = Callable[[Context], Outcome]


@dataclass(frozen=True)
class Property:
    """One named obligation about one game."""

    id: str
    game: str
    clauses: tuple[str, ...]
    statement: str
    check: Check = field(compare=False, repr=False)
    kind: str = "proof"  # "proof": should hold; "witness": should be reachable;
    #                      "question": either answer is a finding (the manifest pins it)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "clauses": list(self.clauses),
                "statement": self.statement, "kind": self.kind}


@dataclass
class Result:
    """A property's status after a run, next to the status the manifest expects."""

    id: str
    game: str
    clauses: tuple[str, ...]
    statement: str
    status: str
    expected: str | None
    seconds: float
    detail: str = ""
    scenario: str | None = None
    kind: str = "proof"
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == self.expected and self.status in PASSING

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "clauses": list(self.clauses),
                "statement": self.statement, "kind": self.kind, "status": self.status,
                "expected": self.expected, "ok": self.ok,
                "seconds": round(self.seconds, 3), "detail": self.detail,
                "scenario": self.scenario, "facts": self.facts}


class Suite:
    """The properties of one game, declared with the :meth:`prop` decorator, in order."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._props: list[Property] = []

    def prop(self, id: str, clauses: Sequence[str], statement: str,
             kind: str = "proof") -> Callable[[Check], Property]:
        if kind not in ("proof", "witness", "question"):
            raise ValueError(f"unknown property kind {kind!r}")

        def wrap(fn: Check) -> Property:
            if any(p.id == id for p in self._props):
                raise ValueError(f"property {id} declared twice")
            p = Property(id, self.game, tuple(clauses), " ".join(statement.split()), fn, kind)
            self._props.append(p)
            return p

        return wrap

    @property
    def properties(self) -> tuple[Property, ...]:
        return tuple(self._props)


# --- Z3 helpers ---------------------------------------------------------------------------

def ints(name: str, *shape: int) -> Any:
    """Z3 integer variables: ``ints("s", 3)`` is a list, ``ints("s", 3, 5)`` a list of lists."""
    if len(shape) == 1:
        return [z3.Int(f"{name}_{i}") for i in range(shape[0])]
    return [ints(f"{name}_{i}", *shape[1:]) for i in range(shape[0])]


def bools(name: str, *shape: int) -> Any:
    if len(shape) == 1:
        return [z3.Bool(f"{name}_{i}") for i in range(shape[0])]
    return [bools(f"{name}_{i}", *shape[1:]) for i in range(shape[0])]


def between(terms: Iterable[Any], low: int, high: int) -> list[Any]:
    return [z3.And(low <= t, t <= high) for t in terms]


def value(model: z3.ModelRef, term: Any) -> Any:
    """A term's value in a model, as a Python int or bool (plain values pass through)."""
    if isinstance(term, (list, tuple)):
        return type(term)(value(model, t) for t in term) if isinstance(term, tuple) \
            else [value(model, t) for t in term]
    if not isinstance(term, z3.ExprRef):
        return term
    v = model.eval(term, model_completion=True)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    if z3.is_int_value(v):
        return v.as_long()
    raise TypeError(f"cannot read {term} = {v} as a plain value")


class Decode(Protocol):
    """What turns a counterexample's model into its text (and maybe a scenario); a
    protocol, so a lambda that binds its loop's values as defaults is one."""

    def __call__(self, model: z3.ModelRef, /) -> str | tuple[str, dict[str, Any] | None]: ...


def _decoded(decode: Decode | None, model: z3.ModelRef) -> tuple[str, dict[str, Any] | None]:
    if decode is None:
        return str(model), None
    out = decode(model)
    if isinstance(out, tuple):
        return out
    return out, None


def _solve(ctx: Context, facts: Sequence[Any]) -> tuple[Any, z3.Solver]:
    s = ctx.solver()
    for f in facts:
        s.add(f)
    return s.check(), s


def prove(ctx: Context, claim: Any, given: Sequence[Any] = (),
          decode: Decode | None = None, proved: str = "") -> Outcome:
    """``claim`` holds whenever every premise in ``given`` does.

    ``unsat`` of the negation is a proof; a model is decoded into a counterexample.
    """
    verdict, s = _solve(ctx, [*given, z3.Not(claim)])
    if verdict == z3.unsat:
        return Outcome(PROVED, proved or "no input the premises allow breaks it")
    if verdict == z3.sat:
        detail, scenario = _decoded(decode, s.model())
        return Outcome(REFUTED, "counterexample: " + detail, scenario)
    return Outcome(UNKNOWN, f"Z3 answered unknown ({s.reason_unknown()})")


def find(ctx: Context, goal: Any, given: Sequence[Any] = (),
         decode: Decode | None = None, none: str = "") -> Outcome:
    """Search for inputs where ``goal`` and every premise hold: a witness, or a proof that
    there is none (reported as ``refuted``)."""
    verdict, s = _solve(ctx, [*given, goal])
    if verdict == z3.sat:
        detail, scenario = _decoded(decode, s.model())
        return Outcome(WITNESS, detail, scenario)
    if verdict == z3.unsat:
        return Outcome(REFUTED, none or "no input the premises allow reaches it")
    return Outcome(UNKNOWN, f"Z3 answered unknown ({s.reason_unknown()})")


def optimum(ctx: Context, objective: Any, given: Sequence[Any], maximize: bool = True
            ) -> tuple[int | None, z3.ModelRef | None, str]:
    """The exact maximum (or minimum) of ``objective`` under ``given``.

    Returns (value, model, "") or (None, None, why) when Z3 could not decide or the
    objective is unbounded. The bound is then *proved* by a second, plain solver call
    (no input exceeds it), so the optimiser's answer is not taken on trust.
    """
    o = ctx.optimizer()
    for g in given:
        o.add(g)
    h = o.maximize(objective) if maximize else o.minimize(objective)
    verdict = o.check()
    if verdict != z3.sat:
        return None, None, f"optimiser answered {verdict}"
    bound = o.upper(h) if maximize else o.lower(h)
    if not z3.is_int_value(bound):
        return None, None, f"objective unbounded ({bound})"
    best = bound.as_long()
    model = o.model()
    beyond = objective > best if maximize else objective < best
    verdict2, _ = _solve(ctx, [*given, beyond])
    if verdict2 != z3.unsat:
        return None, None, f"could not confirm the bound {best} ({verdict2})"
    return best, model, ""


def recheck(fn: Callable[..., Any], sym_args: Sequence[Any], model: z3.ModelRef,
            sym_out: Any) -> tuple[Any, Any]:
    """Run ``fn`` again on the model's plain values; return (int result, Z3's value).

    The two must agree: this catches helpers that mean one thing on ints and another on
    Z3 terms (floor division, truthiness) before a witness is even replayed.
    """
    plain = [value(model, a) for a in sym_args]
    return fn(*plain), value(model, sym_out)


def exactly(n: int, conds: Sequence[Any]) -> Any:
    return z3.PbEq([(c, 1) for c in conds], n)


def mapping_text(items: Mapping[Any, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in items.items())
