"""Seats' panels whole, over the table: yours (F4) or the other seats' (F5).

The table cannot hold every panel whole late in a game (scripts/panel_heights.py: your
own needs up to 29 rows at 40 columns, another seat's 22; the 80×24 layout has 11 rows
for a pane). Here they have the screen: side by side where the screen is wide and tall
enough (120×34 and up, as the full layout), else one at a time, ←/→ to the next.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen

from cwtui.lang import N_, _
from cwtui.screens.compact import TALL, WIDE
from cwtui.widgets.table.marks import Marks
from cwtui.widgets.table.quiet import TextLines
from cwtui.widgets.table.seat import SeatPanel
from engine.cards import Cards
from engine.view import View


class SeatsScreen(ModalScreen[None]):
    CSS_PATH = "seats.tcss"
    BINDINGS = [
        Binding("escape,q,f4,f5,enter", "dismiss", N_("Back to the table"), id="seats.close"),
        Binding("right,tab", "turn(1)", N_("Next seat"), id="seats.next"),
        Binding("left,shift+tab", "turn(-1)", N_("Previous seat"), id="seats.previous"),
    ]

    def __init__(
        self, cards: Cards, v: View, seats: list[int], private: int | None, marks: Marks, breakdown: bool, yours: int
    ) -> None:
        """`seats`: whose panels, in the table's order; `private`: the seat whose secrets
        may be shown (None: public only); `yours`: the seat whose panel is marked yours."""
        super().__init__()
        self.cards = cards
        self.v = v
        self.seats = seats
        self.private = private
        self.marks = marks
        self.breakdown = breakdown
        self.yours = yours
        self.at = 0  # the seat shown, one at a time

    def compose(self) -> ComposeResult:
        with Vertical(id="whole"):
            with Horizontal(id="panels"):
                for seat in self.seats:
                    yield SeatPanel(self.cards, seat, id=f"whole-{seat}")
            yield TextLines(id="seats-keys")

    def on_mount(self) -> None:
        for panel in self.query(SeatPanel):
            panel.show(self.v, self.private == panel.seat, self.marks, self.breakdown, panel.seat == self.yours)
        self.place_panels()

    def on_resize(self) -> None:
        self.place_panels()

    def one_at_a_time(self) -> bool:
        return len(self.seats) > 1 and (self.size.width < WIDE or self.size.height < TALL)

    def place_panels(self) -> None:
        single = self.one_at_a_time()
        for i, panel in enumerate(self.query(SeatPanel)):
            panel.display = not single or i == self.at
        keys = self.query_one("#seats-keys", TextLines)
        if single:
            name = self.v.seats[self.seats[self.at]].name
            said = _("{name} ({number} of {count}) · ←/→: the others · Esc: back")
            keys.update(Text(" " + said.format(name=name, number=self.at + 1, count=len(self.seats))))
        else:
            keys.update(Text(" " + _("Esc: back to the table")))

    def action_turn(self, step: int) -> None:
        self.at = (self.at + step) % len(self.seats)
        self.place_panels()
