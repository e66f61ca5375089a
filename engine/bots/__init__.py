"""Bots choose a move from their seat's View and the legal moves — nothing else."""

from __future__ import annotations

from typing import Protocol

from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.moves import Move
from engine.view import View


class Bot(Protocol):
    kind: str

    def choose(self, view: View, moves: list[Move]) -> Move: ...


BOT_KINDS = ("random", "greedy")


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of a kind, with its own random stream from `seed` (never the game's)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
