"""What the others did since your last turn, whole: the prompt's strip above the question
shows three lines of it, and a four-player round takes four to seven."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cwtui.game import words
from cwtui.lang import N_, _


class SinceScreen(ModalScreen[None]):
    CSS_PATH = "since.tcss"
    BINDINGS = [Binding("escape,f7,q,enter", "dismiss", N_("Close"), id="since.close")]

    def __init__(self, runs: list[tuple[str | None, list[str]]]) -> None:
        """`runs`: each seat's turn in order, as its name (None: what the table did) and
        what it did, clause by clause."""
        super().__init__()
        self.runs = runs

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = _("Since your last turn")
            scroll.border_subtitle = _("Esc: back to the table")
            for who, what in self.runs:
                if who:  # under a name, as the strip says it: "Bo: places …", not "Bo: Places …"
                    said = Text.assemble(
                        (words.spaced(_("{name}:").format(name=who)), "bold"),
                        _("{sentence}.").format(sentence=_("; ").join(what)),
                    )
                else:
                    said = Text(_("{sentence}.").format(sentence=words.run_said(None, what)))
                yield Static(said, classes="turn")
