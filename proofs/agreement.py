"""The model on counts held to the engine, step by step: what lets its proofs speak for the
rules that run.

On every state visited (random play-outs of the real game, and every state of the
explorer's small configurations) the checks here ask:

* the counts lie within the model's declared ranges;
* each abstract invariant that stands for a declared one gives that invariant's verdict,
  which must be that it holds, and each strengthening holds (it was proved to hold from
  every set-up on);
* a move has a legal action exactly when one of its abstract branches applies, and the
  game is over exactly when the model says it is final;

and on every step, that exactly one branch of the move applies with the parameters read
from the action, and that its effect gives the successor's counts. None of this runs on
the engine's play-out path: only these walks call it.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator

from spec.common.abstract import Abs, Model, flat

import engine
from engine.core import validate
from engine.core.game import Game

from .obligations import model


@dataclass
class Agreement:
    """What a walk checked and every disagreement it met (at most ``limit`` kept)."""

    states: int = 0
    steps: int = 0
    problems: list[str] = field(default_factory=list)
    limit: int = 20

    def note(self, text: str) -> None:
        if len(self.problems) < self.limit:
            self.problems.append(text)

    @property
    def ok(self) -> bool:
        return not self.problems


def _in_ranges(m: Model, g: Game, a: Abs) -> list[str]:
    out = []
    for f in m.fields:
        lo, hi = f.limits(g.config)
        for key, v in flat({f.name: a[f.name]}).items():
            if not lo <= v <= hi:
                out.append(f"{key}={v} outside {lo}..{hi}")
    return out


def check_state(m: Model, g: Game, s: Any) -> list[str]:
    """The state-wise agreement (the module docstring): a list of disagreements."""
    cfg = g.config
    a = m.abstract(cfg, s)
    out = _in_ranges(m, g, a)
    concrete = {inv.id: inv.check(cfg, s) for inv in g.spec.invariants}
    for inv in m.invariants:
        holds = bool(inv.holds(cfg, a))
        if inv.of and holds != (concrete[inv.of] is None):
            out.append(f"{inv.id}: counts say {'holds' if holds else 'broken'}, the rules say"
                       f" {concrete[inv.of] or 'holds'}")
        elif inv.of and concrete[inv.of] is not None:
            out.append(f"{inv.of} fails on a reachable state: {concrete[inv.of]}")
        elif not inv.of and not holds:
            out.append(f"{inv.id} ({inv.why}) fails on a reachable state")
    legal = {act.name for act in g.legal_actions(s)}
    for move in m.moves():
        if bool(m.enabled(cfg, a, move)) != (move in legal):
            out.append(f"{move}: the rules {'offer' if move in legal else 'refuse'} it,"
                       " the counts do not agree")
    if bool(m.final(cfg, a)) != g.is_over(s):
        out.append("the counts and the rules disagree on whether the game is over")
    return out


def check_step(m: Model, g: Game, s: Any, act: Any, s2: Any) -> list[str]:
    """The step-wise agreement: one branch applies, and it gives the successor's counts."""
    cfg = g.config
    a, after = m.abstract(cfg, s), flat(m.abstract(cfg, s2))
    fits = []
    for step in m.steps:
        if step.move != act.name:
            continue
        p = step.of(cfg, s, act, s2)
        if bool(step.guard(cfg, a, p)):
            fits.append((step, p))
    if len(fits) != 1:
        names = ", ".join(st.name for st, _ in fits) or "none"
        return [f"{act}: {len(fits)} branches apply ({names})"]
    step, p = fits[0]
    got = flat(step.effect(cfg, a, p))
    wrong = [f"{k}: counts give {got[k]}, the rules {after[k]}"
             for k in after if got.get(k) != after[k]]
    return [f"{act} ({step.name}): " + "; ".join(wrong)] if wrong else []


def _visit(m: Model, g: Game, s: Any, found: Agreement) -> None:
    found.states += 1
    for text in check_state(m, g, s):
        found.note(text)


