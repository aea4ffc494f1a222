"""The designer start pages: for each game, does each reading matter (the design report).

Rendered from the committed report data (``engine/data/report/<game>.json``, made by
``python -m engine.analysis.report.data GAME``); nothing is played while the site is
built. A page says *stale* when the game's spec has changed since its data were computed,
and gives a reading the data do not cover a *pending* row.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from .rst import admonition, esc, heading, label, link, list_table, lit, ref

DIR = "designer"
KINDS = (("ambiguity", "Ambiguities: the text can be read two ways"),
         ("gap", "Gaps: the text is silent"),
         ("contradiction", "Contradictions: two passages disagree"),
         ("settled", "Settled: a reading we are sure of, kept to show it"),
         ("setting", "Settings: a choice the rules leave to the players"))
METRICS = ("balance", "advantage", "completion", "drawishness", "decision_moves",
           "branching_factor", "lead_change", "drama", "decisiveness", "duration",
           "score_spread", "winner_change", "skill_depth", "chance_vs_skill")


def _words() -> Any:
    from engine.analysis.report import words
    return words


def _plain(text: str) -> str:
    """A reading's text in a designer's words: chance, not the generator's seed."""
    return re.sub(r"\bthe seed\b", "chance", text)


def what_changes(opt: Any, value: str, row: dict[str, Any] | None) -> str:
    """One plain sentence: what a player would notice under the reading, and how much."""
    texts = {r.value: _plain(r.text) for r in opt.readings}
    said = f"With {lit(value)}, {esc(texts[value])} (by default, {esc(texts[opt.default])})"
    if row is None:
        return said + "; not yet measured."
    if row["equivalent"]:
        return said + f"; the games are the same up to {esc(row['equivalent'])}, checked."
    w = _words()
    seat, e = w.largest_win_change(row)
    return (said + f"; {w.player(seat)}'s win rate moves {esc(w.interval(e))}"
            f" between {esc(row['agents'])} players.")


def row_anchor(option_id: str, value: str, players: int | None) -> str:
    """The HTML id of a reading's row on its designer page (a ruling box links to it)."""
    from docutils.nodes import make_id
    return make_id(f"{option_id}-{value}" + (f"-{players}" if players else ""))


def anchor_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
    """``:fruit-anchor:`tin-a1``` - an empty mark carrying that HTML id, so a row of a table
    can be linked to (a label cannot sit in a table cell)."""
    from docutils import nodes
    node = nodes.inline("", "")
    node["ids"] = [nodes.make_id(text)]
    return [node], []


def _anchor(name: str) -> str:
    return f":fruit-anchor:`{name}`\\ "


def _decided_by(row: dict[str, Any]) -> str:
    """Which agents decided the row and over how many deals."""
    out = f"by {lit(row['agents'])} over {row['games']} deals"
    if row.get("screening"):  # the screening left it open, the stronger agents decided it
        out += (f", after {lit(row['screening']['agents'])} left it undecided over"
                f" {row['screening']['games']}")
    return out


def _verdict(row: dict[str, Any] | None) -> str:
    if row is None:
        return "**pending**"
    v = f"**{row['verdict']}**" + (f" ({esc(row['equivalent'])})" if row["equivalent"] else "")
    return v + f", {_decided_by(row)}"


_LOADED: dict[str, dict[str, Any] | None] = {}


def _data(game: str) -> dict[str, Any] | None:
    if game not in _LOADED:
        from engine.analysis.report.data import load
        _LOADED[game] = load(game)
    return _LOADED[game]


