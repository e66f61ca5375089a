"""Measure drawing the replay's score chart: every seat's score over a long 4-player game.

    python scripts/bench_chart.py                          # the committed 4-player golden log
    python scripts/bench_versus.py afa112a scripts/bench_chart.py   # beside the hand-drawn chart

Times the render of the chart's own widgets (those of cwtui/widgets/line_chart.py) in
the chart screen, at 80×24 and 140×40: what a resize or a first opening costs beyond
Textual's own compositing, which is the same for any chart.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import App
from textual.widget import Widget
from timings import report

from cwtui.game.replaying import ReplayCursor, open_replay
from cwtui.screens.score_chart.score_chart import ScoreChartScreen

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "sim-4p-404.jsonl"


def chart_widgets(app: App[None]) -> list[Widget]:
    return [w for w in app.screen.query("*") if type(w).__module__ == "cwtui.widgets.line_chart"]


async def measure(log: Path, size: tuple[int, int], repeats: int) -> list[float]:
    cursor = ReplayCursor(open_replay(log))
    app: App[None] = App()
    async with app.run_test(size=size) as pilot:
        await app.push_screen(ScoreChartScreen(cursor.names, cursor.scores(), cursor.end // 2))
        await pilot.pause()
        widgets = chart_widgets(app)
        assert widgets, "no chart on the screen"
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            for widget in widgets:
                widget.render()
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", nargs="?", type=Path, default=GOLDEN)
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    for size in ((80, 24), (140, 40)):
        times = asyncio.run(measure(args.log, size, args.repeats))
        report(f"score chart at {size[0]}×{size[1]}", times)


if __name__ == "__main__":
    main()
