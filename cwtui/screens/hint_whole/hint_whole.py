"""A hint whole: the line under the options holds three lines of it, and a hint that
names three moves with what each does can take five (a newcomer's game had four cut
with "…" and no way to read the rest). h again, where the line ends in "h: all"."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cwtui.lang import N_, _


class HintWholeScreen(ModalScreen[None]):
    CSS_PATH = "hint_whole.tcss"
    BINDINGS = [Binding("escape,h,q,enter", "dismiss", N_("Close"), id="hint_whole.close")]

    def __init__(self, hint: Text) -> None:
        """`hint`: the hint line as the table styles it."""
        super().__init__()
        self.hint = hint

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = _("Hint")
            scroll.border_subtitle = _("Esc: back to the table")
            yield Static(self.hint, classes="hint")
