from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from cwtui.lang import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Shown instead of any screen while the terminal is smaller than 80×24."""

    CSS_PATH = "too_small.tcss"

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.message(self.app.size.width, self.app.size.height))

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Static).update(self.message(event.size.width, event.size.height))

    @staticmethod
    def message(width: int, height: int) -> str:
        return (
            _("cwtui needs a terminal of at least {least}; this one is {size}.").format(
                least=f"{MIN_WIDTH}×{MIN_HEIGHT}", size=f"{width}×{height}"
            )
            + "\n"
            + _("Make the window larger to go on; nothing is lost.")
        )
