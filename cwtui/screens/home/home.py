"""Home: new game, resume, open a replay, history, quit."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cwtui.game.saved import shown_path, unfinished_games
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

LOGO = """\
  ~~~  C O L D W A T E R   C R O W N  ~~~
      a fishing game by Brian Suhre"""


class HomeScreen(Screen[None]):
    CSS_PATH = "home.tcss"
    BINDINGS = [
        Binding("n", "choose('new')", "New game", id="home.new"),
        Binding("r", "choose('resume')", "Resume", id="home.resume"),
        # in the menu, not the footer (at 80 columns the footer would cut F1 Help)
        Binding("t", "choose('learn')", "Learn", id="home.learn", tooltip="A guided first game", show=False),
        Binding("j", "choose('join')", "Join", id="home.join", show=False),
        Binding("g", "choose('games')", "My online games", id="home.games", show=False),
        Binding("o", "choose('replay')", "Open a replay", id="home.replay"),
        Binding("h", "choose('history')", "History", id="home.history"),
        Binding("l", "choose('rules')", "Rules", id="home.rules", tooltip="The rules of Coldwater Crown", show=False),
        Binding("q", "choose('quit')", "Quit", id="home.quit"),
    ]

    def __init__(self, replays: Path) -> None:
        super().__init__()
        self.replays = replays

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="home"):
            yield Static(LOGO, id="logo")
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
        menu.add_options(
            [
                Option("New game  [dim](n)[/]", id="new"),
                Option("Learn to play  [dim](t) — a guided first game[/]", id="learn"),
                Option(
                    f"Resume a game  [dim](r) — {len(unfinished)} unfinished[/]", id="resume", disabled=not unfinished
                ),
                Option("Join a game on a server  [dim](j)[/]", id="join"),
                Option(f"My online games  [dim](g) — {online}[/]", id="games", disabled=not online),
                Option("Open a replay  [dim](o)[/]", id="replay"),
                Option("History in SQL  [dim](h)[/]", id="history"),
                Option("Rules of the game  [dim](l)[/]", id="rules"),
                Option("Quit  [dim](q)[/]", id="quit"),
            ]
        )
        menu.highlighted = highlighted if highlighted is not None else 0
        self.query_one("#replays", Static).update(f"Games are saved in {shown_path(folder)}/")
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
        elif choice == "rules":
            self.post_message(OpenRules())
        elif choice == "quit":
            self.app.exit()
