"""The ``fruitspec`` command line. User errors print one line and exit 2."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, NoReturn, Sequence

from spec.common.errors import FruitspecError

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        sys.stderr.write(f"fruitspec: {message}\n")
        raise SystemExit(EXIT_USAGE)


def _console(args: argparse.Namespace) -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _emit(args: argparse.Namespace, data: Any, human: Callable[[Any], None]) -> None:
    if args.json:
        print(json.dumps(data, indent=2, default=str))
    else:
        human(_console(args))


def _options(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise FruitspecError(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


# --- commands -------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    from .catalog import describe_games

    data = describe_games()

    def human(con: Any) -> None:
        from rich.table import Table

        for g in data:
            t = Table(title=f"{g['name']} - {g['title']}", title_justify="left")
            for col in ("variant", "players", "options (default first)"):
                t.add_column(col)
            for v in g["variants"]:
                opts = "\n".join(f"{o['name']}: {o['default']}"
                                 + "".join(f" | {x}" for x in o["values"] if x != o["default"])
                                 for o in v["options"])
                t.add_row(v["name"] or "(base)", ", ".join(map(str, v["players"])), opts)
            con.print(t)

    _emit(args, data, human)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    import engine

    from .agents import get_agent, play_game

    game = engine.load(args.game, players=args.players, options=_options(args.option),
                       variant=args.variant)
    names = (args.agents or "random").split(",")
    agents = [get_agent(names[i % len(names)]) for i in range(game.players)]
    rec = play_game(game, agents, seed=args.seed, record=True)
    data = {"game": game.name, "players": game.players, "variant": game.variant,
            "options": game.options, "seed": args.seed, "length": rec.length,
            "scores": rec.scores, "winners": rec.winners,
            "actions": [{"action": a, "events": [e.to_json() for e in evs]}
                        for a, evs in zip(rec.actions, rec.events)]}

    def human(con: Any) -> None:
        if args.explain:
            for i, (a, evs) in enumerate(zip(rec.actions, rec.events)):
                con.print(f"[bold]{i:>4}  {a}[/bold]")
                for e in evs:
                    con.print(f"        [cyan]{e.rule:<10}[/cyan] {e.text}")
        con.print(f"{game.name}, {game.players} players, seed {args.seed}: "
                  f"{rec.length} actions; scores {rec.scores}; "
                  f"winner{'s' if len(rec.winners) > 1 else ''}: "
                  f"{', '.join(f'seat {w}' for w in rec.winners)}")

    _emit(args, data, human)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .scenario import replay

    r = replay(args.file, options=_options(args.option))
    data = r.to_json()

    def human(con: Any) -> None:
        for i, (text, evs) in enumerate(zip(r.scenario.actions, r.events)):
            con.print(f"[bold]{i:>4}  {text}[/bold]")
            for e in evs:
                con.print(f"        [cyan]{e.rule:<10}[/cyan] {e.text}")
        if r.error is not None:
            con.print(f"[red]action {r.illegal_at} '{r.scenario.actions[r.illegal_at or 0]}'"
                      f" refused: {r.error}[/red]")
        con.print("state:", json.dumps(data["view"], default=str))
        con.print("legal:", ", ".join(data["legal"]) or "(none)")
        con.print(f"over: {data['over']}; scores: {data['scores']}")
        for f in r.failures:
            con.print(f"[red]expectation failed:[/red] {f}")
        if r.scenario.expect is not None and r.ok:
            con.print("[green]all expectations hold[/green]")

    _emit(args, data, human)
    return 0 if r.ok else 1


def cmd_schema(args: argparse.Namespace) -> int:
    from .schema import schemas

    data = schemas(args.game)
    print(json.dumps(data, indent=2))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from . import simulate as sim

    agents = tuple((args.agents or "random").split(","))
    common = dict(players=args.players, seed=args.seed, agents=agents,
                  options=_options(args.option), variant=args.variant)
    if args.compare:
        data = sim.compare(args.game, args.compare, args.n, **common)
    else:
        with _progress(args, f"simulating {args.game}") as progress:
            data = sim.simulate(args.game, args.n, workers=args.workers, cluster=args.cluster,
                                progress=progress, **common)
    _emit(args, data, lambda con: sim.render(data, con))
    return 0


def cmd_explore(args: argparse.Namespace) -> int:
    from . import explore as ex

    setup = None
    if args.setup:
        from .scenario import load_scenario

        sc = load_scenario(args.setup)
        setup = sc.setup
    data = ex.explore(args.game, players=args.players, options=_options(args.option),
                      variant=args.variant, seed=args.seed, setup=setup,
                      max_states=args.max_states, config=args.config)
    written = _write_violations(data, args.out)
    _emit(args, data, lambda con: ex.render(data, con))
    if written and not args.json:
        print("violation scenarios (replay them with `fruitspec replay FILE`):")
        for path in written:
            print(f"  {path}")
    return 1 if data.get("violations") else 0


def _write_violations(data: dict[str, Any], folder: str) -> list[str]:
    """Store each violation's shortest path as a scenario file that `replay` reproduces."""
    from pathlib import Path

    written = []
    for i, v in enumerate(data.get("violations") or []):
        path = Path(folder) / f"{data['game']}-{v['invariant']}-{i}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(v["scenario"], indent=2) + "\n", encoding="utf-8")
        v["scenario_file"] = str(path)
        written.append(str(path))
    return written


