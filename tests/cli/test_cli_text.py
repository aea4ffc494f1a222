"""What the command line says to people: help, version, and IDs with their meaning."""
from __future__ import annotations

import io

from rich.console import Console

import engine
from engine.cli.main import build_parser
from engine.cli.show import proof_outcome, render_verify
from tests.cli.cli_support import cli, run


def test_bare_fruitspec_prints_the_help_with_the_games() -> None:
    r = cli()
    assert r.code == 0 and r.err == ""
    assert "usage: fruitspec" in r.out
    for name in engine.games():
        assert name in r.out
    for command in ("games", "play", "replay", "simulate", "prove", "ambiguities", "explore",
                    "schema", "verify"):
        assert command in r.out


def test_version_comes_from_the_package_metadata() -> None:
    from importlib.metadata import version

    r = run("--version")
    assert r.code == 0 and r.out.strip() == f"fruitspec {version('fruitspec')}"


def test_every_argument_has_a_help_text() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")  # noqa: SLF001
    assert sub.choices
    for name, sp in sub.choices.items():
        for action in sp._actions:  # noqa: SLF001
            assert action.help, f"{name} {action.dest} has no help"
        text = sp.format_help()
        assert all(g in text for g in engine.games()), name


def test_output_to_a_pipe_is_not_wrapped_at_80_columns() -> None:
    r = run("games")
    assert r.code == 0
    long = [line for line in r.out.splitlines() if len(line) > 80]
    assert long, "a question longer than 80 characters should stay on one line"
    question = engine.load("tindahan").spec.options[0].question
    assert any(question in line for line in r.out.splitlines())


def test_games_say_what_each_option_asks() -> None:
    r = cli("games")
    for name in engine.games():
        for o in engine.load(name).spec.options_for(None):
            assert f"option {o.name} ({o.id}): {o.question}" in r.out


def test_prove_says_what_each_property_states_and_what_was_found() -> None:
    from proofs.runner import properties

    r = cli("prove", "tindahan")
    assert r.code == 0, r.err
    for p in properties("tindahan"):
        assert p.statement in r.out
    assert "as expected" in r.out and "ok refuted" not in r.out


def test_a_refutation_reads_as_expected_not_as_a_contradiction() -> None:
    ok = {"kind": "question", "status": "refuted", "expected": "refuted", "ok": True}
    assert proof_outcome(ok) == "as expected, answer: no, it cannot happen"
    bad = {"kind": "proof", "status": "refuted", "expected": "proved", "ok": False}
    text = proof_outcome(bad)
    assert text.startswith("NOT as expected") and "expected 'holds" in text
    assert "found 'does not hold" in text


def test_verify_rows_say_what_they_check() -> None:
    data = {"rows": [
        {"game": "tindahan", "check": "prove TIN-P8", "ok": True, "result": "refuted",
         "seconds": 0.1},
        {"game": "tindahan", "check": "ambiguity TIN-A1", "ok": True,
         "result": "readings part ways (scores)", "seconds": 0.1},
        {"game": "tindahan", "check": "explore 3p-last-round-2-cards", "ok": True,
         "result": "100 states", "seconds": 0.1}], "checks": 3, "failed": 0}
    out = io.StringIO()
    render_verify(data, Console(file=out, width=400))
    text = out.getvalue()
    assert "as expected: answer: no, it cannot happen" in text
    assert "ok refuted" not in text
    assert "Which fruits leave the game" in text  # TIN-A1's question
    assert "keeps the invariants" in text


def test_simulate_names_the_clauses_it_counts() -> None:
    r = cli("simulate", "tindahan", "-n", "2")
    assert r.code == 0, r.err
    assert "TIN-4.1" in r.out and "led fruit" in r.out