def playouts(game: str | Game, games: int = 20, seed: int = 0, players: int | None = None,
             options: dict[str, str] | None = None, limit: int = 5000,
             variant: str | None = None, favour: tuple[str, ...] = ()) -> Agreement:
    """Random play-outs of the real game, every state and step checked. With ``favour``,
    an action of those moves is drawn whenever one is legal, but one time in eight: so
    that play reaches what uniform choices seldom do (the solo automaton takes a cart only
    once enough cards were placed, and a random player keeps a card early)."""
    g = game if isinstance(game, Game) else engine.load(game, players=players,
                                                        options=options, variant=variant)
    m = _model_of(g)
    found = Agreement()
    rng = random.Random(seed)
    for k in range(games):
        s = g.new(seed=seed + k)
        if not m.setup(g.config, m.abstract(g.config, s)):
            found.note(f"game {seed + k}: the set-up is not one the model allows")
        for _ in range(limit):
            _visit(m, g, s, found)
            if g.is_over(s):
                break
            acts = g.legal_actions(s)
            liked = [act for act in acts if act.name in favour]
            act = rng.choice(liked if liked and rng.random() < 7 / 8 else acts)
            s2, _ = g.step(s, act)
            found.steps += 1
            for text in check_step(m, g, s, act, s2):
                found.note(f"game {seed + k}: {text}")
            s = s2
    return found


def explored(game: str, max_states: int = 20000) -> Iterator[tuple[str, Agreement]]:
    """Every state of each of the explorer's small configurations (to ``max_states``)."""
    import spec as specs

    for name, conf in specs.get(game).explore_configs().items():
        if model(game, conf.get("variant")) is None:  # a variant without a model
            continue
        g = engine.load(game, players=conf.get("players"), options=conf.get("options"),
                        variant=conf.get("variant"))
        yield name, walk(g, g.new(seed=conf.get("seed", 0), setup=conf.get("setup")),
                         max_states)


def walk(g: Game, start: Any, max_states: int = 20000) -> Agreement:
    """Breadth first from ``start``: every state and every step checked."""
    m = _model_of(g)
    found = Agreement()
    seen = {start}
    todo = deque([start])
    while todo and found.states < max_states:
        s = todo.popleft()
        _visit(m, g, s, found)
        for act in g.legal_actions(s):
            s2, _ = g.step(s, act)
            found.steps += 1
            for text in check_step(m, g, s, act, s2):
                found.note(text)
            if s2 not in seen:
                seen.add(s2)
                todo.append(s2)
    return found


def _model_of(g: Game) -> Model:
    m = model(g.name, g.config.variant)
    if m is None:
        raise ValueError(f"{g.name} declares no model on counts")
    return m


def bounds_sample(game: str, players: int, options: dict[str, str] | None = None,
                  games: int = 200, seed: int = 0, limit: int = 5000,
                  variant: str | None = None) -> Agreement:
    """Random full games, every state within the declared bounds: the proofs assume the
    bounds, so none may be narrower than what play reaches."""
    g = engine.load(game, players=players, options=options, variant=variant)
    declared = validate.bounds(g.spec)
    if declared is None:
        raise ValueError(f"{game} declares no bounds")
    found = Agreement()
    rng = random.Random(seed)
    for k in range(games):
        s = g.new(seed=seed + k)
        for _ in range(limit):
            found.states += 1
            problem = declared.problem(g.config, s)
            if problem:
                found.note(f"game {seed + k}: {problem}")
                break
            if g.is_over(s):
                break
            s, _ = g.step(s, rng.choice(g.legal_actions(s)))
            found.steps += 1
    return found


def winnable(game: str, players: int, tries: int = 200, seed: int = 0) -> dict[int, int]:
    """For each seat, the first of ``tries`` seeded random games it wins alone: seat ->
    seed (a game replays from its seed: the deal and every choice come from it)."""
    g = engine.load(game, players=players)
    found: dict[int, int] = {}
    for k in range(seed, seed + tries):
        winners = g.winners(random_game(g, k))
        if len(winners) == 1 and winners[0] not in found:
            found[winners[0]] = k
        if len(found) == players:
            break
    return found


def random_game(g: Game, seed: int, limit: int = 20000) -> Any:
    """The end of the game dealt from ``seed`` and played by choices drawn from it."""
    rng = random.Random(seed)
    s = g.new(seed=seed)
    for _ in range(limit):
        if g.is_over(s):
            return s
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    raise RuntimeError(f"{g.name}: seed {seed} ran past {limit} actions")
