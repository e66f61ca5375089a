"""Play from here: who plays each seat in the new game forked from a replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from cwtui.game.words import SEAT_KIND_ORDER, seat_kinds
from cwtui.lang import N_, _
from engine import SeatConfig

KINDS = SEAT_KIND_ORDER


class ForkDialog(ModalScreen[tuple[SeatConfig, ...] | None]):
    """Returns the seats (names kept, kinds chosen), or None if cancelled."""

    CSS_PATH = "fork.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="fork.cancel")]

    def __init__(self, seats: tuple[SeatConfig, ...], ply: int, line_for: int | None = None) -> None:
        """`line_for`: the seat whose costly decision the fork begins at, offered the
        review's better line at the new table (played by a human, unless changed here)."""
        super().__init__()
        self.seats = seats
        self.ply = ply
        self.line_for = line_for

    def compose(self) -> ComposeResult:
        with Vertical(id="fork"):
            if self.ply:
                title = _("Play on after move {move} as a new game").format(move=self.ply)
            else:
                title = _("Play on from the start as a new game")
            yield Static(title, classes="title")
            yield Static(_("The saved game stays as it is; the new one names it as its parent."), classes="hint")
            if self.line_for is not None:
                marks = _("{name}'s table marks the review's better move, then its line: Enter plays each, or choose "
                          "your own.")  # fmt: skip
                yield Static(marks.format(name=self.seats[self.line_for].name), classes="hint")
            for i, seat in enumerate(self.seats):
                kind = "human" if i == self.line_for else seat.kind if seat.kind in KINDS else "greedy"
                with Horizontal(classes="seat"):
                    yield Static(seat.name, classes="name")
                    yield Select(seat_kinds(), value=kind, allow_blank=False, id=f"kind-{i}")
            with Horizontal(id="buttons"):
                yield Button(_("Play"), variant="primary", id="play")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.dismiss(self.chosen())
        else:
            self.dismiss(None)

    def chosen(self) -> tuple[SeatConfig, ...]:
        return tuple(
            SeatConfig(seat.name, str(self.query_one(f"#kind-{i}", Select).value)) for i, seat in enumerate(self.seats)
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
