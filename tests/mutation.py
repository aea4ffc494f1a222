"""`make mutate`: mutation testing of the rule code with mutmut, one module at a time.

Each module runs in a scratch copy of the repository (``.mutate/<module>/``) whose
``[tool.mutmut]`` names that module alone and the tests that check it, so mutmut's
coverage pass and each mutant's run stay within the relevant tests (mutmut further runs,
per mutant, only the tests that reach the mutated function). Prints the mutation score
per module and writes ``.mutate/scores.json``; the survivors are listed by
``mutmut results`` in each module's folder.

    python -m tests.mutation                      # every module
    python -m tests.mutation spec/bastos/scoring.py --jobs 2
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutate"


def _game_tests(game: str) -> tuple[str, ...]:
    return (f"tests/{game}", "tests/engine/test_generic.py")


#: module -> the tests that check it (paths relative to the repository)
MODULES: dict[str, tuple[str, ...]] = {
    "spec/tindahan/scoring.py": ("tests/tindahan/test_scoring.py",
                                 "tests/tindahan/test_fast_paths.py",
                                 "tests/tindahan/test_properties.py"),
    "spec/bastos/scoring.py": ("tests/bastos/test_scoring.py",
                               "tests/bastos/test_fast_paths.py"),
    "spec/fruit_passion/scoring.py": ("tests/fruit_passion/test_scoring.py",
                                      "tests/fruit_passion/test_fast_paths.py",
                                      "tests/fruit_passion/test_properties.py"),
    "spec/tanuki_market/scoring.py": ("tests/tanuki_market",),
    **{f"spec/{g}/{m}.py": _game_tests(g)  # moves' guards and effects; visibility
       for g in ("tindahan", "bastos", "fruit_passion", "tanuki_market")
       for m in ("game", "state")},
    "spec/common/core.py": ("tests/engine/test_engine.py", "tests/engine/test_generic.py"),
    "spec/common/moves.py": ("tests/engine/test_engine.py", "tests/engine/test_generic.py"),
    "engine/game.py": ("tests/engine/test_engine.py", "tests/engine/test_generic.py"),
    "engine/serialize.py": ("tests/engine/test_engine.py", "tests/engine/test_generic.py"),
}

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout"}
_IGNORED = (".venv", ".mutate", "mutants", ".git", ".hypothesis", "__pycache__", "_build",
            "generated", "*.egg-info")


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
    conf.write_text(text, encoding="utf-8")
    return here


def _set(text: str, key: str, value: list[str]) -> str:
    """Replace one list setting of the ``[tool.mutmut]`` table."""
    new, n = re.subn(rf"^{key} = \[[^\]]*\]", f"{key} = {json.dumps(value)}", text,
                     flags=re.M)
    if n != 1:
        raise SystemExit(f"pyproject.toml: no single [tool.mutmut] {key} setting")
    return new


def tally(folder: Path) -> Counter:
    """Mutants by status, read from mutmut's result files."""
    out: Counter = Counter()
    for meta in (folder / "mutants").rglob("*.meta"):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        out.update(STATUS.get(code, "not checked" if code is None else "suspicious")
                   for code in codes.values())
    return out


def score(counts: Counter) -> float | None:
    """Killed (timeouts included) over the mutants that were run and reached by a test."""
    run = counts["killed"] + counts["timeout"] + counts["survived"] + counts["suspicious"]
    return round(100 * (counts["killed"] + counts["timeout"]) / run, 1) if run else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="modules to mutate (default: all of them)")
    ap.add_argument("--jobs", type=int, default=2, help="mutants run at once")
    args = ap.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        ap.error(f"not a rule module: {', '.join(unknown)} (known: {', '.join(MODULES)})")
    mutmut = Path(sys.executable).with_name("mutmut")
    report = {}
    for module in args.modules or list(MODULES):
        t0 = time.monotonic()
        folder = _scratch(module, MODULES[module])
        subprocess.run([str(mutmut), "run", "--max-children", str(args.jobs)], cwd=folder,
                       stdout=subprocess.DEVNULL, check=False)
        counts = tally(folder)
        report[module] = {"score": score(counts), **counts,
                          "seconds": round(time.monotonic() - t0)}
        print(f"{module}: {report[module]}", flush=True)
    (WORK / "scores.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
