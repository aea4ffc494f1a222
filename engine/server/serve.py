"""``fruitspec serve``: run the table server on uvicorn until Ctrl-C.

With ``--workers N`` (a PostgreSQL ``--db`` only) the command forks N server processes
that share the listening socket, each a whole server with its own pool of connections;
the first process only watches them, and starts another when one dies.
"""
from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import sys
import time

from spec.common.errors import FruitspecError

from .logsafe import printable, redact, without_query
from .storage import display_db, is_postgres

log = logging.getLogger("fruitspec.server")

DEFAULT_DB = "fruitspec-tables.sqlite3"
KEEP_ALIVE = 75  # seconds an idle HTTP connection stays open


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
    if args.copy_from is not None:
        return _copy(args)
    if is_postgres(args.db):
        return _serve(args)
    if args.workers != 1:
        raise FruitspecError("--workers above 1 needs a postgresql:// --db: an SQLite file"
                             " is served by one process")
    held = lock_database(args.db)  # before the file is opened: a second server stops here
    try:
        return _serve(args)
    finally:
        os.close(held)


def _copy(args: argparse.Namespace) -> int:
    """``--copy-from FILE``: the SQLite file's tables into the PostgreSQL ``--db``, then exit."""
    from .pgstore import copy_from_sqlite
    from .store import Store

    if not is_postgres(args.db):
        raise FruitspecError("--copy-from copies an SQLite file into PostgreSQL: give"
                             " --db postgresql://...")
    if not os.path.isfile(args.copy_from):
        raise FruitspecError(f"--copy-from: no file {args.copy_from}")
    copied, actions, present = copy_from_sqlite(Store(args.copy_from), args.db)
    print(f"fruitspec serve: copied {copied} tables ({actions} actions) from"
          f" {args.copy_from} into {display_db(args.db)}; {present} were there already",
          flush=True)
    return 0


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
    if not 1 <= args.workers <= 64:
        raise FruitspecError(f"--workers must be 1..64, not {args.workers}")
    if not 1 <= args.pool_size <= 100:
        raise FruitspecError(f"--pool-size must be 1..100, not {args.pool_size}")
    parse_networks(args.forwarded_allow_ips)


def _serve(args: argparse.Namespace) -> int:
    app = _app(args) if args.workers == 1 else None  # opened here: a bad --db is one line
    if app is None:
        from .pgstore import prepare

        prepare(args.db)  # checked and migrated once, before any worker starts
    sock = bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    configure_logging()
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    print(f"fruitspec serve: http://{shown}:{port}/ (tables in {display_db(args.db)}"
          f"{workers}); Ctrl-C stops", flush=True)
    if app is not None:
        _run(app, sock)
    else:
        _supervise(args, sock)
    print("fruitspec serve: stopped", flush=True)
    return 0


def _app(args: argparse.Namespace) -> object:
    from .app import create_app

    return create_app(args.db, agent_delay=args.agent_delay, idle_timeout=args.idle_timeout,
                      create_rate=args.create_rate, ws_per_client=args.ws_per_client,
                      forwarded_allow_ips=args.forwarded_allow_ips, pool_size=args.pool_size,
                      bench_route=args.bench_route)


def _run(app: object, sock: socket.socket) -> None:
    import uvicorn

    # proxy_headers off: uvicorn would otherwise take X-Forwarded-For from loopback peers
    # as the client; the app decides whom to believe (--forwarded-allow-ips)
    # keep-alive longer than a proxy's usual idle timeout (nginx: 60 s): a server closing
    # an idle connection first races the proxy's next request on it (a failed request)
    config = uvicorn.Config(app, log_config=None, access_log=False,  # type: ignore[arg-type]
                            ws_max_size=64 * 1024, timeout_graceful_shutdown=3,
                            lifespan="on", proxy_headers=False,
                            timeout_keep_alive=KEEP_ALIVE)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn has shut down cleanly, then re-raises Ctrl-C
        pass


#: Seconds between two starts of a worker that keeps dying (a broken database, say).
RESPAWN_PAUSE = 1.0


def _supervise(args: argparse.Namespace, sock: socket.socket) -> None:
    """Fork ``args.workers`` servers on ``sock`` and keep that many running until a
    signal stops them all. Ctrl-C reaches every process of the terminal's group; the
    watcher also passes SIGTERM on, which a worker already stopping takes as the same
    request (a second SIGINT would make uvicorn drop its connections at once)."""
    children: dict[int, float] = {}  # pid: when it started
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with _gone_already():
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for _ in range(args.workers):
        children[_fork_worker(args, sock)] = time.monotonic()
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        started = children.pop(pid, None)
        if started is None or stopping:
            continue
        log.warning("worker %d ended (%s): starting another", pid, _how(status))
        time.sleep(max(0.0, RESPAWN_PAUSE - (time.monotonic() - started)))
        if not stopping:
            children[_fork_worker(args, sock)] = time.monotonic()


def _fork_worker(args: argparse.Namespace, sock: socket.socket) -> int:
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _run(_app(args), sock)
        code = 0
    except FruitspecError as exc:
        log.error("worker %d cannot start: %s", os.getpid(), exc)
    except BaseException as exc:  # noqa: BLE001  a worker ends here, whatever happened
        code = 0 if isinstance(exc, KeyboardInterrupt) else 1
        if code:
            log.error("worker %d stopped: %s", os.getpid(), type(exc).__name__)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class _gone_already:
    """Ignore a signal sent to a worker that has just ended."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: object, *rest: object) -> bool:
        return exc_type is ProcessLookupError


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit status {os.WEXITSTATUS(status)}"


def add_serve_arguments(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default: loopback only)")
    sp.add_argument("--port", type=int, default=8000,
                    help="TCP port (default: %(default)s; 0 picks a free one)")
    sp.add_argument("--db", default=DEFAULT_DB,
                    help="where the tables are kept: an SQLite file, or a postgresql://"
                         "USER@HOST:PORT/DATABASE URL (default: %(default)s)")
    sp.add_argument("--workers", type=int, default=1, metavar="N",
                    help="server processes sharing the port; above 1 needs a PostgreSQL"
                         " --db (default: %(default)s)")
    sp.add_argument("--pool-size", type=int, default=4, metavar="N",
                    help="PostgreSQL connections each process may hold open, besides one"
                         " for announcements and one for agents' claims (default: %(default)s)")
    sp.add_argument("--copy-from", metavar="FILE",
                    help="copy the tables of this SQLite file into the PostgreSQL --db,"
                         " then exit (tables already there are left as they are)")
    sp.add_argument("--bench-route", action="store_true", help=argparse.SUPPRESS)
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
