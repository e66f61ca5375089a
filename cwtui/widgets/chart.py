"""A terminal bar chart: columns along an axis for numeric labels, horizontal bars for
names. Drawn with eighth-block characters, so a bar's length is exact to 1/8 cell."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from cwtui.history.chart import ChartData, NoChart, chart_for
from cwtui.history.sandbox import QueryResult

Source = tuple[QueryResult, str | None, str]  # a result, its label column (None: histogram), its value column

COLUMN_EIGHTHS = " ▁▂▃▄▅▆▇█"
BAR_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


class BarChart(Widget):
    """Plots a query result's columns to fit the widget's size: histogram bins and the
    gaps of a numeric axis depend on the width, so the data is made at render time."""

    COMPONENT_CLASSES = {"barchart--bar", "barchart--axis", "barchart--title"}
    DEFAULT_CSS = """
    BarChart { height: 1fr; }
    BarChart > .barchart--bar { color: $accent; }
    BarChart > .barchart--axis { color: $text-muted; }
    BarChart > .barchart--title { text-style: bold; }
    """

    source: reactive[Source | None] = reactive(None)

    @property
    def data(self) -> ChartData | None:
        return self.data_for(self.size.width or 80)

    def data_for(self, width: int) -> ChartData | None:
        if self.source is None:
            return None
        result, label, value = self.source
        try:
            return chart_for(result, label, value, bins=max(width - 8, 10))
        except NoChart:
            return None

    def render(self) -> RenderableType:
        width, height = self.size.width, self.size.height
        data = self.data_for(width)
        if data is None:
            return Text("")
        if data.numeric_x and self._columns_fit(data, width):
            return self.columns(data, width, height)
        return self.bars(data, width, height)

    def _style(self, part: str) -> Style:
        return self.get_component_rich_style(f"barchart--{part}")

    @staticmethod
    def _columns_fit(data: ChartData, width: int) -> bool:
        axis = len(_number(max(data.values, default=0))) + 2
        return len(data.values) <= width - axis

    def columns(self, data: ChartData, width: int, height: int) -> Text:
        top = max(max(data.values, default=0.0), 0.0) or 1.0
        axis = len(_number(top)) + 1
        n = len(data.values)
        col = max(1, min(4, (width - axis - 1) // max(n, 1)))
        rows = max(height - 3, 2)  # title, x labels and x axis
        bar_style, axis_style = self._style("bar"), self._style("axis")
        out = Text(data.title + "\n", style=self._style("title"))
        levels = [max(v, 0.0) / top * rows * 8 for v in data.values]
        for r in range(rows, 0, -1):
            label = _number(top) if r == rows else ("0" if r == 1 else "")
            out.append(label.rjust(axis - 1) + "┤" if label else " " * (axis - 1) + "│", style=axis_style)
            for level in levels:
                eighths = round(min(max(level - (r - 1) * 8, 0), 8))
                cell = COLUMN_EIGHTHS[eighths] * (col - 1 if col > 1 else 1) + (" " if col > 1 else "")
                out.append(cell, style=bar_style)
            out.append("\n")
        out.append(" " * (axis - 1) + "└" + "─" * (n * col) + "\n", style=axis_style)
        out.append(" " * axis + self._x_labels(data.labels, col, width - axis))
        return out

    @staticmethod
    def _x_labels(labels: tuple[str, ...], col: int, room: int) -> str:
        """Labels under their columns, as many as fit without touching."""
        line = [" "] * room
        next_free = 0
        for i, label in enumerate(labels):
            at = i * col
            if at >= next_free and at + len(label) <= room:
                line[at : at + len(label)] = label
                next_free = at + len(label) + 1
        return "".join(line).rstrip()

    def bars(self, data: ChartData, width: int, height: int) -> Text:
        top = max(max(data.values, default=0.0), 0.0) or 1.0
        label_width = min(max((len(label) for label in data.labels), default=1), max(width // 3, 4))
        value_width = max(len(_number(v)) for v in data.values)
        room = max(width - label_width - value_width - 3, 4)
        shown = max(height - 2, 1)
        bar_style, axis_style = self._style("bar"), self._style("axis")
        out = Text(data.title + "\n", style=self._style("title"))
        for label, value in list(zip(data.labels, data.values, strict=True))[:shown]:
            eighths = round(max(value, 0.0) / top * room * 8)
            bar = "█" * (eighths // 8) + (BAR_EIGHTHS[eighths % 8] if eighths % 8 else "")
            out.append(label[:label_width].rjust(label_width) + " ", style=axis_style)
            out.append(bar.ljust(room), style=bar_style)
            out.append(" " + _number(value).rjust(value_width) + "\n")
        if len(data.values) > shown:
            out.append(f"… and {len(data.values) - shown} more rows (taller window or fewer rows)", style=axis_style)
        return out
