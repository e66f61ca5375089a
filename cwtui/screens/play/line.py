"""The review's better line on a fork: the move the review preferred at a decision and
the seat's next moves after it as the review foresaw them (engine.bots.judge.line),
offered one at a time at the new game's table, for the player to step through (Enter)
or leave at any move (another choice).

Only the seat's own moves, and only as long as the game follows the line: the line
stops where a draw, a hidden weight or another seat decides what comes next, and a
move off it (or one taken back) ends it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.moves import Move


@dataclass(frozen=True)
class BetterLine:
    """`moves` for `seat`, the first of them due at ply `start` (the fork's first move)."""

    seat: int
    start: int
    moves: tuple[Move, ...]

    def due(self, played: Sequence[Move], seat: int, legal: Sequence[Move]) -> int | None:
        """Which of the line's moves is due now (its index), given the moves `played`
        since the game began and the seat to act with its `legal` moves: None when the
        game has left the line, or the line has ended."""
        since = list(played[self.start :])
        k = len(since)
        if seat != self.seat or k >= len(self.moves) or since != list(self.moves[:k]):
            return None
        return k if self.moves[k] in legal else None

    def ended(self, played: Sequence[Move]) -> bool:
        """Whether the game has just played the whole line (and nothing after it)."""
        return list(played[self.start :]) == list(self.moves)
