"""The engine's two generators; a game state carries the whole state of its own.

A state's ``rng`` field is either

* an ``int``: **SplitMix64**, whose whole state is one 64-bit word. The same seed gives the
  same sequence on every platform and Python version (which the global ``random`` module
  does not promise). It is fast and fine for research runs, but not a secret: its state
  steps by a constant and its output function can be inverted, so a seat that sees a few
  of its outputs (its own cards) can recover the rest of the deal; or
* a :class:`Keyed` value: **BLAKE2b in counter mode** (:data:`KEYED`). Block *b* of
  eight words is the keyed hash of *b*; BLAKE2b keyed this way is a pseudo-random function, so whatever a
  seat sees (any number of words, or what a deal reveals of them) tells it nothing about
  the others faster than trying every key. Tables dealt for people use it.

Every draw goes through :func:`below`, :func:`shuffled`, :func:`choose` and :func:`mix`,
which take either kind and return the next state of the same kind, so the rules never
know which generator they run on.
"""
from __future__ import annotations

import hashlib
import struct
from typing import Callable, Final, Literal, NamedTuple, Sequence, TypeVar, final

T = TypeVar("T")
_MASK = (1 << 64) - 1
_WORD_SPAN = 1 << 64
# SplitMix64's constants: the step added to the state, and the two multipliers that mix it
# (rng.pxd types the word arithmetic for the compiled build)
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB

#: the name of today's default generator, which an int seed selects
SPLITMIX64: Final = "splitmix64"
#: the name of the keyed generator, written into every state that uses it
KEYED: Final = "blake2b-ctr"
#: the generators by name
GENERATORS = (SPLITMIX64, KEYED)
#: a generator's name, as a scenario or a table names it
GeneratorName = Literal["splitmix64", "blake2b-ctr"]
#: a keyed generator's key is 32 bytes (a seed from 0 to 2**256 - 1)
KEY_BYTES = 32
# BLAKE2b's personalisation: hashes made for another purpose never equal these words
_PERSON = b"fruitspec-deal"


@final  # so that `type(seed) is Keyed` tells a checker the other branch holds an int
class Keyed(NamedTuple):
    """The keyed generator's state: its name, its key (hex) and how many words it drew."""

    generator: str
    key: str
    counter: int


Stream = int | Keyed
"""A generator state of either kind, as a game state's ``rng`` field holds it."""

#: the keyed generator's words come eight at a time, from one 64-byte BLAKE2b digest
WORDS_PER_BLOCK = 8


def keyed(seed: int) -> Keyed:
    """The keyed generator's start for ``seed`` (0 to 2**256 - 1), the key's bytes."""
    return Keyed(KEYED, seed.to_bytes(KEY_BYTES, "big").hex(), 0)


def keyed_block(key: bytes, block: int) -> tuple[int, ...]:
    """Words ``8 * block`` to ``8 * block + 7`` of the keyed generator with ``key``: the
    64-byte keyed BLAKE2b of the block's number, read as eight little-endian words."""
    digest = hashlib.blake2b(block.to_bytes(16, "little"), key=key, person=_PERSON).digest()
    return struct.unpack("<8Q", digest)


def keyed_word(key: str, index: int) -> int:
    """The ``index``-th 64-bit word of the keyed generator with ``key`` (hex)."""
    block, place = divmod(index, WORDS_PER_BLOCK)
    return keyed_block(bytes.fromhex(key), block)[place]


class _Cursor:
    """Reads one keyed generator's words in order from its counter, a block at a time.

    Made and dropped within one draw (:func:`below`, :func:`shuffled`), so that a shuffle
    hashes once per eight words rather than once per word; the state it ends at is a new
    :class:`Keyed` value, and the one it started from is left as it was.
    """

    words: tuple[int, ...]

    def __init__(self, start: Keyed) -> None:
        self.start, self.index = start, start.counter
        self.key = bytes.fromhex(start.key)
        self.block, self.words = -1, ()

    def word(self) -> int:
        block, place = divmod(self.index, WORDS_PER_BLOCK)
        if block != self.block:
            self.block, self.words = block, keyed_block(self.key, block)
        self.index += 1
        return self.words[place]

    def below(self, n: int) -> int:
        if n > _MASK:
            return _below_from(self.word, n)
        limit = _WORD_SPAN - _WORD_SPAN % n  # what _below_from keeps, for one word
        while True:
            value = self.word()
            if value < limit:
                return value % n

    def end(self) -> Keyed:
        return self.start._replace(counter=self.index)


