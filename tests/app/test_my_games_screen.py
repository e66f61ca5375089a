"""My online games from the home screen (issue 39): the seat taken at a table is kept; g
lists the games and whose turn it is on each server; Enter sits down; Delete forgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app
from test_online import joined, room, until
from textual.pilot import Pilot
from textual.widgets import OptionList

from cwtui.app import CwtuiApp
from cwtui.navigation import SitDown
from cwtui.net import my_games
from cwtui.net.client import Address
from cwtui.net.protocol import RoomInfo
from cwtui.net.server import GameServer
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.my_games.my_games import MyGamesScreen
from cwtui.screens.online.online import OnlineScreen
from engine.config import SeatConfig


async def test_a_seat_taken_is_found_again_from_the_home_screen(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    _game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        assert [g.line for g in my_games.my_games()] == [str(seat_address)]
        await pilot.press("q")  # home; the seat stays hers
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option("games").prompt) == "My online games  (g) — 1"
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, MyGamesScreen))
        listed = app.screen
        assert isinstance(listed, MyGamesScreen)
        await until(pilot, lambda: listed.standings and listed.standings[0].info is not None)
        assert listed.standings[0].yours and listed.standings[0].words() == "your turn (move 1)"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MyGamesScreen))
        await pilot.press("delete")
        await pilot.pause()
        assert my_games.my_games() == [] and not listed.standings


async def test_a_guest_keeps_no_seats(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    """The app in a browser runs on the server's machine, for whoever has the link: it
    keeps nobody's seats there."""
    _game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(tmp_path, still=True, guest=address)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.post_message(SitDown(game, seat_address))  # as the guest's join dialog does
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        assert my_games.my_games() == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_my_games_screen(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size) -> None:  # type: ignore[no-untyped-def]
    """Three games on two servers: yours to play, another's turn, one whose server is down."""
    seats = [("K7QM2P", 0, ("Ana", "Bo", "Cy")), ("X3RT9W", 1, ("Di", "Ana")), ("P2WQ8N", 0, ("Ana", "Eve"))]
    servers = ["play.example.org:8765", "play.example.org:8765", "192.168.1.20:8765"]
    for (code, seat, names), server in zip(reversed(seats), reversed(servers), strict=True):
        my_games.remember(Address(f"ws://{server}", code, f"token-{code.lower()}"), seat, names)
    infos = {
        "K7QM2P": RoomInfo("K7QM2P", ("Ana", "Bo", "Cy"), ("human", "medium", "human"), 41, False, (0,), 0),
        "X3RT9W": RoomInfo("X3RT9W", ("Di", "Ana"), ("human", "human"), 12, False, (0,), 0),
    }

    async def standings(games: list[my_games.MyGame]) -> list[my_games.Standing]:
        return [my_games.Standing(g, infos.get(g.room), None if g.room in infos else "no answer in 10 s")
                for g in games]  # fmt: skip

    monkeypatch.setattr(my_games, "standings", standings)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run_before)
