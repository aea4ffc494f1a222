"""The games as OpenSpiel (``pyspiel``) Python games.

>>> from engine.adapters import openspiel as fos
>>> game = fos.load("bastos", players=3)
>>> game.get_type().short_name, game.num_players()
('python_fruitspec_bastos', 3)
>>> state = game.new_initial_state()
>>> state.is_simultaneous_node()   # the secret Bastos! picks
True

Importing this module registers every game as ``python_fruitspec_<game>`` (also spelled
with ``_`` for ``-``), so ``pyspiel.load_game("python_fruitspec_tindahan", {"players": 4})``
works too. Game parameters: ``players``, ``variant`` (``""`` for the base game),
``rng_seed`` and one string parameter per option (the reading), named as the option.

How the games map onto OpenSpiel's model:

Dynamics, chance mode, information and ``max_game_length`` come from the game's own
declaration, its ``SPEC.kind`` (:class:`spec.common.core.GameKind`); where a reading
declares no maximum length (play need not end), ``max_game_length`` is
``LENGTH_MARGIN`` times the longest of the sampled games instead.

* **imperfect information**: observations and information states come from
  ``game.view(state, seat)`` and ``game.events_for(events, seat)`` only;
* **sampled chance** (``SAMPLED_STOCHASTIC``): every random part of a deal follows from its
  seed, so there are no chance nodes; ``new_initial_state()`` draws the deal's seed from
  the game's own RNG (seeded by ``rng_seed``), like OpenSpiel's other sampled games;
* **simultaneous moves** (``SIMULTANEOUS`` dynamics): a node where several seats may act
  (Bastos!'s secret picks, Tanuki Market's real-time deal) is a simultaneous node, in which
  a seat that may not act has the single action 0 ("wait"); the chosen actions are played
  in an order drawn from the deal's seed and the move number (who was quicker), and a
  choice an earlier one made impossible is dropped (that seat chooses again). Every other
  node is an ordinary node of the one seat that may act. With the parameter
  ``simultaneous=False`` the game is ``SEQUENTIAL`` instead: at such a moment one of the
  seats that may act, drawn the same way, acts alone (as in the PettingZoo AEC
  environment), for algorithms written for sequential games. A game declared sequential
  (Tindahan, Fruit Passion) is ``SEQUENTIAL`` either way;
* actions use the fixed index of :mod:`engine.adapters.encoding`; the observation tensor is
  that module's encoding of the seat's view;
* **returns**: at the end each winner gets ``1 / number of winners``, the others 0.
"""
from __future__ import annotations

import json
import random
from typing import Any, Mapping

import numpy as np
import pyspiel

import spec as _specs

from engine.core.game import Game, load as load_engine
from engine.adapters.encoding import WAIT, Interface, apply_joint, interface, sample_length

PREFIX = "python_fruitspec_"
#: Where a configuration declares no maximum length (``GameKind.max_length``: play need
#: not end), ``max_game_length`` is this many times the longest sampled game.
LENGTH_MARGIN = 4
DYNAMICS = {"sequential": pyspiel.GameType.Dynamics.SEQUENTIAL,
            "simultaneous": pyspiel.GameType.Dynamics.SIMULTANEOUS}
