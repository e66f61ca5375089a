"""Widgets in boxes of fixed size, which update without a layout of the whole screen.

Textual declares a widget's `virtual_size` with layout=True: every new scroll range (a
line added to the log, new options in the prompt) lays the whole screen out again,
which on the play screen costs more than all the drawing of a move. These views live in
boxes of fixed size, so a new range changes nothing outside them: they update their own
scrollbars instead (ScrollView._scroll_update, as a layout would; textual is pinned).
TextLines is text in a box of fixed height that repaints only the lines that change;
NoteLines, text in a box as tall as its lines, up to a limit.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.widgets import OptionList

from cwtui.widgets.table.drawn import Drawn, Part


class QuietScroll(ScrollView):
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)
        self.refresh()


class QuietOptionList(OptionList):
    """The prompt's options: an OptionList in a box of fixed height."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)
        self.refresh()


class TextLines(Drawn):
    """Text in a box of fixed height (the prompt's lines, the status bar), updated after
    every move: drawn like the table's panels (Rich lines, kept until the text changes),
    never laid out, and repainted only where a line changed. A Static costs about half
    a millisecond a repaint through Textual's Content, several times this."""

    SIZED = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = Text()
        self.fitted_height = 0  # the box's height its lines were last fitted to

    def update(self, text: Text | str) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.redraw()

    def warm(self, text: Text) -> Iterator[None]:
        """Draw `text` ahead of showing it (Drawn.warm_parts)."""
        return self.warm_parts(self.parts_of(text))

    def parts(self) -> list[Part]:
        self.fitted_height = self.box_height()
        return self.parts_of(self.text)

    def box_height(self) -> int:
        """The lines the text is fitted to: the box's, set in CSS."""
        return self.content_region.height

    def on_resize(self) -> None:
        """Fitted to the box's height as well as its width (Drawn redraws for a new
        width): a box grown by a class or a taller terminal would keep the old cut."""
        if self.box_height() != self.fitted_height:
            self.redraw()

    def parts_of(self, text: Text) -> list[Part]:
        height = self.box_height()
        # Rich's Text equality ignores the base style: the key spells it out
        key = (text.plain, str(text.style), tuple(text.spans), height)
        return [(key, lambda width: self.fitted(text, width, height))]

    def fitted(self, text: Text, width: int, height: int) -> Text:
        """The text as it fits the box: when it would wrap past the box's last line, that
        line ends in "…", so a cut never passes for the whole text."""
        if text.cell_len <= width and "\n" not in text.plain:
            return text  # one line that fits (the status bar at every jump): no wrapping to look at
        lines = text.wrap(self.app.console, width)
        if height <= 0 or len(lines) <= height:
            return text
        for line in lines:
            line.rstrip()  # a wrapped line keeps the space it was broken at
        # the rest on the last line, cut where the box ends
        last = Text(" ").join(lines[height - 1 :])
        last.truncate(width, overflow="ellipsis")
        shown = Text("\n").join([*lines[: height - 1], last])
        shown.style = text.style
        return shown


class NoteLines(TextLines):
    """Text in a box as tall as its lines, at most `most` (the last then ends in "…"):
    notes under the replay's move list at 80×24, three lines or seven, which a fixed box
    would cut or leave half empty."""

    SIZED = True

    def __init__(self, most: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.most = most

    def box_height(self) -> int:
        return self.most
