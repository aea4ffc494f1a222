"""The ambiguity register: every option of every game, its readings and its witness.

A witness is a scenario stored beside the game's spec (``witnesses/<ID>.json``); replaying
it under each reading must give an outcome that differs from the default reading's, or the
entry is not an ambiguity. Where one scenario cannot part every reading from the default
(three readings, two of which agree on any one situation), a reading carries its own
witness, ``witnesses/<ID>.<value>.json``, on which it parts ways from the default.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import spec as _specs
from spec.common.errors import ConfigError
from spec.common.rules import Option

from engine.core.scenario import Replay, replay

REGISTER_KINDS = ("ambiguity", "gap", "contradiction", "settled", "setting")


def witness_path(game: str, option: Option) -> Path:
    return _specs.package_dir(game) / "witnesses" / f"{option.id}.json"


def reading_witness_path(game: str, option: Option, value: str) -> Path:
    """The witness of one reading, for when the entry's own witness cannot part it."""
    return _specs.package_dir(game) / "witnesses" / f"{option.id}.{value}.json"


def _shown(path: Path) -> str:
    return str(path.relative_to(path.parents[3]))


def outcome(r: Replay) -> dict[str, Any]:
    """What a reading leads to on the witness: the facts compared between readings."""
    g = r.game
    return {
        "refused_at": r.illegal_at,
        "refused_by": r.error.rule if r.error else None,
        "events": [[f"{e.rule}: {e.text}" for e in batch] for batch in r.events],
        "fired": sorted(set(r.fired)),
        "legal": sorted(str(a) for a in g.legal_actions(r.state)),
        "over": g.is_over(r.state),
        "scores": r.scores,
        "winners": g.winners(r.state) if g.is_over(r.state) else None,
    }


def _differences(outcomes: dict[str, dict[str, Any]]) -> list[str]:
    values = list(outcomes.values())
    keys = ("refused_at", "legal", "events", "scores", "winners", "over")
    return [k for k in keys if any(v[k] != values[0][k] for v in values[1:])]


