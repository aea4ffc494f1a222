"""``spec.common.tuples`` and its C twin build the same records.

The compiled twin (:mod:`fast`) compiles ``fast/pyx/spec/common/tuples.pyx`` instead of
``tuples.py``; the compiled modules
call its functions directly. Both twins are loaded here side by side -- the ``.py`` file
by path, the extension by import -- and must give equal results, of the same type, for any
values, and the same errors. Without a compiled build the pure twin is checked alone.
"""
from __future__ import annotations

import gc
import importlib.util
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, strategies as st

import spec.common.tuples as loaded
from spec.common.record import KEEP

HERE = Path(__file__).resolve().parents[2] / "spec" / "common"  # the reference's folder


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


class Named(NamedTuple):
    a: Any
    b: Any

    @property
    def both(self) -> tuple[Any, Any]:
        return self.a, self.b


class Shadowed(Named):
    @property
    def a(self) -> str:  # type: ignore[override]
        return "shadowed"


class Watched(NamedTuple):
    a: Any

    def __getattribute__(self, name: str) -> Any:
        return "watched" if name == "a" else tuple.__getattribute__(self, name)


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
def test_named_fields_reads_every_attribute_as_before(twin):
    """Fields, properties, methods and missing names read the same once a class reads its
    fields by name; a subclass that shadows a field, and a class with its own lookup,
    keep theirs."""
    assert twin.named_fields(Named) is (twin is not PURE)
    n = Named(1, [2])
    assert (n.a, n.b, n.both, n._fields, n.count(1), n._replace(a=3)) == (
        1, [2], (1, [2]), ("a", "b"), 1, Named(3, [2]))
    with pytest.raises(AttributeError):
        n.c  # noqa: B018 - the lookup is the test
    assert Shadowed(1, 2).a == "shadowed" and Shadowed(1, 2).b == 2
    assert not twin.named_fields(Shadowed)  # its _fields are inherited, not its own
    assert not twin.named_fields(Watched) and Watched(1).a == "watched"
    assert not twin.named_fields(int)


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
def test_a_short_record_raises_the_descriptors_error(twin):
    twin.named_fields(Named)
    short = twin.instance(Named, (1,))
    assert short.a == 1
    with pytest.raises(IndexError):
        short.b  # noqa: B018


class Front(NamedTuple):
    x: Any
    y: Any
    z: Any


class Back(NamedTuple):
    z: Any
    y: Any
    x: Any


class Lone(NamedTuple):
    y: Any


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
@given(reads=st.lists(st.tuples(st.sampled_from([Front, Back, Lone]),
                                st.sampled_from(["x", "y", "z"]), st.booleans()),
                      max_size=40))
def test_fields_read_in_any_order_come_from_their_own_places(twin, reads):
    """Classes that share field names at other places, read in any interleaving (the C
    twin remembers where each class keeps each name it was asked for), by the interned
    name or by an equal string made at run time, and records too short for their fields,
    read as their descriptors do."""
    for cls in (Front, Back, Lone):
        twin.named_fields(cls)
    for cls, name, made in reads:
        key = "".join([name]) if made else name  # the same text, another object
        full = tuple.__new__(cls, [f"{cls.__name__}.{f}" for f in cls._fields])
        if name in cls._fields:
            assert getattr(full, key) == f"{cls.__name__}.{name}"
            short = twin.instance(cls, ())
            with pytest.raises(IndexError):
                getattr(short, key)
        else:
            with pytest.raises(AttributeError):
                getattr(full, key)


def test_the_games_records_read_their_fields_by_name_when_compiled():
    """The state types (spec.common.record), actions and events take the fast reading in
    the compiled build: registering them again says so."""
    import spec
    from spec.common.core import Action, Event
    types = [spec.get(name).state_type for name in spec.available()] + [Action, Event]
    for cls in types:
        assert loaded.named_fields(cls) is (loaded is not PURE and len(TWINS) == 2)


def _outcome(fn: Any, *args: Any) -> Any:
    """A call's result with its type, or the type and message of its error."""
    try:
        made = fn(*args)
    except Exception as exc:  # noqa: BLE001 - the twins must fail alike
        return type(exc), str(exc)
    return made, type(made)


rows = st.one_of(st.lists(values, max_size=5).map(tuple), st.lists(values, max_size=3),
                 st.tuples(values, values, values).map(lambda t: Three(*t)))
