"""The extension's building blocks: source scanning, diagrams, the docstring guard, and
pages that say "not yet available" instead of failing while a part has not landed."""
from __future__ import annotations

from pathlib import Path

import pytest

from fruitdocs import collect, measure, pages, pictures, rulebook, sources
from fruitdocs.collect import Settings

from .labels import labels

TOY = Path(__file__).resolve().parents[1] / "core" / "toy.py"


def test_scan_finds_citations_and_their_function(root):
    found = sources.scan(root, [TOY], {"TOY-2", "TOY-1"})
    lines = TOY.read_text().splitlines()
    assert found["TOY-2"], "TOY-2 is cited in the toy spec"
    for c in found["TOY-2"]:
        assert "TOY-2" in lines[c.line - 1]
    assert any(c.where == "_play" for c in found["TOY-2"])
    assert any(c.where == "PLAY" for c in found["TOY-2"])


def test_tokens_do_not_match_longer_ids(tmp_path):
    f = tmp_path / "x.py"
    f.write_text('A = "BAS-4.10"\nB = "BAS-4.1."\nC = "XBAS-4.1"\n')
    found = sources.scan(tmp_path, [f], {"BAS-4.1", "BAS-4.10"})
    assert [c.line for c in found["BAS-4.1"]] == [2]
    assert [c.line for c in found["BAS-4.10"]] == [1]


def test_phase_diagram_of_the_toy():
    from tests.core.toy import SPEC
    dot = pictures.phase_dot(SPEC, ["play"])
    assert '"play" -> "over"' in dot and '"play" -> "play"' in dot
    assert "__start0 -> \"play\"" in dot


def test_listing_anchors_lines(root):
    text = sources.listing_rst(root, "tests/core/toy.py")
    n = len(TOY.read_text().splitlines())
    assert text.startswith(":orphan:")
    assert f'id="L-{n}"' in text and f'href="#L-{n}"' in text


def test_docstring_guard_keeps_clean_and_quotes_broken():
    from fruitdocs import guard_docstring
    clean = ["Load a game; see :class:`Game`.", "", ">>> 1 + 1", "2"]
    kept = list(clean)
    guard_docstring(None, "function", "f", None, None, kept)
    assert kept == clean
    broken = ["Title", "===", "", "* item", "continued badly", "   over-indented"]
    quoted = list(broken)
    guard_docstring(None, "function", "f", None, None, quoted)
    assert quoted[0] == "::" and all(line.startswith("    ") for line in quoted[2:-1])


def test_missing_parts_give_notes_not_errors(monkeypatch, tmp_path, root):
    """While proofs/ or the register have not landed, the pages say so and still build."""
    real = measure.optional

    def absent(module, name=None):
        if module in ("proofs.runner", "engine.analysis.ambiguities", "engine.analysis.explore",
                      "engine.core.scenario"):
            return None, f"``{module}`` is not yet available"
        return real(module, name)

    monkeypatch.setattr(measure, "optional", absent)
    from fruitdocs import generate as gen
    quick = Settings(playouts=1, playout_seconds=0.1, explore_states=10, explore_seconds=0.1,
                     proofs=True, exploration=True, workers=0)
    out = tmp_path / "gen"
    gen.generate(root, out, quick, log=lambda _m: None)
    assert "not yet available" in (out / "proofs.rst").read_text()
    assert "not yet available" in (out / "exploration.rst").read_text()
    for page in (out / "trace").glob("*.rst"):  # the record, where the examples replay
        text = page.read_text()
        assert "Not yet available" in text or "not yet available" in text


def test_toy_game_page(monkeypatch, root, tmp_path):
    """A spec registered under a new name gets its page with no change to the docs."""
    import spec
    monkeypatch.setitem(spec.REGISTRY, "toy", "tests.core.toy")
    quick = Settings(playouts=2, playout_seconds=0.2, explore_states=50, explore_seconds=0.2,
                     proofs=False, exploration=False)
    d = collect.collect(root, "toy", quick, {})
    assert d.spec is not None and d.coverage.total("TOY-2") > 0
    svg = tmp_path / "svg"
    svg.mkdir()
    pages.LABELS.update({"toy-1", "toy-2", "toy-a1"})
    text = pages.game_page(root, d, svg)
    assert ":trace:`TOY-1`" in text and ":trace:`TOY-2`" in text and ".. _toy-a1:" in text
    # TOY-1 is declared but no event or guard cites it: flagged as never observed
    row = text.split(":trace:`TOY-1`")[1].split(":trace:`TOY-2`")[0]
    assert "✗ never fired" in row
    book = rulebook.rulebook_page(root, d, svg, [])  # no player edition yet: a draft
    assert ":clause:`TOY-1`" in book and ":clause:`TOY-2`" in book
    assert ".. fruit-ruling:: TOY-A1" in book and ":question:" in book


@pytest.mark.parametrize("text,expected", [
    ("a*b", r"a\*b"), ("x_y", r"x\_y"), ("`q`", r"\`q\`"), ("<p>", r"\<p\>"),
])
def test_esc(text, expected):
    assert pages.esc(text) == expected


def test_a_failing_page_does_not_break_the_site(monkeypatch, root, tmp_path):
    """A page whose generation raises says so; no other page links into it."""
    import re

    import spec
    from fruitdocs import generate as gen

    games = [g for g in spec.REGISTRY if g in spec.available()]
    assert games, "no game spec"
    victim = games[0]
    real = pages.game_page

    def flaky(root_, d, svg_dir):
        if d.name == victim:
            raise RuntimeError("boom")
        return real(root_, d, svg_dir)

    monkeypatch.setattr(pages, "game_page", flaky)
    monkeypatch.setattr(pages, "notation_page", lambda specs: 1 / 0)
    quick = Settings(playouts=1, playout_seconds=0.1, explore_states=10, explore_seconds=0.1,
                     proofs=False, exploration=False, workers=0)
    out = tmp_path / "gen"
    gen.generate(root, out, quick, log=lambda _m: None)
    assert "could not be generated: RuntimeError: boom" in (out / "games" / f"{victim}.rst"
                                                             ).read_text()
    notation = (out / "notation.rst").read_text()
    assert notation.startswith(".. _notation:") and "ZeroDivisionError" in notation
    defined, used = labels(out)
    assert used <= defined, sorted(used - defined)[:10]
