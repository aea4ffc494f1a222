"""The HTTP and WebSocket routes of ``fruitspec serve``; :func:`create_app` builds them.

Every answer about a table comes from :class:`engine.core.table.Table`, which asks the game for
``view(state, seat)`` and ``events_for(events, seat)``: no route builds a view or filters
an event itself. Refusals carry one JSON body, ``{"error", "rule", "message"}``.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, AsyncIterator, Callable, TypeVar

import anyio
import anyio.to_thread
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from pydantic import Field, TypeAdapter, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import spec as _specs

from engine.core.catalog import describe_games
from engine.core.scenario import Scenario, ScenarioError
from engine.core.schema import action_schema, view_schema
from engine.core.table import BadRequest, Refusal, TableSetup
from engine.server.models import (ActionIn, ActionOut, CreatedTable, CreateTable, ErrorOut, EventsOut,
                     SeatToken, TableOut)
from engine.server.limits import (ClientLimits, MemoryBuckets, OpenCounter, RateLimiter,
                     TokenBucket, parse_networks)
from engine.server.logsafe import printable
from engine.server.storage import TableStore, open_store
from engine.server.tables import Tables
from engine.server.web import web_routes

log = logging.getLogger("fruitspec.server")
access = logging.getLogger("fruitspec.server.access")

MAX_BODY = 256 * 1024  # bytes of a request body
MAX_WS_MESSAGE = 4 * 1024  # bytes of a message a WebSocket client sends
MAX_VERSION = 2**31  # the largest `since` a client may ask for
# a feed's `since`, read by the rule that reads the events route's (a Query of this type)
_SINCE: TypeAdapter[int] = TypeAdapter(Annotated[int, Field(ge=0, le=MAX_VERSION)])
# arrays and objects within one another in a body: no request needs more than a few, and
# Python's JSON parser recurses once per level (5,000 levels are a RecursionError)
MAX_JSON_DEPTH = 64
BAD_JSON = "the body is not valid JSON"
TOO_DEEP = f"{BAD_JSON}: nested deeper than {MAX_JSON_DEPTH} levels"
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string: its brackets are text
_BRACKET = re.compile(rb"[\[\]{}]")
_REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text} for code, text in (
        (401, "a token that opens no seat (or none where a seat must act)"),
        (403, "the action names another seat than the token's"),
        (404, "no table has this ID"),
        (409, "a stale version, or a scenario asked for while the game runs"),
        (413, "the body is too large"),
        (422, "an illegal action (with its clause) or a malformed request"),
        (429, "too many tables created from this address (see Retry-After), or the"
              " table feeds as many clients as it may"),
        (503, "the table database is unreachable for a moment (see Retry-After)"))}
#: The largest body the bench's bare route is asked to answer (``?size=``).
MAX_PROBE_REPLY = 64 * 1024


def create_app(db_path: str | Path | None, *, agent_delay: float = 0.2,
               synchronous: str = "NORMAL", idle_timeout: float = 3600.0,
               create_rate: float = 30.0, ws_per_client: int = 64,
               forwarded_allow_ips: str | Sequence[str] = (), pool_size: int = 4,
               bench_route: bool = False) -> FastAPI:
    """The ASGI app of the table server, with its tables stored in ``db_path``.

    ``db_path`` is an SQLite file's path or a ``postgresql://`` URL
    (:func:`engine.server.storage.open_store`); None keeps tables in memory only (tests,
    demos). A database that is not a table store raises
    :class:`engine.server.store.StoreError` here, before serving.
    The web table's routes (:func:`engine.server.web.web_routes`) follow the API's.
    ``idle_timeout``, ``create_rate`` (tables a minute per client, 0: no limit),
    ``ws_per_client``, ``forwarded_allow_ips`` and ``pool_size`` (PostgreSQL connections
    per process) are ``fruitspec serve``'s flags. ``bench_route`` adds the bench's bare
    route (:func:`_bench_route`), never served otherwise.
    """
    store = (open_store(db_path, synchronous=synchronous, pool_size=pool_size)
             if db_path is not None else None)
    tables = Tables(store, agent_delay=agent_delay, idle_timeout=idle_timeout)
    bucket = TokenBucket(create_rate, burst=create_rate) if create_rate > 0 else None
    buckets = store if store is not None else MemoryBuckets()  # the store's: shared, kept
    limits = ClientLimits(RateLimiter("create", bucket, buckets),
                          OpenCounter(ws_per_client), parse_networks(forwarded_allow_ips))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables.start()
        try:
            yield
        finally:
            await tables.stop()
            if store is not None:
                store.close()

    app = FastAPI(title="fruitspec table server", version="1",
                  description="The verified engine over HTTP and WebSocket: tables, seat"
                              " tokens, actions in notation, per-seat views and events."
                              " Live updates: `WS /api/tables/{table}/ws?since=N`"
                              " (token as `Authorization: Bearer` or `?token=`).",
                  lifespan=lifespan, responses=_REFUSALS, docs_url=None, redoc_url=None)
    app.state.tables = tables
    app.state.limits = limits
    stored = _Stored(store, pool_size)
    _routes(app, tables, stored)
    if bench_route and store is not None:
        _bench_route(app, store, stored)
    _errors(app)
    app.add_middleware(Guard)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]  # FastAPI's own hook
    app.router.routes.extend(web_routes(tables))
    return app


# --- routes ----------------------------------------------------------------------------------
_T = TypeVar("_T")


class _Stored:
    """Runs a route's work that may call the store: on a worker thread when the store
    waits on a database server (:attr:`TableStore.waits`), so the event loop serves other
    requests while it waits and concurrent commits share one flush; here otherwise.
    At most ``threads`` at once (the connections of the store's pool): a request waits
    for a thread on the event loop, never for a connection past the pool's timeout."""

    def __init__(self, store: TableStore | None, threads: int) -> None:
        self.waits = store is not None and store.waits
        self.threads = threads
        self._limiter: anyio.CapacityLimiter | None = None  # made on the loop, when used

    async def __call__(self, work: Callable[[], _T]) -> _T:
        if not self.waits:
            return work()
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.threads)
        return await anyio.to_thread.run_sync(work, limiter=self._limiter)


