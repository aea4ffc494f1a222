"""The docs' runnable examples: the worked examples on each game page and the sessions of
the hand-written guides are doctests that pass against the engine as it is."""
from __future__ import annotations

import doctest
import os
import re
import textwrap
from pathlib import Path

import pytest

import spec
from fruitdocs import session

GAMES = [g for g in spec.REGISTRY if g in spec.available()]
GUIDES = ["guide/embedding.rst", "guide/designers.rst"]


def doctest_blocks(text: str) -> list[str]:
    """The bodies of the ``.. doctest::`` directives of a reST text, dedented."""
    out = []
    for m in re.finditer(r"^\.\. doctest::.*\n((?:\n|   .*\n)+)", text, re.M):
        out.append(textwrap.dedent(m.group(1)))
    return out


def run_doctests(blocks: list[str], root: Path, name: str) -> doctest.TestResults:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    old = os.getcwd()
    os.chdir(root)
    try:
        for i, block in enumerate(blocks):
            test = parser.get_doctest(block, globs, f"{name}[{i}]", name, 0)
            runner.run(test, clear_globs=False)
            globs = test.globs  # the next block sees what this one defined
    finally:
        os.chdir(old)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_replayed_step_tables(generated, game):
    """Each scenario file of the game is a worked example: replayed without a failed
    expectation, shown as a table of steps with what the rules did, its set-up folded away."""
    out, datas = generated
    text = (out / "trace" / f"{game}.rst").read_text(encoding="utf-8")
    scenarios = datas[game].scenarios
    assert scenarios, f"{game} has no scenario file"
    assert "Worked examples" in text
    for r in scenarios:
        assert r.replay is not None, f"{r.path} was not replayed: {r.error}"
        assert r.ok is not False, f"{r.path}: {r.failures}"
    tables = re.findall(r'list-table::\n   :header-rows: 1\n   :widths: 4 8 18 70', text)
    assert len(tables) == len([r for r in scenarios if r.replay.scenario.actions])
    assert text.count('<details class="setup">') == len(
        [r for r in scenarios if r.doc.get("setup") or r.doc.get("players")])


def sessions(text: str) -> list[tuple[dict[str, str], str]]:
    """(options, code) of each ``fruit-session`` directive of a page."""
    out = []
    pattern = r"^\.\. fruit-session::\n((?:   :[a-z-]+:.*\n)*)\n((?:\n|   .*\n)+)"
    for m in re.finditer(pattern, text, re.M):
        opts = dict(re.findall(r":([a-z-]+):\s*(.*)", m.group(1)))
        out.append((opts, textwrap.dedent(m.group(2)).strip("\n")))
    return out


@pytest.mark.parametrize("page", GUIDES)
def test_guide_sessions_run_and_replay_as_doctests(root, page):
    text = (root / "docs" / page).read_text(encoding="utf-8")
    found = sessions(text)
    assert found, f"{page} has no fruit-session"
    globs: dict[str, dict] = {}
    blocks = []
    for opts, code in found:
        needs = [g.strip() for g in opts.get("requires", "").split(",") if g.strip()]
        if any(g not in GAMES for g in needs):
            continue
        g = globs.setdefault(opts.get("group", "default"), {"__name__": "__doc_session__"})
        ses = session.run(code, g, cwd=root)
        assert not ses.errors, f"{page}: {[s.error for s in ses.errors]}"
        blocks.append(ses.doctest())
    assert blocks, f"{page}: no session ran (the games it requires are missing)"
    # the recorded output is what doctest sees when it runs the same lines again
    assert run_doctests(blocks, root, page).failed == 0


def test_session_records_output_and_errors(tmp_path):
    ses = session.run("x = 2\nx + 1\nfor i in range(2):\n    print(i)\n1 / 0", cwd=tmp_path)
    text = ses.doctest()
    assert ">>> x + 1\n3\n" in text
    assert ">>> for i in range(2):\n...     print(i)\n0\n1\n" in text
    assert "Traceback (most recent call last):\n  ...\nZeroDivisionError: division by zero" in text
    assert [s.error for s in ses.errors] == ["ZeroDivisionError: division by zero"]
    assert run_doctests([text], tmp_path, "self").failed == 0


def test_blank_output_lines_are_marked(tmp_path):
    ses = session.run("print('a\\n\\nb')")
    assert ses.doctest() == ">>> print('a\\n\\nb')\na\n<BLANKLINE>\nb"
    assert run_doctests([ses.doctest()], tmp_path, "blank").failed == 0
