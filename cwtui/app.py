"""The cwtui Textual app: home, new game, play, results."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from cwtui.crash import crash_line, write_report
from cwtui.screens.help.help import HelpScreen
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.too_small.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from engine.replay import Replay

BOT_SPEEDS = {"instant": 0.0, "normal": 0.5, "slow": 1.5}


class CwtuiApp(App[None]):
    """Play Coldwater Crown. `seed_source` makes new-game seeds predictable in tests."""

    CSS_PATH = "app.tcss"
    TITLE = "cwtui — Coldwater Crown"
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False),
    ]

    def __init__(
        self,
        replays: Path,
        *,
        bot_speed: str = "normal",
        seed_source: Callable[[], int] | None = None,
        still: bool = False,
        replay: tuple[Replay, Path] | None = None,
    ) -> None:
        """`still`: no animation and no blinking cursor (snapshot tests). `replay`: open
        this game in the replay screen (over the home screen)."""
        super().__init__()
        self.opening = replay
        self.history_draft: str | None = None  # the History editor's text, kept between visits
        self.replays = replays
        self.bot_speed = bot_speed
        self.seed_source = seed_source or (lambda: secrets.randbits(32))
        self.still = still
        self.crashed: str | None = None  # an error nothing handled ended the app: what to say
        # Search bots and hints stop at their time cap; tests turn it off so that a
        # hint is the same on a loaded machine (the iteration budget decides alone).
        self.search_timed = not still
        if still:
            self.animation_level = "none"

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing handled. Textual stops the app (return code 1) and would print
        the traceback on the terminal; the traceback goes to a crash report instead,
        and `crashed` holds the one line to print once the app has left the screen
        (printed by the command line, not by Textual, which would wrap or crop it). The
        game log already holds every move played."""
        if self.crashed is None:
            self.crashed = crash_line(error, write_report(error))
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def on_mount(self) -> None:
        self.push_screen(HomeScreen())
        if self.opening is not None:
            from cwtui.screens.replay.replay import ReplayScreen

            self.push_screen(ReplayScreen(*self.opening))
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Below 80×24 the board cannot be drawn legibly: say so instead of garbling it."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    def action_help(self) -> None:
        if not isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            self.push_screen(HelpScreen(self.screen))

    def action_new_game(self) -> None:
        from cwtui.screens.new_game.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_home(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def set_bot_speed(self, speed: str) -> None:
        self.bot_speed = speed
        self.notify(f"Bot speed: {speed}")

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Set up and start a new game", self.action_new_game)
        yield SystemCommand("Home", "Back to the home screen", self.action_home)
        for speed in BOT_SPEEDS:
            yield SystemCommand(f"Bot speed: {speed}", f"Bots move {speed}", lambda s=speed: self.set_bot_speed(s))
