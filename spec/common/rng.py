"""A tiny deterministic PRNG whose whole state is one int, so it can live in a game state.

SplitMix64: the same seed gives the same sequence on every platform and Python version,
which the global ``random`` module does not promise across versions.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
# SplitMix64's constants: the step added to the state, and the two multipliers that mix it
# (rng.pxd types the word arithmetic for the compiled build)
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _advanced(seed: int) -> int:
    """The generator's next state: the step added, modulo 2**64."""
    return (seed + _GAMMA) & _MASK


def _mixed(seed: int) -> int:
    """The 64-bit value drawn from a state (SplitMix64's output function)."""
    z = ((seed ^ (seed >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def next_u64(seed: int) -> tuple[int, int]:
    """Return (random 64-bit value, next seed)."""
    seed = _advanced(seed & _MASK)  # the step drops what lies beyond 64 bits anyway
    return _mixed(seed), seed


def below(seed: int, n: int) -> tuple[int, int]:
    """A uniform int in range(n) and the next seed (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    if n > _MASK:  # a range wider than the generator's word
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value, seed = next_u64(seed)
            if value < limit:
                return value % n, seed
    return _below_word(seed & _MASK, n)  # the first step drops what lies beyond 64 bits


def _below_word(seed: int, n: int) -> tuple[int, int]:
    """:func:`below` for a seed and a range within 64 bits, in the generator's word
    arithmetic (values up to 2**64 - 1): a value is kept when it is below the largest
    multiple of ``n`` that 2**64 holds."""
    spare = (_MASK % n + 1) % n  # 2**64 % n
    while True:
        seed = _advanced(seed)
        value = _mixed(seed)
        if value <= _MASK - spare:
            return value % n, seed


def shuffled(items: Sequence[T], seed: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle; returns the shuffled tuple and the next seed."""
    out = list(items)
    if len(out) < 2:  # nothing drawn: the seed comes back as it was given
        return tuple(out), seed
    word = seed & _MASK  # the first step drops what lies beyond 64 bits
    for i in range(len(out) - 1, 0, -1):
        j, word = _below_word(word, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), word


def choose(items: Sequence[T], seed: int) -> tuple[T, int]:
    i, seed = below(seed, len(items))
    return items[i], seed


def mix(seed: int) -> int:
    """Spread a user seed (often small) over 64 bits."""
    return next_u64(seed & _MASK)[0]