def _token(request: HTTPConnection) -> str | None:
    """The bearer token of a request; None without one ("" when the header is not one).

    Read by hand rather than through a FastAPI dependency, which costs more per request
    than the engine's own work; `_openapi` declares the scheme.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _routes(app: FastAPI, tables: Tables, stored: _Stored) -> None:
    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """What `fruitspec games --json` prints: games, variants, player counts, options."""
        return describe_games()

    @app.post("/api/tables", status_code=201, response_model=CreatedTable, tags=["tables"])
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        """Open a table; each seat gets its own secret token (agents' seats get none)."""
        limits: ClientLimits = app.state.limits
        address = limits.address(request)

        def create() -> CreatedTable:
            limits.create.check(address)  # before any work on the set-up
            table_id, tokens = tables.create(_setup(body))
            agents = tables.get(table_id).setup.agents
            return CreatedTable(table=table_id, version=0, seats=[
                SeatToken(seat=i, token=tok, agent=agents[i]) for i, tok in enumerate(tokens)])
        return await stored(create)

    @app.get("/api/tables/{table_id}", response_model=TableOut, tags=["tables"])
    async def get_table(table_id: str, request: Request) -> Any:
        """The table as the token's seat (or a spectator, without a token) sees it."""
        token = _token(request)
        return await stored(lambda: JSONResponse(
            tables.snapshot(table_id, tables.seat_for(table_id, token))))

    @app.post("/api/tables/{table_id}/actions", response_model=ActionOut, tags=["tables"])
    async def post_action(table_id: str, body: ActionIn, request: Request) -> Any:
        """Play an action for the token's seat, against `version` when given."""
        token = _token(request)

        def act() -> JSONResponse:
            seat = tables.seat_for(table_id, token)
            result = tables.act(table_id, seat, body.action, body.version)
            # the core's own JSON-ready data: answered as it is, not re-validated
            return JSONResponse({"version": result.version, "events": result.events,
                                 "view": result.view})
        return await stored(act)

    @app.get("/api/tables/{table_id}/events", response_model=EventsOut, tags=["tables"])
    async def get_events(request: Request, table_id: str,
                         since: int = Query(0, ge=0, le=MAX_VERSION)) -> Any:
        """Every event after version `since`, as the token's seat may read them."""
        token = _token(request)
        return await stored(lambda: JSONResponse(
            tables.events(table_id, tables.seat_for(table_id, token), since)))

    @app.get("/api/tables/{table_id}/scenario", response_model=Scenario, tags=["tables"],
             response_model_exclude_unset=True)
    async def get_scenario(table_id: str) -> Any:
        """The finished game as a scenario file for `fruitspec replay` (409 while it runs)."""
        return await stored(lambda: JSONResponse(tables.scenario(table_id)))

    @app.get("/api/health", tags=["server"])
    async def health() -> Any:
        """For a proxy's health check: 200 while this process and its database answer,
        503 with Retry-After while the database does not."""
        return await stored(lambda: JSONResponse(tables.health()))

    @app.websocket("/api/tables/{table_id}/ws")
    async def feed(ws: WebSocket, table_id: str, token: str | None = None,
                   since: str | None = None) -> None:
        # `since` is read by `_since`, not by FastAPI: a query FastAPI refuses closes the
        # socket before it opens (a bare 403), where every bad `since` should get 4422
        limits: ClientLimits = app.state.limits
        address = limits.address(ws)
        if not limits.feeds.enter(address):
            await _refuse_feed(ws, limits.feeds.limit)
            return
        try:
            await _feed(ws, tables, table_id, token, since)
        finally:
            limits.feeds.leave(address)


async def _refuse_feed(ws: WebSocket, limit: int) -> None:
    """One address holds as many feeds open as it may: 1008, the policy's close code."""
    await ws.accept()
    await ws.send_json({"error": "too-many", "rule": None,
                        "message": f"this address already holds {limit} feeds open"})
    await ws.close(code=1008, reason="too many feeds from this address")


def _setup(body: CreateTable) -> TableSetup:
    agents = tuple(body.agents or ())
    if body.scenario is None:
        if body.game is None:
            raise BadRequest("give a game (or a scenario to continue)")
        fields: dict[str, Any] = dict(players=body.players, variant=body.variant,
                                      options=body.options, setup=body.setup, agents=agents)
        if body.seed is None:
            return TableSetup.dealt_afresh(body.game, **fields)
        return TableSetup(game=body.game, seed=body.seed, generator=body.generator, **fields)
    sc = body.scenario
    if body.game is not None and body.game != sc.game:
        raise BadRequest(f"game {body.game!r} but the scenario is for {sc.game!r}")
    return TableSetup.from_scenario(sc, agents)


async def _feed(ws: WebSocket, tables: Tables, table_id: str, token: str | None,
                raw_since: str | None) -> None:
    """One message per new version; first the current one with the events after ``since``."""
    if token is None:
        token = _token(ws)
    await ws.accept()
    try:
        seat = tables.seat_for(table_id, token)
        since = _since(raw_since)
        sub = tables.subscribe(table_id, seat)
    except Refusal as exc:
        await _close_refused(ws, exc)
        return
    try:
        first = tables.message(table_id, seat, since)
    except Refusal as exc:  # the database went away in between (4503)
        tables.unsubscribe(sub)
        await _close_refused(ws, exc)
        return
    reader = asyncio.create_task(_drain(ws))
    try:
        await ws.send_json(first)
        while True:
            getter = asyncio.create_task(sub.queue.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break  # the client left, or sent what it should not
            msg = getter.result()
            if msg is None:  # too far behind: the client reconnects with ?since=
                await ws.close(code=1013, reason="behind: reconnect with since")
                break
            await ws.send_json(msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        tables.unsubscribe(sub)
        reader.cancel()


async def _close_refused(ws: WebSocket, exc: Refusal) -> None:
    await ws.send_json(exc.to_json())
    await ws.close(code=4000 + exc.status, reason=exc.kind)


def _since(raw: str | None) -> int | None:
    """The version a feed catches up from, as ``GET .../events?since=`` would read it."""
    if raw is None:
        return None
    try:
        return _SINCE.validate_python(raw)
    except ValidationError as exc:
        raise BadRequest(f"since: {exc.errors()[0]['msg']}") from None


async def _drain(ws: WebSocket) -> None:
    """Read what a client sends: nothing is expected, and a large message closes it."""
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            size = len(msg.get("text") or "") + len(msg.get("bytes") or b"")
            if size > MAX_WS_MESSAGE:
                await ws.close(code=1009, reason="message too large")
                return
    except (WebSocketDisconnect, RuntimeError):
        return


def _bench_route(app: FastAPI, store: TableStore, stored: _Stored) -> None:
    """The floor an action is measured against (``make bench-server``): the same path
    shape, middleware, token header and body decoding as an action, one row of the same
    size committed as durably (on a worker thread where an action's is), and a reply of
    the size the bench asks for, with no game. Left out of the schema: it is no part of
    the API."""
    @app.post("/api/bench/{table_id}/actions", include_in_schema=False)
    async def bare(table_id: str, body: ActionIn, request: Request,
                   size: int = Query(0, ge=0, le=MAX_PROBE_REPLY)) -> Any:
        token = _token(request)

        def probe() -> JSONResponse:
            store.probe(f"{table_id} {body.version} {token is not None} {body.action}")
            return JSONResponse({"pad": "x" * max(0, size - 11)})
        return await stored(probe)


# --- errors ----------------------------------------------------------------------------------
def _errors(app: FastAPI) -> None:
    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> JSONResponse:
        retry_after = getattr(exc, "retry_after", None)  # RateLimited, StoreUnavailable
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        err: dict[str, Any] = (exc.errors()[0] if exc.errors()
                               else {"loc": (), "msg": "invalid request"})
        if err.get("type") == "json_invalid":
            where = f" (at character {err['loc'][-1]})" if len(err["loc"]) > 1 else ""
            why = err.get("ctx", {}).get("error", "malformed")
            return _error(400, "bad-json", f"{BAD_JSON}: {why}{where}")
        where = ".".join(str(p) for p in err["loc"] if p != "body") or "body"
        return _error(422, "bad-request", f"{where}: {err['msg']}")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and isinstance(exc.__cause__, ValueError):
            # FastAPI's "error parsing the body": not UTF-8, or a number of 5,000 digits
            return _error(400, "bad-json", f"{BAD_JSON}: {printable(str(exc.__cause__))}")
        kind = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http")
        return _error(exc.status_code, kind, str(exc.detail))

    @app.exception_handler(ScenarioError)
    async def bad_scenario(request: Request, exc: ScenarioError) -> JSONResponse:
        return _error(422, "bad-request", str(exc))


def _error(status: int, kind: str, message: str, rule: str | None = None) -> JSONResponse:
    return JSONResponse({"error": kind, "rule": rule, "message": message}, status_code=status)


class _TooLarge(Exception):
    pass


class Guard:
    """Outermost layer: body limits, an access log without secrets, no tracebacks out.

    The body is read whole here, before the app, up to ``max_body`` bytes however it is
    sent (Content-Length or chunked): FastAPI turns any exception raised while it reads a
    body into a 400, so a limit enforced while the app reads would not answer 413. JSON
    nested deeper than :data:`MAX_JSON_DEPTH` is refused here too, before any parser
    recurses into it. The access log names method, path and status only, escaped: tokens
    travel in headers or in the query string, which is never logged.
    """

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        try:
            body = await self._read_body(scope, receive)
        except _TooLarge:
            await _send_error(send, 413, "too-large",
                              f"the body must be at most {self.max_body} bytes")
            return self._log(scope, 413, started)
        if nested_deeper(body, MAX_JSON_DEPTH):
            await _send_error(send, 400, "bad-json", TOO_DEEP)
            return self._log(scope, 400, started)
        await self._serve(scope, _replay(body, receive), send, started)

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes:
        """The whole body; :class:`_TooLarge` as soon as it is known to pass the limit."""
        length = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.max_body:
            raise _TooLarge
        chunks: list[bytes] = []
        seen = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":
                break  # the client left: the app's next receive tells it so
            chunks.append(msg.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.max_body:  # chunked, or more than its Content-Length said
                raise _TooLarge
            if not msg.get("more_body", False):
                break
        return b"".join(chunks)

    async def _serve(self, scope: Scope, receive: Receive, send: Send, started: float) -> None:
        status = {"code": 500, "sent": False}

        async def watched(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                status["code"], status["sent"] = msg["status"], True
            await send(msg)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:  # noqa: BLE001  the client gets no traceback, nor the log
            status["code"] = 500
            tb = exc.__traceback__
            while tb is not None and tb.tb_next is not None:
                tb = tb.tb_next
            where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb else "?"
            log.error("internal error %s at %s on %s %s", type(exc).__name__, where,
                      printable(scope["method"]), printable(scope["path"]))
            if not status["sent"]:
                await _send_error(send, 500, "internal", "internal error")
        self._log(scope, status["code"], started)

    @staticmethod
    def _log(scope: Scope, code: int, started: float) -> None:
        # the path is URL-decoded: a %0A in it would start a forged line, unescaped
        access.info("%s %s %d %.1fms", printable(scope["method"]), printable(scope["path"]),
                    code, (time.perf_counter() - started) * 1000)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body read as one message, then the server's own receive (a disconnect)."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()
    return replayed


def nested_deeper(body: bytes, limit: int) -> bool:
    """Whether JSON ``body`` nests arrays and objects more than ``limit`` deep.

    Brackets are counted outside strings; a body with fewer brackets than the limit (most
    of them) is not scanned at all. Malformed JSON is left to the parser.
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub(b'""', body)):
        depth += 1 if bracket in b"[{" else -1
        if depth > limit:
            return True
    return False


async def _send_error(send: Send, status: int, kind: str, message: str) -> None:
    body = json.dumps({"error": kind, "rule": None, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# --- OpenAPI ---------------------------------------------------------------------------------
_SEAT_ROUTES = (("/api/tables/{table_id}", "get"), ("/api/tables/{table_id}/actions", "post"),
                ("/api/tables/{table_id}/events", "get"))


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, with each game's view and action schemas (`fruitspec schema`)."""
    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(title=app.title, version=app.version, description=app.description,
                      routes=app.routes)
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    views = []
    for name in _specs.available():
        schemas[f"View-{name}"] = view_schema(name)
        schemas[f"Action-{name}"] = action_schema(name)
        views.append({"$ref": f"#/components/schemas/View-{name}"})
    doc["components"]["securitySchemes"] = {"seatToken": {
        "type": "http", "scheme": "bearer",
        "description": "a seat's token; none for a spectator (acting needs one)"}}
    for path, method in _SEAT_ROUTES:
        doc["paths"][path][method]["security"] = [{"seatToken": []}, {}]
    for model in ("TableOut", "ActionOut"):
        schemas[model]["properties"]["view"] = {
            "description": schemas[model]["properties"]["view"].get("description", ""),
            "oneOf": views}
    app.openapi_schema = doc
    return doc

