"""The line chart (cwtui/widgets/line_chart.py): plotext draws it; the axis marks are
ours, round numbers a reader would write, and a percentage runs from 0 to 100."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from cwtui.widgets.line_chart import LineCanvas, LineChart, LinePlot, Series, number, ticks


@pytest.mark.parametrize(
    ("low", "high", "most", "marks"),
    [
        (0, 100, 5, [0, 50, 100]),  # 0, 25, … would be 5: fine, but 20s would be 6
        (0, 100, 6, [0, 20, 40, 60, 80, 100]),
        (0, 3, 4, [0, 1, 2, 3]),
        (0, 224, 8, [0, 50, 100, 150, 200]),
        (0, 1, 5, [0, 1]),  # whole numbers only: no half plies
        (-2.5, 7, 5, [-2, 0, 2, 4, 6]),
        (5, 5, 3, [5]),
    ],
)
def test_ticks_are_round_numbers_within_the_range(low: float, high: float, most: int, marks: list[int]) -> None:
    got = ticks(low, high, most)
    assert got == marks and len(got) <= most and all(low <= m <= high for m in got)


def test_ticks_of_fractions_when_asked() -> None:
    assert ticks(0, 0.03, 4, whole=False) == [0, 0.01, 0.02, 0.03]
    assert [number(m) for m in ticks(0, 31.5, 4, whole=False)] == ["0", "10", "20", "30"]


class ChartApp(App[None]):
    def __init__(self, plot: LinePlot) -> None:
        super().__init__()
        self.plot = plot

    def compose(self) -> ComposeResult:
        yield LineChart()

    def on_mount(self) -> None:
        self.query_one(LineChart).plot = self.plot


def canvas_text(app: App[None]) -> str:
    canvas = app.query_one(LineCanvas)
    return "\n".join(canvas.render_line(y).text for y in range(canvas.size.height))


async def test_a_percentage_is_drawn_from_0_to_100_whatever_its_highest_value() -> None:
    """The win-chance chart once ran to its highest value (80), so 80% sat at the top."""
    plot = LinePlot("Win chance", "ply", (Series("Ana", (50, 60, 80)), Series("Bo", (50, 40, 20))), y_range=(0, 100))
    async with ChartApp(plot).run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        text = canvas_text(pilot.app)
        assert "100┤" in text and " 0┤" in text
        heading = str(pilot.app.query_one(".line-chart--heading").render())
        assert "Ana 80" in heading and "Bo 20" in heading  # each series named with its last value


async def test_scores_run_from_0_to_their_highest_and_name_the_x_axis() -> None:
    plot = LinePlot("Scores", "ply", (Series("Ana", tuple(range(0, 41))),), marker=20)
    async with ChartApp(plot).run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        lines = canvas_text(pilot.app).splitlines()
        assert lines[0].lstrip().startswith("40┤")
        assert "ply" in lines[-1]  # room for the axis' name
        assert [m for m in lines[-2].split()] == ["0", "10", "20", "30", "40"]
