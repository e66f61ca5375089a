"""Game review: each decision of a seat judged by a search from that seat's View.

A decision's review reads only what the seat knew when it chose: its View, its legal
moves and the move it chose (nothing here is handed a State). The search is a search
bot of a level (`engine.bots.level`), untimed, on a random stream drawn from the View's
own bytes, so a review is the same on any machine and in any process, and two games
that differ only in what the seat could not see are reviewed alike.

The search's best move is its most searched one; the seat's win chance with it is the
decision's "before". "After" is the chance with the move chosen: the same as before when
the seat chose the best move, else searched again with that move alone at the root (the
first search gives a move it dislikes too few visits to judge it). The loss is the drop
from before to after, in percentage points, put on the two-player scale: a seat's fair
share of a game of n contenders is 1/n, so a drop counts n/2 times (a 10-point drop in a
four-player game weighs as a 20-point drop between two). Grades and accuracy read that
scaled loss (docs/bot-strength.md, "Game review", says how the thresholds were chosen).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Iterator, Sequence
from typing import Final, NamedTuple, cast

import msgspec

from engine.bots import search_bot
from engine.cards import Cards
from engine.config import GameConfig
from engine.game import apply
from engine.legal import legal_moves
from engine.log_types import GameLog
from engine.moves import AnyMove, Move
from engine.rng import stream_seed
from engine.setup import set_up
from engine.view import View, view

LEVELS: Final = ("medium", "hard")  # the search levels a review may use (engine.bots.SEARCH_BUDGET)

# A decision's grade by its scaled loss, in percentage points: the first grade whose
# bound the loss is under. Above the last bound: a blunder.
GRADE_BOUNDS: Final[tuple[tuple[str, float], ...]] = (
    ("best", 2.0),
    ("good", 5.0),
    ("inaccuracy", 10.0),
    ("mistake", 20.0),
)
BLUNDER: Final = "blunder"
GRADES: Final = (*(name for name, _ in GRADE_BOUNDS), BLUNDER)
MISTAKES: Final = ("inaccuracy", "mistake", BLUNDER)  # the grades the replay marks and jumps between


class Position(NamedTuple):
    """A decision as the seat met it."""

    ply: int
    seat: int
    phase: str
    view: View
    moves: list[Move]  # its legal moves, in the engine's order
    chosen: Move


class Judged(msgspec.Struct, frozen=True):
    """One reviewed decision."""

    ply: int
    seat: int
    phase: str
    options: int  # how many legal moves the seat had
    chosen: AnyMove
    best: AnyMove  # the search's most searched move
    before: float  # the seat's win chance with the best move, 0–1
    after: float  # its win chance with the move chosen, 0–1
    loss: float  # (before - after) × 100 × contenders / 2, at least 0
    grade: str


def default_seats(config: GameConfig) -> list[int]:
    """The seats a review judges when not told: the humans, or every seat of a game
    played by bots alone (never the silent player, which has no choices)."""
    humans = [i for i, seat in enumerate(config.seats) if seat.kind == "human"]
    return humans or list(range(len(config.seats)))


def positions(
    log: GameLog, cards: Cards, seats: Collection[int], plies: int | None = None, only: Collection[int] | None = None
) -> Iterator[Position]:
    """The real decisions (more than one legal move) of `seats` in a verified log's
    first `plies` moves (all by default), or only those at the plies in `only`. A forked
    game's moves before the fork are its parent's, reviewed with the parent: they are
    left out."""
    state, _ = set_up(log.header.config, cards)
    first = log.header.parent.ply if log.header.parent else 0
    for record in log.plies[:plies]:
        if record.ply >= first and record.seat in seats and (only is None or record.ply in only):
            moves = legal_moves(state)
            if len(moves) > 1:
                yield Position(record.ply, record.seat, record.phase, view(state, record.seat), moves, record.move)
        state, _ = apply(state, record.move)


def position_seed(seen: View) -> int:
    """The search's stream for a position: from the View's bytes alone."""
    digest = hashlib.blake2b(msgspec.json.encode(seen), digest_size=8).digest()
    return stream_seed(int.from_bytes(digest, "big"), "review")


def judge(position: Position, level: str, cards: Cards) -> Judged:
    """Review one decision with a search of `level`."""
    seen, moves, chosen = position.view, position.moves, position.chosen
    seed = position_seed(seen)
    options = search_bot(level, seed, cards, timed=False).analyse(seen, moves)
    best = options[0]
    after = best.win_rate
    if chosen != best.move:
        alone = search_bot(level, stream_seed(seed, "chosen"), cards, timed=False).analyse(seen, [chosen])
        after = alone[0].win_rate
    loss = scaled_loss(best.win_rate, after, len(seen.seats))
    return Judged(
        position.ply, position.seat, position.phase, len(moves), cast("AnyMove", chosen), cast("AnyMove", best.move),
        best.win_rate, after, loss, grade(loss),
    )  # fmt: skip


def scaled_loss(before: float, after: float, contenders: int) -> float:
    """The drop in win chance, in percentage points on the two-player scale; a chosen
    move the second search liked better than the best is no loss."""
    return max(0.0, (before - after) * 100.0 * max(contenders, 2) / 2)


def grade(loss: float) -> str:
    for name, bound in GRADE_BOUNDS:
        if loss < bound:
            return name
    return BLUNDER


def move_accuracy(loss: float) -> float:
    """A decision's accuracy, 0–100, from its scaled loss: lichess's curve from a drop
    in win percentage (100 for no loss, about 65 for a 10-point drop, 25 for 30)."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


def accuracy(judged: Sequence[Judged]) -> float | None:
    """A seat's accuracy over its reviewed decisions: their mean (None: none reviewed)."""
    if not judged:
        return None
    return sum(move_accuracy(j.loss) for j in judged) / len(judged)
