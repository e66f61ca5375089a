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
        return self.pick(view.ply, moves)

    def pick(self, ply: int, moves: list[Move]) -> Move:
        """The move at position `ply`: all this bot reads of the position is its number,
        so `decide` builds no View for it (half of a random simulation's time)."""
        return moves[decision_rng(self.seed, ply).below(len(moves))]
