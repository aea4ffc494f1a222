"""The generated pages, as reStructuredText text."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from . import measure, pictures
from .collect import GameData
from .designer import register_section
from .measure import attr
from .rst import (admonition, bullets, code, directive, esc, fields, heading, indent, label,
                  link, list_table, lit)
from .rst import ref as _ref

#: Every label the generated pages define (lower case); ``ref`` only links to these, so a
#: stray ID in a proof or a register entry shows as text instead of breaking the build.
LABELS: set[str] = set()


def ref(name: str, text: str | None = None) -> str:
    return _ref(name, text) if name.lower() in LABELS else lit(text or name)
from .sources import Citation

GAMES_DIR = "games"
SOURCE_DIR = "source"


def source_uri(cit: Citation | str, line: int | None = None, up: int = 1) -> str:
    path = cit.path if isinstance(cit, Citation) else cit
    line = cit.line if isinstance(cit, Citation) else line
    from .sources import source_docname
    uri = "../" * up + f"{SOURCE_DIR}/{source_docname(path)}.html"
    return uri + (f"#L-{line}" if line else "")


def cite(cit: Citation, up: int = 1, full: bool = False) -> str:
    text = f"{cit.path}:{cit.line}" if full else cit.short
    out = link(text, source_uri(cit, up=up))
    return out + (f" ({lit(cit.where)})" if cit.where else "")


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def _title(spec: Any) -> str:
    return spec.title or spec.name


def _sections(clauses: Iterable[Any]) -> list[tuple[str, list[Any]]]:
    """Clauses grouped by the number before the dot of their ID (``BAS-4.1`` -> ``BAS-4``),
    in catalogue order; each group is titled by the rulebook sections it draws on."""
    groups: dict[str, list[Any]] = {}
    for c in clauses:
        groups.setdefault(c.id.split(".")[0], []).append(c)
    out = []
    for key, members in groups.items():
        names = list(dict.fromkeys(_short_section(c.section) for c in members if c.section))
        title = " · ".join(names[:3]) + (" …" if len(names) > 3 else "")
        out.append((f"{key} · {title}" if title else key, members))
    return out


def _short_section(section: str) -> str:
    """``Bastos! > The Trick`` -> ``The Trick`` (the game is the page's title already)."""
    return section.split(" > ", 1)[1] if " > " in section else section


# --- the game page -----------------------------------------------------------------------------

def game_page(root: Path, d: GameData, svg_dir: Path) -> str:
    """The traceability record of one game: where each clause is implemented, tested,
    proved and observed, the phases and moves, the register's full entries, the proofs and
    the coverage. The rules themselves read on the clarified rulebook page."""
    if d.spec is None:
        return (heading(d.name, "=", over=True)
                + admonition("note", f"The spec of {lit(d.name)} could not be loaded: "
                             f"{esc(d.error)}. Its page appears here once it does."))
    sp = d.spec
    out = [label(f"trace-{d.name}"), heading(f"{_title(sp)}: traceability", "=", over=True)]
    out.append(f"The record behind {ref(f'game-{d.name}', 'the clarified rulebook')}: one row"
               " per clause, then the phases and moves, the ambiguity register's entries with"
               " their witnesses, the invariants, the proofs and the clause coverage of this"
               " build.\n\n")
    out.append(_at_a_glance(d))
    out.append(_clauses(d))
    out.append(_diagram(d))
    out.append(_ambiguities(root, d))
    out.append(_invariants(d))
    out.append(_proofs(d))
    out.append(_coverage(d))
    return "".join(out)


def failed_page(name: str, error: str) -> str:
    """What a game's page says when it could not be generated (the site still builds)."""
    return (heading(name, "=", over=True)
            + admonition("error", f"This page could not be generated: {esc(error)}. Run"
                         " ``python -m pytest tests/docs`` to see the failure."))


def _at_a_glance(d: GameData) -> str:
    sp = d.spec
    clauses = sp.clauses
    kinds: dict[str, int] = {}
    for c in clauses:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    unchecked = [c.id for c in clauses if not d.checks(c.id)]
    unfired = [c.id for c in clauses if not d.coverage.total(c.id) and
               not d.coverage.refusals.get(c.id)]
    variants = "; ".join(f"{v.name or 'base game'}: {', '.join(map(str, v.players))} players"
                         for v in sp.variants)
    cov = d.coverage
    out = heading("At a glance", "=")
    out += fields([
        ("Game name", f"{lit(sp.name)} (``engine.load({sp.name!r})``)"),
        ("Variants", esc(variants)),
        ("Clauses", f"{len(clauses)} ("
         + ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in kinds.items()) + ")"),
        ("Options", f"{len(sp.options)} (see :ref:`ambiguities-{sp.name}`)"),
        ("Not checked (no test, proof or invariant)", f"{len(unchecked)}"
         + (": " + ", ".join(ref(i) for i in unchecked) if unchecked else "")),
        ("Never observed", f"{len(unfired)}"
         + (": " + ", ".join(ref(i) for i in unfired) if unfired else "")),
        ("Measured at build time",
         f"{cov.games} random playouts ({cov.actions} actions), {cov.states} states in all"
         f" with the exploration walk, {len(d.scenarios)} scenario files;"
         f" {d.seconds:.1f} s"),
    ])
    return out


