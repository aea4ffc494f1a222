"""The JSON API in process (Starlette's test client): statuses, bodies, bad input, feeds."""
from __future__ import annotations

import json
import time

import jsonschema_rs
import pytest
from starlette.testclient import TestClient

import engine
from engine.analysis.agents import play_game
from engine.core.catalog import describe_games
from engine.core.scenario import replay
from engine.core.schema import view_schema
from engine.server import create_app

from .helpers import auth, local_replay


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "t.sqlite3", agent_delay=0.0)) as c:
        yield c


def _table(client, **body):
    r = client.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": 1, **body})
    assert r.status_code == 201, r.text
    made = r.json()
    return made["table"], [s["token"] for s in made["seats"]]


def _state(client, tid, token=None):
    r = client.get(f"/api/tables/{tid}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def test_games_are_what_the_cli_lists(client):
    assert client.get("/api/games").json() == json.loads(json.dumps(describe_games()))


def test_each_seat_sees_exactly_its_view_and_a_spectator_sees_the_spectators(client):
    tid, tokens = _table(client)
    assert len(set(tokens)) == 3 and min(map(len, tokens)) >= 43  # 256 bits, urlsafe
    game = engine.load("tindahan", players=3)
    state = game.new(seed=1)
    for seat, tok in [*enumerate(tokens), (None, None)]:
        got = _state(client, tid, tok)
        assert got["seat"] == seat and got["version"] == 0 and got["over"] is False
        assert got["view"] == json.loads(json.dumps(game.view(state, seat)))
        assert not any(t in json.dumps(got) for t in tokens)


def test_refusals_have_their_status_and_change_nothing(client):
    tid, tokens = _table(client)
    other_tid, other_tokens = _table(client)
    spectator = _state(client, tid)
    actor = spectator["view"]["actors"][0]
    legal = _state(client, tid, tokens[actor])["view"]["legal"]
    other = (actor + 1) % 3
    post = lambda body, tok: client.post(f"/api/tables/{tid}/actions", json=body,  # noqa: E731
                                         headers=auth(tok))
    cases = [
        (401, {"action": legal[0]}, None),
        (401, {"action": legal[0]}, tokens[actor][:-1]),
        (401, {"action": legal[0]}, "forged" + tokens[actor][6:]),
        (401, {"action": legal[0]}, other_tokens[actor]),
        (403, {"action": legal[0], "version": 0}, tokens[other]),
        (409, {"action": legal[0], "version": 7}, tokens[actor]),
        (422, {"action": "fly away", "version": 0}, tokens[actor]),
        (422, {"action": legal[0].split(": ")[1]}, tokens[other]),
    ]
    for status, body, tok in cases:
        r = post(body, tok)
        assert r.status_code == status, (body, r.text)
        err = r.json()
        assert set(err) == {"error", "rule", "message"} and err["message"]
        if status == 422:
            assert err["rule"] and err["rule"].startswith("TIN-")
        assert not any(t in r.text for t in tokens)
        assert _state(client, tid) == spectator
    assert client.post("/api/tables/nope/actions", json={"action": "x"},
                       headers=auth(tokens[0])).status_code == 404
    r = post({"action": legal[0], "version": 0}, tokens[actor])
    assert r.status_code == 200 and r.json()["version"] == 1
    assert client.get(f"/api/tables/{other_tid}").json()["version"] == 0


@pytest.mark.parametrize("body, status, needle", [
    (b'{"game": "tindahan", ', 400, "JSON"),
    ({"game": 7}, 422, "game"),
    ({"game": "chess"}, 422, "chess"),
    ({"game": "tindahan", "options": {"nope": "x"}}, 422, "nope"),
    ({"game": "tindahan", "options": {"rounding": "sideways"}}, 422, "sideways"),
    ({"game": "tindahan", "players": 0}, 422, "is for 3, 4, 5 players, not 0"),
    ({"game": "tindahan", "players": 100}, 422, "is for 3, 4, 5 players, not 100"),
    ({"game": "tindahan", "players": 10**30}, 422, "players"),
    ({"game": "tindahan", "seed": 2**200}, 422, "seed"),
    ({"game": "tindahan", "variant": "moon"}, 422, "moon"),
    ({"game": "tindahan", "setup": {"hands": [["B99"]]}}, 422, "hands"),
    ({"game": "tindahan", "agents": [None, "oracle", None]}, 422, "oracle"),
    ({"game": "tindahan", "surprise": 1}, 422, "surprise"),
    ({}, 422, "game"),
    ({"scenario": {"game": "bastos", "actions": ["skip"] * 10**6}}, 413, "bytes"),
    (b"x" * 300_000, 413, "bytes"),
    ({"game": "bastos", "scenario": {"game": "tindahan"}}, 422, "scenario"),
])
def test_bad_tables_get_one_clear_message(client, body, status, needle):
    before = len(client.app.state.tables.ids())
    kw = {"content": body} if isinstance(body, bytes) else {"json": body}
    r = client.post("/api/tables", headers={"content-type": "application/json"}, **kw)
    assert r.status_code == status, r.text
    err = r.json()
    assert isinstance(err["message"], str) and needle in err["message"]
    assert "Traceback" not in r.text and "\n" not in err["message"]
    assert len(client.app.state.tables.ids()) == before


def test_bad_queries_and_paths(client):
    tid, tokens = _table(client)
    assert client.get(f"/api/tables/{tid}/events?since=-1").status_code == 422
    assert client.get(f"/api/tables/{tid}/events?since=abc").status_code == 422
    assert client.get("/api/tables/no-such/events").status_code == 404
    assert client.get("/api/tables/no-such/scenario").status_code == 404
    assert client.get(f"/api/tables/{tid}", headers={"Authorization": "Basic x"}).status_code == 401
    assert client.get(f"/api/tables/{tid}", headers=auth("x" * 5000)).status_code == 401
    assert client.post(f"/api/tables/{tid}/actions", json={"action": "x" * 1000},
                       headers=auth(tokens[0])).status_code == 422
    assert client.get("/api/nothing").status_code == 404


def test_events_since_are_the_seats_own(client):
    r = client.post("/api/tables", json={"game": "fruit-passion", "seed": 3,
                                         "setup": {"start": 0}})
    tid, tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "draw deck", "version": 0},
                    headers=auth(tokens[0]))
    assert r.status_code == 200
    game = engine.load("fruit-passion")
    s0 = game.new(seed=3, setup={"start": 0})
    _, events = game.step(s0, "p0: draw deck")
    for seat, tok in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
        got = client.get(f"/api/tables/{tid}/events?since=0", headers=auth(tok)).json()
        want = [{"version": 1, **e.to_json()} for e in game.events_for(events, seat)]
        assert got == {"version": 1, "events": json.loads(json.dumps(want))}
        assert client.get(f"/api/tables/{tid}/events?since=1",
                          headers=auth(tok)).json()["events"] == []
    drawn = s0.decks[0][0]
    assert drawn not in client.get(f"/api/tables/{tid}/events", headers=auth(tokens[1])).text


