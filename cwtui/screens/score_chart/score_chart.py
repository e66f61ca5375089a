"""The scores of every seat over a replayed game, as a line chart; with a game review,
each reviewed seat's estimated win chance below it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cwtui.lang import N_, _
from cwtui.widgets.line_chart import LineChart, LinePlot, Series


class ScoreChartScreen(ModalScreen[None]):
    CSS_PATH = "score_chart.tcss"
    BINDINGS = [Binding("escape,c,q", "dismiss", N_("Close"), id="score_chart.close")]

    def __init__(self, names: list[str], scores: list[list[int]], position: int, wins: LinePlot | None = None) -> None:
        super().__init__()
        self.plot = LinePlot(
            _("Score after each move (trophies and caught Master Anglers as they come; tags at the end)"),
            _("move"),
            tuple(Series(name, tuple(values)) for name, values in zip(names, scores, strict=True)),
            marker=position,
        )
        self.wins = wins

    def compose(self) -> ComposeResult:
        with Vertical(id="score-chart"):
            yield LineChart(id="chart")
            if self.wins is not None:
                yield LineChart(id="win-chart")
            yield Static(_("│ marks the replay's position · Esc closes"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#chart", LineChart).plot = self.plot
        if self.wins is not None:
            self.query_one("#win-chart", LineChart).plot = self.wins
