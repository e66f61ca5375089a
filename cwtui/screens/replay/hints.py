"""The replay's hint (`h`): the hard bot's ranked options for the seat to act at a
position (engine.bots.hint), searched in a worker, and the line under the move that
says them while the replay is at that position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from rich.text import Text
from textual.dom import DOMNode
from textual.message import Message

from cwtui import words
from cwtui.learn.reasons import effects
from cwtui.replaying import Scrubber
from engine.bots import Option, TreeRunner, hint
from engine.state import State


class Hints:
    """Asks on `owner`'s workers, one question at a time (a new one cancels the last);
    the answer comes to the owner as a `Found`, which it keeps in `last`. The trees
    grow on `search` (None: in this process), stopped by the hard level's clock unless
    not `timed` (tests)."""

    class Found(Message):
        """The hard bot's ranked options at `position`, for `seat`."""

        def __init__(self, position: int, seat: int, ranked: list[Option]) -> None:
            super().__init__()
            self.position = position
            self.seat = seat
            self.ranked = ranked

    def __init__(self, owner: DOMNode, search: TreeRunner | None, timed: bool) -> None:
        self.owner = owner
        self.search = search
        self.timed = timed
        self.last: Hints.Found | None = None  # the last answer: shown at its position

    def ask(self, state: State, names: Sequence[str], speaks_of: Callable[[int], bool]) -> str | None:
        """Ask for a hint at `state`; or why not, if there is no move to hint or the
        screen may not speak of the seat to act (a hint names its pieces)."""
        if state.over:
            return "The game is over here: there is no move to hint."
        if not speaks_of(state.to_act):
            return f"A hint for {names[state.to_act]} would show their pieces: switch the view (v)."
        self.owner.run_worker(partial(self._search, state), thread=True, exclusive=True, group="hint")
        return None

    def _search(self, state: State) -> None:
        ranked = hint(state, self.timed, self.search)
        self.owner.post_message(self.Found(state.ply, state.to_act, ranked))

    def line(self, cursor: Scrubber, speaks_of: Callable[[int], bool]) -> Text | None:
        """The line under the move at `cursor`'s position, if the last answer is for
        it and for a seat the screen may speak of."""
        last = self.last
        if last is None or last.position != cursor.position or not speaks_of(last.seat):
            return None
        seen = cursor.shown((last.seat,))[last.seat]
        ranked = last.ranked[: words.HINT_SHOWN]
        picks = [(words.mid_sentence(words.option(seen, cursor.cards, o.move)), o.win_rate) for o in ranked]
        return words.hint(picks, [effects(seen, cursor.cards, o.move, seed=seen.ply) for o in ranked])
