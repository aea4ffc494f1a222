"""The generated pages say what the issue asks: every clause of every catalogue on its
game's page, its implementation, checks, ambiguities and coverage, and the flags."""
from __future__ import annotations

import re

import pytest

import spec
from fruitdocs import pages

GAMES = [g for g in spec.REGISTRY if g in spec.available()]


def page(generated, game: str) -> str:
    out, _ = generated
    return (out / "games" / f"{game}.rst").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_has_its_entry(generated, game):
    text = page(generated, game)
    sp = spec.get(game)
    for c in sp.clauses:
        assert f".. _{c.id.lower()}:" in text, f"{c.id} has no anchor on the {game} page"
        assert re.search(rf"^{re.escape(c.id)}\n~+$", text, re.M), f"{c.id} has no heading"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_its_readings_and_default(generated, game):
    text = page(generated, game)
    for opt in spec.get(game).options:
        assert f".. _{opt.id.lower()}:" in text
        for r in opt.readings:
            assert f"``{r.value}``" in text, f"{opt.id}: reading {r.value} not shown"


@pytest.mark.parametrize("game", GAMES)
def test_page_has_diagram_and_sections(generated, game):
    text = page(generated, game)
    for part in ("Phases and transitions", ".. graphviz::", "Clauses", "Ambiguities and options",
                 "Worked examples", "Proofs", "Clause coverage"):
        assert part in text
    for mv in spec.get(game).moves:
        for ph in mv.phases:
            assert f'"{ph}"' in text  # every phase is a node of the diagram


@pytest.mark.parametrize("game", GAMES)
def test_unchecked_and_unfired_clauses_are_flagged(generated, game):
    _, datas = generated
    d = datas[game]
    text = page(generated, game)
    blocks = dict(_clause_blocks(text))
    for c in d.spec.clauses:
        block = blocks[c.id]
        unchecked = not d.checks(c.id)
        assert ("No test, proof or invariant checks this clause" in block) == unchecked, c.id
        unseen = not d.coverage.total(c.id) and not d.coverage.refusals.get(c.id)
        assert ("made this clause fire" in block) == unseen, c.id


def _clause_blocks(text: str):
    parts = re.split(r"^\.\. _([a-z0-9]+-[a-z0-9.]+):\n\n", text, flags=re.M)
    for i in range(1, len(parts) - 1, 2):
        yield parts[i].upper(), parts[i + 1]


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
        assert f"games/{g}" in index
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
    assert ".. automodule:: engine.game" in api
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
    defined: set[str] = set()
    used: set[str] = set()
    for p in out.rglob("*.rst"):
        text = p.read_text(encoding="utf-8")
        defined |= set(re.findall(r"^\.\. _([^:]+):$", text, re.M))
        used |= set(re.findall(r":ref:`[^`<]*<([^>]+)>`", text))
    assert used <= defined, sorted(used - defined)[:10]


def test_escaping():
    assert pages.esc("a*b_c `d` |e|") == r"a\*b\_c \`d\` \|e\|"
    assert pages.lit("play CARD") == "``play CARD``"