def _diagram(d: GameData) -> str:
    sp = d.spec
    out = heading("Phases and transitions", "=")
    out += ("Each box is a phase (``state.phase``) with the moves possible in it; each arrow a"
            " move that leads from one phase to another (the table below gives its notation"
            " and clauses). The bold arrows show where a game starts, labelled with the"
            " variants that start there; the phase ``over`` ends it.\n\n")
    out += directive("graphviz", "", {"align": "center",
                                      "caption": esc(f"{_title(sp)}: phases and moves")},
                     pictures.phase_dot(sp, d.initial, d.starts))
    rows = []
    for mv in sp.moves:
        rows.append([lit(mv.notation or mv.name), ", ".join(lit(p) for p in sorted(mv.phases)),
                     ", ".join(lit(p) for p in mv.to) or "(not declared)", ref(mv.rule)
                     if mv.rule in sp.catalogue else lit(mv.rule), esc(mv.doc),
                     ", ".join(dict.fromkeys(ref(g.rule) if g.rule in sp.catalogue
                                             else lit(g.rule) for g in mv.guards)) or "—"])
    # untitled tables: a titled table's id is repeated on its wrapper (duplicate HTML ids)
    out += ".. rubric:: Moves\n\n"
    out += list_table(["Move", "In phase", "Leads to", "Clause", "What it does",
                       "Guards (in order)"], rows, [14, 12, 12, 10, 32, 20])
    phases = list(dict.fromkeys([*d.initial, *(p for mv in sp.moves for p in sorted(mv.phases))]))
    prow = [[lit(p), esc(", ".join(d.starts.get(p, ()))) or "—",
             "; ".join(f"{lit(mv.notation or mv.name)}: {esc(mv.doc)}" for mv in sp.moves
                       if p in mv.phases)] for p in phases]
    out += ".. rubric:: Phases\n\n"
    out += list_table(["Phase", "A game starts here in", "What a seat may do there"], prow,
                      [12, 18, 70])
    return out


