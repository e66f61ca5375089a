from __future__ import annotations

from engine.moves import Move
from engine.rng import decision_rng
from engine.view import View


class RandomBot:
    """Picks uniformly among the legal moves, from a stream of its own for each decision."""

    kind = "random"
    searched: int | None = None  # never searches

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: View, moves: list[Move]) -> Move:
        return moves[decision_rng(self.seed, view.ply).below(len(moves))]
