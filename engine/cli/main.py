"""The ``fruitspec`` command line. User errors print one line and exit 2.

Every failure a user can cause (a bad argument, a missing or unreadable file, JSON that
is not a scenario, an illegal action, an interrupted run) ends as one line on standard
error, never a traceback: see :func:`main`. ``fruitspec --traceback COMMAND ...`` shows
the traceback of an unexpected error instead.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Any, Callable, Mapping, NoReturn, Sequence

from spec.common.errors import ConfigError, FruitspecError
from spec.common.rng import GENERATORS, SPLITMIX64

from engine.cli.textio import console as _make_console
from engine.cli.textio import one_line, read_json

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        sys.stderr.write(f"fruitspec: {one_line(message)}\n")
        raise SystemExit(EXIT_USAGE)


def _console(args: argparse.Namespace) -> Any:
    return _make_console()


def _emit(args: argparse.Namespace, data: Any, human: Callable[[Any], None]) -> None:
    if args.json:
        print(json.dumps(data, indent=2, default=str))
    else:
        human(_console(args))


def _options(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise FruitspecError(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


_INT = re.compile(r"[+-]?[0-9]+")
_MAX_DIGITS = 100


def _int_type(least: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number, at least ``least``, said in one clear line."""
    def parse(text: str) -> int:
        # ASCII digits only: int() would also read '٣' (Arabic-Indic three) and '1_0'
        if not _INT.fullmatch(text) or len(text) > _MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number of at most {_MAX_DIGITS} digits,"
                f" not {one_line(text, 40)!r}")
        value = int(text)
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(f"{what} must be at least {least}, not {value}")
        return value

    parse.__name__ = what
    return parse


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("fruitspec")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


# --- commands -------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    from engine.core.catalog import describe_games
    from engine.cli.show import render_games

    data = describe_games()
    _emit(args, data, lambda con: render_games(data, con))
    return 0


def _agent_names(args: argparse.Namespace) -> list[str]:
    given = "random" if args.agents is None else args.agents
    names = [n.strip() for n in given.split(",")]
    if not all(names):
        raise FruitspecError(f"--agents takes comma-separated agent names, not {args.agents!r}")
    return names


def cmd_play(args: argparse.Namespace) -> int:
    import engine

    from engine.analysis.agents import play_game, seat_agents

    game = engine.load(args.game, players=args.players, options=_options(args.option),
                       variant=args.variant)
    agents = seat_agents(_agent_names(args), game.players)
    seat = _seat(game, args.seat)
    if seat is not None and not args.json and not args.explain:
        from engine.cli.play import play

        # without --seed a person is dealt afresh, a deal nobody can foresee
        return play(game, seat, agents, args.seed, args.generator)
    if args.seed is None:
        args.seed = 0
    if args.generator not in (None, SPLITMIX64):
        raise FruitspecError("--generator blake2b-ctr deals for a person at the prompt"
                             " (--seat N alone); agents' games use splitmix64")
    rec = play_game(game, agents, seed=args.seed, record=True)
    seen = [game.events_for(evs, seat) for evs in rec.events or []]
    states = [game.new(seed=args.seed)]
    for a in rec.actions:
        states.append(game.apply(states[-1], a))

    def record_actions() -> list[dict[str, Any]]:
        from engine.cli.show import visible_action

        return [{"action": visible_action(game, states[i], a, evs, seat),
                 "events": [e.to_json() for e in evs]}
                for i, (a, evs) in enumerate(zip(rec.actions, seen))]

    data = {"game": game.name, "players": game.players, "variant": game.variant,
            "options": game.options, "seed": args.seed, "seat": seat, "length": rec.length,
            "scores": rec.scores, "winners": rec.winners, "view": game.view(rec.final, seat),
            "actions": record_actions()}

    def human(con: Any) -> None:
        from engine.cli.show import winners_text

        if args.explain:
            from engine.cli.show import game_record

            for line in game_record(game, args.seed, seat, rec.actions, rec.events or [],
                                    states):
                con.print(line, markup=False)
            return
        con.print(f"{game.name}, {game.players} players, seed {args.seed}: "
                  f"{rec.length} actions; scores {rec.scores}; {winners_text(rec.winners)}",
                  markup=False)

    _emit(args, data, human)
    return 0


