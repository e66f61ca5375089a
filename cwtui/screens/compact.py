"""The compact layout shared by the play and replay screens: below WIDE×TALL they show
one pane at a time (`shown`), switched with F-keys, above the part that stays."""

from __future__ import annotations

from textual import events
from textual.reactive import reactive
from textual.screen import Screen

WIDE, TALL = 120, 34


class CompactScreen(Screen[None]):
    """A screen whose `PANES` (ids) are shown one at a time in the compact layout; the
    shown one has the class -shown, and so has #left when the pane is inside it."""

    PANES: tuple[str, ...] = ()
    shown: reactive[str] = reactive("board")

    def on_resize(self, event: events.Resize) -> None:
        self.update_layout(event.size.width, event.size.height)

    def update_layout(self, width: int, height: int) -> None:
        compact = width < WIDE or height < TALL
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            self.refresh_bindings()  # the pane keys act, and are listed, only when compact
        self.watch_shown(self.shown)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The full layout shows every pane at once: its F-keys would do nothing, so the
        footer does not offer them."""
        if action == "show":
            return self.has_class("-compact")
        return True

    def watch_shown(self, shown: str) -> None:
        for pane_id in self.PANES:
            self.query_one(f"#{pane_id}").set_class(pane_id == shown, "-shown")
        left = self.query("#left")
        if left:
            left.first().set_class(bool(left.first().query(f"#{shown}")), "-shown")

    def action_show(self, pane: str) -> None:
        self.shown = pane
