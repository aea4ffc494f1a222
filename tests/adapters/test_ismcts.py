"""The ISMCTS agent: reproducible, never reads what its seat may not see, reachable by name
from play, simulate and the register's impact; and it beats random play."""
from __future__ import annotations

import random

import pytest

import engine
from engine.analysis.agents import get_agent, play_game
from engine.cli.main import main
from engine.analysis.ismcts import ISMCTSAgent, outcome
from engine.analysis.strength import head_to_head, reading_impact
from tests.core.helpers import configurations, random_state

CONFIGS = configurations()
FEWEST = sorted({(g, v): n for g, n, v in reversed(CONFIGS)}.items(),
                key=lambda kv: (kv[0][0], kv[0][1] or ""))
CASES = [(g, n, v) for (g, v), n in FEWEST]
IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in CASES]


def test_agent_names_take_a_simulation_count():
    agent = get_agent("ismcts:12")
    assert isinstance(agent, ISMCTSAgent) and agent.simulations == 12
    assert get_agent("ISMCTS").name.startswith("ismcts:")
    for bad in ("ismcts:0", "ismcts:x", "ismcts:-3", "greedy:4", "ismcts:²", "ismcts:١"):
        with pytest.raises(engine.ConfigError):
            get_agent(bad)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_game_with_ismcts_seats_is_reproducible(case):
    name, players, variant = case
    game = engine.load(name, players=players, variant=variant)
    agents = [ISMCTSAgent(4, depth=6)] + ["random"] * (players - 1)
    a = play_game(game, agents, seed=3)
    b = play_game(game, [ISMCTSAgent(4, depth=6)] + ["random"] * (players - 1), seed=3)
    assert a.actions == b.actions and game.is_over(a.final)


class _Guarded:
    """The game, refusing to run anything on one state: the true state of the deal."""

    def __init__(self, game: engine.Game, secret: object) -> None:
        self._game, self._secret = game, secret
        self.spec, self.config, self.players = game.spec, game.config, game.players

    def _check(self, state: object) -> None:
        assert state is not self._secret, "the search ran on the true state"

    def __getattr__(self, name: str):
        method = getattr(self._game, name)

        def guarded(state, *args, **kwargs):
            self._check(state)
            return method(state, *args, **kwargs)

        return guarded


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_search_runs_only_on_states_drawn_from_the_seats_view(case):
    # The agent reads the true state only through the spec's resample, which redraws all
    # that the seat may not see (tests/core/test_generic.py checks it keeps the view).
    name, players, variant = case
    game = engine.load(name, players=players, variant=variant)
    for seed in range(3):
        s = random_state(game, seed, steps=7 * seed + 3)
        if game.is_over(s):
            continue
        legal = game.legal_actions(s)
        mine = [a for a in legal if a.player == legal[0].player]
        pick = ISMCTSAgent(6, depth=5).choose(_Guarded(game, s), s, mine, random.Random(1))
        assert pick in mine


def test_outcome_is_win_share_at_the_end_and_rank_before():
    game = engine.load("tindahan", players=3)
    rec = play_game(game, "random", seed=1)
    values = outcome(game, rec.final)
    assert sum(values) == pytest.approx(1.0)
    assert all(values[i] > 0 for i in rec.winners)
    start = outcome(game, game.new(seed=1))
    assert start == [0.5, 0.5, 0.5]  # all scores equal: every seat ties every other


def test_ismcts_beats_random_play_in_tindahan():
    # a small budget and few games keep this quick; the margin is wide (see the docs for
    # the measured win rates)
    game = engine.load("tindahan", players=3)
    r = head_to_head(game, "ismcts:10", "random", n=9, seed=5)
    assert r["win_rate"] > 1 / 3 and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]


def test_reading_impact_reports_intervals():
    r = reading_impact("fruit-passion", "lone-one", 4, "greedy", players=2)
    (reading,) = r["readings"]
    assert reading["reading"] == "common" and reading["vs"] == "none"
    low, high = reading["winner_changes"]["ci95"]
    assert 0 <= low <= reading["winner_changes"]["rate"] <= high <= 1
    assert len(reading["score_change"]) == 2


def test_cli_simulate_and_impact_take_ismcts(capsys):
    with pytest.raises(SystemExit) as done:
        main(["simulate", "fruit-passion", "--players", "2", "-n", "2",
              "--agents", "ismcts:3,greedy", "--json"])
    assert done.value.code in (0, None)
    assert '"ismcts:3"' in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main(["ambiguities", "FRP-A6", "--impact", "2", "--agents", "ismcts:2,greedy",
              "--json"])
    assert done.value.code in (0, None)
    out = capsys.readouterr().out
    assert '"winner_changes"' in out and '"ci95"' in out
    with pytest.raises(SystemExit) as done:
        main(["simulate", "tindahan", "-n", "1", "--agents", "ismcts:zero"])
    assert done.value.code == 2


