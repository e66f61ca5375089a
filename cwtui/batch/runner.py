"""Playing whole games between bots, with a log written as they go."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import msgspec

from cwtui.game.logfile import LogWriter
from engine import GameConfig, apply_in_place
from engine.bots import Bot, decide, seat_bots
from engine.cards import Cards, load_cards
from engine.game import MAX_PLIES
from engine.log import header_for, ply_record
from engine.setup import set_up
from engine.state import State


def play_out(state: State, bots: dict[int, Bot], writer: LogWriter | None = None) -> State:
    """Play bots' moves until the game ends (every seat must be a bot); the final state.
    `state` itself is not changed: the game is played on one copy of it, in place."""
    state = state.clone()
    for _ in range(MAX_PLIES):
        if state.over:
            if writer:
                writer.finish(state)
            return state
        decision = decide(bots[state.to_act], state)
        if writer:
            # the line says where the move was made: taken before the move changes it
            line = ply_record(state, decision.move, (), decision.searched, writer.chain.format)
        events = apply_in_place(state, decision.move)
        if writer:
            writer.record(msgspec.structs.replace(line, events=tuple(events)))
    raise RuntimeError(f"game did not end within {MAX_PLIES} plies")


def play_game(
    config: GameConfig,
    out_dir: Path | None,
    cards: Cards | None = None,
    created: str | None = None,
    log: Path | None = None,
) -> tuple[State, Path | None]:
    """A bot game, logged to `log` (default: out_dir/sim-<players>p-<seed>.jsonl, the
    file name being the game's id) unless out_dir is None."""
    cards = cards or load_cards()
    state, setup = set_up(config, cards)
    bots = seat_bots(config, cards, timed=False)
    if out_dir is None:
        return play_out(state, bots), None
    path = log or out_dir / f"sim-{len(config.seats)}p-{config.seed}.jsonl"
    game_id = path.stem
    created = created or datetime.now(UTC).isoformat(timespec="seconds")
    header = header_for(config, cards.hash, game_id, created, setup=setup)
    with LogWriter.create(path, header) as writer:
        return play_out(state, bots, writer), path
