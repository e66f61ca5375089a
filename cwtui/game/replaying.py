"""Moving through a replay: the position, what each viewer sees there, and where turns,
catches and trophies are — kept free of Textual so it can be tested and measured alone.

A position p is the game after its first p moves: 0 is the setup, `end` is after the
last good move. Two kinds of game are replayed, behind one interface (`Scrubber`):

- `ReplayCursor`: a log on this machine, which holds every secret. Stepping one move
  forward applies that move to the current state; any other jump starts from the
  engine's nearest keyframe (Replay.state_at). Any seat's view, or everything.
- `SeenCursor`: a game kept by a server, as one seat (or a spectator) saw it: the
  server sends that seat's View at every position once the game is over (`SeenGame`),
  never the log, so this replay can show nothing the seat did not know.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from cwtui.game import words
from cwtui.game.logfile import read_log
from cwtui.game.session import Ply as SeenPly
from cwtui.lang import _
from engine.cards import Cards, load_cards
from engine.events import Event, FishCaught, GameEnded, MasterAnglerCaught, ScoreLine, TrophyTaken
from engine.game import apply
from engine.log import Ply
from engine.phases import OVER
from engine.replay import Replay
from engine.state import State
from engine.view import View, view, views
from engine.visibility import FishCaughtUnseen

EVERYONE: Final = words.EVERYONE  # a perspective that knows every secret (a log's replay only)
SPECTATOR: Final = None  # the perspective of someone who watched: what is public


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


def move_line(ply: int, turn: int, seat: int, events: Iterable[Event]) -> MoveLine:
    caught = traded = False
    for e in events:
        caught = caught or isinstance(e, FishCaught | FishCaughtUnseen)
        traded = traded or isinstance(e, TrophyTaken)
    return MoveLine(ply, turn, seat, caught, traded)


def score_series(start: Sequence[int], plies: Iterable[Sequence[Event]]) -> list[list[int]]:
    """Each seat's score at every position, from its score at the start (the silent
    player's Small Species tile, R12.1) and each move's events: trophy points and caught
    Master Anglers as they come (R11.1), and the final scores, tags included, once the
    game ends. Every event counted is public."""
    seats = len(start)
    running = list(start)
    series = [list(running)]
    for events in plies:
        for e in events:
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


def final_scores(plies: Iterable[Sequence[Event]]) -> tuple[ScoreLine, ...] | None:
    """The final scores, if the game ended (its last event says them)."""
    for events in plies:
        for e in events:
            if isinstance(e, GameEnded):
                return e.scores
    return None


class Scrubber(ABC):
    """A game to move through: the position, where turns, catches and trophies are, and
    what a perspective (a seat, SPECTATOR or EVERYONE) sees at the position."""

    def __init__(self, names: Sequence[str], cards: Cards, lines: Sequence[MoveLine]) -> None:
        self.names = list(names)
        self.cards = cards
        self.lines = list(lines)
        self.end = len(self.lines)
        self.position = 0
        # positions where a turn begins: before the first move of each turn
        self.turn_starts = [i for i, line in enumerate(self.lines) if i == 0 or line.turn != self.lines[i - 1].turn]

    # -- what it shows ---------------------------------------------------------------
    @property
    @abstractmethod
    def perspectives(self) -> tuple[int | None, ...]:
        """The views `v` cycles through, the first shown on opening."""

    @property
    @abstractmethod
    def title(self) -> str:
        """What the game is, for the status line."""

    @abstractmethod
    def go(self, position: int) -> None:
        """Go to the position before move `position` (clamped to 0..end)."""

    @abstractmethod
    def twin(self) -> Scrubber:
        """Another cursor on the same game, at its start (to look ahead without moving this one)."""

    @abstractmethod
    def shown(self, seats: Iterable[int]) -> dict[int, View]:
        """What each of `seats` (-1: a spectator) sees at the position."""

    @abstractmethod
    def shown_before(self, seat: int) -> View | None:
        """What `seat` saw before the move that led here (None at the start: nothing to mark)."""

    @abstractmethod
    def shown_at_end(self, seats: Iterable[int]) -> dict[int, View]:
        """What each of `seats` sees after the last move (the tallest panels)."""

    @property
    @abstractmethod
    def active(self) -> int:
        """The seat whose turn it is at the position."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def unfinished(self) -> bool:
        """At the end, and the game stops before it was over (a log of a game under way)."""

    @abstractmethod
    def describe(self, ply: int, perspective: int | None) -> str:
        """Move `ply` in words, as `perspective` knew it."""

    @abstractmethod
    def scores(self) -> list[list[int]]:
        """Each seat's score at every position, 0..end (score_series)."""

    @abstractmethod
    def results(self) -> tuple[View, Sequence[ScoreLine]] | None:
        """The end as everyone saw it (every contest held) and the final scores; None
        if the game did not end."""

    # -- moving ----------------------------------------------------------------------
    def clamp(self, position: int) -> int:
        return max(0, min(position, self.end))

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


