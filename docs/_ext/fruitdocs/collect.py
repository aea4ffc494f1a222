"""Gather, for one game, everything its page shows: the spec, where each clause is cited,
how often it fired, its ambiguities, proofs, scenarios and pictures."""
from __future__ import annotations

import importlib.util
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import measure, sources
from .measure import Coverage, Replayed, attr


@dataclass
class Settings:
    """How much the build measures (kept small so the site builds in a few minutes)."""

    playouts: int = 40  # random games per game spec (over all its configurations)
    playout_seconds: float = 6.0  # time budget for the random games of one spec
    explore_states: int = 3000  # states per exploration configuration (coverage walk)
    explore_seconds: float = 3.0
    proofs: bool = True  # run the Z3 properties
    exploration: bool = True  # run the exploration manifest (engine.analysis.explore)
    witnesses: bool = True  # replay witnesses under each reading
    workers: int = 2  # processes for the proofs and explorations (0: run them inline)


@dataclass
class GameData:
    name: str
    spec: Any = None
    error: str = ""  # why the spec could not be loaded
    package: str = ""  # spec/<pkg>
    tests_dir: str = ""  # tests/<pkg>
    code: dict[str, list[sources.Citation]] = field(default_factory=dict)
    declared: dict[str, sources.Citation] = field(default_factory=dict)
    tests: dict[str, list[sources.Citation]] = field(default_factory=dict)
    proof_refs: dict[str, list[sources.Citation]] = field(default_factory=dict)
    properties: list[Any] | None = None
    properties_note: str = ""
    results: list[Any] | None = None
    results_note: str = ""
    results_seconds: float = 0.0
    ambiguities: list[dict[str, Any]] = field(default_factory=list)
    ambiguities_note: str = ""
    coverage: Coverage = field(default_factory=Coverage)
    scenarios: list[Replayed] = field(default_factory=list)
    initial: list[str] = field(default_factory=list)
    #: initial phase -> the variants that start there (the diagram labels its entry points)
    starts: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0
    files: set[str] = field(default_factory=set)  # files that need a source listing

    @property
    def ids(self) -> set[str]:
        return {c.id for c in self.spec.clauses} if self.spec is not None else set()

    @property
    def all_ids(self) -> set[str]:
        ids = self.ids
        if self.spec is not None:
            ids |= {o.id for o in self.spec.options}
            ids |= {i.id for i in self.spec.invariants}
        return ids

    def checks(self, clause: str) -> int:
        """Tests, proofs and invariants that check ``clause``."""
        return (len(self.tests.get(clause, ())) + len(self.proofs_of(clause))
                + len(self.invariants_of(clause)))

    def proofs_of(self, clause: str) -> list[Any]:
        """Declared properties covering ``clause`` plus proof sources citing it."""
        declared = [p for p in self.properties or () if clause in attr(p, "clauses", ())]
        return declared + list(self.proof_refs.get(clause, ()))

    def options_of(self, clause: str) -> list[Any]:
        return [o for o in self.spec.options if clause in o.clauses] if self.spec else []

    def invariants_of(self, clause: str) -> list[Any]:
        return [i for i in self.spec.invariants if clause in i.rules] if self.spec else []


def package_of(name: str) -> str:
    import spec as specs
    module = specs.REGISTRY[name]
    return "/".join(module.split(".")[:-1])


def load_spec(name: str) -> tuple[Any, str]:
    import spec as specs
    try:
        return specs.get(name), ""
    except Exception as exc:  # noqa: BLE001 - a spec in progress must not break the docs
        return None, measure.short_error(exc)


