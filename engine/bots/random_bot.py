from __future__ import annotations

from engine.moves import Move
from engine.rng import Rng, stream_seed
from engine.view import View


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded stream."""

    kind = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(stream_seed(seed, "bot"))

    def choose(self, view: View, moves: list[Move]) -> Move:
        return moves[self.rng.below(len(moves))]
