"""The replay's move list: one row per position, the current one highlighted.

An OptionList cost about a third of a replay jump: it styles every visible option
again through Textual's visuals on each highlight and scroll (about 0.3 ms a line).
This list wraps its rows once per width into Rich lines, keeps them, and on a jump
re-renders only the highlighted row. A row that leaves the view is brought back to the
middle, so stepping through a game scrolls once per half page instead of every move.

Its scrollbar is drawn as the last column of its own lines. Textual's scrollbar is a
widget of its own, drawn again whole at every scroll: at 140×40 that was 2 ms of a
random jump's 18 (its 17 lines; the list's lines are drawn again at a scroll anyway,
and the bar's cell on each costs nothing more). It shows the same thumb, and a click
or a drag on it scrolls as Textual's does; the wheel scrolls as before.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip

from cwtui.lang import N_
from cwtui.widgets.table.quiet import QuietScroll
from cwtui.widgets.wrap import wrap

# A row: a prefix kept on its first line (turn and ply numbers) and the text, whose
# further lines are indented under the text so the numbers stay a column.
Row = tuple[Text, Text]


class MoveList(QuietScroll, can_focus=True):
    DEFAULT_CSS = """
    MoveList {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: hidden;  /* no scrollbar of Textual's: the list draws its own (the module's docstring) */
        & > .move-list--thumb {
            background: $scrollbar;
        }
        & > .move-list--track {
            background: $scrollbar-background;
        }
        & > .move-list--cursor {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .move-list--cursor {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
    }
    """
    COMPONENT_CLASSES = {"move-list--cursor", "move-list--thumb", "move-list--track"}
    BINDINGS = [
        Binding("up", "pick(-1)", N_("Previous move"), id="move_list.up", show=False),
        Binding("down", "pick(1)", N_("Next move"), id="move_list.down", show=False),
    ]

    class Picked(Message):
        """The reader chose a row (a key or a click); `index` is the row."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows: Sequence[Row] = ()
        self.highlighted = 0
        self.width = 0
        self.wrapped: list[list[Strip]] = []  # each row's lines at `width`, unstyled
        self.starts: list[int] = []  # each row's first line
        self.styles_used: tuple[Style, Style] | None = None  # a row's, the cursor's
        self.bar: tuple[Strip, Strip] | None = None  # the scrollbar's cells: track, thumb
        self.dragging = False  # the thumb is held with the mouse

    # -- what it shows -------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Row], highlighted: int) -> None:
        self.rows = rows
        self.highlighted = highlighted
        self._wrap_all()

    def highlight(self, index: int) -> None:
        """Highlight row `index` and scroll it into view (no message: the caller moved)."""
        index = max(0, min(index, len(self.rows) - 1))
        if index == self.highlighted:
            return
        before = self.highlighted
        self.highlighted = index
        if not self._scroll_into_view():
            self._refresh_row(before)
            self._refresh_row(index)

    def row_text(self, index: int) -> str:
        """Row `index` as shown (tests read the list through this)."""
        return "\n".join(strip.text.rstrip() for strip in self.wrapped[index])

    @property
    def allow_vertical_scroll(self) -> bool:
        """The wheel scrolls the list, though Textual's scrollbar is hidden."""
        return self.max_scroll_y > 0 and not self.disabled

    # -- input ---------------------------------------------------------------------------
    def action_pick(self, delta: int) -> None:
        self._pick(self.highlighted + delta)

    def on_click(self, event: events.Click) -> None:
        if event.x >= self.width:
            return  # the scrollbar (on_mouse_down)
        row = self._row_at(event.y + self.scroll_offset.y)
        if row is not None:
            self._pick(row)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A press on the scrollbar's column moves the thumb there and holds it."""
        if event.x >= self.width and self.virtual_size.height > self.size.height:
            self.dragging = True
            self.capture_mouse()
            self._scroll_bar_to(event.y)
            event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self.dragging:
            self._scroll_bar_to(event.y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self.dragging:
            self.dragging = False
            self.release_mouse()

    def _scroll_bar_to(self, y: int) -> None:
        """Scroll so that the thumb's middle is at line `y` of the list."""
        height = self.size.height
        span = self.virtual_size.height - height
        if height > 1 and span > 0:
            self.scroll_to(y=round(span * max(0, min(y, height - 1)) / (height - 1)), animate=False)

    def _pick(self, index: int) -> None:
        """Highlighted at once, so that the next key (a held ↓) counts from it."""
        index = max(0, min(index, len(self.rows) - 1))
        if index != self.highlighted:
            self.highlight(index)
            self.post_message(self.Picked(index))

    def notify_style_update(self) -> None:
        """Focus, blur or a new theme: the cursor's and the bar's colours are looked up again."""
        super().notify_style_update()
        self.styles_used = None
        self.bar = None

    # -- drawing -------------------------------------------------------------------------
    def on_resize(self) -> None:
        if self.scrollable_content_region.width - 1 != self.width:
            self._wrap_all()
        else:
            self._scroll_into_view()  # shorter (a pane below it grew): the highlighted row stays in view

    def _wrap_all(self) -> None:
        width = self.scrollable_content_region.width - 1  # the last column: the scrollbar
        if width <= 0:
            return
        self.width = width
        self.wrapped = [self._lines(row) for row in self.rows]
        self.starts = []
        total = 0
        for lines in self.wrapped:
            self.starts.append(total)
            total += len(lines)
        self.virtual_size = Size(width, total)
        self._scroll_into_view()
        self.refresh()

    def _lines(self, row: Row) -> list[Strip]:
        prefix, text = row
        indent = prefix.cell_len
        console = self.app.console
        wrapped = wrap(text, console, max(1, self.width - indent)) if text.plain else [Text()]
        lines = [prefix + wrapped[0], *(Text(" " * indent) + line for line in list(wrapped)[1:])]
        # each line fits: rendered as it is (Rich's own wrapping would drop the indent)
        return [Strip(Segment.adjust_line_length(list(line.render(console)), self.width), self.width) for line in lines]

    def _row_at(self, line: int) -> int | None:
        if not self.starts or line < 0 or line >= self.virtual_size.height:
            return None
        return bisect_right(self.starts, line) - 1  # the last row starting at or before it

    def _scroll_into_view(self) -> bool:
        """Bring the highlighted row into view, in the middle; True if it scrolled."""
        if not self.starts:
            return False
        top = self.starts[self.highlighted]
        bottom = top + len(self.wrapped[self.highlighted])
        height = self.scrollable_content_region.height
        if height <= 0:
            return False
        y = self.scroll_offset.y
        if top >= y and bottom <= y + height:
            return False
        target = max(0, min(top - (height - (bottom - top)) // 2, self.virtual_size.height - height))
        self.scroll_to(y=target, animate=False, immediate=True)
        self.refresh()
        return True

    def _refresh_row(self, index: int) -> None:
        if 0 <= index < len(self.starts):
            y = self.starts[index] - self.scroll_offset.y
            self.refresh(Region(0, y, self.width, len(self.wrapped[index])))

    def render_line(self, y: int) -> Strip:
        line = y + self.scroll_offset.y
        row = self._row_at(line)
        if row is None:
            text = Strip.blank(self.width, self.rich_style)
        else:
            if self.styles_used is None:
                base = self.rich_style
                self.styles_used = (base, base + self.get_component_rich_style("move-list--cursor"))
            # under the row's own styles; Strip keeps each styled copy
            style = self.styles_used[row == self.highlighted]
            text = self.wrapped[row][line - self.starts[row]].apply_style(style)
        return Strip.join([text, self._bar_cell(y)])

    def _bar_cell(self, y: int) -> Strip:
        """Line `y`'s cell of the scrollbar: the thumb, the track, or nothing when every
        row fits. The thumb's length and place are the view's share and place in the list."""
        height = self.size.height
        total = self.virtual_size.height
        if total <= height or height <= 0:
            return Strip.blank(1, self.rich_style)
        if self.bar is None:
            track, thumb = (
                Strip([Segment(" ", self.get_component_rich_style(name))], 1)
                for name in ("move-list--track", "move-list--thumb")
            )
            self.bar = (track, thumb)
        length = max(1, round(height * height / total))
        top = round(self.scroll_offset.y * (height - length) / (total - height))
        return self.bar[top <= y < top + length]
