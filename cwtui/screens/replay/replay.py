"""Replay: a game move by move, with the play screen's panes and a move list.

The screen holds the cursor and the perspective (the full view, every secret; or one
seat's, what that player knew then) and composes the parts that do the work: the table
(table.py), drawn by pure functions of the cursor (drawing.py) at the position and,
while the player is idle, ahead (ahead.py); autoplay; the review, whose worker and bar
are review_bar.py and whose grades graded.py; the hint (hints.py). Its keys
are in HELP (F1). A log that fails verification opens up to its last good move under a
banner saying where and why. A game kept by a server replays as the seat (or spectator)
that played it saw it (`SeenRecord`): that one view only, and no playing on.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from cwtui.game import review
from cwtui.game.replaying import EVERYONE, ReplayCursor, Scrubber, SeenCursor, SeenRecord
from cwtui.lang import N_, _
from cwtui.navigation import PlayOn, ShowResults
from cwtui.screens.compact import CompactScreen
from cwtui.screens.fork.fork import ForkDialog
from cwtui.screens.goto.goto import GotoDialog
from cwtui.screens.replay.ahead import DrawAhead
from cwtui.screens.replay.autoplay import Autoplay
from cwtui.screens.replay.drawing import drawing, move_rows, status, tallest
from cwtui.screens.replay.graded import Graded
from cwtui.screens.replay.hints import Hints
from cwtui.screens.replay.review_bar import ReviewBar
from cwtui.screens.replay.table import ReplayTable
from cwtui.screens.score_chart.score_chart import ScoreChartScreen
from cwtui.widgets.footer import Footer
from cwtui.widgets.move_list import MoveList
from cwtui.widgets.table import legend
from cwtui.widgets.table.quiet import TextLines
from engine import SeatConfig
from engine.moves import Move
from engine.replay import Replay
from engine.view import View


class ReplayScreen(CompactScreen):
    PANES = ("board", "supply", "seats")
    CSS_PATH = "replay.tcss"
    BINDINGS = [
        # one footer entry for both arrows: "← Back" beside "esc Back" (leave) read as the same key
        Binding(
            "right",
            "step(1)",
            N_("Move"),
            id="replay.next",
            priority=True,
            key_display="←/→",
            tooltip=N_(
                "→ the next move, ← the previous one",
            ),
        ),
        Binding("left", "step(-1)", N_("Previous move"), id="replay.previous", priority=True, show=False),
        Binding("shift+right,pagedown", "turn(1)", N_("Next turn"), id="replay.next_turn", priority=True, show=False),
        Binding(
            "shift+left,pageup", "turn(-1)", N_("Previous turn"), id="replay.previous_turn", priority=True, show=False
        ),
        Binding("home", "jump('start')", N_("Start"), id="replay.start", priority=True, show=False),
        Binding("end", "jump('end')", N_("End"), id="replay.end", priority=True, show=False),
        Binding("g", "goto", N_("Go to"), id="replay.goto", show=False),  # in F1: the footer keeps room for R
        Binding("space", "autoplay", N_("Autoplay"), id="replay.autoplay", priority=True),
        Binding("plus,equals_sign", "speed(1)", N_("Faster"), id="replay.faster", show=False),
        Binding("minus", "speed(-1)", N_("Slower"), id="replay.slower", show=False),
        Binding("n", "find('catch', 1)", N_("Next catch"), id="replay.next_catch", show=False),
        Binding("N", "find('catch', -1)", N_("Previous catch"), id="replay.previous_catch", show=False),
        Binding("t", "find('trophy', 1)", N_("Next trophy"), id="replay.next_trophy", show=False),
        Binding("T", "find('trophy', -1)", N_("Previous trophy"), id="replay.previous_trophy", show=False),
        Binding("v", "perspective", N_("View"), id="replay.view"),
        Binding("c", "chart", N_("Chart"), id="replay.chart"),
        Binding(
            "R", "review", N_("Review"), id="replay.review", tooltip=N_("Grade every decision: accuracy, mistakes")
        ),
        Binding("m", "mistake(1)", N_("Next mistake"), id="replay.next_mistake", show=False),
        Binding("M", "mistake(-1)", N_("Previous mistake"), id="replay.previous_mistake", show=False),
        Binding("h", "hint", N_("Hint"), id="replay.hint", show=False),
        Binding("f", "fork", N_("Play on"), id="replay.fork", tooltip=N_("Play on from here as a new game")),
        Binding("r", "results", N_("Results"), id="replay.results", show=False),
        Binding("escape,q", "leave", N_("Back"), id="replay.leave"),
        Binding("f2", "show('board')", N_("Board"), id="replay.pane.board", show=False),
        Binding("f3", "show('supply')", N_("Trophies"), id="replay.pane.supply", show=False),
        Binding("f4", "show('seats')", N_("Seats"), id="replay.pane.seats", show=False),
    ]
    HELP = N_(
        "←/→ one move, Shift+←/→ or PgUp/PgDn one turn, Home/End the start and the end, g a move number; a click on "
        "the move list jumps there. Space plays the moves (+/- speed). n/N the next or previous catch, t/T trophy. v "
        "switches the view: everything (all weights, the decks' order) or one seat's (what that player knew then). c "
        "charts the scores, f plays on from here as a new game (the saved game is not changed), r shows the results "
        "at the end. R reviews the game: every decision graded by the points it gave up, judged from that seat's "
        "view (?! inaccuracy, ? mistake, ?? blunder in the move list), each seat's accuracy, points lost and win "
        "chance; m/M go to the next/previous mistake, where f tries the better move (the new game's table marks it, "
        "then each move of the line after it). h asks the review's judge for "
        "the move to play at this position, and what the two it weighed next give up. Under 120×34, F2–F4 switch "
        "the pane above the move list: the board, the "
        "trophies, the seats. A game played on a server replays as your seat saw it: there is no other view, and no "
        "playing on (its log is the server's)."
    )

    LEGEND = legend.TABLE
    DRAW_AHEAD = True  # draw every position's parts ahead (a benchmark turns it off to measure without)

    def __init__(
        self,
        game: Replay | SeenRecord,
        path: Path | None = None,
        *,
        pool: review.Pool | None = None,
    ) -> None:
        """`game`: a log read from `path`, or a server's game as one seat saw it. A
        review's decisions are judged on `pool`'s processes (None: in this process)."""
        super().__init__()
        self.path = path
        self.pool = pool
        self.hints = Hints()  # posts Found
        self.graded: Graded | None = None  # the game's review, once made or read
        self.full: ReplayCursor | None = None  # a log's game, which holds every secret
        self.cursor: Scrubber
        if isinstance(game, Replay):
            self.full = self.cursor = ReplayCursor(game)
        else:
            self.cursor = SeenCursor(game)
        # EVERYONE, a seat, or SPECTATOR
        self.perspective: int | None = self.cursor.perspectives[0]
        self.autoplay = Autoplay(self.cursor, id="autoplay")  # posts Go and Changed
        self.ahead = DrawAhead(self.ahead_key, lambda: self.parts_ahead(self.cursor.twin()))
        self.table = ReplayTable(self.cursor.cards, len(self.cursor.names), id="table")
        self.draw_pending = False

    def compose(self) -> ComposeResult:
        yield TextLines(id="status")
        divergence = self.full and self.full.replay.divergence
        if divergence:
            why = _("This log does not verify at move {move}: {reason}.").format(
                move=divergence.move, reason=divergence.reason
            )
            showing = _("Showing its first {count} moves.").format(count=self.cursor.end)
            yield Static(Text(f"{why} {showing}"), id="banner")
        yield ReviewBar(id="review-progress")  # shown while a review runs
        yield self.table
        yield self.autoplay
        yield self.ahead
        yield self.hints
        # the footer lists what fits at 80 columns; F1 lists every key
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.full is not None and self.path is not None:
            self.graded = Graded.kept(self.path, self.full.replay.log)
        self.fill_moves()
        self.update_layout(self.size.width, self.size.height)
        self.show_position()
        self.call_after_refresh(self.show_position)  # laid out: the panels' heights are held now
        self.query_one("#move-list", MoveList).focus()

    # -- the move list -----------------------------------------------------------------
    def fill_moves(self) -> None:
        """One row for the start, then one per move, narrated for the current perspective."""
        graded, speaks_of = self.graded, self.speaks_of
        rows = move_rows(
            self.cursor, self.perspective, lambda ply: None if graded is None else graded.mark(ply, speaks_of)
        )
        self.query_one("#move-list", MoveList).set_rows(rows, self.cursor.position)

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

    @on(Autoplay.Go)
    def autoplay_went(self, message: Autoplay.Go) -> None:
        if self.autoplay.playing:  # a move it posted before a key stopped it is not played
            self.go(message.position)

    @on(Autoplay.Changed)
    def autoplay_changed(self) -> None:
        self.update_status()

    def action_step(self, delta: int) -> None:
        self.autoplay.stop()
        self.go(self.cursor.position + delta)

    def action_turn(self, delta: int) -> None:
        self.autoplay.stop()
        self.go(self.cursor.next_turn() if delta > 0 else self.cursor.previous_turn())

    def action_jump(self, where: str) -> None:
        self.autoplay.stop()
        self.go(0 if where == "start" else self.cursor.end)

    def action_find(self, kind: str, direction: int) -> None:
        self.autoplay.stop()
        found = self.cursor.next_of(kind) if direction > 0 else self.cursor.previous_of(kind)
        if found is None:
            said = {
                ("catch", True): _("No later catch."), ("catch", False): _("No earlier catch."),
                ("trophy", True): _("No later trophy."), ("trophy", False): _("No earlier trophy."),
            }  # fmt: skip
            self.notify(said.get((kind, direction > 0), kind), severity="warning")
        else:
            self.go(found)

    def action_goto(self) -> None:
        self.autoplay.stop()
        self.app.push_screen(GotoDialog(self.cursor.end), lambda ply: None if ply is None else self.go(ply))

    def action_autoplay(self) -> None:
        self.autoplay.toggle()

    def action_speed(self, delta: int) -> None:
        self.autoplay.change_speed(delta)

    # -- views -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that act: one view has nothing to switch to, and a
        server's game has no log here to play on from. A review replays the whole log
        from its file (cwtui.game.review refuses one that does not verify), so only a log
        read from a file, replaying to its end."""
        if action == "perspective":
            return len(self.cursor.perspectives) > 1
        if action == "review":
            return self.full is not None and self.path is not None and self.full.replay.divergence is None
        if action in ("fork", "hint"):
            return self.full is not None
        if action == "mistake":
            return self.graded is not None and bool(self.graded.judged)
        return super().check_action(action, parameters)

    def speaks_of(self, seat: int) -> bool:
        """Whether the screen may speak of `seat`'s decisions: its words name the seat's
        own pieces, so only in the full view or in that seat's."""
        return self.perspective == EVERYONE or self.perspective == seat

    def action_perspective(self) -> None:
        """Everything → seat 0 → seat 1 → … → everything."""
        perspectives = self.cursor.perspectives
        if len(perspectives) == 1:
            return
        self.perspective = perspectives[(perspectives.index(self.perspective) + 1) % len(perspectives)]
        self.table.held = False  # another view: its own heights
        self.fill_moves()
        self.show_position()

    # -- review ------------------------------------------------------------------------
    def action_review(self) -> None:
        """The summary of the game's review; the first time, the review itself."""
        self.autoplay.stop()
        bar = self.query_one(ReviewBar)
        if self.graded is not None:
            self.show_summary()
        elif bar.running is None:
            assert self.path is not None  # check_action offers R only for a log read from a file
            bar.start(self.path, self.cursor.cards, self.pool)

    @on(ReviewBar.Failed)
    def review_failed(self, message: ReviewBar.Failed) -> None:
        self.notify(message.reason, title=_("Cannot review"), severity="error")

    @on(ReviewBar.Reviewed)
    def reviewed(self, message: ReviewBar.Reviewed) -> None:
        for note in message.game.notes:
            self.notify(note, severity="warning")
        self.graded = Graded(message.game)
        self.fill_moves()
        self.show_position()
        self.refresh_bindings()
        self.show_summary()

    def show_summary(self) -> None:
        """The summary; a decision picked there is gone to."""
        if self.graded is not None:
            summary = self.graded.summary(self.cursor, self.speaks_of)
            self.app.push_screen(summary, lambda ply: None if ply is None else self.go(ply))

    def action_mistake(self, direction: int) -> None:
        """The next (or previous) decision graded an inaccuracy or worse, of the seat whose
        view is shown (any seat's in the full view): the position before it, where `f`
        plays on to try the better move."""
        self.autoplay.stop()
        graded = self.graded
        found = graded.mistake_from(self.cursor.position, direction, self.speaks_of) if graded is not None else None
        if found is None:
            self.notify(_("No later mistake.") if direction > 0 else _("No earlier mistake."), severity="warning")
        else:
            self.go(found)

    # -- hint --------------------------------------------------------------------------
    def action_hint(self) -> None:
        """The review's judge's choice for the seat to act at this position, from its view."""
        if self.full is not None:
            refused = self.hints.ask(self.full.state, self.cursor.names, self.speaks_of)
            if refused:
                self.notify(refused, severity="warning")
            else:
                self.notify(_("Thinking about a hint…"), timeout=2)

    @on(Hints.Found)
    def hint_found(self, message: Hints.Found) -> None:
        if self.cursor.position == message.position:
            self.show_position()

    # -- other screens -----------------------------------------------------------------
    def action_chart(self) -> None:
        self.autoplay.stop()
        wins = self.graded.win_plot(self.cursor, self.speaks_of) if self.graded is not None else None
        self.app.push_screen(ScoreChartScreen(self.cursor.names, self.cursor.scores(), self.cursor.position, wins))

    def action_results(self) -> None:
        cursor = self.cursor
        results = cursor.results() if cursor.over else None
        if results is None:
            self.notify(_("The results come at the end of the game (End)."), severity="warning")
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
            self.notify(_("The game is over here; go back to a move to play on from it."), severity="warning")
            return
        self.autoplay.stop()
        seats = full.replay.log.header.config.seats
        line = self.graded.better_line(self.cursor, self.speaks_of) if self.graded is not None else None
        self.app.push_screen(
            ForkDialog(seats, full.position, line[0] if line else None),
            lambda chosen: self.fork_chosen(chosen, line[1] if line else ()),
        )

    def fork_chosen(self, seats: tuple[SeatConfig, ...] | None, line: tuple[Move, ...]) -> None:
        """The new game's seats, or None (cancelled); at a costly decision, the review's
        better move and its line, offered at the new table."""
        if seats is not None and self.full is not None:
            self.post_message(PlayOn(self.full.replay, self.full.position, seats, line))

    def action_leave(self) -> None:
        self.autoplay.stop()
        self.app.pop_screen()

    # -- drawing -----------------------------------------------------------------------
    def update_layout(self, width: int, height: int) -> None:
        """The board keeps 80 columns, as at the table (a zone card fits "Rainbow Trout":
        at 120 columns the seats' 44 left it 76, and "Rainbow Tro…"); the seats' panels
        take the rest, 40 to 44 columns (the width their drawing was measured at)."""
        super().update_layout(width, height)
        compact = self.has_class("-compact")
        self.table.seats.styles.width = "1fr" if compact else max(40, min(44, width - 80))

    def notes_at(self, cursor: Scrubber) -> Text:
        """The notes under this move at `cursor`'s position: the review's line, a hint."""
        graded, hint = self.graded, self.hints.line(cursor, self.speaks_of)
        # a hint weighs the same three moves as the review's "Weighed:" line: with a hint
        # asked, the hint says them (at 80x24 both did not fit, and the hint was cut whole)
        review_line = (
            graded.line(cursor, self.speaks_of, self.full is not None, weighed=hint is None)
            if graded is not None
            else None
        )
        return Text("\n").join(x for x in (review_line, hint) if x is not None)

    def show_position(self) -> None:
        self.draw_pending = False
        self.query_one("#move-list", MoveList).highlight(self.cursor.position)
        laying_out = not self.table.held
        if laying_out:
            self.hold_heights()
        shown = drawing(self.cursor, self.perspective, self.notes_at(self.cursor))
        self.table.show(shown, laying_out)
        self.update_status(shown.board)
        # once laid out: a held height can bring the seats' scrollbar, and other widths
        self.call_after_refresh(self.draw_ahead)

    def hold_heights(self) -> None:
        """The table's parts as tall as they get, held: scrubbing then lays nothing out."""
        if self.table.can_hold(self.perspective == EVERYONE and self.full is not None):
            self.table.hold_heights(*tallest(self.cursor, self.perspective))
        # else not laid out yet: the next draw tries again

    def draw_ahead(self) -> None:
        if self.DRAW_AHEAD:
            self.ahead.start()

    def ahead_key(self) -> tuple[int | None, tuple[int, ...]]:
        """What the parts drawn ahead are drawn for: the view, and the widths."""
        table = self.table
        lines = self.query(TextLines)  # this move, the status
        return self.perspective, tuple(d.drawn_width for d in (*table.panels, *table.boards, *lines))

    def parts_ahead(self, ahead: Scrubber) -> Iterator[None]:
        """Each position's parts from `ahead`'s on, a part at a time."""
        status_line = self.query_one("#status", TextLines)
        while True:
            shown = drawing(ahead, self.perspective, self.notes_at(ahead))
            yield
            yield from status_line.warm(self.status(ahead, shown.board))  # as it reads while paused
            yield from self.table.warm(shown)
            if ahead.position >= ahead.end:
                return
            ahead.go(ahead.position + 1)

    def watch_shown(self, shown: str) -> None:
        """Another pane, or another size (update_layout): what is in view, and the widths
        the parts are drawn at, may change."""
        super().watch_shown(shown)
        self.table.draw_unseen(everything=True)
        if self.is_mounted:
            self.update_status()  # it says less in the compact layout
        if self.table.held:
            self.call_after_refresh(self.draw_ahead)  # once laid out at the new widths

    def update_status(self, shown: View | None = None) -> None:
        """`shown`: the position's View just drawn."""
        self.query_one("#status", TextLines).update(self.status(self.cursor, shown))

    def status(self, cursor: Scrubber, shown: View | None) -> Text:
        compact = self.has_class("-compact")
        return status(cursor, shown, self.perspective, self.autoplay.words(compact), compact)
