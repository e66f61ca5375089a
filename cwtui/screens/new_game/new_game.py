"""New game: 1–4 seats (name, human or a bot by difficulty), seed, tag-point variant,
card file."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from cwtui.navigation import StartGame
from cwtui.session import GameSession
from cwtui.words import SEAT_KINDS
from engine import EngineError, GameConfig, SeatConfig
from engine.cards import load_cards
from engine.config import MAX_NAME

DEFAULT_NAMES = ("Laurence", "Nils", "Ilina", "Brian")


class NewGameScreen(Screen[None]):
    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="new_game.back"),
        Binding("ctrl+s", "start", "Start", id="new_game.start"),
    ]

    def __init__(self, replays: Path, *, seed: int, still: bool = False, last: tuple[SeatConfig, ...] = ()) -> None:
        """`seed`: the one offered (a fresh one each time); `still`: no blinking cursor;
        `last`: the seats of the last game, offered again."""
        super().__init__()
        self.replays = replays
        self.seed = seed
        self.still = still
        self.last = last

    def compose(self) -> ComposeResult:
        seed = self.seed
        with VerticalScroll(id="form") as form:
            form.border_title = "New game"
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([(str(n) + (" (solo)" if n == 1 else ""), n) for n in (1, 2, 3, 4)],
                             value=len(self.last) or 2, allow_blank=False, id="players")  # fmt: skip
            for i in range(4):
                last = self.last[i] if i < len(self.last) else None
                name = last.name if last else DEFAULT_NAMES[i]
                kind = last.kind if last else "human" if i == 0 else "greedy"
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(name, id=f"name-{i}", classes="name", max_length=MAX_NAME)
                    yield Select(SEAT_KINDS, value=kind, allow_blank=False, id=f"kind-{i}")
            yield Static(
                "Bots: easy looks one move ahead; medium and hard search the futures your view "
                "allows (hard: about a second a move).",
                id="levels",
                classes="hint",
            )
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(str(seed), id="seed", type="integer")
            with Horizontal(classes="row"):
                yield Label("Tag points", classes="label")
                yield Switch(value=True, id="tags")
                yield Static("on: +1 VP per presented fish of the tag color", classes="hint")
            with Horizontal(classes="row"):
                yield Label("Card file", classes="label")
                yield Input(placeholder="built-in (representative data)", id="cards")
            yield Static("", id="error")
            with Horizontal(classes="row buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        if self.still:
            for field in self.query(Input):
                field.cursor_blink = False
        self.show_seats(len(self.last) or 2)
        self.query_one("#name-0", Input).focus()

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        self.show_seats(self.players())

    def players(self) -> int:
        value = self.query_one("#players", Select).value
        assert isinstance(value, int)  # the select has no blank
        return value

    def show_seats(self, n: int) -> None:
        for i in range(4):
            self.query_one(f"#seat-{i}").display = i < n
        self.query_one("#seat-0 .label", Label).update("You" if n == 1 else "Seat 1")

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            config, cards_path = self.read_form()
            cards = load_cards(cards_path) if cards_path else None
        except (ValueError, EngineError) as exc:
            self.show_error(str(exc))
            return
        folder = self.replays
        try:
            session = GameSession.start(config, folder, cards)
        except OSError as exc:
            self.show_error(
                f"Cannot save a game in {folder}/: {exc.strerror}. Choose another folder with --replays-dir."
            )
            return
        self.post_message(StartGame(session))

    def show_error(self, message: str) -> None:
        self.query_one("#error", Static).update(Text(message, style="bold red"))

    @on(Button.Pressed, "#back")
    def back(self) -> None:
        self.app.pop_screen()

    def read_form(self) -> tuple[GameConfig, Path | None]:
        n = self.players()
        seats = []
        for i in range(n):
            name = self.query_one(f"#name-{i}", Input).value.strip() or DEFAULT_NAMES[i]
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            seats.append(SeatConfig(name, kind))
        text = self.query_one("#seed", Input).value.strip()
        if not text.isdigit():
            raise ValueError("The seed must be a whole number from 0 to 2**64 - 1.")
        # GameConfig checks the rest (R2: seats, names, the seed's range) and says what is wrong
        cards_text = self.query_one("#cards", Input).value.strip()
        cards_path = Path(cards_text).expanduser() if cards_text else None
        config = GameConfig(
            seats=tuple(seats),
            seed=int(text),
            tag_points=self.query_one("#tags", Switch).value,
            cards=cards_path.name if cards_path else "cards.toml",
        )
        return config, cards_path
