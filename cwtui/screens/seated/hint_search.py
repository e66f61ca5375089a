"""The hint's search, in a worker (issue 53): one at a time, one per decision — every h
searched before, and a thread worker cancelled runs on to its end, so a player pressing
h (or a browser's guest, whose searches run on the server's machine) started search
after search. Its answer is posted (`Found`) for the screen to draw."""

from __future__ import annotations

from collections.abc import Callable

from textual import on, work
from textual.message import Message
from textual.widget import Widget

from cwtui.game.hint import Hint
from engine.view import View


class HintSearch(Widget):
    DEFAULT_CSS = "HintSearch { display: none; }"

    class Found(Message):
        """The hint for the decision `asked` (its View), from the worker."""

        def __init__(self, asked: View, hint: Hint) -> None:
            super().__init__()
            self.asked = asked
            self.hint = hint

    def __init__(self, search: Callable[[], Hint]) -> None:
        """`search`: the hint on the decision open (its game's, cwtui.game.hint)."""
        super().__init__()
        self.search = search
        # The decision being searched, the one the player last asked about, and the last
        # hint found (the same decision gets the same hint: its search is seeded by the
        # position, so it is searched once).
        self.searching: View | None = None
        self.wanted: View | None = None
        self.found: HintSearch.Found | None = None

    def ask(self, asked: View) -> Found | None:
        """The hint for `asked` if it is known; else its search begins, or follows the
        one under way (None: `Found` comes)."""
        if self.found is not None and self.found.asked == asked:
            return self.found
        self.wanted = asked
        if self.searching is None:
            self.start(asked)
        return None

    def forget(self) -> None:
        """The player moved on: a search under way is kept for its decision, not wanted."""
        self.wanted = None

    def again_for(self, open_now: View | None) -> None:
        """A search for another decision ended: the one open now, if the player asked
        about it meanwhile, is searched next."""
        if self.wanted is not None and self.wanted == open_now and self.searching is None:
            self.start(self.wanted)

    def start(self, asked: View) -> None:
        self.searching = asked
        self.run(asked)

    @work(thread=True, group="hint")
    def run(self, asked: View) -> None:
        self.post_message(self.Found(asked, self.search()))

    @on(Found)
    def keep(self, message: Found) -> None:
        """Kept before the screen draws it (the message goes on to the screen)."""
        if message.asked is self.searching:
            self.searching = None
        self.found = message
