"""``fruitspec serve``: run the table server on uvicorn until Ctrl-C."""
from __future__ import annotations

import argparse
import logging
import os
import socket
import sys

from spec.common.errors import FruitspecError

from .logsafe import printable, redact, without_query

DEFAULT_DB = "fruitspec-tables.sqlite3"


class RedactSecrets(logging.Filter):
    """Keeps secrets and forged lines out of every log line, uvicorn's included.

    uvicorn logs a WebSocket's request target with its query (``?token=``) as an argument
    of its message: a request target's query is dropped, and every text argument escaped.
    The whole line is then blanked of anything that still reads as a token.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_safe_arg(arg) for arg in record.args)
        text = record.getMessage()
        clean = redact(text)
        if clean != text:
            record.msg, record.args = clean, None
        return True


def _safe_arg(arg: object) -> object:
    if not isinstance(arg, str):
        return arg
    return printable(without_query(arg) if arg.startswith("/") else arg)


def configure_logging(level: int = logging.INFO) -> logging.Handler:
    """One stderr handler for the server and uvicorn, with :class:`RedactSecrets` on it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "websockets"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    return handler


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one clear error (port taken, unknown host)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family = infos[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(infos[0][4])
    except (OSError, IndexError) as exc:
        raise FruitspecError(f"cannot listen on {host}:{port}: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; the database is opened (and checked) before listening."""
    from .store import lock_database

    if not 0 <= args.port <= 65535:
        raise FruitspecError(f"--port must be 0..65535, not {args.port}")
    if not 0 <= args.agent_delay <= 60:
        raise FruitspecError(f"--agent-delay must be 0..60 seconds, not {args.agent_delay}")
    _check_limits(args)
    held = lock_database(args.db)  # before the file is opened: a second server stops here
    try:
        return _serve(args)
    finally:
        os.close(held)


def _check_limits(args: argparse.Namespace) -> None:
    from .limits import parse_networks

    if not 0 < args.idle_timeout <= 10**8:
        raise FruitspecError(f"--idle-timeout must be a number of seconds above 0, not"
                             f" {args.idle_timeout}")
    if not 0 <= args.create_rate <= 10**6:
        raise FruitspecError(f"--create-rate must be 0 (no limit) to 1000000 a minute, not"
                             f" {args.create_rate}")
    if not 1 <= args.ws_per_client <= 10**6:
        raise FruitspecError(f"--ws-per-client must be 1 or more, not {args.ws_per_client}")
    parse_networks(args.forwarded_allow_ips)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .app import create_app

    app = create_app(args.db, agent_delay=args.agent_delay, idle_timeout=args.idle_timeout,
                     create_rate=args.create_rate, ws_per_client=args.ws_per_client,
                     forwarded_allow_ips=args.forwarded_allow_ips)
    sock = bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    configure_logging()
    print(f"fruitspec serve: http://{shown}:{port}/ (tables in {args.db}); Ctrl-C stops",
          flush=True)
    # proxy_headers off: uvicorn would otherwise take X-Forwarded-For from loopback peers
    # as the client; the app decides whom to believe (--forwarded-allow-ips)
    config = uvicorn.Config(app, log_config=None, access_log=False, ws_max_size=64 * 1024,
                            timeout_graceful_shutdown=3, lifespan="on", proxy_headers=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn has shut down cleanly, then re-raises Ctrl-C
        pass
    print("fruitspec serve: stopped", flush=True)
    return 0


def add_serve_arguments(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default: loopback only)")
    sp.add_argument("--port", type=int, default=8000,
                    help="TCP port (default: %(default)s; 0 picks a free one)")
    sp.add_argument("--db", default=DEFAULT_DB,
                    help="SQLite file of the tables (default: %(default)s)")
    sp.add_argument("--agent-delay", type=float, default=0.2, metavar="SECONDS",
                    help="how long a built-in agent waits before it acts (default: %(default)s)")
    sp.add_argument("--idle-timeout", type=float, default=3600.0, metavar="SECONDS",
                    help="a table with no action and no feed open for this long leaves"
                         " memory; the database keeps it (default: %(default)s)")
    sp.add_argument("--create-rate", type=float, default=30.0, metavar="PER_MINUTE",
                    help="tables one client address may create a minute, as many at once;"
                         " 0 for no limit (default: %(default)s)")
    sp.add_argument("--ws-per-client", type=int, default=64, metavar="N",
                    help="live feeds (WebSockets) one client address may hold open"
                         " (default: %(default)s)")
    sp.add_argument("--forwarded-allow-ips", default="", metavar="IPS",
                    help="comma-separated proxy addresses or CIDR blocks whose"
                         " X-Forwarded-For names the client (default: none)")
