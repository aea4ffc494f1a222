"""`make mutate`: mutation testing of the rule code with mutmut, one module at a time.

Each module runs in a scratch copy of the repository (``.mutate/<module>/``) whose
``[tool.mutmut]`` names that module alone and the tests that check it, so mutmut's
coverage pass and each mutant's run stay within the relevant tests (mutmut further runs,
per mutant, only the tests that reach the mutated function). Within a mutant's run the
tests go fastest first, as mutmut timed them (this module is also the pytest plugin that
orders them): a mutant dies in its quickest killer, and only a survivor pays for all its
tests. Prints the mutation score per module, the CPU seconds it took, and writes
``.mutate/scores.json``; the survivors are listed by ``mutmut results`` in each module's
folder, and the ones judged equivalent are in ``tests/mutation_equivalents.md``.

A game's ``game.py`` holds more than its rules' moves (set-up readers, schemas, the
exploration presets, invariants): there only the functions its moves and views run are
mutated, found from the spec itself (each move's actors, domain, parser, guards and
effect, each field's view function, the spec's ``view_extra``, ``refusal_rule``,
``scores``, ``winners`` and ``is_over``) and everything of the module they call, so the
list follows the code as it changes. ``--guards-only`` leaves the effects out.

The secrets modules declare what each seat may not see for the leak tests: they are the
tests' oracle rather than rule code, and run only when named.

    python -m tests.mutation                      # the default scope
    python -m tests.mutation spec/bastos/scoring.py --jobs 2
    python -m tests.mutation spec/bastos/game.py --functions _play _resolve
"""
from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutate"
GAMES = {"tindahan": "tindahan", "bastos": "bastos", "fruit_passion": "fruit-passion",
         "tanuki_market": "tanuki-market"}


class Target(NamedTuple):
    """What to mutate in one module, and the pytest arguments that select its tests."""

    tests: tuple[str, ...]
    #: function names to mutate (``Class.method`` for a method; globs allowed);
    #: None = every function of the module; "moves" = what a game's moves and views run
    functions: tuple[str, ...] | str | None = None
    #: part of a plain ``make mutate`` (else only when named)
    default: bool = True


def _game_target(package: str) -> Target:
    name = GAMES[package]
    # implied guards run only on refusals: the generic check that each holds on every
    # candidate of its move's domain is what catches a wrong one
    return Target((f"tests/{package}", "tests/core/test_traces.py",
                   "tests/core/test_generic.py::"
                   "test_guards_marked_implied_hold_on_every_domain_candidate",
                   "-k", f"{package} or {name}"), "moves")


def _traces(package: str) -> tuple[str, ...]:
    """The recorded games of one game (they replay every configuration and reading, and
    take in the scores at each step: a quick, strong killer)."""
    return ("tests/core/test_traces.py", "-k", f"{package} or {GAMES[package]}")


#: module -> what to mutate and the tests that check it (paths relative to the repository)
MODULES: dict[str, Target] = {
    "spec/tindahan/scoring.py": Target(("tests/tindahan/test_scoring.py",
                                        "tests/tindahan/test_fast_paths.py",
                                        "tests/tindahan/test_properties.py",
                                        "tests/tindahan/test_mutants_scoring.py",
                                        *_traces("tindahan"))),
    "spec/bastos/scoring.py": Target(("tests/bastos/test_mutants_scoring.py",
                                      "tests/bastos/test_scoring.py",
                                      "tests/bastos/test_fast_paths.py", *_traces("bastos"))),
    "spec/fruit_passion/scoring.py": Target(("tests/fruit_passion/test_scoring.py",
                                             "tests/fruit_passion/test_fast_paths.py",
                                             "tests/fruit_passion/test_properties.py",
                                             *_traces("fruit_passion"))),
    "spec/tanuki_market/scoring.py": Target(("tests/tanuki_market",)),
    **{f"spec/{g}/game.py": _game_target(g) for g in GAMES},  # guards, effects, views
    # the tests' declarations of what is secret (the leak checks' oracle): only when named
    **{f"spec/{g}/secrets.py": Target(("tests/core/test_generic.py", "-k", "leak"),
                                      default=False) for g in GAMES},
    "spec/fruit_passion/state.py": Target(("tests/fruit_passion",)),
    "spec/tanuki_market/state.py": Target(("tests/tanuki_market",)),
    # the load refusals (engine/test_mutants_game.py) word what configure() refuses
    "spec/common/core.py": Target(("tests/core/test_mutants_core.py",
                                   "tests/core/test_mutants_game.py",
                                   "tests/core/test_engine.py",
                                   "tests/core/test_mutants_views.py",
                                   "tests/core/test_generic.py::test_views_leak_nothing",
                                   "tests/core/test_traces.py")),
    "spec/common/secrets.py": Target(("tests/core/test_generic.py", "-k", "leak"),
                                     default=False),
    # games build their parsers and guards on import, before any mutant is switched on:
    # only builders called at test time can tell a mutant
    "spec/common/moves.py": Target(("tests/core/test_mutants_moves.py",
                                    "tests/core/test_engine.py",
                                    "tests/core/test_generic.py")),
    "engine/core/game.py": Target(("tests/core/test_mutants_game.py", "tests/core/test_engine.py", "tests/core/test_generic.py",
                              "tests/core/test_boundary.py", "tests/core/test_traces.py")),
    # the boundary tests read broken, mistyped and unknown fields of dumped states
    "engine/core/serialize.py": Target(("tests/core/test_mutants_serialize.py",
                                   "tests/core/test_engine.py", "tests/core/test_boundary.py",
                                   "tests/core/test_generic.py", "-k",
                                   "loads or dumps or test_mutants_serialize")),
}

