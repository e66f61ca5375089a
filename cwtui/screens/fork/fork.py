"""Play from here: who plays each seat in the new game forked from a replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from cwtui.words import SEAT_KINDS
from engine import SeatConfig

KINDS = tuple(kind for _, kind in SEAT_KINDS)


class ForkDialog(ModalScreen[tuple[SeatConfig, ...] | None]):
    """Returns the seats (names kept, kinds chosen), or None if cancelled."""

    CSS_PATH = "fork.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="fork.cancel")]

    def __init__(self, seats: tuple[SeatConfig, ...], ply: int) -> None:
        super().__init__()
        self.seats = seats
        self.ply = ply

    def compose(self) -> ComposeResult:
        with Vertical(id="fork"):
            where = f"after move {self.ply}" if self.ply else "from the start"
            yield Static(f"Play on {where} as a new game", classes="title")
            yield Static("The saved game stays as it is; the new one names it as its parent.", classes="hint")
            for i, seat in enumerate(self.seats):
                with Horizontal(classes="seat"):
                    yield Static(seat.name, classes="name")
                    yield Select(SEAT_KINDS, value=seat.kind if seat.kind in KINDS else "greedy",
                                 allow_blank=False, id=f"kind-{i}")  # fmt: skip
            with Horizontal(id="buttons"):
                yield Button("Play", variant="primary", id="play")
                yield Button("Cancel", id="cancel")

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