def _seat(game: Any, seat: int | None) -> int | None:
    if seat is not None and not 0 <= seat < game.players:
        raise FruitspecError(f"--seat {seat}: a {game.players}-player game has seats"
                             f" 0-{game.players - 1}")
    return seat


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.core.scenario import replay

    sc = _scenario(args.file)
    r = replay(sc, options=_options(args.option))
    game = r.game
    seat = _seat(game, args.seat)
    seen = [game.events_for(evs, seat) for evs in r.events]
    view = game.view(r.state, seat)
    data = r.to_json()
    data.update({"seat": seat, "view": view, "legal": view["legal"],
                 "events": [[e.to_json() for e in evs] for evs in seen]})

    def human(con: Any) -> None:
        from engine.cli.show import event_lines, seat_name, visible_action

        say = lambda line: con.print(line, markup=False)  # noqa: E731 - texts hold brackets
        if sc.title:
            con.print(sc.title, style="bold", markup=False)
        if sc.description:
            say(sc.description)
        say(f"{game.name}, {game.players} players"
            + (f", variant {game.variant}" if game.variant else "")
            + f", seed {sc.seed}"
            + f", {_readings(game)}; as {seat_name(seat)} sees it")
        for i, evs in enumerate(seen):
            say(f"{i + 1:>4}  {visible_action(game, r.states[i], sc.actions[i], evs, seat)}")
            for line in event_lines(evs):
                say(line)
        if r.error is not None:
            say(f"action {(r.illegal_at or 0) + 1} '{sc.actions[r.illegal_at or 0]}'"
                f" refused under {r.error.rule}: {r.error.message}")
        if seat is not None:
            say(f"legal for seat {seat}: {', '.join(view['legal']) or '(none)'}")
        else:
            say("legal: a spectator has none (--seat N lists a seat's)")
        say(f"to act: {', '.join(map(str, view['actors'])) or '-'}; over: {data['over']};"
            f" scores: {data['scores']}")
        if args.state:
            say("state (as " + seat_name(seat) + " sees it): " + json.dumps(view, default=str))
        for f in r.failures:
            say(f"expectation failed: {f}")
        if sc.expect is not None and r.ok:
            say("all expectations hold")

    _emit(args, data, human)
    return 0 if r.ok else 1


def _scenario(source: str) -> Any:
    """The scenario in a file, on standard input ('-') or given as JSON text."""
    from engine.core.scenario import load_scenario

    if not source.strip():
        raise FruitspecError("no scenario given: name a scenario file")
    data = read_json(source, "scenario")
    if not isinstance(data, dict):
        raise FruitspecError(f"a scenario is a JSON object, not {type(data).__name__}"
                             f" ({source if len(source) < 60 else 'the JSON given'})")
    return load_scenario(data)


def _readings(game: Any) -> str:
    """The readings that differ from the defaults, or 'default readings'."""
    changed = [f"{o.name}={game.options[o.name]}" for o in game.spec.options_for(game.variant)
               if o.name in game.options and str(game.options[o.name]) != str(o.default)]
    return "readings " + ", ".join(changed) if changed else "default readings"


def cmd_schema(args: argparse.Namespace) -> int:
    from engine.core.schema import schemas

    data = schemas(args.game)
    print(json.dumps(data, indent=2))
    return 0


def _check_cluster(cluster: str | None) -> None:
    if cluster is None or cluster in ("local", "local-threads"):
        return
    if not re.fullmatch(r"(?:(?:tcp|tls|ws|wss|inproc|ucx)://)?[\w.\-\[\]:]+:\d{1,5}",
                        cluster):
        raise FruitspecError(f"--cluster takes 'local', 'local-threads' or a Dask scheduler"
                             f" address such as tcp://127.0.0.1:8786, not {cluster!r}")


def cmd_simulate(args: argparse.Namespace) -> int:
    from engine.analysis import simulate as sim

    agents = tuple(_agent_names(args))
    common = dict(players=args.players, seed=args.seed, agents=agents,
                  options=_options(args.option), variant=args.variant)
    _check_cluster(args.cluster)
    workers = sim.useful_workers(args.workers, args.n)
    if workers < args.workers:
        sys.stderr.write(f"fruitspec: note: {workers} worker(s), not {args.workers}"
                         f" ({args.n} game(s), {os.cpu_count() or 1} core(s))\n")
    data: Mapping[str, Any]
    if args.compare:
        data = sim.compare(args.game, args.compare, args.n, **common)
    else:
        with _progress(args, f"simulating {args.game}") as progress:
            data = sim.simulate(args.game, args.n, workers=workers, cluster=args.cluster,
                                progress=progress, **common)
    _emit(args, data, lambda con: sim.render(data, con))
    return 0