def apart_from_default(game: str, opt: Option, main: Path,
                       outs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For each reading other than the default: the witness that parts it from the default
    (the entry's own, else the reading's own file) and in what they differ there."""
    out: dict[str, dict[str, Any]] = {}
    for r in opt.readings:
        if r.value == opt.default:
            continue
        differs = _differences({opt.default: outs[opt.default], r.value: outs[r.value]})
        path = main
        own = reading_witness_path(game, opt, r.value)
        if not differs and own.exists():
            path = own
            differs = _differences({v: outcome(replay(own, options={opt.name: v}))
                                    for v in (opt.default, r.value)})
        out[r.value] = {"witness": _shown(path), "differs_in": differs}
    return out


def impact(game: str, opt: Option, n: int, seed: int = 0) -> dict[str, Any]:
    """How often each reading changes the winner and the scores over ``n`` same deals."""
    from engine.analysis.simulate import compare

    variant = opt.variants[0] if opt.variants else None
    result = compare(game, opt.name, n, seed=seed, variant=variant)
    return {"games": n, "variant": variant, "agents": "random",
            "readings": {p["reading"]: {"winner_differs": p["winner_differs_rate"],
                                        "scores_differ": p["scores_differ_rate"]}
                         for p in result["pairs"]}}


def entry(game: str, opt: Option, replay_witness: bool = True,
          impact_games: int = 0) -> dict[str, Any]:
    sp = _specs.get(game)
    path = witness_path(game, opt)
    data: dict[str, Any] = {
        "id": opt.id, "game": game, "option": opt.name, "kind": opt.kind,
        "clauses": list(opt.clauses), "section": opt.section, "question": opt.question,
        "readings": [{"value": r.value, "text": r.text, "default": r.value == opt.default}
                     for r in opt.readings],
        "default": opt.default, "reason": opt.reason, "affects": list(opt.affects),
        "found_by": opt.found_by, "settled_by": opt.settled_by,
        "variants": list(opt.variants) if opt.variants is not None else None,
        "clause_texts": {c: sp.catalogue[c].text for c in opt.clauses if c in sp.catalogue},
        "witness": _shown(path) if path.exists() else None,
    }
    if replay_witness and path.exists():
        outs = {r.value: outcome(replay(path, options={opt.name: r.value}))
                for r in opt.readings}
        data["outcomes"] = outs
        data["differs_in"] = _differences(outs)
        data["apart"] = apart_from_default(game, opt, path, outs)
        data["agreeing"] = [v for v, a in data["apart"].items() if not a["differs_in"]]
        # every reading must leave the default somewhere, not merely some pair of readings
        data["parts_ways"] = bool(data["differs_in"]) and not data["agreeing"]
    if impact_games:
        data["impact"] = impact(game, opt, impact_games)
    return data


def options_of(game: str) -> list[Option]:
    return [o for o in _specs.get(game).options if o.kind in REGISTER_KINDS]


def register(target: str | None = None, replay_witness: bool = True,
             impact_games: int = 0) -> list[dict[str, Any]]:
    """Every register entry, or those of one game, or the one with ID ``target``."""
    games = _specs.available()
    if target in (None, ""):
        chosen = [(g, o) for g in games for o in options_of(g)]
    elif target in games:
        chosen = [(target, o) for o in options_of(target)]
    else:
        chosen = [(g, o) for g in games for o in options_of(g)
                  if o.id.lower() == target.lower() or o.name == target]
        if not chosen:
            raise ConfigError(f"no game or ambiguity {target!r}"
                              f" (games: {', '.join(games)}; IDs look like TIN-A1)")
    return [entry(g, o, replay_witness, impact_games) for g, o in chosen]


def diff(ident: str) -> dict[str, Any]:
    """The witness of one entry replayed under every reading, side by side."""
    entries = register(ident)
    if len(entries) != 1:
        raise ConfigError(f"{ident!r} names {len(entries)} entries; give one ID")
    e = entries[0]
    if not e.get("witness"):
        raise ConfigError(f"{e['id']} has no witness scenario yet")
    return e


def render(entries: list[dict[str, Any]], console: Any) -> None:
    """One block per entry: readable in a narrow terminal, unlike a wide table."""
    from rich.markup import escape

    for e in entries:
        console.print(f"[bold]{e['id']}[/bold] ({e['kind']}) {e['game']},"
                      f" {escape(e['section'])} ({', '.join(e['clauses'])})")
        console.print(f"  {escape(e['question'])}")
        for r in e["readings"]:
            mark = "[green]*[/green]" if r["default"] else " "
            console.print(f"  {mark} {e['option']}={r['value']}: {escape(r['text'])}")
        console.print(f"    default {e['default']}: {escape(e['reason'])}")
        if e.get("settled_by"):
            console.print(f"    settled by: {escape(e['settled_by'])}")
        if e.get("witness") is None:
            console.print("    witness: [red]none[/red]")
        elif "parts_ways" in e:
            verdict = (f"readings part ways in {', '.join(e['differs_in'])}" if e["parts_ways"]
                       else "[red]readings agree with the default: "
                       + ", ".join(e.get("agreeing") or ["all"]) + "[/red]")
            console.print(f"    witness: {e['witness']}: {verdict}")
            for value, a in e.get("apart", {}).items():
                if a["witness"] != e["witness"]:
                    console.print(f"    witness of {value}: {a['witness']}")
        for value, v in e.get("impact", {}).get("readings", {}).items():
            console.print(f"    impact of {value}: winner changes in"
                          f" {100 * v['winner_differs']:.0f}%, scores in"
                          f" {100 * v['scores_differ']:.0f}% of {e['impact']['games']} games")
        console.print()
    console.print(f"{len(entries)} entries")


def render_diff(e: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    console.print(f"[bold]{e['id']}[/bold] ({e['game']}): {e['question']}")
    console.print(f"witness: {e['witness']}; differs in: {', '.join(e['differs_in']) or '-'}")
    outs = e["outcomes"]
    t = Table(show_lines=True)
    t.add_column("#")
    for value in outs:
        t.add_column(f"{e['option']}={value}" + (" (default)" if value == e["default"] else ""),
                     overflow="fold")
    steps = max(len(o["events"]) for o in outs.values())
    for i in range(steps):
        t.add_row(str(i), *["\n".join(o["events"][i]) if i < len(o["events"]) else
                            ("refused: " + str(o["refused_by"]) if o["refused_at"] == i else "")
                            for o in outs.values()])
    t.add_row("end", *[f"scores {o['scores']}\nover {o['over']}\nlegal: "
                       + ", ".join(o["legal"][:8]) + (" ..." if len(o["legal"]) > 8 else "")
                       for o in outs.values()])
    console.print(t)
