"""Time Textual's own frame work (layouts and compositor refreshes) from a benchmark.

Pilot's waits between frames are not the app's work; what the app does for a frame is
its layout (if any) and the compositor's drawing of what changed. `frame_work()` wraps
both (textual is pinned, so the private names hold) and returns the list each call's
seconds are added to: clear it before a measured step, sum it after.
"""

from __future__ import annotations

import time

from textual.screen import Screen


def frame_work() -> list[float]:
    spent: list[float] = []
    for name in ("_refresh_layout", "_compositor_refresh"):
        original = getattr(Screen, name)

        def timed(self: Screen[object], *args: object, _original: object = original, **kwargs: object) -> object:
            t = time.perf_counter()
            try:
                return _original(self, *args, **kwargs)  # type: ignore[operator]
            finally:
                spent.append(time.perf_counter() - t)

        setattr(Screen, name, timed)
    return spent