def _clauses(d: GameData) -> str:
    sp = d.spec
    out = heading("Clauses", "=")
    out += ("One row per clause of the catalogue: its rulebook section and kind; how many places"
            " in the spec's code cite it (the first is linked); the tests, proofs and"
            " invariants that check it; how often it fired in this build (events citing it /"
            " candidate actions its guards refused); and the options that give it readings."
            " ✗ marks what is missing. The clause ID links back to the rule in the"
            " rulebook.\n\n")
    rows = []
    cov = d.coverage
    for c in sp.clauses:
        fired = cov.total(c.id)
        refused = cov.refusals.get(c.id, 0)
        code_refs = d.code.get(c.id, [])
        tests = d.tests.get(c.id, [])
        invs = d.invariants_of(c.id)
        warn = []
        if not d.checks(c.id):
            warn.append("✗ unchecked")
        if not fired and not refused:
            warn.append("✗ never fired")
        rows.append([f":trace:`{c.id}`", esc(_short_section(c.section)), esc(c.kind),
                     (f"{len(code_refs)}: " + cite(code_refs[0])) if code_refs else "✗ 0",
                     (f"{len(tests)}: " + cite(tests[0])) if tests else "0",
                     ", ".join(_proof_ref(p) for p in d.proofs_of(c.id)) or "—",
                     ", ".join(lit(i.id) for i in invs) or "—",
                     f"{fired} / {refused}",
                     ", ".join(ref(o.id) for o in d.options_of(c.id)) or "—",
                     " ".join(warn) or "✓"])
    out += list_table(["Clause", "Section", "Kind", "Code", "Tests", "Proofs", "Invariants",
                       "Fired / refused", "Options", "Checked"], rows,
                      [8, 12, 7, 14, 16, 10, 9, 8, 8, 8])
    return out


def _cites(cits: list[Citation], limit: int = 8, full: bool = False) -> str:
    if not cits:
        return ""
    shown = [cite(c, full=full) for c in cits[:limit]]
    more = f" and {len(cits) - limit} more" if len(cits) > limit else ""
    return "; ".join(shown) + more


def _proof_ref(p: Any) -> str:
    if isinstance(p, Citation):
        return cite(p, full=True)
    return ref(f"proof-{attr(p, 'id')}", attr(p, "id"))


def _ambiguities(root: Path, d: GameData) -> str:
    sp = d.spec
    out = label(f"ambiguities-{sp.name}") + heading("Ambiguities and options", "=")
    if d.ambiguities_note:
        out += admonition("note", f"The register's witness replays are not shown: "
                          f"{d.ambiguities_note}.")
    if not d.ambiguities:
        return out + "This game declares no option.\n\n"
    out += ("Where the rulebook is ambiguous, silent or contradicts itself, the spec offers each"
            " reading as an option value (``--option name=value``). The default is marked; the"
            " witness is a short scenario whose outcome differs between the readings.\n\n")
    for e in d.ambiguities:
        out += label(e["id"]) + heading(f"{e['id']} · {e['option']}", "-")
        out += esc(e["question"]) + "\n\n"
        out += list_table(["Value", "Reading", "Default"],
                          [[lit(r["value"]), esc(r["text"]), "default" if r["default"] else ""]
                           for r in e["readings"]], [15, 70, 15])
        pairs = [("Clauses", ", ".join(ref(c) if c in sp.catalogue else lit(c)
                                       for c in e["clauses"])),
                 ("Section", esc(e.get("section", ""))),
                 ("Kind", esc(e.get("kind", ""))),
                 ("Why this default", esc(e.get("reason", ""))),
                 ("Affects", esc(", ".join(e.get("affects") or ()))),
                 ("Found by", esc(e.get("found_by", ""))),
                 ("Settled by", esc(e.get("settled_by") or ""))]
        wit = e.get("witness")
        pairs.append(("Witness", link(wit, source_uri(wit)) if wit else "none yet"))
        # a reading the entry's witness cannot part from the default carries its own
        pairs += [(f"Witness of {lit(v)}", link(a["witness"], source_uri(a["witness"])))
                  for v, a in (e.get("apart") or {}).items() if a.get("witness") != wit]
        out += fields(pairs)
        outs = e.get("outcomes")
        if outs:
            doc = measure.load_json(root / wit) if wit else {}
            out += _outcomes(e, outs, [str(a) for a in doc.get("actions") or []])
        elif wit:
            out += "The witness was not replayed in this build.\n\n"
    return out


