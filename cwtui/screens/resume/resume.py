"""Resume: pick an unfinished game from the replays folder and play on."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.game.saved import unfinished_games
from cwtui.game.session import GameSession
from cwtui.game.words import seat_list
from cwtui.lang import N_, _, n_
from cwtui.navigation import StartGame
from cwtui.widgets.footer import Footer
from engine import EngineError


class ResumeScreen(Screen[None]):
    CSS_PATH = "resume.tcss"
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="resume.back")]

    def __init__(self, replays: Path) -> None:
        super().__init__()
        self.replays = replays

    def compose(self) -> ComposeResult:
        self.games = unfinished_games(self.replays)
        with Vertical():
            yield Static(_("Resume a game"), classes="title")
            yield OptionList(
                *[
                    Option(
                        Content.assemble(
                            f"{h.created[:16].replace('T', ' ')}  {seat_list(h.config.seats)}  ",
                            (
                                n_("seed {seed}, {count} move", "seed {seed}, {count} moves", plies).format(
                                    seed=h.config.seed, count=plies
                                ),
                                "dim",
                            ),
                        ),
                        id=str(i),
                    )
                    for i, (_path, h, plies) in enumerate(self.games)
                ]
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.games[int(event.option.id or 0)][0]
        try:
            session = GameSession.resume(path)
        except (EngineError, OSError) as exc:  # OSError: a log it cannot write (a link, no permission)
            self.notify(str(exc), title=_("Cannot resume"), severity="error")
            return
        self.post_message(StartGame(session))
