"""A rich progress bar on stderr for long command-line jobs, shown only on a terminal
(a script reading the output gets none)."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TimeRemainingColumn
from rich.text import Text

SHOW_FROM = 1000  # items; shorter jobs finish before a bar would help


class RateColumn(ProgressColumn):
    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} {self.unit}/s" if speed else f"– {self.unit}/s", style="progress.data.speed")


class progress_bar:
    """`with progress_bar("games") as bar: bar(done, total)` — the first call decides
    whether the job is long enough (`show_from` items) to show a bar."""

    def __init__(self, unit: str, show_from: int = SHOW_FROM) -> None:
        self.unit = unit
        self.show_from = show_from
        self.show: bool | None = None
        self.progress: Progress | None = None
        self.task: Any = None

    def __enter__(self) -> progress_bar:
        return self

    def __call__(self, done: int, total: int) -> None:
        if self.show is None:
            self.show = total - done >= self.show_from and sys.stderr.isatty()
        if not self.show:
            return
        if self.progress is None:
            self.progress = Progress(
                self.unit, BarColumn(), MofNCompleteColumn(), RateColumn(self.unit), TimeRemainingColumn(),
                console=Console(stderr=True),
            )  # fmt: skip
            self.progress.start()
            self.task = self.progress.add_task(self.unit, total=total, completed=done)
        self.progress.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()
