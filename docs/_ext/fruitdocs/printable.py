"""The printable player edition: each game's rules as a PDF, made with WeasyPrint from the
page the HTML builder just wrote (its article, with a cover, a printed table of contents and
a print stylesheet), so the PDF has the same words and pictures as the site and needs no
TeX. Links inside the edition stay inside the PDF; links to other pages of the site become
absolute addresses under the site's base address (``html_baseurl``, or the environment
variable FRUITSPEC_SITE_URL), so a shared PDF never points at the build machine's files.
After printing, the lint (``lint.py``) reads page and PDF; each problem is a warning, which
``make docs`` (``-W``) turns into a failure."""
from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from sphinx.util import logging

from . import lint
from .rulebook import PDF_DIR, RULEBOOK_DIR

logger = logging.getLogger(__name__)

PRINT_CSS = Path(__file__).resolve().parents[2] / "_static" / "print.css"

_SECTION = re.compile(r"<section id=\"([^\"]+)\">\s*<h([23])>(.*?)</h\2>", re.S)
_HREF = re.compile(r"(<a\b[^>]*?\bhref=\")([^\"]*)(\")")
_WRAPPER_ID = re.compile(r"(<div class=\"table-wrapper[^\"]*\") id=\"[^\"]+\"")
# WeasyPrint breaks a line early (after the first word of a text run) when a mark that no
# longer fits follows a space, a no-break space or the empty target span before it; glued
# to the word before it, taking over the target's id, the mark travels with that word
_MARK = re.compile(r"\s*(?:<span class=\"target\" id=\"([^\"]+)\"></span>)?"
                   r"<span class=\"clause-anchor\">")


def _glue_mark(m: re.Match[str]) -> str:
    return '<span class="clause-anchor"' + (f' id="{m.group(1)}"' if m.group(1) else "") + ">"


def on_build_finished(app: Any, exc: Exception | None) -> None:
    if exc is not None or app.builder.name not in ("html", "dirhtml"):
        return
    out = Path(app.outdir)
    pages = sorted((out / "generated" / RULEBOOK_DIR).glob("*.html"))
    if not pages:
        return
    import logging as std_logging
    for name in ("weasyprint", "weasyprint.progress", "fontTools"):
        std_logging.getLogger(name).setLevel(std_logging.ERROR)
    try:
        from weasyprint import CSS, HTML
    except ImportError as err:  # the docs extra installs it; say so rather than skip silently
        logger.warning("fruitdocs: no printable edition (WeasyPrint is missing: %s)", err)
        return
    base = site_url(app)
    target = out / PDF_DIR
    target.mkdir(parents=True, exist_ok=True)
    made: dict[str, Any] = {}
    css = CSS(filename=str(PRINT_CSS))
    for page in pages:
        start = time.perf_counter()
        text = page.read_text(encoding="utf-8")
        body = lint.article(text)
        if not body:
            logger.warning("fruitdocs: %s has no article to print", page.name)
            continue
        rel = page.relative_to(out).as_posix()
        doc = HTML(string=print_html(page.stem, body, base, rel),
                   base_url=str(page)).render(stylesheets=[css])
        pdf = target / f"{page.stem}.pdf"
        doc.write_pdf(pdf)
        rules = rules_pages(doc)
        made[page.stem] = {"pages": len(doc.pages), "rules_pages": rules,
                           "bytes": pdf.stat().st_size,
                           "seconds": round(time.perf_counter() - start, 2)}
        made[page.stem].update(_lint(page.stem, text, pdf, base, rules))
        logger.info("fruitdocs: printable edition %s: %d pages", pdf.name, len(doc.pages))
    (target / "manifest.json").write_text(json.dumps(made, indent=2) + "\n", encoding="utf-8")


def site_url(app: Any) -> str:
    import os
    url = os.environ.get("FRUITSPEC_SITE_URL") or app.config.html_baseurl
    return url.rstrip("/") + "/"


def _lint(game: str, page_html: str, pdf: Path, base: str, rules: int) -> dict[str, Any]:
    """Lint one edition, warn of each problem; the numbers go to the manifest."""
    if game not in lint.BOOKS:
        logger.warning("fruitdocs: no printed book is known for %s", game)
        return {}
    import spec as specs
    words = lint.word_list(lint.catalogue_names(specs.get(game)))
    problems = lint.check_html(game, page_html, words)
    problems += lint.check_pdf(game, pdf, words, lint.marks_of(page_html), base, rules)
    for p in problems:
        logger.warning("fruitdocs: player edition of %s: %s", game, p)
    prose, whole = lint.prose_share(page_html)
    return {"prose_words": prose, "words": whole, "lint_problems": len(problems)}


def print_html(game: str, body: str, base: str, rel: str) -> str:
    """The document WeasyPrint prints: cover, contents, then the edition."""
    body = _WRAPPER_ID.sub(r"\1", body)  # the theme repeats a table's id on its wrapper
    body = _MARK.sub(_glue_mark, body)
    body = _HREF.sub(lambda m: m.group(1) + html.escape(
        printed_link(html.unescape(m.group(2)), base, rel), quote=True) + m.group(3), body)
    m = re.search(r"<h1>(.*?)</h1>", body, re.S)
    title = lint.text_of(m.group(1)) if m else game
    entries = "".join(
        f'<li class="toc-{level}"><a href="#{sid}">{lint.text_of(head)}</a></li>'
        for sid, level, head in _SECTION.findall(body))
    address = urljoin(base, rel)
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}: the rules</title>"
        f'<meta name="description" content="{html.escape(title)}: the complete rules, clarified,'
        f' with a ruling wherever the printed rulebook leaves a question open">'
        f'<meta name="author" content="the fruitspec authors">'
        f'<meta name="keywords" content="{html.escape(title)}, card game, rules">'
        f"</head><body>"
        f'<section class="cover"><p class="cover-kicker">The rules, clarified</p>'
        f'<h1 class="cover-title">{html.escape(title)}</h1>'
        f'<p class="cover-sub">Player edition</p>'
        f'<p class="cover-site">Read it on the web: <a href="{html.escape(address)}">'
        f"{html.escape(address)}</a></p></section>"
        f'<nav class="toc"><h2 class="toc-title">Contents</h2><ul>{entries}</ul></nav>'
        f'<main id="rules-start">{body}</main></body></html>')


def printed_link(href: str, base: str, rel: str) -> str:
    """Where a link of the edition points in print: the same page's anchors stay inside the
    PDF, everything else of the site becomes an absolute address under ``base``."""
    if href.startswith("#") or re.match(r"[a-z][a-z0-9+.-]*:", href) and not \
            href.startswith("file:"):
        return href
    page = rel.rsplit("/", 1)[-1]
    if href.startswith(page + "#"):
        return href[len(page):]
    return urljoin(urljoin(base, rel), href)


def rules_pages(doc: Any) -> int:
    """Pages of rules: those from the one that holds the edition's start to the end."""
    first = next((i for i, p in enumerate(doc.pages) if "rules-start" in p.anchors),
                 0)
    return len(doc.pages) - first
