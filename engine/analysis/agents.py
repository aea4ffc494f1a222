"""Built-in agents and the loop that plays one whole game with them.

An agent picks one of the legal actions of the seat whose turn it is. Every game carries
its own :class:`random.Random` seeded with the game's seed, so a game is a function of
(game, agents, seed, set-up) alone; nothing reads the global ``random`` module.

>>> import engine
>>> from engine.analysis.agents import get_agent, play_game
>>> game = engine.load("tindahan", players=3)
>>> rec = play_game(game, [get_agent("random")], seed=7)
>>> rec == play_game(game, [get_agent("random")], seed=7)
True
>>> game.is_over(rec.final)
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from spec.common.core import Action, Event
from spec.common.errors import ConfigError, StateError

from engine.analysis.ismcts import ISMCTSAgent

#: A game that runs this many actions without ending is reported as not terminating.
MAX_ACTIONS = 1_000_000


@runtime_checkable
class Agent(Protocol):
    """Something that chooses one action among the legal actions of one seat."""

    name: str

    def choose(self, game: Any, state: Any, actions: list[Action],
               rng: random.Random) -> Action:
        """Return one of ``actions`` (all of them belong to the same seat)."""
        ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, game: Any, state: Any, actions: list[Action],
               rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def _hook(game: Any, name: str) -> Any:
    """An optional play hint of the game's spec (see :class:`GreedyAgent`), or None."""
    return getattr(getattr(game, "spec", None), name, None)


class GreedyAgent:
    """One-step lookahead: the action that most raises the acting seat's running score.

    Ties (and games whose running score only moves at the end) are broken by the
    game's seeded RNG, so a greedy game is as reproducible as a random one.

    A game spec may say how a person plays it: ``agent_hint(cfg, state, actions)`` keeps
    the actions a person would consider ([] means it would rather wait while other seats
    act, in a real-time phase), and ``agent_value(cfg, state, seat)`` replaces the
    running score as the value of a position (e.g. cards sure to score later).
    """

    name = "greedy"

    def waits(self, game: Any, state: Any, actions: list[Action]) -> bool:
        """True when this seat would rather let another seat act first."""
        hint = _hook(game, "agent_hint")
        return hint is not None and not hint(game.config, state, actions)

    def choose(self, game: Any, state: Any, actions: list[Action],
               rng: random.Random) -> Action:
        hint = _hook(game, "agent_hint")
        if hint is not None:
            actions = hint(game.config, state, actions) or actions
        if len(actions) == 1:
            return actions[0]
        seat = actions[0].player
        worth = _hook(game, "agent_value")
        best: list[Action] = []
        top = None
        for a in actions:
            after = game.apply(state, a)
            value = (worth(game.config, after, seat) if worth is not None
                     else game.scores(after)[seat])
            if top is None or value > top:
                top, best = value, [a]
            elif value == top:
                best.append(a)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def __repr__(self) -> str:
        return "GreedyAgent()"


AGENTS: dict[str, type] = {"random": RandomAgent, "greedy": GreedyAgent}
AGENTS["ismcts"] = ISMCTSAgent  # "ismcts:N": N simulations per move


def agent_names() -> list[str]:
    return sorted(AGENTS)


def get_agent(name: str | Agent) -> Agent:
    """The built-in agent called ``name`` (an agent object is returned as it is).

    >>> get_agent("greedy").name
    'greedy'
    """
    if not isinstance(name, str):
        if isinstance(name, Agent):
            return name
        raise ConfigError(f"not an agent: {name!r}")
    key, _, arg = name.strip().lower().partition(":")
    if key not in AGENTS:
        raise ConfigError(f"unknown agent {name!r} (agents: {', '.join(agent_names())})")
    if arg:  # "name:argument", for agents that take one
        with_argument = getattr(AGENTS[key], "with_argument", None)
        if with_argument is None:
            raise ConfigError(f"agent {key!r} takes no argument, got {name!r}")
        return with_argument(arg)
    return AGENTS[key]()