CHANCE = {"sampled": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC}
INFORMATION = {"imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION}


def short_name(game: str) -> str:
    return PREFIX + game


def _game_type(name: str, alias: str | None = None,
               simultaneous: bool = True) -> pyspiel.GameType:
    sp = _specs.get(name)
    counts = [n for v in sp.variants for n in v.players]
    params: dict[str, Any] = {"players": sp.variants[0].players[0], "variant": "",
                              "rng_seed": 0, "simultaneous": True}
    params.update({o.name: o.default for o in sp.options})
    kind = sp.kind  # the game's own declaration (spec.common.core.GameKind)
    return pyspiel.GameType(
        short_name=alias or short_name(name), long_name=f"fruitspec {sp.title}",
        dynamics=DYNAMICS[kind.dynamics if simultaneous else "sequential"],
        chance_mode=CHANCE[kind.chance], information=INFORMATION[kind.information],
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        provides_factored_observation_string=False, parameter_specification=params)


def _engine_game(name: str, params: Mapping[str, Any]) -> Game:
    sp = _specs.get(name)
    variant = params.get("variant") or None
    applies = {o.name for o in sp.options_for(variant)}
    options = {o.name: params[o.name] for o in sp.options
               if o.name in params and (o.name in applies or params[o.name] != o.default)}
    return load_engine(name, players=int(params["players"]), options=options, variant=variant)


def max_game_length(engine: Game) -> int:
    """The configuration's declared maximum length (``GameKind.max_length``); where it
    declares none (play need not end), :data:`LENGTH_MARGIN` times the longest sampled
    game, an estimate a game may exceed."""
    declared = _specs.get(engine.name).kind.limit(engine.config)
    return declared if declared is not None else LENGTH_MARGIN * sample_length(engine)


class FruitspecGame(pyspiel.Game):
    """One configured game as a pyspiel game."""

    game_name = ""  # set on the per-game subclasses made by :func:`_register`
    alias: str | None = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        full = {**_game_type(self.game_name).parameter_specification, **(params or {})}
        self.simultaneous = (bool(full["simultaneous"])
                             and _specs.get(self.game_name).kind.dynamics == "simultaneous")
        kind = _game_type(self.game_name, self.alias, self.simultaneous)
        self.engine = _engine_game(self.game_name, full)
        self.interface: Interface = interface(self.engine)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.interface.num_actions, max_chance_outcomes=0,
            num_players=self.engine.players, min_utility=0.0, max_utility=1.0,
            utility_sum=None, max_game_length=max_game_length(self.engine))
        super().__init__(kind, info, dict(params or {}))
        self._deals = random.Random(int(full["rng_seed"]))
        self.tensor_observer = Observer(self.interface, False)

    def new_initial_state(self, seed: int | None = None) -> "FruitspecState":
        """A new deal: ``seed`` fixes it, else the game's RNG draws it."""
        return FruitspecState(self, self._deals.randrange(2**31) if seed is None else seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return Observer(self.interface, recall)


class _Read:
    """What every seat has read, as a chain: the steps since the deal, each with the
    (action, events) pairs it applied. The per-seat text is made only when asked for
    (information states), not at every step."""

    __slots__ = ("before", "applied", "_lines")

    def __init__(self, before: "_Read | None", applied: list[tuple[Any, list[Any]]],
                 lines: tuple[tuple[str, ...], ...] | None = None) -> None:
        self.before, self.applied, self._lines = before, applied, lines

    def lines(self, engine: Game) -> tuple[tuple[str, ...], ...]:
        if self._lines is None:
            chain, node = [], self
            while node._lines is None:  # a loop, not recursion: games run long
                chain.append(node)
                node = node.before  # type: ignore[assignment]  # the root has lines
            lines = node._lines
            for step in reversed(chain):
                lines = step._lines = _read_more(engine, lines, step.applied)
                step.before = None  # its lines are kept: what came before is not needed
        return self._lines  # type: ignore[return-value]  # filled above


def _read_more(engine: Game, lines: tuple[tuple[str, ...], ...],
               applied: list[tuple[Any, list[Any]]]) -> tuple[tuple[str, ...], ...]:
    out = []
    for seat, read in enumerate(lines):
        more = []
        for act, events in applied:
            if act.player == seat:
                more.append(f"you: {act.body}")
            more.extend(str(e) for e in engine.events_for(events, seat))
        out.append(read + tuple(more))
    return tuple(out)


class _Shared:
    """Immutable things a state refers to: copying a state shares them, never copies.

    What is derived from the engine state (views, the player to act, the legal indices)
    is kept here once made: OpenSpiel asks for each several times per step."""

    __slots__ = ("engine", "interface", "state", "read", "_views", "player", "_legal")

    def __init__(self, engine: Game, iface: Interface, state: Any,
                 trail: tuple[tuple[str, ...], ...] | _Read) -> None:
        self.engine, self.interface, self.state = engine, iface, state
        self.read = trail if isinstance(trail, _Read) else _Read(None, [], trail)
        self._views: dict[int, dict[str, Any]] = {}
        self.player: int | None = None  # current_player(), once asked
        self._legal: dict[int, list[int]] = {}

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self

    @property
    def trail(self) -> tuple[tuple[str, ...], ...]:
        return self.read.lines(self.engine)

    def view(self, seat: int) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = self.engine.view(self.state, seat)
        return self._views[seat]

    def legal(self, seat: int) -> list[int]:
        """The sorted action indices of ``seat``'s legal actions."""
        if seat not in self._legal:
            index = self.interface.index
            self._legal[seat] = sorted(index(a) for a in self.engine.legal_actions(self.state)
                                       if a.player == seat)
        return self._legal[seat]


class FruitspecState(pyspiel.State):
    """A deal in progress: the engine state plus what each seat has read so far."""

    def __init__(self, game: FruitspecGame, seed: int) -> None:
        super().__init__(game)
        self.seed = seed
        self._now = _Shared(game.engine, game.interface, game.engine.new(seed=seed),
                            ((),) * game.engine.players)

    @property
    def _engine(self) -> Game:
        return self._now.engine

    @property
    def _interface(self) -> Interface:
        return self._now.interface

    @property
    def engine_state(self) -> Any:
        """The engine's state (all of it, secrets included)."""
        return self._now.state

    @property
    def trail(self) -> tuple[tuple[str, ...], ...]:
        """Per seat, what it has read: its own actions, the events as it may read them."""
        return self._now.trail

    def view(self, seat: int) -> dict[str, Any]:
        """``game.view`` of this state for ``seat`` (cached: states are values)."""
        return self._now.view(seat)

    def _advance(self, state: Any, applied: list[tuple[Any, list[Any]]]) -> None:
        now = self._now
        self._now = _Shared(now.engine, now.interface, state, _Read(now.read, applied))

    # --- structure -----------------------------------------------------------------------
    def current_player(self) -> int:
        now = self._now
        if now.player is None:  # a state's player never changes: worked out once
            now.player = self._player()
        return now.player

    def _player(self) -> int:
        g, s = self._engine, self.engine_state
        if g.is_over(s):
            return pyspiel.PlayerId.TERMINAL
        actors = g.actors(s)
        if len(actors) == 1:
            return actors[0]
        if self.get_game().simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return self._quicker().choice(actors)

    def _quicker(self) -> random.Random:
        """Who is quicker in a real-time moment: drawn from the deal's seed and the move
        number, so that the same history always gives the same order."""
        return random.Random(self.seed * 1_000_003 + self.move_number())

    def _legal_actions(self, player: int) -> list[int]:
        mine = self._now.legal(player)
        if not mine and self.is_simultaneous_node():
            return [WAIT]
        return list(mine)

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        act = self._interface.action(seat, int(action))
        state, events = self._engine.step(self.engine_state, act)
        self._advance(state, [(act, events)])

    def _apply_actions(self, actions: list[int]) -> None:
        g = self._engine
        actors = set(g.actors(self.engine_state))
        choices = {seat: self._interface.action(seat, int(a))
                   for seat, a in enumerate(actions) if seat in actors}
        state, applied = apply_joint(g, self.engine_state, choices, self._quicker())
        self._advance(state, applied)

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        """OpenSpiel's ``observation_tensor``: the same values, as a float32 array (a copy)
        where OpenSpiel gives a list, and without the deal OpenSpiel makes at every call
        of a Python game's to learn the tensor's size. Making a list of every feature
        would cost more than the encoding; ``np.asarray`` or ``list`` of the array is what
        OpenSpiel's own learners do with the list anyway."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._engine.players:
            raise pyspiel.SpielError(f"no player {player} in a {self._engine.players}-player"
                                     " game")
        observer = self.get_game().tensor_observer
        observer.set_from(self, player)
        return observer.tensor.copy()

    def _action_to_string(self, player: int, action: int) -> str:
        body = self._interface.notation(int(action))
        return f"p{player}: {body}" if player >= 0 else body

    # --- outcome -------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._engine.is_over(self.engine_state)

    def returns(self) -> list[float]:
        g, s = self._engine, self.engine_state
        if not g.is_over(s):
            return [0.0] * g.players
        won = g.winners(s)
        return [1.0 / len(won) if i in won else 0.0 for i in range(g.players)]

    def __str__(self) -> str:
        return self._engine.dumps(self.engine_state)  # the whole world state, for debugging


class Observer:
    """OpenSpiel's observer protocol over a seat's view.

    Without perfect recall: the tensor is the encoded view, the string the view as JSON.
    With perfect recall (information states): the string also holds everything the seat
    has read since the deal (its own actions and the events as it may read them).
    """

    def __init__(self, iface: Interface, perfect_recall: bool) -> None:
        self.interface = iface
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(iface.num_features, np.float32)
        self.dict = {"observation": self.tensor}
        self._written: tuple[_Shared | None, int] = (None, -1)

    def set_from(self, state: FruitspecState, player: int) -> None:
        # OpenSpiel asks twice for one observation_tensor(); the tensor already holds it
        # the second time (the shared part of a state never changes, and is kept alive
        # here, so it cannot be another's)
        now = state._now
        if self._written[0] is now and self._written[1] == player:
            return
        self.interface.encode_into(now.view(player), self.tensor)
        self._written = (now, player)

    def string_from(self, state: FruitspecState, player: int) -> str:
        view = state.view(player)
        if self.perfect_recall:
            return json.dumps({"trail": state.trail[player], "view": view}, sort_keys=True)
        return json.dumps(view, sort_keys=True)


def _register() -> None:
    known = {t.short_name for t in pyspiel.registered_games()}
    for name in _specs.available():
        for alias in {short_name(name), short_name(name.replace("-", "_"))}:
            if alias in known:
                continue
            cls = type(f"FruitspecGame_{alias}", (FruitspecGame,),
                       {"game_name": name, "alias": alias})
            pyspiel.register_game(_game_type(name, alias), cls)


def load(game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
         variant: str | None = None, rng_seed: int = 0,
         simultaneous: bool = True) -> pyspiel.Game:
    """A ``pyspiel.Game`` of a configured game (``engine.ConfigError`` when bad)."""
    checked = load_engine(game, players=players, options=options, variant=variant)
    params: dict[str, Any] = {"players": checked.players, "variant": checked.variant or "",
                              "rng_seed": int(rng_seed), "simultaneous": bool(simultaneous)}
    params.update({k: str(v).lower() if isinstance(v, bool) else str(v)
                   for k, v in (options or {}).items()})
    return pyspiel.load_game(short_name(game), params)


_register()
