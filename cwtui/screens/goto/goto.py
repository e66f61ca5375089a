"""Go to a move: the position after move N, from 0 (the start) to the replay's last move."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cwtui.lang import N_, _


class GotoDialog(ModalScreen[int | None]):
    CSS_PATH = "goto.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="goto.cancel")]

    def __init__(self, last: int) -> None:
        super().__init__()
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(id="goto"):
            yield Static(_("Go to move (1–{last}; 0: the start)").format(last=self.last), classes="title")
            yield Input(placeholder=f"0–{self.last}", type="integer", id="ply")
            yield Static(_("Enter to go, Esc to cancel"), classes="hint")

    def on_mount(self) -> None:
        field = self.query_one("#ply", Input)
        field.cursor_blink = self.app.animation_level != "none"  # still in tests
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            ply = int(event.value)
        except ValueError:
            self.notify(_("Type a number from 0 to {last}.").format(last=self.last), severity="warning")
            return
        if not 0 <= ply <= self.last:
            nothing = _("There is no move {move}: this game has moves 1 to {last}.").format(move=ply, last=self.last)
            self.notify(nothing, severity="warning")
            return
        self.dismiss(ply)

    def action_cancel(self) -> None:
        self.dismiss(None)
