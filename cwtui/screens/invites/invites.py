"""The room the player just hosted on a game server: a line per human seat to send to
its player (the seat's secret token is in it), the line to watch, and the seats to sit
at from here. What `cwtui host` prints, with Enter to take a seat and `c` to copy."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.game.words import KIND_NAMES
from cwtui.lang import N_, _
from cwtui.navigation import SitDown
from cwtui.net.client import Address, Refused, ServerGone
from cwtui.net.protocol import RoomMade
from cwtui.net.remote import sit_down
from cwtui.widgets.footer import Footer
from engine.config import SeatConfig

WATCH = "watch"  # the option that sits nowhere


class InvitesScreen(Screen[None]):
    CSS_PATH = "invites.tcss"
    BINDINGS = [
        Binding("c", "copy", N_("Copy the lines"), id="invites.copy"),
        Binding("escape", "app.pop_screen", N_("Home"), id="invites.home"),
    ]

    class Failed(Message):
        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, server: Address, made: RoomMade, seats: tuple[SeatConfig, ...]) -> None:
        """`server`: HOST:PORT as the player gave it (the invites name it so, unless the
        server says where players reach it: `made.address`)."""
        super().__init__()
        self.server = server
        self.invited = Address(made.address) if made.address else server
        self.made = made
        self.seats = seats

    def address(self, token: str | None, server: Address | None = None) -> Address:
        """The room at `server` (the one the host reached), with a seat's token."""
        return Address((server or self.server).uri, self.made.room, token)

    def lines(self) -> list[tuple[str, str]]:
        """(who, what to send them), every seat in turn order, then the spectators."""
        tokens = {invite.seat: invite.token for invite in self.made.invites}
        rows = []
        for seat, config in enumerate(self.seats):
            token = tokens.get(seat)
            what = (f"cwtui join {self.address(token, self.invited)}" if token
                    else _("{kind}, played by the server").format(kind=KIND_NAMES[config.kind]))  # fmt: skip
            rows.append((config.name, what))
        rows.append((_("To watch"), f"cwtui join {self.address(None, self.invited)}"))
        return rows

    def compose(self) -> ComposeResult:
        with Vertical(id="invites") as box:
            box.border_title = _("Room {room} on {server}").format(room=self.made.room, server=self.server)
            yield Static(_("Send each player their line: it is their seat's secret."), classes="hint")
            table = Text()
            lines = self.lines()
            width = max(cell_len(who) for who, _what in lines) + 2
            for who, what in lines:
                table.append(who + " " * (width - cell_len(who)), style="bold")
                table.append(f"{what}\n")
            table.rstrip()
            yield Static(table, id="lines")
            yield Static(_("Take a seat here (Enter), or watch:"), classes="hint")
            seats = [
                Option(_("Sit as {name}").format(name=invite.name), id=str(invite.seat)) for invite in self.made.invites
            ]
            yield OptionList(*seats, Option(_("Watch"), id=WATCH), id="sit")
            yield Static("", id="problem", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sit", OptionList).focus()

    def action_copy(self) -> None:
        text = "\n".join(f"{who}: {what}" for who, what in self.lines())
        self.app.copy_to_clipboard(text)
        self.notify(_("The lines are on the clipboard, where the terminal lets apps put them."))

    @on(OptionList.OptionSelected, "#sit")
    def sit_chosen(self, event: OptionList.OptionSelected) -> None:
        tokens = {str(invite.seat): invite.token for invite in self.made.invites}
        self.say(_("Connecting…"), problem=False)
        self.sit(self.address(tokens.get(event.option_id or WATCH)))

    @work(group="sit", exclusive=True)
    async def sit(self, address: Address) -> None:
        try:
            game = await sit_down(address)
        except (ServerGone, Refused) as exc:
            self.post_message(self.Failed(str(exc)))
            return
        self.say("", problem=False)
        self.post_message(SitDown(game, address))

    @on(Failed)
    def failed(self, message: Failed) -> None:
        self.say(message.line[0].upper() + message.line[1:])

    def say(self, text: str, problem: bool = True) -> None:
        line = self.query_one("#problem", Static)
        line.update(text)
        line.set_class(not problem, "hint")