def cmd_explore(args: argparse.Namespace) -> int:
    from engine.analysis import explore as ex

    if all(v is None for v in (args.config, args.setup, args.players, args.variant,
                               args.max_states)) and not args.option:
        return _list_configs(args, ex)
    setup = None
    if args.setup:
        setup = _scenario(args.setup).setup
    with _ExploreBar(args) as progress:
        data = ex.explore(args.game, players=args.players, options=_options(args.option),
                          variant=args.variant, seed=args.seed, setup=setup,
                          max_states=args.max_states or 100_000, config=args.config,
                          fingerprints=args.fingerprints, workers=args.workers,
                          cluster=args.cluster, progress=progress,
                          reduce=_reductions(args))
    written = _write_violations(data, args.out) if args.out else []
    _emit(args, data, lambda con: ex.render(data, con))
    if written and not args.json:
        print("violation scenarios (replay them with `fruitspec replay FILE`):")
        for path in written:
            print(f"  {path}")
    elif data.get("violations") and not args.json:
        print("write each violation as a scenario file with --out FOLDER")
    return 1 if data.get("violations") else 0


def _reductions(args: argparse.Namespace) -> list[str] | None:
    """The reductions asked for; None lets a named configuration use its own."""
    asked = [r for r in ("por", "symmetry") if getattr(args, r)]
    if args.no_reduce and asked:
        raise ConfigError("--no-reduce cannot be given with --por or --symmetry")
    return [] if args.no_reduce else asked or None


def _list_configs(args: argparse.Namespace, ex: Any) -> int:
    """Without a configuration, say which ones the game names instead of walking a whole
    game: a full deal is far beyond an exhaustive walk."""
    import spec as specs

    name = args.game
    if name not in specs.available():
        raise ConfigError(f"unknown game {name!r} (games: {', '.join(specs.available())})")
    manifest = ex.load_manifest().get(name, {})
    rows: list[dict[str, Any]] = [
        {"config": c, "players": v.get("players"), "variant": v.get("variant"),
         "options": v.get("options") or {}, "states": (manifest.get(c) or {}).get("states")}
        for c, v in specs.get(name).explore_configs().items()]

    def human(con: Any) -> None:
        from rich.table import Table
        t = Table(title=f"{name}: configurations to explore (--config NAME)",
                  title_justify="left")
        for col in ("config", "players", "variant", "options", "states"):
            t.add_column(col)
        for r in rows:
            t.add_row(r["config"], str(r["players"]), r["variant"] or "base game",
                      ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "defaults",
                      f"{r['states']:,}" if r["states"] else "?")
        con.print(t)
        con.print("or give --players/--setup/--option/--max-states to walk from a fresh deal")

    _emit(args, rows, human)
    return 0


class _ExploreBar:
    """A progress bar of the exploration: levels, states, states/s and the frontier."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.on = not args.json and sys.stderr.isatty() and (
            args.fingerprints or args.workers > 1 or bool(args.cluster))
        self._bar: Any = None

    def __enter__(self) -> Callable[[dict[str, Any]], None] | None:
        if not self.on:
            return None
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
        self._bar = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                             TimeElapsedColumn(), transient=True)
        self._bar.start()
        task = self._bar.add_task("exploring")

        def update(info: dict[str, Any]) -> None:
            self._bar.update(task, description=(
                f"depth {info['depth']}: {info['states']:,} states,"
                f" {info['states_per_second']:,.0f} states/s, frontier {info['frontier']:,}"))
        return update

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def _write_violations(data: Mapping[str, Any], folder: str) -> list[str]:
    """Store each violation's shortest path as a scenario file that `replay` reproduces."""
    from pathlib import Path

    written = []
    for i, v in enumerate(data.get("violations") or []):
        path = Path(folder) / f"{data['game']}-{v['invariant']}-{i}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(v["scenario"], indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise FruitspecError(f"cannot write {path}: {exc.strerror or exc}") from None
        v["scenario_file"] = str(path)
        written.append(str(path))
    return written


