"""A table dealt without a seed keeps its seed secret: non-interference, and replay.

Two tables whose set-ups fix the same first deal but whose (unguessable) seeds differ
must answer every seat identically, ids and tokens aside, until the first chance event
the set-up leaves open (the next round's deal). Nothing any seat or a spectator is sent
while the game runs holds the seed; the finished game's scenario carries it and replays.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

import engine
from engine.core.scenario import replay
from engine.server import create_app
from spec.common.rng import KEYED

from .helpers import auth

FIXED = engine.load("tindahan", players=3).new(seed=3)
SETUP = {"dealer": FIXED.dealer, "hands": [list(h) for h in FIXED.hands]}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "t.sqlite3", agent_delay=0.0)) as c:
        yield c


def _open(client: TestClient, **body: Any) -> tuple[str, list[str]]:
    r = client.post("/api/tables", json={"game": "tindahan", "players": 3, **body})
    assert r.status_code == 201, r.text
    assert "seed" not in r.text
    made = r.json()
    return made["table"], [s["token"] for s in made["seats"]]


def _scrub(text: str, table: str, tokens: list[str]) -> Any:
    for secret in (table, *tokens):
        text = text.replace(secret, "<id>")
    return json.loads(text)


class Seen:
    """Every answer one table gave, as text, and what each seat was shown now."""

    def __init__(self, client: TestClient, table: str, tokens: list[str]) -> None:
        self.client, self.table, self.tokens = client, table, tokens
        self.texts: list[str] = []

    def get(self, path: str, token: str | None) -> Any:
        r = self.client.get(f"/api/tables/{self.table}{path}", headers=auth(token))
        assert r.status_code == 200, r.text
        self.texts.append(r.text)
        return _scrub(r.text, self.table, self.tokens)

    def now(self) -> list[Any]:
        """Every seat's and a spectator's snapshot and events."""
        return [(self.get("", tok), self.get("/events?since=0", tok))
                for tok in (*self.tokens, None)]

    def act(self, seat: int, action: str) -> Any:
        r = self.client.post(f"/api/tables/{self.table}/actions", json={"action": action},
                             headers=auth(self.tokens[seat]))
        assert r.status_code == 200, r.text
        self.texts.append(r.text)
        return _scrub(r.text, self.table, self.tokens)


def _next(snapshot: Any) -> tuple[int, str]:
    view = snapshot["view"]
    seat = view["actors"][0]
    return seat, view["legal"][0] if view["seat"] == seat else ""


def test_two_fresh_seeds_answer_alike_until_the_first_open_deal(client):
    a, b = Seen(client, *_open(client, setup=SETUP)), Seen(client, *_open(client, setup=SETUP))
    played = 0
    while True:
        seen_a = a.now()
        assert seen_a == b.now()
        spectator = seen_a[-1][0]
        assert not spectator["over"], "the games never parted: no chance event was reached"
        seat = spectator["view"]["actors"][0]
        action = seen_a[seat][0]["view"]["legal"][0]
        done_a, done_b = a.act(seat, action), b.act(seat, action)
        played += 1
        if done_a != done_b:
            break
    # they part only once the set-up's deal is used up: round 2 is dealt from the seed
    assert done_a["view"]["round"] == 2 and played == 30
    assert a.now() != b.now()


def test_two_tables_without_a_seed_deal_differently(client):
    hands = set()
    for _ in range(3):
        table, tokens = _open(client)
        hand = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["view"]
        hands.add(json.dumps(hand["hands"]))
    assert len(hands) == 3


def test_the_seed_is_shown_only_in_the_finished_games_scenario(client):
    table, tokens = _open(client)
    seen = Seen(client, table, tokens)
    r = client.get(f"/api/tables/{table}/scenario")
    assert r.status_code == 409 and "seed" not in r.text
    while True:
        spectator = seen.now()[-1][0]
        if spectator["over"]:
            break
        seat = spectator["view"]["actors"][0]
        seen.act(seat, seen.get("", tokens[seat])["view"]["legal"][0])
    scenario = client.get(f"/api/tables/{table}/scenario").json()
    seed = int(scenario["seed"])
    assert scenario["generator"] == KEYED and seed.bit_length() > 64
    assert isinstance(scenario["seed"], str)  # too wide for JSON's safe integers
    for text in seen.texts:
        assert str(seed) not in text and f"{seed:x}" not in text
    done = replay(scenario)
    assert done.ok and done.game.is_over(done.state)
    assert done.scores == spectator["view"]["totals"]


def test_a_table_with_a_seed_deals_it_on_splitmix_and_a_wide_seed_travels_as_text(client):
    table, tokens = _open(client, seed=7)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["view"]
    game = engine.load("tindahan", players=3)
    assert view == json.loads(json.dumps(game.view(game.new(seed=7), 0)))
    wide = 2**100 + 1
    table, tokens = _open(client, seed=str(wide), generator=KEYED)
    view = client.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["view"]
    state = game.new(seed=wide, generator=KEYED)
    assert view == json.loads(json.dumps(game.view(state, 0)))


@pytest.mark.parametrize("seed", [True, 1.5, "0x1", "-1", "", 2**64, "1" * 90])
def test_bad_seeds_are_refused(client, seed):
    r = client.post("/api/tables", json={"game": "tindahan", "players": 3, "seed": seed})
    assert r.status_code == 422, r.text