indexes = st.one_of(st.integers(-7, 7), st.booleans(), st.just(2**70), st.just(-(2**70)))


@given(row=rows, i=indexes, value=values)
def test_put_is_the_slices_of_tuples_py(row, i, value):
    """Any row, index and value: the same new row or the same error, in both twins; an
    index from the end, out of range or a bool takes the slices' own meaning."""
    expected = _outcome(lambda r, k, v: r[:k] + (v,) + r[k + 1:], row, i, value)
    for twin in TWINS:
        assert _outcome(twin.put, row, i, value) == expected, twin.__name__


@given(row=rows, item=values)
def test_without_drops_the_first_equal_entry(row, item):
    def slices(r: Any, x: Any) -> Any:
        k = r.index(x)
        return r[:k] + r[k + 1:]
    expected = _outcome(slices, row, item)
    for twin in TWINS:
        assert _outcome(twin.without, row, item) == expected, twin.__name__


def test_without_compares_as_tuple_index_does():
    """1 == True == 1.0: the first equal entry leaves, whatever its type; nothing is
    copied by reference that should not be."""
    row = (True, 1, 1.0, "x")
    for twin in TWINS:
        assert twin.without(row, 1) == (1, 1.0, "x")
        assert twin.without(row, 1)[0] is row[1]
        with pytest.raises(ValueError):
            twin.without(row, "y")
    # the row itself is never changed
    assert row == (True, 1, 1.0, "x")


@given(row=st.lists(values, max_size=70).map(tuple), data=st.data())
def test_changed_places_marks_the_items_that_are_other_objects(row, data):
    """Which places of a record hold another object: equal values made anew count as
    changed (the explorer then reruns an invariant, to the same verdict); beyond 64
    places the C twin takes the Python-int path."""
    swap = data.draw(st.sets(st.integers(0, max(len(row) - 1, 0))) if row else st.just(set()))
    new = tuple(copy_of(v) if k in swap else v for k, v in enumerate(row))
    expected = sum(1 << k for k, (a, b) in enumerate(zip(row, new)) if a is not b)
    for twin in TWINS:
        assert twin.changed_places(row, new) == expected, twin.__name__
        assert twin.changed_places(Three(1, 2, 3), Three(1, 2, 3)) == 0
        assert twin.changed_places([1, [2]], [1, [2]]) == 0b10  # any sequences, by identity
        with pytest.raises(ValueError):
            twin.changed_places(row, row + (0,))


def copy_of(value: Any) -> Any:
    """An equal value that is another object (a list or tuple copied, anything else boxed
    in a one-item list)."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, tuple):
        return tuple(list(value)) if value else [()]
    return [value]


class Finalized:
    """Notes in ``freed`` when it is freed."""

    freed: list[str] = []

    def __init__(self, name: str) -> None:
        self.name = name

    def __del__(self) -> None:
        Finalized.freed.append(self.name)


@pytest.mark.parametrize("twin", TWINS, ids=lambda m: m.__name__)
def test_settled_records_leave_the_collectors_view_only_when_on_no_cycle(twin):
    """A record of values that are no containers, or of tuples and records of such values,
    is untracked by the C twin (the pure one changes nothing); one that holds a list, a
    subclass that keeps a __dict__, or a nesting too deep stays tracked, so a cycle through
    it is still collected."""
    compiled = twin is not PURE
    inner = tuple(["x", 1])  # made at run time: tracked until a collection visits it
    row = Three(inner, Three(1, "y", None), (inner, (2.5, True)))
    assert twin.settled(row) is row
    assert gc.is_tracked(row) is not compiled and gc.is_tracked(inner) is not compiled
    assert twin.settled(row) is row  # settling again changes nothing

    class Loose(tuple):  # keeps a __dict__ beside its items
        pass

    deep: Any = ("z",)
    for _ in range(40):
        deep = tuple([deep])
    for kept in (Three([], 1, 2), Loose(["a"]), deep, Three(1, 2, deep)):
        twin.settled(kept)
        assert gc.is_tracked(kept)

    Finalized.freed.clear()
    cycle = Three([Finalized("in a cycle")], 1, 2)
    cycle.a.append(cycle)
    twin.settled(cycle)
    del cycle
    gc.collect()
    assert Finalized.freed == ["in a cycle"]
