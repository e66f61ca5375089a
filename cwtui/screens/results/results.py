"""Contests and results: each location's presented fish, the ranking, the score table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from cwtui.navigation import NewGame, OpenReplay
from cwtui.replaying import SeenRecord, open_replay
from cwtui.session import shown_path
from cwtui.widgets.glyphs import TAGGED
from cwtui.words import species_of
from engine import EngineError
from engine.cards import Cards
from engine.components import CONTEST_ORDER, CONTEST_TROPHY, LOCATIONS
from engine.events import ScoreLine
from engine.events import winner as first
from engine.view import View


class ResultsScreen(Screen[None]):
    CSS_PATH = "results.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game", id="results.new"),
        Binding("w", "watch", "Watch the replay", id="results.watch"),
        Binding("escape,h", "home", "Home", id="results.home"),
        Binding("q", "app.quit", "Quit", id="results.quit"),
    ]

    def __init__(
        self,
        final: View,
        scores: Sequence[ScoreLine],
        cards: Cards,
        names: Sequence[str],
        path: Path | None,
        *,
        watching: bool = False,
        new_games: bool = True,
        seen: SeenRecord | None = None,
    ) -> None:
        """The results of a finished game: its last position as everyone sees it, the
        final scores; saved at `path` (None: not on this machine). `watching`: shown
        over the replay of this very game, so `w` goes back to it. `new_games`: whether
        `n` may start one (not for a guest of a server, cwtui.screens.guest). `seen`: a
        server's game as this seat saw it, which `w` replays (its log is the server's)."""
        super().__init__()
        self.final = final
        self.result = scores
        self.cards = cards
        self.names = names
        self.path = path
        self.watching = watching
        self.new_games = new_games
        self.seen = seen

    def compose(self) -> ComposeResult:
        names = self.names
        winner = first(self.result)
        with VerticalScroll():
            yield Static(f"{names[winner]} wins the Coldwater Crown!", classes="title")
            yield Static(self.score_table(), classes="contest")
            for loc in CONTEST_ORDER:
                yield Static(self.contest_table(loc), classes="contest")
            if self.path:
                yield Static(f"Saved as {shown_path(self.path)}", classes="hint")
        yield Footer()

    def contest_table(self, loc: int) -> Table:
        final, cards = self.final, self.cards
        kind = CONTEST_TROPHY[loc]
        table = Table(
            title=f"{LOCATIONS[loc].capitalize()} contest (◆ tagged, time in brackets)",
            title_justify="left",
            expand=True,
            box=box.SIMPLE_HEAD,
        )
        for col in ("Seat", "Presented fish", "Weight", "Trophy"):
            table.add_column(col)
        rows = []
        for p in final.seats:
            fish = p.presented[loc]
            total = sum(cards.fish_weight[f] for f in fish)
            entries = []
            for f in fish:  # a fish a line: wrapped side by side, one broke between its weight and its time
                tagged = final.tag_points and cards.fish_tag[f] == final.tag
                entry = Text(f"{species_of(cards, f)} {cards.fish_weight[f]} lb ")
                entry.append("◆" if tagged else " ", style=TAGGED if tagged else "")
                entry.append(f" ({cards.fish_time[f]})", style="dim")
                entries.append(entry)
            listing = Text("\n").join(entries)
            trophy = next((points for trophy_kind, points in p.trophies if trophy_kind == kind), None)
            rows.append((-total, p.seat, self.names[p.seat], listing or Text("nothing", style="dim"), total, trophy))
        for _, _, name, listing, total, trophy in sorted(rows):
            table.add_row(name, listing, f"{total} lb", f"{trophy} VP" if trophy else "—")
        return table

    def score_table(self) -> Table:
        table = Table(title="Final score", title_justify="left", expand=True, box=box.SIMPLE_HEAD)
        for col in ("Rank", "Seat", "Trophies", "Master Anglers", "Tags", "Total"):
            table.add_column(col, justify="right" if col not in ("Seat",) else "left")
        for line in sorted(self.result, key=lambda x: x.rank):
            table.add_row(
                str(line.rank), self.names[line.seat], str(line.trophies),
                str(line.master_anglers), str(line.tags), Text(str(line.total), style="bold"),
            )  # fmt: skip
        return table

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that act: no replay without the log, no new game
        for a guest."""
        if action == "watch":
            return self.watching or self.path is not None or self.seen is not None
        if action == "new_game":
            return self.new_games
        return True

    def action_watch(self) -> None:
        """The game just played, from its log, in the replay screen."""
        if self.watching:  # the replay of this game is the screen below
            self.app.pop_screen()
            return
        if self.seen is not None:
            self.post_message(OpenReplay(self.seen, None))
            return
        path = self.path
        if path is None:
            return  # not offered (check_action): a server's game it did not send
        try:
            replay = open_replay(path)
        except (EngineError, OSError) as exc:
            self.notify(str(exc), title="Cannot open the replay", severity="error")
            return
        self.post_message(OpenReplay(replay, path))

    def action_home(self) -> None:
        self.app.pop_screen()

    def action_new_game(self) -> None:
        self.post_message(NewGame(replace=True))
