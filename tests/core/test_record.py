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


def _generated_replace(cls):
    """The ``_replace`` record() writes when the build has no C one."""
    from spec.common.record import _make_replace
    return _make_replace(cls)


@given(st.integers(), st.integers(), st.text(),
       st.lists(st.integers(), max_size=4),
       st.dictionaries(st.sampled_from("abcd"), st.integers()))
def test_the_c_replace_does_what_the_generated_one_does(a, b, c, positional, changes):
    """Compiled, a record's _replace is a C method (tuples.fast_replace): the same new
    records as the generated function, and the same refusals (a positional value too
    many, a field given twice, a name that is no field) as the same exception type."""
    s = Three(a, (b,), c)

    def outcome(replace):
        try:
            made = replace(s, *positional, **changes)
        except TypeError:
            return TypeError
        return made, type(made)
    assert outcome(Three._replace) == outcome(_generated_replace(Three))


def test_the_c_replace_is_used_wherever_the_build_has_it():
    import spec
    from spec.common.tuples import fast_replace
    compiled = fast_replace.__module__ == "spec.common.tuples" and \
        not spec.common.tuples.__file__.endswith(".py")
    for name in spec.available():
        cls = spec.get(name).state_type
        assert (type(cls._replace).__name__ == "method_descriptor") == compiled, name


def test_a_reading_copy_gets_its_base_class_back():
    """The explorer's reading copies are subclasses: _replace makes the class it was
    written for, as the generated function does."""
    class Reading(Three):
        __slots__ = ()
    made = Reading(1, (2,), "x")._replace(a=5)
    assert made == Three(5, (2,), "x") and type(made) is Three


def test_short_and_long_records_are_refused_alike():
    """A record of another length than its class's fields (made by tuple.__new__) is
    refused by both, as the same exception type."""
    odd = tuple.__new__(Three, (1, 2))
    for replace in (Three._replace, _generated_replace(Three)):
        with pytest.raises(ValueError):
            replace(odd, a=0)
