"""The player edition's lint fails on what a player should never read: the software's words,
IDs outside their marks, code, sections out of the printed order, an aid that is not a
table, a PDF link to a local file; and the print pipeline keeps links inside the PDF or
makes them absolute."""
from __future__ import annotations

import pytest

import spec
from fruitdocs import lint, printable

BOOK = lint.BOOKS["bastos"]
WORDS = lint.word_list(lint.catalogue_names(spec.get("bastos")))


def article(prose: str, sections: tuple[str, ...] = BOOK.sections,
            aids: tuple[str, ...] = BOOK.aids) -> str:
    """A page shaped as the theme writes it: the title, the sections, the aids' tables."""
    body = "".join(f'<section id="s{i}"><h2>{h}<a class="headerlink" href="#s{i}">¶</a>'
                   f"</h2><p>Play a card.</p></section>" for i, h in enumerate(sections))
    tables = "".join(f"<table><caption><span>{a}</span></caption><tr><td>1</td></tr></table>"
                     for a in aids)
    mark = ('<span class="clause-anchor"><a class="clause-anchor reference external"'
            ' href="../trace/bastos.html#trace-bas-4-1">BAS-4.1</a></span>')
    return (f'<html><body><article role="main"><section id="t"><h1>Bastos!</h1>'
            f"<p>{prose} {mark}</p>{body}{tables}</section></article></body></html>")


def test_a_clean_page_passes():
    assert lint.check_html("bastos", article("Follow the led fruit."), WORDS) == []


@pytest.mark.parametrize("prose", [
    "seat 2 leads", "the seed draws the dealer", "the engine draws", "a program cannot know",
    "Modelled: drawing is not a choice", "p0: play B7", "with adjust-range set",
    "under in-hand", "solo-stop=before-draw", "cards.COMPOSITION lists them",
    "the seats play", "BAS-A3 says so", "(keep N)",
])
def test_software_words_and_loose_ids_fail(prose):
    problems = lint.check_html("bastos", article(prose), WORDS)
    assert problems, prose


def test_code_fails():
    page = article('play <code class="docutils literal"><span class="pre">B7</span></code>')
    assert any("code" in p for p in lint.check_html("bastos", page, WORDS))


def test_order_and_aids_are_those_of_the_printed_book():
    swapped = (BOOK.sections[1], BOOK.sections[0], *BOOK.sections[2:])
    assert any("sections differ" in p
               for p in lint.check_html("bastos", article("Play.", swapped), WORDS))
    assert any("not a table" in p
               for p in lint.check_html("bastos", article("Play.", aids=()), WORDS))


def test_a_word_the_printed_book_uses_may_be_allowed():
    tanuki = lint.word_list(lint.catalogue_names(spec.get("tanuki-market")))
    assert not tanuki.find("the cards with the two-player icon")
    assert tanuki.find("with special-carts")


def test_links_in_print_stay_inside_or_become_absolute():
    base, rel = "https://example.org/site/", "generated/games/bastos.html"
    assert printable.printed_link("#bas-a3", base, rel) == "#bas-a3"
    assert printable.printed_link("bastos.html#bas-a3", base, rel) == "#bas-a3"
    assert printable.printed_link("../trace/bastos.html#trace-bas-4-1", base, rel) == \
        "https://example.org/site/generated/trace/bastos.html#trace-bas-4-1"
    assert printable.printed_link("../../pdf/bastos.pdf", base, rel) == \
        "https://example.org/site/pdf/bastos.pdf"


def test_a_pdf_with_a_local_link_or_too_many_pages_fails(tmp_path):
    from weasyprint import HTML
    pdf = tmp_path / "bastos.pdf"
    HTML(string='<p><a href="file:///home/build/site/x.html">here</a> and'
                ' <a href="https://example.org/site/y.html">there</a></p>').write_pdf(pdf)
    problems = lint.check_pdf("bastos", pdf, WORDS, set(), "https://example.org/site/", 9)
    assert any("local file" in p and "file:///home" in p for p in problems)
    assert not any("example.org" in p for p in problems)
    assert any("more than the 8 allowed" in p for p in problems)


def test_prose_share_leaves_out_rulings_pictures_and_tables():
    page = article("Follow the led fruit.").replace(
        "</section></article>",
        '<div class="ruling admonition"><p>Question here</p></div></section></article>')
    prose, whole = lint.prose_share(page)
    assert prose < whole


def test_print_document_has_cover_contents_metadata_and_glued_marks():
    body = ('<section id="bastos"><h1>Bastos!</h1><section id="setup"><h2>Setup</h2>'
            '<p>Deal all cards <span class="target" id="bas-2-3"></span><span'
            ' class="clause-anchor"><a href="../trace/bastos.html#trace-bas-2-3">BAS-2.3</a>'
            "</span>.</p></section></section>")
    doc = printable.print_html("bastos", body, "https://example.org/site/",
                               "generated/games/bastos.html")
    assert "<title>Bastos!: the rules</title>" in doc and 'name="description"' in doc
    assert 'class="cover"' in doc and '<a href="#setup">Setup</a>' in doc
    assert 'cards<span class="clause-anchor" id="bas-2-3">' in doc  # glued, id kept
    assert 'class="target"' not in doc
    assert 'href="https://example.org/site/generated/trace/bastos.html#trace-bas-2-3"' in doc
