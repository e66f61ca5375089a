"""Open a replay: every saved game in the replays folder (subfolders too), newest
first, filtered as you type."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from cwtui.game.replaying import open_replay
from cwtui.game.saved import SavedGame, saved_games, shown_path
from cwtui.game.words import seat_list, seat_name
from cwtui.lang import N_, _, n_, number
from cwtui.navigation import OpenReplay
from cwtui.widgets.columns import fit_widths
from cwtui.widgets.footer import Footer
from engine import EngineError
from engine.setup import SILENT_SEAT

CUT = 4  # the columns from the seats on may be cut to fit the screen
LEAST_CUT = 12  # and to no fewer cells than this (or their heading's)


class ReplayListScreen(Screen[None]):
    CSS_PATH = "replay_list.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="replay_list.back"),
        Binding("ctrl+f", "focus_filter", N_("Filter"), id="replay_list.filter"),
    ]

    def __init__(self, folder: Path, *, still: bool = False) -> None:
        """The saved games in `folder`; `still`: no blinking cursor."""
        super().__init__()
        self.folder = folder
        self.still = still
        self.games: list[SavedGame] = []
        self.rows: list[tuple[SavedGame, str]] = []  # each game with the text the filter searches

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Open a replay"), classes="title")
            # select_on_focus off: the first letter typed in the list focuses the filter
            # and must not then be selected and replaced by the second
            yield Input(
                placeholder=_("filter: a name, a bot, a date, a seed, 'unfinished'…"),
                id="filter",
                select_on_focus=False,
            )
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static("", id="highlighted")
            yield Static("", id="count", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        self.query_one("#count", Static).update(
            _("Reading the games in {folder} …").format(folder=f"{shown_path(self.folder)}/")
        )
        self.query_one("#filter", Input).cursor_blink = not self.still
        table.focus()
        self.read_games()

    @work(thread=True, exclusive=True, group="replay-list")
    def read_games(self) -> None:
        games = saved_games(self.folder) if self.folder.is_dir() else []
        self.post_message(self.GamesRead(games))

    class GamesRead(Message):
        def __init__(self, games: list[SavedGame]) -> None:
            super().__init__()
            self.games = games

    class OpenFailed(Message):
        def __init__(self, text: str, title: str) -> None:
            super().__init__()
            self.text = text
            self.title = title

    @on(OpenFailed)
    def open_failed(self, message: OpenFailed) -> None:
        self.notify(message.text, title=message.title, severity="error")

    @on(GamesRead)
    def show_games(self, message: GamesRead) -> None:
        games = self.games = message.games
        self.rows = [(g, searched(g)) for g in games]
        self.apply_filter(self.query_one("#filter", Input).value)

    def on_resize(self) -> None:
        if self.games:
            self.apply_filter(self.query_one("#filter", Input).value)

    def apply_filter(self, text: str) -> None:
        words = text.lower().split()
        table = self.query_one("#games", DataTable)
        matching = [(i, row(game)) for i, (game, haystack) in enumerate(self.rows) if all(w in haystack for w in words)]
        # the outcome before the seats, whose list is the widest: at 80 columns the
        # winner and the scores stay in sight (a solo game's winner may be the silent
        # player). The seats are cut with "…" to the room left, and the line under the
        # list says the highlighted game's seats and file whole (at 80 columns the seats
        # ran off the edge uncut, and the file column with them)
        names = [_("Date"), _("Winner"), _("Scores"), _("Moves"), _("Seats")]
        natural = [
            max([cell_len(name), *(cut(cells[c]).cell_len for _i, cells in matching)]) for c, name in enumerate(names)
        ]
        least = [*natural[:CUT], *(max(cell_len(name), LEAST_CUT) for name in names[CUT:])]
        room = table.size.width - table.styles.scrollbar_size_vertical - 2 * table.cell_padding * len(names)
        widths = fit_widths(natural, least, room)
        table.clear(columns=True)
        for name, width in zip(names, widths, strict=True):
            table.add_column(name, width=width)
        for i, cells in matching:
            table.add_row(*(cut(cell, width) for cell, width in zip(cells, widths, strict=True)), key=str(i))
        shown = len(matching)
        self.show_highlighted()
        total = len(self.rows)
        where = shown_path(self.folder)
        if not total:
            note = _("No saved games in {folder} yet.").format(folder=f"{where}/")
        elif shown == total:
            note = n_(
                "{count} game in {folder} — Enter opens one; type to filter.",
                "{count} games in {folder} — Enter opens one; type to filter.",
                total,
            ).format(count=number(total), folder=f"{where}/")
        elif shown == 1:
            note = n_(
                "1 of {count} game match — Enter opens it.", "1 of {count} games match — Enter opens it.", total
            ).format(count=number(total))
        elif shown:
            note = n_(
                "{shown} of {count} game match — Enter opens the highlighted one.",
                "{shown} of {count} games match — Enter opens the highlighted one.",
                total,
            ).format(shown=shown, count=number(total))
        else:
            note = n_("None of {count} game matches.", "None of {count} games matches.", total).format(
                count=number(total)
            )
        self.query_one("#count", Static).update(note)

    @on(DataTable.RowHighlighted, "#games")
    def show_highlighted(self) -> None:
        """The highlighted game's file and seats, whole."""
        table = self.query_one("#games", DataTable)
        said = Text()
        if table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
            game = self.rows[int(key or 0)][0]
            said = Text.assemble((shown_path(game.path), "bold"), " · ", seat_list(game.header.config.seats))
        self.query_one("#highlighted", Static).update(said)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.apply_filter(event.value)

    def on_input_submitted(self) -> None:
        """Enter in the filter opens the game highlighted in the list, as the line under
        it says (it only moved to the list, where a second Enter opened it)."""
        table = self.query_one("#games", DataTable)
        table.focus()
        table.action_select_cursor()  # nothing to open when nothing matches

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """Typing filters at once: a letter typed in the list goes to the filter (the
        list's own keys are the arrows and Enter)."""
        games = self.query_one("#games", DataTable)
        if event.is_printable and event.character and self.focused is games:
            box = self.query_one("#filter", Input)
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        game = self.rows[int(event.row_key.value or 0)][0]
        self.notify(_("Opening {file}…").format(file=game.path.name), timeout=2)
        self.open_game(game.path)

    @work(thread=True, exclusive=True, group="replay-open")
    def open_game(self, path: Path) -> None:
        try:
            replay = open_replay(path)
        except (EngineError, OSError) as exc:
            self.post_message(self.OpenFailed(str(exc), _("Cannot open {file}").format(file=path.name)))
            return
        self.post_message(OpenReplay(replay, path))  # to the App, which opens it