def _outcomes(e: dict[str, Any], outs: dict[str, Any], actions: list[str]) -> str:
    """Per reading: where the witness first parts ways, and how it ends."""
    differs = e.get("differs_in") or []
    out = ("Replayed under each reading, the witness "
           + (f"parts ways in: {esc(', '.join(differs))}.\n\n" if differs else
              "gives the same outcome under every reading.\n\n"))
    if not differs:
        out += admonition("warning", "The readings do not part ways on this witness.")

    def at(o: dict[str, Any], i: int) -> Any:
        if o.get("refused_at") == i:
            return ("refused", o.get("refused_by"))
        evs = o.get("events") or []
        return tuple(evs[i]) if i < len(evs) else None

    n = max([len(o.get("events") or []) for o in outs.values()]
            + [(o.get("refused_at") or 0) + 1 for o in outs.values()] + [0])
    first = next((i for i in range(n) if len({repr(at(o, i)) for o in outs.values()}) > 1),
                 None)
    col = "At the end"
    if first is not None:
        act = actions[first] if first < len(actions) else f"action {first}"
        col = f"Action {first} ({act})"
    rows = []
    for value, o in outs.items():
        if first is None:
            what = esc(", ".join(o.get("legal", [])[:6])) or "—"
        else:
            a = at(o, first)
            if a is None:
                what = "(not reached)"
            elif a and a[0] == "refused":
                what = f"refused under {ref(a[1]) if a[1] else '?'}"
            else:
                what = "; ".join(esc(x) for x in a) or "(no event)"
        rows.append([lit(value) + (" (default)" if value == e.get("default") else ""), what,
                     esc(o.get("scores")),
                     esc(o.get("winners")) if o.get("over") else "not over"])
    out += list_table(["Reading", esc(col), "Scores", "Winners"], rows, [16, 54, 15, 15])
    return out


def _invariants(d: GameData) -> str:
    sp = d.spec
    if not sp.invariants:
        return ""
    out = heading("Invariants", "=")
    out += ("Checked on every state the exploration reaches, and by the property-based"
            " tests.\n\n")
    rows = [[lit(i.id), ", ".join(ref(r) if r in sp.catalogue else lit(r)
                                           for r in i.rules), esc(i.statement)]
            for i in sp.invariants]
    return out + list_table(["Invariant", "Clauses", "Statement"], rows, [14, 26, 60])


def _proofs(d: GameData) -> str:
    out = heading("Proofs", "=")
    if d.properties is None and d.results is None:
        return out + f"Not yet available: {esc(d.properties_note or d.results_note)}.\n\n"
    if d.results is not None:
        out += (f"The Z3 properties of this game, run while this page was built"
                f" ({d.results_seconds:.1f} s). See also :doc:`../proofs`.\n\n")
        return out + proof_table(d.results, label_ids=True)
    note = d.results_note or "the proofs were not run in this build"
    out += f"Declared properties ({esc(note)}):\n\n"
    return out + proof_table(d.properties or [], label_ids=True)


def proof_table(results: list[Any], label_ids: bool = False) -> str:
    """The properties as a table, then each one's detail (counterexample, witness...)."""
    if not results:
        return "No property declared yet.\n\n"
    rows = []
    details = ""
    for r in results:
        rid = attr(r, "id")
        status = attr(r, "status")
        ok = attr(r, "ok")
        if callable(ok):
            ok = ok()
        status_text = esc(status) if status else "(not run)"
        if status and ok is False:
            status_text = f"**{status_text}** ✗"
        seconds = attr(r, "seconds")
        rows.append([f":proof:`{rid}`" if label_ids else lit(rid),
                     ", ".join(ref(c) for c in attr(r, "clauses", ()) or ()),
                     esc(attr(r, "statement", "")), status_text,
                     esc(attr(r, "expected") or "—"),
                     f"{seconds:.2f}" if isinstance(seconds, (int, float)) else "—"])
        detail = attr(r, "detail", "") or ""
        if detail:
            details += f"{lit(rid)}\n   {esc(detail)}\n"
    # with label_ids, each row is its property's target, so clauses and findings link to it
    out = list_table(["Property", "Clauses", "Statement", "Status", "Expected",
                                "Seconds"], rows, [12, 16, 44, 10, 10, 8])
    if details:
        out += ".. rubric:: What each check found\n\n" + details + "\n"
    return out


