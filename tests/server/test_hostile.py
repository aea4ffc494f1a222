"""What a hostile client sends: forged log lines, hidden tokens, bodies too large or too deep,
numbers that are not integers, and feeds asked to catch up from nowhere."""
from __future__ import annotations

import asyncio
import json
import logging
import socket
import time
from urllib.parse import quote

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from engine.server import create_app
from engine.server.app import MAX_JSON_DEPTH, Guard
from engine.server.serve import RedactSecrets

from .helpers import LiveServer, auth

MB = b"x" * 2**20


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    with LiveServer(d / "t.sqlite3", d / "server.log") as srv:
        yield srv


@pytest.fixture
def client():
    with TestClient(create_app(None, agent_delay=0.0)) as c:
        yield c


def _table(http, **body) -> tuple[str, list[str]]:
    r = http.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": 1, **body})
    assert r.status_code == 201, r.text
    return r.json()["table"], [s["token"] for s in r.json()["seats"]]


def _http(srv: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=srv.base, timeout=20, trust_env=False)


def _log_after(srv: LiveServer, marker: str, count: int = 1, timeout: float = 10.0) -> str:
    """The server's log once ``marker`` is in it ``count`` times (lines follow answers)."""
    deadline = time.monotonic() + timeout
    while (text := srv.log.read_text(errors="surrogateescape")).count(marker) < count:
        assert time.monotonic() < deadline, f"{marker!r} never logged"
        time.sleep(0.05)
    return text


def _raw(srv: LiveServer, request: bytes) -> bytes:
    """Send ``request`` as it is (no client tidies it) and return what comes back."""
    with socket.create_connection(("127.0.0.1", srv.port), timeout=20) as s:
        s.sendall(request)
        s.shutdown(socket.SHUT_WR)
        return b"".join(iter(lambda: s.recv(65536), b""))


# --- 1. the access log: one line per request, whatever its path holds ------------------------
CONTROLS = ["%0A%0D", "%0D", "%1B[31m", "%7F", "%00", "%C2%85", "%E2%80%A8", "%E2%80%8B"]


def test_control_characters_in_a_path_make_one_escaped_access_line(live):
    with _http(live) as http:
        for i, ctl in enumerate(CONTROLS):
            assert http.get(f"/api/x{i}-mark{ctl}forged-line").status_code == 404
        tid, _ = _table(http)
    with connect(f"ws://127.0.0.1:{live.port}/api/tables/{tid}%0Aforged/ws", proxy=None,
                 open_timeout=20) as ws:  # uvicorn logs a WebSocket's path itself
        ws.recv(timeout=10)
    _raw(live, b"GET /api/raw-mark\x1b[31m HTTP/1.1\r\nHost: x\r\n\r\n")
    text = _log_after(live, f"x{len(CONTROLS) - 1}-mark")
    for i in range(len(CONTROLS)):
        lines = [line for line in text.splitlines() if f"x{i}-mark" in line]
        assert len(lines) == 1 and lines[0].endswith("ms"), (CONTROLS[i], lines)
        assert "forged-line" in lines[0] and ("\\x" in lines[0] or "\\u" in lines[0])
    assert "\\x0a\\x0d" in text and "%0Aforged/ws" in text
    assert all(c.isprintable() for c in text.replace("\n", ""))
    assert not any(line.startswith("forged") for line in text.splitlines())


# --- 2. tokens in a WebSocket's query, however they are written ------------------------------
def _encoded(text: str, upper: bool = True) -> str:
    return "".join(f"%{b:02X}" if upper else f"%{b:02x}" for b in text.encode())


def test_a_token_in_a_query_never_reaches_the_log_however_it_is_written(live):
    with _http(live) as http:
        tid, tokens = _table(http)
    url = f"ws://127.0.0.1:{live.port}/api/tables/{tid}/ws?"
    seat0, seat1, seat2 = tokens
    opened = {f"tok%65n={seat0}": 0, f"%74oken={seat1}&since=0": 1,
              f"token={_encoded(seat2)}": 2, f"since=0&TOKEN={seat0}": None,
              f"Tok%65N={seat1}": None}
    for query, seat in opened.items():
        with connect(url + query, proxy=None, open_timeout=20) as ws:
            assert json.loads(ws.recv(timeout=10))["view"]["seat"] == seat, query
    text = _log_after(live, f"WebSocket /api/tables/{tid}/ws", count=len(opened))
    for tok in tokens:
        for form in (tok, tok[:20], tok[-20:], quote(tok, safe=""), _encoded(tok),
                     _encoded(tok, upper=False), _encoded(tok)[:40]):
            assert form not in text, form
    assert "?" not in "".join(line for line in text.splitlines() if "WebSocket" in line)


