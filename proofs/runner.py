"""Run the declared properties, compare them with the manifest, print a table.

>>> from proofs.runner import properties
>>> all(p.id.startswith(("TIN", "BAS", "TAN", "FRU")) for p in properties())
True
"""
from __future__ import annotations

import importlib
import json
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Iterable

from .core import ERROR, UNKNOWN, Context, Outcome, Property, Result, Timeout

MODULES: dict[str, str] = {
    "tindahan": "proofs.tindahan",
    "bastos": "proofs.bastos",
    "tanuki-market": "proofs.tanuki_market",
    "fruit-passion": "proofs.fruit_passion",
}
HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.json"
WITNESSES = HERE / "witnesses"


def _game_key(game: str) -> str:
    key = game.strip().lower().replace("_", "-")
    if key not in MODULES:
        from spec.common.errors import ConfigError
        raise ConfigError(f"unknown game {game!r} (games: {', '.join(MODULES)})")
    return key


def _suite(game: str) -> tuple[Property, ...]:
    try:
        module = importlib.import_module(MODULES[game])
    except ModuleNotFoundError as exc:
        # a game whose spec (or proof module) is not in this build has no properties yet
        if exc.name and (exc.name.startswith("spec.") or exc.name == MODULES[game]):
            return ()
        raise
    return tuple(module.SUITE.properties)


def properties(game: str | None = None) -> list[Property]:
    """The declared properties, in declaration order (all games, or one)."""
    games = MODULES if game is None else (_game_key(game),)
    return [p for g in games for p in _suite(g)]


def manifest() -> dict[str, dict[str, Any]]:
    """The expected result of each property, by ID."""
    try:
        return json.loads(MANIFEST.read_text(encoding="utf-8"))["properties"]
    except FileNotFoundError:
        return {}


def scenario_text(scenario: dict[str, Any]) -> str:
    """A scenario as JSON, one key a line (set-up keys too), lists kept on one line."""
    lines = []
    for key, val in scenario.items():
        if isinstance(val, dict) and val and key in ("setup", "expect"):
            inner = [f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in val.items()]
            lines.append(f"  {json.dumps(key)}: {{\n" + ",\n".join(inner) + "\n  }")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(val)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _write_scenario(pid: str, scenario: dict[str, Any], folder: Path) -> str:
    text = scenario_text(scenario)
    path = folder / f"{pid}.json"
    try:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError:  # an installed, read-only package: keep it beside the temp files
        alt = Path(tempfile.gettempdir()) / "fruitspec-witnesses"
        alt.mkdir(parents=True, exist_ok=True)
        path = alt / f"{pid}.json"
        path.write_text(text, encoding="utf-8")
    return str(path)


def replay_problems(scenario: dict[str, Any]) -> list[str]:
    """Replay a witness through the engine; the expectations it fails (drift), if any."""
    from engine.core.scenario import replay
    return list(replay(scenario).failures)


def fresh_z3_context() -> None:
    """Give the next check a new Z3 main context.

    Z3's models depend on every term created before in the same context, so without this
    a property's witness (and its scenario file) would change with the properties run
    before it. A fresh context makes each check's answer depend on that check alone.
    """
    import z3
    z3.z3._main_ctx = None


def check_one(prop: Property, timeout_ms: int = 20000) -> Outcome:
    """Run one property's check; exceptions and time-outs become statuses, never passes."""
    fresh_z3_context()
    ctx = Context(timeout_ms=timeout_ms)
    try:
        out = prop.check(ctx)
    except Timeout as exc:
        return Outcome(UNKNOWN, f"timed out: {exc}")
    except Exception as exc:  # a broken check is reported, not raised
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return Outcome(ERROR, f"{type(exc).__name__}: {exc} (at {Path(tb.filename).name}"
                              f":{tb.lineno})")
    if out.scenario is not None and out.status not in (UNKNOWN, ERROR):
        problems = replay_problems(out.scenario)
        if problems:
            return Outcome(ERROR, "the engine does not replay the decoded scenario the way"
                                  " Z3 found it (encoding drift): " + "; ".join(problems)
                                  + " | Z3 found: " + out.detail, out.scenario, out.facts)
    return out


