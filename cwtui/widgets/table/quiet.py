"""Widgets in boxes of fixed size, which update without a layout of the whole screen.

Textual declares a widget's `virtual_size` with layout=True: every new scroll range (a
line added to the log, new options in the prompt) lays the whole screen out again,
which on the play screen costs more than all the drawing of a move. These views live in
boxes of fixed size, so a new range changes nothing outside them: they update their own
scrollbars instead (ScrollView._scroll_update, as a layout would; textual is pinned).
TextLines is text in a box of fixed height that repaints only the lines that change;
NoteLines, text in a box as tall as its lines, up to a limit (none when it is empty).
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.widgets import OptionList

from cwtui.widgets.table.drawn import Drawn, Part
from cwtui.widgets.wrap import fits, parted, wrap


class QuietScroll(ScrollView):
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)
        self.refresh()


class QuietOptionList(OptionList):
    """The prompt's options: an OptionList in a box of fixed height, which says when it
    holds more than it shows (`Overflowing`), whatever changed: its options or its box."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Overflowing(Message):
        def __init__(self, overflowing: bool) -> None:
            super().__init__()
            self.overflowing = overflowing

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.overflowing = False
        self.named: tuple[int, int] | None = None  # the first and last option a hint names

    def show_named(self) -> None:
        """The options from the first to the last a hint named in view where they fit
        (it named options below the list's last row: "6 is as good" with 1–5 shown), and
        the highlighted one — its pick — always. OptionList's own line map (Textual pinned
        exactly) says where each option's lines lie."""
        if self.named is not None:
            self._update_lines()
            first, last = self.named
            try:
                top, bottom = self._index_to_line[first], self._index_to_line[last] + self._heights[last]
            except KeyError:
                top = bottom = 0
            if 0 < bottom - top <= self.scrollable_content_region.height:
                width = self.scrollable_content_region.width
                self.scroll_to_region(Region(0, top, width, bottom - top), force=True, animate=False, immediate=True)
        if self.highlighted is not None:
            self.scroll_to_highlight()

    def direction(self, index: int) -> str:
        """Where option `index` lies from the rows in view: "↑" above them, "↓" below, ""
        in view (OptionList's own line map: Textual is pinned exactly)."""
        self._update_lines()
        top = self._index_to_line.get(index)
        if top is None:
            return ""
        if top < self.scroll_offset.y:
            return "↑"
        if top + self._heights[index] > self.scroll_offset.y + self.scrollable_content_region.height:
            return "↓"
        return ""

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)
        self.refresh()
        self.check_overflow()

    def on_resize(self) -> None:
        self.check_overflow()
        # the box changed (a hint's second line took a row): the highlighted option, the
        # hint's pick or the player's, stays in view (at 80x24 it fell below a list
        # shrunk after it was scrolled to: 14 of 30 hints in a game)
        self.show_named()

    def check_overflow(self) -> None:
        overflowing = self.option_count > 0 and self.virtual_size.height > self.scrollable_content_region.height
        if overflowing != self.overflowing:
            self.overflowing = overflowing
            self.post_message(self.Overflowing(overflowing))


