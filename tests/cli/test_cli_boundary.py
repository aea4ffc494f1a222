"""Every bad input to every subcommand: exit 2, one line on standard error, no traceback.

The hypothesis fuzz runs the command line in-process (``engine.cli.main.main``) for speed: each
example is a valid base command with one or more bad parts injected (a game, a player
count, a seed, an option, a reading, a variant, a seat, an agent, a file, a flag), so a
run never starts the slow work of a valid command. A few real processes check the same
promise end to end, and that Ctrl-C stops a parallel simulation with one line.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.analysis import simulate as sim
from tests.cli.cli_support import cli, run

GAMES = engine.games()
HUGE = "9" * 5000

# --- garbage, one kind per argument -----------------------------------------------------------
junk = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
bad_game = st.one_of(st.sampled_from(["", "nope", "tindahan!", "bastos2", "\x00", HUGE[:50]]),
                     junk.map(lambda t: "zz" + t))
bad_int = st.sampled_from(["", "abc", "1.5", "1e3", "0x10", "--", HUGE, "٣", " "])
bad_players = st.one_of(bad_int, st.sampled_from(["0", "-1", "1", "99", "6"]))
bad_option = st.one_of(
    st.sampled_from(["nonsense", "=x", "=", "zz=1", "cart-mover=nope", "swap=maybe",
                     "removed-fruits=", "discard-take=\x00"]),
    junk.filter(lambda t: "=" not in t))
bad_variant = st.one_of(st.sampled_from(["", "nope", "SOLO!", "special"]),
                        junk.map(lambda t: "zz" + t))
bad_seat = st.sampled_from(["-1", "7", "99", "x", "", HUGE, "1.0"])
bad_agents = st.one_of(st.sampled_from(["nope", ",", "random,,", "", " ", "random,zz",
                                        "random," * 9]), junk.map(lambda t: "zz" + t))
bad_flag = st.one_of(st.sampled_from(["--nope", "-z", "--players", "--seed", "--option"]),
                     junk.map(lambda t: "--zz" + t))


def garbage_files(tmp: Path) -> list[str]:
    """Files (and paths) that are not scenarios, each broken in its own way."""
    files = {
        "not-utf8.json": b"\xff\xfe{\"game\": \"tindahan\"}",
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "deep-object.json": b'{"game": "tindahan", "setup": ' + b'{"a":' * 50_000
                            + b"1" + b"}" * 50_000 + b"}",
        "seed.json": ('{"game": "tindahan", "seed": ' + HUGE + "}").encode(),
        "empty.json": b"",
        "list.json": b"[1, 2]",
        "string.json": b'"tindahan"',
        "binary.json": bytes(range(256)),
        "truncated.json": b'{"game": "tindahan", "actions": ["play',
        "wrong-types.json": json.dumps({"game": "tindahan", "actions": 3}).encode(),
        "unknown-game.json": json.dumps({"game": "zz"}).encode(),
        "bad-option.json": json.dumps({"game": "tindahan",
                                       "options": {"cart-mover": "zz"}}).encode(),
        "bad-players.json": json.dumps({"game": "bastos", "players": 9}).encode(),
        "extra-key.json": json.dumps({"game": "bastos", "zz": 1}).encode(),
    }
    out = []
    for name, data in files.items():
        path = tmp / name
        path.write_bytes(data)
        out.append(str(path))
    return out + [str(tmp), str(tmp / "missing.json"), ""]


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return garbage_files(tmp_path_factory.mktemp("garbage"))


@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("good") / "ok.json"
    path.write_text(json.dumps({"game": "tindahan", "players": 3, "seed": 2, "actions": []}))
    return str(path)


def config_mistake(data: st.DataObject, *, seat: bool = False,
                   agents: bool = False) -> list[str]:
    """One to three bad parts for a command that takes GAME and the configuration args."""
    kinds = ["players", "seed", "option", "variant", "flag"] + ["seat"] * seat \
        + ["agents"] * agents
    chosen = data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True))
    args: list[str] = []
    for kind in chosen:
        if kind == "players":
            args += ["--players", data.draw(bad_players)]
        elif kind == "seed":
            args += ["--seed", data.draw(bad_int)]
        elif kind == "option":
            args += ["--option", data.draw(bad_option)]
        elif kind == "variant":
            args += ["--variant", data.draw(bad_variant)]
        elif kind == "seat":
            args += ["--seat", data.draw(bad_seat)]
        elif kind == "agents":
            args += ["--agents", data.draw(bad_agents)]
        else:
            args.append(data.draw(bad_flag))
    return args


def game_or_bad(data: st.DataObject, bad_elsewhere: bool) -> str:
    return data.draw(st.sampled_from(GAMES)) if bad_elsewhere else data.draw(bad_game)


# --- the fuzz, one test per subcommand ---------------------------------------------------------
@given(data=st.data())
def test_fuzz_games(data: st.DataObject) -> None:
    cli("games", data.draw(st.one_of(bad_flag, junk.map(lambda t: "x" + t)))).assert_user_error()


@given(data=st.data())
def test_fuzz_play(data: st.DataObject) -> None:
    bad = data.draw(st.booleans())
    extra = config_mistake(data, seat=True, agents=True) if bad else []
    flags = data.draw(st.lists(st.sampled_from(["--json", "--explain"]), unique=True))
    cli("play", game_or_bad(data, bad), *extra, *flags).assert_user_error()


@given(data=st.data())
def test_fuzz_simulate(data: st.DataObject) -> None:
    bad = data.draw(st.booleans())
    extra = config_mistake(data, agents=True) if bad else []
    more = data.draw(st.sampled_from([[], ["-n", "0"], ["-n", HUGE], ["--workers", "0"],
                                      ["--cluster", "nonsense"], ["--cluster", ""],
                                      ["--compare", "zz"], ["-n", "-5"]]))
    if not bad and not more:
        more = ["--workers", "-1"]
    cli("simulate", game_or_bad(data, bad or bool(more)), "-n", "1", *extra,
        *more).assert_user_error()


@given(data=st.data())
def test_fuzz_explore(data: st.DataObject) -> None:
    bad = data.draw(st.booleans())
    extra = config_mistake(data) if bad else []
    more = data.draw(st.sampled_from([[], ["--config", "zz"], ["--max-states", "0"],
                                      ["--max-states", "x"], ["--setup", "/no/such/file"]]))
    if not bad and not more:
        more = ["--config", ""]
    cli("explore", game_or_bad(data, bad or bool(more)), *extra, *more).assert_user_error()


@given(data=st.data())
def test_fuzz_replay(data: st.DataObject, bad_files: list[str], good_file: str) -> None:
    if data.draw(st.booleans()):
        cli("replay", data.draw(st.sampled_from(bad_files)),
            *data.draw(st.sampled_from([[], ["--json"], ["--seat", "0"], ["--state"]]))
            ).assert_user_error()
    else:
        extra = data.draw(st.sampled_from([
            ["--seat", data.draw(bad_seat)], ["--option", data.draw(bad_option)],
            [data.draw(bad_flag)]]))
        cli("replay", good_file, *extra).assert_user_error()


@given(data=st.data())
def test_fuzz_prove_schema(data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["prove", "schema"]))
    cli(command, data.draw(bad_game)).assert_user_error()


@given(data=st.data())
def test_fuzz_ambiguities(data: st.DataObject) -> None:
    args = data.draw(st.one_of(
        bad_game.filter(lambda t: t.strip() == "" or t.startswith("zz")).map(lambda t: [t]),
        st.sampled_from([["--diff"], ["--search"], ["--write"], ["TIN-A1", "--impact", "-1"],
                         ["TIN-A1", "--impact", "x"], ["", "--diff"], [" "]]),
        bad_flag.map(lambda f: ["TIN-A1", f])))
    if args == ["--write"]:
        args = ["--write", "--search"]
    cli("ambiguities", *args).assert_user_error()


@given(data=st.data())
def test_fuzz_verify_and_commands(data: st.DataObject) -> None:
    args = data.draw(st.one_of(
        bad_flag.map(lambda f: ["verify", f]), junk.map(lambda t: ["verify", "x" + t]),
        junk.map(lambda t: ["zz" + t]), bad_flag.map(lambda f: [f])))
    cli(*args).assert_user_error()


# --- the defects the issue names, each pinned ------------------------------------------------
def test_bad_files_each_give_one_line(bad_files: list[str]) -> None:
    for path in bad_files:
        line = cli("replay", path).assert_user_error()
        assert len(line) < 500


def test_ambiguities_empty_target_is_an_error() -> None:
    assert "empty" in cli("ambiguities", "").assert_user_error()
    assert cli("ambiguities", "   ").code == 2


def test_cluster_nonsense_is_one_line() -> None:
    assert "--cluster" in cli("simulate", "tindahan", "-n", "1", "--cluster",
                              "nonsense").assert_user_error()


def test_workers_are_capped_with_a_note() -> None:
    r = cli("simulate", "tindahan", "-n", "2", "--workers", "40", "--json")
    assert r.code == 0, r.err
    assert "note:" in r.err and "not 40" in r.err
    assert json.loads(r.out)["workers"] <= min(2, os.cpu_count() or 1)
    assert sim.useful_workers(40, 3) == min(3, os.cpu_count() or 1)
    assert sim.useful_workers(1, 10**13) == 1


def test_chunks_are_made_lazily() -> None:
    ranges = sim._ranges(10**13, 500)
    assert next(iter(ranges)) == (0, 500)  # a generator: no list of 2 * 10**10 chunks
    assert not isinstance(ranges, list)


def _as_in_a_terminal() -> None:
    # a test run started in the background inherits SIGINT ignored (as every job a
    # non-interactive shell puts behind '&' does), and Python then keeps ignoring it; a
    # terminal's fruitspec gets the default disposition
    signal.signal(signal.SIGINT, signal.SIG_DFL)


#: a run far longer than any test: it ends only when interrupted
HUGE_N = 10**13
#: a guard against a hang only: the test waits for what the run prints, not for a time
HANG_GUARD = 300.0
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]")
#: the progress bar's count once a first chunk of games is done
_GAMES_DONE = re.compile(rf"([0-9]*[1-9][0-9]*)/{HUGE_N}")


class _Terminal:
    """A pseudo-terminal for a child's standard error, as a person's shell gives it, read
    all the time (a child writing to a full one would block) and kept as text."""

    def __init__(self) -> None:
        self.master, self.slave = pty.openpty()
        # rows and columns: rich draws its bar to the terminal's width
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 160, 0, 0))
        self._read: list[bytes] = []
        self._closed = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._drain, daemon=True)

    def start(self) -> None:
        """Once the child holds the slave end: only its processes keep it open now."""
        os.close(self.slave)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: every process holding the terminal has closed it
                data = b""
            with self._changed:
                self._read.append(data)
                self._closed = not data
                self._changed.notify_all()
            if not data:
                return

    def text(self) -> str:
        """What was written, without the terminal's control sequences."""
        with self._changed:
            raw = b"".join(self._read).decode("utf-8", "replace")
        return _CONTROL.sub("", raw)

    def lines(self) -> list[str]:
        return [line.strip() for line in re.split(r"[\r\n]", self.text()) if line.strip()]

    def wait_for(self, pattern: re.Pattern[str]) -> bool:
        """Whether ``pattern`` was written before the terminal was closed."""
        with self._changed:  # a reentrant lock: text() may take it again
            self._changed.wait_for(lambda: self._closed or pattern.search(self.text()),
                                   HANG_GUARD)
            return pattern.search(self.text()) is not None

    def wait_closed(self) -> bool:
        """Whether every process that held the terminal (workers too) has let it go."""
        with self._changed:
            return self._changed.wait_for(lambda: self._closed, HANG_GUARD)

    def close(self) -> None:
        os.close(self.master)


