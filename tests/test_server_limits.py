"""What a stranger may take of a game server (issue 51.6): limits per address, per seat
and per room, sockets counted from their accept, clients that do not read, rooms an
address holds. Over real sockets on localhost, with the limits lowered; "addresses"
are loopback addresses (127.0.0.2 … connect to a server on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import served
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from cwtui.net.client import Address, Connection, why_unreachable
from cwtui.net.limits import Limits
from cwtui.net.protocol import (
    CreateRoom,
    Error,
    Hello,
    ListRooms,
    Play,
    RoomMade,
    Rooms,
    Say,
    Table,
    Welcome,
    encode,
)
from cwtui.net.server import GameServer
from engine.config import SeatConfig
from tests.test_resign_abort import until


def port_of(address: Address) -> int:
    return int(address.uri.rsplit(":", 1)[1])


async def open_from(address: Address, source: str, **options: object) -> Connection:
    """A connection to the server from the loopback address `source`."""
    return Connection(await connect(address.uri, local_addr=(source, 0), **options))  # type: ignore[arg-type]


async def room_for(address: Address, key: str, *seats: SeatConfig, source: str = "127.0.0.1") -> RoomMade | Error:
    host = await open_from(address, source)
    async with host:
        await host.send(CreateRoom(seats or (SeatConfig("Ana"), SeatConfig("Bo")), 7, key=key))
        made = await host.receive()
    assert isinstance(made, RoomMade | Error), made
    return made


async def hello(connection: Connection, room: str, token: str | None) -> Welcome | Error:
    await connection.send(Hello(room, token))
    answer = await connection.receive()
    assert isinstance(answer, Welcome | Error), answer
    return answer


async def test_spectators_from_an_address_never_keep_its_players_out(tmp_path: Path) -> None:
    """32 spectators from one address took all of its connections: its players could not
    sit down. A seat's connections count against the seat, and spectators have a share
    of their own."""
    limits = Limits(connections_per_address=4, spectators_per_address=2)
    game_server = GameServer(tmp_path, limits=limits)
    async with served(game_server) as address:
        made = await room_for(address, game_server.host_key)
        assert isinstance(made, RoomMade)
        watchers = [await open_from(address, "127.0.0.1") for _ in range(3)]
        assert [type(await hello(w, made.room, None)) for w in watchers[:2]] == [Welcome, Welcome]
        refused = await hello(watchers[2], made.room, None)
        assert isinstance(refused, Error) and refused.message == "at most 2 spectators' tables an address"
        await watchers.pop().close()
        players = [await open_from(address, "127.0.0.1") for _ in made.invites]  # the address's other places
        for player, invite in zip(players, made.invites, strict=True):
            assert isinstance(await hello(player, made.room, invite.token), Welcome)
        async with await open_from(address, "127.0.0.1") as lobby:  # seated, they take none of its places
            await lobby.send(ListRooms())
            rooms = await lobby.receive()
        assert isinstance(rooms, Rooms) and rooms.rooms[0].connected == (0, 1)
        for connection in (*watchers, *players):
            await connection.close()


async def test_a_seat_takes_a_few_tables_and_a_room_so_many_spectators(tmp_path: Path) -> None:
    game_server = GameServer(tmp_path, limits=Limits(connections_per_seat=2, spectators_per_room=1))
    async with served(game_server) as address:
        made = await room_for(address, game_server.host_key)
        assert isinstance(made, RoomMade)
        ana = [await Connection.open(address) for _ in range(3)]
        assert isinstance(await hello(ana[0], made.room, made.invites[0].token), Welcome)
        assert isinstance(await hello(ana[1], made.room, made.invites[0].token), Welcome)
        third = await hello(ana[2], made.room, made.invites[0].token)
        assert isinstance(third, Error)
        assert third.message == "Ana's seat is open at 2 tables already, its most: close one of them first"
        watchers = [await open_from(address, source) for source in ("127.0.0.2", "127.0.0.3")]
        assert isinstance(await hello(watchers[0], made.room, None), Welcome)
        full = await hello(watchers[1], made.room, None)
        assert isinstance(full, Error)
        assert full.message == f"room {made.room} has as many spectators as it takes (1); try later"
        for connection in (*ana, *watchers):
            await connection.close()


async def test_a_silent_spectator_is_closed_and_a_watching_table_stays(tmp_path: Path) -> None:
    """Issue 65.5: a spectator's socket that only listened was never closed; hundreds of
    them, from many addresses, each cost every move of the room. One silent for
    `idle_spectator` is closed as one silent outside a room is; a cwtui table says
    `Watching` within it (Welcome.idle) and stays; a seat may be silent for days."""
    from cwtui.net.client import ServerGone
    from cwtui.net.protocol import Watching

    game_server = GameServer(tmp_path, limits=Limits(idle_spectator=0.6))
    async with served(game_server) as address:
        made = await room_for(address, game_server.host_key)
        assert isinstance(made, RoomMade)
        seat = await Connection.open(address)
        assert isinstance(await hello(seat, made.room, made.invites[0].token), Welcome)
        silent, watching = await Connection.open(address), await Connection.open(address)
        welcome = await hello(silent, made.room, None)
        assert isinstance(welcome, Welcome) and welcome.idle == 0.6
        seated_welcome = await hello(watching, made.room, made.invites[1].token)
        assert isinstance(seated_welcome, Welcome) and seated_welcome.idle == 0  # a seat: no limit
        await watching.close()
        watching = await Connection.open(address)
        assert isinstance(await hello(watching, made.room, None), Welcome)

        async def watch() -> None:
            while True:  # every table the room sends, and Watching between them
                await watching.receive_watching(0.6)

        kept = asyncio.create_task(watch())
        with pytest.raises(ServerGone, match=r"nothing said in 0\.6 s watching"):
            while True:
                await asyncio.wait_for(silent.receive(), 5)
        await asyncio.sleep(1.0)
        assert not kept.done()  # not closed: it said Watching
        kept.cancel()
        await watching.send(Watching())
        await seat.send(Play(0, (await until(seat, lambda t: bool(t.legal))).legal[0]))  # type: ignore[attr-defined]
        assert isinstance(await until(watching, lambda t: t.ply == 1), Table)
        assert len(game_server.tables.clients[made.room]) == 2  # the seat and the watching table
        for connection in (seat, watching):
            await connection.close()


async def test_table_talk_is_paced_by_the_seat_not_by_the_connection(tmp_path: Path) -> None:
    """Six connections at one seat said 35 lines in 1.5 s: the pace (5 lines in 10 s)
    was each connection's."""
    game_server = GameServer(tmp_path)
    async with served(game_server) as address:
        made = await room_for(address, game_server.host_key)
        assert isinstance(made, RoomMade)
        tables = [await Connection.open(address) for _ in range(3)]
        for table in tables:
            assert isinstance(await hello(table, made.room, made.invites[0].token), Welcome)
        for line in range(9):
            await tables[line % 3].send(Say(f"line {line}"))
        refusals = []
        for table in tables:  # what each was told, until it is told nothing more for a moment
            with contextlib.suppress(TimeoutError):
                while True:
                    message = await asyncio.wait_for(table.receive(), 1)
                    if isinstance(message, Error):
                        refusals.append(message.message)
        assert refusals == ["slow down: at most 5 lines in 10 s"] * 4
        assert len(game_server.rooms[made.room].chat.recent()) == 5  # type: ignore[union-attr]
        for table in tables:
            await table.close()