def cut(cell: str | Text, width: int | None = None) -> Text:
    """A cell no wider than its column (`width`), a cut one ending in "…"."""
    text = Text(cell, no_wrap=True) if isinstance(cell, str) else cell.copy()
    if width is not None:
        text.truncate(width, overflow="ellipsis")
    return text


def searched(game: SavedGame) -> str:
    """What the filter searches: the row, the file, and the seats' kinds as the logs
    name them too ("greedy" finds the easy bot's games)."""
    return " ".join([*map(str, row(game)), shown_path(game.path), *(s.kind for s in game.header.config.seats)]).lower()


def row(game: SavedGame) -> tuple[str | Text, ...]:
    header = game.header
    seats = header.config.seats
    names = [s.name for s in seats] + ([seat_name(SILENT_SEAT.name, SILENT_SEAT.kind)] if len(seats) == 1 else [])
    who = seat_list(seats)
    if game.footer is None:
        winner: str | Text = Text(_("unfinished"), style="dim")
        scores = ""
    else:
        winner = names[game.footer.winner] if game.footer.winner < len(names) else "?"
        scores = " · ".join(str(line.total) for line in sorted(game.footer.scores, key=lambda line: line.seat))
    try:
        date = datetime.fromisoformat(header.created).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        date = header.created[:16]
    return date, winner, scores, str(game.plies), who