@pytest.mark.parametrize("backend", [[], ["--cluster", "local"]])
def test_huge_n_starts_at_once_and_stops_on_ctrl_c(backend: list[str]) -> None:
    """`simulate -n 10**13` starts playing at once (lazy chunks); a terminal's Ctrl-C
    (SIGINT to the whole process group) stops it with one line and no worker noise,
    with a process pool and with a local Dask cluster.

    Judged by events, however loaded the machine: Ctrl-C comes once the progress bar
    counts a first chunk of games done, and the run must then end with exit 130, its one
    line, no report, and no process left holding the terminal."""
    if backend:
        pytest.importorskip("dask.distributed")
    term = _Terminal()
    p = subprocess.Popen([sys.executable, "-m", "engine", "simulate", "tindahan", "-n",
                          str(HUGE_N), "--workers", "2", *backend],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=term.slave,
                         text=True, start_new_session=True, preexec_fn=_as_in_a_terminal,
                         env={**os.environ, "TERM": "xterm", "COLUMNS": "160"})
    term.start()
    try:
        assert term.wait_for(_GAMES_DONE), (p.poll(), term.text()[-2000:])
        assert p.poll() is None, term.text()[-2000:]
        os.killpg(p.pid, signal.SIGINT)
        out, _ = p.communicate(timeout=HANG_GUARD)
        assert term.wait_closed(), "a worker outlived the interrupted run"
        lines = term.lines()
        assert p.returncode == 130, lines
        assert lines[-1] == "fruitspec: interrupted", lines
        # before it, only the progress bar's redrawings: no traceback, no worker's noise
        assert all(line.startswith("simulating tindahan") for line in lines[:-1]), lines
        assert out == ""  # no report: the run stopped before it had played all its games
        done = [int(m) for m in _GAMES_DONE.findall(term.text())]
        assert done and max(done) < HUGE_N
    finally:
        # a failed run must not leave a 10**13-game simulation and its workers behind
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        term.close()


