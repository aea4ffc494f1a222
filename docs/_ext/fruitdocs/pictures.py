"""Pictures drawn from the spec and from engine states: the phase diagram (graphviz DOT,
rendered by ``sphinx.ext.graphviz`` at build time) and small SVG card layouts."""
from __future__ import annotations

import html
import re
from typing import Any, Iterable, Sequence

# --- the phase diagram -------------------------------------------------------------------


def _q(text: str) -> str:
    """A DOT string; a line break in the text becomes DOT's centred line break."""
    body = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + body + '"'


def _wrap(text: str, width: int = 22) -> str:
    """Break a label into short lines so that it stays legible at page width."""
    import textwrap
    return "\n".join(textwrap.wrap(text, width)) or text


def phase_dot(spec: Any, initial: Iterable[str] = (),
              starts: dict[str, list[str]] | None = None) -> str:
    """Phases as nodes (each with the moves possible there, so that a name like ``start``
    or ``pair`` explains itself), moves as edges ``phase -> each phase in move.to``; each
    entry point says which variants start there."""
    edges: dict[tuple[str, str], list[str]] = {}
    undeclared: dict[str, list[str]] = {}
    phases: list[str] = []

    def note(p: str) -> None:
        if p not in phases:
            phases.append(p)

    for p in initial:
        note(p)
    for mv in spec.moves:
        label = mv.name
        for ph in sorted(mv.phases):
            note(ph)
            if not mv.to:
                undeclared.setdefault(ph, []).append(label)
            for to in mv.to:
                note(to)
                edges.setdefault((ph, to), []).append(label)
    initial = list(initial)
    # wide graphs read badly at page width: more than four phases are drawn top to bottom
    rankdir = "TB" if len(phases) > 4 else "LR"
    lines = [
        "digraph phases {",
        f'  graph [rankdir={rankdir}, bgcolor="white", pad="0.3", nodesep="0.6",'
        ' ranksep="0.9", fontname="Helvetica"];',
        '  node [shape=box, style="rounded,filled", fillcolor="#fdf3d8", color="#8a6d1d",'
        ' fontname="Helvetica", fontsize=14, margin="0.2,0.1"];',
        '  edge [color="#555555", fontname="Helvetica", fontsize=12];',
    ]
    for i, p in enumerate(initial):
        who = ", ".join((starts or {}).get(p, ())) or "start"
        lines.append(f'  __start{i} [shape=plaintext, fontsize=12, fontcolor="#555555",'
                     f' label={_q(who)}];')
        lines.append(f"  __start{i} -> {_q(p)} [style=bold];")
    for p in phases:
        extra = ', shape=doubleoctagon, fillcolor="#e4f1dd", color="#3b6e22"' if p == "over" else ""
        here = sorted({mv.name for mv in spec.moves if p in mv.phases})
        label = p + ("\n" + _wrap("moves: " + ", ".join(here)) if here else "")
        lines.append(f"  {_q(p)} [label={_q(label)}{extra}];")
    for (a, b), labels in edges.items():
        lines.append(f"  {_q(a)} -> {_q(b)} [label={_q(_wrap(', '.join(labels)))}];")
    for p, labels in undeclared.items():
        lines.append(f"  {_q(p)} -> {_q(p)} [style=dashed, label="
                     f"{_q(', '.join(labels) + ' (targets not declared)')}];")
    lines.append("}")
    return "\n".join(lines)


# --- cards ------------------------------------------------------------------------------------

# Fruit colours by card-notation prefix, per game (see the card notation).
COLOURS: dict[str, dict[str, str]] = {
    "tindahan": {"B": "#f4d03f", "L": "#c8a165", "M": "#f39c12", "P": "#d4ac0d",
                 "D": "#8fa31e"},
    "bastos": {"B": "#f4d03f", "L": "#c8a165", "M": "#f39c12", "P": "#d4ac0d",
               "D": "#8fa31e"},
    "fruit-passion": {"CO": "#8d6e63", "PA": "#f5a623", "FI": "#8e44ad", "AV": "#58a55c",
                      "PI": "#f1c40f", "PG": "#c0392b", "PF": "#2e6fd8"},
    "tanuki-market": {"S": "#e74c3c", "F": "#8e44ad", "B": "#f4d03f", "P": "#d4ac0d",
                      "W": "#27ae60", "GRANNY": "#95a5a6", "TACO": "#34495e"},
}
FRUIT_NAMES: dict[str, dict[str, str]] = {
    "tindahan": {"B": "banana", "L": "lanzones", "M": "mango", "P": "pineapple",
                 "D": "durian"},
    "bastos": {"B": "banana", "L": "lanzones", "M": "mango", "P": "pineapple", "D": "durian"},
    "fruit-passion": {"CO": "coconut", "PA": "papaya", "FI": "fig", "AV": "avocado",
                      "PI": "pineapple", "PG": "pomegranate", "PF": "passion fruit"},
    "tanuki-market": {"S": "strawberry", "F": "fig", "B": "banana", "P": "pineapple",
                      "W": "watermelon", "GRANNY": "Granny", "TACO": "Taco"},
}
_PREFIX = re.compile(r"[A-Z]+")