# -9: the hard CPU limit's SIGKILL, one second after the soft limit's SIGXCPU went unheeded
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          -9: "timeout"}
# compiled modules stay behind too: a mutant lives in the .py file, which must be what runs
_IGNORED = (".venv", ".mutate", "mutants", ".git", ".hypothesis", "__pycache__", "_build",
            "generated", "*.egg-info", "*.so", "build")
_SPEC_METHODS = ("view_extra", "scores", "winners", "refusal_rule", "is_over")


# --- which functions ------------------------------------------------------------------------
def _defined(module: str) -> dict[str, ast.FunctionDef]:
    """The module's top-level functions and methods, by ``name`` / ``Class.method``."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    out: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef):
            out.update({f"{node.name}.{m.name}": m for m in node.body
                        if isinstance(m, ast.FunctionDef)})
    return out


def _callables_of(obj: Any, effects: bool) -> Iterable[Any]:
    """The functions a spec object refers to: a move's parts, a guard's check and reason."""
    for part in ("actors", "domain", "parse", "ok", "why", *(("effect",) if effects else ())):
        fn = getattr(obj, part, None)
        if callable(fn):
            yield fn


def move_functions(module: str, effects: bool = True) -> list[str]:
    """The functions of a game's ``game.py`` that its moves and views run, with every
    function of the module they call (by name, transitively); without ``effects``, only
    what decides legality (actors, domains, guards) and what the views show."""
    sys.path.insert(0, str(ROOT))
    import spec

    dotted = module.removesuffix(".py").replace("/", ".")
    sp = spec.get(GAMES[dotted.split(".")[1]])
    defined = _defined(module)
    roots = {f.__name__ for mv in sp.moves
             for f in (*_callables_of(mv, effects),
                       *(c for g in mv.guards for c in _callables_of(g, effects)))
             if getattr(f, "__module__", None) == dotted}
    roots |= {f.__name__ for f in sp.visibility.values()
              if callable(f) and getattr(f, "__module__", None) == dotted}
    cls = type(sp).__name__
    methods = _SPEC_METHODS if effects else ("view_extra", "refusal_rule")
    roots |= {f"{cls}.{m}" for m in methods if f"{cls}.{m}" in defined}
    seen: set[str] = set()
    todo = [r for r in roots if r in defined]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        called = {n.id for n in ast.walk(defined[name]) if isinstance(n, ast.Name)}
        todo += [c for c in called if c in defined and c not in seen]
    return sorted(seen)


def mutant_patterns(module: str, functions: Iterable[str]) -> list[str]:
    """mutmut's names for the mutants of ``functions`` (globs over the module's functions)."""
    dotted = module.removesuffix(".py").replace("/", ".")
    defined = _defined(module)
    out = []
    for pat in functions:
        found = [d for d in defined if fnmatch.fnmatchcase(d, pat)]
        if not found:
            print(f"{module}: no function matches {pat!r}", file=sys.stderr)
        for name in found:
            cls, _, fn = name.rpartition(".")
            key = f"xǁ{cls}ǁ{fn}" if cls else f"x_{fn}"
            out.append(f"{dotted}.{key}__mutmut_*")
    return sorted(set(out))


# --- the pytest plugin of a mutant's run (``-p tests.mutation``) -------------------------------
#: each test of a mutant's run may spend this many times its recorded seconds, plus CPU_SLACK,
#: of CPU; a test the stats pass did not time is given UNTIMED seconds
CPU_FACTOR = 2.0
CPU_SLACK = 3
UNTIMED = 30.0
_DURATIONS: dict[str, float] | None = None


def _durations() -> dict[str, float]:
    """Each test's seconds in mutmut's stats pass (read once, in the fork server)."""
    global _DURATIONS
    if _DURATIONS is None:
        stats = Path("mutmut-stats.json")  # mutmut runs the tests in its mutants/ folder
        _DURATIONS = (json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"]
                      if stats.exists() else {})
    return _DURATIONS


def pytest_configure(config: Any) -> None:
    """A failing example is not shrunk: a mutant is killed by the first one, and shrinking
    it costs more than finding it."""
    from hypothesis import Phase, settings

    settings.register_profile("mutant", parent=settings.default,
                              phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target))
    settings.load_profile("mutant")


IMPLIED_TEST = "test_guards_marked_implied_hold_on_every_domain_candidate"


def implied_checks(source: Path) -> frozenset[str]:
    """The functions of a game module that decide a guard marked ``implied``: each such
    guard's check (a function, or the names a lambda calls) and what they call in turn."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    defined = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    todo: list[str] = []
    for call in ast.walk(tree):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == "guard" and len(call.args) > 1
                and any(k.arg == "implied" for k in call.keywords)):
            todo += [n.id for n in ast.walk(call.args[1]) if isinstance(n, ast.Name)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in defined and name not in seen:
            seen.add(name)
            todo += [n.id for n in ast.walk(defined[name]) if isinstance(n, ast.Name)]
    return frozenset(seen)


_IMPLIED: dict[str, frozenset[str]] = {}


def _needs_implied_test(mutant: str) -> bool:
    """Whether a mutant can break an implied guard. The generic check of implied guards
    plays whole games at every seat count, the slowest test of a game; it is the only one
    that can catch a wrong implied guard, and is left out for every other mutant."""
    # mutmut's names: module.x_<function>__mutmut_N, module.xǁClassǁmethod__mutmut_N
    module, _, mangled = mutant.partition(".x")
    fn = mangled.split("__mutmut_")[0].removeprefix("_").split("ǁ")[-1]
    if not (module.startswith("spec.") and module.endswith(".game")):
        return True
    if module not in _IMPLIED:
        # the scratch copy keeps the original sources beside mutmut's mutants/ folder
        original = Path.cwd().parent / (module.replace(".", "/") + ".py")
        _IMPLIED[module] = implied_checks(original if original.exists() else
                                          ROOT / (module.replace(".", "/") + ".py"))
    return fn in _IMPLIED[module]


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Run the tests fastest first (most mutants are killed by many tests, and ``-x`` stops
    at the first that fails), and bound a mutant's run by CPU seconds: mutmut's own bound
    is on the wall clock, which a loaded machine stretches for a sound mutant too."""
    durations = _durations()
    if not durations:
        return
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" in mutant and not _needs_implied_test(mutant):
        dropped = [i for i in items if IMPLIED_TEST in i.nodeid]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = [i for i in items if IMPLIED_TEST not in i.nodeid]
    items.sort(key=lambda item: durations.get(item.nodeid, float("inf")))


def pytest_runtest_setup(item: Any) -> None:
    """Bound each test of a mutant's run by CPU seconds (a multiple of its time in the stats
    pass): mutmut's own bound is on the wall clock, which a loaded machine stretches for a
    sound mutant too, and a bound per test stops a mutant that loops forever in its first,
    fastest test instead of after the time of all its tests."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    seconds = _durations().get(item.nodeid, UNTIMED)
    limit = int(time.process_time() + CPU_FACTOR * seconds + CPU_SLACK) + 1
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    # past it the kernel sends SIGXCPU: mutmut counts the mutant as a timeout
    resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))


