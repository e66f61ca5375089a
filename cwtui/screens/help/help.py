"""Help: the keys of the screen underneath and a short rules summary."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from cwtui.lang import N_, _
from cwtui.navigation import OpenRules
from cwtui.screens.keys import game_keys
from cwtui.widgets.table.legend import shown

RULES = N_(
    "Your turn has three steps. 1: place your angler token on a free space and do its action. "
    "2: take another token off the board and do its action. 3: keep that token, flipped (1↔2).\n\n"
    "A colored space removes bait of its color: a 1 takes one from each of your zones, a 2 takes "
    "all of them. The Port refills one of your zones from the bag, or takes a Master Angler "
    "card; a 2 gives two Port actions.\n\n"
    "When the last bait leaves a zone you catch the fish of that zone number at the location of "
    "that bait's color: purple/green Shore, yellow/black River, blue/red Lake. Emptying zone 5 "
    "draws a tackle token; emptying zone 6 lets you take the deck's top card instead.\n\n"
    "Rod: another location, same zone. Line: an adjacent zone, same location. Lure: remove up to 2 bait of one "
    "color. Reel: swap two bait of different colors in different zones. Removed bait may fill your Master "
    "Angler cards' slots.\n\n"
    "Trophies: Mystery Weight, First to 8 Species, Small Species (Flounder, Roach, Perch), "
    "Master Angler sets, First to 12 Fish; at the end the Shore, Lake and River contests, where "
    "you present at most one fish of each species. The full rules: press r."
)


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,f1,question_mark,q", "dismiss", N_("Close"), id="help.close"),
        Binding("r", "rules", N_("Rules"), id="help.rules", tooltip=N_("The full rules: contents, search, every rule")),
    ]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def action_rules(self) -> None:
        """The full rules, in place of this page (Esc there returns to the screen under
        it), at the rule the screen under it last cited (a refusal's, a tooltip's), if any."""
        self.dismiss()
        self.app.post_message(OpenRules(getattr(self.under, "cited", "")))

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=False, padding=(0, 2))
        keys.add_column(style="bold")
        keys.add_column(style="bold")
        keys.add_column(style="dim", overflow="fold")  # a long tip wraps, never cut
        # the screen's keys first, listed in the footer or not; no widget plumbing
        for active in game_keys(self.under):
            binding = active.binding
            tip = _(binding.tooltip) if binding.tooltip != binding.description else ""
            keys.add_row(self.app.get_key_display(binding), _(binding.description), tip)
        palette = self.app.get_key_display(Binding("ctrl+p", ""))
        keys.add_row(palette, _("Commands"), _("Every key above by name, and more (theme, bot speed, new game)"))
        with VerticalScroll():
            # the page has no footer: how to leave it comes first (a newcomer looked for it)
            yield Static(_("Esc or F1 closes this page; r opens the full rules."), classes="hint", id="help-leave")
            cited = getattr(self.under, "cited", "")
            if cited:  # a refusal's or a tooltip's code: the rule the player just met
                yield Static(
                    _("r opens the rules at {rule}, the rule last cited here.").format(rule=cited), classes="hint"
                )
            yield Static(_("Keys on this screen"), classes="title")
            yield Static(keys)
            extra = getattr(self.under, "HELP", "")
            if extra:
                yield Static(_(extra), classes="hint")
            legend: tuple[str, ...] = getattr(self.under, "LEGEND", ())
            if legend:
                yield Static(_("What the table shows"), classes="title")
                yield Static(shown(*legend))
            yield Static(_("The game in short"), classes="title")
            yield Static(_(RULES))
