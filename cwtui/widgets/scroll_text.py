"""A scrolling view of one Rich renderable that is replaced often.

A Static in a scroll container, or a RichLog, changes its size on every update and so
makes the whole screen lay out again, which on the replay screen costs more than all the
drawing. This view renders the renderable to lines itself and asks for a layout only
when it needs more lines than it had (it keeps blank room rather than shrink).
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class ScrollText(ScrollView):
    DEFAULT_CSS = """
    ScrollText { height: 1fr; overflow-x: hidden; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.renderable: RenderableType = ""
        self.lines: list[Strip] = []
        self.rendered_width = 0

    def show(self, renderable: RenderableType, shrink: bool = False) -> None:
        """Show `renderable`; `shrink` lets the scroll range fall to its height (a layout)."""
        self.renderable = renderable
        self._render_lines(shrink)

    def _render_lines(self, shrink: bool = False) -> None:
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        self.rendered_width = width
        options = self.app.console.options.update_width(width)
        lines = self.app.console.render_lines(self.renderable, options, style=self.rich_style, pad=True)
        self.lines = [Strip(Segment.adjust_line_length(line, width), width) for line in lines]
        height = len(self.lines) if shrink else max(len(self.lines), self.virtual_size.height)
        size = Size(width, height)
        if self.virtual_size != size:
            self.virtual_size = size  # a layout of the screen: only when it must grow
        self.refresh()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self.rendered_width:
            self._render_lines()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if 0 <= index < len(self.lines):
            return self.lines[index].crop(self.scroll_offset.x, self.scroll_offset.x + self.size.width)
        return Strip.blank(self.size.width, self.rich_style)
