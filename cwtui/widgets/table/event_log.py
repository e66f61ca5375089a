"""The event log: every line wrapped at the pane's own width, and wrapped again when the
width changes (a RichLog renders each line once, at the width it had then, so a line
written while the pane was narrower, wider or hidden stays cut or wrapped wrong).

It follows the game as a chat or Toolong does: new lines scroll into view unless the
reader has scrolled up; scrolling back to the end (End, or the wheel) follows again.
Following is a state of its own, not "the view is at the end now": a pane that loses a
row (the trophies above it gained a line, the terminal shrank) is no longer at the end
of its lines, and used to stop following there for the rest of the game."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip

from cwtui.game.words import KEEP
from cwtui.widgets.table.quiet import QuietScroll
from cwtui.widgets.wrap import wrap

CHUNK = 64


class EventLog(QuietScroll, can_focus=True):
    DEFAULT_CSS = """
    EventLog { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    """

    class Following(Message):
        """The log started or stopped following new lines (its pane says so)."""

        def __init__(self, log: EventLog, following: bool) -> None:
            super().__init__()
            self.log = log
            self.following = following

    def __init__(self, max_lines: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.max_lines = max_lines
        self.entries: list[Text] = []
        self.wrapped: list[list[Strip]] = []  # each entry's lines at `width`
        self.flat: list[Strip] = []
        self.width = 0
        self.following = True

    @property
    def lines(self) -> list[Strip]:
        return [strip for entry in self.wrapped for strip in entry]

    def write(self, line: str | Text) -> None:
        """Add a line at the end and follow it (unless the reader scrolled up)."""
        self.entries.append(Text(line) if isinstance(line, str) else line)
        trimmed = len(self.entries) > self.max_lines
        if trimmed:
            del self.entries[0]
            if self.wrapped:
                del self.wrapped[0]
        if self.width:
            self.wrapped.append(self._wrap(self.entries[-1]))
            if trimmed:
                self.flat = self.lines
            else:
                self.flat.extend(self.wrapped[-1])  # a new line: no need to flatten them all
            self._resize()
            self.keep_following()

    def clear(self) -> None:
        """No lines (before writing the history again: moves were taken back)."""
        self.entries, self.wrapped, self.flat = [], [], []
        if self.width:
            self._resize()
            self.scroll_home(animate=False, immediate=True)
        if not self.following:
            self.following = True
            self.post_message(self.Following(self, True))

    def text(self) -> str:
        """Every line as shown (tests read the pane through this)."""
        return "\n".join(strip.text.rstrip() for strip in self.lines)

    def _wrap(self, entry: Text) -> list[Strip]:
        width = self.width
        options = self.app.console.options.update_width(width)
        if KEEP in entry.plain:  # wrapped here: never at a KEEP ("Conger Eel #9")
            entry = Text("\n", style=entry.style).join(wrap(entry, self.app.console, width))
        lines = self.app.console.render_lines(entry, options, style=self.rich_style, pad=True)
        return [Strip(Segment.adjust_line_length(line, width), width) for line in lines]

    def _resize(self) -> None:
        """The scroll range grows by CHUNK lines at a time: a new scroll range costs a
        layout of the whole screen, which a line a move should not."""
        size = Size(self.width, -(-len(self.flat) // CHUNK) * CHUNK)
        if self.virtual_size != size:
            self.virtual_size = size
        self.refresh()

    @property
    def max_scroll_y(self) -> int:
        """Scrolling stops at the last line written (the range may hold blank lines)."""
        return max(0, len(self.flat) - self.scrollable_content_region.height)

    def keep_following(self) -> None:
        if self.following and self.scroll_y != self.max_scroll_y:
            self.scroll_end(animate=False, immediate=True)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """The reader scrolled (keys, wheel, scrollbar), or the log followed a new line:
        following while the last line is in view."""
        super().watch_scroll_y(old_value, new_value)
        following = round(new_value) >= self.max_scroll_y
        if following != self.following:
            self.following = following
            self.post_message(self.Following(self, following))

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and width != self.width:
            self.width = width
            self.wrapped = [self._wrap(entry) for entry in self.entries]
            self.flat = self.lines
            self._resize()
        self.keep_following()  # a new height moves the end as a new width does

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if 0 <= index < len(self.flat):
            return self.flat[index]
        return Strip.blank(self.size.width, self.rich_style)