def seat_agents(agents: Sequence[str | Agent] | str | Agent, players: int) -> list[Agent]:
    """One agent per seat: a single agent plays every seat, a shorter list is cycled."""
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        agents = [agents]  # type: ignore[list-item]  # one agent, not a list
    if not agents:
        raise ConfigError("at least one agent is needed")
    if len(agents) > players:
        raise ConfigError(f"{len(agents)} agents for a {players}-player game")
    made = [get_agent(a) for a in agents]
    return [made[i % len(made)] for i in range(players)]


@dataclass
class PlayRecord:
    """One finished game.

    ``actions`` are in notation (``p1: play B7``); ``events`` (one list per action) are
    kept only when the game was played with ``record=True``; ``clauses`` counts how often
    each clause ID fired in the events, always.
    """

    seed: int
    actions: list[str]
    events: list[list[Event]] | None
    final: Any
    scores: list[int]
    length: int
    winners: list[int]
    clauses: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "length": self.length,
                               "scores": self.scores, "winners": self.winners,
                               "actions": self.actions}
        if self.events is not None:
            out["events"] = [[e.to_json() for e in evs] for evs in self.events]
        return out


def play_game(game: Any, agents: Sequence[str | Agent] | str | Agent, seed: int,
              setup: Mapping[str, Any] | None = None, record: bool = False,
              *, max_actions: int = MAX_ACTIONS) -> PlayRecord:
    """Play one game to its end: ``game.new(seed, setup)``, then the agents choose.

    ``agents`` holds one agent per seat (a single one plays every seat). When several
    seats may act at once (a real-time phase), the next action is drawn uniformly among
    all seats' legal actions to decide which seat acts, and that seat's agent then
    chooses among its own actions (for the random agent: uniform over all actions). An
    agent with a ``waits`` method (the greedy one) may let the next willing seat act
    instead, as a person waits for a cart worth taking.
    """
    return _play(game, seat_agents(agents, game.players), seed, setup, record, True,
                 max_actions)


def _willing_seat(game: Any, state: Any, agents: list[Agent], legal: list[Action],
                  drawn: int) -> int:
    """In a real-time phase: the drawn seat acts unless its agent would rather wait;
    then the next seat (in seat order, from the drawn one) whose agent would not. When
    every agent waits, the drawn seat acts after all. Agents without ``waits`` never
    wait, so games of such agents draw exactly as before."""
    seats = sorted({a.player for a in legal})
    k = seats.index(drawn)
    for seat in seats[k:] + seats[:k]:
        waits = getattr(agents[seat], "waits", None)
        if waits is None or not waits(game, state, [a for a in legal if a.player == seat]):
            return seat
    return drawn


def _play(game: Any, agents: list[Agent], seed: int, setup: Mapping[str, Any] | None,
          record: bool, keep_actions: bool, max_actions: int = MAX_ACTIONS) -> PlayRecord:
    rng = random.Random(seed)
    state = game.new(seed=seed, setup=setup)
    legal_actions, step, is_over = game.legal_actions, game.step, game.is_over
    acts: list[Action] = []
    events: list[list[Event]] | None = [] if record else None
    clauses: dict[str, int] = {}
    n = 0
    while not is_over(state):
        legal = legal_actions(state)
        if not legal:
            raise StateError(f"{game.name}: no legal action in a live state after {n}"
                             f" actions (seed {seed})")
        seat = legal[0].player
        for a in legal:
            if a.player != seat:  # several seats may act: pick one as the RNG says
                seat = _willing_seat(game, state, agents, legal,
                                     legal[rng.randrange(len(legal))].player)
                legal = [b for b in legal if b.player == seat]
                break
        action = agents[seat].choose(game, state, legal, rng)
        state, evs = step(state, action)
        for e in evs:
            r = e.rule
            clauses[r] = clauses.get(r, 0) + 1
        if keep_actions:
            acts.append(action)
        if record:
            events.append(evs)  # type: ignore[union-attr]  # a list when record
        n += 1
        if n >= max_actions:
            raise StateError(f"{game.name}: no end after {n} actions (seed {seed})")
    return PlayRecord(seed=seed, actions=[str(a) for a in acts], events=events, final=state,
                      scores=game.scores(state), length=n, winners=game.winners(state),
                      clauses=clauses)
