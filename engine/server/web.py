"""The web table: the pages a browser opens, and the read-only data only they need.

The pages are plain HTML, CSS and ES modules shipped in ``engine/server/static`` (no build
step). Everything a page does to a table goes through the table API of the server, with
the seat's token, so the web table sees exactly what any other front-end would see. The
routes here add what the table API has no reason to carry: the lobby's catalogue (readings
in words, with the register's question), the ambiguity register's witnesses replayed side
by side, and a clause's wording for the event log's links.

Seat tokens never reach these routes: seat links carry the token in the URL's fragment
(``/t/ID#s0=TOKEN``), which the browser keeps to itself.
"""
from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, RedirectResponse,
                                 Response)
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

import spec as _specs
from spec.common.errors import ConfigError

from engine.analysis import agents as _agents
from engine.analysis import ambiguities as _register
from engine.core.scenario import replay

STATIC = Path(__file__).with_name("static")
#: the Sphinx site, when it has been built beside the sources (``make docs``)
DOCS_HTML = Path(__file__).resolve().parents[2] / "docs" / "_build" / "html"


# --- pages ---------------------------------------------------------------------------------
def error_page(title: str, message: str, status: int) -> HTMLResponse:
    """A plain page saying what went wrong and where to go next (never a traceback)."""
    body = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)} · fruitspec</title>"
            f"<link rel='stylesheet' href='/static/css/fruitspec.css'></head>"
            f"<body class='page-error'><main class='notice' role='alert'>"
            f"<h1>{html.escape(title)}</h1><p>{html.escape(message)}</p>"
            f"<p><a href='/'>Back to the lobby</a></p></main></body></html>")
    return HTMLResponse(body, status_code=status)


def _page(name: str) -> Callable[[Request], Any]:
    async def serve(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")
    return serve


def _table_page(table_exists: Callable[[str], bool] | None) -> Callable[[Request], Any]:
    async def serve(request: Request) -> Response:
        table = request.path_params["table"]
        if table_exists is not None and not table_exists(table):
            return error_page("No such table",
                              f"There is no table {table!r} on this server. It may have been"
                              " typed wrong, or created on another server.", 404)
        return FileResponse(STATIC / "table.html", media_type="text/html")
    return serve


async def witness_page(request: Request) -> Response:
    ident = request.path_params["ident"]
    if _find_option(ident) is None:
        return error_page("No such ambiguity",
                          f"{ident!r} is not an entry of the ambiguity register"
                          " (IDs look like TIN-A1).", 404)
    return FileResponse(STATIC / "witness.html", media_type="text/html")


# --- clauses and the docs --------------------------------------------------------------------
def _game_of(ident: str) -> str | None:
    prefix = ident.split("-", 1)[0].upper()
    for name in _specs.available():
        if _specs.get(name).prefix.upper() == prefix:
            return name
    return None


def docs_anchor(ident: str) -> str:
    """The HTML id Sphinx gives a clause's or an option's label (``TIN-3.2`` → ``tin-3-2``)."""
    return ident.lower().replace(".", "-")


@functools.lru_cache(maxsize=1)
def docs_pages() -> dict[str, str]:
    """Each clause's or option's anchor in the built docs, and the page that holds it (a
    game's page first). Empty when the docs have not been built."""
    found: dict[str, str] = {}
    root = DOCS_HTML / "generated"
    if not root.is_dir():
        return found
    prefixes = "|".join(re.escape(_specs.get(n).prefix.lower()) for n in _specs.available())
    ids = re.compile(rf'id="((?:{prefixes})-[0-9a-z]+(?:-[0-9]+)*)"')
    pages = sorted(root.rglob("*.html"), key=lambda p: (p.parent.name != "games", str(p)))
    for page in pages:
        for anchor in ids.findall(page.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(anchor, page.relative_to(DOCS_HTML).as_posix())
    return found


def clause_info(ident: str) -> dict[str, Any] | None:
    """A clause, option or invariant by ID: its game, wording and rulebook section."""
    game = _game_of(ident)
    if game is None:
        return None
    sp = _specs.get(game)
    key = ident.upper()
    if key in sp.catalogue:
        c = sp.catalogue[key]
        return {"id": c.id, "game": game, "kind": c.kind, "text": c.text,
                "section": c.section}
    for o in sp.options:
        if o.id.upper() == key:
            return {"id": o.id, "game": game, "kind": "option", "text": o.question,
                    "section": o.section, "option": o.name,
                    "readings": [{"value": r.value, "text": r.text,
                                  "default": r.value == o.default} for r in o.readings],
                    "reason": o.reason}
    for inv in sp.invariants:
        if inv.id.upper() == key:
            return {"id": inv.id, "game": game, "kind": "invariant",
                    "text": getattr(inv, "text", "") or getattr(inv, "statement", ""),
                    "section": ""}
    return None


async def rule_page(request: Request) -> Response:
    """The clause in the built docs when they are served, else its wording on a plain page."""
    ident = request.path_params["ident"]
    info = clause_info(ident)
    if info is None:
        return error_page("No such clause", f"{ident!r} is not a clause of any game"
                          " (IDs look like TIN-3.2 or BAS-A1).", 404)
    anchor = docs_anchor(info["id"])
    page = docs_pages().get(anchor)
    if page is not None:
        return RedirectResponse(f"/docs/{page}#{anchor}", status_code=307)
    readings = "".join(
        f"<li><code>{html.escape(r['value'])}</code>{' (default)' if r['default'] else ''}:"
        f" {html.escape(r['text'])}</li>" for r in info.get("readings", []))
    body = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(info['id'])} · fruitspec</title>"
            f"<link rel='stylesheet' href='/static/css/fruitspec.css'></head><body>"
            f"<main class='notice'><h1>{html.escape(info['id'])}"
            f" <small>{html.escape(info['game'])}</small></h1>"
            f"<p>{html.escape(info['text'])}</p>"
            + (f"<p class='muted'>Rulebook: {html.escape(info['section'])}</p>"
               if info["section"] else "")
            + (f"<ul>{readings}</ul><p class='muted'>Default because:"
               f" {html.escape(info.get('reason', ''))}</p>" if readings else "")
            + "<p class='muted'>Build the documentation (<code>make docs</code>) for the"
              " full annotated rules.</p><p><a href='/'>Lobby</a></p></main></body></html>")
    return HTMLResponse(body)


