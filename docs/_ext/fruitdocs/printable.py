"""The printable edition: each clarified rulebook as a PDF, made with WeasyPrint from the page
the HTML builder just wrote (its article only, with a print stylesheet), so the PDF has the
same words and pictures as the site and needs no TeX."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from sphinx.util import logging

from .rulebook import PDF_DIR, RULEBOOK_DIR

logger = logging.getLogger(__name__)

_ARTICLE = re.compile(r"<article[^>]*role=\"main\"[^>]*>(.*?)</article>", re.S)

PRINT_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm 16mm;
        @bottom-center { content: counter(page) " / " counter(pages); font-size: 8pt;
                         color: #777; } }
body { font-family: "DejaVu Serif", Georgia, serif; font-size: 10.5pt; line-height: 1.45;
       color: #111; }
h1, h2, h3 { font-family: "DejaVu Sans", Helvetica, sans-serif; color: #5b3d00;
             break-after: avoid; }
h1 { font-size: 22pt; margin: 0 0 6pt; }
h2 { font-size: 14pt; margin: 16pt 0 4pt; border-bottom: 1px solid #d9c48f; }
h3 { font-size: 11.5pt; margin: 12pt 0 3pt; }
a { color: inherit; text-decoration: none; }
a.headerlink, .headerlink { display: none; }
.clause-anchor { font-family: "DejaVu Sans", sans-serif; font-size: 6.5pt; color: #8a7a55;
                 vertical-align: super; }
.admonition { border: 1px solid #d9c48f; background: #fffaf0; padding: 4pt 8pt;
              margin: 8pt 0; break-inside: avoid; font-size: 9.5pt; }
.admonition-title { font-weight: bold; font-family: "DejaVu Sans", sans-serif; margin: 0; }
figure { break-inside: avoid; text-align: center; margin: 8pt 0; }
figure img { max-width: 100%; max-height: 120mm; }
figcaption { font-size: 9pt; color: #444; }
table { border-collapse: collapse; width: 100%; font-size: 8.5pt; margin: 6pt 0; }
th, td { border: 1px solid #ccc; padding: 2pt 4pt; vertical-align: top; text-align: left; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; }
details.setup { display: none; }
"""


def on_build_finished(app: Any, exc: Exception | None) -> None:
    if exc is not None or app.builder.name not in ("html", "dirhtml"):
        return
    out = Path(app.outdir)
    pages = sorted((out / "generated" / RULEBOOK_DIR).glob("*.html"))
    if not pages:
        return
    import logging as std_logging
    for name in ("weasyprint", "weasyprint.progress", "fontTools"):
        std_logging.getLogger(name).setLevel(std_logging.WARNING)
    try:
        from weasyprint import CSS, HTML
    except ImportError as err:  # the docs extra installs it; say so rather than skip silently
        logger.warning("fruitdocs: no printable edition (WeasyPrint is missing: %s)", err)
        return
    target = out / PDF_DIR
    target.mkdir(parents=True, exist_ok=True)
    made: dict[str, Any] = {}
    css = CSS(string=PRINT_CSS)
    for page in pages:
        start = time.perf_counter()
        body = _article(page.read_text(encoding="utf-8"))
        if body is None:
            logger.warning("fruitdocs: %s has no article to print", page.name)
            continue
        html = HTML(string=f"<!doctype html><html lang=en><head><meta charset=utf-8>"
                           f"<title>{page.stem}</title></head><body>{body}</body></html>",
                    base_url=str(page))
        doc = html.render(stylesheets=[css])
        pdf = target / f"{page.stem}.pdf"
        doc.write_pdf(pdf)
        made[page.stem] = {"pages": len(doc.pages), "bytes": pdf.stat().st_size,
                           "seconds": round(time.perf_counter() - start, 2)}
        logger.info("fruitdocs: printable edition %s: %d pages", pdf.name, len(doc.pages))
    (target / "manifest.json").write_text(json.dumps(made, indent=2) + "\n", encoding="utf-8")


def _article(text: str) -> str | None:
    m = _ARTICLE.search(text)
    return m.group(1) if m else None
