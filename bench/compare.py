"""A reference commit's bench figures against the working tree's, in one run on one machine.

Speed figures taken on different days, or on a machine under other load, do not compare;
ratios taken in one run do. This script checks REV out into a temporary git worktree,
compiles its extensions there with this interpreter, then runs REV's own ``bench/run.py
--json`` and the working tree's in turns (REV, tree, REV, tree, ...), so that a drift of
load falls on both sides alike; each figure keeps its best round. Per game it compares the
engine's speed over the hand-written play-out's (``ratio_to_hand``: both are measured in
the same process, so their ratio holds under load) and, for Tindahan and Bastos!, the
explorer's states per second, each against a floor of 0.95 times REV's figure.

    .venv/bin/python bench/compare.py                 # 10e4abe against the working tree
    .venv/bin/python bench/compare.py HEAD~3 --quick  # a fast smoke run
    .venv/bin/python bench/compare.py --json --game bastos

Exit status: 0 when every figure clears its floor, 1 when one does not, 2 when the
comparison could not be made (a build or bench failed, a figure is missing).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REV = "10e4abe"  # the reference build later speed claims are held to
FLOOR = 0.95  # a figure may lose at most 5 % against REV's
ROUNDS = 2
EXPLORED = ("tindahan", "bastos")  # the explorer's figures that are held to the floor
#: where a figure may sit in one game's entry of ``bench/run.py --json``, first match wins
RATIO_KEYS: tuple[tuple[str, ...], ...] = (("ratio_to_hand",),)
STATES_KEYS: tuple[tuple[str, ...], ...] = (("explore", "states_per_second"),
                                           ("states_per_second",))
STOPS = (signal.SIGTERM, signal.SIGHUP)  # a kill or a closed terminal, handled as Ctrl-C
MARK = "fruitspec-compare: "  # the child's one line of provenance on stderr

#: Runs in the child in place of ``python bench/run.py``: it imports the engine from the
#: side's own tree (and stops if it finds another), runs that tree's bench as a script,
#: then reports which files it imported, so a side is never measured on the other's code
#: or silently on pure Python.
PROBE = r"""
import json, runpy, sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
root, mark, script = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
sys.path.insert(0, str(root))
import engine
where = Path(engine.__file__).resolve()
if not where.is_relative_to(root):
    sys.exit(f"compare: the engine was imported from {where}, not from {root}")
sys.argv = sys.argv[3:]
code = 0
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit as stop:
    code = stop.code
files = {name: getattr(mod, "__file__", None) or "" for name, mod in list(sys.modules.items())
         if name.partition(".")[0] in ("engine", "spec")}
print(mark + json.dumps({
    "engine": str(where), "rng": files.get("spec.common.rng"),
    "compiled": sorted(n for n, f in files.items() if f.endswith(tuple(EXTENSION_SUFFIXES))),
    "foreign": sorted(f for f in files.values()
                      if f and not Path(f).resolve().is_relative_to(root)),
}), file=sys.stderr)
sys.exit(code)
"""


class CompareError(Exception):
    """The comparison cannot be made; the message is the one line shown."""


@dataclass
class Side:
    """One side of the comparison: a tree, its rounds' figures and where its code came from."""
    label: str  # "old" (REV) or "new" (the working tree)
    name: str  # how the table names it
    root: Path
    commit: str = ""
    uncommitted: bool = False  # the working tree differs from its commit
    runs: list[dict[str, Any]] = field(default_factory=list)  # bench/run.py's JSON per round
    provenance: dict[str, Any] = field(default_factory=dict)  # of the last round
    drifted: bool = False  # its compiled modules changed from one round to the next


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rev", nargs="?", default=DEFAULT_REV,
                   help=f"the reference commit (default {DEFAULT_REV})")
    p.add_argument("--quick", action="store_true", help="bench/run.py --quick on both sides")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--rounds", type=int, default=ROUNDS,
                   help=f"bench runs per side, in turns, the best kept (default {ROUNDS})")
    args = p.parse_args(argv)
    if args.rounds < 2:  # one round each cannot tell a drift of load from a change of speed
        p.error("--rounds must be at least 2")
    return args


