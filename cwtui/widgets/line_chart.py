"""A line chart of a few series over a game (scores, win chances) with a marker at one
x (the replay's position), drawn by plotext (through textual-plotext) in braille dots.

The title and a legend that names each series with its last value are text above the
plot, so the legend never covers a line; plotext draws the axes, ticks and lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Static
from textual_plotext import PlotextPlot
from textual_plotext.plot import Plot

# A series' color: the terminal's own colors, which every theme redefines to read on its
# background, as rich names them (the legend) and by number (the plot: plotext's own
# names are other colors, its "yellow" being a blue)
SERIES_COLORS = (("cyan", 6), ("magenta", 5), ("yellow", 3), ("green", 2), ("white", 7))
MARKER_COLOR = 8  # the terminal's grey
NICE_STEPS = (1, 2, 5)  # ticks fall on multiples of these times a power of ten
ROOM_FOR_X_NAME = 10  # rows from which the x axis is named under its numbers


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Note:
    """A few characters at a point of a series (a review's "?" where a seat erred)."""

    x: int
    y: int
    label: str
    series: int  # the index of the series it marks: drawn in its color


@dataclass(frozen=True)
class LinePlot:
    title: str
    x_name: str
    series: tuple[Series, ...]
    marker: int | None = None  # an x to mark with a vertical line
    y_range: tuple[int, int] | None = None  # fixed bounds (a percentage: 0–100); else 0 to the highest value
    notes: tuple[Note, ...] = ()
    notes_key: str = ""  # what the notes mean, for the legend


class LineChart(Vertical):
    """The plot's heading (title and legend) above its canvas."""

    DEFAULT_CSS = """
    LineChart { height: 1fr; }
    LineChart > .line-chart--heading { height: auto; }
    LineChart > LineCanvas { height: 1fr; }
    """

    plot: reactive[LinePlot | None] = reactive(None)

    def compose(self) -> ComposeResult:
        yield Static(classes="line-chart--heading")
        yield LineCanvas()

    def watch_plot(self, plot: LinePlot | None) -> None:
        self.query_one(".line-chart--heading", Static).update(heading(plot) if plot else "")
        self.query_one(LineCanvas).plot = plot


class LineCanvas(PlotextPlot):
    """The axes and lines; drawn again for each size, since ticks depend on it."""

    plot: reactive[LinePlot | None] = reactive(None)

    def render(self) -> RenderResult:
        plt = self.plt
        plt.clear_figure()
        if self.plot is not None:
            draw(plt, self.plot, self.size.width, self.size.height)
        return super().render()


def heading(plot: LinePlot) -> Text:
    out = Text(plot.title + "\n", style="bold")
    for k, series in enumerate(plot.series):
        out.append("━━ ", style=SERIES_COLORS[k % len(SERIES_COLORS)][0])
        out.append(f"{series.name} {series.values[-1] if series.values else 0}   ")
    if plot.notes_key:
        out.append(plot.notes_key, style="dim")
    out.rstrip()
    return out


def draw(plt: Plot, plot: LinePlot, width: int, height: int) -> None:
    """`plot` on plotext's figure `plt`, for a canvas of width × height cells."""
    n = max((len(s.values) for s in plot.series), default=0)
    low, high = plot.y_range or (0, max((max(s.values, default=0) for s in plot.series), default=0) or 1)
    for k, series in enumerate(plot.series):
        if series.values:
            color = SERIES_COLORS[k % len(SERIES_COLORS)][1]
            plt.plot(list(range(len(series.values))), list(series.values), marker="braille", color=color)
    if plot.marker is not None and n:
        plt.vline(plot.marker, MARKER_COLOR)
    for note in plot.notes:
        plt.text(note.label, note.x, note.y, color=SERIES_COLORS[note.series % len(SERIES_COLORS)][1])
    last = max(n - 1, 1)
    plt.xlim(0, last)
    plt.ylim(low, high)
    plt.xaxes(True, False)  # the axes only, no frame: a line at the top would read as 100%
    plt.yaxes(True, False)
    marks = ticks(0, last, max(width // 10, 2))
    plt.xticks(marks, [number(m) for m in marks])
    rows = height - 2  # under them, the x axis and its numbers
    if height >= ROOM_FOR_X_NAME:
        plt.xlabel(plot.x_name)
        rows -= 1
    marks = ticks(low, high, max(rows // 2, 2))
    plt.yticks(marks, [number(m) for m in marks])


def number(value: float) -> str:
    """A tick's label: 20, not 20.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


def ticks(low: float, high: float, most: int, whole: bool = True) -> list[float]:
    """Round numbers from `low` to `high`, at most `most` of them, as a reader would
    mark an axis (0, 20, 40… rather than plotext's own 0.0, 13.8, 27.7…); only whole
    ones if `whole` (plies and points have no halves)."""
    span = high - low
    if span <= 0:
        return [low]
    scale = 10.0 ** math.floor(math.log10(span / max(most - 1, 1)))
    while True:
        for step in NICE_STEPS:
            size = step * scale
            if whole and size < 1:
                continue
            first = math.ceil(low / size - 1e-9)
            last = math.floor(high / size + 1e-9)
            if last - first + 1 <= most:
                return [round(k * size, 10) for k in range(first, last + 1)]
        scale *= 10
