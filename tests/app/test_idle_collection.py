"""The app defers CPython's full garbage collections while it runs (cwtui/collector.py)
and gives CPython its thresholds back when it ends; what a gone widget drew is left to
those collections (cwtui/textual_fixes.py)."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path

from app_helpers import make_app
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from cwtui.collector import IDLE, NEVER


async def test_the_app_defers_full_collections_while_it_runs(replays: Path) -> None:
    before = gc.get_threshold()
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_threshold()[2] == NEVER
        await pilot.press("down")
        assert app.collector.clock() - app.collector.last_active < IDLE  # a key is activity
    assert gc.get_threshold() == before


class Lines(Screen[None]):
    def compose(self) -> ComposeResult:
        yield from (Static(f"line {i}") for i in range(20))


async def test_widgets_gone_leave_no_drawn_lines_behind(replays: Path) -> None:
    """Textual issue #6665 (cwtui/textual_fixes.py): a cache on a method of each
    widget's style cache kept the last 1,024 widgets' drawn lines alive after the widgets
    were gone, for every full collection to walk."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        lines = Lines()
        await app.push_screen(lines)
        await pilot.pause()
        drawn = lines.query(Static)
        assert all(w.region.height for w in drawn)
        caches = [weakref.ref(w._styles_cache) for w in drawn]
        del lines, drawn
        await app.pop_screen()  # and removed
        # Textual lets go of a removed screen once the message pumps of all its widgets
        # have ended: a few of its cycles, or on a loaded machine a second or more (a
        # scroll bar's pump, still running, held the screen through its context).
        deadline = time.monotonic() + 10
        while any(c() is not None for c in caches) and time.monotonic() < deadline:
            await pilot.pause(0.05)
            gc.collect()
        assert [c for c in caches if c() is not None] == []
