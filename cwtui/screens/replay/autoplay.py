"""Autoplay: a replay's moves played one after another at a chosen speed (Space, +/-).

A widget of no size on the replay screen: it keeps its own timer and tells the screen
what to do by messages (`Go` to a position, `Changed` when it starts, stops or changes
speed), as Textual's widgets do — it holds no screen and calls none back."""

from __future__ import annotations

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from cwtui.game.replaying import Scrubber
from cwtui.lang import _

SPEEDS = (1, 2, 4, 8, 16)  # moves per second


class Autoplay(Widget):
    """Plays `cursor`'s moves one after another, at the speed chosen, until the end of
    the game or until stopped."""

    DEFAULT_CSS = "Autoplay { display: none; }"

    class Go(Message):
        """Go to `position` (the next move, or the start to play again)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    class Changed(Message):
        """Autoplay started, stopped or changed speed: the status bar says which."""

    def __init__(self, cursor: Scrubber, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cursor = cursor
        self.speed = 2  # index into SPEEDS
        self.timer: Timer | None = None

    @property
    def playing(self) -> bool:
        return self.timer is not None

    def toggle(self) -> None:
        """Stop, or play on (from the start, at the end)."""
        if self.playing:
            self.stop()
            return
        if self.cursor.position >= self.cursor.end:
            self.post_message(self.Go(0))
        self.run()
        self.post_message(self.Changed())

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.post_message(self.Changed())

    def change_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.run()
        self.post_message(self.Changed())

    def run(self) -> None:
        self.timer = self.set_interval(1 / SPEEDS[self.speed], self.step)

    def step(self) -> None:
        if self.cursor.position >= self.cursor.end:
            self.stop()
        else:
            self.post_message(self.Go(self.cursor.position + 1))

    def words(self, compact: bool) -> str:
        """What autoplay is doing, for the status bar (`compact`: in a word)."""
        if compact:
            return _("playing") if self.playing else _("paused")
        speed = SPEEDS[self.speed]
        return (_("playing {speed}/s") if self.playing else _("paused ({speed}/s)")).format(speed=speed)
