"""Checking a log's bot seats: every move a bot seat made must be the move that bot
makes there, so that a game credited to a bot was played by it.

A bot decides from its view, the legal moves and a stream of its own for each decision
(engine.rng.decision_rng); a search cut short by its clock is logged with the
iterations it ran. Asking the bot again therefore gives its move exactly, on any
machine, with a search level as the engine named in the log defined it. Human seats
may play anything and are not checked, nor are the moves a fork copied from its parent
game (the parent's seats made them). Logs of format 1 were played by bots that drew on
one stream across the game, so they cannot be checked.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.bots import Bot, IsmctsBot, decide, seat_bots
from engine.legal import legal_moves
from engine.log import Ply
from engine.replay import Divergence, Replay
from engine.state import State
from engine.walk import walk

FIRST_AUDITED_FORMAT = 2


def audit(replay: Replay, progress: Callable[[int, int], None] | None = None) -> Divergence | None:
    """The first move (of those that replayed cleanly) that a bot seat's bot would not
    have made, or None. `progress(done, total)` is called as the plies are checked."""
    log = replay.log
    if log.format < FIRST_AUDITED_FORMAT:
        return None
    config = log.header.config
    bots = seat_bots(config, replay.cards, timed=False, engine=log.header.engine)
    start = log.header.parent.ply if log.header.parent else 0
    end = replay.good_plies
    for state, record, _after, _events in walk(replay.state_at(min(start, end)), log.plies[start:end]):
        problem = _check(bots.get(record.seat), state, record)
        if problem:
            return Divergence(record.ply, problem)
        if progress:
            progress(record.ply + 1 - start, end - start)
    return None


def _check(bot: Bot | None, state: State, record: Ply) -> str | None:
    """What is wrong with the move of a bot seat (None: a seat that is not a bot)."""
    if record.searched is not None:
        if bot is None:
            return f"seat {record.seat} is not a bot, yet the log says its move was searched"
        if len(legal_moves(state)) == 1:  # decide() asks no bot then
            return "the log says a bot searched a move that was the only one it had"
        if not isinstance(bot, IsmctsBot):
            return f"seat {record.seat} is a {bot.kind} bot, which does not search, yet the log says it searched"
    if bot is None:
        return None
    chosen = decide(bot, state, record.searched).move
    if chosen != record.move:
        return f"seat {record.seat} is a {bot.kind} bot, which plays {chosen!r} here, not {record.move!r}"
    return None
