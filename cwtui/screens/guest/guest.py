"""A guest's home: the app as `cwtui serve --web` serves it to a browser.

A guest sits at, or watches, the games of that one server and does nothing else: no
local games, no files, no SQL (the app runs on the server's machine, for whoever has
the link). The lobby lists the server's rooms, fetched by a worker that reports with
`Listed`; Enter on a room watches it, j joins a seat with the line the host sent.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cwtui.lang import N_, _
from cwtui.navigation import OpenJoin, SitDown
from cwtui.net.client import Address, Refused, ServerGone, ask
from cwtui.net.protocol import Error, ListRooms, RoomInfo, Rooms
from cwtui.net.remote import room_line, sit_down
from cwtui.screens.home.home import logo
from cwtui.widgets.footer import Footer


class GuestScreen(Screen[None]):
    CSS_PATH = "guest.tcss"
    BINDINGS = [
        Binding("j", "join", N_("Join your seat"), id="guest.join"),
        Binding("r", "refresh", N_("Refresh"), id="guest.refresh"),
        Binding("q", "app.quit", N_("Quit"), id="guest.quit"),
    ]

    class Listed(Message):
        """The lobby from the worker: the rooms, or why there are none to show."""

        def __init__(self, rooms: tuple[RoomInfo, ...] | None, line: str = "") -> None:
            super().__init__()
            self.rooms = rooms
            self.line = line

    def __init__(self, server: Address) -> None:
        super().__init__()
        self.server = server

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="guest"):
            yield Static(logo(), id="logo")
            yield Static(
                _(
                    "You are a guest of this game server: press j and paste the line your host "
                    "sent you to take your seat, or watch a room below."
                ),
                classes="hint",
            )
            yield OptionList(id="rooms")
            yield Static(_("Looking for rooms…"), id="lobby-line", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rooms", OptionList).display = False  # until there are rooms
        self.action_refresh()

    def on_screen_resume(self) -> None:
        self.action_refresh()  # back from a table: the rooms have moved on

    def action_join(self) -> None:
        self.post_message(OpenJoin())

    def action_refresh(self) -> None:
        self.list_rooms()

    @work(group="lobby", exclusive=True)
    async def list_rooms(self) -> None:
        try:
            reply = await ask(self.server, ListRooms())
        except ServerGone as exc:
            self.post_message(self.Listed(None, str(exc)))
            return
        if isinstance(reply, Rooms):
            self.post_message(self.Listed(reply.rooms))
        else:
            line = (
                reply.message
                if isinstance(reply, Error)
                else _("the server answered {what}").format(what=type(reply).__name__)
            )
            self.post_message(self.Listed(None, line))

    @on(Listed)
    def show_rooms(self, message: Listed) -> None:
        lobby = self.query_one("#lobby-line", Static)
        if message.rooms is None:  # the rooms shown stay: r looks again
            lobby.update(message.line[0].upper() + message.line[1:])
            return
        menu = self.query_one("#rooms", OptionList)
        menu.clear_options()
        menu.add_options([Option(room_line(room), id=room.room) for room in message.rooms])
        menu.display = bool(message.rooms)
        if message.rooms:
            lobby.update(_("Enter watches the room chosen; r looks again."))
            menu.highlighted = 0
            menu.focus()
        else:
            lobby.update(_("No rooms on this server yet: your host creates one (cwtui host). r looks again."))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#lobby-line", Static).update(_("Joining room {room} to watch…").format(room=event.option.id))
        self.watch_room(Address(self.server.uri, event.option.id))

    @work(group="lobby", exclusive=True)
    async def watch_room(self, address: Address) -> None:
        try:
            game = await sit_down(address)
        except (ServerGone, Refused) as exc:
            self.post_message(self.Listed(None, str(exc)))
            return
        self.post_message(SitDown(game, address))
