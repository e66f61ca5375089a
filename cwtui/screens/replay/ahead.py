"""Drawing ahead: every position's parts drawn into the widgets' kept parts while the
player is idle, a slice at a time, so that a jump anywhere costs only showing them (a
random jump drew five or six parts anew, a third of its time)."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator

from textual.timer import Timer
from textual.widget import Widget

# Slices of this many seconds of work, with a pause between them for keys and frames (a
# key waits at most one slice)
SLICE = 0.004
PAUSE = 0.01


class DrawAhead(Widget):
    """Runs `parts()` (an iterator that draws one part per step, and ends when every
    position is drawn) on timers of its own. The parts are drawn for what `key()` says
    (the view, the widths), read before every slice: when that changes — a width can
    change between two slices, before the screen's next layout — what was drawn no
    longer serves and drawing starts over."""

    DEFAULT_CSS = "DrawAhead { display: none; }"

    def __init__(self, key: Callable[[], Hashable], parts: Callable[[], Iterator[None]]) -> None:
        super().__init__()
        self.key = key
        self.parts = parts
        self.drawing: Iterator[None] | None = None  # under way
        self.drawn_for: Hashable | None = None  # the key of what is (being) drawn
        self.timer: Timer | None = None

    @property
    def done(self) -> bool:
        """Every position has been drawn for the key as it is now."""
        return self.drawn_for is not None and self.drawing is None and self.drawn_for == self.key()

    def start(self) -> None:
        """Start drawing ahead, unless it has started for the key as it is now."""
        key = self.key()
        if key == self.drawn_for:
            return
        self.drawn_for = key
        self.drawing = self.parts()
        if self.timer is None:
            self.timer = self.set_timer(PAUSE, self.slice)

    def slice(self) -> None:
        """One slice: parts until SLICE has passed (a part takes under a millisecond; a
        whole position's, up to 30 at the end of a game)."""
        self.timer = None
        if self.drawing is None:
            return
        if self.key() != self.drawn_for:  # a width changed: what was drawn is gone
            self.start()
            return
        start = time.perf_counter()
        for _ in self.drawing:
            if time.perf_counter() - start >= SLICE:
                self.timer = self.set_timer(PAUSE, self.slice)
                return
        self.drawing = None  # every position drawn