@pytest.mark.slow
async def test_a_client_that_does_not_read_holds_up_no_one_and_is_cut_off(tmp_path: Path) -> None:
    """A spectator that never read what it was sent held up its room's every move (a
    broadcast waited for each connection in turn): here the players waited 50 s, until
    the websocket's keepalive gave up on it."""
    game_server = GameServer(tmp_path, limits=Limits(behind=16 * 1024))
    async with served(game_server) as address:
        made = await room_for(address, game_server.host_key)
        assert isinstance(made, RoomMade)
        # a spectator whose socket takes in almost nothing, and that never reads
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        deaf.connect(("127.0.0.1", port_of(address)))
        slow = await connect(address.uri, sock=deaf, max_queue=1)
        await slow.send(encode(Hello(made.room, None)))
        seats = []
        for invite in made.invites:
            seat = await Connection.open(address)
            assert isinstance(await hello(seat, made.room, invite.token), Welcome)
            seats.append(seat)
        room = game_server.rooms[made.room]
        longest = 0.0

        async def play(seat: Connection) -> None:
            nonlocal longest
            played = -1
            while room.ply < 2000:
                asked = time.monotonic()
                table = await asyncio.wait_for(seat.receive(), 10)
                longest = max(longest, time.monotonic() - asked)
                if isinstance(table, Table) and table.legal and table.ply != played:
                    await seat.send(Play(table.ply, table.legal[0]))
                    played = table.ply

        playing = [asyncio.create_task(play(seat)) for seat in seats]
        done, waiting = await asyncio.wait(playing, return_when=asyncio.FIRST_COMPLETED)
        for task in waiting:  # the other seat waits for a move that will not come
            task.cancel()
        for task in done:
            task.result()
        assert longest < 2, f"a player waited {longest:.1f} s for a table"
        assert all(client.seat is not None for client in game_server.clients[made.room])  # the deaf one is gone
        for seat in seats:
            await seat.close()
        await slow.close()


