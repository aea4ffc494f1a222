"""A tiny deterministic PRNG whose whole state is one int, so it can live in a game state.

SplitMix64: the same seed gives the same sequence on every platform and Python version,
which the global ``random`` module does not promise across versions.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
# SplitMix64's constants: the step added to the state, and the two multipliers that mix it
# (rng.pxd types the mixing for the compiled build)
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def next_u64(seed: int) -> tuple[int, int]:
    """Return (random 64-bit value, next seed)."""
    seed = (seed + _GAMMA) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31), seed


def below(seed: int, n: int) -> tuple[int, int]:
    """A uniform int in range(n) and the next seed (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, seed = next_u64(seed)
        if value < limit:
            return value % n, seed


def shuffled(items: Sequence[T], seed: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle; returns the shuffled tuple and the next seed."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, seed = below(seed, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), seed


def choose(items: Sequence[T], seed: int) -> tuple[T, int]:
    i, seed = below(seed, len(items))
    return items[i], seed


def mix(seed: int) -> int:
    """Spread a user seed (often small) over 64 bits."""
    return next_u64(seed & _MASK)[0]
