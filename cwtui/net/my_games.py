"""My games: every online game this user has a seat in, on any server, kept from the
lines they joined with, so that a game played over days is found again tomorrow without
keeping invite lines in a notes file (Board Game Arena's turn-based games).

The list is a file in the user's state folder (`games.json`, readable by its user
alone: it holds each seat's token, as the invite line did). The app adds a seat when
its table opens (`remember`); `cwtui games` and the home screen ask each server once
for its lobby and say, for each game, whose turn it is (`standings`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import msgspec

from cwtui.game.logfile import open_regular, write_whole
from cwtui.game.words import turn_of
from cwtui.lang import _
from cwtui.net.address import Address, parse_address
from cwtui.net.host_key import state_folder
from cwtui.net.protocol import ListRooms, RoomInfo, Rooms, shown

FILE_NAME: Final = "games.json"
KEEP: Final = 200  # games remembered at most (the oldest go first)
MAX_BYTES: Final = 1 << 20
ASK_TIMEOUT: Final = 10.0  # seconds a server has to answer for its games


class MyGame(msgspec.Struct, frozen=True):
    line: str  # HOST:PORT/ROOM#TOKEN, as `cwtui join` takes it
    room: str
    seat: int
    names: tuple[str, ...]
    joined: str  # ISO 8601: when this seat was last taken

    @property
    def address(self) -> Address:
        return parse_address(self.line)

    @property
    def server(self) -> str:
        return self.address.uri


_decoder = msgspec.json.Decoder(list[MyGame])


def games_file() -> Path:
    return state_folder() / FILE_NAME


def my_games() -> list[MyGame]:
    """The seats remembered, the latest taken first (a damaged file: none)."""
    path = games_file()
    try:
        with open_regular(path, MAX_BYTES, "list of games") as file:  # never a device or a pipe
            # printable: the names came from servers (an older cwtui kept them as sent)
            games = shown(_decoder.decode(file.read(MAX_BYTES)))
    except (OSError, msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return []
    valid = []
    for game in games:
        with contextlib.suppress(ValueError):
            address = game.address
            if address.token and address.room == game.room and 0 <= game.seat < len(game.names):
                valid.append(game)
    return valid  # `remember` puts the latest first


def remember(address: Address, seat: int, names: tuple[str, ...]) -> None:
    """Keep the seat at `address` (HOST:PORT/ROOM#TOKEN) in my games (best effort: a
    file that cannot be written costs only the list)."""
    if address.room is None or address.token is None:
        return  # watching: not a game of mine
    line = str(address)
    game = MyGame(line, address.room, seat, names, datetime.now(UTC).isoformat(timespec="seconds"))
    _keep([game, *(g for g in my_games() if g.line != line)][:KEEP])


def forget(line: str) -> None:
    _keep([g for g in my_games() if g.line != line])


def _keep(games: list[MyGame]) -> None:
    path = games_file()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, msgspec.json.encode(games))
        os.chmod(path, 0o600)


@dataclass(frozen=True)
class Standing:
    """Where a game of mine stands: `info` from its server's lobby, or why not."""

    game: MyGame
    info: RoomInfo | None
    problem: str | None = None  # the server cannot be reached: why

    @property
    def yours(self) -> bool:
        info = self.info
        return info is not None and not info.over and info.to_act == self.game.seat

    def words(self) -> str:
        """Whose turn it is, in a few words."""
        info = self.info
        if self.problem is not None:
            return _("server unreachable: {reason}").format(reason=self.problem)
        if info is None:
            return _("not on the server now (finished over an hour ago, or closed)")
        if info.over:
            return _("over: your table shows the results")
        if info.to_act is None:
            return _("move {move}").format(move=info.ply + 1)
        if info.to_act == self.game.seat:
            return _("your turn (move {move})").format(move=info.ply + 1)
        return _("{turn} (move {move})").format(turn=turn_of(info.names[info.to_act]), move=info.ply + 1)


async def standings(games: list[MyGame]) -> list[Standing]:
    """Each game's standing, each server asked once, all at once."""
    servers = sorted({game.server for game in games})
    answers = await asyncio.gather(*(_lobby(server) for server in servers))
    lobbies = dict(zip(servers, answers, strict=True))
    found = []
    for game in games:
        rooms, problem = lobbies[game.server]
        found.append(Standing(game, rooms.get(game.room), problem))
    return found


async def _lobby(server: str) -> tuple[dict[str, RoomInfo], str | None]:
    from cwtui.net.client import ServerGone, ask  # websockets: only where a server is asked

    try:
        reply = await asyncio.wait_for(ask(Address(server), ListRooms()), ASK_TIMEOUT)
    except ServerGone as exc:
        return {}, str(exc)
    except TimeoutError:
        return {}, f"no answer in {ASK_TIMEOUT:g} s"
    if not isinstance(reply, Rooms):
        return {}, f"it answered something else ({type(reply).__name__})"
    return {room.room: room for room in reply.rooms}, None