def impact(game: str, option_id: str, values: list[str] | None = None,
           plain: bool = False) -> str:
    """What a ruling box says of its readings' impact (reST): each rival reading's verdict
    and interval, linked to its row on the designer page; pending ones said so. ``plain``
    (a player edition) names the readings by their place and the verdicts in words, as
    players read them, without the option's values."""
    from engine.analysis.report.data import stale
    data = _data(game)
    rows = [r for r in (data or {}).get("readings", []) if r["option"] == option_id]
    rivals = list(values or dict.fromkeys(r["reading"] for r in rows))
    page = f"../{DIR}/{game}.html"

    def name(v: str) -> str:
        if not plain:
            return v
        return ("the other reading" if len(rivals) == 1 else
                f"other reading {rivals.index(v) + 1}" if v in rivals else "another reading")

    parts = []
    for r in rows:
        where = f" at {r['players']} players" if len({x["players"] for x in rows}) > 1 else ""
        said = _words().FOR_PLAYERS.get(r["verdict"], r["verdict"]) if plain else r["verdict"]
        # a player reads the verdict in words; its interval is on the designer page
        parts.append(link(f"{name(r['reading'])}{where}: {said}", page + "#" + row_anchor(
            option_id, r["reading"], r["players"])) + ("" if plain else f" ({_interval(r)})"))
    done = {r["reading"] for r in rows}
    parts += [(f"{name(v)}: not yet measured" if plain else f"{lit(v)}: pending")
              for v in rivals if v not in done]
    if not parts:
        return ""
    note = " (measured before the rules last changed)" if data and stale(data) else ""
    more = "how we measured it" if plain else "every reading on the designer page"
    return ("*Does it matter?* " + "; ".join(parts) + f"{note} · "
            + link(more, page + "#" + option_id.lower()) + ".")


def _interval(row: dict[str, Any] | None) -> str:
    if row is None:
        return "—"
    w = _words()
    seat, e = w.largest_win_change(row)
    return esc(f"{w.player(seat)}: {w.interval(e)}")


def _reproduce(game: str, opt: Any, row: dict[str, Any] | None) -> str:
    players = f" --players {row['players']}" if row else ""
    variant = f" --variant {row['variant']}" if row and row.get("variant") else ""
    return lit(f"fruitspec report {game} --readings {opt.id}{players}{variant}")


def _question_rows(game: str, opts: list[Any], rows: dict[tuple[str, str], list[dict[str, Any]]]
                   ) -> list[list[str]]:
    out = []
    marked: set[str] = set()
    for opt in opts:
        for value in opt.values:
            if value == opt.default:
                continue
            found: list[dict[str, Any] | None] = list(rows.get((opt.id, value), []))
            for row in found or [None]:
                marks = "" if opt.id in marked else _anchor(opt.id.lower())
                marked.add(opt.id)
                marks += _anchor(row_anchor(opt.id, value, row["players"] if row else None))
                out.append([
                    marks + link(opt.id, f"../games/{game}.html#{opt.id.lower()}"),
                    esc(opt.question), lit(opt.default), lit(value),
                    str(row["players"]) if row else "—", _verdict(row), _interval(row),
                    what_changes(opt, value, row), _reproduce(game, opt, row),
                    link("viewer", f"/ambiguities/{opt.id}")])
    return out


def _metric(m: dict[str, Any]) -> str:
    lo, hi = m["ci95"]
    return esc(f"{m['value']:.3g} [{lo:.3g}, {hi:.3g}]")


def _metrics_table(base: dict[str, Any]) -> str:
    rows = [[ref(f"metric-{k.replace('_', '-')}", k), _metric(base["metrics"][k])]
            for k in METRICS if k in base["metrics"]]
    return list_table(["Metric", "Default against itself (95% interval)"], rows, [30, 70])


def played_in(c: dict[str, Any]) -> str:
    """Where a clause was played barred: players, variant and any reading (reST)."""
    out = f"{c['players']} player{'s' if c['players'] != 1 else ''}"
    if c.get("variant"):
        out += f", {lit(c['variant'])}"
    for k, v in (c.get("options") or {}).items():
        out += f", {lit(f'{k}={v}')}"
    return out


