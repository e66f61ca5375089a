"""A terminal line chart of a few series drawn in braille dots (2×4 per cell), with a
y axis, an x axis and a marker for one x (the replay's position)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

SERIES_COLORS = ("cyan", "magenta", "yellow", "green", "bright_white")
BRAILLE = 0x2800
# bit of the dot at (column 0–1, row 0–3) of a braille cell
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class LinePlot:
    title: str
    x_name: str
    series: tuple[Series, ...]
    marker: int | None = None  # an x to mark with a vertical line


class LineChart(Widget):
    DEFAULT_CSS = """
    LineChart { height: 1fr; }
    """

    plot: reactive[LinePlot | None] = reactive(None)

    def render(self) -> RenderableType:
        if self.plot is None:
            return Text("")
        return draw(self.plot, self.size.width, self.size.height)


def draw(plot: LinePlot, width: int, height: int) -> Text:
    """The chart as text for a width × height box (title, legend and axes included)."""
    n = max((len(s.values) for s in plot.series), default=0)
    top = max((max(s.values, default=0) for s in plot.series), default=0) or 1
    axis = len(str(top)) + 1
    cols = max(width - axis - 1, 4)
    legend = "".join(f"━━ {s.name} {s.values[-1] if s.values else 0}   " for s in plot.series)
    # the title and legend wrap in a narrow box: leave them their lines, then the x axis and labels
    heading = -(-len(plot.title) // max(width, 1)) + -(-len(legend) // max(width, 1))
    rows = max(height - heading - 2, 2)
    dots_x, dots_y = cols * 2, rows * 4
    cells: list[list[int]] = [[0] * cols for _ in range(rows)]
    owner: list[list[int]] = [[-1] * cols for _ in range(rows)]

    def to_dot(i: int, value: int) -> tuple[int, int]:
        x = round(i * (dots_x - 1) / max(n - 1, 1))
        y = dots_y - 1 - round(value * (dots_y - 1) / top)
        return x, y

    for k, series in enumerate(plot.series):
        points = [to_dot(i, v) for i, v in enumerate(series.values)]
        for (x0, y0), (x1, y1) in pairwise(points):
            for x, y in _segment(x0, y0, x1, y1):
                cells[y // 4][x // 2] |= DOTS[y % 4][x % 2]
                owner[y // 4][x // 2] = k
        if len(points) == 1:
            x, y = points[0]
            cells[y // 4][x // 2] |= DOTS[y % 4][x % 2]
            owner[y // 4][x // 2] = k
    marker_col = None
    if plot.marker is not None and n:
        marker_col = round(plot.marker * (dots_x - 1) / max(n - 1, 1)) // 2

    out = Text(plot.title + "\n", style="bold")
    for k, series in enumerate(plot.series):
        out.append("━━ ", style=SERIES_COLORS[k % len(SERIES_COLORS)])
        out.append(f"{series.name} {series.values[-1] if series.values else 0}   ")
    out.append("\n")
    for r in range(rows):
        label = str(top) if r == 0 else ("0" if r == rows - 1 else "")
        out.append(label.rjust(axis - 1) + ("┤" if label else "│"), style="dim")
        for c in range(cols):
            if cells[r][c]:
                out.append(chr(BRAILLE + cells[r][c]), style=SERIES_COLORS[owner[r][c] % len(SERIES_COLORS)])
            elif c == marker_col:
                out.append("│", style="dim")
            else:
                out.append(" ")
        out.append("\n")
    out.append(" " * (axis - 1) + "└" + "─" * cols + "\n", style="dim")
    last = f"{plot.x_name} {max(n - 1, 0)}"
    out.append(" " * axis + "0" + last.rjust(cols - 1), style="dim")
    return out


def _segment(x0: int, y0: int, x1: int, y1: int) -> Sequence[tuple[int, int]]:
    """The dots of a line from (x0, y0) to (x1, y1) (Bresenham)."""
    points = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        points.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return points
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
