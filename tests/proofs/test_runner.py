"""The runner on small properties of the shared symbolic helpers (no game needed)."""
from __future__ import annotations

import json

import pytest
import z3
from hypothesis import given, strategies as st

from proofs import core, runner
from proofs.core import Context, Outcome, Suite, find, ints, optimum, prove, recheck, value
from spec.common import symbolic as S

SUITE = Suite("test")


@SUITE.prop("T-P1", ("SYM",), "Max is at least every item and equals one of them")
def max_is_max(ctx):
    xs = ints("x", 4)
    m = S.Max(xs)
    return prove(ctx, z3.And(*[m >= x for x in xs], z3.Or(*[m == x for x in xs])))


@SUITE.prop("T-P2", ("SYM",), "Div floors like Python's // for a positive divisor")
def div_floors(ctx):
    a, b = z3.Int("a"), z3.Int("b")
    q = S.Div(a, b)
    return prove(ctx, z3.And(b * q <= a, a < b * q + b), given=[b > 0])


@SUITE.prop("T-P3", ("SYM",), "Max of two is the first (false)")
def max_first(ctx):
    a, b = ints("v", 2)
    return prove(ctx, S.Max([a, b]) == a, given=[a >= 0, b >= 0, a <= 5, b <= 5],
                 decode=lambda m: f"a={value(m, a)}, b={value(m, b)}")


@SUITE.prop("T-P4", ("SYM",), "three of four items above 2", kind="witness")
def count_witness(ctx):
    xs = ints("c", 4)
    return find(ctx, S.Count([x > 2 for x in xs]) == 3, given=core.between(xs, 0, 3),
                decode=lambda m: str(value(m, xs)))


@SUITE.prop("T-P5", ("SYM",), "Clamp leaves the range (impossible)", kind="witness")
def clamp_escape(ctx):
    x = z3.Int("x")
    c = S.Clamp(x, -2, 3)
    return find(ctx, z3.Or(c < -2, c > 3))


@SUITE.prop("T-P6", ("SYM",), "a check that breaks")
def broken(ctx):
    raise RuntimeError("boom")


@SUITE.prop("T-P7", ("SYM",), "a check that runs out of time")
def slow(ctx):
    raise core.Timeout("too slow")


EXPECTED = {"T-P1": {"expected": "proved"}, "T-P2": {"expected": "proved"},
            "T-P3": {"expected": "refuted"}, "T-P4": {"expected": "witness"},
            "T-P5": {"expected": "refuted"}, "T-P6": {"expected": "proved"},
            "T-P7": {"expected": "proved"}}


def test_statuses_and_manifest(tmp_path):
    results = runner.run_properties(SUITE.properties, expected=EXPECTED, scenarios=tmp_path)
    got = {r.id: (r.status, r.ok) for r in results}
    assert got == {"T-P1": ("proved", True), "T-P2": ("proved", True),
                   "T-P3": ("refuted", True), "T-P4": ("witness", True),
                   "T-P5": ("refuted", True), "T-P6": ("error", False),
                   "T-P7": ("unknown", False)}
    by_id = {r.id: r for r in results}
    assert "a=" in by_id["T-P3"].detail and "counterexample" in by_id["T-P3"].detail
    assert "boom" in by_id["T-P6"].detail
    for r in results:
        doc = r.to_json()
        json.dumps(doc)
        assert doc["id"] == r.id and doc["clauses"] == ["SYM"]
        assert r.seconds >= 0


def test_unknown_is_never_ok():
    r = core.Result("X", "g", (), "s", "unknown", "unknown", 0.0)
    assert not r.ok
    r = core.Result("X", "g", (), "s", "error", "error", 0.0)
    assert not r.ok
    r = core.Result("X", "g", (), "s", "proved", None, 0.0)
    assert not r.ok


def test_z3_unknown_is_reported(monkeypatch):
    """Z3's "unknown" (here forced: a solver whose only tactic gives up) is reported as
    unknown by prove and find, and the runner counts it as a failure."""
    monkeypatch.setattr(Context, "solver",
                        lambda self, preprocess=True: z3.Tactic("fail").solver())
    x, y = ints("u", 2)
    out = prove(Context(), x + y == y + x)  # true, and yet not proved
    assert out.status == "unknown" and "unknown" in out.detail
    assert find(Context(), x > y).status == "unknown"
    suite = Suite("test")

    @suite.prop("T-U1", ("SYM",), "a true claim Z3 does not settle")
    def unsettled(ctx):
        a, b = ints("v", 2)  # made inside: the runner gives each check a fresh Z3 context
        return prove(ctx, a + b == b + a)

    [r] = runner.run_properties(suite.properties, expected={"T-U1": {"expected": "proved"}})
    assert r.status == "unknown" and not r.ok


