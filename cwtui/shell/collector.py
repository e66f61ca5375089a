"""Full garbage collections while the player is idle, not in the middle of a frame.

CPython's cycle collector makes a full collection, which walks every object the process
tracks, each time enough objects have survived the young collections. The app tracks
a great many: Textual keeps seven caches on every line it draws, and a replay keeps its
game's positions, so a full collection takes 50–90 ms at 140×40 (about 200,000
objects after a few hundred replay jumps). Left to CPython, one came every twenty or so
jumps and made them the slowest 5% (`scripts/bench_replay.py`), the same hitch a player
sees. The young collections, a millisecond at most, run as CPython schedules them;
the full ones are made here once the app has been idle for `IDLE` seconds: no key or
mouse event, and no middle-generation collection (an autoplaying replay or bots at play
allocate enough for several a second), or after `LONGEST` seconds without such a pause,
so garbage in cycles is still freed.

Python 3.14's incremental collector has no full collections to defer; there
`gc.set_threshold`'s third value is ignored and this only adds the idle collections.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Final

IDLE: Final = 1.0  # seconds without input or a middle-generation collection
LONGEST: Final = 60.0  # seconds between full collections at most
CHECK_EVERY: Final = 0.5  # seconds between looks at the clock (the app's timer)
NEVER: Final = 1_000_000  # a third threshold CPython never reaches in a session


class IdleCollector:
    """Takes full collections away from CPython while `started`, and makes them when
    `tick` finds the player idle. `clock` is injectable for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.thresholds: tuple[int, int, int] | None = None  # CPython's, while started
        self.last_active = self.last_full = clock()
        self.middle = 0  # middle-generation collections since the last full one, at the last tick
        self.collections = 0  # full collections made here (for tests and benchmarks)

    def start(self) -> None:
        if self.thresholds is None:
            self.thresholds = gc.get_threshold()
            young, middle, _ = self.thresholds
            gc.set_threshold(young, middle, NEVER)
            self.last_active = self.last_full = self.clock()

    def stop(self) -> None:
        """CPython's thresholds back (tests run many apps in one process)."""
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None

    def input_seen(self) -> None:
        self.last_active = self.clock()

    def due(self) -> bool:
        """A full collection now: there is something to collect (a middle-generation
        collection since the last full one) and the app is idle, or it is overdue."""
        if self.thresholds is None:
            return False
        now = self.clock()
        middle = gc.get_count()[2]
        if middle != self.middle:
            self.middle = middle
            self.last_active = now
        return middle > 0 and (now - self.last_active >= IDLE or now - self.last_full >= LONGEST)

    def tick(self) -> None:
        if self.due():
            gc.collect()
            self.collections += 1
            self.middle = 0
            self.last_full = self.clock()