#: each mutant's run appends its name, CPU seconds and pytest's exit status here (in mutants/)
CPU_LOG = "mutant-cpu.jsonl"


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """Record what a mutant's run cost: the budget of the whole batch is in CPU seconds, and
    mutmut keeps only the wall clock. (A run stopped at its CPU limit writes nothing; it
    cost its budget.)"""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" in mutant:
        line = json.dumps({"mutant": mutant, "cpu": round(time.process_time(), 3),
                           "status": int(exitstatus)})
        with open(CPU_LOG, "a", encoding="utf-8") as log:
            log.write(line + "\n")


# --- running ----------------------------------------------------------------------------------
def _scratch(module: str, tests: tuple[str, ...]) -> Path:
    """A copy of the repository whose mutmut settings name only ``module`` and ``tests``."""
    here = WORK / module.replace("/", ".").removesuffix(".py")
    if here.exists():
        shutil.rmtree(here)
    shutil.copytree(ROOT, here, ignore=shutil.ignore_patterns(*_IGNORED))
    conf = here / "pyproject.toml"
    text = conf.read_text(encoding="utf-8")
    text = _set(text, "only_mutate", [module])
    text = _set(text, "pytest_add_cli_args_test_selection", list(tests))
    args = re.search(r"^pytest_add_cli_args = (\[[^\]]*\])", text, flags=re.M)
    if not args:
        raise SystemExit("pyproject.toml: no [tool.mutmut] pytest_add_cli_args setting")
    text = _set(text, "pytest_add_cli_args", [*json.loads(args[1]), "-p", "tests.mutation"])
    conf.write_text(text, encoding="utf-8")
    return here


