"""The generated ``_replace`` of state types behaves as NamedTuple's own."""
from __future__ import annotations

from typing import NamedTuple

import pytest
from hypothesis import given, strategies as st

from spec.common.record import KEEP, is_record, record


@record
class Three(NamedTuple):
    a: int
    b: tuple[int, ...]
    c: str


@given(st.integers(), st.lists(st.integers()).map(tuple), st.text(),
       st.dictionaries(st.sampled_from("abc"), st.integers()))
def test_same_as_namedtuple_replace(a, b, c, changes):
    s = Three(a, b, c)
    mine = s._replace(**changes)
    theirs = tuple.__new__(Three, [changes.get(f, getattr(s, f)) for f in Three._fields])
    assert mine == theirs and type(mine) is Three
    assert s == Three(a, b, c)  # the original is untouched


def test_unknown_field_is_refused():
    with pytest.raises(TypeError):
        Three(1, (), "x")._replace(d=4)


def test_marked_and_not_shown():
    assert is_record(Three)
    assert not is_record(NamedTuple("Plain", [("x", int)]))
    assert repr(KEEP) == "<keep>"



def test_every_game_state_is_a_record():
    import spec
    for name in spec.available():
        assert is_record(spec.get(name).state_type), name
