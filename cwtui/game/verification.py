"""`cwtui verify`'s judgement of one log file: is it a genuine game as far as the log
can show, and how far does it go?

Everything a log states is checked or derived (engine.log's reader: every line, its
digest and the footer's own sums; engine.replay: each move's seat, turn, step and
decision, every event and the final scores; engine.bots.audit: each bot seat's moves are
its bot's). What no replay can check is who sat at a human seat: the digests catch a
name or stamp changed by hand, not one forged by someone who recomputes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cwtui.game.logfile import read_log
from cwtui.game.words import quantity
from engine.bots.audit import FIRST_AUDITED_FORMAT, audit
from engine.cards import Cards, load_cards
from engine.errors import EngineError
from engine.log import GameLog
from engine.replay import Replay

SEARCH_KINDS = frozenset({"medium", "hard"})  # bots whose check takes as long as their play


@dataclass(frozen=True)
class Verdict:
    ok: bool
    text: str  # "OK (184 moves)", "FAILED at move 12: …" (moves counted from 1, as the replay does)


def verify_log(
    path: Path, cards: Cards, bots: bool = True, progress: Callable[[int, int], None] | None = None
) -> Verdict:
    """Read, replay and (with `bots`) audit one log; never raises for a bad file.
    `progress(done, total)` follows the audit of a log with search bots, which takes
    about as long as they took to play."""
    try:
        log = read_log(path)
    except EngineError as exc:
        return Verdict(False, f"FAILED {exc}")
    return verify_game(log, cards, bots, progress)


def verify_game(
    log: GameLog, cards: Cards, bots: bool = True, progress: Callable[[int, int], None] | None = None
) -> Verdict:
    """`verify_log` of a log already read."""
    try:
        replay = Replay(log, cards)
    except EngineError as exc:
        return Verdict(False, f"FAILED {exc}")
    if replay.divergence:
        return Verdict(False, f"FAILED at move {replay.divergence.move}: {replay.divergence.reason}")
    if bots:
        searching = any(seat.kind in SEARCH_KINDS for seat in replay.log.header.config.seats)
        wrong = audit(replay, progress if searching else None)
        if wrong:
            return Verdict(False, f"FAILED at move {wrong.move}: {wrong.reason}")
    return Verdict(True, _ok_text(replay, bots))


def verify_in_worker(job: tuple[Path, Path | None, bool]) -> Verdict:
    """`verify_log` for a worker process: (log, card file or None for the built-in, bots)."""
    path, cards_file, bots = job
    return verify_log(path, load_cards(cards_file), bots)


def _ok_text(replay: Replay, bots: bool) -> str:
    log = replay.log
    notes = []
    if log.format < FIRST_AUDITED_FORMAT:
        notes.append(f"format {log.format}: written before digests, so its header and bot moves are not checked")
    elif not bots:
        notes.append("bot moves not checked")
    if replay.ended_without_footer:
        ended = "the game ended, but its footer was never written: resume it to finish"
        text = f"OK up to move {replay.good_plies} ({ended})"
    elif log.footer is None:
        cut = "the last line was cut off" if log.truncated else "no footer"
        text = f"OK up to move {replay.good_plies} (unfinished: {cut})"
    else:
        text = f"OK ({quantity(replay.good_plies, 'move')})"
    return text + "".join(f"; {note}" for note in notes)
