"""Join a game on a server: the line the host sent (HOST:PORT/ROOM#TOKEN; without the
token, to watch). The dialog meets the server in a worker and closes with the game
once the seat is there; a bad line, a refusal or no server is said in the dialog.

A guest of a server (`cwtui guest`, the app in a browser) joins that server only: the
line's HOST:PORT is the server's address as the host's friends reach it, which need not
be how this process, beside the server, reaches it; and a guest is no way out to other
machines. It may also give just ROOM or ROOM#TOKEN."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cwtui.lang import N_, _
from cwtui.net.client import Address, Refused, ServerGone, parse_address
from cwtui.net.remote import RemoteGame, sit_down


class JoinDialog(ModalScreen[tuple[RemoteGame, Address] | None]):
    CSS_PATH = "join.tcss"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="join.cancel")]

    class Met(Message):
        def __init__(self, game: RemoteGame, address: Address) -> None:
            super().__init__()
            self.game = game
            self.address = address

    class Failed(Message):
        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, server: Address | None = None, filled: str = "") -> None:
        """`server`: the one server a guest may join (None: any); `filled`: the line to
        start with (an invite link's room and token)."""
        super().__init__()
        self.server = server
        self.filled = filled

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            if self.server is None:
                yield Static(_("Join a game on a server"), classes="title")
                yield Static(_("Paste the line the host sent you; without its #TOKEN you watch."), classes="hint")
                yield Input(self.filled, placeholder="HOST:PORT/ROOM#TOKEN", id="invite")
            else:
                yield Static(_("Join a game on this server"), classes="title")
                yield Static(_("Paste the line the host sent you, or a room's code to watch it."), classes="hint")
                yield Input(self.filled, placeholder=_("cwtui join HOST:PORT/ROOM#TOKEN, or ROOM"), id="invite")
            yield Static("", id="problem", markup=False)  # the text names HOST:PORT[/ROOM[#TOKEN]]
            yield Static(_("Enter to join, Esc to cancel"), classes="hint")

    def on_mount(self) -> None:
        field = self.query_one("#invite", Input)
        field.cursor_blink = self.app.animation_level != "none"  # still in tests
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip().removeprefix("cwtui join ").strip()
        try:
            address = parse_address(text) if self.server is None else on_server(text, self.server)
        except ValueError as exc:
            self.say(str(exc))
            return
        if address.room is None:
            self.say(_("Give the room too: HOST:PORT/ROOM#TOKEN."))
            return
        self.say(_("Connecting…"), problem=False)
        self.join(address)

    @work(group="join", exclusive=True)
    async def join(self, address: Address) -> None:
        try:
            game = await sit_down(address)
        except (ServerGone, Refused) as exc:
            self.post_message(self.Failed(str(exc)))
            return
        self.post_message(self.Met(game, address))

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


def on_server(text: str, server: Address) -> Address:
    """The room (and token) of an invite or of ROOM[#TOKEN], at `server` whatever HOST:PORT
    the invite names. ValueError (one line) for anything else."""
    if "/" not in text:
        text = f"{server.uri.removeprefix('ws://')}/{text}"
    invite = parse_address(text)
    return Address(server.uri, invite.room, invite.token)
