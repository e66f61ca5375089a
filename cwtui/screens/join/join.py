"""Join a game on a server: the line the host sent (HOST:PORT/ROOM#TOKEN; without the
token, to watch). The dialog meets the server in a worker and closes with the game
once the seat is there; a bad line, a refusal or no server is said in the dialog."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cwtui.net.client import Address, Refused, ServerGone, meet, parse_address
from cwtui.net.remote import RemoteGame, cards_problem
from engine.cards import load_cards


class JoinDialog(ModalScreen[tuple[RemoteGame, Address] | None]):
    CSS_PATH = "join.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="join.cancel")]

    class Met(Message):
        def __init__(self, game: RemoteGame, address: Address) -> None:
            super().__init__()
            self.game = game
            self.address = address

    class Failed(Message):
        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            yield Static("Join a game on a server", classes="title")
            yield Static("Paste the line the host sent you; without its #TOKEN you watch.", classes="hint")
            yield Input(placeholder="HOST:PORT/ROOM#TOKEN", id="invite")
            yield Static("", id="problem", markup=False)  # the text names HOST:PORT[/ROOM[#TOKEN]]
            yield Static("Enter to join, Esc to cancel", classes="hint")

    def on_mount(self) -> None:
        field = self.query_one("#invite", Input)
        field.cursor_blink = self.app.animation_level != "none"  # still in tests
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip().removeprefix("cwtui join ").strip()
        try:
            address = parse_address(text)
        except ValueError as exc:
            self.say(str(exc))
            return
        if address.room is None:
            self.say("Give the room too: HOST:PORT/ROOM#TOKEN.")
            return
        self.say("Connecting…", problem=False)
        self.join(address)

    @work(group="join", exclusive=True)
    async def join(self, address: Address) -> None:
        try:
            welcome, table = await meet(address)
        except ServerGone as exc:
            self.post_message(self.Failed(str(exc)))
            return
        except Refused as exc:
            self.post_message(self.Failed(f"The server refused: {exc}"))
            return
        cards = load_cards()
        problem = cards_problem(welcome, cards)
        if problem:
            self.post_message(self.Failed(problem))
            return
        self.post_message(self.Met(RemoteGame(welcome, cards, table), address))

    @on(Met)
    def met(self, message: Met) -> None:
        self.dismiss((message.game, message.address))

    @on(Failed)
    def failed(self, message: Failed) -> None:
        self.say(message.line)

    def say(self, text: str, problem: bool = True) -> None:
        line = self.query_one("#problem", Static)
        line.update(text[0].upper() + text[1:] if text else "")
        line.set_class(not problem, "hint")

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "join")
        self.dismiss(None)
