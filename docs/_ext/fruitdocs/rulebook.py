"""The clarified rulebook of a game: the clauses as flowing prose in rulebook order, with
ruling boxes where the text is ambiguous, pictures, worked examples as step tables and the
verification's findings up front. The traceability record lives on its own page."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import designer, positions, scenes
from .collect import GameData
from .pages import ref
from .rst import admonition, directive, esc, heading, indent, label, link, list_table, lit

logger = logging.getLogger(__name__)

RULEBOOK_DIR = "games"
TRACE_DIR = "trace"
PDF_DIR = "pdf"

#: clause ID -> game name, filled while the pages are generated (the roles need it)
CLAUSE_GAME: dict[str, str] = {}

#: the repository root while a page is generated (witness files are read from it)
ROOT: Path | None = None


def title_of(spec: Any) -> str:
    return spec.title or spec.name


# --- findings ------------------------------------------------------------------------------

def findings_list(found: list[Any], up: int = 1) -> str:
    """Each finding in two sentences, with a link to what shows it."""
    if not found:
        return "The verification found nothing to report for this game.\n\n"
    out = ""
    for f in found:
        shown = ", ".join(_evidence(e) for e in f.evidence)
        out += f"* **{esc(f.title)}** ({esc(f.kind)}). {esc(f.text)}"
        out += (f" *Shown by* {shown}.\n" if shown else "\n")
    return out + "\n"


def _evidence(item: str) -> str:
    """A proof ID, a register entry ID or an exploration configuration, linked."""
    if item.startswith("explore:"):
        return f":ref:`exploration <exploration>` ({lit(item.split(':', 1)[1])})"
    if "-P" in item:
        return ref(f"proof-{item}", item)
    return ref(item, item)


# --- the player edition ------------------------------------------------------------------

#: where the hand-written player editions live, relative to the repository root
EDITIONS = Path("docs") / "editions"

#: clause ID -> True where the player edition of its game cites it (the traceability rows
#: link back to the rule only then)
CITED: dict[str, bool] = {}

_CITE = re.compile(r":clause:`([^`]+)`|^\.\. fruit-ruling:: (\S+)$", re.M)
_EXAMPLE = re.compile(r"^\.\. fruit-example:: (\S+)\n((?:   :[a-z]+:.*\n)*)\n((?:   .+\n|\n)*)",
                      re.M)


def edition_source(root: Path, name: str) -> str:
    return (root / EDITIONS / f"{name}.rst").read_text(encoding="utf-8")


def cited(text: str) -> list[str]:
    """The clause IDs a player edition marks, in the order it first marks them (a ruling
    on a clause, such as a tie rule, marks it too)."""
    found = (a or b for a, b in _CITE.findall(text))
    return [c for c in dict.fromkeys(found) if c in CLAUSE_GAME]


def rulebook_page(root: Path, d: GameData, svg_dir: Path, found: list[Any]) -> str:
    """The player edition of a game: the hand-written text of ``docs/editions/<game>.rst``
    (the printed book's order and headings, the rules in players' words, each ruling where
    its question arises), its examples drawn from their replayed scenarios."""
    global ROOT
    ROOT = root
    name = d.name
    for c in d.spec.clauses:
        CLAUSE_GAME[c.id] = name
    body = edition_source(root, name) if (root / EDITIONS / f"{name}.rst").is_file() \
        else draft_edition(d)
    for cid in cited(body):
        CITED[cid] = True
    title = title_of(d.spec)
    intro = (".. rst-class:: edition-intro\n\n"
             f"*The rules of {esc(title)} in our own words, in the order of the printed"
             " rulebook, with a ruling wherever the printed text leaves a question open.*"
             f" {link('Printable edition (PDF)', f'../../{PDF_DIR}/{name}.pdf')} ·"
             f" {ref(f'trace-{name}', 'the record behind these rules')} ·"
             f" {link('what each ruling changes in play', f'../designer/{name}.html')}.\n\n")
    return (label(f"game-{name}") + heading(title, "=", over=True) + intro
            + _examples(root, name, body, svg_dir))


def draft_edition(d: GameData) -> str:
    """A game without a hand-written edition yet: its catalogue's clauses by section, each
    ruling after the first rule it touches, to be rewritten in players' words."""
    out = admonition("note", "A draft: the rules as the catalogue words them, until the"
                     " player edition of this game is written.")
    first: dict[str, str] = {}
    for e in d.ambiguities:
        at = next((c for c in e.get("clauses") or () if c in d.ids), None)
        if at:
            first.setdefault(at, "")
            first[at] += directive("fruit-ruling", e["id"], {
                "question": esc(e["question"]), "ruling": esc(_default_text(e)),
                "why": esc(e.get("reason") or "")})
    section = None
    for c in d.spec.clauses:
        if c.section != section:
            section = c.section
            out += heading(section or "Other rules", "=")
        out += f"{esc(c.text)} :clause:`{c.id}`\n\n" + first.get(c.id, "")
    return out