def _coverage(d: GameData) -> str:
    cov = d.coverage
    sp = d.spec
    out = heading("Clause coverage", "=")
    sources = list(cov.events)
    out += (f"Measured while this page was built: {cov.games} random playouts"
            f" ({cov.actions} actions, every variant and every non-default reading), a bounded"
            f" walk of the spec's exploration configurations, and the replay of its scenario"
            f" and witness files. A clause counts as exercised when an event cites it, an"
            f" invariant citing it held on an explored state, or a guard citing it refused a"
            f" candidate action.\n\n")
    rows = []
    for c in sp.clauses:
        counts = [str(cov.events[s].get(c.id, 0)) for s in sources]
        refused = cov.refusals.get(c.id, 0)
        seen = sum(cov.events[s].get(c.id, 0) for s in sources) + refused
        rows.append([ref(c.id), esc(c.kind), *counts, str(refused), mark(bool(seen))])
    out += list_table(["Clause", "Kind", *[esc(s.capitalize()) for s in sources],
                       "Guard refusals",
                       "Exercised"], rows)
    extra = sorted({r for s in sources for r in cov.events[s]} - d.all_ids)
    if extra:
        out += admonition("warning", "Events cite IDs the catalogue does not declare: "
                          + ", ".join(lit(x) for x in extra))
    if cov.notes:
        out += admonition("note", "While measuring:\n\n" + bullets(esc(n) for n in
                                                                    cov.notes[:20]))
    return out


# --- the other generated pages --------------------------------------------------------------

def games_index(names: list[str], missing: list[str], broken: dict[str, str]) -> str:
    out = label("games") + heading("The games", "=", over=True)
    out += ("For each game, the clarified rulebook: the rules in our words and in the printed"
            " order, with a ruling wherever the text is ambiguous, pictures, worked examples"
            " and what the verification found. Beside it, its traceability record: where each"
            " clause is implemented, tested, proved and observed. Both are generated from the"
            " spec while the site is built.\n\n")
    if names:
        out += directive("toctree", "", {"maxdepth": "1", "caption": "Rulebooks"},
                         "\n".join(f"{GAMES_DIR}/{n}" for n in names))
        out += directive("toctree", "", {"maxdepth": "1", "caption": "Traceability"},
                         "\n".join(f"trace/{n}" for n in names))
    for n in missing:
        out += f"* {lit(n)}: not yet available (its spec has not landed).\n"
    for n, why in broken.items():
        out += f"* {lit(n)}: its spec could not be loaded ({esc(why)}).\n"
    return out + "\n"


def proofs_page(by_game: dict[str, Any], props_note: str) -> str:
    out = label("proofs") + heading("Proof results", "=", over=True)
    out += ("The Z3 properties of every game, run while this page was built. Each property"
            " runs the game's own scoring and resolution code on symbolic inputs. *proved*: it"
            " holds for every input; *refuted*: it fails (see the detail); *witness*: the"
            " situation sought can happen; *unknown* and *error* are failures. *Expected* is"
            " the status recorded in ``proofs/manifest.json``.\n\n")
    if not by_game:
        return out + f"Not yet available: {esc(props_note)}.\n\n"
    for game, res in by_game.items():
        out += heading(game, "=")
        results, note, seconds = res
        if results is None:
            out += f"Not yet available: {esc(note)}.\n\n"
            continue
        bad = [r for r in results if attr(r, "ok") is False]
        out += (f"{len(results)} properties in {seconds:.1f} s"
                + (f"; not as expected: {', '.join(lit(attr(r, 'id')) for r in bad)}"
                   if bad else "") + ".\n\n")
        out += proof_table(results)
    return out


