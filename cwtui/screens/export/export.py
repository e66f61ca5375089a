"""Export dialog: where to write a query's whole result, as CSV or Parquet."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioButton, RadioSet, Static

from cwtui.history.sandbox import ExportFormat
from cwtui.lang import N_, _


class ExportDialog(ModalScreen[tuple[ExportFormat, Path] | None]):
    """Returns (format, path), or None if cancelled. The file name follows the format."""

    CSS_PATH = "export.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="export.cancel")]

    def __init__(self, stem: Path) -> None:
        super().__init__()
        self.stem = stem

    def compose(self) -> ComposeResult:
        with Vertical(id="export"):
            yield Static(_("Export the whole result"), classes="title")
            # the file first, then its format, then the buttons: Tab from the file
            # reaches Export before Cancel
            yield Static(_("File (Enter exports)"), classes="hint")
            yield Input(str(self.stem.with_suffix(".csv")), id="path")
            with RadioSet(id="format"):
                yield RadioButton("CSV", value=True, id="csv")
                yield RadioButton("Parquet", id="parquet")
            with Horizontal(id="buttons"):
                yield Button(_("Export"), variant="primary", id="ok")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        path = self.query_one("#path", Input)
        path.cursor_blink = self.app.animation_level != "none"  # still in tests
        path.focus()

    @property
    def format(self) -> ExportFormat:
        pressed = self.query_one("#format", RadioSet).pressed_button
        return "parquet" if pressed is not None and pressed.id == "parquet" else "csv"

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        path = self.query_one("#path", Input)
        current = Path(path.value)
        if current.suffix.lower() in (".csv", ".parquet", ""):
            path.value = str(current.with_suffix("." + self.format))

    def on_input_submitted(self) -> None:
        self._finish()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._finish()
        else:
            self.action_cancel()

    def _finish(self) -> None:
        value = self.query_one("#path", Input).value.strip()
        if not value:
            self.notify(_("Give a file to write."), severity="warning")
            return
        self.dismiss((self.format, Path(value).expanduser()))

    def action_cancel(self) -> None:
        self.notify(_("Export cancelled: nothing written."))
        self.dismiss(None)
