"""The engine's random numbers: SplitMix64, written out so every machine and every
Python gives the same sequence (nothing from `random`, `hash()` or set order).

A game seed is split into named streams (setup, decks, bag, tackle) so that, say,
drawing one more bait never shifts which fish a deck will deal. A stream's whole state
is one int, so copying a game state copies its chance.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final, TypeVar

from mypy_extensions import i64

PRNG_NAME: Final = "splitmix64/1"
STREAMS: Final = ("setup", "decks", "bag", "tackle")

_MASK: Final = (1 << 64) - 1

# SplitMix64's constants as signed 64-bit numbers (two's complement), for NATIVE.
_GAMMA_I64: Final[i64] = -7046029254386353131  # 0x9E3779B97F4A7C15
_MIX1_I64: Final[i64] = -4658895280553007687  # 0xBF58476D1CE4E5B9
_MIX2_I64: Final[i64] = -7723592293110705685  # 0x94D049BB133111EB

T = TypeVar("T")


def _wrapping() -> bool:
    """Whether i64 arithmetic wraps around here, as in C: it does when mypyc compiled this
    module (engine/native.py), not when it runs from its source (Python's ints)."""
    x: i64 = 1 << 62
    return x + x < 0


# SplitMix64 works modulo 2**64. From its source it masks Python's unbounded ints; a
# compiled module instead keeps the state as a signed 64-bit number whose arithmetic
# wraps by itself: with Python's ints, every step made numbers past 62 bits, which mypyc
# cannot keep unboxed, and drawing random numbers was most of a search's time. Both
# give the same numbers (tests/test_native.py, tests/test_rng.py).
NATIVE: Final = _wrapping()


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _fnv1a64(text: str) -> int:
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


def stream_seed(seed: int, name: str) -> int:
    """The starting state of stream `name` for a game seed."""
    return _mix((seed & _MASK) ^ _fnv1a64(name))


class Rng:
    """One SplitMix64 stream. `state` (0 ≤ state < 2**64) is what a game state stores and
    copies; `_s` holds it as NATIVE needs it (signed when compiled)."""

    __slots__ = ("_s",)

    def __init__(self, state: int) -> None:
        state &= _MASK
        self._s: i64 = state - (1 << 64) if NATIVE and state >= (1 << 63) else state

    @property
    def state(self) -> int:
        s = self._s
        return int(s) + (1 << 64) if s < 0 else int(s)

    def _step(self) -> i64:
        """The next number as a signed 64-bit one (NATIVE only: the arithmetic wraps)."""
        z: i64 = self._s + _GAMMA_I64
        self._s = z
        z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MIX1_I64  # the masks make the shifts logical
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_I64
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next64(self) -> int:
        if NATIVE:
            z = self._step()
            return int(z) + (1 << 64) if z < 0 else int(z)
        # SplitMix64's step and mix, written out: this is the engine's hottest call.
        z = self._s = (self._s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias (Lemire's method)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if NATIVE and n < (1 << 31):
            return self._below_native(n)
        m = self.next64() * n
        return self._lemire(m, n)

    def _below_native(self, n: int) -> int:
        """Lemire's method in 64-bit halves: z·n's high and low 64 bits without a number
        past 63 bits (n < 2**31)."""
        wide: i64 = n
        z = self._step()
        high_part: i64 = ((z >> 32) & 0xFFFFFFFF) * wide
        low_part: i64 = (z & 0xFFFFFFFF) * wide
        low: i64 = high_part * 4294967296 + low_part  # z·n mod 2**64, wrapping as signed
        if 0 <= low < wide:  # as unsigned, below n: the rare case that may be rejected
            return self._lemire((int(z) + (1 << 64) if z < 0 else int(z)) * n, n)
        return int((high_part + (low_part >> 32)) >> 32)

    def _lemire(self, m: int, n: int) -> int:
        low = m & _MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next64() * n
                low = m & _MASK
        return m >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def numbered(seed: int, number: int) -> Rng:
    """Stream `number` (≥ 0) of `seed`: stream_seed for a name that is a number, without
    a name to build and hash (a review's rollouts ask one at every decision they play)."""
    return Rng(_mix((seed ^ (number * 0x9E3779B97F4A7C15)) & _MASK))


def decision_rng(bot_seed: int, ply: int) -> Rng:
    """A bot's stream for its decision at move `ply`: fresh for every decision, so a
    bot's move depends on the game, its seat and the position alone, not on what it
    was asked before. A resumed or forked game plays on as the original would, and a
    log's bot moves can be checked by asking the bot again (engine.bots.audit)."""
    return Rng(stream_seed(bot_seed, f"decision-{ply}"))
