"""My games (issue 39): every seat this user joined, kept in their state folder from the
lines they joined with, and whose turn it is on each game's server, asked once a server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from cwtui.cli import main
from cwtui.net import host_key, my_games
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import CreateRoom, Hello, Play, RoomMade, Table
from cwtui.net.server import GameServer
from engine.config import SeatConfig


async def room(address: Address, *seats: SeatConfig) -> RoomMade:
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(seats, 7, key=host_key.local_key(address.uri)))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    return made


def test_seats_are_kept_latest_first_and_only_for_this_user(state_dir: Path) -> None:
    first = Address("ws://127.0.0.1:8765", "AAAAAA", "token-a")
    my_games.remember(first, 0, ("Ana", "Bo"))
    my_games.remember(Address("ws://127.0.0.1:8765", "BBBBBB", None), 0, ("Ana", "Bo"))  # watching: not kept
    my_games.remember(Address("wss://play.example.org:443", "CCCCCC", "token-c"), 1, ("Cy", "Di"))
    my_games.remember(first, 0, ("Ana", "Bo"))  # taken again: first again, once
    kept = my_games.my_games()
    assert [g.room for g in kept] == ["AAAAAA", "CCCCCC"]
    assert {g.line for g in kept} == {"127.0.0.1:8765/AAAAAA#token-a", "wss://play.example.org:443/CCCCCC#token-c"}
    path = state_dir / my_games.FILE_NAME
    assert path.stat().st_mode & 0o777 == 0o600  # it holds the seats' tokens
    my_games.forget("127.0.0.1:8765/AAAAAA#token-a")
    assert [g.room for g in my_games.my_games()] == ["CCCCCC"]


@pytest.mark.parametrize(
    "content",
    [b"not json", b"[1, 2]", json.dumps([{"line": "nowhere", "room": "X", "seat": 0, "names": ["A"],
                                          "joined": "2026"}]).encode(),
     json.dumps([{"line": "127.0.0.1:1/ROOM#t", "room": "ROOM", "seat": 5, "names": ["A"],
                  "joined": "2026"}]).encode()],
)  # fmt: skip
def test_a_damaged_or_forged_list_is_no_games(state_dir: Path, content: bytes) -> None:
    (state_dir / my_games.FILE_NAME).write_bytes(content)
    assert my_games.my_games() == []
    assert main(["games"]) == 0


async def test_whose_turn_it_is_in_each_game(server: tuple[GameServer, Address], capsys) -> None:  # type: ignore[no-untyped-def]
    game_server, address = server
    mine = await room(address, SeatConfig("Ana"), SeatConfig("Bo"))
    theirs = await room(address, SeatConfig("Cy"), SeatConfig("Ana"))
    gone = await room(address, SeatConfig("Ana"), SeatConfig("Di", "greedy"))
    my_games.remember(Address(address.uri, mine.room, mine.invites[0].token), 0, ("Ana", "Bo"))
    my_games.remember(Address(address.uri, theirs.room, theirs.invites[1].token), 1, ("Cy", "Ana"))
    my_games.remember(Address(address.uri, gone.room, gone.invites[0].token), 0, ("Ana", "Di"))
    my_games.remember(Address("ws://127.0.0.1:1", "NOSERV", "t"), 0, ("Ana", "Bo"))
    await game_server.finisher.end_room(game_server.rooms[gone.room], "closed by its host")
    words = {s.game.room: (s.yours, s.words()) for s in await my_games.standings(my_games.my_games())}
    assert words[mine.room] == (True, "your turn (move 1)")
    assert words[theirs.room] == (False, "Cy's turn (move 1)")
    assert words[gone.room] == (False, "not on the server now (finished over an hour ago, or closed)")
    assert words["NOSERV"][1].startswith("server unreachable: cannot reach a cwtui server at ws://127.0.0.1:1")
    # Ana plays her first move in her game: her seat, then Bo's
    async with await Connection.open(Address(address.uri, mine.room, mine.invites[0].token)) as ana:
        await ana.send(Hello(mine.room, mine.invites[0].token))
        await ana.receive()
        table = await ana.receive()
        assert isinstance(table, Table)
        while table.legal:
            await ana.send(Play(table.ply, table.legal[0]))
            table = await ana.receive()
            assert isinstance(table, Table)
    assert await asyncio.to_thread(main, ["games"]) == 0
    out = capsys.readouterr().out
    assert f"  {mine.room}  Ana          Bo's turn (move " in out
    assert f"  {theirs.room}  Ana          Cy's turn (move 1)" in out
    assert f"    cwtui join 127.0.0.1:{address.uri.rsplit(':', 1)[1]}/{mine.room}#{mine.invites[0].token}" in out
    assert await asyncio.to_thread(main, ["games", "--forget", theirs.room.lower()]) == 0
    assert theirs.room not in {g.room for g in my_games.my_games()}
    assert await asyncio.to_thread(main, ["games", "--forget", "NOSUCH"]) == 2
