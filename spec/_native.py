"""Which of our modules run compiled, and the switch that runs them all as Python.

The compiled build (``setup.py``) puts a C extension beside each hot-path ``.py`` file;
Python's import system prefers the extension. A finder placed first on ``sys.meta_path``
turns that preference back for the ``spec`` and ``engine`` packages:

* when ``FRUITSPEC_PURE`` is set (``1``, ``true``, ``yes``): every module is imported from
  its ``.py`` file, so one installation runs both engines;
* when a module's ``.py`` file is newer than its extension (edited since the build): the
  source wins, so an edit is never hidden by a stale extension. A module with a ``.pyx``
  twin (its C version, whose functions compiled modules call directly) is the exception:
  its extension is kept until every module runs as Python.

It must be installed before any compiled module is imported: ``spec/__init__.py`` does it
first thing, and ``engine`` imports ``spec`` before anything else.
"""
from __future__ import annotations

import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType
from typing import Sequence

PACKAGES = ("spec", "engine")
#: an extension built less than this many seconds before its source was written still
#: counts as built from it (a wheel installs both files within moments of each other)
_SAME_BUILD = 2.0


def pure_requested() -> bool:
    """Whether ``FRUITSPEC_PURE`` asks for the pure-Python engine."""
    return os.environ.get("FRUITSPEC_PURE", "").strip().lower() in ("1", "true", "yes")


def _extension_mtime(folder: str, leaf: str) -> float | None:
    for suffix in EXTENSION_SUFFIXES:
        try:
            return os.stat(os.path.join(folder, leaf + suffix)).st_mtime
        except OSError:
            continue
    return None


class SourceFirst(MetaPathFinder):
    """Imports our modules from source when asked to, or when their extension is stale."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or fullname.partition(".")[0] not in PACKAGES:
            return None  # top-level packages are never compiled
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            built = _extension_mtime(folder, leaf)
            if built is None:
                if os.path.exists(source) or os.path.isdir(os.path.join(folder, leaf)):
                    return None  # nothing compiled here: the usual import
                continue
            if os.path.exists(os.path.join(folder, leaf + ".pyx")):
                # a C twin (setup.py): compiled modules call its C functions directly, so
                # its extension is used unless every module runs as Python
                return spec_from_file_location(fullname, source) if self.pure else None
            try:
                written = os.stat(source).st_mtime
            except OSError:
                return None  # an extension without its source: nothing else to run
            if self.pure or written > built + _SAME_BUILD:
                return spec_from_file_location(fullname, source)
            return None
        return None


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst(pure_requested()))


def compiled_modules() -> list[str]:
    """The names of the imported ``spec`` and ``engine`` modules that run compiled."""
    out = []
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None) or ""
        if name.partition(".")[0] in PACKAGES and where.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return sorted(out)


def compiled() -> bool:
    """Whether the engine runs compiled: its core modules were imported as C extensions.

    False in a pure-Python installation and under ``FRUITSPEC_PURE=1``.
    """
    return bool(compiled_modules())
