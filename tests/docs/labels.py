"""The labels generated pages define and the ones they use, for the link checks."""
from __future__ import annotations

import re
from pathlib import Path


def labels(out: Path) -> tuple[set[str], set[str]]:
    """(defined, used): ``.. _x:`` labels and the targets of ``:clause:``/``:trace:`` roles,
    and every ``:ref:`` target."""
    defined: set[str] = set()
    used: set[str] = set()
    docs = Path(__file__).resolve().parents[2] / "docs"
    written = [*docs.glob("*.rst"), *(docs / "guide").rglob("*.rst")]  # hand-written pages
    for p in [*out.rglob("*.rst"), *out.rglob("*.inc"), *written]:
        text = p.read_text(encoding="utf-8")
        defined |= set(re.findall(r"^\.\. _([^:]+):$", text, re.M))
        defined |= {c.lower() for c in re.findall(r":clause:`([^`]+)`", text)}
        traced = re.findall(r":trace:`([^`]+)`", text)
        defined |= {f"trace-{c.lower()}" for c in traced}
        defined |= {c.lower() for c in traced}  # a clause no edition marks: its row
        defined |= {f"proof-{c.lower()}" for c in re.findall(r":proof:`([^`]+)`", text)}
        used |= set(re.findall(r":ref:`[^`<]*<([^>]+)>`", text))
    return defined, used