async def test_sockets_that_never_open_are_counted_from_their_accept(tmp_path: Path) -> None:
    """Sockets that never finished the websocket handshake were not counted: 300 of them
    locked new clients out (with 256 descriptors). An address may have a few opening at
    once; the others are refused, told why if they ask."""
    game_server = GameServer(tmp_path, limits=Limits(handshakes_per_address=4))
    async with served(game_server) as address:
        silent = []
        for source, count in (("127.0.0.2", 4), ("127.0.0.3", 20)):  # .2 opening its most; .3 flooding
            for _ in range(count):
                raw = socket.socket()
                raw.bind((source, 0))
                raw.connect(("127.0.0.1", port_of(address)))
                silent.append(raw)
        await asyncio.sleep(0.2)
        # a client of another address is answered at once
        asked = time.monotonic()
        async with await Connection.open(address) as lobby:
            await lobby.send(ListRooms())
            assert isinstance(await lobby.receive(), Rooms)
        assert time.monotonic() - asked < 1
        # one more from an address opening its most is told why, in a line its command shows
        with pytest.raises(InvalidStatus) as refused:
            await connect(address.uri, local_addr=("127.0.0.2", 0), open_timeout=5)
        said = why_unreachable(address, refused.value)
        assert said == "it refused: at most 4 connections an address may be opening at once"
        # the refused are cut within a moment; the four opening, at the handshake's timeout
        assert game_server.gate is not None
        async with asyncio.timeout(game_server.limits.handshake_timeout + 3):
            while game_server.gate.held:
                await asyncio.sleep(0.1)
        for raw in silent:
            raw.close()


