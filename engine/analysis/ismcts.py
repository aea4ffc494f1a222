"""An information-set Monte Carlo tree search agent (single-observer ISMCTS).

The agent never looks at what its seat may not see: each simulation starts from a
*determinisation*, a state drawn by the spec's ``resample`` (which changes only what the
seat cannot see), and all simulations share one tree whose edges are actions, so the
statistics gather over the whole information set (Cowling, Powley & Whitehouse, 2012).
Selection is UCB1 with availability counts (an action's prior chances are the number of
times it was legal when its node was visited); below the tree a random playout runs for
``depth`` actions and then on until the running scores move or the game ends (solo
games: to the end). A finished playout is worth ``1 / number of winners`` to each
winner; a playout cut short is worth each seat's rank among the running scores (the share
of other seats it leads, ties counting half).

Where a game's spec hints at how a person plays (``agent_hint``, see
:class:`engine.analysis.agents.GreedyAgent`), the agent searches only among the actions the hint
keeps and waits, in a real-time phase, when it keeps none; inside the search every seat
plays among the actions the hint keeps.

A game whose running score says little until the end (Fruit Passion scores only then) may
declare ``search_value(cfg, state)``: each seat's worth of an unfinished position in
points. The playout then stops after ``judged_depth`` random actions and each seat gets its
lead over the best other seat, squashed into [0, 1] — a short, informed playout instead
of a long noisy walk to the end.

>>> import engine
>>> from engine.analysis.agents import get_agent, play_game
>>> game = engine.load("tindahan", players=3)
>>> agent = get_agent("ismcts:8")
>>> agent.name
'ismcts:8'
>>> rec = play_game(game, [agent, "random", "random"], seed=2)
>>> rec == play_game(game, [get_agent("ismcts:8"), "random", "random"], seed=2)
True
"""
from __future__ import annotations

import math
import random
from typing import Any

from spec.common.core import Action
from spec.common.errors import ConfigError

#: Simulations per move when ``ismcts`` is named without a number.
DEFAULT_SIMULATIONS = 30
#: Random actions played below the tree before a playout is scored by rank.
DEFAULT_DEPTH = 20
#: Random actions played below the tree before a game's own judgement of the position
#: (``search_value``, when its spec declares one) values the playout.
JUDGED_DEPTH = 8
#: Points of lead that are worth most of a win (tanh scale) when a judgement values a
#: position.
MARGIN_SCALE = 10.0
#: No playout runs longer than this many actions.
MAX_PLAYOUT = 10_000
#: UCB1's exploration constant (rewards lie in [0, 1]).
EXPLORATION = 0.7


class _Node:
    __slots__ = ("visits", "total", "children", "seen")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.children: dict[Action, _Node] = {}
        self.seen: dict[Action, int] = {}  # availability counts of the children