def exploration_page(result: Any, note: str, seconds: float, manifest: Any) -> str:
    out = label("exploration") + heading("Exploration manifest", "=", over=True)
    out += ("Each game declares a few small configurations whose whole reachable state space"
            " is walked, like a model checker, checking every invariant of the game and the"
            " generic properties (no dead end, termination, every event cites a known clause,"
            " no step raises, scores well formed). The manifest"
            " (``engine/data/explore_manifest.json``) records the expected counts; a rule"
            " change that changes the reachable space shows up there. The large"
            " configurations, worth proving, are walked here only up to their first"
            " states (the whole count is the manifest's): ``fruitspec verify --thorough``"
            " walks them whole on every core (:ref:`exploring-at-scale`).\n\n")
    if result is None:
        out += f"The exploration was not run in this build: {esc(note)}.\n\n"
    elif isinstance(result, list) and all(isinstance(r, dict) and "states" in r
                                          for r in result):
        out += f"Run while this page was built ({seconds:.1f} s).\n\n"
        out += _exploration_table(result)
    else:
        out += f"Run while this page was built ({seconds:.1f} s).\n\n"
        out += _generic_table(result)
    if manifest and result is None:
        out += heading("The stored manifest", "=")
        rows = [[esc(g), esc(c), *[esc(_fmt(v.get(k))) for k in
                                  ("states", "terminal_states", "edges", "max_depth",
                                   "complete")]]
                for g, configs in manifest.items() if isinstance(configs, dict)
                for c, v in configs.items() if isinstance(v, dict)]
        out += list_table(["Game", "Configuration", "States", "Terminal", "Edges",
                           "Depth", "Complete"], rows)
    return out


def _exploration_table(results: list[dict[str, Any]]) -> str:
    """One table per game: each configuration's counts and result."""
    out = ""
    problems = ""
    games: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        games.setdefault(str(r.get("game")), []).append(r)
    for game, rs in games.items():
        rows = []
        for r in rs:
            result = ("✓" if r.get("ok") else "**✗**") + (
                " complete" if r.get("complete") else
                f" stopped at {_fmt(r.get('max_states'))} states")
            if r.get("manifest"):
                result += f"; manifest: {r['manifest']}"
            if r.get("whole_states"):
                result += f" ({_fmt(r['whole_states'])} states whole)"
            rows.append([esc(r.get("config") or "—"),
                         esc(f"{r.get('players')}" + (f", {r['variant']}" if r.get("variant")
                                                      else "")),
                         *[esc(_fmt(r.get(k))) for k in ("states", "terminal_states", "edges",
                                                         "max_depth", "seconds")],
                         esc(result).replace(r"\*\*", "**")])
            for v in r.get("violations") or ():
                problems += (f"* **{esc(game)} / {esc(r.get('config'))}**:"
                             f" {lit(v.get('invariant'))}: {esc(v.get('message'))}"
                             + (f" (after {lit(' ; '.join(v['path']))})" if v.get("path")
                                else "") + "\n")
        out += heading(game, "=")
        out += list_table(["Configuration", "Players", "States", "Terminal", "Edges", "Depth",
                           "Seconds", "Result"], rows, [24, 10, 9, 9, 9, 7, 8, 24])
    if problems:
        out += ".. rubric:: Violations\n\n" + problems + "\n"
    return out


