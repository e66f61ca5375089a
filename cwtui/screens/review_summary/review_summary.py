"""A game review at a glance: each reviewed seat's accuracy, band, points lost and
grades, its costliest decisions with the better move and where its points lie, and
every reviewed seat's win chance over the game.
A number key jumps the replay to that decision (dismissed with its ply).

The decisions come first, whole where the screen can hold them; the chart takes the
room left, and gives it up when that is too little to read (at 80×24: the replay's c
charts the win chances too)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cwtui.game import words
from cwtui.game.review import SeatSummary, grade_said, points
from cwtui.lang import N_, _
from cwtui.widgets.line_chart import LineChart, LinePlot

GRADE_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
CHART_ROWS = 8  # the chart's least height: its legend and a plot that reads
# the keys' line, a line at 80 columns; m/M are the replay's, once this is closed
KEYS = N_("1–9 go to that decision · Esc closes · then m/M: next/previous mistake")
NO_CHART = N_("1–9 go to that decision · Esc closes · win chances: c on the replay")


class ReviewSummaryScreen(ModalScreen[int | None]):
    CSS_PATH = "review_summary.tcss"
    BINDINGS = [
        Binding("escape,q,R", "dismiss_none", N_("Close"), id="review_summary.close"),
        *(Binding(str(k), f"jump({k})", N_("Go to a listed decision"), id=f"review_summary.jump_{k}", show=False)
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
            yield Static(_(KEYS), id="review-keys", classes="hint")

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
                out.append(" " + _("move {move}").format(move=w.ply + 1) + " ")  # numbered as the move list numbers it
                out.append(grade_said(w.loss, w.margin), style=GRADE_STYLES.get(w.grade, ""))
                out.append(
                    words.aside(_("({points}): {line}").format(points=points(w.loss, w.margin), line=w.line)) + "\n"
                )
            if not s.worst:
                out.append("   " + _("no decision lost half a point or more") + "\n", style="dim")
        out.rstrip()
        return out

    def on_mount(self) -> None:
        self.query_one("#win-chart", LineChart).plot = self.wins

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit)  # once the box has its size

    def fit(self) -> None:
        """The decisions as tall as their lines, the chart in the room left if it is
        CHART_ROWS or more; else no chart, and the decisions scroll in all the room."""
        box = self.query_one("#review-summary")
        listed = self.query_one("#review-seats", VerticalScroll)
        text = self.query_one("#review-text", Static)
        keys = self.query_one("#review-keys", Static)
        room = box.content_region.height - sum(w.outer_size.height for w in box.query(".title, .hint"))
        width = listed.content_region.width
        need = text.get_content_height(box.content_region.size, self.size, width) if width else room
        chart = room - need >= CHART_ROWS
        self.query_one("#win-chart", LineChart).display = chart
        listed.styles.height = "auto" if chart else "1fr"
        keys.update(_(KEYS) if chart else _(NO_CHART))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_jump(self, number: int) -> None:
        if number <= len(self.listed):
            self.dismiss(self.listed[number - 1])
