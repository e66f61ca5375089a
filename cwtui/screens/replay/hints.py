"""The replay's hint (`h`): the hint at a position, for the seat to act, as the table
gives it (cwtui.game.hint), found in a worker, and the line under the move that says it
while the replay is at that position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widget import Widget

from cwtui.game import words
from cwtui.game.hint import Hint, hint_at
from cwtui.game.replaying import Scrubber
from cwtui.lang import _
from cwtui.widgets.hint_line import hint_line
from engine.legal import legal_moves
from engine.state import State
from engine.view import view


class Hints(Widget):
    """Asks on workers of its own, one question at a time (a new one cancels the last);
    the answer is posted as a `Found` (it goes on to the screen), and kept in `last`."""

    DEFAULT_CSS = "Hints { display: none; }"

    class Found(Message):
        """The hint at `position`, for `seat` (cwtui.game.hint)."""

        def __init__(self, position: int, seat: int, hint: Hint) -> None:
            super().__init__()
            self.position = position
            self.seat = seat
            self.hint = hint

    def __init__(self) -> None:
        super().__init__()
        self.last: Hints.Found | None = None  # the last answer: shown at its position

    def ask(self, state: State, names: Sequence[str], speaks_of: Callable[[int], bool]) -> str | None:
        """Ask for a hint at `state`; or why not, if there is no move to hint or the
        screen may not speak of the seat to act (a hint names its pieces)."""
        if state.over:
            return _("The game is over here: there is no move to hint.")
        if not speaks_of(state.to_act):
            return _("A hint for {name} would show their pieces: switch the view (v).").format(name=names[state.to_act])
        self.run_worker(partial(self._search, state), thread=True, exclusive=True, group="hint")
        return None

    def _search(self, state: State) -> None:
        hint = hint_at(view(state, state.to_act), legal_moves(state), state.cards)
        self.post_message(self.Found(state.ply, state.to_act, hint))

    @on(Found)
    def keep(self, message: Found) -> None:
        self.last = message

    def line(self, cursor: Scrubber, speaks_of: Callable[[int], bool]) -> Text | None:
        """The line under the move at `cursor`'s position, if the last answer is for
        it and for a seat the screen may speak of."""
        last = self.last
        if last is None or last.position != cursor.position or not speaks_of(last.seat):
            return None
        hint = last.hint
        labels = [words.mid_sentence(words.option(hint.seen, cursor.cards, w.move)) for w in hint.weighed]
        return hint_line(labels, hint.weighed, hint.does)
