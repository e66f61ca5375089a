"""Luck apart from play: how much of each seat's final lead the draws gave it.

Backgammon measures a roll's luck as the position's value after the roll less the mean
value over the 21 rolls that could have come. Here every move of a finished game is
measured so: the position before it is dealt again (engine.chance.redealt: what no seat
had seen, dealt afresh) SAMPLES times, the same move played in each, and the lead
evaluation (engine.bots.lead) read after it. A move's **luck**, for each seat, is its
lead after the move as it really came out less the mean over those deals; what is
left of the move's change, the mean less the lead before it, is the move's **play**:
what the choice did, whoever made it. Most moves draw nothing (each deal gives the
same lead: their luck is 0 exactly); a catch, a refill, a bait draw or a tackle token
do.

The leads run from the first position's (`start`, the seat order's worth, about 0) to
the final leads exactly (engine.bots.lead: once the game is over the evaluation is
the result), so for each seat

    final lead = start + luck + play

to the hundredth, and luck's 95% margin is that of the deals' means summed (the
evaluation's own error is not in it: luck measured with a better evaluation is more
often right, never differently added up). A seat's play splits into its own moves' and
the other seats'.

Luck is measured on the whole game, each seat's secrets included, so it is for a game
that is over (`game_luck` refuses one that is not): mid-game it would tell a seat what
another's hidden fish are worth.
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING, Final, NamedTuple

from engine.cards import Cards
from engine.chance import redealt
from engine.game import apply_in_place
from engine.log_types import GameLog
from engine.moves import Move
from engine.rng import Rng, stream_seed
from engine.setup import set_up
from engine.state import State
from engine.walk import walk

if TYPE_CHECKING:  # numpy's network: the caller loads it (a review's words are read at the app's start)
    from engine.bots.lead import LeadNet

SAMPLES: Final = 12  # deals a move is measured against
Z95: Final = 1.96
NOTHING: Final = 1e-9  # a luck this small is none: the float sums of equal leads


class Drawn(NamedTuple):
    """One move's luck, for every seat (by seat)."""

    ply: int
    seat: int  # who moved
    luck: tuple[float, ...]


class SeatLuck(NamedTuple):
    """A seat's final lead taken apart: start + luck + own + others = final."""

    seat: int
    final: float  # its final score less the mean of the others'
    start: float  # the lead evaluation at the first position
    luck: float  # the draws', all seats' draws
    margin: float  # luck's 95% margin
    own: float  # what its own moves did, besides their draws
    others: float  # what the other seats' moves did to its lead


class GameLuck(NamedTuple):
    model: str  # the lead evaluation's name (its file's hash)
    samples: int
    seats: tuple[SeatLuck, ...]  # every seat, the silent player's in solo included
    moves: tuple[Drawn, ...]  # the moves that drew something (some luck for some seat)


class NotOver(ValueError):
    """Luck is measured on games that are over."""


def game_luck(log: GameLog, cards: Cards, model: LeadNet, samples: int = SAMPLES) -> GameLuck:
    """Every move of a finished, verified game measured for luck (NotOver for a game
    that has not ended). Deterministic: the deals come from the game's seed."""
    if samples < 2:
        raise ValueError("luck needs two deals or more a move, for its margin")
    if log.footer is None:
        raise NotOver("the game is not over: luck is measured once every secret is out")
    config = log.header.config
    state, _ = set_up(config, cards, log.header.format)
    seats = len(state.players)
    start = model.leads(state)
    before = start
    moves: list[Drawn] = []
    luck = [0.0] * seats
    variance = [0.0] * seats
    own = [0.0] * seats
    others = [0.0] * seats
    for step in walk(state, log.plies):
        ply, mover = step.record.ply, step.record.seat
        *dealt, after = model.many(
            [*deals(step.before, step.record.move, samples, stream_seed(config.seed, f"luck-{ply}")), step.after]
        )
        mean = [sum(d[i] for d in dealt) / samples for i in range(seats)]
        drawn = tuple(after[i] - mean[i] for i in range(seats))
        play = tuple(mean[i] - before[i] for i in range(seats))
        spread = tuple(statistics.variance([d[i] for d in dealt], mean[i]) / samples for i in range(seats))
        for i in range(seats):
            luck[i] += drawn[i]
            variance[i] += spread[i]
            if i == mover:
                own[i] += play[i]
            else:
                others[i] += play[i]
        if any(abs(x) > NOTHING for x in drawn):
            moves.append(Drawn(ply, mover, drawn))
        before = after
    return GameLuck(
        model.name,
        samples,
        tuple(
            SeatLuck(i, before[i], start[i], luck[i], Z95 * math.sqrt(variance[i]), own[i], others[i])
            for i in range(seats)
        ),
        tuple(moves),
    )


def deals(s: State, move: Move, samples: int, seed: int) -> list[State]:
    """`move` played in `samples` deals of `s` (engine.chance.redealt)."""
    rng = Rng(seed)
    out = []
    for _ in range(samples):
        t = redealt(s, rng)
        apply_in_place(t, move)
        out.append(t)
    return out