@pytest.mark.parametrize("line", [
    "GET /x?tok%65n=SECRET-abc", "GET /x?%54%4F%4B%45%4E%3DSECRET", "?a=1&TOKEN=SECRET",
    "token=SECRET%20tail", "tok%2565n=SECRET", "Authorization: Bearer%20SECRET",
    "bearer SECRET"])
def test_the_log_filter_reads_a_line_as_the_server_would(line):
    record = logging.LogRecord("x", logging.INFO, __file__, 1, line, None, None)
    RedactSecrets().filter(record)
    assert "SECRET" not in record.getMessage() and "tail" not in record.getMessage()


def test_the_log_filter_drops_a_targets_query_and_escapes_arguments():
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5555", "/api/tables/t/ws?x=\x1b&since=0"), None)
    RedactSecrets().filter(record)
    assert record.getMessage() == '127.0.0.1:5555 - "WebSocket /api/tables/t/ws" [accepted]'
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%s", ("a\nb\u2028",), None)
    RedactSecrets().filter(record)
    assert record.getMessage() == "a\\x0ab\\u2028"


# --- 3. a body too large is 413, however it is sent ------------------------------------------
def _chunks():
    for i in range(0, len(MB), 65536):
        yield MB[i:i + 65536]


def test_an_oversized_body_is_413_however_it_is_sent(live):
    with _http(live) as http:
        tid, tokens = _table(http)
        before = http.get(f"/api/tables/{tid}").json()["version"]
        for path, headers in (("/api/tables", {}),
                              (f"/api/tables/{tid}/actions", auth(tokens[0]))):
            r = http.post(path, content=_chunks(), headers={
                "content-type": "application/json", **headers})
            assert r.request.headers.get("transfer-encoding") == "chunked"
            assert r.status_code == 413 and r.json()["error"] == "too-large", r.text
        assert http.get(f"/api/tables/{tid}").json()["version"] == before
    # a Content-Length that says more than the limit is answered before the body comes
    answer = _raw(live, b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                        b"\r\nContent-Length: 5000000\r\n\r\n{}")
    assert answer.startswith(b"HTTP/1.1 413") and b"too-large" in answer


