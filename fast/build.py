"""Builds the fast twin (see :mod:`fast`): Cython compiles the hot path's own ``.py`` files.

    .venv/bin/python -m fast.build          # what `make compiled` runs
    .venv/bin/python -m fast.build --clean  # remove the twin: the reference runs alone

Each module of :data:`HOT` is copied, with its declarations from ``fast/pxd/`` (or, for
the one module written in Cython, its ``fast/pyx/`` source in its place), into a staging
tree under ``build/fast/``, translated to C there, and compiled into ``fast/lib/``; a
module Cython refuses, or whose C build fails, is left out with a warning and runs as
Python. ``fast/lib/manifest.json`` records each compiled module's source digest, which
:func:`fast.stale_modules` compares with the files at run time. A module whose digest is
unchanged is not rebuilt.

``annotation_typing=False`` matters: by default Cython turns ``x: int`` into an exact type
check, but the proofs run the scoring and trick-resolution code on Z3 terms.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import sysconfig
from glob import glob
from pathlib import Path
from typing import Any

from fast import LIB, MANIFEST, ROOT, digest

HERE = Path(__file__).resolve().parent
STAGE = ROOT / "build" / "fast"

#: The hot path: what a play-out, the explorer and the simulator run on every step.
HOT = [
    "spec/common/core.py", "spec/common/moves.py", "spec/common/rng.py",
    "spec/common/record.py", "spec/common/errors.py", "spec/common/tuples.py",
    "spec/common/secrets.py", "spec/common/reduction.py", "spec/common/symbolic.py",
    "spec/*/state.py", "spec/*/cards.py", "spec/*/hybrids.py", "spec/*/rules.py",
    "spec/*/game.py", "spec/*/scoring.py", "spec/*/secrets.py", "spec/*/reduction.py",
    "spec/*/invariants.py", "spec/tindahan/setup.py",
    "engine/core/game.py", "engine/core/remember.py", "engine/core/serialize.py",
    "engine/core/validate.py",
    "engine/analysis/agents.py", "engine/analysis/explore.py",
    "engine/analysis/explore_reduce.py", "engine/analysis/explore_check.py",
    "engine/analysis/simulate.py",
]

#: Hot-path modules kept pure on purpose, each with the reason.
KEPT_PURE: dict[str, str] = {
    # Cython 3 infers C tuples for ``(False, True) if ... else (False,)`` and then refuses
    # the two lengths; the deck's card table is built once, so nothing is lost
    "spec.fruit_passion.cards": "Cython cannot type a conditional of two tuple lengths",
}

DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # Z3 terms flow where annotations say int
    "binding": True,  # functions keep Python's introspection (doctest, autodoc, pickle)
    "embedsignature": True,
}


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def hot_modules() -> list[str]:
    """The dotted names of the modules the twin compiles."""
    paths = sorted({p for pattern in HOT for p in glob(pattern, root_dir=ROOT)})
    return [module_name(p) for p in paths if module_name(p) not in KEPT_PURE]


def sources(name: str) -> list[str]:
    """The files (relative to the repository) a module's compiled form is made from: its
    ``.py`` (the definition), its declarations, or its Cython twin."""
    stem = name.replace(".", "/")
    out = [stem + ".py"]
    for extra in (f"fast/pxd/{stem}.pxd", f"fast/pyx/{stem}.pyx"):
        if (ROOT / extra).exists():
            out.append(extra)
    return out


def cimported(name: str) -> list[str]:
    """The modules a module's declarations cimport from."""
    pxd = ROOT / "fast" / "pxd" / (name.replace(".", "/") + ".pxd")
    if not pxd.exists():
        return []
    return re.findall(r"^from\s+([\w.]+)\s+cimport", pxd.read_text(), re.M)


def stage(name: str) -> Path:
    """Copy a module's sources into the staging tree, where Cython finds the ``.pxd``
    beside the ``.py`` as it expects; returns the file to translate."""
    stem = name.replace(".", "/")
    parts = stem.split("/")
    for i in range(1, len(parts)):  # package markers, so Cython names the module in full
        (STAGE / "/".join(parts[:i])).mkdir(parents=True, exist_ok=True)
        (STAGE / "/".join(parts[:i]) / "__init__.py").touch()
    src = sources(name)
    pyx = [s for s in src if s.endswith(".pyx")]
    target = STAGE / (stem + (".pyx" if pyx else ".py"))
    shutil.copyfile(ROOT / (pyx[0] if pyx else src[0]), target)
    for extra in src:
        if extra.endswith(".pxd"):
            shutil.copyfile(ROOT / extra, STAGE / (stem + ".pxd"))
    return target


