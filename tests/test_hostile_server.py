"""A hostile server (issue 51.10): every text a command prints from a server's answer
(room codes, names, kinds, addresses, invites, reasons, refusals, ratings) comes with
terminal escapes in it, a title change and a screen clear among them. No command
prints one: a server's words reach no terminal unchecked. Over a real socket."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from cwtui.cli import main
from cwtui.net.protocol import (
    ClientMessage,
    CloseRoom,
    CreateRoom,
    Error,
    Hello,
    Invite,
    ListRatings,
    ListRooms,
    PlayerRating,
    ProtocolError,
    Ratings,
    RoomClosed,
    RoomInfo,
    RoomMade,
    Rooms,
    ServerMessage,
    decode_client,
    encode,
)

# A title change, a screen clear, an 8-bit CSI, a bell, a bidirectional override, a
# line break: each would act on the terminal, or disguise what it shows.
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202eevil\nline"
# What a terminal acts on: C0 and C1 controls but the line break, format characters.
ACTING = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def answer(message: ClientMessage, refusing: bool) -> ServerMessage:
    """The hostile server's answer: escapes in every text field of what was asked."""
    if refusing:
        return Error(HOSTILE, HOSTILE)
    if isinstance(message, ListRooms):
        names, kinds = (HOSTILE, "Bo"), (HOSTILE, "greedy")
        return Rooms(
            (
                RoomInfo("AB" + HOSTILE, names, kinds, 3, False, (0,), 0, (1.0, None)),
                RoomInfo("ABCDEF", names, kinds, 3, False, (0,), 0, (1.0, None)),  # `cwtui games`' room
            )
        )
    if isinstance(message, ListRatings):
        return Ratings((PlayerRating(HOSTILE, HOSTILE, 12.5, 25.0, 4.2, 3),))
    if isinstance(message, CreateRoom):
        return RoomMade("AB" + HOSTILE, (Invite(0, HOSTILE, HOSTILE),), "ws://x" + HOSTILE, "http://x" + HOSTILE)
    if isinstance(message, CloseRoom):
        return RoomClosed(HOSTILE, HOSTILE)
    if isinstance(message, Hello):
        return Error(HOSTILE)
    return Error(HOSTILE)


@contextlib.asynccontextmanager
async def hostile(way: str) -> AsyncIterator[str]:
    """A server that answers with escapes in every text, refuses with them, or closes
    the connection with them as its reason."""

    async def handle(connection: ServerConnection) -> None:
        async for data in connection:
            if way == "closing":
                await connection.close(1008, HOSTILE)
                return
            with contextlib.suppress(ProtocolError):
                await connection.send(encode(answer(decode_client(data), way == "refusing")))

    async with serve(handle, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield f"127.0.0.1:{port}"


def my_game_there(server: str) -> list[str]:
    """`cwtui games`, with a seat kept at the hostile server as an earlier cwtui kept it:
    its names as the server sent them."""
    from cwtui.net.address import parse_address
    from cwtui.net.my_games import remember

    remember(parse_address(f"{server}/ABCDEF#token"), 0, (HOSTILE, "Bo"))
    return ["games"]


COMMANDS: list[Callable[[str], list[str]]] = [
    my_game_there,
    lambda server: ["rooms", server],
    lambda server: ["ratings", server],
    lambda server: ["host", f"{server}#key", "--seat", "Ana:human", "--seat", "Bo:greedy"],
    lambda server: ["close", f"{server}#key", "ROOM"],
    lambda server: ["join", f"{server}/ROOM#token"],
]


@pytest.mark.parametrize("way", ["answering", "refusing", "closing"])
@pytest.mark.parametrize("command", COMMANDS, ids=["games", "rooms", "ratings", "host", "close", "join"])
async def test_no_command_prints_a_servers_escapes(
    command: Callable[[str], list[str]], way: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    async with hostile(way) as server:
        await asyncio.to_thread(main, ["--replays-dir", str(tmp_path), *command(server)])
    printed = capsys.readouterr()
    for stream in (printed.out, printed.err):
        assert not ACTING.search(stream), repr(stream)
    assert "evil" in printed.out + printed.err  # the words are there, only their escapes gone


def test_every_text_of_a_table_and_a_replay_reaches_the_table_printable(tmp_path: Path) -> None:
    """The online table shows what the server sends: names in its View, species, events.
    Any string in a Table or a replay's Views comes out printable; a table with none to
    clean is decoded as it is."""
    import msgspec

    from cwtui.game.session import GameSession
    from cwtui.net import shown
    from cwtui.net.protocol import Table, decode_server, pack_views, unpack_views
    from cwtui.net.room import Room
    from engine.config import GameConfig, SeatConfig

    session = GameSession.start(GameConfig((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), 5), tmp_path)
    for _ in range(20):
        session.play(session.legal()[0] if session.is_human(session.to_act) else session.bot_move().move)
    room = Room("ABCDEF", session, {})
    table = shown.table(room, 0, 0, shown.seat_views(room, [0])[0])
    data = encode(table)
    assert decode_server(data) == table  # nothing to clean
    hostile_json = data.replace('"Ana"', msgspec.json.encode(HOSTILE).decode())
    assert hostile_json != data
    cleaned = decode_server(hostile_json)
    assert isinstance(cleaned, Table)

    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for pair in value.items() for part in pair for s in strings(part)]
        if isinstance(value, list | tuple):
            return [s for item in value for s in strings(item)]
        return []

    texts = strings(msgspec.to_builtins(cleaned))
    assert "\x1b" not in "".join(texts) and all(text.isprintable() for text in texts)
    assert any("evil line" in text for text in texts)
    views = unpack_views(
        pack_views((msgspec.convert(msgspec.json.decode(hostile_json)["view"], type=type(table.view)),)), 0
    )
    assert all(text.isprintable() for text in strings(msgspec.to_builtins(views)))
    session.close()
