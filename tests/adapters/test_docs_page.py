"""The page "Using fruitspec from PettingZoo and OpenSpiel": its examples run without an
error, and replay as doctests."""
from __future__ import annotations

import doctest
import re
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "guide" / "ai.rst"
if str(ROOT / "docs" / "_ext") not in sys.path:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from fruitdocs import session  # noqa: E402


def test_page_is_in_the_docs_toctree():
    assert re.search(r"^\s+guide/ai$", (ROOT / "docs" / "index.rst").read_text(), re.M)


def test_page_examples_run_and_replay_as_doctests():
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"^\.\. fruit-session::\n((?:   :[a-z-]+:.*\n)*)\n((?:\n|   .*\n)+)",
                        text, re.M)
    assert len(blocks) >= 6
    globs: dict = {"__name__": "__doc_session__"}
    texts = []
    for _opts, code in blocks:
        ses = session.run(textwrap.dedent(code).strip("\n"), globs, cwd=ROOT)
        assert not ses.errors, [s.error for s in ses.errors]
        texts.append(ses.doctest())
    # the recorded output replays: the examples are deterministic
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    replay: dict = {"__name__": "__doc_session__"}
    for i, t in enumerate(texts):
        test = parser.get_doctest(t, replay, f"ai[{i}]", str(PAGE), 0)
        runner.run(test, clear_globs=False)
        replay = test.globs
    assert runner.summarize(verbose=False).failed == 0
