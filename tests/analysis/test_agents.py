"""Built-in agents and the game loop: determinism, greedy lookahead, real-time seats."""
from __future__ import annotations

import dataclasses
import random
from typing import NamedTuple

import pytest

import engine
from engine.analysis.agents import Agent, GreedyAgent, RandomAgent, get_agent, play_game, seat_agents
from spec.common import PUBLIC, SECRET, Catalogue, Clause, GameSpec, Move, Variant, ev
from spec.common.core import IMPERFECT, SAMPLED, SIMULTANEOUS, GameKind
from spec.common.moves import guard, no_args
from tests.core.toy import SPEC as TOY


def toy(**options: str) -> engine.Game:
    return engine.Game(TOY, TOY.configure(2, None, options))


# --- a real-time toy: both seats may grab a token at any moment ----------------------------
class Grab(NamedTuple):
    phase: str
    left: int
    taken: tuple[int, ...]
    rng: int


def _take(cfg, s, a):
    taken = list(s.taken)
    taken[a.player] += 1
    left = s.left - 1
    return (s._replace(phase="play" if left else "over", left=left, taken=tuple(taken)),
            [ev("GRB-2", "seat {seat} grabs a token", seat=a.player)])


class GrabSpec(GameSpec):
    def initial(self, cfg, seed, setup):
        return Grab("play", 6, (0,) * cfg.players, seed)

    def scores(self, cfg, state):
        return list(state.taken)


def grab_spec(*moves: Move) -> GrabSpec:
    return GrabSpec(
        name="grab", prefix="GRB", title="Grab",
        catalogue=Catalogue("GRB", (Clause("GRB-1", "Six tokens lie on the table.", "Setup"),
                                    Clause("GRB-2", "Anyone may grab a token.", "Play"))),
        variants=(Variant(None, (2, 3), "base"),), state_type=Grab,
        visibility={"phase": PUBLIC, "left": PUBLIC, "taken": PUBLIC, "rng": SECRET},
        moves=moves, notation_rule="GRB-2",
        kind=GameKind(SIMULTANEOUS, SAMPLED, IMPERFECT, lambda cfg: 6))  # six tokens


TAKE = Move("take", "GRB-2", frozenset({"play"}), lambda cfg, s: range(cfg.players),
            lambda cfg, s, seat: ((),),
            (guard("GRB-2", lambda cfg, s, a: s.left > 0, "no token left"),),
            _take, no_args, "grab a token", ("play", "over"), "take")
GRAB = grab_spec(TAKE)


def test_get_agent() -> None:
    assert isinstance(get_agent("random"), RandomAgent)
    assert isinstance(get_agent("Greedy"), GreedyAgent)
    assert isinstance(get_agent("random"), Agent)
    agent = GreedyAgent()
    assert get_agent(agent) is agent
    with pytest.raises(engine.ConfigError, match="unknown agent 'clever'"):
        get_agent("clever")


def test_seat_agents() -> None:
    assert [a.name for a in seat_agents(["greedy", "random"], 3)] == ["greedy", "random",
                                                                       "greedy"]
    assert [a.name for a in seat_agents("random", 2)] == ["random", "random"]
    with pytest.raises(engine.ConfigError):
        seat_agents(["random"] * 3, 2)
    with pytest.raises(engine.ConfigError):
        seat_agents([], 2)


def test_same_seed_same_game_and_no_global_random() -> None:
    random.seed(12345)
    before = random.getstate()
    a = play_game(toy(), ["random"], seed=9)
    b = play_game(toy(), ["random"], seed=9)
    assert random.getstate() == before
    assert a.actions == b.actions and a.scores == b.scores and a.final == b.final
    assert a.events is None
    others = {tuple(play_game(toy(), ["random"], seed=s).actions) for s in range(20)}
    assert len(others) > 1


def test_record_replays_through_the_api() -> None:
    game = toy()
    rec = play_game(game, ["random", "greedy"], seed=3, record=True)
    assert rec.length == len(rec.actions) == len(rec.events) == 4
    state = game.new(seed=3)
    for text, evs in zip(rec.actions, rec.events):
        state, got = game.step(state, text)
        assert [str(e) for e in got] == [str(e) for e in evs]
    assert state == rec.final and game.is_over(state)
    assert rec.scores == game.scores(state) and rec.winners == game.winners(state)
    assert rec.clauses == {"TOY-2": 4}
    assert rec.to_json()["actions"] == rec.actions


def test_greedy_plays_its_best_card() -> None:
    game = toy(double="yes")
    for seed in range(10):
        rec = play_game(game, ["greedy", "random"], seed=seed)
        state = game.new(seed=seed)
        for text in rec.actions:
            a = game.resolve(state, text)
            if a.player == 0:
                best = max(int(c[1:]) for c in state.hands[0])
                assert int(a.args[0][1:]) == best
            state = game.apply(state, a)


class _Flat:
    """A stand-in game in which every action leaves the scores as they are."""

    def apply(self, state, action):
        return state

    def scores(self, state):
        return [0, 0]


def test_greedy_breaks_ties_with_the_game_rng() -> None:
    actions = [engine.Action(0, "play", (c,)) for c in ("X1", "X2", "X3")]
    picks = [GreedyAgent().choose(_Flat(), None, actions, random.Random(s)) for s in range(30)]
    assert set(picks) == set(actions)
    assert picks == [GreedyAgent().choose(_Flat(), None, actions, random.Random(s))
                     for s in range(30)]


def test_real_time_seats_are_drawn_by_the_rng() -> None:
    game = engine.Game(GRAB, GRAB.configure(3, None, {}))
    counts = [0, 0, 0]
    for seed in range(300):
        rec = play_game(game, ["random"], seed=seed)
        assert rec.length == 6 and sum(rec.scores) == 6
        for i, v in enumerate(rec.scores):
            counts[i] += v
        assert rec.actions == play_game(game, ["random"], seed=seed).actions
    # each of the three seats grabs about a third of the 1800 tokens
    assert all(500 < c < 700 for c in counts), counts


def test_dead_end_and_endless_games_are_errors() -> None:
    late = guard("GRB-2", lambda cfg, s, a: s.left > 3, "too late")
    stuck = grab_spec(dataclasses.replace(GRAB.moves[0], guards=(late,)))
    with pytest.raises(engine.StateError, match="no legal action"):
        play_game(engine.Game(stuck, stuck.configure(2, None, {})), ["random"], seed=0)
    game = engine.Game(GRAB, GRAB.configure(2, None, {}))
    with pytest.raises(engine.StateError, match="no end after 3 actions"):
        play_game(game, ["random"], seed=0, max_actions=3)


@pytest.mark.parametrize("name", engine.games())
def test_agents_finish_every_game(name: str) -> None:
    game = engine.load(name)
    for agents in (["random"], ["greedy"], ["greedy", "random"]):
        rec = play_game(game, agents, seed=1)
        assert game.is_over(rec.final)
        assert rec.length == len(rec.actions) > 0
        assert rec.winners and all(0 <= w < game.players for w in rec.winners)
        assert rec.actions == play_game(game, agents, seed=1).actions
