"""Where Textual (pinned at 8.2.8, pyproject.toml) holds on to what it should let go: a
fix each, with its upstream issue. Each goes when the pin moves past Textual's own fix.
`cwtui.app` applies them as it is imported, before any widget draws."""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background of a line: a function of the two colors alone."""
    return Style(background=base_background + background), Style(background=base_background)


def apply() -> None:
    """Textual issue #6665: `StylesCache.get_inner_outer` is an `lru_cache`d method, so
    its cache keeps the last 1,024 widgets' style caches alive, every line each had
    drawn among them, long after the widgets are gone, for every full garbage collection
    to walk (cwtui.collector). Over the 24 tests of tests/app/test_history_screen.py,
    one process kept 276,000 such objects, 162,000 of them line caches; 11,000 now. The
    cache is keyed by the colors alone, as the method reads nothing else."""
    StylesCache.get_inner_outer = staticmethod(_inner_outer)  # type: ignore[method-assign,assignment]
