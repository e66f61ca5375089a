"""A widget that draws a renderable made for the width it has.

A Static with height auto measures and lays out the whole screen on every update; a
table redrawn after every move then costs several layouts a move. A Drawn widget renders
its lines itself, once per change, and asks for a layout only when its height changes
(the usual case is a redraw of the same number of lines).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget

from cwtui.game.words import KEEP
from cwtui.widgets.rule_link import Cited, cited
from cwtui.widgets.wrap import fits, wrap

# A part of a drawing: a key that changes when its content does (hashable), and how to
# make it.
Part = tuple[object, Callable[[int], RenderableType]]

# Parts kept drawn per widget. A game goes back and forth between few contents of a part
# (a seat's fish change a dozen times a game; a mark comes and goes), and the replay
# jumps between them: kept, they cost nothing to show again. The replay draws every
# position's parts ahead (warm_parts): a long four-player game (557 moves) has at most 434
# different parts a widget, the board's.
KEPT_PARTS = 1024


class Drawn(Widget):
    # Whether the widget sets its own height to what it draws (False: a box of fixed
    # height set in CSS, whose lines past the box are cut)
    SIZED = True
    # A drawn widget never scrolls: its virtual size is its size, which the layout that
    # gave it that size has already taken into account. Textual's own declaration asks
    # for a layout whenever it changes, so each new height cost the screen a second
    # layout, right after the one that made it (issue 52.12).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.strips: list[Strip] = []
        self.drawn_width = 0
        self.stale = True  # something to draw was not drawn (hidden, or not laid out)
        # The least height in lines: a view that jumps around a game (the replay) keeps
        # its panels as tall as they get, so a jump costs no layout (hold_height)
        self.min_lines = 0
        self.holding = False
        self.held_below = False  # a held height's rows to spare go above the text (hold_height)
        self.kept: dict[object, list[Strip]] = {}  # parts drawn at `drawn_width`, by key
        self.legend: str | None = None  # the tooltip away from any explained glyph

    def on_mount(self) -> None:
        self.tooltip = self.legend

    def parts(self) -> list[Part]:
        """What to draw, top to bottom, each part given the width (subclasses). A part
        whose key is unchanged is not rendered again (Rich tables cost milliseconds)."""
        raise NotImplementedError

    def redraw(self) -> None:
        width = self.content_region.width
        if width <= 0 or not self.display:
            self.stale = True  # not laid out yet, or hidden: drawn when shown
            return
        self.stale = False
        width_changed = width != self.drawn_width
        if width_changed:
            self.kept = {}
        self.drawn_width = width
        kept = self.kept
        style = None  # looked up only when a part is drawn (it walks the ancestors)
        strips: list[Strip] = []
        for key, make in self.parts():
            lines = kept.get(key)
            if lines is None:
                style = style or self.rich_style
                lines = self.keep(key, make, width, style)
            strips.extend(lines)
        before = self.strips
        if self.holding:
            self.min_lines = max(self.min_lines, len(strips))
            if self.held_below and len(strips) < self.min_lines:  # the rows to spare above the text
                strips = [Strip.blank(width, style or self.rich_style)] * (self.min_lines - len(strips)) + strips
        self.strips = strips
        height = max(len(self.strips), self.min_lines) + self.styles.gutter.height
        if not self.SIZED:
            self.refresh_changed(before)
        elif self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height  # a layout, only when the height changes
            self.refresh()
        elif width_changed:
            self.refresh()
        else:
            self.refresh_changed(before)

    def keep(self, key: object, make: Callable[[int], RenderableType], width: int, style: Style) -> list[Strip]:
        lines = self.kept[key] = self.render_part(make(width), width, style)
        if len(self.kept) > KEPT_PARTS:
            del self.kept[next(iter(self.kept))]  # the oldest
        return lines

    def height_of(self, parts: list[Part]) -> int | None:
        """The rows `parts` would take at the widget's width, border and padding included,
        from the kept parts (drawing into them those not kept); None before the widget has
        been drawn at its width (its next redraw sets it)."""
        width = self.content_region.width
        if width <= 0 or width != self.drawn_width:
            return None
        style = self.rich_style
        lines = 0
        for key, make in parts:
            kept = self.kept.get(key)
            lines += len(kept if kept is not None else self.keep(key, make, width, style))
        return lines + self.styles.gutter.height

    def warm_parts(self, parts: list[Part]) -> Iterator[None]:
        """Draw `parts` ahead of being shown, at the width on screen, one at a time (the
        caller stops between them when its time is up): showing them later costs nothing
        (the replay draws every position's parts while the player is idle). What is on
        screen is unchanged."""
        for key, make in parts:
            width = self.content_region.width
            if width <= 0 or width != self.drawn_width:
                return  # not drawn at this width yet: its first redraw sets the width
            if key not in self.kept:
                self.keep(key, make, width, self.rich_style)
                yield

    def render_part(self, renderable: RenderableType, width: int, style: Style) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        if isinstance(renderable, Text) and (KEEP in renderable.plain or "\n" in renderable.plain):
            if not fits(renderable, width):  # wrapped here: never at a KEEP
                renderable = Text("\n", style=renderable.style).join(wrap(renderable, console, width))
            # its lines fit (wrap folds a word longer than the line): Rich need not wrap
            # them again, which took most of a short text's drawing (the 80x24 prompt's
            # line of your zones and cards, at most moves)
            options = options.update(no_wrap=True, overflow="crop")
        lines = console.render_lines(renderable, options, style=style, pad=True)
        return [Strip(Segment.adjust_line_length(line, width), width) for line in lines]

    def refresh_changed(self, before: list[Strip]) -> None:
        """Repaint only the lines that differ from what was drawn: a move changes a few
        lines of a panel, and the compositor's cost is per line repainted."""
        after = self.strips
        changed = [
            Region(0, y, self.drawn_width, 1)
            for y in range(max(len(before), len(after)))
            if y >= len(before) or y >= len(after) or (before[y] is not after[y] and before[y] != after[y])
        ]
        if changed:
            self.refresh(*changed)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The tooltip explains what the mouse is over: a glyph drawn with its own
        explanation (glyphs.explained), else the pane's legend."""
        tip = event.style.meta.get("tip") if event.style else None
        wanted = tip if isinstance(tip, str) else self.legend
        if self.tooltip != wanted:
            self.tooltip = wanted
            code = cited(tip) if isinstance(tip, str) else None
            if code:
                self.post_message(Cited(code))

    def on_resize(self) -> None:
        if self.stale or self.content_region.width != self.drawn_width:
            self.redraw()

    def on_show(self) -> None:
        if self.stale:
            self.redraw()

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self.strips):
            return self.strips[y]
        return Strip.blank(self.content_region.width, self.rich_style)

    @property
    def drawn_text(self) -> str:
        """What the widget shows, as plain text (a line each), as a reader reads it: a
        no-break space (words.KEEP, which holds a line's parts together) is a space."""
        return "\n".join(strip.text.rstrip() for strip in self.strips).replace(KEEP, " ")

    def release_height(self) -> None:
        self.holding = False
        self.min_lines = 0

    def hold_height(self, below: bool = False) -> None:
        """From now on, never shrink: keep the tallest height drawn (first called with the
        tallest drawing known, so that the height rarely grows after). `below`: a shorter
        text sits at the bottom of the height, the rows to spare above it (the decision's
        question, whose spare row stood between it and its options)."""
        self.holding = True
        self.held_below = below
        self.min_lines = max(self.min_lines, len(self.strips))