def _generic_table(data: Any) -> str:
    """Render a list of records or a nested mapping {game: {config: {...}}} as tables."""
    rows = _records(data)
    if not rows:
        return code(json.dumps(data, indent=2, default=str)[:20000], "json")
    keys: list[str] = []
    for r in rows:
        for k, v in r.items():
            if k not in keys and not isinstance(v, (dict, list)):
                keys.append(k)
    body = [[esc(_fmt(r.get(k))) for k in keys] for r in rows]
    out = list_table([esc(k) for k in keys], body)
    nested = [(r, k) for r in rows for k, v in r.items() if isinstance(v, (dict, list)) and v]
    if nested:
        out += ".. rubric:: Details\n\n"
        for r, k in nested[:40]:
            name = " / ".join(esc(r.get(x)) for x in ("game", "config", "name") if r.get(x))
            out += f"**{name or 'entry'}** — {esc(k)}:\n\n"
            out += code(json.dumps(r[k], indent=2, default=str)[:4000], "json")
    return out


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.2f}"
    return "—" if v is None else str(v)


def _records(data: Any, path: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    if hasattr(data, "to_json"):
        data = data.to_json()
    if isinstance(data, list) and all(isinstance(x, dict) or hasattr(x, "to_json")
                                      for x in data):
        return [x.to_json() if hasattr(x, "to_json") else x for x in data]
    if isinstance(data, dict):
        if data and all(not isinstance(v, dict) for v in data.values()):
            return [dict(zip(("game", "config", "name"), path)) | data] if path else [data]
        out = []
        for k, v in data.items():
            if isinstance(v, (dict, list)):
                out.extend(_records(v, path + (str(k),)))
        return out
    return []


#: what a witness's replays can differ in, in a designer's words
_DIFFERS = {"refused_at": "an action refused", "legal": "the actions allowed",
            "events": "what happens", "scores": "the scores", "winners": "the winner",
            "over": "when the game ends"}


def witness_says(e: dict[str, Any]) -> str:
    """What the entry's witness shows, replayed under each reading (the register's cell)."""
    if not e.get("witness"):
        return "none yet"
    if not e.get("outcomes"):
        return "stored, not replayed"
    agreeing = e.get("agreeing") or []
    differs = [_DIFFERS.get(k, k) for k in e.get("differs_in") or []]
    if not differs:
        return "✗ every reading ends alike"
    said = "parts the readings in " + ", ".join(differs)
    if agreeing:
        own = [v for v in agreeing if (e.get("apart") or {}).get(v, {}).get("witness")
               not in (None, e.get("witness"))]
        said += "; " + ", ".join(lit(v) for v in agreeing) + (
            " plays out as the default on it" + (" (a witness of its own parts it)"
                                                  if own else ""))
    return said


def register_page(entries: list[tuple[str, dict[str, Any]]], note: str) -> str:
    out = label("register") + heading("Ambiguity register", "=", over=True)
    out += ("Every place where a rulebook is ambiguous, silent or contradicts itself, across"
            " the four games: the question, its readings, the default and why. Each entry"
            " links to its full record (witness and per-reading outcome) on its game's"
            " page.\n\n")
    if note:
        out += admonition("note", esc(note))
    if not entries:
        return out + "No entry yet.\n\n"
    rows = []
    for game, e in entries:
        rows.append([ref(e["id"]), esc(game), lit(e["option"]), esc(e.get("kind", "")),
                     esc(e["question"]),
                     "; ".join(f"{lit(r['value'])}{' (default)' if r['default'] else ''}"
                               for r in e["readings"]),
                     witness_says(e)])
    out += list_table(["ID", "Game", "Option", "Kind", "Question", "Readings",
                       "Witness"], rows, [9, 9, 12, 9, 33, 18, 10])
    return out + register_section()


def notation_page(specs: list[Any]) -> str:
    out = label("notation") + heading("Notation", "=", over=True)
    out += ("Actions are written as text: the move name and its arguments, optionally"
            " prefixed by the seat (``p2: play B7``). Seats count from 0. ``str(action)``"
            " always includes the prefix; it may be left out when only one seat could make"
            " that action. Cards are written with the fruit's letter(s) and the number, as"
            " below. Every table here is generated from the specs' moves.\n\n")
    out += heading("Cards", "=")
    out += list_table(["Game", "Fruits (prefix: fruit)", "Examples"], [
        ["tindahan, bastos", "B banana, L lanzones, M mango, P pineapple, D durian",
         "``B10``, ``M2``"],
        ["fruit-passion", "CO coconut, PA papaya, FI fig, AV avocado, PI pineapple,"
         " PG pomegranate, PF passion fruit; a hybrid card ends in ``*``", "``PI5*``, ``PF7``"],
        ["tanuki-market", "S strawberry, F fig, B banana, P pineapple, W watermelon; an effect"
         " follows a slash (``move``, ``replace``, ``favorite``, ``five``, ``bitten``); the"
         " special cards ``GRANNY`` and ``TACO``", "``S``, ``F/move``, ``W/bitten``"],
    ], [18, 60, 22])
    for sp in specs:
        out += heading(f"{_title(sp)} ({sp.name})", "=")
        rows = [[lit(m.notation or m.name), ", ".join(lit(p) for p in sorted(m.phases)),
                 ref(m.rule) if m.rule in sp.catalogue else lit(m.rule), esc(m.doc)]
                for m in sp.moves]
        out += list_table(["Form", "Phases", "Clause", "Meaning"], rows, [22, 18, 12, 48])
        out += f"An unknown move is refused under {ref(sp.notation_rule)}.\n\n" \
            if sp.notation_rule in sp.catalogue else ""
    if not specs:
        out += "No game spec is available yet.\n\n"
    return out


def schemas_page(schemas: dict[str, Any], notes: dict[str, str]) -> str:
    out = label("schemas") + heading("JSON schemas", "=", over=True)
    out += ("For front-ends: the JSON Schema of each game's dumped state"
            " (``game.dumps(state)``), its per-seat view (``game.view(state, seat)``), an"
            " action and a scenario file, generated from the spec's state type while this page"
            " was built (the same as ``fruitspec schema GAME``).\n\n")
    for game, doc in schemas.items():
        out += heading(game, "=")
        for part, schema in doc.items() if isinstance(doc, dict) else ():
            if part == "game":
                continue
            out += heading(str(part), "-")
            out += code(json.dumps(schema, indent=2, sort_keys=False), "json")
    for game, why in notes.items():
        out += heading(game, "=") + f"Not yet available: {esc(why)}.\n\n"
    if not schemas and not notes:
        out += "No game spec is available yet.\n\n"
    return out


def api_page(modules: list[tuple[str, str]]) -> str:
    """autodoc of every importable module; ``modules``: (name, error or '')."""
    out = label("api") + heading("API reference", "=", over=True)
    out += ("The engine's public API (``import engine``) and the spec vocabulary that game specs"
            " are written in. Generated by autodoc from the modules present in this build;"
            " ``[source]`` links show the code.\n\n")
    groups: dict[str, list[tuple[str, str]]] = {}
    for name, err in modules:
        groups.setdefault(name.split(".")[0], []).append((name, err))
    titles = {"engine": "The engine", "spec": "The spec vocabulary", "proofs": "Proofs"}
    for top, mods in groups.items():
        out += heading(titles.get(top, top), "=")
        for name, err in mods:
            if err:
                out += heading(name, "-") + f"Not yet available: {esc(err)}.\n\n"
                continue
            out += directive("automodule", name,
                             {"members": "", "show-inheritance": ""}
                             | ({"no-index": ""} if name in ("engine",) else {}))
    return out


def listing_page(root: Path, rel: str) -> str:
    from .sources import listing_rst
    return listing_rst(root, rel)


__all__ = ["games_index", "game_page", "proofs_page", "exploration_page", "register_page",
           "notation_page", "schemas_page", "api_page", "listing_page", "indent", "pictures"]
