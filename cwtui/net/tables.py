"""The server's rooms and the connections at their tables: what every table action
(cwtui.net.finisher, rematcher, stand_ins, sweeper, arrivals) reads and changes, and the
one place that writes to a connection.

Each room has a lock (its moves are taken one at a time), a waker (set when its game
changes, for its bots' task: cwtui.net.stand_ins) and at most one bots' task.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, broadcast

from cwtui.net import shown
from cwtui.net.limits import Limits
from cwtui.net.protocol import ServerMessage, encode
from cwtui.net.room import Room


@dataclass(eq=False)
class Client:
    """One connection: its address (the proxy's report behind a trusted proxy), the room
    it joined (None until its Hello), its seat (None: watching) and how many plies it
    has been sent."""

    connection: ServerConnection
    address: str = "?"
    room: Room | None = None
    seat: int | None = None
    known: int = 0
    on_address: bool = False  # counted against its address (not yet at a seat)
    challenge: str = field(default_factory=lambda: secrets.token_urlsafe(16))  # what its Identify signs


class Tables:
    """The rooms served, by code, and who is at each."""

    def __init__(self, limits: Limits, on_send: Callable[[Client, str], None] | None = None) -> None:
        """`on_send`: called with every message sent, and to whom (tests record the wire)."""
        self.limits = limits
        self.on_send = on_send
        self.rooms: dict[str, Room] = {}
        self.clients: dict[str, set[Client]] = {}  # room code → its connections
        self.locks: dict[str, asyncio.Lock] = {}
        self.wakers: dict[str, asyncio.Event] = {}
        self.bots: dict[str, asyncio.Task[None]] = {}
        self.addresses: Counter[str] = Counter()  # connections not at a seat, by address
        self.spectators: Counter[str] = Counter()  # spectators' connections, by address

    def count(self, client: Client) -> None:
        """`client` counts against its address's connections."""
        self.addresses[client.address] += 1
        client.on_address = True

    def uncount(self, client: Client) -> None:
        """`client` no longer counts against its address (it sat at a seat, or left)."""
        if client.on_address:
            client.on_address = False
            self.addresses[client.address] -= 1
            if not self.addresses[client.address]:
                del self.addresses[client.address]

    def add(self, room: Room) -> None:
        self.rooms[room.code] = room
        self.clients[room.code] = set()
        self.locks[room.code] = asyncio.Lock()
        self.wakers[room.code] = asyncio.Event()

    def remove(self, room: Room) -> set[Client]:
        """`room` is served no more (call it holding its lock): its connections, now in
        no room."""
        del self.rooms[room.code]
        clients = self.clients.pop(room.code)
        for client in clients:
            self.out_of_room(client)  # its leaving is not a departure from a room that is gone
        return clients

    def forget(self, room: Room) -> None:
        """The last of a removed room: its lock and waker (once its lock is let go)."""
        del self.locks[room.code]
        del self.wakers[room.code]

    def empty(self, room: Room) -> set[Client]:
        """Every connection leaves `room`, which goes on (a rematch): they are in no room now."""
        clients = self.clients.get(room.code, set())
        self.clients[room.code] = set()
        for client in clients:
            self.out_of_room(client)  # its leaving is not a departure from the new game
        room.everyone_left()
        return clients

    def out_of_room(self, client: Client) -> None:
        """`client` is in no room now (it left, or its room's game or the room ended): a
        spectator no longer counts against its address."""
        if client.room is not None and client.seat is None:
            self.spectators[client.address] -= 1
            if not self.spectators[client.address]:
                del self.spectators[client.address]
        client.room = None

    def send(self, client: Client, message: ServerMessage) -> None:
        self.write([client], encode(message))

    def write(self, clients: Iterable[Client], text: str) -> None:
        """An encoded message to each of `clients`, written at once: nothing waits for a
        client to take it in, so a slow one holds up no one, and each gets its messages
        in the order they were written. A client with more than `limits.behind` bytes
        still unsent (it does not read what it is sent) is cut off instead: its memory
        and its place go with it."""
        ready = []
        for client in clients:
            if self.on_send:
                self.on_send(client, text)
            transport = client.connection.transport
            if transport.get_write_buffer_size() > self.limits.behind:
                transport.abort()
            else:
                ready.append(client.connection)
        broadcast(ready, text)  # the websocket library's: frames written now, no waiting

    async def close(self, clients: Iterable[Client], why: str) -> None:
        """Close every one of `clients`' connections, at once: a table that does not
        answer its close holds up no other's."""
        await asyncio.gather(*(client.connection.close(1000, why) for client in clients))

    def broadcast(self, room: Room) -> None:
        """Each connection in the room gets its own seat's table, with the plies it has
        not been sent (or, after an undo, from the first one taken back). Connections
        that would get the same table (a room's spectators, mostly) share one made and
        encoded once, and every message is on its way before any is waited for: a
        hundred spectators cost a player's move little, and a slow one delays no one."""
        clients = sorted(self.clients.get(room.code, ()), key=lambda c: c.seat is None)  # the seats first
        seen = shown.seat_views(room, (client.seat for client in clients))
        alike: dict[tuple[int | None, int], list[Client]] = {}
        for client in clients:
            alike.setdefault((client.seat, client.known), []).append(client)
        for (seat, known), group in alike.items():
            table = shown.table(room, seat, known, seen[seat])
            for client in group:
                client.known = table.ply
            self.write(group, encode(table))
