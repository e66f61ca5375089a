"""Hot seat: a full screen between two human seats, so nobody sees another's secrets."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from cwtui.lang import _


class HandoverScreen(Screen[None]):
    CSS_PATH = "handover.tcss"

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                Content.assemble(
                    (_("Pass the keyboard to {name}.").format(name=self.player), "bold"),
                    "\n\n",
                    _("{name}: press any key when only you can see the screen.").format(name=self.player),
                )
            )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()
