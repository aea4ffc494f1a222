"""The fast twin: the engine's hot path compiled by Cython, kept apart from the reference.

The reference is the Python source of ``spec/`` and ``engine/``: what a reviewer reads
against the rulebooks, and what runs when nothing was compiled. The twin is those same
``.py`` files compiled, with the C types of :mod:`fast.declarations` (``fast/pxd/``) and
one module written in Cython for speed (``fast/pyx/``); :mod:`fast.build` makes it in
``fast/lib/`` and records there a digest of every source it compiled.

One setting chooses which runs, ``FRUITSPEC_ENGINE``:

* ``compiled``: the twin, and an error if it is missing or older than its sources;
* ``reference``: the Python source alone;
* unset (the default): the twin when it is built and up to date, otherwise the reference,
  with one warning saying why.

The choice is made once per process, when the first package that holds hot modules asks
:func:`search_path` where its modules live: the twin's folder comes first on that
package's ``__path__`` (Python's documented way for a package to say where its modules
are found), so an extension in ``fast/lib/`` is imported in place of the ``.py`` file of
the same name. Nothing else changes how anything is imported.
``tests/core/test_compiled.py`` plays both to the same digests.

This package imports nothing of the project's: it is the lowest layer.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: where the build puts the compiled modules, a tree of packages like the source's
LIB = Path(__file__).resolve().parent / "lib"
#: the build's record of what it compiled: module name -> digest of its sources
MANIFEST = LIB / "manifest.json"
SETTING = "FRUITSPEC_ENGINE"
CHOICES = ("compiled", "reference")
#: the packages whose modules may run compiled (the others never look here)
PACKAGES = ("spec", "engine")


class ReferenceEngineWarning(UserWarning):
    """The compiled twin was not used although nobody asked for the reference."""


def requested() -> str | None:
    """What ``FRUITSPEC_ENGINE`` asks for: ``compiled``, ``reference`` or None (unset)."""
    value = os.environ.get(SETTING, "").strip().lower()
    if not value:
        return None
    if value not in CHOICES:
        raise RuntimeError(f"{SETTING} must be one of {', '.join(CHOICES)}, not {value!r}")
    return value


def digest(sources: list[str]) -> str:
    """The digest the build records for a module compiled from ``sources`` (paths under
    the repository root): its ``.py`` file, and its declarations or Cython twin."""
    h = hashlib.sha256()
    for rel in sources:
        h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes() + b"\0")
    return h.hexdigest()


def stale_modules() -> list[str]:
    """The modules whose sources changed since the twin was built (all: no build)."""
    try:
        built = json.loads(MANIFEST.read_text())["modules"]
    except (OSError, ValueError, KeyError):
        return ["(no compiled build in fast/lib)"]
    out = []
    for name, entry in sorted(built.items()):
        try:
            same = digest(entry["sources"]) == entry["sha256"]
        except OSError:
            same = False
        if not same:
            out.append(name)
    return out


@cache
def active() -> bool:
    """Whether this process runs the twin (decided once, on first use)."""
    wanted = requested()
    if wanted == "reference":
        return False
    stale = stale_modules()
    if not stale:
        return True
    why = (f"the compiled build is missing or older than {', '.join(stale[:3])}"
           f"{' and others' if len(stale) > 3 else ''}; `make compiled` rebuilds it")
    if wanted == "compiled":
        raise RuntimeError(f"{SETTING}=compiled, but {why}")
    warnings.warn(f"fruitspec runs the reference engine (pure Python): {why}",
                  ReferenceEngineWarning, stacklevel=3)
    return False


def search_path(package: str, path: list[str]) -> list[str]:
    """The folders ``package``'s modules are found in: its own, after the twin's folder
    for it when the twin runs. Each package that holds hot modules sets its
    ``__path__`` to this, first thing."""
    if not active():
        return path
    twin = LIB.joinpath(*package.split("."))
    return [str(twin), *path] if twin.is_dir() else path


def source_file(module: str) -> Path:
    """The ``.py`` file a module of the project is defined in, whether it runs compiled
    (from ``fast/lib``) or not."""
    stem = ROOT.joinpath(*module.split("."))
    return stem / "__init__.py" if stem.is_dir() else stem.with_suffix(".py")


def compiled_modules() -> list[str]:
    """The names of the imported ``spec`` and ``engine`` modules that run compiled."""
    out = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None) or ""
        if name.partition(".")[0] in PACKAGES and where.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return sorted(out)


def compiled() -> bool:
    """Whether the engine runs compiled: some of its modules were imported from the twin."""
    return bool(compiled_modules())
