"""The clarified rulebook of a game: the clauses as flowing prose in rulebook order, with
ruling boxes where the text is ambiguous, pictures, worked examples as step tables and the
verification's findings up front. The traceability record lives on its own page."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import scenes
from .collect import GameData
from .pages import ref
from .rst import admonition, directive, esc, heading, indent, label, list_table, lit

logger = logging.getLogger(__name__)

RULEBOOK_DIR = "games"
TRACE_DIR = "trace"
PDF_DIR = "pdf"

#: clause ID -> game name, filled while the pages are generated (the roles need it)
CLAUSE_GAME: dict[str, str] = {}

#: how many clauses of one section make one paragraph, at most (walls of text read badly)
PARAGRAPH = 4

#: the repository root while a page is generated (witness files are read from it)
ROOT: Path | None = None


def title_of(spec: Any) -> str:
    return spec.title or spec.name


def short_section(section: str) -> str:
    return section.split(" > ", 1)[1] if " > " in section else section


def sections(clauses: Iterable[Any]) -> list[tuple[str, list[Any]]]:
    """Clauses grouped by rulebook section, sections in the order they first appear in the
    catalogue (which follows the rulebook), clauses in catalogue order within each."""
    out: dict[str, list[Any]] = {}
    for c in clauses:
        out.setdefault(short_section(c.section or "Other rules"), []).append(c)
    return list(out.items())


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


# --- the page ------------------------------------------------------------------------------

def rulebook_page(root: Path, d: GameData, svg_dir: Path, found: list[Any]) -> str:
    global ROOT
    ROOT = root
    sp = d.spec
    name = d.name
    for c in sp.clauses:
        CLAUSE_GAME[c.id] = name
    out = [label(f"game-{name}"), heading(title_of(sp), "=", over=True)]
    if sp.summary:
        out.append(esc(sp.summary) + "\n\n")
    out.append(
        "This is the rulebook as fruitspec plays it, in our own words and in the order of the"
        " printed rulebook. The small grey numbers (like " + lit(sp.clauses[0].id) + ") name"
        " each rule; each one links to its record: the code that implements it and the tests"
        " and proofs that check it (" + ref(f"trace-{name}", "traceability") + "). Where the"
        " printed rules are ambiguous or silent, a *ruling* box says how we play it, why, and"
        " what the other readings would change.\n\n")
    out.append(f"A printable edition: `{title_of(sp)} (PDF) <../../{PDF_DIR}/{name}.pdf>`__.\n\n")
    out.append(heading("What the verification found", "="))
    out.append(findings_list(found))
    pics = _pictures(d, svg_dir)
    placed = False
    rulings = _rulings_by_clause(d)
    shown_rulings: set[str] = set()
    notation: list[Any] = []
    for section, group in sections(sp.clauses):
        prose = [c for c in group if c.kind != "setting"]
        notation += [c for c in group if c.kind == "setting"]
        if not prose:
            continue
        if pics and not placed and "scor" in section.lower():
            out.append(pics)
            placed = True
        out.append(heading(section, "="))
        for para in _paragraphs(prose):
            out.append(" ".join(_sentence(c) for c in para) + "\n\n")
            for c in para:
                for e in rulings.get(c.id, ()):
                    if e["id"] not in shown_rulings:
                        shown_rulings.add(e["id"])
                        out.append(ruling_box(e, name))
    if pics and not placed:
        out.append(pics)
    rest = [e for e in d.ambiguities if e["id"] not in shown_rulings]
    if rest:
        out.append(heading("Other rulings", "="))
        out += [ruling_box(e, name) for e in rest]
    out.append(worked_examples(d))
    if notation:
        out.append(heading("Writing moves down", "="))
        out.append(" ".join(_sentence(c) for c in notation) + " See also"
                   " :ref:`notation`.\n\n")
    return "".join(out)


def _paragraphs(clauses: list[Any]) -> list[list[Any]]:
    """Break a section at a change of clause group (``TIN-3`` to ``TIN-4``) or every few
    clauses."""
    out: list[list[Any]] = []
    for c in clauses:
        if out and len(out[-1]) < PARAGRAPH and out[-1][-1].id.split(".")[0] == c.id.split(".")[0]:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _sentence(c: Any) -> str:
    text = esc(c.text)
    if c.kind == "assumption":
        text = f"*Our assumption, where the rulebook is silent:* {text}"
    elif c.kind == "gap":
        text = f"*The rulebook does not say:* {text}"
    return f"{text} :clause:`{c.id}`"


def _rulings_by_clause(d: GameData) -> dict[str, list[dict[str, Any]]]:
    """Each register entry, under the first of its clauses that the catalogue holds."""
    kinds = {c.id: c.kind for c in d.spec.clauses}
    out: dict[str, list[dict[str, Any]]] = {}
    for e in d.ambiguities:
        mine = [c for c in kinds if c in set(e.get("clauses") or ())]
        # a gap clause is where the question arises; otherwise the first rule it touches
        at = next((c for c in mine if kinds[c] == "gap"), mine[0] if mine else None)
        if at:
            out.setdefault(at, []).append(e)
    return out


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
    body += f"Option {lit(e['option'])} · {ref(e['id'], 'the full witness, step by step')}.\n"
    return directive("fruit-ruling", e["id"], {}, body)


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


class RulingDirective(SphinxDirective):
    """``.. fruit-ruling:: TIN-A1`` - a ruling box whose HTML anchor is the register ID
    lowercased (``#tin-a1``), so that other pages and the designer report can link to the
    ruling where its question arises. The anchor is an id, not a label: the register page
    already owns the label of that name."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[Any]:
        from docutils import nodes
        rid = self.arguments[0].strip()
        box = nodes.admonition("", classes=["ruling"], ids=[rid.lower()])
        title = nodes.title(text=f"Ruling {rid}")
        box += title
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


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
    target = nodes.target("", "", ids=[f"trace-{node_id}"], names=[f"trace-{cid.lower()}"])
    inliner.document.note_explicit_target(target)
    uri = f"../{RULEBOOK_DIR}/{game}.html#{node_id}" if game else ""
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
