"""Bots choose a move from their seat's View and the legal moves — nothing else.

A bot's move depends only on the game seed, its seat, the position and (for a search
cut short by its clock) the iterations it ran: each decision draws on a stream of its
own (engine.rng.decision_rng). So a resumed or forked game plays on as the original
would have, and engine.bots.audit can check a log's bot moves by asking again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from engine.bots.greedy import GreedyBot
from engine.bots.ismcts import IsmctsBot, Option
from engine.bots.random_bot import RandomBot
from engine.cards import Cards
from engine.config import BOT_KINDS, GameConfig
from engine.legal import legal_moves
from engine.moves import Move
from engine.rng import stream_seed
from engine.state import State
from engine.view import View, view


class Bot(Protocol):
    kind: str
    # The iterations of the last decision when a time cap stopped the search short of
    # its budget (the log records it); None for a full search and for other bots.
    searched: int | None

    def choose(self, view: View, moves: list[Move]) -> Move: ...


# Search budgets: iterations per move, and a time cap so that a slow machine still
# answers within about two seconds (hard: ~0.2 s a move compiled, at ~13,000 iterations
# a second; ~0.4 s from the sources; scripts/bench_ismcts.py).
SEARCH_BUDGET: Final[dict[str, tuple[int, float]]] = {"medium": (300, 1.0), "hard": (2500, 2.0)}


def search_bot(kind: str, seed: int, cards: Cards, timed: bool = True) -> IsmctsBot:
    """A search bot at a level of SEARCH_BUDGET (the hint asks one for its analysis)."""
    iterations, seconds = SEARCH_BUDGET[kind]
    return IsmctsBot(seed, cards, iterations, seconds if timed else None, kind)


def make_bot(kind: str, seed: int, cards: Cards, timed: bool = True) -> Bot:
    """A bot of a kind, with its own random stream from `seed` (never the game's).
    `timed=False` drops the search bots' time cap, so that their moves depend on the
    seed alone (tournaments and tests). `cards`: the game's card data, which bots that
    weigh fish or deal worlds read (never the built-in data in its place)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed, cards)
    if kind in SEARCH_BUDGET:
        return search_bot(kind, seed, cards, timed)
    raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")


@dataclass(frozen=True)
class Decision:
    """A bot's move, and the iterations its search ran when its clock cut it short
    (the log records them, so the move can be checked by searching as long again)."""

    move: Move
    searched: int | None = None


def decide(bot: Bot, state: State, searched: int | None = None) -> Decision:
    """The bot's move in `state`, from its seat's view. With one legal move the bot is
    not asked. `searched` asks again for a decision its clock cut short: the search
    runs exactly that many iterations (search bots only)."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return Decision(moves[0])
    if isinstance(bot, RandomBot):
        return Decision(bot.pick(state.ply, moves))
    seen = view(state, state.to_act)
    if searched is None:
        return Decision(bot.choose(seen, moves), bot.searched)
    if not isinstance(bot, IsmctsBot):
        raise ValueError(f"a {bot.kind} bot does not search")
    return Decision(bot.choose(seen, moves, searched), bot.searched)


def seat_bots(config: GameConfig, cards: Cards, timed: bool = True) -> dict[int, Bot]:
    """A bot for every bot seat, each seeded from the game seed and its seat.
    Untimed search bots play by their iteration budget alone, so a self-play game is
    the same on any machine (and a cut-short one can be replayed from its seed)."""
    return {
        seat: make_bot(sc.kind, stream_seed(config.seed, f"bot-{seat}"), cards, timed)
        for seat, sc in enumerate(config.seats)
        if sc.kind != "human"
    }


__all__ = [
    "BOT_KINDS",
    "SEARCH_BUDGET",
    "Bot",
    "Decision",
    "GreedyBot",
    "IsmctsBot",
    "Option",
    "RandomBot",
    "decide",
    "make_bot",
    "seat_bots",
]
