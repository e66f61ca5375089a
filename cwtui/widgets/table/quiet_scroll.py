"""Scroll views whose scroll range changes without a layout of the whole screen.

Textual declares a widget's `virtual_size` with layout=True: every new scroll range (a
line added to the log, new options in the prompt) lays the whole screen out again,
which on the play screen costs more than all the drawing of a move. These views live in
boxes of fixed size, so a new range changes nothing outside them: they update their own
scrollbars instead (ScrollView._scroll_update, as a layout would; textual is pinned).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.widgets import OptionList


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
