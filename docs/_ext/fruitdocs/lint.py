"""The player edition's lint: what a player reads, on the web page and in the PDF alike,
must be the rules in players' words, in the printed book's order, with the printed aids as
tables, and a PDF must link only inside itself or to the published site.

Run at the end of the HTML build (``printable.on_build_finished``): each problem is a
Sphinx warning, so ``make docs`` (``-W``) fails on it. The word list is
``player_words.txt`` beside this module; the printed books' headings and aids are
:data:`BOOKS`.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

WORDS_FILE = Path(__file__).with_name("player_words.txt")

#: A clause or register ID (TIN-3.2, BAS-A3): shown only as a small reference mark.
CLAUSE_ID = re.compile(r"\b(?:TIN|BAS|TAN|FRP)-[A-Z]?\d+(?:\.\d+)?\b")


@dataclass(frozen=True)
class Book:
    """The printed rulebook of one game: its headings in order, the aids it prints as
    tables (their captions), and how many A4 pages of rules the PDF may take."""

    sections: tuple[str, ...]
    aids: tuple[str, ...]
    pages: int = 8


BOOKS: dict[str, Book] = {
    "tindahan": Book(
        ("Components", "Setup", "Gameplay", "Playing a Card", "Placing Sellers",
         "Round End and Scoring", "Game End and Winner"),
        ("Stall points", "The scoring example")),
    "bastos": Book(
        ("Game Goal", "Components", "Setup", "Gameplay", "Start of the Round",
         "Playing, Following Suit, and Trumping", "The Trick", "The Bastos! Color",
         "Round End and Game End"),
        ("The table",)),
    "tanuki-market": Book(
        ("Overview and Goal", "Components", "Setup", "Round Order",
         "1. Distribute the fruit cards onto the carts",
         "Rules of conduct for players during the round", "Example",
         "2. Lay out the fruit on the tables", "General rules", "Moving fruit", "Example",
         "3. End of the round", "End of the Game", "End-of-Game Card Effects", "Replacement",
         "Favorite Fruit", "5 Different Fruits", "Bitten Fruit", "Scoring Example",
         "Variant: Special Carts", "Large and Small Cart", "Cart with a Secret", "Move Fruit",
         "Fruit Salad", "Solo Game: Try to Beat the Author", "1. Setup",
         "2. Distribute the fruit cards onto the carts", "3. Lay out the fruit on the tables",
         "4. End of the game", "Table for each day of the week"),
        ("The fruit cards", "The scoring example", "Table for each day of the week"),
        pages=12),
    "fruit-passion": Book(
        ("Components", "The Aim of the Game", "Setting Up", "Gameplay", "End of the Game",
         "Scoring", "Hybrid Cards", "Scoring Notes to Remember", "One Player Variant"),
        ("Player aid: the cards of each number", "Scoring", "Hybrid cards")),
}


@dataclass
class Words:
    """The word list: regular expressions, each with why it is there."""

    patterns: list[tuple[re.Pattern[str], str]] = field(default_factory=list)

    def find(self, text: str) -> list[str]:
        out = []
        for pat, why in self.patterns:
            for m in pat.finditer(text):
                out.append(f"{m.group(0)!r} ({why}): …{_around(text, m)}…")
        return out


def _around(text: str, m: re.Match[str], width: int = 30) -> str:
    return " ".join(text[max(0, m.start() - width):m.end() + width].split())


def word_list(catalogue_names: Iterable[str] = ()) -> Words:
    """The kept list, plus the catalogue's names written as identifiers."""
    words = Words()
    allowed = set()
    for line in WORDS_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pattern, _, why = line.partition("  # ")
        if pattern.startswith("!allow "):
            allowed.add(pattern.split(None, 1)[1].strip().lower())
            continue
        words.patterns.append((re.compile(pattern.strip(), re.I), why.strip() or pattern))
    for name in sorted({n for n in catalogue_names if n.lower() not in allowed}):
        words.patterns.append((re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I),
                               "a name from the game's catalogue"))
    return words


def catalogue_names(spec: Any) -> list[str]:
    """Option, reading and variant names that read as identifiers (``sits-out``); plain
    words such as ``none`` or ``monday`` are ordinary English and stay allowed."""
    names = [o.name for o in spec.options]
    names += [r.value for o in spec.options for r in o.readings]
    names += [v.name for v in spec.variants if v.name]
    return [n for n in names if re.search(r"[-=\d]", n)]


# --- the web page ------------------------------------------------------------------------------