class ISMCTSAgent:
    """Chooses by ``simulations`` determinised tree searches from the seat's view."""

    def __init__(self, simulations: int = DEFAULT_SIMULATIONS, depth: int = DEFAULT_DEPTH,
                 exploration: float = EXPLORATION, judged_depth: int = JUDGED_DEPTH) -> None:
        if not isinstance(simulations, int) or simulations < 1:
            raise ConfigError(f"ismcts needs a positive number of simulations, not {simulations!r}")
        self.simulations = simulations
        self.depth = depth
        self.exploration = exploration
        self.judged_depth = judged_depth
        self.name = f"ismcts:{simulations}"

    @classmethod
    def with_argument(cls, arg: str) -> "ISMCTSAgent":
        """``ismcts:N``: N simulations per move."""
        # ASCII digits: int() fails on "²" and reads "١" (another script's one) as 1
        if not (arg.isascii() and arg.isdigit()) or int(arg) < 1:
            raise ConfigError(f"ismcts:N takes a positive number of simulations, not {arg!r}")
        return cls(int(arg))

    def __repr__(self) -> str:
        return f"ISMCTSAgent(simulations={self.simulations}, depth={self.depth})"

    def waits(self, game: Any, state: Any, actions: list[Action]) -> bool:
        """True when the game's hint says a person would rather let another seat act
        first (a real-time phase: waiting for a full cart); as the greedy agent does."""
        hint = getattr(game.spec, "agent_hint", None)
        return hint is not None and not hint(game.config, state, actions)

    def choose(self, game: Any, state: Any, actions: list[Action],
               rng: random.Random) -> Action:
        hint = getattr(game.spec, "agent_hint", None)
        if hint is not None:  # search among what a person would consider
            actions = hint(game.config, state, actions) or actions
        if len(actions) == 1:
            return actions[0]
        seat = actions[0].player
        root = _Node()
        spec, cfg = game.spec, game.config
        for _ in range(self.simulations):
            self._simulate(game, spec.resample(cfg, state, seat, rng), root, actions, rng)
        # the most visited action (ties: the earlier one in the legal order)
        return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _simulate(self, game: Any, state: Any, root: _Node, actions: list[Action],
                  rng: random.Random) -> None:
        node, path = root, []
        # the seat's actions are the same in every state its view allows, except where a
        # rule hangs on something the view leaves out (e.g. a buried card a seat placed
        # itself); keep only what this determinisation allows
        legal = set(game.legal_actions(state))
        options = [a for a in actions if a in legal]
        if not options:
            return
        while not game.is_over(state):
            if node is not root:
                options = _mover_options(_considered(game, state), rng)
            for a in options:
                node.seen[a] = node.seen.get(a, 0) + 1
            untried = [a for a in options if a not in node.children]
            if untried:
                a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = node.children[a] = _Node()
                state = game.apply(state, a)
                path.append((child, a.player))
                break
            a = self._select(node, options)
            node = node.children[a]
            state = game.apply(state, a)
            path.append((node, a.player))
        value = self._playout(game, state, rng)
        for child, mover in path:
            child.visits += 1
            child.total += value[mover]

    def _select(self, node: _Node, options: list[Action]) -> Action:
        c = self.exploration
        best, top = options[0], -1.0
        for a in options:
            ch = node.children[a]
            score = ch.total / ch.visits + c * math.sqrt(math.log(node.seen[a]) / ch.visits)
            if score > top:
                best, top = a, score
        return best

    def _playout(self, game: Any, state: Any, rng: random.Random) -> list[float]:
        judge = getattr(game.spec, "search_value", None)
        if judge is not None:
            return self._judged_playout(game, state, rng, judge)
        # play at least `depth` actions, then on until the running scores move (a trick
        # or a round is scored) or the game ends: a rank is only worth something after a
        # scoring moment; alone, only the end tells
        start = game.scores(state) if game.players > 1 else None
        n = 0
        while not game.is_over(state) and n < MAX_PLAYOUT:
            if n >= self.depth and start is not None and game.scores(state) != start:
                break
            legal = _considered(game, state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            n += 1
        return outcome(game, state)


    def _judged_playout(self, game: Any, state: Any, rng: random.Random,
                        judge: Any) -> list[float]:
        # the game says what an unfinished position is worth: a short random playout,
        # then its judgement, instead of a long noisy walk to the end
        for _ in range(self.judged_depth):
            if game.is_over(state):
                return outcome(game, state)
            legal = _considered(game, state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        if game.is_over(state):
            return outcome(game, state)
        return standing(judge(game.config, state))


def _considered(game: Any, state: Any) -> list[Action]:
    """The legal actions, narrowed to those the game's hint keeps (all when it keeps none):
    the other seats of a search play as the hint says a person would."""
    legal = game.legal_actions(state)
    hint = getattr(game.spec, "agent_hint", None)
    return (hint(game.config, state, legal) or legal) if hint is not None else legal


def _mover_options(legal: list[Action], rng: random.Random) -> list[Action]:
    """The actions of the seat that acts next (drawn as the game loop draws it)."""
    seat = legal[0].player
    if any(a.player != seat for a in legal):
        seat = legal[rng.randrange(len(legal))].player
        return [a for a in legal if a.player == seat]
    return legal


def outcome(game: Any, state: Any) -> list[float]:
    """Each seat's value of a state in [0, 1]: its win share if over, else its score rank."""
    n = game.players
    if game.is_over(state):
        won = game.winners(state)
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
    if n == 1:
        return [0.5]
    return ranks(game.scores(state))


def ranks(scores: list[float]) -> list[float]:
    """Each seat's share of the other seats it leads (ties count half)."""
    n = len(scores)
    if n == 1:
        return [0.5]
    return [sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                for j, other in enumerate(scores) if j != i) / (n - 1)
            for i, mine in enumerate(scores)]


def standing(values: list[float]) -> list[float]:
    """Each seat's value in [0, 1] from the game's judgement of a position: its lead over
    the best other seat, squashed (one seat alone: its value against the game's scale)."""
    if len(values) == 1:
        return [0.5 + 0.5 * math.tanh(values[0] / MARGIN_SCALE)]
    out = []
    for i, mine in enumerate(values):
        best_other = max(v for j, v in enumerate(values) if j != i)
        out.append(0.5 + 0.5 * math.tanh((mine - best_other) / MARGIN_SCALE))
    return out