def cmd_prove(args: argparse.Namespace) -> int:
    from proofs import runner

    results = runner.run(args.game)
    data = [r.to_json() for r in results]
    _emit(args, data, lambda con: runner.render(results, con))
    return 0 if all(r.ok for r in results) else 1


def cmd_ambiguities(args: argparse.Namespace) -> int:
    from . import ambiguities as amb

    if args.search:
        from .witness import search

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
        data = amb.diff(args.target)
        _emit(args, data, lambda con: amb.render_diff(data, con))
        return 0
    data = amb.register(args.target, impact_games=0 if args.agents else args.impact)
    if args.agents and args.impact:  # the impact between the named agents, with intervals
        from .strength import add_impact, render_impact

        add_impact(data, args.impact, args.agents)
        _emit(args, data, lambda con: (amb.render(data, con), render_impact(data, con)))
        return 0
    _emit(args, data, lambda con: amb.render(data, con))
    return 0


def _spec_option(entry: dict[str, Any]) -> Any:
    import spec

    return spec.get(entry["game"]).catalogue.option(entry["id"])


def cmd_verify(args: argparse.Namespace) -> int:
    from .verify import render, verify

    data = verify(progress=not args.json)
    _emit(args, data, lambda con: render(data, con))
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
        from rich.progress import Progress

        self._bar = Progress(transient=True)
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=None)

        def update(done: int, total: int) -> None:
            self._bar.update(self._task, completed=done, total=total)

        return update

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


# --- parser -----------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="fruitspec", description="Rules verification for four fruit-market games.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, fn: Callable[[argparse.Namespace], int], help_: str) -> _Parser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help="machine-readable output")
        sp.set_defaults(func=fn)
        return sp

    def config_args(sp: argparse.ArgumentParser, game: bool = True) -> None:
        if game:
            sp.add_argument("game")
        sp.add_argument("--players", type=int)
        sp.add_argument("--seed", type=int, default=0)
        sp.add_argument("--option", action="append", metavar="K=V", help="an option reading")
        sp.add_argument("--variant")

    add("games", cmd_games, "games, player counts, variants, options with their defaults")
    sp = add("play", cmd_play, "one full game by built-in agents")
    config_args(sp)
    sp.add_argument("--explain", action="store_true", help="each action with its events")
    sp.add_argument("--agents", help="comma-separated agent names (random, greedy)")
    sp = add("replay", cmd_replay, "run a scenario file and check its expectations")
    sp.add_argument("file")
    sp.add_argument("--option", action="append", metavar="K=V", help="replay under a reading")
    sp = add("simulate", cmd_simulate, "many games: win rates, scores, length, speed")
    config_args(sp)
    sp.add_argument("-n", type=int, default=100, help="number of games")
    sp.add_argument("--workers", type=int, default=1)
    sp.add_argument("--agents", help="comma-separated agent names, one per seat (cycled)")
    sp.add_argument("--compare", metavar="OPTION", help="replay the same deals under each"
                                                        " reading of OPTION")
    sp.add_argument("--cluster", help="a Dask scheduler address, or 'local'")
    sp = add("prove", cmd_prove, "the Z3 properties")
    sp.add_argument("game", nargs="?")
    sp = add("ambiguities", cmd_ambiguities, "the ambiguity register")
    sp.add_argument("target", nargs="?", help="a game name or an ambiguity ID")
    sp.add_argument("--diff", action="store_true", help="replay the witness under every reading")
    sp.add_argument("--agents", help="with --impact: agents playing the deals (ismcts:20,...)")
    sp.add_argument("--search", action="store_true",
                    help="search a witness by random play and shrinking; print it")
    sp.add_argument("--write", action="store_true", help="with --search: store the witness")
    sp.add_argument("--impact", type=int, default=0, metavar="N",
                    help="also play N same deals under each reading: how often it matters")
    sp = add("explore", cmd_explore, "exhaustive search of a small configuration")
    config_args(sp)
    sp.add_argument("--setup", help="a scenario file whose set-up fixes the deal")
    sp.add_argument("--config", help="a named small configuration of the game")
    sp.add_argument("--max-states", type=int, default=100_000)
    sp.add_argument("--out", default="explore-violations",
                    help="folder for the scenario files of violations (default: %(default)s)")
    sp = add("schema", cmd_schema, "JSON Schema of state, view, action and scenario")
    sp.add_argument("game")
    add("verify", cmd_verify, "prove, ambiguities and explore for every game")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args)
    except FruitspecError as exc:
        sys.stderr.write(f"fruitspec: {exc}\n")
        code = EXIT_USAGE
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.exit(code)
