"""My online games: every seat this user has joined, on any server, and whose turn it
is (cwtui.net.my_games). Each server is asked once, in a worker; Enter sits down at the
game, Delete forgets it."""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.lang import N_, _, n_
from cwtui.navigation import SitDown
from cwtui.net import my_games
from cwtui.net.client import Refused, ServerGone
from cwtui.net.remote import sit_down
from cwtui.widgets.footer import Footer


class MyGamesScreen(Screen[None]):
    CSS_PATH = "my_games.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="my_games.back"),
        Binding("delete,x", "forget", N_("Forget"), id="my_games.forget", tooltip=N_("Forget the highlighted game")),
        Binding("f5", "ask", N_("Ask again"), id="my_games.ask", tooltip=N_("Ask the servers again whose turn it is")),
    ]

    class Found(Message):
        """The servers' answers, from the worker."""

        def __init__(self, standings: list[my_games.Standing]) -> None:
            super().__init__()
            self.standings = standings

    class Failed(Message):
        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self) -> None:
        super().__init__()
        self.games = my_games.my_games()
        self.standings: list[my_games.Standing] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("My online games"), classes="title")
            yield Static(_("Asking each server whose turn it is…"), id="asking", classes="hint")
            yield OptionList(id="games")
        yield Footer()

    def on_mount(self) -> None:
        self.show([my_games.Standing(game, None, "asking…") for game in self.games])
        self.action_ask()

    def action_ask(self) -> None:
        self.query_one("#asking", Static).update(_("Asking each server whose turn it is…"))
        self.ask(self.games)

    @work(group="ask", exclusive=True)
    async def ask(self, games: list[my_games.MyGame]) -> None:
        self.post_message(self.Found(await my_games.standings(games)))

    @on(Found)
    def found(self, message: Found) -> None:
        yours = sum(s.yours for s in message.standings)
        self.query_one("#asking", Static).update(
            n_(
                "{count} game, your turn in {yours}. Enter sits down, Delete forgets one.",
                "{count} games, your turn in {yours}. Enter sits down, Delete forgets one.",
                len(message.standings),
            ).format(count=len(message.standings), yours=yours)
        )
        self.show(message.standings)

    def show(self, standings: list[my_games.Standing]) -> None:
        self.standings = standings
        games = self.query_one("#games", OptionList)
        highlighted = games.highlighted
        games.clear_options()
        for i, standing in enumerate(standings):
            game = standing.game
            line = Text("▶ " if standing.yours else "  ", style="bold")
            line.append(f"{game.room}  ", style="bold")
            line.append(f"{game.names[game.seat]:<12} ")
            line.append(standing.words(), style="bold" if standing.yours else "")
            line.append(f"\n    {game.address.uri.removeprefix('ws://')}", style="dim")
            games.add_option(Option(line, id=str(i)))
        if standings:
            games.highlighted = min(highlighted or 0, len(standings) - 1)
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.sit(self.standings[int(event.option.id or 0)].game)

    @work(group="sit", exclusive=True)
    async def sit(self, game: my_games.MyGame) -> None:
        try:
            table = await sit_down(game.address)
        except (ServerGone, Refused) as exc:
            self.post_message(self.Failed(str(exc)))
            return
        self.post_message(SitDown(table, game.address))

    @on(Failed)
    def failed(self, message: Failed) -> None:
        self.notify(message.line, title=_("Cannot sit down"), severity="error")

    def action_forget(self) -> None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is None or not self.standings:
            return
        gone = self.standings[games.highlighted].game
        my_games.forget(gone.line)
        self.games = [g for g in self.games if g.line != gone.line]
        self.show([s for s in self.standings if s.game.line != gone.line])
        self.notify(_("Forgot your seat in room {room}.").format(room=gone.room))