def built_already(manifest: dict[str, dict[str, object]], name: str) -> bool:
    entry = manifest.get(name)
    return (entry is not None and entry.get("sha256") == digest(sources(name))
            and _extension(name).exists())


def ext_suffix() -> str:
    return sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def build(jobs: int) -> int:
    """Build what changed; returns how many modules run compiled."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension  # type: ignore[import-untyped]
        from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]
    except ImportError:
        print("fast.build: Cython or setuptools missing: the reference runs alone",
              file=sys.stderr)
        return 0
    old = _read_manifest()
    names = hot_modules()
    todo = [n for n in names if not built_already(old, n)]
    # a module whose declarations cimport a rebuilt one is rebuilt too
    todo += [n for n in names if n not in todo and set(cimported(n)) & set(todo)]
    for n in todo:  # an old extension of a changed module must not outlive a failed build
        _extension(n).unlink(missing_ok=True)
    # the digests of the sources as they are read now: a file edited during the build
    # then reads as changed at the next start
    made: dict[str, dict[str, object]] = {
        n: {"sources": sources(n), "sha256": digest(sources(n))} for n in names}
    made.update({n: old[n] for n in names if n not in todo})
    if todo:
        for n in names:  # every .pxd a cimport may read must be staged
            stage(n)
        exts = [Extension(n, [str(stage(n))], extra_compile_args=["-g0"]) for n in todo]
        done = _translate(cythonize, exts, jobs)
        # a fresh folder for the objects, and every step forced: what is rebuilt is made
        # from the sources just staged, never from a C file or an object left by an
        # earlier build that the tools' file times take for current
        shutil.rmtree(STAGE / "temp", ignore_errors=True)
        dist = Distribution({"ext_modules": done})
        cmd = build_ext(dist)
        cmd.build_lib, cmd.build_temp = str(LIB), str(STAGE / "temp")
        cmd.parallel, cmd.force = jobs, True
        cmd.ensure_finalized()
        cmd.run()
    compiled = {n: made[n] for n in names if _extension(n).exists()}
    LIB.mkdir(parents=True, exist_ok=True)
    MANIFEST.write_text(json.dumps({"python": ext_suffix(), "modules": compiled}, indent=1))
    return len(compiled)


def _translate(cythonize: Any, exts: list[Any], jobs: int) -> list[Any]:
    """The extensions Cython translates: all at once, or one by one when one is refused,
    so that only what Cython refuses stays Python (and what cimports it)."""
    options = {"compiler_directives": DIRECTIVES, "build_dir": str(STAGE / "c"),
               "quiet": True, "include_path": [str(STAGE)], "force": True}
    try:
        return list(cythonize(exts, nthreads=jobs, **options))
    except Exception:  # noqa: BLE001 - any module Cython refuses
        done = []
        for ext in exts:
            try:
                done += cythonize([ext], **options)
            except Exception as exc:  # noqa: BLE001
                print(f"fast.build: {ext.name} stays Python: Cython refused it ({exc})",
                      file=sys.stderr)
        ok = {e.name for e in done}
        return [e for e in done if set(cimported(e.name)) <= ok | set(hot_modules())]


def _extension(name: str) -> Path:
    return LIB.joinpath(*name.split(".")).with_name(name.rpartition(".")[2] + ext_suffix())


def _read_manifest() -> dict[str, dict[str, object]]:
    try:
        modules: dict[str, dict[str, object]] = json.loads(MANIFEST.read_text())["modules"]
        return modules
    except (OSError, ValueError, KeyError):
        return {}


def clean() -> None:
    shutil.rmtree(LIB, ignore_errors=True)
    shutil.rmtree(STAGE, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clean", action="store_true", help="remove the compiled twin")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args(argv)
    if args.clean:
        clean()
        return 0
    n = build(args.jobs)
    print(f"fast.build: {n} of {len(hot_modules())} hot modules compiled into {LIB}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
