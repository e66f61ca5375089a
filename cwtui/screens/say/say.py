"""Say a line of table talk at an online table: one line, sent with Enter."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cwtui.lang import N_, _
from cwtui.net.chat import MAX_CHARS, clean


class SayDialog(ModalScreen[str | None]):
    CSS_PATH = "say.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="say.cancel")]

    def __init__(self, room: str) -> None:
        super().__init__()
        self.room = room

    def compose(self) -> ComposeResult:
        with Vertical(id="say"):
            yield Static(_("Say to the table (room {room})").format(room=self.room), classes="title")
            yield Input(placeholder=_("a line for the other players"), max_length=MAX_CHARS, id="line")
            yield Static(_("Enter to say it, Esc to cancel; kept beside the room, never in the game's log"),
                         classes="hint")  # fmt: skip

    def on_mount(self) -> None:
        field = self.query_one("#line", Input)
        field.cursor_blink = self.app.animation_level != "none"  # still in tests
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = clean(event.value)
        self.dismiss(line or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
