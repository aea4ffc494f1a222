"""The optional compiled build: Cython compiles the engine's hot path, in pure-Python mode.

All metadata lives in ``pyproject.toml``; this file only declares the C extensions. The
modules stay ordinary Python (no Cython syntax, no ``cython`` types): Cython compiles the
same ``.py`` files, and each one that cannot be compiled -- Cython missing, no C compiler,
or a construct Cython refuses -- is left out with a warning and runs as pure Python, with
the same behaviour (and so is a module whose ``.pxd`` cimports from it).
``FRUITSPEC_BUILD=pure`` at install time skips compilation altogether.

A module may have a ``.pxd`` file beside it, read only here, that gives C types to a
few of its names where Python's integers would be slow and C's give the same results
(``spec/common/rng.pxd``: the generator's 64-bit arithmetic; ``engine/core/game.pxd``: the
listing loop's dicts and lists, and the ``Game`` class as an extension type whose methods
read its attributes from the instance; ``spec/common/symbolic.pxd``: the symbolic helpers
as C functions, which each game's ``scoring.pxd`` cimports); the ``.py`` file stays the
definition, run as it is by the pure-Python engine.

One module has a C twin: ``spec/common/tuples.pyx`` is compiled in place of
``tuples.py``. It builds the records every step makes (events, actions, updated states)
by allocating the class and filling it, which Python code cannot say; the ``.py`` file
is the definition, and ``tests/core/test_tuples.py`` holds the two to the same
results. The modules that build records ``cimport`` it in their ``.pxd`` and call its C
functions directly; the states' ``_replace`` is one of its C methods.

``annotation_typing=False`` matters: by default Cython turns ``x: int`` into an exact type
check, but the proofs run the scoring and trick-resolution code on Z3 terms.

    .venv/bin/python setup.py build_ext --inplace -j 2   # (re)compile changed modules in place
"""
from __future__ import annotations

import os
import re
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

#: The hot path: what a play-out, the explorer and the simulator run on every step.
COMPILED = [
    "spec/common/core.py", "spec/common/moves.py", "spec/common/rng.py",
    "spec/common/record.py", "spec/common/errors.py",
    "spec/common/tuples.py",
    "spec/common/secrets.py",
    "spec/common/reduction.py", "spec/common/symbolic.py",
    "spec/*/state.py", "spec/*/cards.py", "spec/*/hybrids.py", "spec/*/rules.py",
    "spec/*/game.py", "spec/*/scoring.py", "spec/*/secrets.py", "spec/*/reduction.py",
    "spec/*/invariants.py",
    "spec/tindahan/setup.py",
    "engine/core/game.py", "engine/core/remember.py", "engine/core/serialize.py", "engine/core/validate.py",
    "engine/analysis/agents.py",
    "engine/analysis/explore.py", "engine/analysis/explore_reduce.py", "engine/analysis/explore_check.py",
    "engine/analysis/simulate.py",
]

#: Hot-path modules kept pure on purpose, each with the reason.
KEPT_PURE: dict[str, str] = {
    # Cython 3.3 infers C tuples for ``(False, True) if ... else (False,)`` and then refuses
    # the two lengths; the deck's card table is built once, so nothing is lost
    "spec.fruit_passion.cards": "Cython cannot type a conditional of two tuple lengths",
}

#: Cython directives shared by every module (see the module docstring).
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # Z3 terms flow where annotations say int
    "binding": True,  # functions keep Python's introspection (doctest, autodoc, pickle)
    "embedsignature": True,
}


