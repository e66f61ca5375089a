"""Replay: a game move by move, with the play screen's panes and a move list.

←/→ step a move, Shift+←/→ (or PgUp/PgDn) a turn, Home/End, `g` a move number, Space
autoplays, n/N and t/T jump between catches and trophies, `v` switches between the
full view (every secret) and one seat's view (what that player knew then), `c` charts
the scores, `f` plays on from here in a new game. A log that fails verification opens
up to its last good move under a banner saying where and why.

`R` reviews the game (cwtui.review, in a worker on the app's search processes; a kept
review opens with the replay): grades marked beside the moves, a summary with each
seat's accuracy, points lost, costliest decisions and win chance over the game, m/M to
the next and previous mistake, and at a graded decision the line "mistake (−3.2):
played X; better was Y (Lake contest +2.4)", from which `f` plays on to try the better
line. `h` asks the hard bot at
any position. Both speak only of the seat whose view is shown (or any, in the full
view): a review's words name that seat's own pieces.

A game kept by a server replays as the seat (or spectator) that played it saw it
(`SeenRecord`): that one view only, and no playing on (the log is the server's).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Footer, Label, ProgressBar, Static
from textual.worker import get_current_worker

from cwtui import review as reviews
from cwtui import words
from cwtui.navigation import ShowResults, StartGame
from cwtui.replaying import EVERYONE, SPECTATOR, ReplayCursor, Scrubber, SeenCursor, SeenRecord
from cwtui.screens.compact import CompactScreen
from cwtui.screens.fork.fork import ForkDialog
from cwtui.screens.goto.goto import GotoDialog
from cwtui.screens.replay.face_down import FaceDown
from cwtui.screens.review_summary.review_summary import GRADE_STYLES, ReviewSummaryScreen
from cwtui.screens.score_chart.score_chart import ScoreChartScreen
from cwtui.session import GameSession
from cwtui.widgets.line_chart import LinePlot, Series
from cwtui.widgets.move_list import MoveList, Row
from cwtui.widgets.table import legend
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.drawn import Drawn
from cwtui.widgets.table.marks import NO_MARKS, Marks, changes
from cwtui.widgets.table.quiet import NoteLines, TextLines
from cwtui.widgets.table.seat import SeatPanel
from engine import EngineError, SeatConfig
from engine.bots import Option, TreeRunner, hint
from engine.bots.judge import MISTAKES, Judged
from engine.replay import Replay
from engine.state import State
from engine.view import View

SPEEDS = (1, 2, 4, 8, 16)  # autoplay, moves per second
# A decision's mark in the move list, as chess annotates moves
GRADE_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GRADE_WORDS = {"best": "a best move", "good": "a good move", "inaccuracy": "an inaccuracy", "mistake": "a mistake",
               "blunder": "a blunder"}  # fmt: skip
# Drawing ahead: slices of this many seconds of work, with a pause between them for
# keys and frames (a key waits at most one slice)
AHEAD_SLICE = 0.004
AHEAD_PAUSE = 0.01


@dataclass(frozen=True)
class Drawing:
    """What the table shows at a position, from the screen's perspective."""

    board: View  # the boards' view (that of the seat whose view is drawn)
    marks: Marks  # what the move that led here changed
    seats: tuple[tuple[View, bool, bool], ...]  # each panel's view, private, yours
    hidden: State | None  # the face-down piles, in the full view
    this_move: Text
    notes: Text  # the review's line at a graded decision, and a hint asked here (also in this_move)