def _default_text(e: dict[str, Any]) -> str:
    return next((r["text"] for r in e.get("readings") or () if r.get("default")), "")


def _examples(root: Path, name: str, text: str, svg_dir: Path) -> str:
    """Each ``fruit-example`` block becomes a figure of its position, drawn from the
    engine's replay of the example's scenario (or from a book position of positions.py)."""
    count = 0

    def figure(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        opts = dict(re.findall(r"   :([a-z]+):\s*(.*)\n", m.group(2)))
        names = tuple(n.strip() for n in opts.get("names", "").split(",") if n.strip())
        where = {k: int(v) for k, v in opts.items() if k in ("step", "seat")}
        try:
            svg = positions.draw(root, m.group(1), opts.get("draw", ""), names, **where)
        except Exception as exc:  # noqa: BLE001 - a wrong example must fail the build
            logger.warning("fruitdocs: the example %s of %s cannot be drawn: %s",
                           m.group(1), name, exc)
            return m.group(3)
        fname = f"{name}-example-{count}.svg"
        (svg_dir / fname).write_text(svg, encoding="utf-8")
        caption = " ".join(m.group(3).split())
        return directive("figure", f"../_svg/{fname}",
                         {"alt": esc(caption.split(":")[0]), "class": "book-example"},
                         caption)

    return _EXAMPLE.sub(figure, text)


# --- the record: what moved out of the players' way -------------------------------------------

def record_extras(root: Path, d: GameData, svg_dir: Path, found: list[Any]) -> str:
    """What the traceability page shows beside its tables: the verification's findings,
    each register entry's full ruling (readings, option and what changes), the scenarios
    as engine step tables and pictures of random positions."""
    global ROOT
    ROOT = root
    out = heading("What the verification found", "=") + findings_list(found)
    if d.ambiguities:
        out += heading("Rulings in full", "=")
        out += ("Each ruling of the player edition with every reading, the option that"
                " selects it and what changes on its witness.\n\n")
        out += "".join(ruling_box(e, d.name) for e in d.ambiguities)
    return out + _pictures(d, svg_dir) + worked_examples(d)


# --- ruling boxes ----------------------------------------------------------------------------

def ruling_box(e: dict[str, Any], game: str) -> str:
    readings = e.get("readings") or []
    default = next((r for r in readings if r.get("default")), None)
    body = f"**{esc(e['question'])}**\n\n"
    if default:
        body += f"*We play* {lit(default['value'])}: {esc(default['text'])}."
        if e.get("reason"):
            body += f" *Why:* {esc(e['reason'])}."
        source = "; ".join(x for x in (e.get("found_by"), e.get("settled_by")) if x)
        if source:
            body += f" *Source:* {esc(source)}."
        body += "\n\n"
    rivals = [r for r in readings if not r.get("default")]
    if rivals:
        body += "*Other readings:* " + "; ".join(
            f"{lit(r['value'])}: {esc(r['text'])}" for r in rivals) + ".\n\n"
    change = what_changes(e, _witness_actions(e))
    own = [(v, a) for v, a in (e.get("apart") or {}).items()
           if a.get("witness") and a.get("witness") != e.get("witness")]
    if own:  # a reading the entry's witness cannot tell from the default has its own
        change += " " + " ".join(
            f"Reading {lit(v)} parts from the default on a witness of its own (in"
            f" {esc(', '.join(a.get('differs_in') or ['nothing']))})." for v, a in own)
    if change.strip():
        body += f"*What changes:* {change.strip()}\n\n"
    said = designer.impact(game, str(e["id"]), [str(r["value"]) for r in rivals])
    if said:
        body += said + "\n\n"
    players = f"../{RULEBOOK_DIR}/{game}.html#{str(e['id']).lower()}"
    body += (f"Option {lit(e['option'])} · {ref(e['id'], 'the full witness, step by step')}"
             f" · {link('the ruling for players', players)}.\n")
    return directive("admonition", f"Ruling {e['id']}", {"class": "ruling"}, body)


def what_changes(e: dict[str, Any], actions: list[str] | None = None) -> str:
    """One sentence: how the witness ends under each reading, or, where the endings agree,
    the first step at which the readings part ways."""
    outs = e.get("outcomes") or {}
    if not outs:
        return ""
    ends = {value: _ending(o) for value, o in outs.items()}
    if len(set(ends.values())) > 1:
        return "On its witness scenario, " + "; ".join(
            f"under {lit(v)} {end}" for v, end in ends.items()) + "."
    step = first_difference(outs)
    if step is None:
        legal = {v: tuple(o.get("legal") or ()) for v, o in outs.items()}
        if len(set(legal.values())) > 1:
            return ("On its witness the readings leave different moves open at the end: "
                    + "; ".join(f"under {lit(v)} {_moves(m)}" for v, m in legal.items()) + ".")
        return "On its witness the readings end alike (" + next(iter(ends.values())) + ")."
    act = (actions or [])[step] if actions and step < len(actions) else None
    where = f"at step {step + 1}" + (f" ({lit(act)})" if act else "")
    return (f"On its witness the readings part ways {where}: " + "; ".join(
        f"under {lit(v)} {_step_text(o, step)}" for v, o in outs.items()) + ".")


def _ending(o: dict[str, Any]) -> str:
    if o.get("refused_at") is not None:
        rule = o.get("refused_by")
        return f"step {o['refused_at'] + 1} is refused" + (f" ({rule})" if rule else "")
    scores = "–".join(str(s) for s in o.get("scores") or [])
    if o.get("over"):
        return f"the game ends {scores}, won by {_seats(o.get('winners') or [])}"
    return f"the scores stand at {scores} with the game going on"


def _at(o: dict[str, Any], i: int) -> Any:
    if o.get("refused_at") == i:
        return ("refused", o.get("refused_by"))
    evs = o.get("events") or []
    if i >= len(evs):
        return None
    return tuple(ev if isinstance(ev, str) else tuple(ev) for ev in evs[i])


def first_difference(outs: dict[str, Any]) -> int | None:
    n = max([len(o.get("events") or []) for o in outs.values()]
            + [(o.get("refused_at") or 0) + 1 for o in outs.values()] + [0])
    return next((i for i in range(n) if len({repr(_at(o, i)) for o in outs.values()}) > 1),
                None)


def _step_text(o: dict[str, Any], i: int) -> str:
    a = _at(o, i)
    if a is None:
        return "that step is never reached"
    if a and a[0] == "refused":
        return "it is refused" + (f" ({a[1]})" if a[1] else "")
    texts = [str(ev[-1]) if isinstance(ev, (list, tuple)) else str(ev) for ev in a]
    said = "; ".join(texts[:2]) + (" …" if len(texts) > 2 else "")
    return f"the engine says “{esc(said)}”" if said else "nothing happens"


def _moves(legal: tuple[str, ...]) -> str:
    if not legal:
        return "no move is legal"
    shown = ", ".join(lit(m) for m in legal[:4])
    return f"{len(legal)} moves are legal ({shown}{', …' if len(legal) > 4 else ''})"


def _witness_actions(e: dict[str, Any]) -> list[str]:
    wit = e.get("witness")
    if not wit or not ROOT:
        return []
    try:
        doc = json.loads((ROOT / wit).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [str(a) for a in doc.get("actions") or []]


def _seats(seats: list[int]) -> str:
    names = [f"seat {s}" for s in seats]
    return " and ".join(names) if names else "nobody"


# --- pictures and worked examples -----------------------------------------------------------

def _pictures(d: GameData, svg_dir: Path) -> str:
    try:
        pics = scenes.pictures(d.name, d.spec)
    except Exception as exc:  # noqa: BLE001 - a picture must never break the page
        logger.info("fruitdocs: no picture for %s: %s", d.name, exc)
        return ""
    out = ""
    for i, (title, svg_text, caption) in enumerate(pics):
        fname = f"{d.name}-{i + 1}.svg"
        (svg_dir / fname).write_text(svg_text, encoding="utf-8")
        out += directive("figure", f"../_svg/{fname}", {"alt": esc(title)},
                         f"**{esc(title)}.** {esc(caption)}")
    return (heading("At the table", "=") + out) if out else ""


def worked_examples(d: GameData) -> str:
    if not d.scenarios:
        return ""
    out = heading("Worked examples", "=")
    out += ("Replayed by the engine while this page was built: a wrong example fails the"
            " build.\n\n")
    for r in d.scenarios:
        doc = r.doc
        title = doc.get("title") or Path(r.path).stem.replace("-", " ")
        out += heading(str(title), "-")
        if doc.get("description"):
            out += esc(doc["description"]) + "\n\n"
        out += _steps(r)
        setup = {k: doc[k] for k in ("players", "variant", "options", "seed", "setup")
                 if doc.get(k) not in (None, {}, "")}
        if setup:
            out += _folded("The set-up, as a scenario file", json.dumps(setup, indent=1))
    return out


def _steps(r: Any) -> str:
    rep = r.replay
    if rep is None:
        logger.warning("fruitdocs: the worked example %s could not be replayed: %s",
                       r.path, r.error)
        return admonition("error", f"Not replayed: {esc(r.error)}")
    if r.ok is False:
        logger.warning("fruitdocs: the worked example %s does not hold: %s", r.path,
                       "; ".join(r.failures))
    rows = []
    actions = [str(a) for a in rep.scenario.actions]
    for i, text in enumerate(actions):
        if i >= len(rep.events):
            rows.append([str(i + 1), "", lit(text), "refused: " + esc(rep.error or "")])
            break
        seat = _seat_of(rep, i, text)
        what = "; ".join(f"{esc(e.text)} :clause:`{e.rule}`" if e.rule in CLAUSE_GAME
                         else esc(e.text) for e in rep.events[i]) or "—"
        rows.append([str(i + 1), seat, lit(text), what])
    out = list_table(["#", "Seat", "Move", "What the rules do"], rows, [4, 8, 18, 70]) \
        if rows else ""
    scores = rep.scores
    out += f"Scores after the example: {esc(', '.join(map(str, scores)))}.\n\n"
    return out


def _seat_of(rep: Any, i: int, text: str) -> str:
    try:
        state = rep.states[i]
        return str(rep.game.parse(state, text).player)
    except Exception:  # noqa: BLE001 - the seat column is a courtesy
        return ""


def _folded(summary: str, text: str) -> str:
    body = "\n".join(["<details class=\"setup\"><summary>" + summary + "</summary><pre>"
                      + _html(text) + "</pre></details>"])
    return directive("raw", "html", body=body)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _game_of(rid: str) -> str:
    """The game a register ID belongs to, by its prefix ("" when none is known)."""
    return next((g for c, g in CLAUSE_GAME.items() if c.split("-")[0] == rid.split("-")[0]), "")


class RulingDirective(SphinxDirective):
    """``.. fruit-ruling:: TIN-A1`` with ``:question:``, ``:ruling:`` and ``:why:`` - a ruling
    of the player edition, cut to the question, our ruling and one line of why. Its HTML
    anchor is the register ID lowercased (``#tin-a1``), so the designer pages can link to
    the ruling where its question arises; it is an id, not a label, as the record page
    owns the label. A clause ID instead names a change from the printed text that is no
    register entry (a tie rule, say); its mark is then the clause's own."""

    required_arguments = 1
    option_spec = {"question": directives.unchanged_required,
                   "ruling": directives.unchanged_required,
                   "why": directives.unchanged_required}

    def run(self) -> list[Any]:
        from docutils import nodes
        rid = self.arguments[0].strip()
        missing = [k for k in self.option_spec if not self.options.get(k)]
        if missing:
            raise self.error(f"the ruling {rid} lacks {', '.join(missing)}")
        box = nodes.admonition("", classes=["ruling"])
        if rid not in CLAUSE_GAME:
            box["ids"] = [rid.lower()]
        title = nodes.title("", "Ruling ")
        title += self._mark(rid)
        box += title
        for key, lead in (("question", ""), ("ruling", "Our ruling: "), ("why", "Why: ")):
            text = " ".join(self.options[key].split())
            para = nodes.paragraph(classes=[f"ruling-{key}"])
            if lead:
                para += nodes.emphasis(text=lead)
            inline, problems = self.state.inline_text(text, self.lineno)
            para += (nodes.strong("", "", *inline) if key == "question" else inline)
            box += para
            box += problems
        if rid not in CLAUSE_GAME:
            box += self._impact(rid)
        return [box]

    def _impact(self, rid: str) -> list[Any]:
        """Each rival reading's verdict and interval, linked to its designer page row."""
        from docutils import nodes

        import spec as _specs
        game = _game_of(rid)
        opt = next((o for o in _specs.get(game).options if o.id == rid), None) if game else None
        text = designer.impact(game, rid, [v for v in opt.values if v != opt.default],
                               plain=True) if opt else ""
        if not text:
            return []
        para = nodes.paragraph(classes=["ruling-impact"])
        inline, problems = self.state.inline_text(text, self.lineno)
        para += inline
        return [para, *problems]

    def _mark(self, rid: str) -> Any:
        """The small reference mark: a clause's anchor, or the register entry's record."""
        from docutils import nodes
        if rid in CLAUSE_GAME:
            inline, _ = self.state.inline_text(f":clause:`{rid}`", self.lineno)
            return nodes.inline("", "", *inline)
        game = _game_of(rid)
        ref_node = nodes.reference("", rid, refuri=f"../{TRACE_DIR}/{game}.html#{rid.lower()}",
                                   classes=["clause-anchor"])
        return nodes.inline("", "", ref_node, classes=["clause-anchor"])


def clause_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
    """``:clause:`TIN-3.2``` - a small anchor that links to the clause's traceability row.
    The first one on a page for an ID is the clause's target (other pages' ``:ref:`` land
    here)."""
    from docutils import nodes
    cid = text.strip()
    game = CLAUSE_GAME.get(cid, "")
    node_id = nodes.make_id(cid)
    doc = inliner.document
    env = doc.settings.env
    out: list[Any] = []
    seen = env.temp_data.setdefault("fruit_clause_targets", set())
    if env.docname.startswith(f"generated/{RULEBOOK_DIR}/") and cid not in seen:
        seen.add(cid)
        target = nodes.target("", "", ids=[node_id], names=[cid.lower()])
        doc.note_explicit_target(target)
        out.append(target)
    uri = f"../{TRACE_DIR}/{game}.html#trace-{node_id}" if game else ""
    ref_node = nodes.reference(rawtext, cid, refuri=uri, classes=["clause-anchor"])
    out.append(nodes.inline("", "", ref_node, classes=["clause-anchor"]))
    return out, []


def trace_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
               options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
    """``:trace:`TIN-3.2``` - a clause's row in the traceability table, linking back to the
    rule in the rulebook."""
    from docutils import nodes
    cid = text.strip()
    game = CLAUSE_GAME.get(cid, "")
    node_id = nodes.make_id(cid)
    names = [f"trace-{cid.lower()}"] + ([] if CITED.get(cid) else [cid.lower()])
    target = nodes.target("", "", ids=[f"trace-{node_id}"], names=names)
    inliner.document.note_explicit_target(target)
    if not (game and CITED.get(cid)):  # a clause the players never read (a notation, say)
        return [target, nodes.literal(rawtext, cid)], []
    uri = f"../{RULEBOOK_DIR}/{game}.html#{node_id}"
    return [target, nodes.reference(rawtext, cid, refuri=uri)], []


def proof_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
               options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
    """``:proof:`TIN-P8``` - a property's row in a proof table, the target of its links."""
    from docutils import nodes
    pid = text.strip()
    target = nodes.target("", "", ids=[f"proof-{nodes.make_id(pid)}"],
                          names=[f"proof-{pid.lower()}"])
    inliner.document.note_explicit_target(target)
    return [target, nodes.literal(rawtext, pid)], []


__all__ = ["rulebook_page", "ruling_box", "what_changes", "findings_list", "clause_role",
           "trace_role", "indent"]