# --- running the two sides -------------------------------------------------------------

def _run(cmd: Sequence[str], cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    """The command in a process group of its own, the whole group killed if we are
    interrupted: the build's compilers must not outlive the worktree they write into."""
    with subprocess.Popen(list(cmd), cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as child:
        try:
            out, err = child.communicate()
        except BaseException:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            raise
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def git(*args: str) -> str:
    done = _run(["git", *args], ROOT)
    if done.returncode:
        raise CompareError(f"compare: git {' '.join(args)}: {_last_line(done.stderr)}")
    return done.stdout.strip()


def build_command(root: Path) -> list[str]:
    """How a tree builds its compiled engine: the twin of ``fast/build.py`` where it has
    one, else (older commits) the in-place extensions of its ``setup.py``."""
    if (root / "fast" / "build.py").exists():
        return [sys.executable, "-m", "fast.build", "-j", "2"]
    return [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace", "-j", "2"]


def build(side: Side) -> None:
    """Compiles the side's engine (a no-op for modules built since their last edit)."""
    done = _run(build_command(side.root), side.root)
    if done.returncode:
        raise CompareError(f"compare: building {side.name} failed: {_last_line(done.stderr)}")


def child_env(root: Path) -> dict[str, str]:
    """The side's tree first on the path, and both sides compiled: the twin is asked for
    (an older commit ignores the setting; its own switch for Python is dropped)."""
    env = {k: v for k, v in os.environ.items() if k != "FRUITSPEC_PURE"}
    env["FRUITSPEC_ENGINE"] = "compiled"
    env["PYTHONPATH"] = str(root)
    return env


def check_flags(side: Side, flags: Sequence[str]) -> None:
    """Stops early when the side's bench/run.py lacks an option this script passes it."""
    done = _run([sys.executable, "bench/run.py", "--help"], side.root, child_env(side.root))
    if done.returncode:
        raise CompareError(f"compare: {side.name}'s bench/run.py --help failed:"
                           f" {_last_line(done.stderr)}")
    missing = [f for f in flags if f.startswith("--") and f not in done.stdout]
    if missing:
        raise CompareError(f"compare: {side.name}'s bench/run.py has no {missing[0]} option")


def bench_once(side: Side, flags: Sequence[str]) -> None:
    """One run of the side's own bench: its JSON kept, its provenance checked."""
    cmd = [sys.executable, "-c", PROBE, str(side.root), MARK, "bench/run.py", *flags]
    done = _run(cmd, side.root, child_env(side.root))
    lines = done.stderr.splitlines()
    marked = [ln for ln in lines if ln.startswith(MARK)]
    if done.returncode or not marked:
        said = "\n".join(ln for ln in lines if not ln.startswith(MARK))
        raise CompareError(f"compare: {side.name}'s bench failed: {_last_line(said)}")
    found = json.loads(marked[-1][len(MARK):])
    # a source edited during the run is imported instead of its extension from then on
    side.drifted |= bool(side.provenance) and side.provenance["compiled"] != found["compiled"]
    side.provenance = found
    if side.provenance["foreign"]:
        raise CompareError(f"compare: {side.name}'s bench imported"
                           f" {side.provenance['foreign'][0]}, outside {side.root}")
    try:
        side.runs.append(json.loads(done.stdout))
    except json.JSONDecodeError:
        raise CompareError(f"compare: {side.name}'s bench printed no JSON:"
                           f" {_last_line(done.stdout)}") from None


def bench_flags(args: argparse.Namespace) -> list[str]:
    flags = ["--json"] + (["--quick"] if args.quick else [])
    return flags + [a for g in args.game or [] for a in ("--game", g)]


def alternate(sides: Sequence[Side], flags: Sequence[str], rounds: int,
              say: Callable[[str], None]) -> None:
    """A, B, A, B: a change of load between rounds falls on both sides alike."""
    for n in range(1, rounds + 1):
        for side in sides:
            say(f"round {n}/{rounds}: {side.name}")
            bench_once(side, flags)


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # a kill runs the worktree's clean-up, as Ctrl-C does


class Worktree:
    """REV checked out in a temporary directory, removed on leaving whatever happened."""

    def __init__(self, commit: str) -> None:
        self.commit = commit
        self.tmp = Path(tempfile.mkdtemp(prefix="fruitspec-compare-")).resolve()
        self.path = self.tmp / "tree"

    def __enter__(self) -> Path:
        try:
            git("worktree", "add", "--detach", str(self.path), self.commit)
        except BaseException:  # __exit__ is not called when __enter__ fails
            self.__exit__()
            raise
        return self.path

    def __exit__(self, *exc: object) -> None:
        _run(["git", "worktree", "remove", "--force", str(self.path)], ROOT)
        shutil.rmtree(self.tmp, ignore_errors=True)
        _run(["git", "worktree", "prune"], ROOT)  # in case removal stopped half-way


def measure(args: argparse.Namespace, say: Callable[[str], None]) -> tuple[Side, Side]:
    """Builds both sides and runs their benches in turns; returns (old, new)."""
    previous = {sig: signal.signal(sig, _raise_interrupt) for sig in STOPS}
    try:
        return _measure(args, say)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _measure(args: argparse.Namespace, say: Callable[[str], None]) -> tuple[Side, Side]:
    commit = git("rev-parse", "--verify", f"{args.rev}^{{commit}}")
    new = Side("new", "the working tree", ROOT, git("rev-parse", "HEAD"),
               bool(git("--no-optional-locks", "status", "--porcelain",
                        "--untracked-files=no")))
    say("building the working tree")
    build(new)
    flags = bench_flags(args)
    check_flags(new, flags)
    with Worktree(commit) as path:
        old = Side("old", args.rev, path, commit)
        say(f"building {args.rev} in {path}")
        build(old)
        check_flags(old, flags)
        alternate([old, new], flags, args.rounds, say)
    return old, new


# --- reading the figures and judging them ------------------------------------------------

def _dig(doc: Any, path: Sequence[str]) -> Any:
    for key in path:
        if not isinstance(doc, dict) or key not in doc:
            raise KeyError(".".join(path))
        doc = doc[key]
    return doc


def _get(doc: Any, path: Sequence[str]) -> Any:
    try:
        return _dig(doc, path)
    except KeyError:
        return None


def figure(doc: dict[str, Any], side: str, game: str,
           choices: Sequence[tuple[str, ...]]) -> float:
    """The first of ``choices`` present in the game's entry; a clear error if none is."""
    for path in choices:
        try:
            value = _dig(doc, ("games", game, *path))
        except KeyError:
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value)
        raise CompareError(f"compare: {side}'s bench JSON: games.{game}.{'.'.join(path)} is"
                           f" {value!r}, not a positive number")
    raise CompareError(f"compare: {side}'s bench JSON has no games.{game}."
                       f"{'.'.join(choices[0])}")


def games_of(old: Side, wanted: Sequence[str] | None) -> list[str]:
    """The games to compare: those asked for, else every game REV's bench ran."""
    if wanted:
        return list(wanted)
    names = old.runs[0].get("games") if old.runs else None
    if not isinstance(names, dict) or not names:
        raise CompareError(f"compare: {old.name}'s bench JSON has no games")
    return list(names)


def row(kind: str, game: str, sides: tuple[Side, Side], choices: Sequence[tuple[str, ...]],
        floor: float) -> dict[str, Any]:
    """One figure on both sides: each side's best round (the least disturbed by other load)
    is judged; every round is kept, to show how noisy the run was."""
    old, new = ([figure(doc, s.name, game, choices) for doc in s.runs] for s in sides)
    return {"figure": kind, "game": game, "old": max(old), "new": max(new),
            "new_over_old": round(max(new) / max(old), 4), "pass": max(new) >= floor * max(old),
            "old_rounds": old, "new_rounds": new}


def rows(old: Side, new: Side, games: Sequence[str], floor: float = FLOOR
         ) -> list[dict[str, Any]]:
    """Per game the engine / hand-written ratio, then the explorer on its bench configuration."""
    out = [row("engine/hand", g, (old, new), RATIO_KEYS, floor) for g in games]
    return out + [row("explore states/s", g, (old, new), STATES_KEYS, floor)
                  for g in games if g in EXPLORED]


def build_of(side: Side) -> dict[str, Any]:
    prov = side.provenance
    rng = prov.get("rng") or ""
    return {"commit": side.commit, "uncommitted": side.uncommitted, "root": str(side.root),
            "build": "compiled" if prov.get("compiled") else "pure",
            "compiled_modules": len(prov.get("compiled", [])),
            "rng": Path(rng).name if rng else None}


def notes(old: Side, new: Side, games: Sequence[str]) -> list[str]:
    """What makes the comparison less than like for like, said rather than hidden."""
    out = [f"{s.name} ran pure Python" for s in (old, new)
           if not s.provenance.get("compiled")]
    out += [f"{s.name}'s compiled modules changed between rounds (a source was edited"
            " during the run)" for s in (old, new) if s.drifted]
    for g in games:
        configs = {s.label: _get(s.runs[0], ("games", g, "explore", "config"))
                   for s in (old, new)}
        if len(set(configs.values())) > 1:
            out.append(f"{g}: the explorer ran on different configurations {configs}")
    if _get(old.runs[0], ("workload",)) != _get(new.runs[0], ("workload",)):
        out.append("the two benches ran different workloads")
    return out + compiled_apart(old, new)


def compiled_apart(old: Side, new: Side) -> list[str]:
    """Modules compiled on one side only: a module left pure (Cython refused it, or its
    source is newer than its extension) can explain a change of speed by itself."""
    was, now = (set(s.provenance.get("compiled", [])) for s in (old, new))
    if not (was and now):
        return []  # a pure side is noted once, not module by module
    return [f"compiled in {side.name} only: {', '.join(sorted(only))}"
            for side, only in ((old, was - now), (new, now - was)) if only]


def report(args: argparse.Namespace, old: Side, new: Side) -> dict[str, Any]:
    games = games_of(old, args.game)
    table = rows(old, new, games)
    return {"rev": args.rev, "floor": FLOOR, "rounds": args.rounds, "quick": args.quick,
            "sides": {"old": build_of(old), "new": build_of(new)}, "rows": table,
            "notes": notes(old, new, games), "passed": all(r["pass"] for r in table)}


# --- showing them ------------------------------------------------------------------------

def _value(kind: str, value: float) -> str:
    return f"{value:.4f}" if kind == "engine/hand" else f"{value:,.0f}"


def table(doc: dict[str, Any]) -> str:
    head = (f"fruitspec compare: {doc['rev']} (old) against the working tree (new); best of"
            f" {doc['rounds']} rounds each{', quick' if doc['quick'] else ''};"
            f" floor {doc['floor']} x old")
    lines = [head]
    for label, s in doc["sides"].items():
        commit = s["commit"][:10] + (" + uncommitted changes" if s["uncommitted"] else "")
        lines.append(f"  {label}: {commit}; {s['build']} ({s['compiled_modules']} compiled"
                     f" modules), rng from {s['rng'] or '?'}")
    lines.append(f"{'figure':<17} {'game':<14} {'old':>10} {'new':>10} {'new/old':>8}  floor")
    for r in doc["rows"]:
        lines.append(f"{r['figure']:<17} {r['game']:<14} {_value(r['figure'], r['old']):>10}"
                     f" {_value(r['figure'], r['new']):>10} {r['new_over_old']:>8.3f}"
                     f"  {'pass' if r['pass'] else 'FAIL'}")
    lines += [f"note: {n}" for n in doc["notes"]]
    lines.append("all figures clear the floor" if doc["passed"] else "a floor is missed")
    return "\n".join(lines)


def _say(line: str) -> None:
    print(f"compare: {line}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None,
         run: Callable[[argparse.Namespace, Callable[[str], None]], tuple[Side, Side]] = measure
         ) -> int:
    args = parse_args(argv)
    try:
        doc = report(args, *run(args, _say))
    except CompareError as err:
        print(err, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("compare: interrupted", file=sys.stderr)
        return 130
    print(json.dumps(doc, indent=2) if args.json else table(doc))
    return 0 if doc["passed"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
