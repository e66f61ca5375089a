"""Moving through a replay: the position, its state, and where turns, catches and
trophies are — kept free of Textual so it can be tested and measured alone.

A position p is the game after its first p moves: 0 is the setup, `end` is after the
last good move. Stepping one move forward applies that move to the current state; any
other jump starts from the engine's nearest keyframe (Replay.state_at).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cwtui import words
from cwtui.logfile import read_log
from engine.cards import Cards, load_cards
from engine.events import FishCaught, GameEnded, MasterAnglerCaught, TrophyTaken
from engine.game import apply
from engine.log import Ply
from engine.replay import Replay
from engine.state import State


@dataclass(frozen=True)
class MoveLine:
    """A move in the move list: after it, the game is at position ply + 1."""

    ply: int
    turn: int
    seat: int
    catch: bool
    trophy: bool


def open_replay(path: Path, cards: Cards | None = None) -> Replay:
    """Read and verify a log (LogFormatError for a file that is not a readable log; a log
    that diverges opens up to its last good move, with `divergence` saying why)."""
    return Replay(read_log(path), cards or load_cards())


class ReplayCursor:
    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.plies: Sequence[Ply] = replay.log.plies[: replay.good_plies]
        self.end = len(self.plies)
        self.position = 0
        self.state: State = replay.state_at(0)
        self.before: State | None = None
        self.names = [s.name for s in self.state.seats]
        self.lines = [
            MoveLine(
                p.ply, p.turn, p.seat,
                any(isinstance(e, FishCaught) for e in p.events),
                any(isinstance(e, TrophyTaken) for e in p.events),
            )
            for p in self.plies
        ]  # fmt: skip
        # positions where a turn begins: before the first move of each turn
        self.turn_starts = [i for i, p in enumerate(self.plies) if i == 0 or p.turn != self.plies[i - 1].turn]

    def go(self, position: int) -> State:
        """Go to the position before move `position`; `before` is then the position
        before the move that led here (the table marks what that move changed)."""
        position = max(0, min(position, self.end))
        if position == self.position + 1:
            self.before = self.state
            self.state, _ = apply(self.state, self.plies[self.position].move)
        elif position != self.position:
            if position == 0:
                self.before, self.state = None, self.replay.state_at(0)
            else:
                self.before = self.replay.state_at(position - 1)
                self.state, _ = apply(self.before, self.plies[position - 1].move)
        self.position = position
        return self.state

    @property
    def turn(self) -> int:
        return self.state.turn

    def next_turn(self) -> int:
        return next((p for p in self.turn_starts if p > self.position), self.end)

    def previous_turn(self) -> int:
        return next((p for p in reversed(self.turn_starts) if p < self.position), 0)

    def next_of(self, kind: str) -> int | None:
        """The position just after the next move with a catch ("catch") or trophy ("trophy")."""
        return next((line.ply + 1 for line in self.lines if line.ply + 1 > self.position and _has(line, kind)), None)

    def previous_of(self, kind: str) -> int | None:
        return next(
            (line.ply + 1 for line in reversed(self.lines) if line.ply + 1 < self.position and _has(line, kind)), None
        )

    def describe(self, ply: int, viewer: int | None) -> str:
        record = self.plies[ply]
        return words.narrate_line(self.state.cards, self.names, record.seat, record.move, record.events, viewer)

    def scores(self) -> list[list[int]]:
        """Each seat's score after every position, 0..end: trophy points and caught Master
        Anglers as they come (R11.1), and the final scores, tags included, once the game ends."""
        seats = len(self.state.players)
        running = [0] * seats
        for e in self.replay.setup:  # R12.1: the silent player starts with a Small Species tile
            if isinstance(e, TrophyTaken):
                running[e.seat] += e.points
        series = [list(running)]
        for record in self.plies:
            for e in record.events:
                if isinstance(e, TrophyTaken):
                    running[e.seat] += e.points
                elif isinstance(e, MasterAnglerCaught):
                    running[e.seat] += 1
                elif isinstance(e, GameEnded):
                    running = [0] * seats
                    for line in e.scores:
                        running[line.seat] = line.total
            series.append(list(running))
        return [[series[p][s] for p in range(len(series))] for s in range(seats)]


def _has(line: MoveLine, kind: str) -> bool:
    return line.catch if kind == "catch" else line.trophy