async def test_rooms_an_address_holds_and_games_of_bots_make_way(tmp_path: Path) -> None:
    """The rooms cap was the server's: one host could fill it and refuse every other,
    and games of bots escaped it (they end in seconds; 620 were made in 30 s and listed
    for an hour, the server from 91 to 174 MiB)."""
    limits = Limits(rooms_per_address=2, rooms=3, rooms_an_hour=4)
    game_server = GameServer(tmp_path, limits=limits)
    key = game_server.host_key
    async with served(game_server) as address:
        humans = [await room_for(address, key, source="127.0.0.2") for _ in range(3)]
        assert [type(made) for made in humans] == [RoomMade, RoomMade, Error]
        held = "your address holds {count} rooms, its most: close one or wait for one to end"
        assert humans[2] == Error(held.format(count=2), None, held, {"count": "2"})  # and the same in no language
        assert isinstance(await room_for(address, key, source="127.0.0.3"), RoomMade)  # another host's
        full = await room_for(address, key, source="127.0.0.4")
        most = "this server holds {count} rooms, its most; try later"
        assert full == Error(most.format(count=3), None, most, {"count": "3"})
    bots = (SeatConfig("Bo", "greedy"), SeatConfig("Cy", "greedy"))
    game_server = GameServer(tmp_path / "bots", limits=limits)
    key = game_server.host_key
    async with served(game_server) as address:
        first, second = [await room_for(address, key, *bots, source="127.0.0.2") for _ in range(2)]
        assert isinstance(first, RoomMade) and isinstance(second, RoomMade)
        async with asyncio.timeout(60):
            while not all(room.over for room in game_server.rooms.values()):
                await asyncio.sleep(0.1)
        finished_first = min(game_server.rooms.values(), key=lambda room: room.finished_at()).code
        third = await room_for(address, key, *bots, source="127.0.0.2")
        assert isinstance(third, RoomMade)  # the room of the game that ended first made way
        assert finished_first not in game_server.rooms and len(game_server.rooms) == 2
        assert (tmp_path / "bots" / "rooms" / "retired" / f"{finished_first}.json").exists()
        async with asyncio.timeout(60):
            while not all(room.over for room in game_server.rooms.values()):
                await asyncio.sleep(0.1)
        assert isinstance(await room_for(address, key, *bots, source="127.0.0.2"), RoomMade)
        paced = await room_for(address, key, *bots, source="127.0.0.2")
        pace = "at most {count} rooms an hour from an address; try later"
        assert paced == Error(pace.format(count=4), None, pace, {"count": "4"})


@pytest.mark.slow
async def test_a_server_of_few_descriptors_keeps_playing_and_answering_under_a_flood(tmp_path: Path) -> None:
    """With 256 descriptors, 300 sockets that never opened locked new clients out and
    printed 7,869 tracebacks ("OSError: [Errno 24] Too many open files") in 10 s. Now a
    flood from many addresses fills what the server keeps for sockets and no more: a
    game under way goes on (its log has descriptors), the lobby answers once the
    flood's handshakes time out, and nothing is printed. (A newcomer meanwhile may not
    get through at all: the flood fills the listening socket's queue, the kernel's.)"""
    from cwtui.net.host_key import local_key

    server = subprocess.Popen(
        ["bash", "-c", f'ulimit -n 256; exec "{sys.executable}" -m cwtui serve --port 0 --replays-dir "{tmp_path}"'],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        listening = re.search(r"listening on (ws://[\d.]+:\d+)", server.stdout.readline())
        assert listening, server.stderr and server.stderr.read()
        address = Address(listening[1])
        key = local_key(address.uri)
        assert key is not None
        made = await room_for(address, key, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
        assert isinstance(made, RoomMade)
        ana = await Connection.open(address)
        assert isinstance(await hello(ana, made.room, made.invites[0].token), Welcome)
        table = await until(ana, lambda t: bool(t.legal))
        assert isinstance(table, Table)
        flood = []
        for source in range(2, 42):  # 40 addresses, 8 sockets each: more than the server has
            for _ in range(8):
                raw = socket.socket()
                raw.bind((f"127.0.0.{source}", 0))
                raw.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    raw.connect(("127.0.0.1", port_of(address)))
                flood.append(raw)
        await asyncio.sleep(0.5)
        await ana.send(Play(table.ply, table.legal[0]))  # the game goes on: its move is saved and sent
        moved = await until(ana, lambda t: t.ply > table.ply)
        assert isinstance(moved, Table)
        await asyncio.sleep(Limits().handshake_timeout + 1)  # the flood's handshakes time out
        assert isinstance(await ask_rooms(address), Rooms)
        for raw in flood:
            raw.close()
        await ana.close()
    finally:
        server.terminate()
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 0
    assert err == "", err


async def ask_rooms(address: Address) -> object:
    async with await Connection.open(address) as lobby:
        await lobby.send(ListRooms())
        return await lobby.receive()
