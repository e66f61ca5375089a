"""The app defers CPython's full garbage collections while it runs (cwtui/shell/collector.py)
and gives CPython its thresholds back when it ends; what a gone widget drew is left to
those collections (cwtui/shell/textual_fixes.py)."""

from __future__ import annotations

import gc
import sys
import weakref
from pathlib import Path

from app_helpers import make_app
from textual._styles_cache import StylesCache
from textual.app import ComposeResult
from textual.color import Color
from textual.screen import Screen
from textual.widgets import Static

from cwtui.shell import textual_fixes
from cwtui.shell.collector import IDLE, NEVER


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


def test_a_style_cache_that_drew_is_not_kept_by_textual() -> None:
    """Textual issue #6665 (cwtui/shell/textual_fixes.py): an `lru_cache` on a method of each
    widget's style cache kept the last 1,024 widgets' style caches, every line each had
    drawn among them, alive after the widgets were gone, for every full collection to
    walk. With the fix (applied as cwtui.app is imported) a style cache that has drawn
    goes as soon as nothing else holds it.

    Asked of the style cache itself, not of a screen the app has removed: when Textual
    lets go of a removed screen depends on its message pumps ending, which took seconds
    on a loaded machine (and once more than ten in CI)."""
    assert "cwtui.app" in sys.modules  # make_app's module: the fixes are applied
    cache = StylesCache()
    cache.get_inner_outer(Color(10, 20, 30), Color(40, 50, 60, 0.5))
    gone = weakref.ref(cache)
    del cache
    gc.collect()
    assert gone() is None


async def test_the_app_draws_through_the_fixed_method(replays: Path) -> None:
    """Every line a widget draws asks for its backgrounds through the function keyed by
    the colors alone (cwtui.shell.textual_fixes), not through Textual's cached method."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        before = textual_fixes._inner_outer.cache_info()
        await app.push_screen(Lines())
        await pilot.pause()
        after = textual_fixes._inner_outer.cache_info()
        assert after.hits + after.misses > before.hits + before.misses
