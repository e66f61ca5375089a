"""The table's status bar: whose turn it is, the table's own state (its subclass's: an
online room, whom it waits for), and how near the end is — as many of them as its width
holds, whole."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cwtui.game import words
from cwtui.widgets.table.quiet import TextLines
from engine.view import View

SEP = " · "


class StatusLine(TextLines):
    said: tuple[str, ...] = ()

    def show(self, shown: View, names: Sequence[str], parts: Sequence[str], state_first: bool, short: bool) -> None:
        """Where the game `shown` stands, then `parts` (the table's own state), with the
        end in sight (`short`: as the compact layout says it) after where the game
        stands — or, `state_first`, after the table's state too: an online table's can
        be long, and the bar is cut at its end, which must not take it."""
        said = [words.whose_turn(shown, names), *parts]
        if shown.end_trigger < 0 and shown.phase not in ("present", "over"):
            said.insert(len(said) if state_first else 1, words.end_in_sight(shown, short=short))
        self.said = tuple(said)
        self.fit()

    def on_resize(self) -> None:
        super().on_resize()
        self.fit()

    def fit(self) -> None:
        """The parts that fit the bar's width whole, in their order: the last ones left
        out first (a longer language cut "bots : instantanée" in the middle of a word;
        a long name, "Rivière 14")."""
        width = self.content_region.width - 1  # the bar's leading space
        kept = list(self.said)
        while len(kept) > 1 and width > 0 and Text(SEP.join(kept)).cell_len > width:
            kept.pop()
        text = Text(" " + SEP.join(kept), style="bold")
        if text != self.text:
            self.update(text)