CARD_W, CARD_H = 54, 78


def fruit_of(game: str, card: str) -> str:
    """The notation prefix of a card: ``M2`` -> ``M``, ``PI5*`` -> ``PI``, ``F/move`` -> ``F``."""
    if card in COLOURS.get(game, {}):
        return card
    m = _PREFIX.match(card)
    return m.group(0) if m else ""


def _dark(colour: str) -> bool:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def card(game: str, label: str | None, x: float, y: float, *, face_down: bool = False,
         mark: str = "", dim: bool = False) -> str:
    """One card at (x, y). ``label`` None or ``face_down`` draws its back."""
    if face_down or label is None:
        return (f'<g class="fs-card"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}"'
                ' rx="6" fill="#5d6d7e" stroke="#2c3e50" stroke-width="1.5"/>'
                f'<rect x="{x + 5}" y="{y + 5}" width="{CARD_W - 10}" height="{CARD_H - 10}"'
                ' rx="4" fill="none" stroke="#aab7b8" stroke-dasharray="3 2"/></g>')
    fruit = fruit_of(game, label)
    colour = COLOURS.get(game, {}).get(fruit, "#bdc3c7")
    ink = "#ffffff" if _dark(colour) else "#1b1b1b"
    name = FRUIT_NAMES.get(game, {}).get(fruit, "")
    main, _, effect = label.partition("/")
    rest = main[len(fruit):] if fruit != main else ""
    big = rest or main[:2]
    stroke = "#c0392b" if mark else "#34495e"
    width = 3 if mark else 1.2
    fade = ' opacity="0.45"' if dim else ""
    out = [f'<g class="fs-card"{fade}>',
           f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{colour}"'
           f' stroke="{stroke}" stroke-width="{width}"/>',
           f'<text x="{x + CARD_W / 2}" y="{y + 38}" text-anchor="middle" font-size="20"'
           f' font-weight="bold" fill="{ink}">{html.escape(big)}</text>',
           f'<text x="{x + CARD_W / 2}" y="{y + 56}" text-anchor="middle" font-size="9"'
           f' fill="{ink}">{html.escape(name)}</text>']
    if effect:
        out.append(f'<text x="{x + CARD_W / 2}" y="{y + 70}" text-anchor="middle"'
                   f' font-size="9" font-style="italic" fill="{ink}">{html.escape(effect)}</text>')
    out.append(f'<text x="{x + 5}" y="{y + 13}" font-size="10" fill="{ink}">'
               f'{html.escape(label)}</text>')
    if mark:
        out.append(f'<text x="{x + CARD_W / 2}" y="{y - 6}" text-anchor="middle"'
                   f' font-size="11" font-weight="bold" fill="#c0392b">{html.escape(mark)}</text>')
    out.append("</g>")
    return "".join(out)


def text(x: float, y: float, s: str, size: int = 12, anchor: str = "start",
         weight: str = "normal", fill: str = "#1b1b1b") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}"'
            f' font-weight="{weight}" fill="{fill}">{html.escape(s)}</text>')


def svg(width: float, height: float, body: Sequence[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
            f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica, Arial, sans-serif"'
            f' role="img"><title>{html.escape(title)}</title>'
            f'<rect width="100%" height="100%" fill="#ffffff" rx="8"/>' + "".join(body) + "</svg>\n")


def card_row(game: str, cards: Sequence[str | None], title: str, captions: Sequence[str] = (),
             marks: Sequence[str] = ()) -> str:
    """Cards side by side, each with an optional caption under it and mark above it."""
    gap = 16
    width = 24 + len(cards) * (CARD_W + gap)
    body = []
    for i, c in enumerate(cards):
        x = 16 + i * (CARD_W + gap)
        body.append(card(game, c, x, 30, mark=marks[i] if i < len(marks) else ""))
        if i < len(captions) and captions[i]:
            body.append(text(x + CARD_W / 2, 30 + CARD_H + 18, captions[i], 11, "middle"))
    return svg(max(width, 160), 30 + CARD_H + 32, body, title)


def stack(game: str, label: str, size: int, x: float, y: float, caption: str = "") -> list[str]:
    """A stack seen from above: ``size`` cards, only the top one (``label``) visible."""
    body = []
    shown = min(size, 6)
    for i in range(shown - 1, 0, -1):
        body.append(card(game, None, x + i * 3, y + i * 3))
    body.append(card(game, label, x, y))
    if caption:
        body.append(text(x + CARD_W / 2, y + CARD_H + 30, caption, 11, "middle"))
    return body
