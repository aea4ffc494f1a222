"""Where the engine's time goes: a cProfile of the API loop, split into the engine's parts.

Some functions are the entry points of a part: the moves' domains, guards and effects
(read from the game's spec), the event constructors, the seeded RNG
(``spec/common/rng.py``), legal-action listing (``Game.listing``, the moves' actor
functions), a new game's set-up (``Game.new``), the rest of ``engine/`` (overhead:
``step``, ``resolve``, ``is_over``...) and the bench's own loop (its random choices). Every other function's own time goes to the parts that called
it, in proportion to the time spent under each caller (what cProfile records per
caller), so a scoring helper called by an effect counts as effect time and ``len``
called by a guard as guard time. cProfile adds a cost to every call, so the shares are
those of a profiled run: a guide for where to look, not a measurement.
"""
from __future__ import annotations

import inspect
import pstats
import re
from pathlib import Path
from typing import Any, Callable

from engine.core.game import Game
from spec.common import core, rng

LISTING, GUARDS, DOMAINS, EFFECTS = "legal-action listing", "guards", "domains", "effects"
EVENTS, RNG, SETUP = "events", "RNG", "set-up (new)"
OVERHEAD, LOOP = "engine overhead", "bench loop"
CATEGORIES = (LISTING, DOMAINS, GUARDS, EFFECTS, EVENTS, RNG, SETUP, OVERHEAD, LOOP)

Key = tuple[str, int, str]  # cProfile's (file, first line, function name)
Dist = dict[str, float]

ENGINE_DIR = str(Path(inspect.getfile(Game)).parent)
RNG_FILE = inspect.getfile(rng)


def _key(fn: Any) -> Key | None:
    code = getattr(fn, "__code__", None)
    return None if code is None else (code.co_filename, code.co_firstlineno, code.co_name)


def entry_points(game: Game, loop: Callable[..., Any]) -> dict[Key, str]:
    """The functions that open a part, for this game's spec."""
    named: list[tuple[Any, str]] = [(loop, LOOP), (core.ev, EVENTS)]
    for method, part in (("new", SETUP), ("_legal", LISTING), ("legal_actions", LISTING),
                         ("actors", LISTING)):
        named.append((getattr(Game, method, None), part))  # private ones may be renamed
    named.append((getattr(core.GameSpec, "moves_in", None), LISTING))
    for mv in game.spec.moves:
        named += [(mv.actors, LISTING), (mv.domain, DOMAINS), (mv.effect, EFFECTS)]
        named += [(g.ok, GUARDS) for g in mv.guards]
    module = inspect.getmodule(game.spec.moves[0].effect)
    if module is not None and callable(getattr(module, "_ev", None)):
        named.append((module._ev, EVENTS))  # a game's own event shortcut, if it has one
    found: dict[Key, str] = {}
    for fn, part in named:
        key = _key(fn)
        if key is not None:
            found.setdefault(key, part)
    return found


def _part_of_file(key: Key) -> str | None:
    if key[0] == RNG_FILE:
        return RNG
    if key[0].startswith(ENGINE_DIR):
        return OVERHEAD
    return None


def breakdown(stats: pstats.Stats, game: Game, loop: Callable[..., Any],
              top: int = 8) -> dict[str, Any]:
    """Seconds per part of the profiled run, and the functions with most own time."""
    table: dict[Key, tuple] = stats.stats  # type: ignore[attr-defined]
    entries = entry_points(game, loop)
    memo: dict[Key, Dist] = {}

    def part(key: Key) -> str | None:
        return entries.get(key) or _part_of_file(key)

    def dist(key: Key, seen: frozenset[Key]) -> Dist:
        """How the calls of ``key`` split among the parts (by its callers' time)."""
        own = part(key)
        if own is not None:
            return {own: 1.0}
        if key in memo:
            return memo[key]
        callers = table.get(key, (0, 0, 0.0, 0.0, {}))[4]
        out: Dist = {}
        weight = 0.0
        for caller, edge in callers.items():
            if caller in seen:
                continue
            w = edge[3] or 1e-12  # cumulative time under that caller
            for p, share in dist(caller, seen | {key}).items():
                out[p] = out.get(p, 0.0) + w * share
            weight += w
        out = {p: v / weight for p, v in out.items()} if weight else {OVERHEAD: 1.0}
        memo[key] = out
        return out

    seconds = dict.fromkeys(CATEGORIES, 0.0)
    for key, (_cc, _nc, own_time, _cum, callers) in table.items():
        mine = part(key)
        if mine is not None or not callers:
            seconds[mine or OVERHEAD] += own_time
            continue
        for caller, edge in callers.items():  # edge[2]: own time under that caller
            for p, share in dist(caller, frozenset({key})).items():
                seconds[p] += edge[2] * share
    total = sum(seconds.values())
    heaviest = sorted(table.items(), key=lambda kv: -kv[1][2])[:top]
    return {
        "seconds": round(total, 4),
        "parts": {p: round(s, 4) for p, s in seconds.items()},
        "shares": {p: round(s / total, 4) if total else 0.0 for p, s in seconds.items()},
        "top": [{"function": _name(k), "own_seconds": round(v[2], 4), "calls": v[1]}
                for k, v in heaviest],
    }


def _name(key: Key) -> str:
    file, line, fn = key
    if file == "~":
        return re.sub(r" at 0x[0-9a-f]+", "", fn)
    path = Path(file)
    try:
        path = path.relative_to(Path(ENGINE_DIR).parent)
    except ValueError:
        path = Path(path.name)
    return f"{path}:{line}({fn})"
