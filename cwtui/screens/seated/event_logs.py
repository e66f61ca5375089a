"""The table's event log: one for each viewer whose eyes it is written for (at a hot
seat, what one player saw of their own catches must not be on screen for the next),
one shown at a time; every move is narrated into each, as its viewer may know it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.text import Text
from textual import events, on
from textual.containers import Vertical
from textual.message import Message

from cwtui.game import words
from cwtui.game.session import Ply
from cwtui.lang import _
from cwtui.widgets.table.event_log import EventLog
from engine.cards import Cards

LOG_LINES = 500  # the event log keeps the latest moves; the replay has them all
Line = str | Text
# Lines of table talk (an online table's), each with the number of moves played when
# it was said: a log shows it after them.
Talk = Sequence[tuple[int, Line]]


class EventLogs(Vertical):
    class Reading(Message):
        """A log took the focus (its arrows scroll it), or let it go."""

        def __init__(self, reading: bool) -> None:
            super().__init__()
            self.reading = reading

    def __init__(self, cards: Cards, names: Sequence[str], *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.cards, self.names = cards, names

    def log_of(self, viewer: int | None, history: Sequence[Ply], talk: Talk = ()) -> EventLog:
        """A new log for `viewer`, the game so far written in it (not yet mounted)."""
        log = EventLog(LOG_LINES, id=f"log-{viewer}", classes="events")
        for line in self.history_lines(history, viewer, talk):
            log.write(line)
        return log

    def show(self, viewer: int | None, history: Sequence[Ply], talk: Talk = ()) -> None:
        """`viewer`'s log alone on show (made if it has none)."""
        if not self.query(f"#log-{viewer}"):
            self.mount(self.log_of(viewer, history, talk))
        for log in self.query(EventLog):
            log.display = log.id == f"log-{viewer}"

    def history_lines(self, history: Sequence[Ply], viewer: int | None, talk: Talk) -> Iterator[Line]:
        """The moves a log keeps, each line of talk after the moves played before it."""
        end = len(history)
        said = iter(sorted(talk, key=lambda t: min(t[0], end)))  # a stable sort: lines said together keep their order
        waiting = next(said, None)
        for ply in range(max(0, end - LOG_LINES), end + 1):
            while waiting is not None and min(waiting[0], end) <= ply:
                yield waiting[1]
                waiting = next(said, None)
            if ply < end:
                yield from self.ply_lines(history[ply], viewer)

    def ply_lines(self, ply: Ply, viewer: int | None) -> list[Line]:
        """A ply in the log of `viewer`: the mover's line says so where a server's bot
        played it for the seat."""
        lines: list[Line] = list(words.narrate(self.cards, self.names, ply.seat, ply.move, ply.events, viewer))
        if ply.stand_in is not None and lines:
            lines[0] = Text.assemble(
                lines[0],
                (words.aside(_("(a bot, for {whom})").format(whom=words.STAND_IN_WHY[ply.stand_in])), "italic"),
            )
        return lines

    def write_ply(self, ply: Ply) -> None:
        """A move, into every log."""
        for log in self.query(EventLog):
            for line in self.ply_lines(ply, viewer_of(log)):
                log.write(line)

    def write(self, line: Line) -> None:
        """A line into every log (a line of talk)."""
        for log in self.query(EventLog):
            log.write(line)

    def rewrite(self, history: Sequence[Ply], talk: Talk = ()) -> None:
        """Every log written again (moves were taken back, or talk came from before)."""
        for log in self.query(EventLog):
            log.clear()
            for line in self.history_lines(history, viewer_of(log), talk):
                log.write(line)

    def note(self, text: str) -> None:
        """A line in every log that is not a move (a take-back, a seat leaving)."""
        self.write(Text(text, style="italic"))

    @on(events.DescendantFocus)
    def focused(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, EventLog):
            self.post_message(self.Reading(True))

    @on(events.DescendantBlur)
    def left(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, EventLog):
            self.post_message(self.Reading(False))

    @on(EventLog.Following)
    def following(self, message: EventLog.Following) -> None:
        """A log scrolled up says how to come back to the newest lines."""
        if message.log.display:
            self.border_subtitle = "" if message.following else _("scrolled up · End: newest")


def viewer_of(log: EventLog) -> int | None:
    """Whose event log it is (`log_of` names it log-SEAT, log-None for public)."""
    return None if log.id == "log-None" else int((log.id or "log-0").removeprefix("log-"))