def _clauses(data: dict[str, Any], catalogue: Any) -> str:
    w = _words()
    rows = [[lit(c["clause"]), esc(catalogue[c["clause"]].text) if c["clause"] in catalogue else "",
             played_in(c), f"**{c['verdict']}**, {_decided_by(c)}",
             esc(w.interval(c["restricted"])),
             esc(f"{c['fires_per_game']['value']:.1f}")]
            for c in data["clauses"]]
    return list_table(["Clause", "What it grants", "Played in", "Verdict",
                       "Win-rate change of a barred player", "Used per game"], rows,
                      [9, 31, 12, 16, 20, 8])


def _ladder(base: dict[str, Any]) -> str:
    """The skill ladder rung by rung: each rung's edge over the one below, with its interval."""
    sd = base["metrics"].get("skill_depth")
    if not sd or not sd.get("ladder"):
        return ""
    lo, hi = sd["ci95"]
    out = (f"**Skill depth** {sd['value']} (95% interval {lo} to {hi} rungs) of"
           f" {len(sd['ladder'])}, {sd['games_per_rung']} games a rung; a rung climbs when"
           " the interval of its edge lies above 0.\n\n")
    rows = [[lit(r["agent"]), lit(r["against"]), esc(_words().interval(r["edge"])),
             "yes" if r["edge"]["ci95"][0] > 0 else "no"] for r in sd["ladder"]]
    return out + list_table(["Rung", "Against", "Edge in win share (95% interval)", "Climbs"],
                            rows, [20, 20, 40, 20])


def _exact(data: dict[str, Any]) -> str:
    rows = []
    for r in data.get("exact", []):
        ex, sa = r["exact"], r["sampled"]
        rows.append([lit(r["config"]),
                     esc(f"{ex['duration']:.3f}") if ex else "too large",
                     _metric(sa["duration"]),
                     esc(f"{ex['branching_factor']:.3f}") if ex else "—",
                     esc(f"{sa['branching_factor']:.3f}"),
                     esc(", ".join(f"{k} {v:.0%}" for k, v in (ex or sa)["endings"].items())),
                     "yes" if r.get("agrees") else "no"])
    return list_table(["Configuration", "Length, exact", "Length, sampled", "Options, exact",
                       "Options, sampled", "Endings (exact)", "Agree"], rows,
                      [22, 10, 18, 10, 10, 22, 8])


def _made(data: dict[str, Any], is_stale: bool) -> str:
    m = data["made"]
    out = (f"Computed {esc(m['date'])} with fruitspec {esc(m['version'])} by {lit(m['command'])}:"
           f" {m['games_played']} games by {lit(m['agents'])} agents in {m['cpu_seconds']:.0f}"
           f" CPU seconds (budget {m['budget']:.0f}), tolerance"
           f" {100 * m['tolerance']:.0f} points, target half-width {100 * m['half_width']:.0f}"
           " points.\n\n")
    if is_stale:
        out = admonition("warning", "**Stale**: the game's rules have changed since these"
                         " figures were computed; recompute them with the command below.") + out
    return out


def _baseline(data: dict[str, Any]) -> str:
    b = data["baseline"]
    wc = b["metrics"]["winner_change"]
    return (f"**Null baseline.** The default played against itself on the same {b['games']}"
            f" deals, only the agents' own randomness drawn afresh, reads **{b['verdict']}**;"
            f" yet the winner differs in {100 * wc['value']:.0f}% of the deals. Any"
            " reading's \"winner change\" below that is noise, which is why the verdicts rest"
            " on win rates and score shifts measured on the same deals, not on it.\n\n")