class ReplayCursor(Scrubber):
    """A log's game: every secret is here, so any seat's view or all of them."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.plies: Sequence[Ply] = replay.log.plies[: replay.good_plies]
        self.state: State = replay.state_at(0)
        self.before: State | None = None
        names = [words.seat_name(s.name, s.kind) for s in self.state.seats]
        super().__init__(names, replay.cards, [move_line(p.ply, p.turn, p.seat, p.events) for p in self.plies])

    def go(self, position: int) -> None:
        """Go to the position before move `position`; `before` is then the position
        before the move that led here (the table marks what that move changed), and
        `state` the position."""
        position = self.clamp(position)
        if position == self.position + 1:
            self.before = self.state
            self.state, _events = apply(self.state, self.plies[self.position].move)
        elif position != self.position:
            if position == 0:
                self.before, self.state = None, self.replay.state_at(0)
            else:
                self.before = self.replay.state_at(position - 1)
                self.state, _events = apply(self.before, self.plies[position - 1].move)
        self.position = position

    def twin(self) -> ReplayCursor:
        return ReplayCursor(self.replay)

    @property
    def perspectives(self) -> tuple[int | None, ...]:
        return (EVERYONE, *range(len(self.names)))

    @property
    def title(self) -> str:
        return _("replay of {game}").format(game=self.replay.log.header.game)

    @property
    def turn(self) -> int:
        return self.state.turn

    def shown(self, seats: Iterable[int]) -> dict[int, View]:
        return views(self.state, seats)

    def shown_before(self, seat: int) -> View | None:
        return None if self.before is None else view(self.before, seat)

    def shown_at_end(self, seats: Iterable[int]) -> dict[int, View]:
        return views(self.replay.final, seats)

    @property
    def active(self) -> int:
        return self.state.active

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def unfinished(self) -> bool:
        return not self.state.over and self.position == self.end and self.replay.log.footer is None

    def describe(self, ply: int, perspective: int | None) -> str:
        record = self.plies[ply]
        return words.narrate_line(self.cards, self.names, record.seat, record.move, record.events, perspective)

    def scores(self) -> list[list[int]]:
        start = [0] * len(self.names)
        for e in self.replay.setup:  # R12.1: the silent player starts with a Small Species tile
            if isinstance(e, TrophyTaken):
                start[e.seat] += e.points
        return score_series(start, (p.events for p in self.plies))

    def results(self) -> tuple[View, Sequence[ScoreLine]] | None:
        result = self.state.result
        return None if result is None else (view(self.state, -1), result)


@dataclass(frozen=True)
class SeenRecord:
    """A finished game kept by a server, as `viewer` (a seat, or SPECTATOR) saw it: the
    moves and events as it was sent them, and its View at every position."""

    title: str
    names: Sequence[str]
    cards: Cards
    viewer: int | None
    plies: Sequence[SeenPly]
    views: Sequence[View]  # positions 0..len(plies)

    def __post_init__(self) -> None:
        if len(self.views) != len(self.plies) + 1:
            raise ValueError(f"{len(self.views)} views for {len(self.plies)} moves")


class SeenCursor(Scrubber):
    """A SeenRecord: one perspective, the one it was seen from."""

    def __init__(self, record: SeenRecord) -> None:
        self.record = record
        lines = [move_line(i, record.views[i].turn, p.seat, p.events) for i, p in enumerate(record.plies)]
        super().__init__(record.names, record.cards, lines)

    @property
    def seat(self) -> int:
        """The seat its Views are keyed by (-1: a spectator's)."""
        viewer = self.record.viewer
        return -1 if viewer is None else viewer

    def go(self, position: int) -> None:
        self.position = self.clamp(position)

    def twin(self) -> SeenCursor:
        return SeenCursor(self.record)

    @property
    def perspectives(self) -> tuple[int | None, ...]:
        return (self.record.viewer,)

    @property
    def title(self) -> str:
        return self.record.title

    def shown(self, seats: Iterable[int]) -> dict[int, View]:
        return {self.seat: self.record.views[self.position]}

    def shown_before(self, seat: int) -> View | None:
        return self.record.views[self.position - 1] if self.position else None

    def shown_at_end(self, seats: Iterable[int]) -> dict[int, View]:
        return {self.seat: self.record.views[-1]}

    @property
    def now(self) -> View:
        return self.record.views[self.position]

    @property
    def active(self) -> int:
        return self.now.active

    @property
    def over(self) -> bool:
        return self.now.phase == OVER

    @property
    def unfinished(self) -> bool:
        return False  # the server sends a game's record once it is over

    def describe(self, ply: int, perspective: int | None) -> str:
        p = self.record.plies[ply]
        return words.narrate_line(self.cards, self.names, p.seat, p.move, p.events, self.record.viewer)

    def scores(self) -> list[list[int]]:
        start = [sum(points for _kind, points in s.trophies) for s in self.record.views[0].seats]
        return score_series(start, (p.events for p in self.record.plies))

    def results(self) -> tuple[View, Sequence[ScoreLine]] | None:
        scores = final_scores(p.events for p in self.record.plies)
        return None if scores is None or not self.over else (self.now, scores)


def _has(line: MoveLine, kind: str) -> bool:
    return line.catch if kind == "catch" else line.trophy
