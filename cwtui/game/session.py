"""One game being played in the app: its state, its log file, its bots.

Kept free of Textual so it can be tested alone. Every move goes through `play`, which
applies it and appends it to the log (or, while it can still be undone, to the undo
journal beside it) before anything is shown, so quitting or a crash loses nothing
already played; `resume` picks an unfinished log up where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from cwtui.game import words
from cwtui.game.hint import Hint, hint_at
from cwtui.game.logfile import LogWriter, NotSaved, UndoJournal, read_log
from engine import GameConfig, SeatConfig, apply, legal_moves
from engine.bots import Bot, Decision, IsmctsBot, TreeRunner, decide, seat_bots
from engine.cards import Cards, load_cards
from engine.errors import EngineError, LogFormatError
from engine.events import Event
from engine.log import GameLog, Parent, StandIn, format_keeping_rulings, header_for, ply_record
from engine.log import Ply as LogPly
from engine.moves import Move
from engine.replay import Replay
from engine.setup import set_up
from engine.state import State
from engine.view import View, view
from engine.visibility import reveals
from engine.walk import walk


@dataclass
class Ply:
    """A move as the app shows it: who made it and the events it caused."""

    seat: int
    move: Move
    events: list[Event]
    stand_in: StandIn | None = None  # a bot played this human seat's move, and why (a server's room)


@dataclass
class GameSession:
    """`writer` None: a game that is not logged (a position set up by hand, which no
    log could replay)."""

    state: State
    path: Path | None
    writer: LogWriter | None
    bots: dict[int, Bot]
    history: list[Ply] = field(default_factory=list)
    # Undo (Board Game Arena's rule): a human's moves since the last point where chance
    # or hidden information showed or the turn passed, with the state before each. They
    # are kept back from the log until that point comes (or the player leaves), so an
    # undone move never reaches the log, a replay or the history. They are in the undo
    # journal beside the log meanwhile, so a crash loses none of them.
    kept: list[tuple[State, LogPly | None]] = field(default_factory=list)
    journal: UndoJournal | None = None
    before_last: State | None = None  # the state before the last move (its marks on the table)

    @classmethod
    def unlogged(cls, state: State) -> GameSession:
        return cls(state, None, None, seat_bots(state.config, state.cards))

    @classmethod
    def start(cls, config: GameConfig, folder: Path, cards: Cards | None = None) -> GameSession:
        cards = cards or load_cards()
        now = datetime.now(UTC)
        state, setup = set_up(config, cards)
        created = now.isoformat(timespec="seconds")
        writer = LogWriter.create_new(
            folder,
            f"game-{now:%Y%m%d-%H%M%S}-{config.seed}",
            lambda game: header_for(config, cards.hash, game, created, setup=setup),
        )
        journal = UndoJournal(writer.path, writer.path.stem)  # the stem is the game's id (create_new)
        return cls(state, writer.path, writer, seat_bots(config, cards), journal=journal)

    @classmethod
    def fork(cls, replay: Replay, ply: int, seats: tuple[SeatConfig, ...], folder: Path) -> GameSession:
        """Play on from a replay's position before move `ply`, with new seat kinds: a new
        log whose header names its parent and whose first moves are the parent's, so it
        replays on its own. The parent's log is not touched."""
        parent = replay.log.header
        if not 0 <= ply <= replay.good_plies:
            raise ValueError(f"ply {ply} is outside 0..{replay.good_plies}")
        if replay.state_at(ply).over:
            raise LogFormatError("the game is over at this position; there is nothing to play on")
        config = msgspec.structs.replace(parent.config, seats=seats)
        now = datetime.now(UTC)
        created = now.isoformat(timespec="seconds")
        # setup does not depend on the seats' kinds: the fork's is the parent's
        origin = Parent(parent.game, ply)
        writer = LogWriter.create_new(
            folder,
            f"{parent.game}-from-{ply}-{now:%Y%m%d-%H%M%S}",
            lambda game: header_for(
                config,
                replay.cards.hash,
                game,
                created,
                origin,
                setup=replay.setup,
                format=format_keeping_rulings(parent.format),
            ),
        )
        path = writer.path
        # the parent's moves written afresh, in the newest format with the parent's
        # rulings (a parent in an older format may record its bookkeeping differently:
        # engine.replay)
        with writer:
            for before, record, _after, events in walk(replay.state_at(0), replay.log.plies[:ply]):
                writer.record(
                    ply_record(before, record.move, events, record.searched, writer.chain.format, record.stand_in)
                )
        return cls.resume(path, replay.cards)

    @classmethod
    def resume(cls, path: Path, cards: Cards | None = None) -> GameSession:
        """Continue an unfinished game from its log. A cut-off last line (a crash while
        writing) is dropped from the file before new moves are appended; a game whose
        last move ended it but whose footer was never written (a crash between the two)
        gets its footer now, and the session is over."""
        log = read_log(path)
        if log.footer is not None:
            raise LogFormatError(f"{path.name} is a finished game")
        return cls._from_log(path, log, cards)

    @classmethod
    def open(cls, path: Path, cards: Cards | None = None) -> GameSession:
        """A game from its log whether or not it is over: an unfinished one resumed (as
        `resume`), a finished one as it ended, with nothing more to write."""
        return cls._from_log(path, read_log(path), cards)

    @classmethod
    def _from_log(cls, path: Path, log: GameLog, cards: Cards | None) -> GameSession:
        replay = Replay(log, cards)
        if replay.divergence is not None:
            raise LogFormatError(
                f"{path.name} does not verify at move {replay.divergence.move}: {replay.divergence.reason}"
            )
        history = [Ply(p.seat, p.move, list(p.events), p.stand_in) for p in log.plies]
        bots = seat_bots(log.header.config, replay.cards)
        if log.footer is not None:
            return cls(replay.final, path, None, bots, history)
        session = cls(replay.final, path, LogWriter.append(path, log), bots, history)
        if replay.ended_without_footer:
            session.finish()
        else:
            session._restore_kept(log)
        return session

    def _restore_kept(self, log: GameLog) -> None:
        """Take over the undo journal a crash left: its moves, played again, bring back
        the position the players last saw, still undoable. Moves the log already has (a
        crash while they were being written to it) are passed over; a move that no longer
        applies ends the restoring there, the log being the truth."""
        assert self.path is not None
        self.journal, moves = UndoJournal.take_over(self.path, log.header.game)
        logged = len(log.plies)
        lines = restored = 0
        for kept in moves:
            if kept.ply < logged:
                if log.plies[kept.ply].move != kept.move:
                    break  # a journal of other moves than the log's: not this game's
                lines += 1
                continue
            if kept.ply != self.state.ply:
                break
            before = self.state
            try:
                self._take(kept.move, None)
            except EngineError:
                break
            if not self._undoable(before, self.state, self.history[-1]):
                self._give_back(before, None)
                break
            lines += 1
            restored += 1
        self.journal.keep_first(lines if restored else 0)

    @property
    def config(self) -> GameConfig:
        return self.state.config

    @property
    def names(self) -> list[str]:
        return [words.seat_name(seat.name, seat.kind) for seat in self.state.seats]

    @property
    def cards(self) -> Cards:
        return self.state.cards

    @property
    def to_act(self) -> int:
        return self.state.to_act

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def ply(self) -> int:
        return self.state.ply

    def is_human(self, seat: int) -> bool:
        return self.state.seats[seat].kind == "human"

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.config.seats)) if self.is_human(i)]

    def legal(self) -> list[Move]:
        return legal_moves(self.state)

    def view_for(self, seat: int) -> View:
        return view(self.state, seat)

    def view_before_last(self, seat: int) -> View | None:
        return None if self.before_last is None else view(self.before_last, seat)

    def bot_move(self, runner: TreeRunner | None = None) -> Decision:
        """The move the bot to act chooses (call from a worker: it may take a while);
        `runner` grows a search bot's trees (the app's processes; default: here)."""
        bot = self.bots[self.state.to_act]
        if isinstance(bot, IsmctsBot) and runner is not None:
            bot.runner = runner  # where the trees grow: the move is the same
        return decide(bot, self.state)

    def hint(self) -> Hint:
        """The hint for the seat to act (cwtui.game.hint; call from a worker)."""
        return hint_at(view(self.state, self.state.to_act), legal_moves(self.state), self.state.cards)

    def play(self, move: Move, searched: int | None = None, stand_in: StandIn | None = None) -> Ply:
        """Apply a move and log it; `searched` is a bot's Decision.searched, `stand_in`
        why a bot played a human seat's move (a server's room). IllegalMove,
        and NotSaved (the log cannot take it: a full disk), leave everything as it was:
        a move the log has not got is not played. A human's move that could still be
        undone is kept back from the log until it cannot (see `kept`), and journaled
        before it counts as played."""
        before, before_last = self.state, self.before_last
        ply = self._take(move, searched, stand_in)
        try:
            if self._undoable(before, self.state, ply):
                if self.journal is not None:
                    self.journal.add(before.ply, move)
            else:
                self.commit()
        except NotSaved:
            # this move is not played; moves kept back before it that were written
            # are in the log now, and the others are still kept back
            self._give_back(before, before_last)
            raise
        if self.state.over:
            self.finish()
        return ply

    def _take(self, move: Move, searched: int | None, stand_in: StandIn | None = None) -> Ply:
        """The move applied in memory and kept back (IllegalMove: nothing changed)."""
        before = self.state
        after, events = apply(before, move)
        writer = self.writer
        record = ply_record(before, move, events, searched, writer.chain.format, stand_in) if writer else None
        self.state, self.before_last = after, before
        ply = Ply(before.to_act, move, events, stand_in)
        self.history.append(ply)
        self.kept.append((before, record))
        return ply

    def _give_back(self, before: State, before_last: State | None) -> None:
        """The last move `_take` took, not played after all."""
        self.kept.pop()
        self.history.pop()
        self.state, self.before_last = before, before_last

    def _undoable(self, before: State, after: State, ply: Ply) -> bool:
        """A human's move that showed nothing and leaves the turn with them (BGA's rule)."""
        return self.is_human(ply.seat) and after.to_act == before.to_act and not after.over and not reveals(ply.events)

    @property
    def can_undo(self) -> bool:
        return bool(self.kept)

    def undo(self) -> Ply:
        """Take back the last move kept back: the state before it comes back."""
        if not self.kept:
            raise IndexError("nothing to undo")
        self.state, _record = self.kept.pop()
        self.before_last = None
        if self.journal is not None:
            self.journal.drop_last()
        return self.history.pop()

    def commit(self) -> None:
        """Write the moves kept back: they can no longer be undone. NotSaved leaves the
        ones not written kept back, first of them the one that failed."""
        while self.kept:
            _before, record = self.kept[0]
            if self.writer and record is not None:
                self.writer.record(record)
            del self.kept[0]
        if self.journal is not None:
            self.journal.clear()

    def finish(self) -> None:
        """Write the footer of a game that is over, and close the log. A footer the log
        cannot take (NotSaved) is tried again on close; failing that, the log holds
        every move and resuming it writes the footer (`resume` of an ended game)."""
        self.commit()
        if self.writer:
            try:
                self.writer.finish(self.state)
            except NotSaved:
                return
            self.writer.close()
            self.writer = None

    def close(self) -> None:
        """The player leaves: moves kept back for undo are saved (a resumed game starts
        a new undo history)."""
        if self.state.over:
            self.finish()
        self.commit()
        if self.writer:
            self.writer.close()
