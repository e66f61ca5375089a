"""Driving the app in a benchmark as a player would (a shared helper of scripts/, tested
by tests/test_scripts.py through the benchmarks that use it)."""

from __future__ import annotations

import contextlib

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from cwtui.app import CwtuiApp
from cwtui.screens.play.play import PlayScreen


async def human_decision(app: CwtuiApp, pilot: Pilot[None]) -> PlayScreen | None:
    """The play screen once a human seat is to decide (the bots' moves played), or None
    when the game has left it (the results)."""
    while True:
        with contextlib.suppress(WorkerCancelled):  # a bot's search replaced by the next
            await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, PlayScreen):
            return None
        if screen.options:
            return screen