def game_page(game: str, title: str, spec: Any, data: dict[str, Any] | None,
              svg: Callable[[str, dict[str, Any]], str | None]) -> str:
    from engine.analysis.report.data import pending, stale

    out = label(f"designer-{game}") + heading(f"{title}: does each reading matter?", "=",
                                              over=True)
    out += ("Every open question of the rulebook, each rival reading played against the"
            " default on the same deals. A verdict is **no-difference** when every"
            " headline interval lies inside the tolerance (or the readings are the same game"
            " up to a checked renaming), **matters** when one excludes no change after Holm's"
            " adjustment, **undecided** otherwise. The metrics are defined in"
            f" {ref('report-metrics', 'the metrics page')}. Each entry links to its ruling in"
            f" the rulebook; the witness viewer path opens on ``fruitspec serve``.\n\n")
    if data is None:
        out += admonition("note", "No report data are committed for this game yet: every"
                          " reading below is pending.")
    else:
        out += _made(data, stale(data)) + _baseline(data)
        forest = svg("forest", data)
        if forest:
            out += f".. image:: {forest}\n   :alt: forest plot of every reading\n\n"
    rows: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in (data or {}).get("readings", []):
        rows.setdefault((r["option"], r["reading"]), []).append(r)
    opts = [o for o in spec.options]
    for kind, kind_title in KINDS:
        of_kind = [o for o in opts if o.kind == kind]
        if not of_kind:
            continue
        out += heading(kind_title, "-")
        out += list_table(["Entry", "Question", "Default", "Reading", "Players", "Verdict",
                           "Largest win-rate change", "What changes", "Reproduce",
                           "Witness viewer"], _question_rows(game, of_kind, rows),
                          [6, 16, 7, 7, 5, 8, 11, 22, 12, 6])
    if data is None:
        return out
    waiting = pending(game, data)
    if waiting:
        out += admonition("note", "Pending (no data yet): " + ", ".join(
            lit(f"{i}={v}") for i, v in waiting) + ".")
    out += heading("The game itself", "-") + _metrics_table(data["baseline"])
    out += _ladder(data["baseline"])
    out += heading("Restricted play: how much does each clause matter?", "-")
    chart = svg("clauses", data)
    if chart:
        out += f".. image:: {chart}\n   :alt: clause importance\n\n"
    out += _clauses(data, spec.catalogue)
    out += heading("Exact figures on small positions", "-")
    out += ("Under random play the whole tree of each small position is weighed exactly;"
            " random play-outs from it give the sampled figures beside them.\n\n")
    return out + _exact(data)


def index_page(games: list[tuple[str, str]]) -> str:
    out = label("designer") + heading("Designer start pages", "=", over=True)
    out += ("For each game: every open question, whether its readings change the game, by how"
            " much, and which clauses carry the game.\n\n")
    out += ".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {g}\n" for g, _ in games) + "\n"
    return out


def register_section() -> str:
    """What the register page says of impact: the design report replaced its table."""
    return (heading("Does a reading matter?", "=") + "The measured effect of every"
            " reading, with the null baseline and intervals, is on each game's"
            f" {ref('designer', 'designer start page')}.\n\n")


def write_pages(out: Path, specs: dict[str, Any], write: Callable[[Path, str], None],
                keep: Callable[[Path], None]) -> None:
    """The designer pages and their pictures (each ``keep``-ed, so the build's clean-up
    leaves it), from the committed report data."""
    from engine.analysis.report import data as report_data
    from engine.analysis.report.plots import forest, importance

    folder = out / DIR
    folder.mkdir(parents=True, exist_ok=True)
    draw = {"forest": forest, "clauses": importance}
    for game, sp in specs.items():
        def svg(kind: str, data: dict[str, Any], game: str = game) -> str | None:
            rows = data["readings"] if kind == "forest" else data["clauses"]
            if not rows:
                return None
            path = folder / f"{game}-{kind}.svg"
            draw[kind](data, path)
            keep(path.resolve())
            return path.name

        write(folder / f"{game}.rst", game_page(game, sp.title, sp, report_data.load(game), svg))
    write(folder / "index.rst", index_page([(g, sp.title) for g, sp in specs.items()]))