def run(game: str | None = None, *, timeout_ms: int = 20000,
        scenarios: Path | str | None = None) -> list[Result]:
    """Check every property (of one game, or all); each decoded witness or counterexample
    is written as a scenario file (``proofs/witnesses/<ID>.json`` by default) after the
    engine has replayed it."""
    return run_properties(properties(game), timeout_ms=timeout_ms, scenarios=scenarios)


def run_properties(props: Iterable[Property], *, timeout_ms: int = 20000,
                   scenarios: Path | str | None = None,
                   expected: dict[str, dict[str, Any]] | None = None) -> list[Result]:
    """Check the given properties against ``expected`` (the manifest by default)."""
    folder = Path(scenarios) if scenarios is not None else WITNESSES
    expected = manifest() if expected is None else expected
    results = []
    for prop in props:
        t0 = time.perf_counter()
        out = check_one(prop, timeout_ms)
        seconds = time.perf_counter() - t0
        path = _write_scenario(prop.id, out.scenario, folder) if out.scenario else None
        results.append(Result(prop.id, prop.game, prop.clauses, prop.statement, out.status,
                              expected.get(prop.id, {}).get("expected"), seconds, out.detail,
                              path, prop.kind, dict(out.facts)))
    return results


_STYLE = {"proved": "green", "witness": "cyan", "refuted": "yellow", "unknown": "red",
          "error": "red"}


def render(results: Iterable[Result], console: Any) -> None:
    """Print the results as a table: id, clauses, status, expected, seconds."""
    from rich.table import Table

    results = list(results)
    wide = getattr(console, "width", 80) >= 150  # room for the statements
    table = Table(title="Z3 properties", show_lines=False)
    cols: list[tuple[str, dict[str, Any]]] = [("id", {"no_wrap": True}), ("clauses", {}), ("status", {"no_wrap": True}),
            ("expected", {}), ("seconds", {"justify": "right"})]
    for col, kw in cols + ([("statement", {})] if wide else []):
        table.add_column(col, **kw)
    for r in results:
        mark = "" if r.ok else " ✗"
        row = [r.id, ", ".join(r.clauses),
               f"[{_STYLE.get(r.status, 'white')}]{r.status}[/]{mark}",
               r.expected or "-", f"{r.seconds:.2f}"]
        table.add_row(*row, *([r.statement] if wide else []))
    console.print(table)
    bad = [r for r in results if not r.ok]
    for r in results:
        if r.detail and (r.status in ("refuted", "witness") or not r.ok):
            console.print(f"[bold]{r.id}[/] {r.status}: {r.detail}", highlight=False)
    console.print(f"{len(results) - len(bad)}/{len(results)} properties as expected"
                  + (f"; failing: {', '.join(r.id for r in bad)}" if bad else ""))


def write_manifest(results: Iterable[Result], path: Path = MANIFEST) -> None:
    """Record the given results' statuses as the expected ones (keeps other entries)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        doc = {"properties": {}}
    props = doc.setdefault("properties", {})
    for r in results:
        if r.status in ("unknown", "error"):
            raise ValueError(f"{r.id} is {r.status}: fix it before recording it")
        props[r.id] = {"expected": r.status, "game": r.game}
    doc["properties"] = dict(sorted(props.items(), key=lambda kv: _order(kv[0])))
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


def _order(pid: str) -> tuple[int, str, int]:
    prefixes = ("TIN", "BAS", "TAN", "FRP")
    head, _, num = pid.partition("-P")
    rank = prefixes.index(head) if head in prefixes else len(prefixes)
    return rank, head, int(num) if num.isdigit() else 0


def main(argv: list[str] | None = None) -> int:
    """``python -m proofs.runner [GAME] [--json] [--accept]``: run, print, and with
    ``--accept`` record the current statuses in the manifest."""
    import argparse
    import sys

    ap = argparse.ArgumentParser(prog="python -m proofs.runner")
    ap.add_argument("game", nargs="?")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--accept", action="store_true",
                    help="record the statuses found as the expected ones")
    ap.add_argument("--timeout-ms", type=int, default=20000)
    args = ap.parse_args(argv)
    results = run(args.game, timeout_ms=args.timeout_ms)
    if args.accept:
        write_manifest(results)
        results = run(args.game, timeout_ms=args.timeout_ms)
    if args.json:
        sys.stdout.write(json.dumps([r.to_json() for r in results], indent=2) + "\n")
    else:
        from rich.console import Console
        render(results, Console())
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