def _set(text: str, key: str, value: list[str]) -> str:
    """Replace one list setting of the ``[tool.mutmut]`` table."""
    new, n = re.subn(rf"^{key} = \[[^\]]*\]", f"{key} = {json.dumps(value)}", text,
                     flags=re.M)
    if n != 1:
        raise SystemExit(f"pyproject.toml: no single [tool.mutmut] {key} setting")
    return new


def tally(folder: Path, patterns: list[str] | None = None) -> Counter:
    """Mutants by status, read from mutmut's result files (only those ``patterns`` name)."""
    out: Counter = Counter()
    for meta in (folder / "mutants").rglob("*.meta"):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        out.update(STATUS.get(code, "not checked" if code is None else "suspicious")
                   for key, code in codes.items()
                   if not patterns or any(fnmatch.fnmatchcase(key, p) for p in patterns))
    return out


def survivors(folder: Path, patterns: list[str] | None = None) -> list[str]:
    found = []
    for meta in (folder / "mutants").rglob("*.meta"):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        found += [k for k, c in codes.items() if c == 0
                  and (not patterns or any(fnmatch.fnmatchcase(k, p) for p in patterns))]
    return sorted(found)


def score(counts: Counter) -> float | None:
    """Killed (timeouts included) over the mutants that were run and reached by a test."""
    run = counts["killed"] + counts["timeout"] + counts["survived"] + counts["suspicious"]
    return round(100 * (counts["killed"] + counts["timeout"]) / run, 1) if run else None


def run_module(module: str, jobs: int, functions: Iterable[str] | None = None,
               tests: Iterable[str] | None = None, effects: bool = True) -> dict:
    target = MODULES[module]
    if tests:
        target = target._replace(tests=tuple(tests))
    wanted = functions or target.functions
    if wanted == "moves":
        wanted = move_functions(module, effects=effects)
    patterns = mutant_patterns(module, wanted) if wanted else []
    t0 = time.monotonic()
    folder = _scratch(module, target.tests)
    mutmut = Path(sys.executable).with_name("mutmut")
    with open(folder / "mutmut.log", "w", encoding="utf-8") as log:
        proc = subprocess.Popen([str(mutmut), "run", "--max-children", str(jobs), *patterns],
                                cwd=folder, stdout=log, stderr=subprocess.STDOUT)
        # wait4 gives this run's own CPU time (its descendants included), which the
        # process-wide RUSAGE_CHILDREN cannot once several modules run at once
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
    counts = tally(folder, patterns)
    seconds = round(time.monotonic() - t0)
    cpu = round(usage.ru_utime + usage.ru_stime)
    mutants = sum(counts.values())
    # CPU time is what the one-hour budget is about: on a shared machine the wall clock
    # measures the neighbours too
    return {"score": score(counts), **counts, "mutants": mutants, "seconds": seconds,
            "cpu_seconds": cpu, "cpu_per_mutant": round(cpu / mutants, 2) if mutants else None,
            "functions": list(wanted) if wanted else "all",
            "survivors": survivors(folder, patterns)}


