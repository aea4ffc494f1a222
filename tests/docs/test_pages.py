"""The generated pages say what the issue asks: every clause of every catalogue on its
game's page, its implementation, checks, ambiguities and coverage, and the flags."""
from __future__ import annotations

import re

import pytest

import spec
from fruitdocs import pages

from .labels import labels

GAMES = [g for g in spec.REGISTRY if g in spec.available()]


def page(generated, game: str) -> str:
    """The clarified rulebook of a game."""
    out, _ = generated
    return (out / "games" / f"{game}.rst").read_text(encoding="utf-8")


def trace(generated, game: str) -> str:
    """The traceability record of a game."""
    out, _ = generated
    return (out / "trace" / f"{game}.rst").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_has_its_anchor_and_its_row(generated, game):
    book, record = page(generated, game), trace(generated, game)
    for c in spec.get(game).clauses:
        assert f":clause:`{c.id}`" in book, f"{c.id} has no anchor in the {game} rulebook"
        assert f":trace:`{c.id}`" in record, f"{c.id} has no row on the {game} record"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_ruling_with_its_readings(generated, game):
    book, record = page(generated, game), trace(generated, game)
    rulings = dict(_rulings(book))
    for opt in spec.get(game).options:
        assert f".. _{opt.id.lower()}:" in record
        box = rulings.get(opt.id)
        assert box is not None, f"{opt.id} has no ruling box in the rulebook"
        assert opt.question.split()[0] in box
        for r in opt.readings:
            assert f"``{r.value}``" in box, f"{opt.id}: reading {r.value} not shown"
        assert "*We play*" in box and "*What changes:*" in box, opt.id


def _rulings(text: str):
    for m in re.finditer(r"^\.\. fruit-ruling:: (\S+)\n((?:\n|   .*\n)+)", text, re.M):
        yield m.group(1), m.group(2)


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_reads_as_a_rulebook(generated, game):
    """Prose in rulebook order with findings first; none of the traceability metadata."""
    book = page(generated, game)
    assert book.index("What the verification found") < book.index(":clause:`")
    for meta in ("Implemented by", "Declared in", "Observed", ".. graphviz::", "Guards (in"):
        assert meta not in book, f"{meta!r} belongs on the traceability page"
    anchors = re.findall(r":clause:`([^`]+)`", book)
    by_section: dict[str, list[str]] = {}
    for c in spec.get(game).clauses:  # sections in the order the catalogue first reaches them
        ids = by_section.setdefault(c.section.split(" > ", 1)[-1], [])
        if c.kind != "setting":  # settings (the notation) close the page
            ids.append(c.id)
    expected = [cid for ids in by_section.values() for cid in ids]
    shown = [a for a in dict.fromkeys(anchors) if a in set(expected)]
    assert shown == expected, "clauses out of rulebook order"


@pytest.mark.parametrize("game", GAMES)
def test_record_has_diagram_and_sections(generated, game):
    text = trace(generated, game)
    for part in ("Phases and transitions", ".. graphviz::", "Clauses", "Ambiguities and options",
                 "Proofs", "Clause coverage"):
        assert part in text
    for mv in spec.get(game).moves:
        for ph in mv.phases:
            assert f'"{ph}"' in text  # every phase is a node of the diagram


@pytest.mark.parametrize("game", GAMES)
def test_unchecked_and_unfired_clauses_are_flagged(generated, game):
    _, datas = generated
    d = datas[game]
    rows = dict(_clause_rows(trace(generated, game)))
    for c in d.spec.clauses:
        row = rows[c.id]
        unchecked = not d.checks(c.id)
        assert ("✗ unchecked" in row) == unchecked, c.id
        unseen = not d.coverage.total(c.id) and not d.coverage.refusals.get(c.id)
        assert ("✗ never fired" in row) == unseen, c.id


def _clause_rows(text: str):
    parts = re.split(r"^ *\* - :trace:`([^`]+)`$", text, flags=re.M)
    for i in range(1, len(parts) - 1, 2):
        yield parts[i], re.split(r"\n *\* - ", parts[i + 1])[0]


@pytest.mark.parametrize("game", GAMES)
def test_code_citations_point_at_real_lines(generated, root, game):
    _, datas = generated
    d = datas[game]
    assert d.code, f"no clause of {game} is cited in its code"
    for cid, cits in d.code.items():
        for c in cits:
            line = (root / c.path).read_text(encoding="utf-8").splitlines()[c.line - 1]
            assert cid in line


def test_generated_site_lists_every_present_game(generated):
    out, _ = generated
    index = (out / "games.rst").read_text(encoding="utf-8")
    for g in GAMES:
        assert f"games/{g}" in index and f"trace/{g}" in index
    for g in spec.REGISTRY:
        if g not in GAMES:
            assert "not yet available" in index


def test_pictures_are_drawn(generated):
    out, _ = generated
    svgs = sorted((out / "_svg").glob("*.svg"))
    for g in ("tindahan", "bastos", "fruit-passion", "tanuki-market"):
        if g in GAMES:
            assert any(p.name.startswith(g) for p in svgs), f"no picture for {g}"
    for p in svgs:
        assert p.read_text(encoding="utf-8").startswith("<svg")


def test_reference_pages(generated):
    out, _ = generated
    for name in ("proofs", "exploration", "register", "notation", "schemas", "api"):
        assert (out / f"{name}.rst").is_file()
    api = (out / "api.rst").read_text(encoding="utf-8")
    assert ".. automodule:: engine.core.game" in api
    notation = (out / "notation.rst").read_text(encoding="utf-8")
    for g in GAMES:
        for mv in spec.get(g).moves:
            assert f"``{mv.notation or mv.name}``" in notation


def test_source_listings_anchor_every_line(generated, root):
    out, datas = generated
    for d in datas.values():
        for rel in sorted(d.files)[:3]:
            from fruitdocs.sources import source_docname
            text = (out / "source" / f"{source_docname(rel)}.rst").read_text(encoding="utf-8")
            n = len((root / rel).read_text(encoding="utf-8").splitlines())
            assert f'id="L-{n}"' in text


def test_refs_only_to_defined_labels(generated):
    """Every :ref: target on a generated page is a label some generated page defines."""
    out, _ = generated
    defined, used = labels(out)
    assert used <= defined, sorted(used - defined)[:10]


def test_escaping():
    assert pages.esc("a*b_c `d` |e|") == r"a\*b\_c \`d\` \|e\|"
    assert pages.lit("play CARD") == "``play CARD``"