def _play_out(client, tid, tokens, game_name, seed):
    """Play the table to its end as each seat's client, checking views against the core."""
    game = engine.load(game_name)
    rec = play_game(game, "random", seed=seed)
    for i, text in enumerate(rec.actions):
        seat = int(text[1:text.index(":")])
        r = client.post(f"/api/tables/{tid}/actions", json={"action": text.split(": ", 1)[1]
                        if i % 2 else text, "version": i}, headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
    return game, rec


def test_a_finished_game_downloads_as_a_scenario_that_replays(client):
    r = client.post("/api/tables", json={"game": "bastos", "seed": 5})
    tid, tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
    assert client.get(f"/api/tables/{tid}/scenario").status_code == 409
    game, rec = _play_out(client, tid, tokens, "bastos", 5)
    sc = client.get(f"/api/tables/{tid}/scenario").json()
    result = replay(sc)
    assert result.ok and sc["actions"] == rec.actions
    assert game.dumps(result.state) == game.dumps(rec.final)


def test_a_scenario_table_continues_from_its_last_state(client):
    game = engine.load("tanuki-market")
    rec = play_game(game, "random", seed=9)
    half = rec.actions[:20]
    r = client.post("/api/tables", json={"scenario": {"game": "tanuki-market", "seed": 9,
                                                      "actions": half}})
    assert r.status_code == 201 and r.json()["version"] == 0
    got = _state(client, r.json()["table"])
    assert got["view"] == json.loads(json.dumps(game.view(local_replay(game, 9, half), None)))
    bad = client.post("/api/tables", json={"scenario": {"game": "tanuki-market", "seed": 9,
                                                        "actions": ["fly away"]}})
    assert bad.status_code == 422 and "action 0" in bad.json()["message"]


def test_agents_play_their_seats_through_the_action_path(client):
    r = client.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": 2,
                                         "agents": ["random", "greedy", "random"]})
    made = r.json()
    assert [s["token"] for s in made["seats"]] == [None, None, None]
    assert [s["agent"] for s in made["seats"]] == ["random", "greedy", "random"]
    tid = made["table"]
    deadline = time.monotonic() + 30
    while not _state(client, tid)["over"]:
        assert time.monotonic() < deadline, "agents did not finish the game"
        time.sleep(0.05)
    sc = client.get(f"/api/tables/{tid}/scenario").json()
    assert replay(sc).ok