def recheck(module: str, jobs: int, tests: Iterable[str] | None = None) -> dict:
    """Run the survivors of ``module``'s last run again, against the tests as they are now
    (copied into its folder), each in a fresh pytest: what new tests kill, without running
    the module's killed mutants again."""
    folder = WORK / module.replace("/", ".").removesuffix(".py")
    if not (folder / "mutants").exists():
        raise SystemExit(f"{module}: no run to recheck (run it first)")
    shutil.copytree(ROOT / "tests", folder / "mutants" / "tests", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    conf = (folder / "pyproject.toml").read_text(encoding="utf-8")
    args = json.loads(re.search(r"^pytest_add_cli_args = (\[[^\]]*\])", conf, flags=re.M)[1])
    selection = list(tests or MODULES[module].tests)

    def run(mutant: str) -> tuple[str, str]:
        env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
        code = subprocess.run([sys.executable, "-m", "pytest", *args, *selection],
                              cwd=folder / "mutants", env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False).returncode
        return mutant, STATUS.get(code, "suspicious")

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = dict(pool.map(run, survivors(folder)))
    return {"killed now": sorted(m for m, s in results.items() if s in ("killed", "timeout")),
            "still surviving": sorted(m for m, s in results.items() if s == "survived"),
            "other": {m: s for m, s in results.items()
                      if s not in ("killed", "timeout", "survived")}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="modules to mutate (default: all of them)")
    ap.add_argument("--jobs", type=int, default=2, help="mutants run at once, per module")
    ap.add_argument("--parallel", type=int, default=2, help="modules run at once")
    ap.add_argument("--functions", nargs="+", help="only these functions (globs; Class.method)")
    ap.add_argument("--tests", type=shlex.split,
                    help="pytest arguments selecting the tests instead (one quoted string)")
    ap.add_argument("--guards-only", action="store_true",
                    help="in a game's game.py, leave the moves' effects, scores and winners out")
    ap.add_argument("--list", action="store_true", help="print the functions mutated, per module")
    ap.add_argument("--recheck", action="store_true",
                    help="run only the survivors of each module's last run, against the tests "
                         "as they are now (or those of --tests)")
    args = ap.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        ap.error(f"not a rule module: {', '.join(unknown)} (known: {', '.join(MODULES)})")
    modules = args.modules or [m for m, target in MODULES.items() if target.default]
    scores = WORK / "scores.json"
    report = json.loads(scores.read_text(encoding="utf-8")) if scores.exists() else {}
    if args.recheck:
        for module in modules:
            result = recheck(module, args.jobs, args.tests)
            report.setdefault(module, {})["recheck"] = result
            scores.write_text(json.dumps(report, indent=1), encoding="utf-8")
            print(f"{module}: {len(result['killed now'])} killed now, "
                  f"{len(result['still surviving'])} still surviving", flush=True)
        return 0
    if args.list:
        for module in modules:
            wanted = MODULES[module].functions
            if wanted == "moves":
                wanted = move_functions(module, effects=not args.guards_only)
            print(module, wanted or "all")
        return 0
    WORK.mkdir(exist_ok=True)
    t0 = time.monotonic()

    def one(module: str) -> None:
        result = run_module(module, args.jobs, args.functions, args.tests,
                            not args.guards_only)
        with lock:
            report[module] = result
            shown = {k: v for k, v in result.items() if k not in ("survivors", "functions")}
            print(f"{module}: {shown}", flush=True)
            scores.write_text(json.dumps(report, indent=1), encoding="utf-8")

    # modules overlap so that one's single-threaded set-up (mutant generation, the stats
    # pass) runs while another's mutants keep the cores busy; the largest start first
    lock = threading.Lock()
    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        for done in [pool.submit(one, m) for m in sorted(modules, key=_size, reverse=True)]:
            done.result()
    print(f"all modules: {round(time.monotonic() - t0)} s of wall clock", flush=True)
    return 0


def _size(module: str) -> int:
    """How much code a module's run mutates, roughly: the order in which modules start."""
    target = MODULES[module]
    if target.functions == "moves":
        defined = _defined(module)
        return sum(len(ast.unparse(defined[f])) for f in move_functions(module))
    return len((ROOT / module).read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
