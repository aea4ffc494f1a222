"""The spec builders of `spec.common.moves`, called at test time.

Every game builds its parsers and guards when its module is imported, so a test that
plays a game cannot tell a changed builder from the original once the spec is built:
these tests build their own parsers and guards and check each one's answers exactly.
"""
from __future__ import annotations

import pytest

from spec.common.core import Action
from spec.common.moves import guard, no_args, one_of_patterns, pattern


def test_no_args_accepts_only_an_empty_argument_list() -> None:
    assert no_args(()) is None
    assert no_args(("B7",)) == "takes no argument, got 'B7'"
    assert no_args(("B7", "x")) == "takes no argument, got 'B7 x'"


@pytest.mark.parametrize("args,ok", [
    (("7", "ab"), True),
    (("7",), False),  # too few
    (("7", "ab", "c"), False),  # too many
    (("77", "ab"), False),  # the first matches only in part
    (("7", "ab7"), False),  # the second matches only in part
    (("x", "ab"), False),
    (("7", "AB"), False),
    ((), False),
])
def test_pattern_wants_each_argument_to_match_its_regex_in_full(args, ok) -> None:
    parse = pattern(r"\d", r"[a-z]+", what="a digit and a word")
    assert parse(args) == (None if ok else "expects a digit and a word")


@pytest.mark.parametrize("args,ok", [
    (("7",), True),
    (("a", "b"), True),
    (("a",), False),
    (("7", "b"), False),
    ((), False),
])
def test_one_of_patterns_accepts_any_alternative_and_names_what_it_expects(args, ok) -> None:
    parse = one_of_patterns((r"\d",), (r"[a-z]", r"[a-z]"), what="a digit or two letters")
    assert parse(args) == (None if ok else "expects a digit or two letters")


def test_a_guard_with_a_template_explains_with_the_action_and_the_state() -> None:
    def ok(cfg, s, a) -> bool:
        return False

    g = guard("TIN-4.1", ok, "p{seat} {a.name} {arg} of {args} in {s}")
    assert (g.rule, g.ok, g.implied) == ("TIN-4.1", ok, False)
    assert g.doc == "p{seat} {a.name} {arg} of {args} in {s}"  # the template is its doc
    assert g.why(None, "state", Action(2, "play", ("B7", "x"))) == \
        "p2 play B7 of ('B7', 'x') in state"
    assert g.why(None, "s", Action(1, "pass")) == "p1 pass  of () in s"  # no argument: ""


def test_a_guard_keeps_its_doc_its_implied_mark_and_a_callable_explanation() -> None:
    def why(cfg, s, a) -> str:
        return f"no: {a.name}"

    g = guard("BAS-5.2", lambda cfg, s, a: True, why, doc="a follower keeps to the led fruit",
              implied=True)
    assert (g.rule, g.doc, g.implied) == ("BAS-5.2", "a follower keeps to the led fruit", True)
    assert g.why is why
    assert guard("BAS-5.2", lambda cfg, s, a: True, why).doc == ""  # no template, no doc
