"""The server reads a seat prefix as the engine does: ASCII ``pN:`` only. A prefix written
another way (``p²:``, ``p١:``) is a 422 citing the notation clause, never a 500 nor
another seat's action; only a real ASCII prefix naming another seat is a 403."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

import engine
from engine.server import create_app
from engine.core.table import Illegal, Table, TableSetup, WrongSeat

from .helpers import auth

RULE = engine.load("tanuki-market", players=3).spec.notation_rule
NOT_PREFIXES = ["p²: taco 1", "p١: take 1", "p٢: taco 1", "P2: taco 1", "p: taco 1",
                "ｐ2: taco 1"]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "t.sqlite3", agent_delay=0.0)) as c:
        yield c


def _tanuki(client: TestClient) -> tuple[str, list[str], int]:
    """A 3-player Tanuki Market table, its seats' tokens and the seat to act."""
    r = client.post("/api/tables", json={"game": "tanuki-market", "players": 3, "seed": 0})
    assert r.status_code == 201, r.text
    made = r.json()
    tid = made["table"]
    actors = client.get(f"/api/tables/{tid}").json()["view"]["actors"]
    return tid, [s["token"] for s in made["seats"]], actors[0]


@pytest.mark.parametrize("text", NOT_PREFIXES)
def test_a_prefix_not_in_ascii_is_refused_under_the_notation_clause(client, text):
    tid, tokens, actor = _tanuki(client)
    for token in tokens:  # whoever sends it: no seat is read from it
        r = client.post(f"/api/tables/{tid}/actions", json={"action": text, "version": 0},
                        headers=auth(token))
        assert r.status_code == 422, r.text
        assert r.json()["rule"] == RULE and "is not a seat prefix" in r.json()["message"]
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0


def test_only_an_ascii_prefix_of_another_seat_is_the_wrong_seat(client):
    tid, tokens, actor = _tanuki(client)
    legal = client.get(f"/api/tables/{tid}", headers=auth(tokens[actor])).json()
    body = legal["view"]["legal"][0].split(": ", 1)[1]
    other = (actor + 1) % 3
    post = lambda text, seat: client.post(  # noqa: E731
        f"/api/tables/{tid}/actions", json={"action": text}, headers=auth(tokens[seat]))
    r = post(f"p{actor}: {body}", other)
    assert r.status_code == 403 and r.json()["error"] == "wrong-seat", r.text
    r = post(f"p{actor} :  {body}", actor)
    assert r.status_code == 200 and r.json()["version"] == 1, r.text


@pytest.mark.parametrize("text", ["p²: taco 1", "p١: taco 1"])
def test_a_table_refuses_such_a_prefix_before_anything_else(text):
    table = Table("t", TableSetup(game="tanuki-market", players=3, seed=0))
    actor = table.view(None)["actors"][0]
    for seat in range(3):
        with pytest.raises(Illegal) as info:
            table.act(seat, text, version=table.version)
        assert info.value.rule == RULE
    with pytest.raises(WrongSeat):
        table.act((actor + 1) % 3, f"p{actor}: taco 1")
    assert table.version == 0
