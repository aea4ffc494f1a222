"""Imports run one way: the choice of engine (:mod:`fast`, which imports nothing of the
project's), the rules, then the interpreter core, the analysis tools, the proofs, and the
faces (command line, server, adapters) last.

Every import in every module counts, those inside functions too, so that a lazy import
cannot hide a dependency that runs the wrong way. A module may import its own layer and
the layers below it, never one above.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: the layers, lowest first: a module's layer is the first whose prefix names it
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("twin", ("fast",)),  # which engine runs: the reference or its compiled twin
    ("rules", ("spec",)),
    ("core", ("engine.core", "engine")),  # `engine` itself is the core's public face
    ("analysis", ("engine.analysis",)),
    ("proofs", ("proofs",)),
    ("faces", ("engine.cli", "engine.server", "engine.adapters", "engine.__main__")),
]
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}


def layer_of(module: str) -> str | None:
    """The layer of a dotted module name of this project (None: a library's)."""
    best: tuple[int, str] | None = None
    for name, prefixes in LAYERS:
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), name)
    return best[1] if best else None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, dotted module) of every import in ``path``, relative ones resolved."""
    return imports_in(path.read_text(), module_name(path), path.name == "__init__.py")


def imports_in(text: str, me: str, is_package: bool) -> list[tuple[int, str]]:
    """:func:`imports` of the module ``me`` whose source is ``text``."""
    package = me if is_package else me.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[:len(parts) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            out.append((node.lineno, base))
            # `from engine import analysis` names a module, not only a package
            out.extend((node.lineno, f"{base}.{a.name}") for a in node.names
                       if (ROOT / f"{base}.{a.name}".replace(".", "/")).exists()
                       or (ROOT / (f"{base}.{a.name}".replace(".", "/") + ".py")).exists())
    return out


def sources() -> list[Path]:
    return sorted(p for top in ("fast", "spec", "engine", "proofs") for p in (ROOT / top).rglob("*.py")
                  if "__pycache__" not in p.parts)


def wrong_way(path: Path) -> list[str]:
    mine = layer_of(module_name(path))
    assert mine is not None, path
    found = []
    for line, target in imports(path):
        theirs = layer_of(target)
        if theirs is not None and RANK[theirs] > RANK[mine]:
            found.append(f"{path.relative_to(ROOT)}:{line} ({mine}) imports {target} ({theirs})")
    return found


def test_every_module_has_a_layer():
    assert all(layer_of(module_name(p)) for p in sources())


def test_imports_run_one_way():
    found = [line for p in sources() for line in wrong_way(p)]
    assert not found, "imports against the layers:\n" + "\n".join(found)


@pytest.mark.parametrize("source,target", [
    ("engine/core/game.py", "engine.analysis.agents"),
    ("engine/analysis/simulate.py", "engine.cli.textio"),
    ("spec/common/core.py", "engine.core.game"),
    ("proofs/runner.py", "engine.server.app"),
])
def test_the_check_catches_an_import_the_wrong_way(source, target):
    path = ROOT / source
    planted = path.read_text() + f"\n\ndef _planted():\n    import {target}\n"
    me = module_name(path)
    found = {t for _, t in imports_in(planted, me, path.name == "__init__.py")}
    assert target in found and RANK[layer_of(target)] > RANK[layer_of(me)]
    assert target not in {t for _, t in imports(path)}
