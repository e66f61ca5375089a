"""Hosting a room from the app (issue 14): the new-game form with a server makes the room
there, the invites screen gives each human seat its line and the spectators theirs, and
Enter on a seat sits there — against a real server on localhost. Bad servers and bad
fields are one line in the form and make nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app
from test_online import until
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from cwtui.net import host_key
from cwtui.net.client import Address
from cwtui.net.protocol import ClockRule, Invite, RoomMade
from cwtui.net.server import GameServer
from cwtui.screens.invites.invites import InvitesScreen
from cwtui.screens.new_game.new_game import NewGameScreen
from cwtui.screens.online.online import OnlineScreen
from engine.config import SeatConfig


async def fill(
    pilot: Pilot[None], server: str, takeover: str = "", cards: str = "", clock: str = "", per_move: str = ""
) -> NewGameScreen:
    """The form for Ana (human) and Bo (medium bot), seed 7, hosted on `server`."""
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    form.query_one("#name-0", Input).value = "Ana"
    form.query_one("#name-1", Input).value = "Bo"
    form.query_one("#kind-1", Select).value = "medium"
    form.query_one("#seed", Input).value = "7"
    form.query_one("#cards", Input).value = cards
    form.query_one("#server", Input).value = server
    form.query_one("#takeover", Input).value = takeover
    form.query_one("#clock", Input).value = clock
    form.query_one("#per-move", Input).value = per_move
    await pilot.pause()
    return form


def said(screen: object) -> str:
    return str(screen.query_one("#error", Static).render())  # type: ignore[attr-defined]


async def test_a_room_hosted_from_the_form_gives_invites_and_a_seat(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    host_port = str(address)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await fill(pilot, host_port, takeover="30", clock="10m+5s", per_move="2d")
        assert form.query_one("#takeover-row").display  # a server's option, shown with one
        assert form.query_one("#clock-row").display and form.query_one("#per-move-row").display
        assert str(form.query_one("#start").label) == "Host"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, InvitesScreen))
        invites = app.screen
        assert isinstance(invites, InvitesScreen)
        (code,) = game_server.rooms
        room = game_server.rooms[code]
        assert room.takeover == 30 and room.session.config.seed == 7
        assert room.clock is not None and room.clock.rule == ClockRule(600, 5, 2 * 86400)
        (ana,) = invites.made.invites
        lines = dict(invites.lines())
        assert lines["Ana"] == f"cwtui join {host_port}/{code}#{ana.token}"
        assert lines["Bo"] == "medium bot, played by the server"
        assert lines["To watch"] == f"cwtui join {host_port}/{code}"
        assert ana.token in str(invites.query_one("#lines", Static).render())
        await pilot.press("enter")  # Sit as Ana
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        table = app.screen
        assert isinstance(table, OnlineScreen)
        await until(pilot, lambda: table.connection is not None)
        assert room.present[0]  # Ana is at her seat on the server


@pytest.mark.parametrize(
    ("server_field", "extra", "line"),
    [
        ("nowhere", {}, "expected HOST:PORT"),
        ("127.0.0.1:9/ROOM1", {}, "Give the server as HOST:PORT"),
        ("127.0.0.1:{port}", {"cards": "my-cards.toml"}, "plays with its own card data"),
        ("127.0.0.1:{port}", {"takeover": "99999999"}, "Stand-in: a whole number of seconds"),
        ("127.0.0.1:{port}", {"clock": "ten minutes"}, "Clock: expected a bank of time such as 10m"),
        ("127.0.0.1:{port}", {"per_move": "5s"}, "Clock: a clock's time per move is 10 to 2,592,000 seconds"),
    ],
)
async def test_a_bad_server_field_is_one_line_and_makes_no_room(
    server: tuple[GameServer, Address], tmp_path: Path, server_field: str, extra: dict[str, str], line: str
) -> None:
    game_server, address = server
    port = address.uri.rsplit(":", 1)[1]
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await fill(pilot, server_field.format(port=port), **extra)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and line in said(form)
        assert not game_server.rooms and not list(tmp_path.glob("*.jsonl"))


async def test_no_server_there_is_said_in_the_form(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await fill(pilot, "127.0.0.1:9")  # the discard port: nothing listens
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Making the room" not in said(form))
        assert app.screen is form and "127.0.0.1:9" in said(form)
        assert not list(tmp_path.glob("*.jsonl"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_invites_screen(snap_compare, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """The room just hosted: each human seat's line, the bot's seat, the line to watch."""
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "medium"), SeatConfig("Cy"))
    made = RoomMade("K7QM2P", (Invite(0, "Ana", "Xq3vT9mK2pLw"), Invite(2, "Cy", "b7Rn4sYe8uJd")))

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(InvitesScreen(Address("ws://127.0.0.1:8765"), made, seats))
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run_before)


def test_new_game_hosted_on_a_server(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """With a server the form offers the stand-in's delay and its button hosts."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await pilot.pause()
        pilot.app.screen.query_one("#server", Input).value = "play.example.org:8765"
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=run_before)


async def test_the_form_hosts_with_the_key_it_is_given_and_no_invite_repeats_it(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 39: a room takes the server's host key. HOST:PORT#KEY gives it; without it,
    from a machine other than the server's, the server's refusal is the form's line."""
    game_server, address = server
    port = int(address.uri.rsplit(":", 1)[1])
    host_key.unregister(port, game_server.host_key)  # as if on another machine
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await fill(pilot, str(address))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Making the room" not in said(form))
        assert "only for holders of its host key" in said(form) and not game_server.rooms
        form.query_one("#server", Input).value = f"{address}#{game_server.host_key}"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, InvitesScreen))
        invites = app.screen
        assert isinstance(invites, InvitesScreen) and len(game_server.rooms) == 1
        assert all(game_server.host_key not in line for _who, line in invites.lines())
        assert dict(invites.lines())["To watch"] == f"cwtui join {address}/{next(iter(game_server.rooms))}"
