"""The compiled generator (C types from ``spec/common/rng.pxd``) draws what ``rng.py`` draws.

The compiled build mixes SplitMix64's 64-bit word in C unsigned arithmetic; this test
loads ``rng.py`` itself as a second module and compares the two on many seeds, the edges
of the 64-bit range and seeds outside it included.
"""
from __future__ import annotations

import importlib.util
import random

import pytest

import fast

from spec.common import rng

SOURCE = fast.source_file("spec.common.rng")  # the definition, wherever the module runs from


def _source_module():
    spec = importlib.util.spec_from_file_location("fruitspec_rng_source", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def source():
    if not rng.__file__.endswith((".so", ".pyd")):
        pytest.skip("the generator runs from rng.py here: there is no build to compare")
    return _source_module()


def _seeds() -> list[int]:
    r = random.Random(21)
    return [0, 1, 2**63 - 1, 2**63, 2**64 - 1, *(r.getrandbits(64) for _ in range(3000))]


def test_next_u64_and_mix_match_the_source(source):
    for seed in _seeds():
        assert rng.next_u64(seed) == source.next_u64(seed)
        assert rng.mix(seed) == source.mix(seed)


@pytest.mark.parametrize("seed", [-1, -(2**70), 2**64, 2**70 + 5])
def test_seeds_outside_64_bits_behave_alike(seed):
    source = _source_module()
    assert rng.next_u64(seed) == source.next_u64(seed)


def test_shuffles_and_draws_match_the_source(source):
    for seed in _seeds()[:400]:
        assert rng.shuffled(range(105), seed) == source.shuffled(range(105), seed)
        assert rng.below(seed, 7) == source.below(seed, 7)
        assert rng.choose("abcde", seed) == source.choose("abcde", seed)


@pytest.mark.parametrize("n", [1, 2, 3, 2**32 + 1, 2**63, 2**63 + 1, 2**64 - 1, 2**64])
def test_draws_at_the_edges_of_the_word_match_the_source(source, n):
    """A range at the word's edge: the C draw keeps the values Python's ints keep."""
    for seed in [*_seeds()[:200], -1, 2**64, -(2**70)]:
        assert rng.below(seed, n) == source.below(seed, n)


@pytest.mark.parametrize("size", [0, 1, 2])
@pytest.mark.parametrize("seed", [5, -1, 2**64 + 3])
def test_short_shuffles_match_the_source(source, size, seed):
    """Nothing to draw for 0 or 1 items: the seed comes back as given, even beyond
    64 bits; with 2 items, one draw from the word."""
    assert rng.shuffled(range(size), seed) == source.shuffled(range(size), seed)
