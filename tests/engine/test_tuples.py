"""``spec.common.tuples`` and its C twin build the same records.

The compiled build compiles ``tuples.pyx`` instead of ``tuples.py``; the compiled modules
call its functions directly. Both twins are loaded here side by side -- the ``.py`` file
by path, the extension by import -- and must give equal results, of the same type, for any
values, and the same errors. Without a compiled build the pure twin is checked alone.
"""
from __future__ import annotations

import gc
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, strategies as st

import spec.common.tuples as loaded
from spec._native import SourceFirst
from spec.common.record import KEEP

HERE = Path(loaded.__file__).parent


def _pure() -> Any:
    spec = importlib.util.spec_from_file_location("tuples_pure", HERE / "tuples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PURE = _pure()
TWINS = [PURE] + ([loaded] if loaded.__file__.endswith(tuple(EXTENSION_SUFFIXES)) else [])


class Three(NamedTuple):
    a: Any
    b: Any
    c: Any


values = st.one_of(st.integers(), st.text(max_size=3), st.none(), st.booleans(),
                   st.tuples(st.integers()), st.lists(st.integers(), max_size=2))


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
@given(items=st.tuples(values, values, values))
def test_instance_is_the_named_tuple_of_the_values(twin, items):
    made = twin.instance(Three, items)
    assert type(made) is Three and made == Three(*items) and made.b is items[1]
    if not any(isinstance(v, list) for v in items):
        assert hash(made) == hash(items)
    assert gc.is_tracked(made)  # a container of the collector, as tuple.__new__ makes it


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
@given(old=st.tuples(values, values, values), new=st.tuples(values, values, values),
       kept=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_updated_keeps_the_marked_fields(twin, old, new, kept):
    marked = tuple(KEEP if k else v for k, v in zip(kept, new))
    made = twin.updated(Three, Three(*old), marked, KEEP)
    assert type(made) is Three
    assert tuple(made) == tuple(o if k else v for k, o, v in zip(kept, old, new))
    assert made == PURE.updated(Three, Three(*old), marked, KEEP)


@pytest.mark.parametrize("call, error", [
    (lambda t: t.instance(int, (1,)), TypeError),  # not a tuple type
    (lambda t: t.instance(Three, None), TypeError),
    (lambda t: t.updated(Three, [1, 2, 3], (1, 2, 3), KEEP), TypeError),  # not a tuple
    (lambda t: t.updated(Three, (1, 2), (1, 2, 3), KEEP), ValueError),  # lengths differ
])
def test_both_twins_refuse_the_same_calls(call, error):
    for twin in TWINS:
        with pytest.raises(error):
            call(twin)


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
def test_no_reference_is_lost_or_kept(twin):
    marker = object()
    before = sys.getrefcount(marker)
    for _ in range(1000):
        twin.instance(Three, (marker, marker, 1))
        twin.updated(Three, Three(marker, KEEP, 2), (KEEP, marker, KEEP), KEEP)
    assert sys.getrefcount(marker) == before
    kept = twin.updated(Three, Three(marker, 1, 2), (KEEP, KEEP, KEEP), KEEP)
    assert sys.getrefcount(marker) == before + 1 and kept[0] is marker


def test_the_finder_keeps_a_twins_extension_unless_everything_is_pure(tmp_path):
    """Compiled modules call the twin's C functions: its extension runs even when its .py
    is newer, and only a pure run imports the .py."""
    (tmp_path / "tuples.pyx").write_text("")
    source = tmp_path / "tuples.py"
    source.write_text("")
    built = tmp_path / ("tuples" + EXTENSION_SUFFIXES[0])
    built.write_bytes(b"")
    os.utime(built, (source.stat().st_mtime - 3600,) * 2)  # built long before the edit
    assert SourceFirst(False).find_spec("spec.fresh.tuples", [str(tmp_path)]) is None
    found = SourceFirst(True).find_spec("spec.fresh.tuples", [str(tmp_path)])
    assert found is not None and found.origin == str(source)