def test_a_body_longer_than_its_content_length_says_is_413():
    """A server that passes on more than the Content-Length said (uvicorn does not)."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": MB[:65536], "more_body": True}

    async def send(msg):
        sent.append(msg)

    async def app(scope, receive, send):
        raise AssertionError("the app must not run")

    scope = {"type": "http", "method": "POST", "path": "/api/tables",
             "headers": [(b"content-length", b"10")]}
    asyncio.run(Guard(app)(scope, receive, send))
    assert sent[0]["status"] == 413 and b"too-large" in sent[1]["body"]


# --- 4. JSON too deep or malformed is one kind of 400 ----------------------------------------
def _nested(depth: int, inner: str = "1") -> str:
    """``depth`` levels of arrays and objects, alternating, around ``inner``."""
    text = inner
    for level in range(depth):
        text = f"[{text}]" if level % 2 else f'{{"a": {text}}}'
    return text


@pytest.mark.parametrize("body", [
    "[" * 5000 + "]" * 5000,
    '{"game": ' + _nested(5000) + "}",
    '{"game": "tindahan", "setup": {"hands": ' + _nested(MAX_JSON_DEPTH - 1) + "}}",
    "{" * 100_000,
    '{"game": "tindahan", "setup": ' + _nested(200, '"]]]}}}"') + "}",
])
def test_json_nested_too_deep_is_bad_json(client, body):
    tid, tokens = _table(client)
    for path in ("/api/tables", f"/api/tables/{tid}/actions"):
        r = client.post(path, content=body.encode(), headers={
            "content-type": "application/json", **auth(tokens[0])})
        assert r.status_code == 400, r.text
        assert r.json()["error"] == "bad-json"
        assert r.json()["message"] == (f"the body is not valid JSON: nested deeper than"
                                       f" {MAX_JSON_DEPTH} levels")


@pytest.mark.parametrize("body", [
    '{"game": "tindahan", "setup": {"hands": ' + _nested(MAX_JSON_DEPTH - 2) + "}}",
    '{"game": "tindahan", "variant": "' + "[{" * 1000 + '"}',  # brackets in a string
    '{"game": "tindahan", "variant": "\\"' + "[" * 1000 + '"}',  # after an escaped quote
])
def test_json_up_to_the_depth_limit_reaches_validation(client, body):
    r = client.post("/api/tables", content=body.encode(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "bad-request", r.text


@pytest.mark.parametrize("body, why", [
    (b'{"game": "tindahan", ', "Expecting property name"),
    (b'{"game": "tindahan"} x', "Extra data"),
    (b"\xff\xfe\x00", "the body is not valid JSON: "),
    (b'{"players": ' + b"9" * 5000 + b"}", "digits"),
])
def test_malformed_json_is_bad_json_with_what_is_wrong(client, body, why):
    tid, tokens = _table(client)
    for path in ("/api/tables", f"/api/tables/{tid}/actions"):
        r = client.post(path, content=body, headers={
            "content-type": "application/json", **auth(tokens[0])})
        assert r.status_code == 400 and r.json()["error"] == "bad-json", r.text
        message = r.json()["message"]
        assert message.startswith("the body is not valid JSON: ") and why in message
        assert "\n" not in message


# --- 5. integers are JSON integers -----------------------------------------------------------
@pytest.mark.parametrize("value", [True, False, "0", "1", 0.0, 1.5, [0], "", None])
def test_a_version_must_be_a_json_integer(client, value):
    tid, tokens = _table(client)
    actor = client.get(f"/api/tables/{tid}").json()["view"]["actors"][0]
    legal = client.get(f"/api/tables/{tid}", headers=auth(tokens[actor])).json()["view"]["legal"]
    r = client.post(f"/api/tables/{tid}/actions", json={"action": legal[0], "version": value},
                    headers=auth(tokens[actor]))
    if value is None:  # left out: the current version
        assert r.status_code == 200, r.text
        return
    assert r.status_code == 422 and r.json()["error"] == "bad-request", r.text
    assert r.json()["message"].startswith("version: ")
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0


@pytest.mark.parametrize("value", [True, "3", 3.0, "three"])
def test_a_player_count_must_be_a_json_integer(client, value):
    before = len(client.app.state.tables.ids())
    r = client.post("/api/tables", json={"game": "tindahan", "players": value})
    assert r.status_code == 422 and r.json()["message"].startswith("players: "), r.text
    assert len(client.app.state.tables.ids()) == before


# --- 6. a bad `since` closes a feed with 4422, however it is bad -----------------------------
@pytest.mark.parametrize("since", ["abc", "-1", "1.5", "", "true", "1e3", "0x1", "1 2", "\u00b2",
                                   str(2**31 + 1), "9" * 30, "9" * 5000])
def test_every_bad_since_closes_the_feed_with_4422(client, since):
    tid, tokens = _table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}"
                                  f"&since={quote(since)}") as ws:
        refusal = ws.receive_json()
        assert refusal["error"] == "bad-request" and "since" in refusal["message"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 4422 and info.value.reason == "bad-request"
    r = client.get(f"/api/tables/{tid}/events", params={"since": since})
    assert r.status_code == 422 and r.json()["error"] == "bad-request", r.text
    assert "since" in r.json()["message"]


@pytest.mark.parametrize("since", ["0", "00", " 1", "+1", str(2**31)])
def test_a_good_since_opens_the_feed_as_it_reads_events(client, since):
    tid, _ = _table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?since={quote(since)}") as ws:
        assert ws.receive_json()["version"] == 0
    assert client.get(f"/api/tables/{tid}/events", params={"since": since}).status_code == 200
