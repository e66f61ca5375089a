"""The engine's random numbers: SplitMix64, written out so every machine and every
Python gives the same sequence (nothing from `random`, `hash()` or set order).

A game seed is split into named streams (setup, decks, bag, tackle) so that, say,
drawing one more bait never shifts which fish a deck will deal. A stream's whole state
is one int, so copying a game state copies its chance.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final, TypeVar

PRNG_NAME: Final = "splitmix64/1"
STREAMS: Final = ("setup", "decks", "bag", "tackle")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


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
    """One SplitMix64 stream. `state` is public so a game state can store and copy it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        # SplitMix64's step and mix, written out: this is the engine's hottest call.
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias (Lemire's method)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        m = self.next64() * n
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


def decision_rng(bot_seed: int, ply: int) -> Rng:
    """A bot's stream for its decision at move `ply`: fresh for every decision, so a
    bot's move depends on the game, its seat and the position alone, not on what it
    was asked before. A resumed or forked game plays on as the original would, and a
    log's bot moves can be checked by asking the bot again (engine.bots.audit)."""
    return Rng(stream_seed(bot_seed, f"decision-{ply}"))
