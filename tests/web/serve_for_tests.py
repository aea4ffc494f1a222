"""Run the table server on a free loopback port for the browser tests; print its URL.

The same app as ``fruitspec serve`` on uvicorn, in its own process, with agents that wait
less between moves so that games with an agent's seat stay quick.
"""
from __future__ import annotations

import sys

import uvicorn

from engine.server.app import create_app
from engine.server.serve import bind


def main(db: str, agent_delay: float) -> None:
    app = create_app(db, agent_delay=agent_delay)
    sock = bind("127.0.0.1", 0)
    host, port = sock.getsockname()[:2]
    print(f"http://{host}:{port}/", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=1, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]))
