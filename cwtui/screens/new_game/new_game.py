"""New game: 1–4 seats (name, human or a bot by difficulty), seed, tag-point variant,
card file; and where: on this machine, or in a room the player hosts on a game server
(`cwtui serve`), whose invites the app shows next (as `cwtui host` prints them)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from cwtui.game import words
from cwtui.game.session import GameSession
from cwtui.game.words import seat_kinds
from cwtui.lang import N_, _, language, languages
from cwtui.navigation import ChooseLanguage, RoomOpened, StartGame
from cwtui.net.client import Address, ServerGone, ask, parse_address
from cwtui.net.clock import clock_rule, parse_clock, parse_duration
from cwtui.net.host_key import key_for
from cwtui.net.protocol import MAX_TAKEOVER, ClockRule, CreateRoom, Error, RoomMade, in_language
from cwtui.widgets.footer import Footer
from engine import EngineError, GameConfig, SeatConfig
from engine.cards import load_cards
from engine.config import MAX_NAME

DEFAULT_NAMES = ("Laurence", "Nils", "Ilina", "Brian")


class NewGameScreen(Screen[None]):
    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back"), id="new_game.back"),
        Binding("ctrl+s", "start", N_("Start"), id="new_game.start"),
        # the same key, named as the button is once a Server is given (check_action)
        Binding("ctrl+s", "host", N_("Host"), id="new_game.host"),
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
            form.border_title = _("New game")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="label")
                yield Select([(str(n) + (words.aside(_("(solo)")) if n == 1 else ""), n) for n in (1, 2, 3, 4)],
                             value=len(self.last) or 2, allow_blank=False, id="players")  # fmt: skip
            for i in range(4):
                last = self.last[i] if i < len(self.last) else None
                name = last.name if last else DEFAULT_NAMES[i]
                kind = last.kind if last else "human" if i == 0 else "greedy"
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(_("Seat {number}").format(number=i + 1), classes="label")
                    yield Input(name, id=f"name-{i}", classes="name", max_length=MAX_NAME)
                    yield Select(seat_kinds(), value=kind, allow_blank=False, id=f"kind-{i}")
            yield Static(
                _(
                    "Bots: easy looks one move ahead; medium and hard search the futures your view "
                    "allows (hard: about a second a move)."
                ),
                id="levels",
                classes="hint",
            )
            with Horizontal(classes="row"):
                yield Label(_("Seed"), classes="label")
                yield Input(str(seed), id="seed", type="integer")
                # beside the seed, not a row of its own: a row more pushed the buttons
                # out of view at 120x40 when hosting
                yield Label(_("Language"), classes="label", id="language-label")
                spoken = language() if language() in languages() else "en"  # the pseudo-language is no choice
                yield Select([(name, code) for code, name in languages().items()],
                             value=spoken, allow_blank=False, id="language")  # fmt: skip
            with Horizontal(classes="row"):
                yield Label(_("Tag points"), classes="label")
                yield Switch(value=True, id="tags")
                yield Static(_("on: +1 VP per presented fish of the tag color"), classes="hint", id="tags-hint")
            with Horizontal(classes="row"):
                yield Label(_("Card file"), classes="label")
                yield Input(placeholder=_("built-in (representative data)"), id="cards")
            with Horizontal(classes="row"):
                yield Label(_("Server"), classes="label")
                yield Input(placeholder=_("empty: this machine; HOST:PORT: host it on a game server"), id="server")
            with Horizontal(classes="row", id="takeover-row"):
                yield Label(_("Stand-in"), classes="label")
                yield Input(placeholder=_("empty: wait"), id="takeover", type="integer")
                yield Static(_("seconds a player may be away on their turn before a bot plays for them"),
                             classes="hint")  # fmt: skip
            with Horizontal(classes="row hosting", id="clock-row"):
                yield Label(_("Clock"), classes="label")
                yield Input(placeholder=_("empty: none"), id="clock")
                yield Static(_("each player's time for the game: 30m, or 10m+5s (5 s back a turn)"), classes="hint")
            with Horizontal(classes="row hosting", id="per-move-row"):
                yield Label(_("Per move"), classes="label")
                yield Input(placeholder=_("empty: none"), id="per-move")
                yield Static(_("the most time a turn: 2d for a slow game; out of time, a bot plays it"), classes="hint")
            yield Static("", id="error")
            with Horizontal(classes="row buttons"):
                yield Button(_("Start"), variant="primary", id="start")
                yield Button(_("Back"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        if self.still:
            for field in self.query(Input):
                field.cursor_blink = False
        self.show_seats(len(self.last) or 2)
        for row in ("#takeover-row", "#clock-row", "#per-move-row"):  # a server's options
            self.query_one(row).display = False
        self.query_one("#name-0", Input).focus()

    @on(Input.Changed, "#server")
    def server_changed(self, event: Input.Changed) -> None:
        for row in ("#takeover-row", "#clock-row", "#per-move-row"):
            self.query_one(row).display = bool(event.value.strip())
        self.query_one("#start", Button).label = _("Host") if event.value.strip() else _("Start")
        self.refresh_bindings()

    def hosting(self) -> bool:
        """A Server is given: the game is made there (Host), not here (Start)."""
        return bool(self.query_one("#server", Input).value.strip())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start", "host"):
            return (action == "host") == self.hosting()
        return True

    def action_host(self) -> None:
        self.action_start()

    @on(Select.Changed, "#language")
    def language_changed(self, event: Select.Changed) -> None:
        """Play in the language chosen, from this dialog on (the app remembers it and
        asks the dialog to draw itself again in it: `relabel`)."""
        if event.value != language():
            self.post_message(ChooseLanguage(str(event.value)))

    async def relabel(self) -> None:
        """The dialog drawn again in the language now in use, what was filled in kept."""
        kept = {f"#{field.id}": field.value for field in self.query(Input) if field.id}
        players, kinds = self.players(), [self.query_one(f"#kind-{i}", Select).value for i in range(4)]
        tags = self.query_one("#tags", Switch).value
        await self.recompose()
        for selector, value in kept.items():
            self.query_one(selector, Input).value = value
        for i, kind in enumerate(kinds):
            self.query_one(f"#kind-{i}", Select).value = kind
        self.query_one("#players", Select).value = players
        self.query_one("#tags", Switch).value = tags
        self.on_mount()
        self.query_one("#language", Select).focus()

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
        self.query_one("#seat-0 .label", Label).update(_("You") if n == 1 else _("Seat {number}").format(number=1))

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            config, cards_path = self.read_form()
            server = self.read_server(cards_path)
            cards = load_cards(cards_path) if cards_path else None
        except (ValueError, EngineError) as exc:
            self.show_error(str(exc))
            return
        if server is not None:
            address, takeover, clock = server
            self.show_error(_("Making the room…"), problem=False)
            request = CreateRoom(config.seats, config.seed, config.tag_points, takeover, key_for(address), clock=clock)
            self.host(Address(address.uri), request)  # the invites name the server, never its key
            return
        folder = self.replays
        try:
            session = GameSession.start(config, folder, cards)
        except OSError as exc:
            self.show_error(
                _("Cannot save a game in {folder}: {error}. Choose another folder with --replays-dir.").format(
                    folder=f"{folder}/", error=exc.strerror
                )
            )
            return
        self.post_message(StartGame(session))

    def show_error(self, message: str, problem: bool = True) -> None:
        self.query_one("#error", Static).update(Text(message, style="bold red" if problem else "dim"))

    def read_server(self, cards_path: Path | None) -> tuple[Address, float | None, ClockRule | None] | None:
        """The server to host the game on, the stand-in's delay and the room's clock;
        None: this machine."""
        text = self.query_one("#server", Input).value.strip()
        if not text:
            return None
        if cards_path is not None:
            raise ValueError(_("A game server plays with its own card data: leave Card file empty to host."))
        address = parse_address(text)
        if address.room is not None:
            raise ValueError(
                _("Give the server as HOST:PORT (or HOST:PORT#KEY, with its host key); it makes the room.")
            )
        delay = self.query_one("#takeover", Input).value.strip()
        if delay and not (delay.isdecimal() and int(delay) <= MAX_TAKEOVER):
            raise ValueError(
                _("Stand-in: a whole number of seconds up to {most}, or empty to wait.").format(most=MAX_TAKEOVER)
            )
        bank = self.query_one("#clock", Input).value.strip()
        per_move = self.query_one("#per-move", Input).value.strip()
        try:
            clock = clock_rule(parse_clock(bank) if bank else None, parse_duration(per_move) if per_move else None)
        except ValueError as exc:
            raise ValueError(_("Clock: {error}.").format(error=exc)) from None
        return address, float(delay) if delay else None, clock

    @work(group="host", exclusive=True)
    async def host(self, address: Address, request: CreateRoom) -> None:
        try:
            reply = await ask(address, request)
        except ServerGone as exc:
            self.post_message(self.Failed(str(exc)))
            return
        if isinstance(reply, RoomMade):
            self.post_message(RoomOpened(address, reply, request.seats))
        elif isinstance(reply, Error):
            said = in_language(reply.message, reply.template, reply.said)
            self.post_message(self.Failed(_("the server refused: {reason}").format(reason=said)))
        else:
            said = _("the server answered something else ({what})").format(what=type(reply).__name__)
            self.post_message(self.Failed(said))

    class Failed(Message):
        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    @on(Failed)
    def failed(self, message: Failed) -> None:
        self.show_error(message.line[0].upper() + message.line[1:])

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
        if not text.isdecimal():
            raise ValueError(_("The seed must be a whole number from 0 to 2**64 - 1."))
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