# --- the same promise through real processes ---------------------------------------------------
@pytest.mark.parametrize("name", ["not-utf8.json", "deep.json", "seed.json", "missing.json",
                                  "."])
def test_replay_of_broken_files_in_a_real_process(tmp_path: Path, name: str) -> None:
    garbage_files(tmp_path)
    r = run("replay", str(tmp_path / name))
    r.assert_user_error()


@pytest.mark.parametrize("args", [("ambiguities", ""), ("play", "tindahan", "--seat", "9"),
                                  ("simulate", "bastos", "--cluster", "nonsense", "-n", "1"),
                                  ("play", "tindahan", "--seed", HUGE)])
def test_user_errors_in_a_real_process(args: tuple[str, ...]) -> None:
    run(*args).assert_user_error()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(GAMES + ["B7", "p0: play B7", "take 2"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
scenario_keys = st.sampled_from(["game", "players", "options", "variant", "seed", "setup",
                                 "actions", "expect", "title", "description", "zz"])


@given(doc=st.dictionaries(scenario_keys, json_values, max_size=6),
       game=st.sampled_from(GAMES))
def test_fuzz_scenario_contents(doc: dict, game: str) -> None:
    """Any JSON object as a scenario: a result (0, 1) or one line and exit 2, never a
    traceback."""
    doc.setdefault("game", game)
    r = cli("replay", json.dumps(doc))
    assert r.code in (0, 1, 2) and "Traceback" not in r.err + r.out, r.err
    if r.code == 2:
        r.assert_user_error()
