"""Look at the built site as a reader would, in headless Chromium: each clarified rulebook's
height at 1400 px, the words of traceability metadata left on it (the goal is none beyond
the clause anchors and the ruling boxes), its printable edition's page count, and a
screenshot of its first screen (kept with the site, under ``_screens/``).

Run by ``make docs`` after the build: ``python docs/check_site.py docs/_build/html``.
Exits 1 when a rulebook page carries metadata or a printable edition is missing.
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

#: Debian's Chromium; the browser build Playwright would download is not used
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Words in field lists, and in tables other than the printed aids (the scoring tables, the
# day table...), are metadata; the rulebook's prose, ruling boxes and aids are not.
MEASURE = """() => {
  const art = document.querySelector('article[role=main]');
  const words = (el) => (el.innerText || '').split(/\\s+/).filter(Boolean).length;
  let meta = 0;
  art.querySelectorAll('dl.field-list').forEach(el => meta += words(el));
  art.querySelectorAll('table').forEach(t => {
    if (!t.closest('.printed-aid')) meta += words(t);  // the printed aids are rules
  });
  return {height: document.documentElement.scrollHeight, metadata_words: meta,
          words: words(art)};
}"""


def measure(site: Path) -> dict[str, dict[str, object]]:
    pages = sorted((site / "generated" / "games").glob("*.html"))
    shots = site / "_screens"
    shots.mkdir(exist_ok=True)
    pdfs = json.loads((site / "pdf" / "manifest.json").read_text()) \
        if (site / "pdf" / "manifest.json").is_file() else {}
    out: dict[str, dict[str, object]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        for html in pages:
            page.goto(html.resolve().as_uri())
            page.screenshot(path=str(shots / f"{html.stem}.png"))
            got = page.evaluate(MEASURE)
            got["pdf_pages"] = (pdfs.get(html.stem) or {}).get("pages")
            out[html.stem] = got
        browser.close()
    (shots / "report.json").write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return out


def main(argv: list[str]) -> int:
    site = Path(argv[1] if len(argv) > 1 else "docs/_build/html")
    report = measure(site)
    bad = []
    for game, got in report.items():
        print(f"{game:15} height {got['height']:>6} px at 1400 px   words {got['words']:>5}"
              f"   metadata words {got['metadata_words']:>3}   PDF pages {got['pdf_pages']}")
        if got["metadata_words"]:
            bad.append(f"{game}: {got['metadata_words']} words of metadata on the rulebook")
        if not got["pdf_pages"]:
            bad.append(f"{game}: no printable edition")
    for b in bad:
        print(b, file=sys.stderr)
    return 1 if bad or not report else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
