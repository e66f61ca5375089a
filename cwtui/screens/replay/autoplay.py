"""Autoplay: a replay's moves played one after another at a chosen speed (Space, +/-)."""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

from cwtui.game.replaying import Scrubber

SPEEDS = (1, 2, 4, 8, 16)  # moves per second


class Autoplay:
    """Plays `cursor`'s moves one after another, going to each with `go`, at the speed
    chosen, on `owner`'s timers, until the end of the game or until stopped; `changed`
    is called whenever it starts, stops or changes speed (the status bar says which)."""

    def __init__(
        self, owner: MessagePump, cursor: Scrubber, go: Callable[[int], None], changed: Callable[[], None]
    ) -> None:
        self.owner = owner
        self.cursor = cursor
        self.go = go
        self.changed = changed
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
            self.go(0)
        self.run()
        self.changed()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.changed()

    def change_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.run()
        self.changed()

    def run(self) -> None:
        self.timer = self.owner.set_interval(1 / SPEEDS[self.speed], self.step)

    def step(self) -> None:
        if self.cursor.position >= self.cursor.end:
            self.stop()
        else:
            self.go(self.cursor.position + 1)

    def words(self, compact: bool) -> str:
        """What autoplay is doing, for the status bar (`compact`: in a word)."""
        if compact:
            return "playing" if self.playing else "paused"
        speed = SPEEDS[self.speed]
        return f"playing {speed}/s" if self.playing else f"paused ({speed}/s)"
