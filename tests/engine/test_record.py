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


def test_updaters_module_is_written_from_the_state_types():
    """spec/common/updaters.py (compiled with the hot path) is what ``python -m
    spec.common.record`` writes today: a state type changed since is caught here."""
    from pathlib import Path

    import spec.common
    from spec.common.record import _games_types, updaters_source
    written = (Path(spec.common.__file__).parent / "updaters.py").read_text()
    assert written == updaters_source(_games_types()), \
        "a state type changed: rewrite the module with python -m spec.common.record"


def test_every_game_state_uses_its_written_maker():
    import spec
    from spec.common import updaters
    from spec.common.record import _made_beforehand, maker_name
    for name in spec.available():
        cls = spec.get(name).state_type
        assert _made_beforehand(cls) is getattr(updaters, maker_name(cls)), name


def test_a_type_updaters_does_not_know_gets_the_same_function_at_run_time():
    from spec.common.record import _made_beforehand
    assert _made_beforehand(Three) is None
    assert Three(1, (2,), "x")._replace(c="y", a=0) == Three(0, (2,), "y")
