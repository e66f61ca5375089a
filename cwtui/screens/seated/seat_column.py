"""The seats' column: a panel for every seat, yours first (at a hot seat, the seat at
the keyboard's), the others in turn order from you; in the full layout, the other
seats' panels that do not fit are folded to a line of summary (F5 shows them whole)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from cwtui.widgets.table.marks import Marks
from cwtui.widgets.table.seat import SeatPanel
from engine.cards import Cards
from engine.view import View


class SeatColumn(VerticalScroll):
    def __init__(self, cards: Cards, order: list[int], *, id: str | None = None) -> None:
        super().__init__(id=id)
        # kept, not queried: they are drawn after every move
        self.panels = [SeatPanel(cards, seat, id=f"seat-{seat}") for seat in order]

    def compose(self) -> ComposeResult:
        yield from self.panels

    def show(self, v: View, private: int | None, marks: Marks, breakdown: bool, yours: int) -> None:
        """Every panel drawn from `v`, `private`'s secrets shown on its own (None: none),
        `yours` marked as the player's own."""
        for panel in self.panels:
            panel.show(v, private == panel.seat, marks, breakdown, yours=panel.seat == yours and private is not None)

    def order(self, order: list[int]) -> None:
        """The panels in `order` (the column was ordered once, for the first human, so
        the second's own panel stood below the others' and was the first folded on
        their own turn: issue 52.4)."""
        if [panel.seat for panel in self.panels] == order:
            return
        by_seat = {panel.seat: panel for panel in self.panels}
        self.panels = [by_seat[seat] for seat in order]
        for place, panel in enumerate(self.panels):
            self.move_child(panel, before=place)

    def fit(self) -> None:
        """Every panel whole, or the other seats' that do not fit — the last in turn
        order from you first — folded to a line of summary. Yours is never folded. A
        layout only when one folds or opens again (rare: panels grow a line now and
        then)."""
        room = self.content_region.height
        whole = [panel.whole_height() for panel in self.panels]
        if room <= 0 or None in whole:
            return  # not laid out yet: called again once it is (a new pane shown, a resize)
        need = sum(h or 0 for h in whole)
        collapse: set[int] = set()
        for panel, height in reversed(list(zip(self.panels, whole, strict=True))[1:]):
            if need <= room:
                break
            collapse.add(panel.seat)
            need -= (height or 0) - (panel.folded_height() or 0)
        for panel in self.panels:
            panel.collapse(panel.seat in collapse)
