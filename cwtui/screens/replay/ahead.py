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
    """Runs the parts its screen gives it (an iterator that draws one part per step, and
    ends when every position is drawn) on timers of its own. They are drawn for a key
    (the view, the widths): the screen starts it again whenever that may have changed
    (after every layout), and a new key starts the drawing over — what was drawn for
    the old one no longer serves."""

    DEFAULT_CSS = "DrawAhead { display: none; }"

    def __init__(self) -> None:
        super().__init__()
        self.drawing: Iterator[None] | None = None  # under way
        self.drawn_for: Hashable | None = None  # the key of what is (being) drawn
        self.timer: Timer | None = None

    @property
    def done(self) -> bool:
        """Every position has been drawn for the last key given."""
        return self.drawn_for is not None and self.drawing is None

    def start(self, key: Hashable, parts: Callable[[], Iterator[None]]) -> None:
        """Draw `parts()` ahead for `key`, unless that has started already."""
        if key == self.drawn_for:
            return
        self.drawn_for = key
        self.drawing = parts()
        if self.timer is None:
            self.timer = self.set_timer(PAUSE, self.slice)

    def slice(self) -> None:
        """One slice: parts until SLICE has passed (a part takes under a millisecond; a
        whole position's, up to 30 at the end of a game)."""
        self.timer = None
        if self.drawing is None:
            return
        start = time.perf_counter()
        for _ in self.drawing:
            if time.perf_counter() - start >= SLICE:
                self.timer = self.set_timer(PAUSE, self.slice)
                return
        self.drawing = None  # every position drawn