def cmd_prove(args: argparse.Namespace) -> int:
    from proofs import obligations, runner

    from engine.cli.show import render_proofs

    if args.obligation:  # one obligation alone, by its ID
        verdicts = obligations.run(args.game, only=args.obligation)
        data: list[dict[str, Any]] = [v.to_json() for v in verdicts]
        _emit(args, data, lambda con: obligations.render(verdicts, con))
        return 0 if all(map(obligations.as_expected, verdicts)) else 1
    results = runner.run(args.game)
    verdicts = obligations.run(args.game, readings=args.readings)
    data = [r.to_json() for r in results] + [v.to_json() for v in verdicts]

    def human(con: Any) -> None:
        render_proofs([r.to_json() for r in results], con)
        obligations.render(verdicts, con)
    _emit(args, data, human)
    return 0 if all(r.ok for r in results) and all(map(obligations.as_expected, verdicts)) \
        else 1


def cmd_ambiguities(args: argparse.Namespace) -> int:
    from engine.analysis import ambiguities as amb

    if args.target is not None and not args.target.strip():
        raise FruitspecError("ambiguities: the target is empty; give a game name or an"
                             " ambiguity ID (e.g. TIN-A1), or nothing for the whole register")
    if args.search:
        from engine.analysis.witness import search

        if not args.target:
            raise FruitspecError("--search needs an ambiguity ID, e.g. TIN-A1")
        entry = amb.register(args.target, replay_witness=False)[0]
        found = search(entry["game"], entry["id"])
        if args.write:
            path = amb.witness_path(entry["game"], _spec_option(entry))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
        print(json.dumps(found, indent=2))
        return 0
    if args.diff:
        if not args.target:
            raise FruitspecError("--diff needs an ambiguity ID, e.g. TIN-A1")
        changes = amb.diff(args.target)
        _emit(args, changes, lambda con: amb.render_diff(changes, con))
        return 0
    data = amb.register(args.target, impact_games=0 if args.agents else args.impact)
    if args.agents and args.impact:  # the impact between the named agents, with intervals
        from engine.analysis.strength import add_impact, render_impact

        add_impact(data, args.impact, args.agents)

        def human(con: Any) -> None:
            amb.render(data, con)
            render_impact(data, con)

        _emit(args, data, human)
        return 0
    _emit(args, data, lambda con: amb.render(data, con))
    return 0


def _spec_option(entry: dict[str, Any]) -> Any:
    import spec

    return spec.get(entry["game"]).catalogue.option(entry["id"])


def cmd_verify(args: argparse.Namespace) -> int:
    from engine.cli.show import render_verify, verify_meaning
    from engine.cli.verify import verify

    data = verify(progress=not args.json, thorough=args.thorough)
    for row in data["rows"]:
        row.setdefault("meaning", verify_meaning(row["check"]))
    _emit(args, data, lambda con: render_verify(data, con))
    return 0 if data["ok"] else 1


class _progress:
    """A rich progress bar on a terminal; nothing with --json or when not a TTY."""

    def __init__(self, args: argparse.Namespace, label: str) -> None:
        self.enabled = not args.json and sys.stderr.isatty()
        self.label = label
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Callable[[int, int], None] | None:
        if not self.enabled:
            return None
        from rich.console import Console
        from rich.progress import MofNCompleteColumn, Progress

        # on standard error, which is the terminal we checked: stdout may be a pipe; the
        # count of games done shows progress even when the percentage rounds to 0
        self._bar = Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                             transient=True, console=Console(stderr=True))
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=None)

        def update(done: int, total: int) -> None:
            self._bar.update(self._task, completed=done, total=total)

        return update

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


# --- parser -----------------------------------------------------------------------------------
_EPILOG = """games: {games}

Every command takes --json for machine-readable output. User errors print one line and
exit 2; `replay` exits 1 when an expectation fails, `explore` when it finds a violation,
`prove` and `verify` when a result is not the expected one.
`fruitspec COMMAND --help` describes a command's arguments."""