async def rule_json(request: Request) -> Response:
    info = clause_info(request.path_params["ident"])
    if info is None:
        return JSONResponse({"detail": "no such clause"}, status_code=404)
    return JSONResponse(info)


# --- the lobby's catalogue -------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    """Games, variants, player counts and every option with its readings in words."""
    games = []
    for name in _specs.available():
        sp = _specs.get(name)
        variants = []
        for v in sp.variants:
            variants.append({
                "name": v.name, "players": list(v.players), "description": v.description,
                "options": [{
                    "name": o.name, "id": o.id, "kind": o.kind, "question": o.question,
                    "default": o.default, "reason": o.reason, "docs": f"/rules/{o.id}",
                    "witness": f"/ambiguities/{o.id}"
                    if _register.witness_path(name, o).exists() else None,
                    "readings": [{"value": r.value, "text": r.text} for r in o.readings],
                } for o in sp.options_for(v.name)],
            })
        games.append({"name": name, "title": sp.title, "prefix": sp.prefix,
                      "variants": variants})
    return {"games": games, "agents": _agents.agent_names()}


async def catalogue_json(request: Request) -> Response:
    return JSONResponse(catalogue())


# --- the witness viewer ----------------------------------------------------------------------
def _find_option(ident: str) -> tuple[str, Any] | None:
    for game in _specs.available():
        for o in _register.options_of(game):
            if o.id.lower() == ident.lower():
                return game, o
    return None


@functools.lru_cache(maxsize=1)
def register_list() -> list[dict[str, Any]]:
    out = []
    for game in _specs.available():
        for o in _register.options_of(game):
            out.append({"id": o.id, "game": game, "option": o.name, "kind": o.kind,
                        "question": o.question, "default": o.default,
                        "readings": [r.value for r in o.readings],
                        "witness": _register.witness_path(game, o).exists()})
    return out


def _side(path: Path, option: str, value: str) -> dict[str, Any]:
    """The witness replayed under one reading: each step with its events and scores."""
    r = replay(path, options={option: value})
    g = r.game
    steps: list[dict[str, Any]] = []
    for i, text in enumerate(r.scenario.actions):
        if i < len(r.events):
            after = r.states[i + 1]
            steps.append({"action": text,
                          "events": [{"rule": e.rule, "text": e.text} for e in r.events[i]],
                          "legal": sorted(str(a) for a in g.legal_actions(r.states[i])),
                          "scores": g.scores(after), "view": g.view(after, None)})
        elif i == r.illegal_at and r.error is not None:
            steps.append({"action": text, "legal": sorted(str(a) for a in
                                                          g.legal_actions(r.states[i])),
                          "refused": {"rule": r.error.rule, "message": str(r.error)}})
        else:
            steps.append({"action": text, "skipped": True})
    over = g.is_over(r.state)
    return {"reading": value, "players": g.players, "steps": steps,
            "start": g.view(r.states[0], None),
            "legal_at_end": sorted(str(a) for a in g.legal_actions(r.state)),
            "scores": r.scores, "over": over, "winners": g.winners(r.state) if over else None}


