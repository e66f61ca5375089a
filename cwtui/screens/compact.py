"""The compact layout shared by the play and replay screens: below WIDE×TALL they show
one pane at a time (`shown`), switched with F-keys, above the part that stays."""

from __future__ import annotations

from typing import Any

from textual import events

WIDE, TALL = 120, 34


class CompactLayout:
    """Mix into a Screen that declares `shown = reactive("board")` and `PANES`, the ids
    of the panes shown one at a time (the "table" pane is the #right column)."""

    PANES: tuple[str, ...] = ()
    shown: Any
    size: Any

    def on_resize(self, event: events.Resize) -> None:
        self.update_layout(event.size.width, event.size.height)

    def update_layout(self, width: int, height: int) -> None:
        self.set_class(width < WIDE or height < TALL, "-compact")  # type: ignore[attr-defined]
        self.watch_shown(self.shown)

    def watch_shown(self, shown: str) -> None:
        for pane_id in self.PANES:
            self.query_one(f"#{pane_id}").set_class(pane_id == shown, "-shown")  # type: ignore[attr-defined]
        self.query_one("#right").set_class(shown == "table", "-shown")  # type: ignore[attr-defined]

    def action_show(self, pane: str) -> None:
        self.shown = pane