@pytest.mark.parametrize("hidden", ["set-aside", "owner-looks"])
def test_search_under_hidden_stacks_is_offered_what_the_seat_may_know(hidden):
    # Under play-limits=max-and-duplicates a seat's buried cards could decide whether it
    # may play (FRP-A10). Under set-aside (the default) the seat's own actions are the
    # same in every determinisation of what it cannot see; under owner-looks a
    # determinisation may deal a position no game reaches, whose actions differ. Either
    # way the search keeps to what each determinisation allows and chooses among the
    # seat's actions.
    game = engine.load("fruit-passion", players=2,
                       options={"play-limits": "max-and-duplicates", "hidden-repeats": hidden})
    s = random_state(game, 0, steps=33)
    legal = game.legal_actions(s)
    seat = legal[0].player
    mine = [a for a in legal if a.player == seat]
    if hidden == "set-aside":
        for k in range(5):
            other = game.spec.resample(game.config, s, seat, random.Random(k))
            assert set(mine) == {a for a in game.legal_actions(other) if a.player == seat}
    assert ISMCTSAgent(12, depth=5).choose(game, s, mine, random.Random(3)) in mine


def test_fruit_passions_judgement_is_its_scoring_once_the_game_is_over():
    game = engine.load("fruit-passion", players=2)
    rec = play_game(game, "random", seed=4)
    assert game.spec.search_value(game.config, rec.final) == rec.scores
    # before the end the scores stay hidden, the judgement already moves
    live = [random_state(game, 4, steps=k) for k in range(20, 200, 20)]
    live = [s for s in live if not game.is_over(s)]
    assert live and all(game.scores(s) == [0, 0] for s in live)
    assert any(any(game.spec.search_value(game.config, s)) for s in live)


class _Counting:
    """The game, counting the actions applied to it."""

    def __init__(self, game: engine.Game) -> None:
        self._game, self.applied = game, 0

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def apply(self, state, action):
        self.applied += 1
        return self._game.apply(state, action)


def test_a_declared_judgement_cuts_playouts_short_and_values_them():
    from engine.analysis.ismcts import standing

    game = engine.load("fruit-passion", players=2)
    counting = _Counting(game)
    start = game.new(seed=5)
    value = ISMCTSAgent(4, judged_depth=3)._playout(counting, start, random.Random(2))
    assert counting.applied == 3
    replayed = start
    rng = random.Random(2)
    for _ in range(3):
        legal = game.legal_actions(replayed)
        replayed = game.apply(replayed, legal[rng.randrange(len(legal))])
    assert value == standing(game.spec.search_value(game.config, replayed))
    # a game without a judgement plays on until its running scores move or it ends
    plain = _Counting(engine.load("tindahan", players=3))
    ISMCTSAgent(4, depth=3)._playout(plain, plain.new(seed=5), random.Random(2))
    assert plain.applied > 3


def test_ismcts_waits_and_narrows_as_the_games_hint_says():
    from engine.analysis.agents import GreedyAgent

    game = engine.load("tanuki-market", players=2)
    agent, greedy = ISMCTSAgent(3, depth=4), GreedyAgent()
    waited = 0
    for seed in range(6):
        s = random_state(game, seed, steps=seed)
        if game.is_over(s):
            continue
        for seat in range(game.players):
            mine = [a for a in game.legal_actions(s) if a.player == seat]
            if not mine:
                continue
            assert agent.waits(game, s, mine) == greedy.waits(game, s, mine)
            waited += agent.waits(game, s, mine)
            kept = game.spec.agent_hint(game.config, s, mine) or mine
            assert agent.choose(game, s, mine, random.Random(seed)) in kept
    assert waited  # the deal's opening: a seat waits for a full cart
    assert not ISMCTSAgent(3).waits(engine.load("tindahan", players=3),
                                    engine.load("tindahan", players=3).new(seed=1), [])


def test_ismcts_beats_the_hinted_greedy_agent_in_tanuki_market():
    # the greedy agent waits for full carts (the spec's hint); a search that grabbed
    # carts at random lost every game to it
    game = engine.load("tanuki-market", players=2)
    r = head_to_head(game, "ismcts:20", "greedy", n=6, seed=1000)
    assert r["win_rate"] > 0.5
