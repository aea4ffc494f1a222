"""The keyed generator (BLAKE2b in counter mode): published vectors, uniform draws, and
games dealt with it that dump, load, validate and replay like any other.

The vectors below are also printed in the docs' page on chance; anyone can check them
with a BLAKE2b of their own: word *i* of seed *s* is bytes ``8 * (i % 8)`` to
``8 * (i % 8) + 7``, read as a little-endian number, of the 64-byte BLAKE2b with key *s*
as 32 big-endian bytes and personalisation ``fruitspec-deal``, over ``i // 8`` as 16
little-endian bytes.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from scipy import stats

import engine
from engine.core.scenario import load_scenario, replay
from spec.common import rng

#: (seed, word index, word): the generator's published test vectors
VECTORS = [
    (0, 0, 0xEB5754F90F3CD499),
    (0, 1, 0x71F93364D59D2BFD),
    (0, 2, 0xB115551F6BF2CB85),
    (0, 7, 0x802BB039FA28DCC5),
    (0, 8, 0xC0D7205E86C1BAF2),
    (0, 1000, 0x3C687502FBFC3DD0),
    (1, 0, 0x1E61F8ED2D69862D),
    (1, 1, 0xFDF34BE4342CE5EA),
    (2**128 - 1, 0, 0x3639A7F0F9CE55DE),
    (2**128 - 1, 2, 0x4B892EC54DD8BC2B),
]
#: the keyed generator's shuffle of 0..9 from seed 2026, and how many words it drew
SHUFFLE_2026 = ((8, 9, 5, 6, 4, 0, 2, 1, 7, 3), 9)


def _independent_word(seed: int, index: int) -> int:
    """The construction as the docs state it, written from the docs, not from rng.py."""
    block, place = divmod(index, 8)
    h = hashlib.blake2b(block.to_bytes(16, "little"), key=seed.to_bytes(32, "big"),
                        person=b"fruitspec-deal")
    return int.from_bytes(h.digest()[8 * place:8 * place + 8], "little")


@pytest.mark.parametrize("seed,index,word", VECTORS)
def test_published_vectors(seed, index, word):
    start = rng.keyed(seed)
    assert rng.keyed_word(start.key, index) == word == _independent_word(seed, index)


def test_words_are_drawn_in_counter_order():
    state: rng.Stream = rng.keyed(0)
    drawn = []
    for _ in range(3):
        word, state = rng.next_u64(state)
        drawn.append(word)
    assert drawn == [w for s, i, w in VECTORS if s == 0 and i < 3]
    assert state == rng.Keyed(rng.KEYED, "00" * 32, 3)


def test_published_shuffle():
    order, state = rng.shuffled(range(10), rng.keyed(2026))
    assert (order, state.counter) == SHUFFLE_2026


def test_mix_leaves_a_keyed_start_alone():
    start = rng.keyed(7)
    assert rng.mix(start) is start


@pytest.mark.parametrize("n", [2, 6, 7, 52])
def test_below_is_uniform(n):
    state: rng.Stream = rng.keyed(99)
    counts: Counter[int] = Counter()
    for _ in range(300 * n):
        value, state = rng.below(state, n)
        counts[value] += 1
    assert set(counts) == set(range(n))
    assert stats.chisquare([counts[i] for i in range(n)]).pvalue > 1e-4


@pytest.mark.parametrize("start", [rng.keyed(3), 3], ids=["keyed", "splitmix64"])
@pytest.mark.parametrize("n", [2**64 + 1, 2**65, 3 * 2**70 + 11, 2**200])
def test_below_a_range_wider_than_a_word_ends(start, n):
    values = []
    state = start
    for _ in range(50):
        value, state = rng.below(state, n)
        assert 0 <= value < n
        values.append(value)
    # the draws reach into the upper half of the range: more than one word went in
    assert max(values) > n // 2 and len(set(values)) == 50


def test_a_splitmix_range_of_exactly_one_word_draws_as_before():
    assert rng.below(5, 2**64) == rng.next_u64(5)


@pytest.mark.parametrize("name", engine.games())
def test_a_keyed_game_dumps_loads_and_differs_by_seed(name):
    game = engine.load(name)
    a = game.new(seed=2**127 + 5, generator=rng.KEYED)
    b = game.new(seed=2**127 + 6, generator=rng.KEYED)
    assert a == game.new(seed=2**127 + 5, generator=rng.KEYED)
    assert game.dumps(a) != game.dumps(b) and a != b
    assert game.loads(game.dumps(a)) == a
    dumped = json.loads(game.dumps(a))["state"]["rng"]
    assert dumped[0] == rng.KEYED  # a dump names its generator
    # the generator's state never reaches a view
    for seat in (None, *range(game.players)):
        assert dumped[1] not in json.dumps(game.view(a, seat))


@pytest.mark.parametrize("rng_field,problem", [
    (["blake2b-ctr", "ab" * 31, 0], "key"),
    (["blake2b-ctr", "AB" * 32, 0], "key"),
    (["chacha20", "ab" * 32, 0], "generator"),
    (["blake2b-ctr", "ab" * 32, -1], "counter"),
    (2**64, "outside"),
])
def test_a_damaged_generator_state_is_refused(rng_field, problem):
    game = engine.load("bastos", players=3)
    doc = json.loads(game.dumps(game.new(seed=1, generator=rng.KEYED)))
    doc["state"]["rng"] = rng_field
    with pytest.raises(engine.StateError, match=problem):
        game.loads(json.dumps(doc))


@pytest.mark.parametrize("seed,generator,problem", [
    (2**64, None, "2\\*\\*64"), (-1, rng.KEYED, "2\\*\\*256"), (2**256, rng.KEYED, "2\\*\\*256"),
    (1, "mt19937", "generator must be one of"), (True, rng.KEYED, "whole number")])
def test_bad_seeds_and_generators_are_refused(seed, generator, problem):
    with pytest.raises(engine.ConfigError, match=problem):
        engine.load("tindahan").new(seed=seed, generator=generator)


def test_a_keyed_scenario_with_a_wide_seed_replays():
    seed = 2**127 + 12345
    game = engine.load("tanuki-market", players=3)
    state, actions = game.new(seed=seed, generator=rng.KEYED), []
    for _ in range(15):
        action = game.legal_actions(state)[0]
        actions.append(str(action))
        state = game.apply(state, action)
    sc = load_scenario({"game": game.name, "players": 3, "seed": str(seed),
                        "generator": rng.KEYED, "actions": actions})
    assert sc.seed == seed
    assert replay(sc).state == state
    written = sc.to_json()
    assert written["seed"] == str(seed) and written["generator"] == rng.KEYED
    assert load_scenario(json.loads(json.dumps(written))) == sc


@pytest.mark.parametrize("seed", ["0x10", "01", "1.0", "", "-3", True, 1.0])
def test_a_scenario_seed_is_a_whole_number_or_its_digits(seed):
    with pytest.raises(engine.ConfigError):
        load_scenario({"game": "tindahan", "players": 3, "seed": seed, "actions": []})


def test_a_splitmix_scenario_keeps_its_range():
    with pytest.raises(engine.ConfigError, match="splitmix64"):
        load_scenario({"game": "tindahan", "seed": str(2**64), "actions": []})
    sc = load_scenario({"game": "tindahan", "seed": str(2**64), "generator": rng.KEYED})
    assert sc.seed == 2**64
