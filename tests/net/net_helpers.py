"""What the server's table actions' tests share: rooms in a folder, and a `Tables` that
records what it would write and close instead of touching a socket (the one place the
server writes to a connection), so each unit is tested alone."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import cast

from websockets.asyncio.server import ServerConnection

from cwtui.net.limits import Limits
from cwtui.net.protocol import ServerMessage, decode_server
from cwtui.net.ratings import RatingStore
from cwtui.net.room import Room
from cwtui.net.room_store import RoomStore
from cwtui.net.tables import Client, Tables
from engine.config import GameConfig, SeatConfig
from engine.rng import Rng


class Recorded(Tables):
    """Tables whose connections are written to and closed on paper."""

    def __init__(self, limits: Limits | None = None) -> None:
        super().__init__(limits or Limits())
        self.writes: list[tuple[tuple[Client, ...], ServerMessage]] = []  # each message, and to whom
        self.closed: list[tuple[Client, str]] = []

    def write(self, clients: Iterable[Client], text: str) -> None:
        self.writes.append((tuple(clients), decode_server(text)))

    @property
    def sent(self) -> list[tuple[Client, ServerMessage]]:
        return [(client, message) for clients, message in self.writes for client in clients]

    async def close(self, clients: Iterable[Client], why: str) -> None:
        self.closed += [(client, why) for client in clients]

    def to(self, client: Client) -> list[ServerMessage]:
        return [message for to, message in self.sent if to is client]


class Place:
    """A test's server without sockets: its folder's rooms and ratings, its Tables, and
    the operator's lines."""

    def __init__(self, folder: Path) -> None:
        self.store = RoomStore(folder)
        self.ratings = RatingStore(folder)
        self.tables = Recorded()
        self.lines: list[str] = []
        self.faults: list[Exception] = []

    def room(self, *seats: SeatConfig, seed: int = 7, **options: object) -> Room:
        config = GameConfig(seats or (SeatConfig("Ana"), SeatConfig("Bo")), seed)
        room, _invites = self.store.create(config, set(self.tables.rooms), **options)  # type: ignore[arg-type]
        self.tables.add(room)
        return room

    def sit(self, room: Room, seat: int | None, address: str = "192.0.2.1") -> Client:
        """A connection at `seat` of `room` (None: watching), as a hello leaves it."""
        client = Client(cast(ServerConnection, None), address, room, seat)
        if seat is not None:
            room.arrive(seat)
        else:
            self.tables.spectators[address] += 1
        self.tables.clients[room.code].add(client)
        return client


def finish(room: Room, seed: int = 3) -> None:
    """Play `room`'s game to its end: seeded random moves for its humans (always the
    first option can go on for ever), its bots their own."""
    rng = Rng(seed)
    session = room.session
    while not session.state.over:
        if session.is_human(session.state.to_act):
            legal = session.legal()
            room.play(session.state.to_act, room.ply, legal[rng.below(len(legal))])
        else:
            decision = session.bot_move()
            room.play_for(decision.move, decision.searched, None)
