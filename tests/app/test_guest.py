"""The app as `cwtui serve --web` gives it to a browser: a guest of one server, who joins
and watches its games and reaches nothing else on the server's machine."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_online import ServerThread, room, until
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from cwtui import navigation
from cwtui.app import CwtuiApp
from cwtui.net.client import Address
from cwtui.net.server import GameServer
from cwtui.screens.guest.guest import GuestScreen
from cwtui.screens.join.join import JoinDialog, on_server
from cwtui.screens.new_game.new_game import NewGameScreen
from cwtui.screens.online.online import OnlineScreen
from engine.config import SeatConfig


def test_a_guest_joins_the_room_of_an_invite_on_its_own_server_only() -> None:
    here = Address("ws://127.0.0.1:9000")
    # the invite names the server as the host's friends reach it (a proxy, say)
    assert on_server("wss://cwtui.example.org:443/K7QM2P#tok", here) == Address(here.uri, "K7QM2P", "tok")
    assert on_server("k7qm2p", here) == Address(here.uri, "K7QM2P", None)  # a room's code: watch it
    assert on_server("K7QM2P#tok", here) == Address(here.uri, "K7QM2P", "tok")
    with pytest.raises(ValueError, match="a room code is letters and digits"):
        on_server("no room!", here)
    with pytest.raises(ValueError, match="expected HOST:PORT"):
        on_server("no such/room", here)


async def test_a_guest_watches_a_room_from_the_lobby_and_joins_a_seat(
    server: tuple[GameServer, Address],
    tmp_path: Path,
) -> None:
    game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    app = CwtuiApp(tmp_path / "nothing-saved-here", still=True, guest=address)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, GuestScreen)
        line = lobby.query_one("#lobby-line")
        await until(pilot, lambda: "Enter watches" in str(line.render()))
        await pilot.press("enter")  # the one room: watch it
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        watching = app.screen
        assert isinstance(watching, OnlineScreen) and watching.remote.seat is None
        await pilot.pause()
        keys = [key.description for key in watching.query(FooterKey)]
        assert "Home" in keys and "Hint" not in keys  # a spectator has no decision to hint
        await pilot.press("q")
        await until(pilot, lambda: app.screen is lobby)
        # j: the invite as the host printed it, whatever HOST:PORT it names
        await pilot.press("j")
        dialog = app.screen
        assert isinstance(dialog, JoinDialog)
        dialog.query_one("#invite").value = f"cwtui join far.example.org:1/{made.room}#{made.invites[0].token}"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        seated = app.screen
        assert isinstance(seated, OnlineScreen) and seated.remote.seat == 0
        await until(pilot, lambda: bool(seated.options))
        assert "Hint" in [key.description for key in seated.query(FooterKey)]
        await pilot.press("1")
        await until(pilot, lambda: game_server.rooms[made.room].ply >= 1)
    assert not (tmp_path / "nothing-saved-here").exists()


async def test_a_guest_cannot_start_a_game_open_files_or_query(tmp_path: Path) -> None:
    app = CwtuiApp(tmp_path, still=True, guest=Address("ws://127.0.0.1:9"))  # no server there
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, GuestScreen)
        await until(pilot, lambda: "Cannot reach a cwtui server" in str(lobby.query_one("#lobby-line").render()))
        for message in (
            navigation.NewGame(),
            navigation.OpenResume(),
            navigation.OpenReplayList(),
            navigation.OpenHistory(),
        ):
            app.post_message(message)
            await pilot.pause()
            assert app.screen is lobby, message
        await pilot.press("n", "h", "o")  # the home screen's keys do nothing here
        await pilot.pause()
        assert app.screen is lobby and not app.query(NewGameScreen)
        assert "New game" not in [command.title for command in app.get_system_commands(lobby)]


@pytest.fixture
def server_thread(tmp_path: Path):  # type: ignore[no-untyped-def]
    running = ServerThread(tmp_path / "server")
    yield running
    running.stop()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_guest_lobby(snap_compare, server_thread: ServerThread, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """A browser's first screen: the server's rooms to watch, j to join a seat."""
    server_thread.call(room(server_thread.address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"), SeatConfig("Cy")))
    server_thread.call(room(server_thread.address, SeatConfig("Dee"), SeatConfig("Eli", "medium")))

    async def run_before(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        await until(pilot, lambda: "Enter watches" in str(screen.query_one("#lobby-line").render()))

    app = CwtuiApp(tmp_path, still=True, guest=server_thread.address)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_guest_join_dialog(snap_compare, server_thread: ServerThread, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The guest's join dialog: a room's code is enough to watch."""

    async def run_before(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: "No rooms" in str(pilot.app.screen.query_one("#lobby-line").render()))
        await pilot.press("j")
        await pilot.press(*"NOSUCH", "enter")
        dialog = pilot.app.screen
        await until(pilot, lambda: "refused" in str(dialog.query_one("#problem").render()))

    app = CwtuiApp(tmp_path, still=True, guest=server_thread.address)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
