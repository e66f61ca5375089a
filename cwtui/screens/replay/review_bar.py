"""The replay's review while it runs: a worker judging every decision of a game's log
(cwtui.game.review, on the app's search processes), and the bar that shows how far it is.
It posts `Reviewed` or `Failed` when done; it stops, between two decisions, when the
screen it is on closes (its worker is cancelled with it)."""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Label, ProgressBar
from textual.worker import get_current_worker

from cwtui.game import review
from cwtui.lang import _
from engine.cards import Cards


class ReviewBar(Horizontal):
    """Hidden until a review runs (`start`); `running`: (done, total) meanwhile."""

    class Progress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Reviewed(Message):
        def __init__(self, game: review.GameReview) -> None:
            super().__init__()
            self.game = game

    class Failed(Message):
        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.running: tuple[int, int] | None = None

    def compose(self) -> ComposeResult:
        yield Label(id="review-count")
        yield ProgressBar(id="review-bar")

    def start(self, path: Path, cards: Cards, pool: review.Pool | None) -> None:
        """Review the log at `path`, its decisions judged on `pool`'s processes (None:
        in this process)."""
        self.show_progress(0, 0)
        self.run_review(path, cards, pool)

    @work(thread=True, exclusive=True, group="review")
    def run_review(self, path: Path, cards: Cards, pool: review.Pool | None) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Stopped  # the screen is gone: stop between two decisions
            self.post_message(self.Progress(done, total))

        try:
            game = review.review(path, cards, progress=progress, pool=pool)
        except review.ReviewError as exc:
            self.post_message(self.Failed(str(exc)))
        except _Stopped:
            return
        else:
            self.post_message(self.Reviewed(game))

    @on(Progress)
    def progressed(self, message: Progress) -> None:
        message.stop()  # the bar's own
        self.show_progress(message.done, message.total)

    def show_progress(self, done: int, total: int) -> None:
        """`done` of `total` decisions judged (0 of 0: the log is being read and its
        decisions counted)."""
        self.running = (done, total)
        self.display = True
        self.query_one("#review-count", Label).update(
            _("Reviewing: {done} of {total} decisions").format(done=done, total=total)
            if total
            else _("Reviewing: reading the game")
        )
        self.query_one("#review-bar", ProgressBar).update(total=total or None, progress=done)

    @on(Reviewed)
    @on(Failed)
    def finished(self) -> None:
        """Hidden once done; the message goes on to the screen."""
        self.running = None
        self.display = False


class _Stopped(Exception):
    """The review's worker was cancelled (the screen closed)."""