def _module(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def compiled_modules() -> list[str]:
    """The dotted names of the modules the compiled build compiles."""
    paths = sorted({p for pattern in COMPILED for p in glob(pattern, root_dir=HERE)})
    return [_module(p) for p in paths if _module(p) not in KEPT_PURE]


def source_of(name: str) -> str:
    """The file the build compiles for a module: its ``.py``, or the ``.pyx`` beside it
    (its C twin, see the module docstring)."""
    stem = name.replace(".", "/")
    return stem + ".pyx" if (HERE / (stem + ".pyx")).exists() else stem + ".py"


def extensions() -> list[Extension]:
    if os.environ.get("FRUITSPEC_BUILD", "").lower() == "pure":
        return []
    # -g0: no debug info (smaller, quicker to build); optional: a module whose C build
    # fails is skipped (setuptools warns) instead of failing the install
    return [Extension(name, [source_of(name)], optional=True, extra_compile_args=["-g0"])
            for name in compiled_modules()]


def _own_pxd(source: str) -> str | None:
    """The ``.pxd`` file beside a module's source, if it has one."""
    own = os.path.splitext(source)[0] + ".pxd"
    return own if os.path.exists(own) else None


def _cimported(source: str) -> list[str]:
    """The modules a module's own ``.pxd`` cimports from (none without one)."""
    own = _own_pxd(source)
    if own is None:
        return []
    return re.findall(r"^from\s+([\w.]+)\s+cimport", Path(own).read_text(), re.M)


def _declarations(source: str) -> list[str]:
    """The ``.pxd`` files a module's build reads: its own, and those its own cimports."""
    own = _own_pxd(source)
    if own is None:
        return []
    paths = [name.replace(".", "/") + ".pxd" for name in _cimported(source)]
    return [own, *(p for p in paths if os.path.exists(p))]


class OptionalCythonBuild(build_ext):
    """Cythonize what can be, then compile it; whatever fails stays pure Python."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # the C compiler runs as many jobs as there are cores
            self.parallel = os.cpu_count() or 1

    def _up_to_date(self, ext: Extension) -> bool:
        """Built in place after its source was written: nothing to redo."""
        if not self.inplace:
            return False
        try:
            built = os.stat(self.get_ext_fullpath(ext.name)).st_mtime
        except OSError:
            return False
        # a .pxd beside a module (C types for the build) is part of its source too
        extra = [p for s in ext.sources for p in _declarations(s)]
        return all(os.stat(p).st_mtime <= built for p in [*ext.sources, *extra])

    def run(self) -> None:
        # editable installs and `make compiled` build in place: unchanged modules are skipped
        self.extensions = [ext for ext in self.extensions if not self._up_to_date(ext)]
        if not self.extensions:
            return
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: fruitspec stays pure Python")
            self.extensions = []
            return
        translated = self._translated(cythonize)
        # keep setuptools' own Extension objects (finalized already), now pointing at C
        self.extensions = [ext for ext in self.extensions if ext.name in translated]
        for ext in self.extensions:
            ext.sources = translated[ext.name].sources
        super().run()

    def _translated(self, cythonize: Any) -> dict[str, Extension]:
        """The modules Cython translates to C, by name. All at once first; if one fails,
        each on its own, so that only what Cython refuses stays pure (cythonize's own
        exclude_failures cannot drop setuptools' Extension objects: they are unhashable)."""
        options = {"compiler_directives": DIRECTIVES, "build_dir": "build/cython",
                   "quiet": True}
        try:
            done = cythonize(self.extensions, nthreads=self.parallel or 0, **options)
        except Exception:  # noqa: BLE001 - any module Cython refuses
            done = []
            for ext in self.extensions:
                try:
                    done += cythonize([ext], **options)
                except Exception as exc:  # noqa: BLE001
                    self.warn(f"{ext.name} stays pure Python: Cython refused it ({exc})")
        translated = {ext.name: ext for ext in done}
        # a module that cimports a pure one would not import: it stays pure too
        sources = {ext.name: ext.sources[0] for ext in self.extensions}
        refused = set(sources) - set(translated)
        while True:
            leaning = {name for name in translated if refused & set(_cimported(sources[name]))}
            if not leaning:
                return translated
            for name in leaning:
                self.warn(f"{name} stays pure Python: it cimports one that stays pure")
                del translated[name]
            refused |= leaning


if __name__ == "__main__":  # pip's build backend runs this file as __main__ too; the
    # compiled-build test imports it only for compiled_modules()
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalCythonBuild})
