"""The generated pages say what the issue asks: every clause of every catalogue on its
game's page, its implementation, checks, ambiguities and coverage, and the flags."""
from __future__ import annotations

import re

import pytest

import spec
from fruitdocs import lint, pages, rulebook

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
def test_every_clause_has_its_mark_and_its_row(generated, game):
    """Every rule a player needs is marked in the player edition; notation and set-up keys
    (settings) live on the record only."""
    book, record = page(generated, game), trace(generated, game)
    marked = set(rulebook.cited(book))
    for c in spec.get(game).clauses:
        if c.kind != "setting":
            assert c.id in marked, f"{c.id} has no mark in the {game} edition"
        assert f":trace:`{c.id}`" in record, f"{c.id} has no row on the {game} record"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_ruling_where_its_question_arises(generated, game):
    """Each register entry: a ruling cut to question, our ruling and why, in the section
    that states one of its rules and no earlier than that rule's first mark; its full
    readings and what changes on the record, which links back to the ruling."""
    book, record = page(generated, game), trace(generated, game)
    rulings = {m.group(1): m for m in _RULING.finditer(book)}
    for opt in spec.get(game).options:
        assert f".. _{opt.id.lower()}:" in record
        assert f"games/{game}.html#{opt.id.lower()}" in record, opt.id
        m = rulings.get(opt.id)
        assert m is not None, f"{opt.id} has no ruling in the player edition"
        for key in ("question", "ruling", "why"):
            assert f":{key}:" in m.group(0), f"{opt.id} lacks its {key}"
        marks = [book.index(f":clause:`{c}`") for c in opt.clauses
                 if f":clause:`{c}`" in book]
        assert marks and min(marks) < m.end(), f"{opt.id} comes before its rules"
        if opt.variants is None or None in opt.variants:  # a variant's own ruling sits
            # in the variant's section even when its rules are the base game's
            assert _section_at(book, m.start()) in {_section_at(book, i) for i in marks}, \
                f"{opt.id} is not in the section of its rules"
        box = _record_box(record, opt.id)
        for r in opt.readings:
            assert f"``{r.value}``" in box, f"{opt.id}: reading {r.value} not on the record"


_RULING = re.compile(r"^\.\. fruit-ruling:: (\S+)\n((?:   .*\n)+)", re.M)


def _section_at(text: str, pos: int) -> str:
    """The top-level heading (underlined with ``=``) in force at ``pos``."""
    heads = [m for m in re.finditer(r"^(.+)\n=+\n", text, re.M) if m.start() < pos]
    return heads[-1].group(1) if heads else ""


def _record_box(text: str, rid: str) -> str:
    m = re.search(rf"^\.\. admonition:: Ruling {re.escape(rid)}\n((?:\n|   .*\n)+)", text,
                  re.M)
    assert m, f"{rid} has no full ruling on the record"
    return m.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_player_edition_follows_the_printed_book(generated, game):
    """The printed book's headings in its order, nothing of the record on the page: no
    findings, step tables, option names or what-changes sentences."""
    book = page(generated, game)
    heads = [h for h, _ in re.findall(r"^(.+)\n([=~-])\2+\n", book, re.M)]
    assert heads[1:] == list(lint.BOOKS[game].sections)  # the first is the title
    for meta in ("Implemented by", "Declared in", "Observed", ".. graphviz::", "Guards (in",
                 "What the verification found", "What changes", ":widths: 4 8 18 70",
                 "Option ``", "Worked examples"):
        assert meta not in book, f"{meta!r} belongs on the record"


@pytest.mark.parametrize("game", GAMES)
def test_record_has_diagram_and_sections(generated, game):
    text = trace(generated, game)
    for part in ("Phases and transitions", ".. graphviz::", "Clauses", "Ambiguities and options",
                 "Proofs", "Clause coverage", "What the verification found", "Rulings in full",
                 "Worked examples"):
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
    for g in GAMES:  # every printed example of the edition has its picture
        examples = page(generated, g).count(".. figure:: ../_svg/" + g + "-example-")
        assert examples == len([p for p in svgs if p.name.startswith(f"{g}-example-")]) > 0


def test_scoring_example_of_tindahan_adds_up_by_the_rules(generated):
    """The printed scoring example's table and picture: each stall's points and each
    player's card points as the spec's own scoring gives them, totals 9, 8 and 8."""
    from fruitdocs.positions import BOOK, LETTERS
    from spec.tindahan.scoring import card_points, stall_points

    pos = BOOK["scoring-example"]
    totals = [card_points(t, h) for t, h in ((3, 5), (4, 0), (2, 7))]
    for f, letter in enumerate(LETTERS):
        if letter in pos.fruits:
            got = stall_points(list(pos.stalls[f]), f == pos.cart)
            totals = [a + b for a, b in zip(totals, got)]
    assert totals == [9, 8, 8]
    table = page(generated, "tindahan").split(".. list-table:: The scoring example")[1]
    rows = re.findall(r"^   \* - ([ABC])\n(?:     - .*\n){6}     - (\d+)$", table, re.M)
    assert [int(t) for _, t in rows] == totals


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