def _below_from(draw: Callable[[], int], n: int) -> int:
    """A uniform int in range(n) from 64-bit words: as many words as ``n`` needs, joined,
    and a value kept when it is below the largest multiple of ``n`` they can hold."""
    words = -(-(n - 1).bit_length() // 64) or 1
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | draw()
        if value < limit:
            return value % n


def _advanced(seed: int) -> int:
    """The generator's next state: the step added, modulo 2**64."""
    return (seed + _GAMMA) & _MASK


def _mixed(seed: int) -> int:
    """The 64-bit value drawn from a state (SplitMix64's output function)."""
    z = ((seed ^ (seed >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def next_u64(seed: Stream) -> tuple[int, Stream]:
    """Return (random 64-bit value, next state)."""
    if type(seed) is Keyed:
        cursor = _Cursor(seed)
        return cursor.word(), cursor.end()
    seed = _advanced(seed & _MASK)  # the step drops what lies beyond 64 bits anyway
    return _mixed(seed), seed


def below(seed: Stream, n: int) -> tuple[int, Stream]:
    """A uniform int in range(n) and the next state (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    if type(seed) is Keyed:
        cursor = _Cursor(seed)
        return cursor.below(n), cursor.end()
    if n > _MASK:
        return _below_wide(seed, n)
    return _below_word(seed & _MASK, n)  # the first step drops what lies beyond 64 bits


def _below_wide(seed: int, n: int) -> tuple[int, Stream]:
    """:func:`below` for a SplitMix64 seed and a range wider than its word."""
    state: Stream = seed

    def draw() -> int:
        nonlocal state
        word, state = next_u64(state)
        return word

    return _below_from(draw, n), state


def _below_word(seed: int, n: int) -> tuple[int, int]:
    """:func:`below` for a SplitMix64 seed and a range within 64 bits, in the generator's
    word arithmetic (values up to 2**64 - 1): a value is kept when it is below the largest
    multiple of ``n`` that 2**64 holds."""
    spare = (_MASK % n + 1) % n  # 2**64 % n
    while True:
        seed = _advanced(seed)
        value = _mixed(seed)
        if value <= _MASK - spare:
            return value % n, seed


def shuffled(items: Sequence[T], seed: Stream) -> tuple[tuple[T, ...], Stream]:
    """Fisher-Yates shuffle; returns the shuffled tuple and the next state."""
    out = list(items)
    if len(out) < 2:  # nothing drawn: the seed comes back as it was given
        return tuple(out), seed
    if type(seed) is Keyed:
        return _keyed_shuffled(out, seed)
    word = seed & _MASK  # the first step drops what lies beyond 64 bits
    for i in range(len(out) - 1, 0, -1):
        j, word = _below_word(word, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), word


def _keyed_shuffled(out: list[T], seed: Keyed) -> tuple[tuple[T, ...], Keyed]:
    """:func:`shuffled` on the keyed generator: each index drawn as :func:`below` would."""
    cursor = _Cursor(seed)
    for i in range(len(out) - 1, 0, -1):
        j = cursor.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), cursor.end()


def choose(items: Sequence[T], seed: Stream) -> tuple[T, Stream]:
    i, seed = below(seed, len(items))
    return items[i], seed


def mix(seed: Stream) -> Stream:
    """Spread a user seed (often small) over 64 bits; a keyed start is already spread."""
    if type(seed) is Keyed:
        return seed
    return next_u64(seed & _MASK)[0]
