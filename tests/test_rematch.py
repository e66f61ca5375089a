"""A rematch (issue 39): once a room's game is over, its next game in the same room, the
same seats, the next seed, the same invite lines; begun by the first seat that asks,
found by the others. Over real sockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
from helpers import finished_room

from cwtui.net.client import Address, Connection, Refused
from cwtui.net.protocol import Error, Hello, Rematch, Rematched, Welcome
from cwtui.net.remote import ask_rematch
from cwtui.net.room_store import RoomRecord
from cwtui.net.server import GameServer
from engine.config import SeatConfig


async def test_the_next_game_in_the_same_room_with_the_same_lines(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    made, first = await finished_room(address)
    room = game_server.rooms[made.room]
    seed = room.session.config.seed
    ana = Address(address.uri, made.room, made.invites[0].token)
    bo = Address(address.uri, made.room, made.invites[1].token)
    await ask_rematch(ana, first)
    second = room.game
    assert second != first and room.previous_game == first and not room.over
    assert room.session.config.seed == seed + 1 and room.session.config.seats == (SeatConfig("Ana"), SeatConfig("Bo"))
    assert room.away == (0, 1) and not room.present  # nobody sits at the new game yet
    await ask_rematch(bo, first)  # Bo asks too: the same rematch, not another game
    assert room.game == second and len(list((tmp_path / "server").glob("*.jsonl"))) == 2
    record = msgspec.json.decode((tmp_path / "server" / "rooms" / f"{made.room}.json").read_bytes(), type=RoomRecord)
    assert record.log == room.session.path.name and second not in record.log  # a restart finds the new game
    async with await Connection.open(ana) as again:  # the same line sits at the new game
        await again.send(Hello(made.room, made.invites[0].token))
        welcome = await again.receive()
        assert isinstance(welcome, Welcome) and welcome.game == second and welcome.seat == 0
    try:
        await ask_rematch(ana, second)
    except Refused as exc:
        assert "the rematch comes once the game is over" in str(exc)
    else:
        raise AssertionError("a game under way was rematched")


async def test_a_rematch_is_for_a_seat_of_the_last_game(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    made, first = await finished_room(address)
    async with await Connection.open(address) as watcher:
        await watcher.send(Hello(made.room, None))
        await watcher.send(Rematch(first))
        while not isinstance(reply := await watcher.receive(), Error):
            pass
        assert "a seat asks for the rematch" in reply.message
    async with await Connection.open(address) as ana:
        await ana.send(Hello(made.room, made.invites[0].token))
        await ana.send(Rematch("0123456789abcdef"))
        while not isinstance(reply := await ana.receive(), Error):
            pass
        assert reply.message == "that is not this room's last game"
    assert game_server.rooms[made.room].game == first


async def test_a_table_still_open_moves_to_the_next_game(server: tuple[GameServer, Address]) -> None:
    """The room's connections were of the last game: they are told, then closed."""
    game_server, address = server
    made, first = await finished_room(address)
    async with await Connection.open(address) as watching:
        await watching.send(Hello(made.room, None))
        await ask_rematch(Address(address.uri, made.room, made.invites[0].token), first)
        while not isinstance(told := await asyncio.wait_for(watching.receive(), 10), Rematched):
            pass
        assert told == Rematched(made.room, game_server.rooms[made.room].game)


async def test_a_rematch_in_a_room_that_talked(server: tuple[GameServer, Address]) -> None:
    """Seen in tmux: in a room with table talk, `r` on the results said "No rematch: the
    server answered something else (Chat)": whoever sits down is sent the room's recent
    talk, which the rematch's question did not expect."""
    from cwtui.net.protocol import Say

    game_server, address = server
    made, first = await finished_room(address)
    async with await Connection.open(address) as ana:
        await ana.send(Hello(made.room, made.invites[0].token))
        await ana.send(Say("good game"))
        while game_server.rooms[made.room].chat.recent() == ():  # type: ignore[union-attr]
            await asyncio.sleep(0.01)
    await ask_rematch(Address(address.uri, made.room, made.invites[1].token), first)
    assert game_server.rooms[made.room].previous_game == first
