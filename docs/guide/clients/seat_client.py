"""Play one seat of a fruitspec table: the first legal action, whenever it is our turn.

    python seat_client.py http://127.0.0.1:8000 TABLE TOKEN
"""
import json
import sys

import httpx
from websockets.sync.client import connect


def play(base: str, table: str, token: str) -> list[int]:
    headers = {"Authorization": f"Bearer {token}"}
    feed_url = base.replace("http", "ws", 1) + f"/api/tables/{table}/ws?token={token}"
    with httpx.Client(base_url=base, headers=headers) as http, connect(feed_url) as feed:
        while True:
            msg = json.loads(feed.recv())  # the current version first, then one per change
            for event in msg["events"]:
                print(f"v{event['version']} {event['rule']}: {event['text']}")
            view = msg["view"]  # what this seat may know, and its legal actions
            if view["over"]:
                return view["scores"]
            if view["legal"]:  # our turn (or a cart to grab): a real client would think
                r = http.post(f"/api/tables/{table}/actions",
                              json={"action": view["legal"][0], "version": msg["version"]})
                if r.status_code not in (200, 409):  # 409: another seat was faster
                    raise SystemExit(f"refused: {r.json()['message']}")


if __name__ == "__main__":
    print("scores:", play(*sys.argv[1:4]))
