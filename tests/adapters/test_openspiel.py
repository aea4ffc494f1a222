"""The OpenSpiel adapter: OpenSpiel's own random-simulation checks, simultaneous nodes,
and observations and information states that show only what a seat may know."""
from __future__ import annotations

import json
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")

import engine  # noqa: E402
from engine.adapters import openspiel as fos  # noqa: E402
import spec as specs  # noqa: E402
from engine.adapters.encoding import sample_length  # noqa: E402
from spec.common.core import HIDDEN, OWNER  # noqa: E402
from tests.core.helpers import configurations  # noqa: E402

# OpenSpiel's checks on the fewest seats of every variant of every game
FEWEST = sorted({(g, v): n for g, n, v in reversed(configurations())}.items(),
                key=lambda kv: (kv[0][0], kv[0][1] or ""))
CASES = [(g, n, v) for (g, v), n in FEWEST]
IDS = [f"{g}-{n}p-{v or 'base'}" for g, n, v in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_openspiel_random_simulation_checks_pass(case):
    name, players, variant = case
    game = fos.load(name, players=players, variant=variant)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", engine.games())
def test_games_are_registered_under_their_names(name):
    for alias in (f"python_fruitspec_{name}", f"python_fruitspec_{name.replace('-', '_')}"):
        game = pyspiel.load_game(alias)
        assert game.get_type().short_name == alias
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


def test_options_and_variant_reach_the_engine():
    game = fos.load("tanuki-market", players=1, variant="solo", options={"day": "friday"})
    assert game.engine.variant == "solo" and game.engine.options["day"] == "friday"
    with pytest.raises(engine.ConfigError):
        fos.load("tanuki-market", players=9)


def test_secret_picks_are_one_simultaneous_node():
    game = fos.load("bastos", players=3)
    state = game.new_initial_state()
    assert state.is_simultaneous_node()
    picks = [state.legal_actions(p)[0] for p in range(3)]
    state.apply_actions(picks)
    assert not state.is_simultaneous_node()
    assert state.engine_state.phase != "choose"


def test_same_rng_seed_same_deals():
    a, b = fos.load("tindahan", players=3, rng_seed=4), fos.load("tindahan", players=3, rng_seed=4)
    assert str(a.new_initial_state()) == str(b.new_initial_state())


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(_strings(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(set(), *(_strings(v) for v in value))
    return set()


def _never_seen(game: engine.Game, states: list, seat: int) -> set[str]:
    """Cards the seat may not see at the end (others' hands, the deck...) that no view of
    the seat ever showed: nothing the seat is told may name them."""
    end = states[-1]
    hidden: set[str] = set()
    for name, kind in game.spec.visibility.items():
        value = getattr(end, name)
        if kind == HIDDEN:
            hidden |= _strings(value)
        elif kind == OWNER:
            for i, v in enumerate(value):
                if i != seat:
                    hidden |= _strings(v)
    seen = set().union(*(_strings(game.view(s, seat)) for s in states))
    return {h for h in hidden - seen if any(ch.isdigit() for ch in h) or "/" in h}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_strings_show_only_what_the_seat_may_know(case):
    name, players, variant = case
    game = fos.load(name, players=players, variant=variant)
    state = game.new_initial_state()
    rng = random.Random(1)
    states = [state.engine_state]
    for _ in range(12):  # within the first round: no card comes back to a hand yet
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.engine_state)
    eng = game.engine
    for seat in range(players):
        info, obs = state.information_state_string(seat), state.observation_string(seat)
        assert json.loads(obs) == eng.view(state.engine_state, seat)
        secret = _never_seen(eng, states, seat)
        shown = set(re.findall(r"[A-Za-z0-9/*]+", info + obs))
        assert not secret & shown, f"seat {seat} is shown {sorted(secret & shown)}"
        # what the seat may not see can change: its strings do not
        other = state.clone()
        other._now = type(state._now)(eng, state._interface,
                                      eng.spec.resample(eng.config, state.engine_state, seat,
                                                        random.Random(9)), state.trail)
        assert other.observation_string(seat) == obs
        assert other.information_state_string(seat) == info


def test_sequential_form_serialises_the_simultaneous_moments():
    game = fos.load("bastos", players=3, simultaneous=False)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    state = game.new_initial_state()
    seats = []
    while state.engine_state.phase == "choose":
        assert not state.is_simultaneous_node()
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert sorted(seats) == [0, 1, 2]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["tindahan", "bastos", "tanuki-market", "fruit-passion"])
def test_the_game_type_and_length_come_from_the_declared_kind(name):
    kind = specs.get(name).kind
    game = fos.load(name)
    expected = (pyspiel.GameType.Dynamics.SIMULTANEOUS if kind.dynamics == "simultaneous"
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    assert game.get_type().dynamics == expected
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_game_length() == kind.limit(engine.load(name).config)


def test_a_reading_without_a_maximum_falls_back_to_the_sampled_estimate():
    game = fos.load("fruit-passion", players=2, options={"discard-take": "literal"})
    loaded = engine.load("fruit-passion", players=2, options={"discard-take": "literal"})
    assert specs.get("fruit-passion").kind.limit(loaded.config) is None
    assert game.max_game_length() == fos.LENGTH_MARGIN * sample_length(loaded)