def test_drift_is_an_error(tmp_path, monkeypatch):
    suite = Suite("test")

    @suite.prop("T-D1", ("SYM",), "a witness the engine disagrees with", kind="witness")
    def drift(ctx):
        return Outcome("witness", "made up", {"game": "tindahan", "actions": []})

    monkeypatch.setattr(runner, "replay_problems", lambda sc: ["expected scores [1], got [0]"])
    [r] = runner.run_properties(suite.properties, expected={"T-D1": {"expected": "witness"}},
                                scenarios=tmp_path)
    assert r.status == "error" and "drift" in r.detail and not r.ok
    assert r.scenario and (tmp_path / "T-D1.json").exists()

    monkeypatch.setattr(runner, "replay_problems", lambda sc: [])
    [r] = runner.run_properties(suite.properties, expected={"T-D1": {"expected": "witness"}},
                                scenarios=tmp_path)
    assert r.ok and json.loads((tmp_path / "T-D1.json").read_text())["game"] == "tindahan"


def test_optimum_is_confirmed():
    xs = ints("o", 3)
    best, model, why = optimum(Context(), S.Sum(xs), core.between(xs, -2, 3))
    assert (best, why) == (9, "")
    assert value(model, S.Sum(xs)) == 9
    low, _, _ = optimum(Context(), S.Sum(xs), core.between(xs, -2, 3), maximize=False)
    assert low == -6


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=6), st.integers(1, 7))
def test_helpers_agree_on_ints_and_terms(items, d):
    """The same helper gives the same answer on ints and, evaluated, on Z3 terms."""
    xs = ints("h", len(items))
    s = z3.Solver()
    s.add(*[x == i for x, i in zip(xs, items)])
    assert s.check() == z3.sat
    m = s.model()
    for fn in (S.Max, S.Min, S.Sum, lambda v: S.Count([x > 0 for x in v]),
               lambda v: S.Div(S.Sum(v), d), lambda v: S.Clamp(v[0], -2, 3)):
        plain, sym = recheck(fn, [xs], m, fn(xs))
        assert plain == sym == fn(items)


def test_properties_lists_declared_objects():
    props = runner.properties()
    ids = [p.id for p in props]
    assert len(ids) == len(set(ids))
    for p in props:
        assert p.statement and p.clauses and p.game in runner.MODULES


def test_property_clauses_exist():
    """Every clause a property claims to cover is in its game's catalogue."""
    import spec

    for p in runner.properties():
        catalogue = spec.get(p.game).catalogue
        missing = [c for c in p.clauses if c not in catalogue]
        assert not missing, f"{p.id} cites unknown clauses {missing}"


def test_unknown_game_is_a_user_error():
    from spec.common.errors import ConfigError

    try:
        runner.properties("chess")
    except ConfigError as exc:
        assert "chess" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("an unknown game must be refused")
    assert runner.properties("tanuki_market") == runner.properties("tanuki-market")


def test_scenario_text_is_json():
    sc = {"game": "bastos", "setup": {"dealer": 0, "hands": [["B1"], ["B2"], ["B3"]]},
          "actions": ["p0: bastos B1"], "expect": {"scores": [0, 0, 0]}}
    assert json.loads(runner.scenario_text(sc)) == sc


def test_render_prints_every_property():
    from rich.console import Console

    results = runner.run_properties(SUITE.properties[:4], expected=EXPECTED)
    con = Console(record=True, width=200)
    runner.render(results, con)
    text = con.export_text()
    for r in results:
        assert r.id in text
    assert "4/4 properties as expected" in text


def test_a_status_is_an_enum_that_reads_as_its_word():
    from proofs.core import Status

    out = Outcome("witness", "made up")
    assert out.status is Status.WITNESS and out.status == "witness"
    assert json.dumps({"status": out.status}) == '{"status": "witness"}'
    with pytest.raises(ValueError, match="unknown status 'maybe'"):
        Outcome("maybe")  # type: ignore[arg-type]
