"""Walking a game: its moves applied one after another from a position, the one way the
replay, the review, the bots' audit, the server's replay of a finished game and the
evaluation's training read a log (engine.replay checks each step against its line).

`walk` yields each step whole (the states before and after, the events), every state a
value of its own; `walk_in_place` yields the position before each move as one State
changed in place (apply_in_place), for readers that only look at it between moves and
must not pay for a copy at each."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, NamedTuple, Protocol, TypeVar

from engine.events import Event
from engine.game import apply, apply_in_place
from engine.moves import Move
from engine.state import State


class Recorded(Protocol):
    """A move as a record holds it: a log's line, a session's history entry."""

    @property
    def move(self) -> Move: ...


R = TypeVar("R", bound=Recorded)


class Step(NamedTuple, Generic[R]):
    before: State
    record: R
    after: State
    events: list[Event]


def walk(start: State, records: Iterable[R]) -> Iterator[Step[R]]:
    """Each record's move applied in turn from `start` (not changed). A move that does
    not apply raises EngineError from the step that would have held it."""
    state = start
    for record in records:
        after, events = apply(state, record.move)
        yield Step(state, record, after, events)
        state = after


def walk_in_place(state: State, records: Iterable[R]) -> Iterator[tuple[State, R]]:
    """The position before each record's move, and the record: `state` itself, each
    move applied to it in place once the reader has looked. After the last, `state` is
    the game's end as the records leave it."""
    for record in records:
        yield state, record
        apply_in_place(state, record.move)
