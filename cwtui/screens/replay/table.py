"""The replay's table: the boards, the seats' panels and the face-down piles, the move
list and this move, drawn at one position (a `Drawing`).

Scrubbing changes every panel at once, so the table keeps their heights (`hold_heights`)
and draws a panel out of the seats' pane's view only once it is scrolled into view."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region

from cwtui.lang import _
from cwtui.screens.replay.drawing import Drawing
from cwtui.screens.replay.face_down import FaceDown
from cwtui.widgets.move_list import MoveList
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.drawn import Drawn
from cwtui.widgets.table.marks import NO_MARKS
from cwtui.widgets.table.quiet import NoteLines, TextLines
from cwtui.widgets.table.seat import SeatPanel
from cwtui.widgets.wrap import wrap
from engine.cards import Cards
from engine.state import State
from engine.view import View


class ReplayTable(Vertical):
    """The table between the status bar and the footer, for a game of `seats` seats."""

    def __init__(self, cards: Cards, seats: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # kept, not queried: they are drawn at every step
        self.panels = [SeatPanel(cards, seat, id=f"seat-{seat}") for seat in range(seats)]
        self.boards = [Board(cards, id="board"),
                       Board(cards, title=_("Trophies and Master Anglers"), supply=True, id="supply")]  # fmt: skip
        self.hidden = FaceDown(id="hidden")
        self.seats = VerticalScroll(id="seats", classes="pane")
        self.held = False  # the panels' heights are held (hold_heights)
        # the seats' pane's widgets out of view, and how to draw them once in view
        self.unseen: dict[Drawn, Callable[[], None]] = {}

    def compose(self) -> ComposeResult:
        # the seats docked to the table's right (docked to the screen they would run under the footer)
        with self.seats:
            yield from self.panels
            yield self.hidden
        with Vertical(id="left"):
            yield from self.boards
        with Horizontal(id="bottom"):
            with Vertical(id="moves", classes="pane"):
                yield MoveList(id="move-list")
                # compact: the review's line (three lines at 80 columns) and a hint (four), without "This move"
                yield NoteLines(7, id="review-line")
            yield ThisMove(id="this-move")

    def on_mount(self) -> None:
        self.watch(self.seats, "scroll_y", lambda: self.draw_unseen(), init=False)
        self.query_one("#moves").border_title = _("Moves")
        self.query_one("#this-move").border_title = _("This move")

    def show(self, shown: Drawing, laying_out: bool) -> None:
        """Draw `shown`: what is in view now, the rest of the seats' pane once in view
        (`laying_out`: everything now, as heights change and what will be in view is
        not known yet)."""
        marks = shown.marks
        for board in self.boards:
            board.show(shown.board, marks)
        for panel, (own, private, yours) in zip(self.panels, shown.seats, strict=True):
            self.draw_when_seen(panel, partial(panel.show, own, private, marks, False, yours))
        self.hidden.display = shown.hidden is not None
        if shown.hidden is not None:
            self.draw_when_seen(self.hidden, partial(self.hidden.show, shown.hidden))
        if laying_out:
            self.draw_unseen(everything=True)
        self.query_one("#this-move", ThisMove).update(shown.this_move)
        line = self.query_one("#review-line", NoteLines)
        line.set_class(bool(shown.notes), "-has-notes")
        line.update(shown.notes)

    def warm(self, shown: Drawing) -> Iterator[None]:
        """`shown`'s parts drawn into the widgets' kept parts, one at a time (what is on
        screen is unchanged)."""
        yield from self.query_one("#this-move", ThisMove).warm(shown.this_move)
        for board in self.boards:
            yield from board.warm(shown.board, shown.marks)
        for panel, (own, private, _yours) in zip(self.panels, shown.seats, strict=True):
            yield from panel.warm(own, private, shown.marks, False)
        if shown.hidden is not None:
            yield from self.hidden.warm(shown.hidden)

    # -- heights -----------------------------------------------------------------------
    def can_hold(self, hidden: bool) -> bool:
        """Whether the widgets whose heights are held are laid out (with the face-down
        piles if `hidden`): until then, the next draw tries again."""
        return all(d.content_region.width for d in self.held_widgets(hidden))

    def hold_heights(self, board: View, seats: Sequence[tuple[View, bool]], hidden: State | None) -> None:
        """Draw the boards, the panels (each seat's view, private or not) and the piles
        at their tallest, and keep those heights: the seats' panels and the trophies
        are tallest near the end of the game, the face-down piles at its start. A
        position that needs more grows them (once)."""
        self.held = True
        drawn = self.held_widgets(hidden is not None)
        for d in drawn:
            d.release_height()  # another view's heights (everything, or one seat's) do not hold
        for b in self.boards:
            b.show(board, NO_MARKS)
        for panel, (own, private) in zip(self.panels, seats, strict=True):
            panel.show(own, private, NO_MARKS, False, yours=False)
        if hidden is not None:
            self.hidden.show(hidden)
        for d in drawn:
            d.hold_height()

    def held_widgets(self, hidden: bool) -> list[Drawn]:
        return [*self.panels, *self.boards, *([self.hidden] if hidden else [])]

    # -- the seats' pane ---------------------------------------------------------------
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


class ThisMove(TextLines):
    """The move that led here, then from a new line its notes (the review's line at a
    graded decision, a hint: `Drawing.this_move`). What does not fit is cut from the
    move ("…"; the move list holds it whole), never from a note the player asked for:
    at 120×40 a contest's long move left "Hint: the hard bot…". Notes taller than the
    box are cut at their end."""

    def fitted(self, text: Text, width: int, height: int) -> Text:
        move, *notes = text.split("\n", allow_blank=True)
        whole = super().fitted(text, width, height)
        if whole is text or not notes:
            return whole
        below = Text("\n").join(notes)
        room = height - len(wrap(below, self.app.console, width))  # as it is drawn: never broken at KEEP
        if room < 1:
            return super().fitted(below, width, height)
        shown = Text("\n").join([super().fitted(move, width, room), below])
        shown.style = text.style
        return shown