def build_parser() -> argparse.ArgumentParser:
    import spec as _specs

    from engine.analysis.agents import agent_names as _agents

    games = ", ".join(_specs.available())
    agent_names = ", ".join(_agents())
    p = _Parser(prog="fruitspec", description="Rules verification for four fruit-market games:"
                " play, replay, simulate, explore and prove their rules.",
                epilog=_EPILOG.format(games=games),
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"fruitspec {_version()}",
                   help="print the version and exit")
    p.add_argument("--traceback", action="store_true",
                   help="on an unexpected error, show its traceback (for a bug report)")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser,
                           metavar="COMMAND", title="commands")

    def add(name: str, fn: Callable[[argparse.Namespace], int], help_: str) -> _Parser:
        sp = sub.add_parser(name, help=help_, description=help_,
                            epilog=f"games: {games}")
        sp.add_argument("--json", action="store_true", help="machine-readable output (JSON)")
        sp.set_defaults(func=fn)
        return sp

    def config_args(sp: argparse.ArgumentParser, game: bool = True,
                    seed_help: str = "default: %(default)s") -> None:
        if game:
            sp.add_argument("game", metavar="GAME", help=f"the game: {games}")
        sp.add_argument("--players", type=_int_type(1, "--players"), metavar="N",
                        help="number of seats (default: the game's usual count)")
        sp.add_argument("--seed", type=_int_type(None, "--seed"), default=0, metavar="S",
                        help=f"seed of the deal and of the agents ({seed_help})")
        sp.add_argument("--option", action="append", metavar="K=V",
                        help="a reading of an ambiguity, e.g. cart-mover=plays-last"
                             " (repeatable; `fruitspec games` lists them)")
        sp.add_argument("--variant", metavar="V",
                        help="a variant of the game (`fruitspec games` lists them)")

    def seat_arg(sp: argparse.ArgumentParser, what: str) -> None:
        sp.add_argument("--seat", type=_int_type(0, "--seat"), metavar="N",
                        help=f"{what} (seats count from 0; default: a spectator, who sees"
                             " no hidden card)")

    add("games", cmd_games, "games, player counts, variants, options with their questions"
                            " and readings")
    sp = add("play", cmd_play, "one full game by built-in agents, or with --seat N alone:"
                               " you play seat N at a prompt against the agents")
    config_args(sp, seed_help="default: 0; at the prompt, a fresh deal nobody can foresee")
    sp.add_argument("--explain", action="store_true",
                    help="print the game as a record: rounds, hands the viewer may see,"
                         " each action with its events")
    sp.add_argument("--agents", metavar="A,B,...",
                    help="comma-separated agent names for the seats, cycled"
                         f" ({agent_names}; default: random)")
    seat_arg(sp, "the seat you play at the prompt; with --explain or --json, the seat whose"
                 " view and events are shown")
    sp.add_argument("--generator", choices=GENERATORS,
                    help="where chance comes from: splitmix64 (reproducible, for research) or"
                         " blake2b-ctr (no seat can foresee the deal); at the prompt"
                         " without --seed, a fresh blake2b-ctr deal whose seed is shown at"
                         " the end")
    # at the prompt, no --seed means a fresh deal; elsewhere it means seed 0
    sp.set_defaults(seed=None)
    sp = add("replay", cmd_replay, "run a scenario file and check its expectations")
    sp.add_argument("file", metavar="FILE",
                    help="a scenario file (JSON), '-' for standard input, or the JSON itself")
    sp.add_argument("--option", action="append", metavar="K=V",
                    help="replay under this reading (repeatable)")
    seat_arg(sp, "show the view, legal actions and events of this seat")
    sp.add_argument("--state", action="store_true",
                    help="also print the final state as the viewer sees it (JSON)")
    sp = add("simulate", cmd_simulate, "many games: win rates, scores, length, clauses, speed")
    config_args(sp)
    sp.add_argument("-n", type=_int_type(1, "-n"), default=100, metavar="N",
                    help="number of games (default: %(default)s)")
    sp.add_argument("--workers", type=_int_type(1, "--workers"), default=1, metavar="W",
                    help="worker processes (capped to the games and the cores; default: 1)")
    sp.add_argument("--agents", metavar="A,B,...",
                    help="comma-separated agent names, one per seat (cycled;"
                         f" {agent_names}; default: random)")
    sp.add_argument("--compare", metavar="OPTION", help="replay the same deals under each"
                                                        " reading of OPTION")
    sp.add_argument("--cluster", metavar="ADDRESS",
                    help="run on Dask: 'local', 'local-threads' or a scheduler address")
    sp = add("prove", cmd_prove, "the Z3 properties: what each states, what was expected,"
                                 " what was found")
    sp.add_argument("game", nargs="?", metavar="GAME", help=f"one game ({games}); default: all")
    sp.add_argument("--obligation", metavar="ID",
                    help="prove one move x invariant obligation alone (e.g. TIN-O-seller.mid-"
                         "TIN-I2-5p)")
    sp.add_argument("--readings", action="store_true",
                    help="the obligations under every reading, not only the defaults")
    sp = add("ambiguities", cmd_ambiguities, "the ambiguity register")
    sp.add_argument("target", nargs="?", metavar="TARGET",
                    help="a game name or an ambiguity ID (e.g. TIN-A1); default: all")
    sp.add_argument("--diff", action="store_true", help="replay the witness under every reading")
    sp.add_argument("--agents", help="with --impact: agents playing the deals (ismcts:20,...)")
    sp.add_argument("--search", action="store_true",
                    help="search a witness by random play and shrinking; print it")
    sp.add_argument("--write", action="store_true", help="with --search: store the witness")
    sp.add_argument("--impact", type=_int_type(0, "--impact"), default=0, metavar="N",
                    help="also play N same deals under each reading: how often it matters")
    sp = add("explore", cmd_explore, "exhaustive search of a small configuration")
    config_args(sp)
    sp.add_argument("--setup", metavar="FILE", help="a scenario file whose set-up fixes the deal")
    sp.add_argument("--config", metavar="NAME", help="a named small configuration of the game")
    sp.add_argument("--max-states", type=_int_type(1, "--max-states"), default=None,
                    metavar="N", help="stop after this many distinct states (default 100000)")
    sp.add_argument("--out", metavar="DIR",
                    help="write each violation as a scenario file into DIR (nothing is"
                    " written without it)")
    sp.add_argument("--fingerprints", action="store_true",
                    help="keep 64-bit fingerprints instead of states (a few bytes a state)")
    sp.add_argument("--workers", type=_int_type(1, "--workers"), default=1, metavar="N",
                    help="processes that expand each level (implies --fingerprints)")
    sp.add_argument("--cluster", metavar="ADDRESS",
                    help="run on Dask: 'local' or a scheduler address")
    sp.add_argument("--por", action="store_true",
                    help="partial-order reduction the game declares (persistent sets,"
                    " commuting actions)")
    sp.add_argument("--symmetry", action="store_true",
                    help="symmetry reduction the game declares (states equal up to a renaming)")
    sp.add_argument("--no-reduce", action="store_true",
                    help="walk every state, even where a named configuration lists the"
                    " reductions it is walked with")
    sp = add("schema", cmd_schema, "JSON Schema of state, view, action and scenario")
    sp.add_argument("game", metavar="GAME", help=f"the game: {games}")
    sp = add("verify", cmd_verify, "prove, ambiguities and explore for every game")
    sp.add_argument("--thorough", action="store_true",
                    help="explore every configuration whole (minutes), not at small size")
    from engine.server.serve import add_serve_arguments, cmd_serve
    add_serve_arguments(add("serve", cmd_serve, "the table server (HTTP, WebSocket, web table)"))
    from engine.cli.report import add_report_arguments, cmd_report
    add_report_arguments(add("report", cmd_report, "the design report: does each reading"
                                                   " matter, how much does each clause"))
    return p


def _fail(message: str) -> int:
    sys.stderr.write(f"fruitspec: {one_line(message)}\n")
    return EXIT_USAGE


def run(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status (``main`` exits with it)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv:
        parser.print_help()
        return 0
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except FruitspecError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("fruitspec: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`fruitspec games | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except RecursionError:
        return _fail("input nested too deeply")
    except MemoryError:
        return _fail("out of memory")
    except Exception as exc:  # noqa: BLE001 - the promise: one line, never a traceback
        if args.traceback:
            raise
        return _fail(f"internal error ({type(exc).__name__}: {exc}); run again with"
                     " `fruitspec --traceback ...` to see where")


def main(argv: Sequence[str] | None = None) -> NoReturn:
    sys.exit(run(argv))
