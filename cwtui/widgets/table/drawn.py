"""A widget that draws a renderable made for the width it has.

A Static with height auto measures and lays out the whole screen on every update; a
table redrawn after every move then costs several layouts a move. A Drawn widget renders
its lines itself, once per change, and asks for a layout only when its height changes
(the usual case is a redraw of the same number of lines).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.segment import Segment
from textual.strip import Strip
from textual.widget import Widget

# A part of a drawing: a key that changes when its content does, and how to make it.
Part = tuple[object, Callable[[int], RenderableType]]


class Drawn(Widget):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.strips: list[Strip] = []
        self.drawn_width = 0
        self.stale = True  # something to draw was not drawn (hidden, or not laid out)
        # The least height in lines: a view that jumps around a game (the replay) keeps
        # its panels as tall as they get, so a jump costs no layout
        self.min_lines = 0
        self.cache: list[tuple[object, list[Strip]]] = []  # each part's key and lines

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
        if width != self.drawn_width:
            self.cache = []
        self.drawn_width = width
        console = self.app.console
        options = console.options.update_width(width)
        cache: list[tuple[object, list[Strip]]] = []
        for i, (key, make) in enumerate(self.parts()):
            if i < len(self.cache) and self.cache[i][0] == key:
                cache.append(self.cache[i])
                continue
            lines = console.render_lines(make(width), options, style=self.rich_style, pad=True)
            cache.append((key, [Strip(Segment.adjust_line_length(line, width), width) for line in lines]))
        self.cache = cache
        self.strips = [strip for _key, strips in cache for strip in strips]
        height = max(len(self.strips), self.min_lines) + self.styles.gutter.height
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height  # a layout, only when the height changes
        self.refresh()

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

    def hold_height(self) -> None:
        """Keep at least the height drawn now (called once what is drawn is the tallest)."""
        self.min_lines = len(self.strips)
