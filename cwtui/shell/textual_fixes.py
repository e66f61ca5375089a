"""Where Textual (pinned at 8.2.8, pyproject.toml) holds on to what it should let go, does
again what it has done, or runs on when nothing can reach it: a fix each. Each goes when the pin moves past Textual's
own fix. `cwtui.app` applies them as it is imported, before any widget draws."""

from __future__ import annotations

from functools import lru_cache

from textual import messages
from textual._styles_cache import StylesCache
from textual.cache import LRUCache
from textual.color import Color
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation
from textual.drivers.web_driver import WebDriver
from textual.style import Style


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background of a line: a function of the two colors alone."""
    return Style(background=base_background + background), Style(background=base_background)


# Every stylesheet's parsed sources, keyed by what the parse reads: the source, where it
# came from, its place in the cascade, and the theme's variables. A few themes' worth of
# the app's sources (some thirty on the screens of a game).
_parsed: LRUCache[tuple[object, ...], list[RuleSet]] = LRUCache(512)
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    """Stylesheet._parse_rules, from the process's cache where the same source was parsed
    with the same variables before (the rules are read, never changed, once parsed)."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


_run_input_thread = WebDriver.run_input_thread


def _run_input_thread_then_end(self: WebDriver) -> None:
    """WebDriver.run_input_thread, and the app's end when its input ends before the app
    asked to stop: the process that drove it is gone (kill -9), and nothing can reach
    the app again. It would run on, an orphan, reconnecting to its server and holding
    the seat it sat at (issue 51.1)."""
    try:
        _run_input_thread(self)
    finally:
        if not self.exit_event.is_set():  # set by the app's own stop
            self.send_message(messages.ExitApp())


def apply() -> None:
    """Textual issue #6665: `StylesCache.get_inner_outer` is an `lru_cache`d method, so
    its cache keeps the last 1,024 widgets' style caches alive, every line each had
    drawn among them, long after the widgets are gone, for every full garbage collection
    to walk (cwtui.shell.collector). Over the 24 tests of tests/app/test_history_screen.py,
    one process kept 276,000 such objects, 162,000 of them line caches; 11,000 now. The
    cache is keyed by the colors alone, as the method reads nothing else.

    And a screen's first visit: Textual loads its CSS into a new Stylesheet, whose own
    parse cache starts empty, so every source the app has (every widget's default CSS,
    every screen's file) is parsed again: a median of 25 ms a screen at 120×40 here (up
    to 46), against 3 ms with one cache for the process (`Stylesheet._parse_rules`
    keyed by everything it reads; scripts/bench_app.py). Tests, which start hundreds of
    apps in a process, parse each source once.

    And the web driver (a browser's `cwtui guest`, run by textual-serve): when its input
    ends, the app is ended (`_run_input_thread_then_end`)."""
    StylesCache.get_inner_outer = staticmethod(_inner_outer)  # type: ignore[method-assign,assignment]
    Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]
    WebDriver.run_input_thread = _run_input_thread_then_end  # type: ignore[method-assign]
