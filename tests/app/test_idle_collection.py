"""The app defers CPython's full garbage collections while it runs (cwtui/collector.py)
and gives CPython its thresholds back when it ends."""

from __future__ import annotations

import gc
from pathlib import Path

from app_helpers import make_app

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