_ARTICLE = re.compile(r"<article[^>]*role=\"main\"[^>]*>(.*?)</article>", re.S)
_HEADING = re.compile(r"<h([2-4])[^>]*>(.*?)</h\1>", re.S)
_CAPTION = re.compile(r"<table[^>]*>\s*<caption[^>]*>(.*?)</caption>", re.S)
_TAG = re.compile(r"<[^>]+>")
_MARK = re.compile(r"<span class=\"clause-anchor\">.*?</span>", re.S)
_CODE = re.compile(r"<code\b", re.S)


def text_of(fragment: str) -> str:
    """Visible text of an HTML fragment (the heading links' pilcrows dropped)."""
    fragment = re.sub(r"<a class=\"headerlink\"[^>]*>.*?</a>", "", fragment, flags=re.S)
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())


def article(page_html: str) -> str:
    m = _ARTICLE.search(page_html)
    return m.group(1) if m else ""


def headings(fragment: str) -> list[str]:
    return [text_of(h) for _, h in _HEADING.findall(fragment)]


def captions(fragment: str) -> list[str]:
    return [text_of(c) for c in _CAPTION.findall(fragment)]


def check_html(game: str, page_html: str, words: Words) -> list[str]:
    """Problems of a player edition's web page."""
    book = BOOKS[game]
    body = article(page_html)
    if not body:
        return ["the page has no article"]
    found = [f"software word {w}" for w in words.find(text_of(_MARK.sub(" ", body)))]
    found += [f"a clause ID outside its reference mark: …{_around(t, m)}…"
              for t in [text_of(_MARK.sub(" ", body))] for m in CLAUSE_ID.finditer(t)]
    if _CODE.search(_MARK.sub(" ", body)):
        found.append("code (a backticked literal) in the rules")
    shown = headings(body)
    if shown != list(book.sections):
        found.append(f"the sections differ from the printed book's: {shown} against"
                     f" {list(book.sections)}")
    have = captions(body)
    found += [f"the printed aid {aid!r} is not a table" for aid in book.aids if aid not in have]
    return found


# --- the PDF -----------------------------------------------------------------------------------

def pdf_text(path: Path) -> tuple[str, list[str]]:
    """The PDF's text and the targets of its links (URIs; internal links are not URIs)."""
    from pypdf import PdfReader
    reader = PdfReader(str(path))
    text = "\n".join(page.extract_text() or "" for page in reader.pages)
    uris = []
    for page in reader.pages:
        for annot in page.get("/Annots") or ():
            action = annot.get_object().get("/A") or {}
            if action.get("/S") == "/Launch":
                uris.append(str(action.get("/F")))
            elif "/URI" in action:
                uris.append(str(action["/URI"]))
    return text, uris


def check_pdf(game: str, path: Path, words: Words, marks: set[str], base_url: str,
              rules_pages: int) -> list[str]:
    """Problems of a printed edition: words, IDs outside the marks, links, length."""
    text, uris = pdf_text(path)
    flat = " ".join(text.split())
    found = [f"software word in the PDF {w}" for w in words.find(flat)]
    found += [f"the PDF shows the ID {cid}, which is no reference mark of the page"
              for cid in sorted(set(CLAUSE_ID.findall(flat)) - marks)]
    found += [f"the PDF links to a local file or a relative address: {u}" for u in uris
              if not u.startswith(base_url) and not re.match(r"https?://", u)]
    found += [f"the PDF links to a local file: {u}" for u in uris if u.startswith("file:")]
    book = BOOKS[game]
    if rules_pages > book.pages:
        found.append(f"{rules_pages} A4 pages of rules, more than the {book.pages} allowed")
    return found


def marks_of(page_html: str) -> set[str]:
    """The IDs a page shows as reference marks."""
    return {text_of(m) for m in _MARK.findall(article(page_html))}


# --- how much of the edition is rule prose -----------------------------------------------------

_ASIDE = re.compile(r"<div class=\"ruling admonition\".*?</div>|<figure.*?</figure>"
                    r"|<table.*?</table>|<h[1-4].*?</h[1-4]>", re.S)


def prose_share(page_html: str) -> tuple[int, int]:
    """(words of rule prose, words of the whole edition): prose is what remains without
    the ruling boxes, the pictures, the tables and the headings."""
    body = _MARK.sub(" ", article(page_html))
    whole = len(text_of(body).split())
    return len(text_of(_ASIDE.sub(" ", body)).split()), whole
