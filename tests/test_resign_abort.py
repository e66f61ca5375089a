"""Leaving a game for good (issue 39): a seat resigns (a bot plays on for it, or the game
ends, as the host chose), and the seats abort a game together before its first round
ends. Over real sockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from cwtui.net import host_key
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import (
    Abort,
    CreateRoom,
    Error,
    Hello,
    Play,
    Resign,
    RoomClosed,
    RoomMade,
    ServerMessage,
    Table,
    Welcome,
)
from cwtui.net.room_store import RoomRecord
from cwtui.net.server import GameServer
from engine.config import SeatConfig


async def made(address: Address, on_resign: str = "bot", *seats: SeatConfig) -> RoomMade:
    async with await Connection.open(address) as host:
        chosen = seats or (SeatConfig("Ana"), SeatConfig("Bo"))
        await host.send(CreateRoom(chosen, 7, key=host_key.local_key(address.uri), on_resign=on_resign))  # type: ignore[arg-type]
        reply = await host.receive()
    assert isinstance(reply, RoomMade)
    return reply


async def sit(address: Address, room: str, token: str | None) -> tuple[Connection, Welcome, Table]:
    connection = await Connection.open(address)
    await connection.send(Hello(room, token))
    welcome = await connection.receive()
    table = await connection.receive()
    assert isinstance(welcome, Welcome) and isinstance(table, Table)
    return connection, welcome, table


async def until(connection: Connection, done: type | object) -> ServerMessage:
    """The next message of type `done`, or the next Table for which `done(table)` holds."""
    while True:
        message = await asyncio.wait_for(connection.receive(), 30)
        if isinstance(done, type) and isinstance(message, done):
            return message
        if not isinstance(done, type) and isinstance(message, Table) and done(message):  # type: ignore[operator]
            return message


async def test_a_seat_that_resigns_is_played_by_a_bot_and_stays_resigned(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    room = await made(address)
    ana, welcome, table = await sit(address, room.room, room.invites[0].token)
    bo, _, _ = await sit(address, room.room, room.invites[1].token)
    assert welcome.on_resign == "bot" and table.legal
    await ana.send(Resign())
    now = await until(bo, lambda t: t.resigned == (0,))
    assert isinstance(now, Table) and 0 in now.stood_in and 0 not in now.away
    # her turn is the bot's now: Bo's table moves on without her
    served = game_server.rooms[room.room]
    while served.session.state.to_act == 0:
        await asyncio.sleep(0.05)
    await ana.send(Play(served.ply, table.legal[0]))
    refused = await until(ana, Error)
    assert isinstance(refused, Error) and refused.message == "you resigned: a bot plays this seat now"
    await ana.send(Resign())
    assert "resigned already" in (await until(ana, Error)).message  # type: ignore[union-attr]
    for connection in (ana, bo):
        await connection.close()
    kept = tmp_path / "server" / "rooms" / f"{room.room}.json"
    assert msgspec.json.decode(kept.read_bytes(), type=RoomRecord).resigned == (0,)  # a restart keeps it


async def test_a_resigned_seat_left_empty_is_played_as_resigned_not_as_away(
    server: tuple[GameServer, Address],
) -> None:
    """Issue 51.2: in a room with a takeover time, a resigned player who left was both
    resigned and away at once, and the bot's moves were logged and shown as an away
    player's (string order chose between the two)."""
    game_server, address = server
    async with await Connection.open(address) as host:
        seats = (SeatConfig("Ana"), SeatConfig("Bo"))
        await host.send(CreateRoom(seats, 7, takeover=0, key=host_key.local_key(address.uri)))
        room = await host.receive()
    assert isinstance(room, RoomMade)
    ana, _, _ = await sit(address, room.room, room.invites[0].token)
    bo, _, table = await sit(address, room.room, room.invites[1].token)
    served = game_server.rooms[room.room]
    await ana.send(Resign())
    await until(bo, lambda t: t.resigned == (0,))
    resigned_at = served.ply  # before, a bot played her seat while she had not sat down: away
    await ana.close()  # she leaves the table too: her seat is empty and resigned
    while len({ply.seat for ply in served.session.history[-20:]}) < 2 or served.ply < 30:
        table = await until(bo, lambda t: bool(t.legal))  # type: ignore[assignment]
        assert isinstance(table, Table)
        await bo.send(Play(table.ply, table.legal[0]))
    await bo.close()
    for_ana = [ply.stand_in for ply in served.session.history[resigned_at:] if ply.seat == 0]
    assert for_ana and set(for_ana) == {"resigned"}, for_ana
    assert served.bot_wait(0) == (0.0, "resigned")


