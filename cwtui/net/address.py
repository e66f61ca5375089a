"""Addresses as an invite says them: `HOST:PORT` for a server, `HOST:PORT/ROOM` to watch
a room, `HOST:PORT/ROOM#TOKEN` to sit at a seat (a `ws://` or `wss://` in front is
allowed; without it, `ws://`). Free of websockets, so that reading a list of them (the
home screen's count of my games) does not load the client."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Address:
    uri: str  # ws://host:port
    room: str | None = None
    token: str | None = None

    def __str__(self) -> str:
        text = self.uri.removeprefix("ws://")
        if self.room:
            text += f"/{self.room}"
        if self.token:
            text += f"#{self.token}"
        return text


def parse_address(text: str) -> Address:
    """ValueError (one line) for anything that is not HOST:PORT[/ROOM[#TOKEN]]."""
    scheme = "ws://"
    for prefix in ("ws://", "wss://"):
        if text.startswith(prefix):
            scheme, text = prefix, text[len(prefix) :]
    rest, _, token = text.partition("#")
    server, _, room = rest.partition("/")
    host, colon, port = server.rpartition(":")
    if not colon or not host or not port.isdecimal() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT[/ROOM[#TOKEN]], such as 127.0.0.1:8765/K7QM2P, not {text!r}")
    if room and not room.isalnum():
        raise ValueError(f"a room code is letters and digits, not {room!r}")
    return Address(f"{scheme}{host}:{port}", room.upper() or None, token or None)