class TextLines(Drawn):
    """Text in a box of fixed height (the prompt's lines, the status bar), updated after
    every move: drawn like the table's panels (Rich lines, kept until the text changes),
    never laid out, and repainted only where a line changed. A Static costs about half
    a millisecond a repaint through Textual's Content, several times this."""

    SIZED = False

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, cut_note: str = "", between: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.between = between  # what parts the text's parts, which no line breaks inside (wrap.parted)
        # What the text ends with that a cut would lose, said in the cut note instead
        # (a hint's " · ↑↓ 4 options": a cut line read "↑↓ 4 options ↑↓ 4 options · h: all")
        self.cut_end = ""
        self.was_cut = False  # the last text fitted was cut (`fitted`)
        self.text = Text()
        self.fitted_height = 0  # the box's height its lines were last fitted to
        self.cut_note = cut_note  # ends a cut text's last line (where to read it whole)
        self.shown_key: object = None
        self.cut_keys: set[object] = set()  # the drawings (by key) whose text did not fit

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
        if not text.plain:
            self.shown_key = None
            return []  # no lines: a box as tall as its lines takes no row
        height = self.box_height()
        # Rich's Text equality ignores the base style: the key spells it out
        key = self.shown_key = (text.plain, str(text.style), tuple(text.spans), height)

        def draw(width: int) -> Text:
            self.was_cut = False
            shown = self.fitted(text, width, height)
            (self.cut_keys.add if self.was_cut else self.cut_keys.discard)(key)
            return shown

        return [(key, draw)]

    @property
    def cut(self) -> bool:
        """The text shown does not fit the box: its last line ends in "…"."""
        return self.shown_key in self.cut_keys

    def fitted(self, text: Text, width: int, height: int) -> Text:
        """The text as it fits the box: when it would wrap past the box's last line, that
        line ends in "…" (and the cut note), so a cut never passes for the whole text. The
        text that fits is returned itself (`text`, or its parts laid out: `between`)."""
        if fits(text, width) and (height <= 0 or text.plain.count("\n") < height):
            return text  # lines that fit (the status bar at every jump): no wrapping to look at
        laid = parted(text, width, self.between) if self.between else text
        lines = wrap(laid, self.app.console, width)  # as Drawn.render_part will wrap it
        if height <= 0 or len(lines) <= height:
            return laid
        cut_note = self.cut_note
        if self.cut_end and text.plain.endswith(self.cut_end):
            cut_note = f"{self.cut_end.strip(' ·')} · {cut_note}" if cut_note else self.cut_end.strip(" ·")
            text = text[: len(text.plain) - len(self.cut_end)]
            laid = parted(text, width, self.between) if self.between else text
            lines = wrap(laid, self.app.console, width)
        self.was_cut = True
        for line in lines:
            line.rstrip()  # a wrapped line keeps the space it was broken at
        # the rest on the last line, cut where the box ends
        last = Text(" ").join(lines[height - 1 :])
        note = Text(f" {cut_note}", style="reverse") if cut_note else Text()
        room = max(1, width - note.cell_len)
        if last.cell_len > room:  # cut between words where the line has one: "(every…" read as a word
            whole = last.plain
            last.truncate(room - 1)
            space = last.plain.rfind(" ")
            if whole[len(last.plain) : len(last.plain) + 1] != " " and space > room // 2:
                last = last[:space]
            last.rstrip()
            last.append("…")
        last.append_text(note)
        shown = Text("\n").join([*lines[: height - 1], last])
        shown.style = text.style
        return shown


class NoteLines(TextLines):
    """Text in a box as tall as its lines, at most `most` (the last then ends in "…"):
    notes under the replay's move list at 80×24, three lines or seven, which a fixed box
    would cut or leave half empty."""

    SIZED = True

    def __init__(
        self,
        most: int,
        *,
        id: str | None = None,
        classes: str | None = None,
        cut_note: str = "",
        between: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes, cut_note=cut_note, between=between)
        self.most = most

    def box_height(self) -> int:
        return self.most

    def update_in_place(self, text: Text | str) -> None:
        """`text`, in the rows the box has now where it takes fewer: while the table waits
        for another seat, the question's and the key line's rows stay, and the next
        decision (most often as tall) costs the screen no layout (a box that shrank as a
        bot played and grew back at the human's turn laid the screen out twice a move)."""
        text = Text(text) if isinstance(text, str) else text
        text = text if text.plain else Text(" ")  # a blank line (an empty text takes no row)
        rows, lines = len(self.strips), text.plain.count("\n") + 1
        if rows > lines and max(map(len, text.plain.split("\n"))) <= self.content_region.width:
            text = Text.assemble(text, "\n" * (rows - lines))
        elif not rows and not text.plain.strip():
            text = Text()  # no rows to keep
        self.update(text)
