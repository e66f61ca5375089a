"""Table talk (issue 39): cleaned so no one paints another's terminal, limited in length
and pace, kept beside the room and never in the game's log, off for spectators unless
the host allows it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cwtui.net import host_key
from cwtui.net.chat import MAX_CHARS, ChatLog, RateLimit, clean
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import Chat, CreateRoom, Error, Hello, RoomMade, Say, ServerMessage, Table, Welcome
from cwtui.net.server import GameServer
from engine.config import SeatConfig


def test_a_line_is_printable_words_only() -> None:
    assert clean("hi\x1b[2J\x1b]52;c;aGk=\athere") == "hi[2J]52;c;aGk=there"
    assert clean("  good\t\tgame\n\nall  ") == "good game all"
    assert clean("admin\u202enimda\u2066x") == "adminnimdax"  # no bidirectional overrides
    assert clean("\x00\x07\u200b") == ""
    assert clean("é ü 魚 🎣") == "é ü 魚 🎣"
    assert len(clean("x" * 1000)) == MAX_CHARS


def test_the_pace_of_talk() -> None:
    limit = RateLimit(lines=3, seconds=10)
    assert [limit.allow(t) for t in (0, 1, 2, 3)] == [True, True, True, False]
    assert limit.allow(10.5)  # the first line is 10 s old


def test_a_damaged_or_hostile_talk_file_is_read_safely(tmp_path: Path) -> None:
    log = ChatLog(tmp_path / "R.chat.jsonl")
    log.add(0, "Ana", "hello", 0)
    with log.path.open("ab") as out:
        out.write(b"not json\n")
        out.write(b'{"seat":1,"name":"Bo\\u001b[31m","text":"\\u001b[2Jhi","at":"2026"}\n')
    assert [(line.name, line.text) for line in log.recent()] == [("Ana", "hello"), ("Bo[31m", "[2Jhi")]


async def next_of(connection: Connection, kind: type) -> ServerMessage:
    while True:
        message = await asyncio.wait_for(connection.receive(), 10)
        if isinstance(message, kind):
            return message
        assert not isinstance(message, Error), message


async def sit(address: Address, room: str, token: str | None) -> tuple[Connection, Welcome]:
    connection = await Connection.open(address)
    await connection.send(Hello(room, token))
    welcome = await connection.receive()
    assert isinstance(welcome, Welcome)
    await next_of(connection, Table)
    return connection, welcome


async def made(address: Address, spectators_talk: bool = False) -> RoomMade:
    async with await Connection.open(address) as host:
        seats = (SeatConfig("Ana"), SeatConfig("Bo"))
        await host.send(CreateRoom(seats, 7, key=host_key.local_key(address.uri), spectators_talk=spectators_talk))
        reply = await host.receive()
    assert isinstance(reply, RoomMade)
    return reply


async def test_the_seats_talk_and_the_spectators_do_not(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    game_server, address = server
    room = await made(address)
    ana, ana_welcome = await sit(address, room.room, room.invites[0].token)
    bo, _ = await sit(address, room.room, room.invites[1].token)
    watcher, watcher_welcome = await sit(address, room.room, None)
    assert ana_welcome.talk and not watcher_welcome.talk
    await ana.send(Say("good luck\x1b[2J \u202eyes"))
    for seat in (ana, bo):
        said = await next_of(seat, Chat)
        assert isinstance(said, Chat) and [(line.seat, line.name, line.text) for line in said.lines] == [
            (0, "Ana", "good luck[2J yes")
        ]
    await watcher.send(Say("hello"))
    seen = [await asyncio.wait_for(watcher.receive(), 10)]
    while not isinstance(seen[-1], Error):
        seen.append(await asyncio.wait_for(watcher.receive(), 10))
    assert "spectators do not talk in this room" in seen[-1].message
    assert not any(isinstance(m, Chat) for m in seen)  # Ana's line reached the seats only
    for _ in range(5):
        await bo.send(Say("again"))
    await bo.send(Say("one too many"))
    slowed = await next_of(bo, Error)
    assert isinstance(slowed, Error) and slowed.message == "slow down: at most 5 lines in 10 s"
    await bo.send(Say("\x1b\x07"))
    # the talk is beside the room, never in the game's log; a newcomer gets the recent lines
    kept = tmp_path / "server" / "rooms" / f"{room.room}.chat.ndjson"
    assert kept.read_text().count("\n") == 6
    path = game_server.rooms[room.room].session.path
    assert path is not None and "good luck" not in path.read_text()
    await ana.close()
    again, _ = await sit(address, room.room, room.invites[0].token)
    recent = await next_of(again, Chat)
    assert isinstance(recent, Chat) and [line.text for line in recent.lines] == ["good luck[2J yes", *["again"] * 5]
    for connection in (again, bo, watcher):
        await connection.close()


async def test_spectators_talk_where_the_host_allows(server: tuple[GameServer, Address]) -> None:
    _game_server, address = server
    room = await made(address, spectators_talk=True)
    ana, _ = await sit(address, room.room, room.invites[0].token)
    watcher, welcome = await sit(address, room.room, None)
    assert welcome.talk
    await watcher.send(Say("nice move"))
    for connection in (ana, watcher):
        said = await next_of(connection, Chat)
        assert isinstance(said, Chat) and [(line.seat, line.name) for line in said.lines] == [(None, "a spectator")]
    await ana.close()
    await watcher.close()


@pytest.mark.parametrize("text", ["", "   ", "\x1b\x07\u200b\u202e"])
async def test_nothing_to_say_is_refused(server: tuple[GameServer, Address], text: str) -> None:
    _game_server, address = server
    room = await made(address)
    ana, _ = await sit(address, room.room, room.invites[0].token)
    await ana.send(Say(text))
    refused = await next_of(ana, Error)
    assert isinstance(refused, Error) and "nothing to say" in refused.message
    await ana.close()


def test_talk_kept_under_its_old_name_is_found_under_its_own(tmp_path: Path) -> None:
    """Earlier builds kept a room's talk as rooms/CODE.chat.jsonl, which the history read
    as a game log and skipped; a server's next start gives it its own name."""
    from cwtui.net.room_store import RoomStore
    from engine.config import GameConfig, SeatConfig

    store = RoomStore(tmp_path)
    room, _invites = store.create(GameConfig((SeatConfig("Ana"), SeatConfig("Bo")), 7), set())
    assert room.chat is not None
    room.chat.add(0, "Ana", "good luck", 0)
    room.close()
    room.chat.path.rename(tmp_path / "rooms" / f"{room.code}.chat.jsonl")
    (again,), problems = RoomStore(tmp_path).load()
    assert problems == [] and again.chat is not None and [line.text for line in again.chat.recent()] == ["good luck"]
    assert not list(tmp_path.rglob("*.chat.jsonl"))
    again.close()