def collect(root: Path, name: str, settings: Settings,
            all_results: dict[str, Any] | None = None) -> GameData:
    """Everything one game page needs. ``all_results``: proof results by game, as
    ``(results or None, note, seconds)`` (they may also be attached afterwards)."""
    t0 = time.perf_counter()
    data = GameData(name)
    data.package = package_of(name)
    data.tests_dir = "tests/" + data.package.split("/", 1)[1]
    data.spec, data.error = load_spec(name)
    if data.spec is None:
        return data
    ids = data.all_ids

    # where the spec cites each clause (the catalogue module declares them)
    pkg_files = sources.files(root, data.package, (".py",))
    cited = sources.scan(root, pkg_files, ids)
    catalogue_file = _catalogue_file(root, pkg_files, data.package)
    for cid, cits in cited.items():
        for c in cits:
            if c.path == catalogue_file and cid not in data.declared:
                data.declared[cid] = c
            elif c.path != catalogue_file:
                data.code.setdefault(cid, []).append(c)
    data.files.update(p.relative_to(root).as_posix() for p in pkg_files)

    # tests and proofs that name each clause
    test_files = sources.files(root, "tests", (".py", ".json"), exclude=("tests/docs/",))
    data.tests = sources.scan(root, test_files, ids)
    proof_files = sources.files(root, "proofs", (".py",))
    data.proof_refs = sources.scan(root, proof_files, ids)
    for group in (data.tests, data.proof_refs, data.code):
        for cits in group.values():
            data.files.update(c.path for c in cits)
    data.files.update(c.path for c in data.declared.values())

    props, note = measure.properties()
    if props is not None:
        data.properties = [p for p in props if attr(p, "game") == name]
    data.properties_note = note
    res = (all_results or {}).get(name)
    if isinstance(res, tuple):
        data.results, data.results_note, data.results_seconds = res

    entries, note = measure.ambiguities(name) if settings.witnesses else (None, "skipped")
    if entries is None:
        entries = []
        data.ambiguities_note = note
    # the register keeps ambiguities, gaps...; plain settings are options too: show them all
    by_id = {e.get("id"): e for e in entries}
    data.ambiguities = [{**_fallback_entry(root, data, o), **(by_id.get(o.id) or {})}
                        for o in data.spec.options]
    if settings.witnesses:
        for e in data.ambiguities:
            if e.get("witness") and not e.get("outcomes"):
                _replay_witness(root, e)

    # initial phases (for the diagram)
    for var in data.spec.variants:
        try:
            import engine
            ph = engine.load(name, players=var.players[0], variant=var.name).new(seed=0).phase
            if ph not in data.initial:
                data.initial.append(ph)
            data.starts.setdefault(ph, []).append(var.name or "base game")
        except Exception:  # noqa: BLE001, S112 - the page notes load failures elsewhere
            continue

    # scenarios: worked examples and regression scenarios, replayed by the engine
    cov = data.coverage
    for path in sorted((root / data.tests_dir / "scenarios").glob("*.json")):
        r = measure.replay(root, path)
        data.scenarios.append(r)
        cov.add("scenarios and witnesses", r.rules)
        data.files.add(r.path)
    for e in data.ambiguities:
        for out in (e.get("outcomes") or {}).values():
            cov.add("scenarios and witnesses", [f.split(":")[0] for batch in out.get("events", [])
                                                for f in batch])
    measure.explore_walk(name, cov, settings.explore_states, settings.explore_seconds)
    measure.playouts(name, cov, settings.playouts, settings.playout_seconds)
    data.seconds = time.perf_counter() - t0
    return data


def _catalogue_file(root: Path, pkg_files: list[Path], package: str) -> str:
    """The module that declares the catalogue (it calls ``Catalogue(``); rules.py else."""
    for p in pkg_files:
        if "Catalogue(" in p.read_text(encoding="utf-8", errors="replace"):
            return p.relative_to(root).as_posix()
    return f"{package}/rules.py"


def _replay_witness(root: Path, e: dict[str, Any]) -> None:
    """Replay an entry's witness under each reading (for options the register leaves out)."""
    outcome, _ = measure.optional("engine.analysis.ambiguities", "outcome")
    replay, _ = measure.optional("engine.core.scenario", "replay")
    if outcome is None or replay is None:
        return
    try:
        outs = {r["value"]: outcome(replay(root / e["witness"], options={e["option"]: r["value"]}))
                for r in e["readings"]}
    except Exception:  # noqa: BLE001 - the page then says the witness was not replayed
        return
    keys = ("refused_at", "legal", "events", "scores", "winners", "over")
    first = next(iter(outs.values()))
    e["outcomes"] = outs
    e["differs_in"] = [k for k in keys if any(o.get(k) != first.get(k) for o in outs.values())]
    e["parts_ways"] = bool(e["differs_in"])


def _fallback_entry(root: Path, data: GameData, opt: Any) -> dict[str, Any]:
    """A register entry made from the option alone (no witness replay)."""
    spec_dir = root / data.package
    path = spec_dir / "witnesses" / f"{opt.id}.json"
    return {
        "id": opt.id, "game": data.name, "option": opt.name, "kind": opt.kind,
        "clauses": list(opt.clauses), "section": opt.section, "question": opt.question,
        "readings": [{"value": r.value, "text": r.text, "default": r.value == opt.default}
                     for r in opt.readings],
        "default": opt.default, "reason": opt.reason, "affects": list(opt.affects),
        "found_by": opt.found_by, "settled_by": opt.settled_by,
        "witness": path.relative_to(root).as_posix() if path.exists() else None,
    }


def available() -> list[str]:
    import spec as specs
    return [g for g in specs.REGISTRY if g in specs.available()]


def has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ModuleNotFoundError, ValueError):
        return False
