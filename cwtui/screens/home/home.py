"""Home: new game, resume, open a replay, history, quit."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.game.saved import shown_path, unfinished_games
from cwtui.game.words import in_brackets
from cwtui.lang import N_, _, n_
from cwtui.navigation import (
    NewGame,
    OpenHistory,
    OpenJoin,
    OpenLesson,
    OpenMyGames,
    OpenReplayList,
    OpenResume,
    OpenRules,
)
from cwtui.net.my_games import my_games
from cwtui.widgets.footer import Footer

TITLE = "~~~  C O L D W A T E R   C R O W N  ~~~"  # the game's name, as the box prints it


def logo() -> str:
    """The game's name and its author, as home and a browser's guest show them."""
    byline = _("a fishing game by Brian Suhre")
    return f"  {TITLE}\n      {byline}"


def entry(label: str, key: str, more: str = "") -> Content:
    """A line of the menu: what it does, then dimmed its key and what it holds."""
    return Content.assemble(label, "  ", (in_brackets(key) + (" — " + more if more else ""), "dim"))


class HomeScreen(Screen[None]):
    CSS_PATH = "home.tcss"
    BINDINGS = [
        Binding("n", "choose('new')", N_("New game"), id="home.new"),
        Binding("r", "choose('resume')", N_("Resume"), id="home.resume"),
        # in the menu, not the footer (at 80 columns the footer would cut F1 Help)
        Binding(
            "t", "choose('learn')", N_("Learn to play"), id="home.learn", tooltip=N_("A guided first game"), show=False
        ),
        Binding(
            "s",
            "choose('solo')",
            N_("Learn the solo game"),
            id="home.solo",
            tooltip=N_("The silent player's turn, guided"),
            show=False,
        ),
        Binding("j", "choose('join')", N_("Join"), id="home.join", show=False),
        Binding("g", "choose('games')", N_("My online games"), id="home.games", show=False),
        Binding("o", "choose('replay')", N_("Open a replay"), id="home.replay"),
        Binding("h", "choose('history')", N_("History"), id="home.history"),
        Binding(
            "l", "choose('rules')", N_("Rules"), id="home.rules", tooltip=N_("The rules of Coldwater Crown"), show=False
        ),
        Binding("q", "choose('quit')", N_("Quit"), id="home.quit"),
    ]

    def __init__(self, replays: Path) -> None:
        super().__init__()
        self.replays = replays

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="home"):
            yield Static(logo(), id="logo")
            yield OptionList(id="menu")
            yield Static("", id="replays", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        folder = self.replays
        unfinished = unfinished_games(folder) if folder.is_dir() else []
        online = len(my_games())  # read from a small file: the servers are asked on its screen
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        count = (
            n_("{count} unfinished", "{count} unfinished", len(unfinished)).format(count=len(unfinished))
            if unfinished
            else _("none unfinished")  # « 0 inachevée » read oddly to a French reader
        )
        menu.add_options(
            [
                Option(entry(_("New game"), "n"), id="new"),
                Option(entry(_("Learn to play"), "t", _("a guided first game")), id="learn"),
                Option(entry(_("Learn the solo game"), "s", _("against the silent player")), id="solo"),
                Option(entry(_("Resume a game"), "r", count), id="resume", disabled=not unfinished),
                Option(entry(_("Join a game on a server"), "j"), id="join"),
                Option(entry(_("My online games"), "g", str(online)), id="games", disabled=not online),
                Option(entry(_("Open a replay"), "o"), id="replay"),
                Option(entry(_("History in SQL"), "h"), id="history"),
                Option(entry(_("Rules of the game"), "l"), id="rules"),
                Option(entry(_("Quit"), "q"), id="quit"),
            ]
        )
        menu.highlighted = highlighted if highlighted is not None else 0
        self.query_one("#replays", Static).update(
            _("Games are saved in {folder}").format(folder=f"{shown_path(folder)}/")
        )
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        if choice == "new":
            self.post_message(NewGame())
        elif choice == "resume":
            self.post_message(OpenResume())
        elif choice == "join":
            self.post_message(OpenJoin())
        elif choice == "games":
            self.post_message(OpenMyGames())
        elif choice == "replay":
            self.post_message(OpenReplayList())
        elif choice == "history":
            self.post_message(OpenHistory())
        elif choice == "learn":
            self.post_message(OpenLesson("first"))
        elif choice == "solo":  # offered only by `cwtui learn --help` until a newcomer looked for it
            self.post_message(OpenLesson("solo"))
        elif choice == "rules":
            self.post_message(OpenRules())
        elif choice == "quit":
            self.app.exit()
