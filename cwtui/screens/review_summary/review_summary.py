"""A game review at a glance: each reviewed seat's accuracy, band, points lost and
grades, its costliest decisions with the better move and where its points lie, and
every reviewed seat's win chance over the game.
A number key jumps the replay to that decision (dismissed with its ply)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cwtui.review import SeatSummary, points
from cwtui.widgets.line_chart import LineChart, LinePlot

GRADE_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


class ReviewSummaryScreen(ModalScreen[int | None]):
    CSS_PATH = "review_summary.tcss"
    BINDINGS = [
        Binding("escape,q,R", "dismiss_none", "Close", id="review_summary.close"),
        *(Binding(str(k), f"jump({k})", f"Decision {k}", id=f"review_summary.jump_{k}", show=False)
          for k in range(1, 10)),
    ]  # fmt: skip

    def __init__(self, title: str, seats: list[SeatSummary], wins: LinePlot) -> None:
        super().__init__()
        self.heading = title
        self.seats = seats
        self.wins = wins
        # the decisions a number key jumps to, in the order listed
        self.listed = [w.ply for s in seats for w in s.worst][:9]

    def compose(self) -> ComposeResult:
        with Vertical(id="review-summary"):
            yield Static(Text(self.heading, style="bold"), classes="title")
            with VerticalScroll(id="review-seats"):
                yield Static(self.text(), id="review-text")
            yield LineChart(id="win-chart")
            yield Static("1–9 go to that decision · m/M the next/previous mistake · Esc closes", classes="hint")

    def text(self) -> Text:
        out = Text()
        number = 0
        for s in self.seats:
            out.append(f"{s.name}", style="bold")
            out.append(f"  {s.headline}\n")
            out.append(f"   {s.grades}\n", style="dim")
            for w in s.worst:
                number += 1
                out.append(f" {number} " if number <= 9 else "   ", style="bold reverse")
                out.append(f" move {w.ply + 1} ")  # numbered as the move list numbers it
                out.append(w.grade, style=GRADE_STYLES.get(w.grade, ""))
                out.append(f" ({points(w.loss)}): {w.line}\n")
            if not s.worst:
                out.append("   every decision as good as the search's\n", style="dim")
        out.rstrip()
        return out

    def on_mount(self) -> None:
        self.query_one("#win-chart", LineChart).plot = self.wins

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_jump(self, number: int) -> None:
        if number <= len(self.listed):
            self.dismiss(self.listed[number - 1])