async def test_where_the_host_chose_it_a_resignation_ends_the_game(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    room = await made(address, "end")
    ana, welcome, _ = await sit(address, room.room, room.invites[0].token)
    bo, _, _ = await sit(address, room.room, room.invites[1].token)
    assert welcome.on_resign == "end"
    await bo.send(Resign())
    closed = await until(ana, RoomClosed)
    assert closed == RoomClosed(
        room.room, "Bo resigned; the game ends there", "{name} resigned; the game ends there", {"name": "Bo"}
    )
    assert room.room not in game_server.rooms


async def test_the_seats_abort_together_in_the_first_round_only(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    room = await made(address)
    ana, _, _ = await sit(address, room.room, room.invites[0].token)
    bo, _, _ = await sit(address, room.room, room.invites[1].token)
    watcher, _, _ = await sit(address, room.room, None)
    await watcher.send(Abort())
    assert "only a seat resigns or aborts" in (await until(watcher, Error)).message  # type: ignore[union-attr]
    await ana.send(Abort())
    proposed = await until(bo, lambda t: t.abort_votes == (0,))
    assert isinstance(proposed, Table)
    await bo.send(Abort())
    closed = await until(ana, RoomClosed)
    aborted = "aborted by its players before the first round ended"
    assert closed == RoomClosed(room.room, aborted, aborted)
    assert room.room not in game_server.rooms
    for connection in (ana, bo, watcher):
        await connection.close()


async def test_after_the_first_round_a_game_is_not_aborted(server: tuple[GameServer, Address]) -> None:
    """Ana against a greedy bot: played past the first round, her proposal is refused."""
    game_server, address = server
    room = await made(address, "bot", SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    ana, _, table = await sit(address, room.room, room.invites[0].token)
    served = game_server.rooms[room.room]
    while served.first_round:
        if table.legal:
            await ana.send(Play(table.ply, table.legal[0]))
        message = await asyncio.wait_for(ana.receive(), 30)
        if isinstance(message, Table):
            table = message
    await ana.send(Abort())
    refused = await until(ana, Error)
    assert isinstance(refused, Error) and refused.message.startswith("the first round is over")
    await ana.close()


@pytest.mark.parametrize("message", [Resign(), Abort()])
async def test_a_connection_in_no_room_cannot_leave(server: tuple[GameServer, Address], message) -> None:  # type: ignore[no-untyped-def]
    _game_server, address = server
    async with await Connection.open(address) as stranger:
        await stranger.send(message)
        reply = await stranger.receive()
    assert isinstance(reply, Error) and reply.message == "join a room first (hello)"


def test_a_restarted_server_keeps_the_resignations(tmp_path: Path) -> None:
    from cwtui.net.room_store import RoomStore
    from engine.config import GameConfig

    store = RoomStore(tmp_path)
    room, _invites = store.create(GameConfig((SeatConfig("Ana"), SeatConfig("Bo")), 7), set())
    room.resigned.add(1)
    store.save(room)
    room.close()
    (again,), problems = RoomStore(tmp_path).load()
    assert problems == [] and again.resigned == {1} and again.stood_in == (1,) and again.away == (0,)
    again.close()
