"""A connection to a game server, as `cwtui host`, `cwtui rooms` and the table use it,
at an address as an invite says it (cwtui.net.address).
"""

from __future__ import annotations

import asyncio
import ssl
from types import TracebackType
from typing import Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidStatus, InvalidURI

from cwtui.lang import _
from cwtui.net.address import Address as Address  # re-exported: the client's callers name it here
from cwtui.net.address import parse_address as parse_address
from cwtui.net.chat import clean
from cwtui.net.protocol import (
    MAX_FRAME,
    REFUSED,
    ClientMessage,
    CloseRoom,
    CreateRoom,
    Error,
    Hello,
    ListRatings,
    ListRooms,
    ProtocolError,
    ServerMessage,
    Table,
    Watching,
    Welcome,
    decode_server,
    encode,
    in_language,
)
from cwtui.outside import plain


def why_unreachable(address: Address, exc: Exception) -> str:
    """Why a connection could not be opened, in words that say what to do: a TLS
    mismatch between the address and the server says itself only as a reset or as
    no HTTP answer."""
    tls = address.uri.startswith("wss://")
    said = str(exc) or type(exc).__name__
    if tls and isinstance(exc, ConnectionResetError | ssl.SSLError) and "CERTIFICATE" not in said:
        return (f"no TLS there ({said}); a server reached without a TLS proxy is "
                f"{address.uri.removeprefix('wss://')} (ws://), not wss://")  # fmt: skip
    if tls and "CERTIFICATE_VERIFY_FAILED" in said:
        return f"this machine does not trust the server's TLS certificate ({said})"
    if isinstance(exc, InvalidStatus) and exc.response.body.startswith(REFUSED.encode()):
        return "it refused: " + clean(exc.response.body.decode(errors="replace").removeprefix(REFUSED))
    if isinstance(exc, InvalidStatus) and exc.response.status_code in (502, 503, 504):
        return (f"a proxy there answered HTTP {exc.response.status_code}: the cwtui server behind it is not "
                "running now (its players' tables reconnect by themselves once it is back)")  # fmt: skip
    if not tls and isinstance(exc, InvalidMessage):
        return (f"it did not answer as a websocket server ({said}); behind a TLS proxy it is "
                f"wss://{address.uri.removeprefix('ws://')}")  # fmt: skip
    return said


TABLE_WAIT: Final = 30.0  # seconds a server may take to send a seat's table after its welcome


class ServerGone(Exception):
    """The server cannot be reached, or closed the connection: the message says which,
    as it may be shown (a close's reason, a header's value, are the server's words)."""

    def __init__(self, message: str) -> None:
        super().__init__(plain(message))


class Refused(Exception):
    """No seat at that table: the server said no (a wrong token, no such room), or the
    client cannot sit there (other card data). The line to show."""


class Connection:
    """One websocket to the server: send client messages, receive server messages."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket

    @classmethod
    async def open(cls, address: Address, timeout: float = 10) -> Connection:
        """A connection to the server; to a room's address, at the path /room/CODE, which
        the server itself ignores and a proxy in front of many servers routes by
        (docs/scaling.md)."""
        uri = f"{address.uri}/room/{address.room}" if address.room else address.uri
        try:
            socket = await connect(uri, max_size=MAX_FRAME, open_timeout=timeout, compression=None)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            raise ServerGone(f"cannot reach a cwtui server at {address.uri}: {why_unreachable(address, exc)}") from None
        return cls(socket)

    async def send(self, message: ClientMessage) -> None:
        try:
            await self.socket.send(encode(message))
        except ConnectionClosed as exc:
            raise ServerGone(f"the server closed the connection ({exc})") from None

    async def receive(self) -> ServerMessage:
        try:
            data = await self.socket.recv()
        except ConnectionClosed as exc:
            raise ServerGone(f"the server closed the connection ({exc})") from None
        try:
            return decode_server(data)
        except ProtocolError as exc:
            raise ServerGone(str(exc)) from None

    async def receive_watching(self, idle: float) -> ServerMessage:
        """The next message, at a table the server closes after `idle` seconds of
        silence (a spectator's, Welcome.idle; 0: none): `Watching` said meanwhile, well
        within it. (recv is cancelled safely: nothing it was reading is lost.)"""
        if idle <= 0:
            return await self.receive()
        while True:
            try:
                return await asyncio.wait_for(self.receive(), idle / 3)
            except TimeoutError:
                await self.send(Watching())

    async def close(self) -> None:
        await self.socket.close()

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()


async def ask(address: Address, message: CreateRoom | ListRooms | ListRatings | CloseRoom) -> ServerMessage:
    """One question to the server outside any room (create, list or close rooms, its
    ratings) and its answer, on a connection of its own. ServerGone when there is no
    server to answer."""
    async with await Connection.open(address) as connection:
        await connection.send(message)
        return await connection.receive()


async def meet(address: Address) -> tuple[Welcome, Table]:
    """Join the room at `address` once, to see that the seat is there: its Welcome and
    the first Table (then the connection closes; the table opens its own). ServerGone
    or Refused, each with its one line."""
    if address.room is None:
        raise Refused(_("give the room too: HOST:PORT/ROOM#TOKEN"))
    async with await Connection.open(address) as connection:
        await connection.send(Hello(address.room, address.token))
        welcome = await connection.receive()
        if isinstance(welcome, Error):
            said = in_language(welcome.message, welcome.template, welcome.said)
            raise Refused(_("the server refused: {reason}").format(reason=said))
        if not isinstance(welcome, Welcome):  # then no table is coming either
            raise ServerGone(f"the server answered something else ({type(welcome).__name__})")
        try:  # a server sends the table with its welcome: one that never does is not waited for
            table = await asyncio.wait_for(connection.receive(), TABLE_WAIT)
        except TimeoutError:
            raise ServerGone(f"the server sent no table in {TABLE_WAIT:g} s") from None
    if not isinstance(table, Table):
        raise ServerGone(f"the server answered something else ({type(table).__name__})")
    return welcome, table
