"""Leaving an online game for good: resign (a bot plays on for the seat, or the game
ends, as the room's host chose), or, in the first round, propose or agree to abort it."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.lang import N_, _

Choice = Literal["resign", "abort"]


class LeaveDialog(ModalScreen[Choice | None]):
    CSS_PATH = "leave.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="leave.cancel")]

    def __init__(self, on_resign: str, abort: str | None) -> None:
        """`on_resign`: what resigning does here ("bot" or "end"); `abort`: the abort
        option's words, None after the first round."""
        super().__init__()
        self.on_resign = on_resign
        self.abort = abort

    def compose(self) -> ComposeResult:
        resign = (
            _("Resign: a bot plays on for your seat") if self.on_resign == "bot" else _("Resign: the game ends here")
        )
        options = [Option(resign, id="resign")]
        if self.abort is not None:
            options.append(Option(self.abort, id="abort"))
        options.append(Option(_("Stay at the table"), id="stay"))
        with Vertical(id="leave"):
            yield Static(_("Leave this game for good?"), classes="title")
            yield OptionList(*options)
            yield Static(_("q leaves the table for now: your seat stays yours (join again with your line)."),
                         classes="hint")  # fmt: skip

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = len(self.query_one(OptionList).options) - 1  # stay, by default
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        self.dismiss("resign" if choice == "resign" else "abort" if choice == "abort" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