def _signature(step: dict[str, Any]) -> Any:
    """What is compared between readings at one step (the spectator's board is not)."""
    return (step.get("legal"), step.get("events"), step.get("refused"), step.get("skipped"))


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> int | None:
    """The first step whose legal actions, events or refusal differ; past the last step
    when only the end differs; None when the readings agree on everything."""
    for i, (sa, sb) in enumerate(zip(a["steps"], b["steps"])):
        if _signature(sa) != _signature(sb):
            return i
    ends = ("legal_at_end", "scores", "over", "winners")
    if any(a[k] != b[k] for k in ends):
        return len(a["steps"])
    return None


@functools.lru_cache(maxsize=256)  # bounded: only known IDs and readings get this far
def witness(ident: str, first: str | None = None, second: str | None = None) -> dict[str, Any]:
    """A register entry's witness replayed under two readings (default: the default and the
    first other reading). The answer is shared between calls: read it, do not change it."""
    found = _find_option(ident)
    if found is None:
        raise ConfigError(f"no ambiguity {ident!r} (IDs look like TIN-A1)")
    game, opt = found
    path = _register.witness_path(game, opt)
    if not path.exists():
        raise ConfigError(f"{opt.id} has no witness scenario yet")
    values = list(opt.values)
    a = first or opt.default
    b = second or next(v for v in values if v != a)
    for v in (a, b):
        if v not in values:
            raise ConfigError(f"{opt.id} has no reading {v!r} (readings: {', '.join(values)})")
    sides = [_side(path, opt.name, a), _side(path, opt.name, b)]
    scenario = json.loads(path.read_text(encoding="utf-8"))
    sp = _specs.get(game)
    return {
        "id": opt.id, "game": game, "option": opt.name, "kind": opt.kind,
        "question": opt.question, "default": opt.default, "reason": opt.reason,
        "section": opt.section, "clauses": list(opt.clauses),
        "clause_texts": {c: sp.catalogue[c].text for c in opt.clauses if c in sp.catalogue},
        "readings": [{"value": r.value, "text": r.text} for r in opt.readings],
        "scenario": scenario, "players": sides[0]["players"], "sides": sides, "first_difference": first_difference(*sides),
    }


async def register_json(request: Request) -> Response:
    return JSONResponse(register_list())


def witness_json(request: Request) -> Response:  # sync: Starlette runs it off the event loop
    q = request.query_params
    try:
        data = witness(request.path_params["ident"], q.get("a"), q.get("b"))
    except ConfigError as exc:
        return JSONResponse({"detail": str(exc)}, status_code=404)
    return JSONResponse(data)


# --- the routes ------------------------------------------------------------------------------
def _exists_in(tables: Any) -> Callable[[str], bool] | None:
    if tables is None:
        return None

    from engine.core.table import Refusal

    def exists(table_id: str) -> bool:
        try:
            tables.get(table_id)
        except Refusal:  # the registry's "unknown table"
            return False
        return True
    return exists


def _origin(tables: Any) -> Callable[[Request], Any]:
    async def origin(request: Request) -> Response:
        """How many actions a table's scenario played before it opened (only the count:
        the actions themselves may tell what a seat chose in secret)."""
        from engine.core.table import Refusal

        try:
            table = tables.get(request.path_params["table"])
        except Refusal as exc:
            return JSONResponse(exc.to_json(), status_code=exc.status)
        return JSONResponse({"prelude": len(table.setup.prelude)})
    return origin


def web_routes(tables: Any = None) -> list[BaseRoute]:
    """The web table's routes. ``tables`` is the server's table registry (its ``get(id)``
    raises for an unknown table): ``/t/{table}`` then answers an unknown table with a plain
    404 page; without it, the page itself says so after asking the API."""
    routes: list[BaseRoute] = [
        Route("/", _page("lobby.html")),
        Route("/t/{table}", _table_page(_exists_in(tables))),
        Route("/ambiguities", _page("ambiguities.html")),
        Route("/ambiguities/{ident}", witness_page),
        Route("/rules/{ident}", rule_page),
        Route("/api/web/catalogue", catalogue_json),
        Route("/api/web/rules/{ident}", rule_json),
        Route("/api/web/ambiguities", register_json),
        Route("/api/web/ambiguities/{ident}", witness_json),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if tables is not None:
        routes.append(Route("/api/web/tables/{table}/origin", _origin(tables)))
    if DOCS_HTML.is_dir():
        routes.append(Mount("/docs", StaticFiles(directory=DOCS_HTML, html=True), name="docs"))
    return routes
