"""The keys of the table as a seated player has them (`SeatedScreen.BINDINGS`): the
game's own, and the compact layout's pane keys."""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from cwtui.lang import N_

BOARD_TIP, SUPPLY_TIP = N_("Angler spaces, locations, decks"), N_("Trophies, tiles, Master Anglers")
UNDO_TIP = N_("Take back your last move (until a draw or another seat)")
HINT_TIP = N_("What the review's judge would play now, what the others give up, and why")

TABLE_KEYS: Final[list[BindingType]] = [
    Binding("q", "leave", N_("Home"), id="play.home", tooltip=N_("Back to the home screen; the game is saved")),
    # Undo acts only until a draw; when it cannot, it says why (the footer is the
    # same from move to move: rebuilding it costs a layout of the screen).
    Binding("u", "undo", N_("Undo"), id="play.undo", tooltip=UNDO_TIP),
    Binding("h", "hint", N_("Hint"), id="play.hint", tooltip=HINT_TIP),
    Binding("b", "breakdown", N_("Scores"), id="play.scores", tooltip=N_("Each seat's score, item by item")),
    Binding("h", "why_no_hint", show=False, id="play.hint.unlisted"),  # at a table of no human: says why
    # The panes' keys act in the compact layout only, and each pane's border names
    # the others' there (`title_panes`): the footer's room at 80 columns goes to the
    # keys of the game (issue 52.1: u, b, F7, p and s were dropped for these).
    Binding("f2", "show('board')", N_("Board"), id="play.pane.board", tooltip=BOARD_TIP, show=False),
    Binding("f3", "show('supply')", N_("Trophies"), id="play.pane.supply", tooltip=SUPPLY_TIP, show=False),
    Binding("f4", "seats('you')", N_("You"), id="play.pane.you", tooltip=N_("Your panel, whole")),
    Binding("f5", "seats('others')", N_("Seats"), id="play.pane.seats", tooltip=N_("The other seats' panels, whole")),
    Binding("f6", "show('log')", N_("Log"), id="play.pane.log", tooltip=N_("The event log"), show=False),
    # Esc goes back from a pane F3 or F6 switched to, as from a tab (a whole-game read
    # at 80×24: "Esc does not close the log")
    Binding("escape", "show('board')", N_("Board"), id="play.pane.back", tooltip=BOARD_TIP, show=False),
    Binding("f7", "since", N_("Since"), id="play.since", tooltip=N_("What the others did since your last turn, whole")),
]