class ReplayScreen(CompactScreen):
    PANES = ("board", "supply", "seats")
    CSS_PATH = "replay.tcss"
    BINDINGS = [
        # one footer entry for both arrows: "← Back" beside "esc Back" (leave) read as the same key
        Binding(
            "right",
            "step(1)",
            "Move",
            id="replay.next",
            priority=True,
            key_display="←/→",
            tooltip="→ the next move, ← the previous one",
        ),
        Binding("left", "step(-1)", "Previous move", id="replay.previous", priority=True, show=False),
        Binding("shift+right,pagedown", "turn(1)", "Next turn", id="replay.next_turn", priority=True, show=False),
        Binding("shift+left,pageup", "turn(-1)", "Previous turn", id="replay.previous_turn", priority=True, show=False),
        Binding("home", "jump('start')", "Start", id="replay.start", priority=True, show=False),
        Binding("end", "jump('end')", "End", id="replay.end", priority=True, show=False),
        Binding("g", "goto", "Go to", id="replay.goto", show=False),  # in F1: the footer keeps room for R
        Binding("space", "autoplay", "Autoplay", id="replay.autoplay", priority=True),
        Binding("plus,equals_sign", "speed(1)", "Faster", id="replay.faster", show=False),
        Binding("minus", "speed(-1)", "Slower", id="replay.slower", show=False),
        Binding("n", "find('catch', 1)", "Next catch", id="replay.next_catch", show=False),
        Binding("N", "find('catch', -1)", "Previous catch", id="replay.previous_catch", show=False),
        Binding("t", "find('trophy', 1)", "Next trophy", id="replay.next_trophy", show=False),
        Binding("T", "find('trophy', -1)", "Previous trophy", id="replay.previous_trophy", show=False),
        Binding("v", "perspective", "View", id="replay.view"),
        Binding("c", "chart", "Chart", id="replay.chart"),
        Binding("R", "review", "Review", id="replay.review", tooltip="Grade every decision: accuracy, mistakes"),
        Binding("m", "mistake(1)", "Next mistake", id="replay.next_mistake", show=False),
        Binding("M", "mistake(-1)", "Previous mistake", id="replay.previous_mistake", show=False),
        Binding("h", "hint", "Hint", id="replay.hint", show=False),
        Binding("f", "fork", "Play on", id="replay.fork", tooltip="Play on from here as a new game"),
        Binding("r", "results", "Results", id="replay.results", show=False),
        Binding("escape,q", "leave", "Back", id="replay.leave"),
        Binding("f2", "show('board')", "Board", id="replay.pane.board", show=False),
        Binding("f3", "show('supply')", "Trophies", id="replay.pane.supply", show=False),
        Binding("f4", "show('seats')", "Seats", id="replay.pane.seats", show=False),
    ]
    HELP = (
        "←/→ one move, Shift+←/→ or PgUp/PgDn one turn, Home/End the start and the end, g a move number; "
        "a click on the move list jumps there. Space plays the moves (+/- speed). n/N the next or "
        "previous catch, t/T trophy. v switches the view: everything (all weights, the decks' order) or one "
        "seat's (what that player knew then). c charts the scores, f plays on from here as a new game (the "
        "saved game is not changed), r shows the results at the end. R reviews the game: every decision "
        "graded by the points it gave up, judged from that seat's view (?! inaccuracy, ? mistake, ?? blunder "
        "in the move list), each seat's accuracy, points lost and win chance; m/M go to the next/previous "
        "mistake, where f tries the better move. h asks the hard bot for the move to play at this position. "
        "Under 120×34, F2–F4 switch the pane "
        "above the move list: the board, the trophies, the seats. A game played on a server replays as your "
        "seat saw it: there is no other view, and no playing on (its log is the server's)."
    )

    LEGEND = legend.TABLE
    DRAW_AHEAD = True  # draw every position's parts ahead (a benchmark turns it off to measure without)

    class ReviewProgress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class ReviewReady(Message):
        def __init__(self, game: reviews.GameReview) -> None:
            super().__init__()
            self.game = game

    class ReviewFailed(Message):
        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    class HintFound(Message):
        """The hard bot's ranked options at `position`, for `seat`."""

        def __init__(self, position: int, seat: int, ranked: list[Option]) -> None:
            super().__init__()
            self.position = position
            self.seat = seat
            self.ranked = ranked

    def __init__(
        self,
        game: Replay | SeenRecord,
        path: Path | None = None,
        *,
        replays: Path,
        pool: reviews.Pool | None = None,
        search: TreeRunner | None = None,
        timed: bool = True,
    ) -> None:
        """`game`: a log read from `path`, or a server's game as one seat saw it; a fork
        is saved in the `replays` folder. A review's decisions are judged on `pool`'s
        processes (None: in this process); a hint's trees grow on `search` (None:
        here), stopped by the hard level's clock unless not `timed` (tests)."""
        super().__init__()
        self.path = path
        self.replays = replays
        self.pool = pool
        self.search = search
        self.timed = timed
        self.review: reviews.GameReview | None = None
        self.judged: dict[int, Judged] = {}  # the review's decisions by ply
        self.reviewing: tuple[int, int] | None = None  # (done, total) while a review runs
        self.hinted: ReplayScreen.HintFound | None = None  # the last hint, shown at its position
        self.full: ReplayCursor | None = None  # a log's game, which holds every secret
        self.cursor: Scrubber
        if isinstance(game, Replay):
            self.full = self.cursor = ReplayCursor(game)
        else:
            self.cursor = SeenCursor(game)
        # EVERYONE, a seat, or SPECTATOR
        self.perspective: int | None = self.cursor.perspectives[0]
        self.speed = 2  # index into SPEEDS
        self.timer: Timer | None = None
        self.held = False  # the panels' heights are held (hold_heights)
        # the seats' pane's widgets out of view, and how to draw them once in view
        self.unseen: dict[Drawn, Callable[[], None]] = {}
        self.ahead: Iterator[None] | None = None  # drawing ahead, under way (draw_ahead)
        self.ahead_timer: Timer | None = None
        self.ahead_for: tuple[int | None, tuple[int, ...]] | None = None  # the view and widths drawn ahead
        self.draw_pending = False

    def compose(self) -> ComposeResult:
        yield TextLines(id="status")
        divergence = self.full and self.full.replay.divergence
        if divergence:
            yield Static(
                Text(
                    f"This log does not verify at move {divergence.move}: {divergence.reason}. "
                    f"Showing its first {self.cursor.end} moves.",
                ),
                id="banner",
            )
        with Horizontal(id="review-progress"):  # shown while a review runs
            yield Label(id="review-count")
            yield ProgressBar(id="review-bar")
        cards = self.cursor.cards
        # kept, not queried: they are drawn at every step
        self.panels = [SeatPanel(cards, seat, id=f"seat-{seat}") for seat in range(len(self.cursor.names))]
        self.boards = [Board(cards, id="board"),
                       Board(cards, title="Trophies and Master Anglers", supply=True, id="supply")]  # fmt: skip
        # The table between the status and the footer: the seats docked to its right
        # (docked to the screen they would run under the footer)
        with Vertical(id="table"):
            with VerticalScroll(id="seats", classes="pane") as self.seats:
                yield from self.panels
                yield FaceDown(id="hidden")
            with Vertical(id="left"):
                yield from self.boards
            with Horizontal(id="bottom"):
                with Vertical(id="moves", classes="pane"):
                    yield MoveList(id="move-list")
                    # compact: the review's line (three lines at 80 columns) and a hint (four), without "This move"
                    yield NoteLines(7, id="review-line")
                yield TextLines(id="this-move")
        # the footer lists what fits at 80 columns; F1 lists every key
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.seats, "scroll_y", lambda: self.draw_unseen(), init=False)
        self.query_one("#moves").border_title = "Moves"
        self.query_one("#this-move").border_title = "This move"
        if self.full is not None and self.path is not None:
            kept = reviews.kept_review(self.path, self.full.replay.log)
            if kept is not None:
                self.take_review(kept)
        self.fill_moves()
        self.update_layout(self.size.width, self.size.height)
        self.show_position()
        self.call_after_refresh(self.show_position)  # laid out: the panels' heights are held now
        self.query_one("#move-list", MoveList).focus()

    # -- the move list -----------------------------------------------------------------
    def fill_moves(self) -> None:
        """One row for the start, then one per move, narrated for the current perspective."""
        cursor = self.cursor
        narrator = self.perspective  # a seat, or EVERYONE: narrate() knows both
        rows: list[Row] = [(Text(), Text("Start of the game", style="dim"))]
        # the round (as the status bar counts it) where one begins, then the move's number
        seats = len(cursor.names)
        turn = 0
        for line in cursor.lines:
            new_round = line.turn != turn and (line.turn - 1) % seats == 0
            prefix = Text(f"{(line.turn - 1) // seats + 1:>3} " if new_round else "    ", style="bold")
            turn = line.turn
            prefix.append(f"{line.ply + 1:>4} ", style="dim")
            text = Text(cursor.describe(line.ply, narrator))
            judged = self.judged.get(line.ply)
            if judged is not None and judged.grade in GRADE_MARKS and self.speaks_of(judged.seat):
                text.append(f" {GRADE_MARKS[judged.grade]}", style=GRADE_STYLES[judged.grade])
            rows.append((prefix, text))
        self.query_one("#move-list", MoveList).set_rows(rows, cursor.position)

    def on_move_list_picked(self, event: MoveList.Picked) -> None:
        """Up/Down in the list, or a click on a move, goes to the position after that move."""
        if event.index != self.cursor.position:
            self.go(event.index)

    # -- moving ------------------------------------------------------------------------
    def go(self, position: int) -> None:
        """Move now, draw once the queued keys are handled: holding → moves at the key
        repeat rate and draws as often as the terminal can, instead of lagging behind."""
        self.cursor.go(position)
        if not self.draw_pending:
            self.draw_pending = True
            self.call_later(self.show_position)

    def action_step(self, delta: int) -> None:
        self.stop_autoplay()
        self.go(self.cursor.position + delta)

    def action_turn(self, delta: int) -> None:
        self.stop_autoplay()
        self.go(self.cursor.next_turn() if delta > 0 else self.cursor.previous_turn())

    def action_jump(self, where: str) -> None:
        self.stop_autoplay()
        self.go(0 if where == "start" else self.cursor.end)

    def action_find(self, kind: str, direction: int) -> None:
        self.stop_autoplay()
        found = self.cursor.next_of(kind) if direction > 0 else self.cursor.previous_of(kind)
        if found is None:
            self.notify(f"No {'later' if direction > 0 else 'earlier'} {kind}.", severity="warning")
        else:
            self.go(found)

    def action_goto(self) -> None:
        self.stop_autoplay()
        self.app.push_screen(GotoDialog(self.cursor.end), lambda ply: None if ply is None else self.go(ply))

    def action_autoplay(self) -> None:
        if self.timer is not None:
            self.stop_autoplay()
        else:
            if self.cursor.position >= self.cursor.end:
                self.go(0)
            self.timer = self.set_interval(1 / SPEEDS[self.speed], self.autoplay_step)
        self.update_status()

    def autoplay_step(self) -> None:
        if self.cursor.position >= self.cursor.end:
            self.stop_autoplay()
        else:
            self.go(self.cursor.position + 1)

    def stop_autoplay(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.update_status()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(1 / SPEEDS[self.speed], self.autoplay_step)
        self.update_status()

    # -- views -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that act: one view has nothing to switch to, and a
        server's game has no log here to play on from."""
        if action == "perspective":
            return len(self.cursor.perspectives) > 1
        if action == "review":
            return self.reviewable
        if action in ("fork", "hint"):
            return self.full is not None
        if action == "mistake":
            return bool(self.judged)
        return super().check_action(action, parameters)

    @property
    def reviewable(self) -> bool:
        """A review replays the whole log from its file (cwtui.review refuses one that
        does not verify), so only a log read from a file, replaying to its end."""
        return self.full is not None and self.path is not None and self.full.replay.divergence is None

    def speaks_of(self, seat: int) -> bool:
        """Whether the screen may speak of `seat`'s decisions: its words name the seat's
        own pieces, so only in the full view or in that seat's."""
        return self.perspective == EVERYONE or self.perspective == seat

    # -- review ------------------------------------------------------------------------
    def action_review(self) -> None:
        """The summary of the game's review; the first time, the review itself."""
        self.stop_autoplay()
        if self.review is not None:
            self.show_summary()
        elif self.reviewing is None:
            self.show_progress(0, 0)
            self.run_review()

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        assert self.full is not None and self.path is not None  # check_action offers R only if reviewable
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Stopped  # the screen is gone: stop between two decisions
            self.post_message(self.ReviewProgress(done, total))

        try:
            game = reviews.review(self.path, self.cursor.cards, progress=progress, pool=self.pool)
        except reviews.ReviewError as exc:
            self.post_message(self.ReviewFailed(str(exc)))
        except _Stopped:
            return
        else:
            self.post_message(self.ReviewReady(game))

    @on(ReviewProgress)
    def review_progress(self, message: ReviewProgress) -> None:
        self.show_progress(message.done, message.total)

    def show_progress(self, done: int, total: int) -> None:
        """The review's progress bar: `done` of `total` decisions judged (0 of 0: the
        log is being read and its decisions counted)."""
        self.reviewing = (done, total)
        self.query_one("#review-progress").display = True
        self.query_one("#review-count", Label).update(
            f"Reviewing: {done} of {total} decisions" if total else "Reviewing: reading the game"
        )
        self.query_one("#review-bar", ProgressBar).update(total=total or None, progress=done)

    def hide_progress(self) -> None:
        self.reviewing = None
        self.query_one("#review-progress").display = False

    @on(ReviewFailed)
    def review_failed(self, message: ReviewFailed) -> None:
        self.hide_progress()
        self.notify(message.reason, title="Cannot review", severity="error")

    @on(ReviewReady)
    def review_ready(self, message: ReviewReady) -> None:
        self.hide_progress()
        for note in message.game.notes:
            self.notify(note, severity="warning")
        self.take_review(message.game)
        self.fill_moves()
        self.show_position()
        self.refresh_bindings()
        self.show_summary()

    def take_review(self, game: reviews.GameReview) -> None:
        self.review = game
        self.judged = {j.ply: j for j in game.decisions}

    def show_summary(self) -> None:
        game = self.review
        if game is None:
            return
        title = (f"Review: {len(game.decisions)} decisions graded in points lost, judged at "
                 f"{game.settings.level} from each seat's view")  # fmt: skip
        seats = [s for s in reviews.summary(game, self.cursor.cards) if self.speaks_of(s.seat)]
        self.app.push_screen(ReviewSummaryScreen(title, seats, self.win_plot()), self.summary_closed)

    def win_plot(self) -> LinePlot:
        assert self.review is not None
        names = self.cursor.names
        series = tuple(
            Series(names[seat], tuple(values))
            for seat, values in reviews.win_series(self.review, self.cursor.end)
            if self.speaks_of(seat)
        )
        return LinePlot("Estimated win chance, % (the review's search, from each seat's view)", "move", series,
                        marker=self.cursor.position, y_range=(0, 100))  # fmt: skip

    def summary_closed(self, ply: int | None) -> None:
        if ply is not None:
            self.go(ply)

    def action_mistake(self, direction: int) -> None:
        """The next (or previous) decision graded an inaccuracy or worse, of the seat whose
        view is shown (any seat's in the full view): the position before it, where `f`
        plays on to try the better move."""
        self.stop_autoplay()
        here = self.cursor.position
        plies = sorted(p for p, j in self.judged.items() if j.grade in MISTAKES and self.speaks_of(j.seat))
        found = [p for p in plies if p > here] if direction > 0 else [p for p in plies if p < here][::-1]
        if not found:
            self.notify(f"No {'later' if direction > 0 else 'earlier'} mistake.", severity="warning")
        else:
            self.go(found[0])

    def review_line(self, cursor: Scrubber) -> Text | None:
        """At a graded decision, what was played and what the search preferred."""
        judged = self.judged.get(cursor.position)
        if judged is None or not self.speaks_of(judged.seat) or cursor.over:
            return None
        seen = cursor.shown((judged.seat,))[judged.seat]
        text = Text(f"{cursor.names[judged.seat]}'s next move, ")
        text.append(GRADE_WORDS[judged.grade], style=GRADE_STYLES.get(judged.grade, "bold"))
        if judged.loss >= 0.05:
            text.append(f" ({reviews.points(judged.loss)})")
        text.append(f": {reviews.decision_line(judged, seen, cursor.cards)}")
        if judged.chosen != judged.best and self.full is not None:
            text.append(" · f tries the better move", style="dim")
        return text

    # -- hint --------------------------------------------------------------------------
    def action_hint(self) -> None:
        """The hard bot's choice for the seat to act at this position, from its view."""
        full = self.full
        if full is None:
            return
        if full.state.over:
            self.notify("The game is over here: there is no move to hint.", severity="warning")
            return
        seat = full.state.to_act
        if not self.speaks_of(seat):
            self.notify(f"A hint for {self.cursor.names[seat]} would show their pieces: switch the view (v).",
                        severity="warning")  # fmt: skip
            return
        self.notify("Thinking about a hint…", timeout=2)
        self.find_hint(full.state)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, state: State) -> None:
        ranked = hint(state, self.timed, self.search)
        self.post_message(self.HintFound(state.ply, state.to_act, ranked))

    @on(HintFound)
    def hint_found(self, message: HintFound) -> None:
        self.hinted = message
        if self.cursor.position == message.position:
            self.show_position()

    def hint_line(self, cursor: Scrubber) -> Text | None:
        hinted = self.hinted
        if hinted is None or hinted.position != cursor.position or not self.speaks_of(hinted.seat):
            return None
        seen = cursor.shown((hinted.seat,))[hinted.seat]
        ranked = hinted.ranked[: words.HINT_SHOWN]
        return words.hint([(words.mid_sentence(words.option(seen, cursor.cards, o.move)), o.win_rate) for o in ranked])

    def action_perspective(self) -> None:
        """Everything → seat 0 → seat 1 → … → everything."""
        perspectives = self.cursor.perspectives
        if len(perspectives) == 1:
            return
        self.perspective = perspectives[(perspectives.index(self.perspective) + 1) % len(perspectives)]
        self.held = False  # another view: its own heights
        self.fill_moves()
        self.show_position()

    def action_chart(self) -> None:
        self.stop_autoplay()
        wins = self.win_plot() if self.review is not None else None
        self.app.push_screen(ScoreChartScreen(self.cursor.names, self.cursor.scores(), self.cursor.position, wins))

    def action_results(self) -> None:
        cursor = self.cursor
        results = cursor.results() if cursor.over else None
        if results is None:
            self.notify("The results come at the end of the game (End).", severity="warning")
            return
        final, scores = results
        config = self.full.replay.log.header.config if self.full is not None else None
        self.post_message(
            ShowResults(final, scores, cursor.cards, cursor.names, self.path, watching=True, config=config)
        )

    def action_fork(self) -> None:
        full = self.full
        if full is None:
            return  # not offered (check_action)
        if full.state.over:
            self.notify("The game is over here; go back to a move to play on from it.", severity="warning")
            return
        self.stop_autoplay()
        seats = full.replay.log.header.config.seats
        self.app.push_screen(ForkDialog(seats, full.position), self.fork_chosen)

    def fork_chosen(self, seats: tuple[SeatConfig, ...] | None) -> None:
        if seats is None or self.full is None:
            return
        try:
            session = GameSession.fork(self.full.replay, self.full.position, seats, self.replays)
        except (EngineError, OSError) as exc:
            self.notify(str(exc), title="Cannot play on", severity="error")
            return
        self.post_message(StartGame(session, above=True))  # q comes back here

    def action_leave(self) -> None:
        self.stop_autoplay()
        self.app.pop_screen()

    # -- drawing -----------------------------------------------------------------------
    def drawing(self, cursor: Scrubber) -> Drawing:
        """What the table shows at `cursor`'s position from this screen's perspective."""
        everyone = self.perspective == EVERYONE
        seat = self.seat_of(cursor)
        # the full view draws each seat from its own view, with its secrets
        seen = cursor.shown(range(len(self.panels)) if everyone else (seat,))
        v = seen[seat]
        before = cursor.shown_before(seat)
        seats = tuple(
            (seen[panel.seat] if everyone else v, everyone or panel.seat == seat, not everyone and panel.seat == seat)
            for panel in self.panels
        )
        if cursor.position == 0:
            this_move = Text("The game is set up. → plays the first move.", style="dim")
        else:
            this_move = Text(cursor.describe(cursor.position - 1, self.perspective))
        notes = Text("\n").join(x for x in (self.review_line(cursor), self.hint_line(cursor)) if x is not None)
        if notes:
            this_move.append("\n")
            this_move.append_text(notes)
        hidden = cursor.state if everyone and isinstance(cursor, ReplayCursor) else None
        return Drawing(v, NO_MARKS if before is None else changes(before, v), seats, hidden, this_move, notes)

    def show_position(self) -> None:
        self.draw_pending = False
        self.query_one("#move-list", MoveList).highlight(self.cursor.position)
        laying_out = not self.held  # heights change: what is in view is not known yet
        if laying_out:
            self.hold_heights(self.perspective == EVERYONE, self.seat())
        shown = self.drawing(self.cursor)
        marks = shown.marks
        for board in self.boards:
            board.show(shown.board, marks)
        for panel, (own, private, yours) in zip(self.panels, shown.seats, strict=True):
            self.draw_when_seen(panel, partial(panel.show, own, private, marks, False, yours))
        hidden = self.query_one("#hidden", FaceDown)
        hidden.display = shown.hidden is not None
        if shown.hidden is not None:
            self.draw_when_seen(hidden, partial(hidden.show, shown.hidden))
        if laying_out:
            self.draw_unseen(everything=True)
        self.query_one("#this-move", TextLines).update(shown.this_move)
        line = self.query_one("#review-line", NoteLines)
        line.set_class(bool(shown.notes), "-has-notes")
        line.update(shown.notes)
        self.update_status(shown.board)
        # once laid out: a held height can bring the seats' scrollbar, and other widths
        self.call_after_refresh(self.draw_ahead_from_start)

    def draw_ahead_from_start(self) -> None:
        """Draw every position's parts ahead, a slice at a time while the player is idle,
        so that a jump anywhere costs only showing them (a random jump drew five or six
        parts anew, a third of its time). Starts over when the view or the widths have
        changed since the last time, which make other parts."""
        if not self.DRAW_AHEAD or self.ahead_key() == self.ahead_for:
            return
        self.ahead_for = self.ahead_key()
        self.ahead = self.drawn_ahead(self.cursor.twin())
        if self.ahead_timer is None:
            self.ahead_timer = self.set_timer(AHEAD_PAUSE, self.draw_ahead)

    def ahead_key(self) -> tuple[int | None, tuple[int, ...]]:
        """What the parts drawn ahead are drawn for: the view, and the widths."""
        lines = self.query(TextLines)  # this move, the status
        return self.perspective, tuple(d.drawn_width for d in (*self.panels, *self.boards, *lines))

    def draw_ahead(self) -> None:
        """One slice of drawing ahead: parts until AHEAD_SLICE has passed (a part takes
        under a millisecond; a whole position's, up to 30 at the end of a game)."""
        self.ahead_timer = None
        if self.ahead is None:
            return
        if self.ahead_key() != self.ahead_for:  # a width changed: what was drawn is gone
            self.draw_ahead_from_start()
            return
        start = time.perf_counter()
        for _ in self.ahead:
            if time.perf_counter() - start >= AHEAD_SLICE:
                self.ahead_timer = self.set_timer(AHEAD_PAUSE, self.draw_ahead)
                return
        self.ahead = None  # every position drawn

    def drawn_ahead(self, ahead: Scrubber) -> Iterator[None]:
        """Each position's parts from `ahead`'s on, drawn into the widgets' kept parts a
        part at a time (what is on screen is unchanged)."""
        status = self.query_one("#status", TextLines)
        this_move = self.query_one("#this-move", TextLines)
        hidden = self.query_one("#hidden", FaceDown)
        while True:
            shown = self.drawing(ahead)
            yield
            yield from status.warm(self.status(ahead, shown.board))  # as it reads while paused
            yield from this_move.warm(shown.this_move)
            for board in self.boards:
                yield from board.warm(shown.board, shown.marks)
            for panel, (own, private, _yours) in zip(self.panels, shown.seats, strict=True):
                yield from panel.warm(own, private, shown.marks, False)
            if shown.hidden is not None:
                yield from hidden.warm(shown.hidden)
            if ahead.position >= ahead.end:
                return
            ahead.go(ahead.position + 1)

    def draw_when_seen(self, widget: Drawn, draw: Callable[[], None]) -> None:
        """Draw a widget of the seats' pane now if any of it is in view, else once it is
        scrolled into view. At 140×40 two of four panels show: drawing the other two at
        every jump cost a third of the jump (their parts, and a new map of the screen,
        which Textual makes when a widget off the screen asks to be repainted)."""
        if self.in_view(widget):
            self.unseen.pop(widget, None)
            draw()
        else:
            self.unseen[widget] = draw

    def draw_unseen(self, everything: bool = False) -> None:
        """Draw what has come into view; `everything`: what is not in view too (the
        layout is about to change, and a panel must not show an earlier position for
        a frame)."""
        for widget, draw in list(self.unseen.items()):
            if everything or self.in_view(widget):
                del self.unseen[widget]
                draw()

    def in_view(self, widget: Drawn) -> bool:
        """Whether any line of `widget` shows in the seats' pane, scrolled as it is now
        (its scroll position, not the last frame's: this runs as it scrolls)."""
        seats = self.seats
        window = Region(0, int(seats.scroll_y), seats.size.width, seats.size.height)
        return seats.display and widget.display and widget.virtual_region.overlaps(window)

    def watch_shown(self, shown: str) -> None:
        """Another pane, or another size (update_layout): what is in view, and the widths
        the parts are drawn at, may change."""
        super().watch_shown(shown)
        self.draw_unseen(everything=True)
        if self.is_mounted:
            self.update_status()  # it says less in the compact layout
        if self.held:
            self.call_after_refresh(self.draw_ahead_from_start)  # once laid out at the new widths

    def seat(self) -> int:
        return self.seat_of(self.cursor)

    def seat_of(self, cursor: Scrubber) -> int:
        """The seat whose view is drawn: the one to act in the full view, -1 for a
        spectator's (a seat that holds nothing)."""
        perspective = self.perspective
        if perspective == EVERYONE:
            return cursor.active
        return -1 if perspective is SPECTATOR else perspective

    def hold_heights(self, everyone: bool, seat: int) -> None:
        """Scrubbing changes every panel at once; if their heights changed with it, each
        jump would lay the screen out again (half its cost). The seats' panels and the
        trophies are as tall as they get near the end of the game: drawn once there,
        they keep that height, and grow (once) if a position needs more. The face-down
        piles are longest at the start."""
        hidden = self.query_one("#hidden", FaceDown)
        full = self.full if everyone else None
        drawn: list[Drawn] = [*self.panels, *self.boards, *([hidden] if full else [])]
        if not all(d.content_region.width for d in drawn):
            return  # not laid out yet: the next draw tries again
        self.held = True
        final = self.cursor.shown_at_end({seat, *(range(len(self.panels)) if everyone else ())})
        for d in drawn:
            d.release_height()  # another view's heights (everything, or one seat's) do not hold
        for board in self.boards:
            board.show(final[seat], NO_MARKS)
        for panel in self.panels:
            own = final[panel.seat] if everyone else final[seat]
            panel.show(own, everyone or panel.seat == seat, NO_MARKS, False, yours=False)
        if full is not None:
            hidden.show(full.replay.state_at(0))
        for d in drawn:
            d.hold_height()

    def update_status(self, shown: View | None = None) -> None:
        """`shown`: the position's View just drawn (what the status uses is public)."""
        self.query_one("#status", TextLines).update(self.status(self.cursor, shown))

    def status(self, cursor: Scrubber, shown: View | None) -> Text:
        """The status bar at `cursor`'s position; `shown`: the View drawn there."""
        # Most important first: at 80 columns the line is cut at the end.
        # moves numbered from 1, as the move list, the review and the table number them
        parts = [f"move {cursor.position} of {cursor.end}" if cursor.position else f"start · {cursor.end} moves"]
        if cursor.over:
            parts.append("game over — r: results")  # whose_turn would only say "Game over"
        else:
            seat = self.seat_of(cursor)
            parts.append(words.whose_turn(shown or cursor.shown((seat,))[seat], cursor.names))
        if cursor.unfinished:
            parts.append("unfinished")
        perspective = self.perspective
        if perspective == EVERYONE:
            parts.append("view: everything")
        elif perspective is SPECTATOR:
            parts.append("view: a spectator")
        else:
            parts.append(f"view: {cursor.names[perspective]}")
        if self.has_class("-compact"):  # 80 columns: the line holds where the game stands and the view
            parts.append("playing" if self.timer is not None else "paused")
        else:
            parts += [
                (f"playing {SPEEDS[self.speed]}/s" if self.timer is not None else f"paused ({SPEEDS[self.speed]}/s)"),
                cursor.title,
            ]
        return Text(" " + " · ".join(parts), style="bold")


class _Stopped(Exception):
    """The review's worker was cancelled (the screen closed)."""