def test_a_person_plays_against_agents(client):
    r = client.post("/api/tables", json={"game": "fruit-passion", "seed": 4,
                                         "agents": [None, "greedy"]})
    tid, token = r.json()["table"], r.json()["seats"][0]["token"]
    deadline = time.monotonic() + 30
    while not (got := _state(client, tid, token))["over"]:
        assert time.monotonic() < deadline
        if got["view"]["legal"]:
            r = client.post(f"/api/tables/{tid}/actions", headers=auth(token),
                            json={"action": got["view"]["legal"][0], "version": got["version"]})
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.02)


def test_the_websocket_pushes_each_version_and_catches_up(client):
    tid, tokens = _table(client)
    actor = _state(client, tid)["view"]["actors"][0]
    game = engine.load("tindahan", players=3)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert first["version"] == 0 and first["view"]["seat"] == 1 and first["events"] == []
        legal = _state(client, tid, tokens[actor])["view"]["legal"]
        client.post(f"/api/tables/{tid}/actions", json={"action": legal[0], "version": 0},
                    headers=auth(tokens[actor]))
        pushed = ws.receive_json()
        state = local_replay(game, 1, [legal[0]])
        assert pushed["version"] == 1
        assert pushed["view"] == json.loads(json.dumps(game.view(state, 1)))
        assert [e["version"] for e in pushed["events"]] == [1] * len(pushed["events"])
    with client.websocket_connect(f"/api/tables/{tid}/ws?since=0") as ws:
        caught = ws.receive_json()
        assert caught["version"] == 1 and caught["view"]["seat"] is None
        assert caught["events"] == pushed["events"] or all(
            e["version"] == 1 for e in caught["events"])
    with client.websocket_connect(f"/api/tables/{tid}/ws",
                                  headers=auth(tokens[2])) as ws:
        assert ws.receive_json()["view"]["seat"] == 2


@pytest.mark.parametrize("path, code", [("/api/tables/{tid}/ws?token=forged", 4401),
                                        ("/api/tables/nope/ws", 4404)])
def test_the_websocket_refuses_bad_tokens_and_tables(client, path, code):
    from starlette.websockets import WebSocketDisconnect

    tid, _ = _table(client)
    with client.websocket_connect(path.format(tid=tid)) as ws:
        assert ws.receive_json()["error"] in ("bad-token", "unknown-table")
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == code


def test_openapi_describes_the_api_with_the_games_schemas(client):
    doc = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}",
                 "/api/tables/{table_id}/actions", "/api/tables/{table_id}/events",
                 "/api/tables/{table_id}/scenario"):
        assert path in doc["paths"]
    schemas = doc["components"]["schemas"]
    for name in engine.games():
        assert schemas[f"View-{name}"] == json.loads(json.dumps(view_schema(name)))


@pytest.mark.parametrize("name", engine.games())
def test_served_views_match_the_published_view_schema(client, name):
    schema = client.get("/openapi.json").json()["components"]["schemas"][f"View-{name}"]
    r = client.post("/api/tables", json={"game": name, "seed": 1})
    view = _state(client, r.json()["table"], r.json()["seats"][0]["token"])["view"]
    jsonschema_rs.validate(schema, view)


def test_a_websocket_client_that_sends_a_large_message_is_closed(client):
    from starlette.websockets import WebSocketDisconnect

    tid, _ = _table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.receive_json()
        ws.send_text("hello")  # small messages are read and ignored
        ws.send_text("x" * 10_000)
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1009


def test_what_a_seat_cannot_see_never_changes_its_answers(client):
    """Non-interference: two tables that differ only in seats 1 and 2's hands answer seat 0
    (and a spectator) the same, byte for byte, through every route."""
    game = engine.load("tindahan", players=3)
    base = game.new(seed=1)
    hands = [list(h) for h in base.hands]
    swapped = [list(h) for h in hands]
    swapped[1][0], swapped[2][0] = hands[2][0], hands[1][0]
    answers = []
    for hs in (hands, swapped):
        r = client.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": 1,
                                             "setup": {"dealer": base.dealer, "hands": hs}})
        tid, tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
        seen = []
        for tok in (tokens[0], None):
            seen.append(client.get(f"/api/tables/{tid}", headers=auth(tok)).text)
        legal = json.loads(seen[0])["view"]["legal"]
        seen.append(client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[0]),
                                json={"action": "play D99", "version": 0}).text)
        seen.append(client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[0]),
                                json={"action": legal[0], "version": 0}).text)
        for tok in (tokens[0], None):
            seen.append(client.get(f"/api/tables/{tid}/events?since=0", headers=auth(tok)).text)
            with client.websocket_connect(f"/api/tables/{tid}/ws?since=0" +
                                          (f"&token={tok}" if tok else "")) as ws:
                seen.append(ws.receive_text())
        answers.append([text.replace(tid, "TABLE") for text in seen])
    assert hands != swapped and answers[0] == answers[1]
