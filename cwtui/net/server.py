"""`cwtui serve`: the game server. Rooms play on it; clients send moves and get views.

One asyncio process, websockets for the wire (cwtui.net.protocol). Every room's game
is a GameSession logging to the server's replays folder, so replay, verify and the
history read its games like any other; a room's moves are taken one at a time (a lock
per room), and its bot seats think in a thread so the other rooms go on meanwhile.

This module listens, keeps count of connections and routes each message to the table
action that answers it, each a small unit of its own (as lila's round module has them):
`arrivals` (a room made, a table sat down at), `talk`, `finisher` (resign, abort, a game's end
and its rating, a room closed), `rematcher`, `stand_ins` (bots and clocks), `sweeper`;
`tables` holds the rooms and their connections, and is the one place that writes to one.

A connection's bad message gets an Error reply and changes nothing; the connection
stays. Limits: MAX_MESSAGE bytes a message (beyond MAX_FRAME the websocket library
closes the connection), connections per address (behind a trusted proxy, the address
the proxy reports), rooms per server; only a holder of the server's host key
(cwtui.net.host_key) creates rooms, and a connection that is in no room is closed once
it has said nothing for IDLE_OUTSIDE seconds (sockets that never say hello would
otherwise hold an address's connections forever).
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Final, assert_never

from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cwtui.game.logfile import NotSaved
from cwtui.lang import N_
from cwtui.net import host_key, player_key, shown
from cwtui.net.arrivals import Arrivals
from cwtui.net.finisher import Finisher
from cwtui.net.gate import FILES_A_ROOM, Gate, backlog, descriptors, gated, in_flight, refusal
from cwtui.net.limits import Limits
from cwtui.net.protocol import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MAX_FRAME,
    Abort,
    AskReplay,
    ClientMessage,
    CloseRoom,
    CreateRoom,
    Error,
    Hello,
    Identify,
    ListRatings,
    ListRooms,
    Play,
    ProtocolError,
    Ratings,
    Rematch,
    Resign,
    RoomClosed,
    RoomMade,
    Rooms,
    Say,
    Undo,
    Watching,
    decode_client,
)
from cwtui.net.ratings import RatingStore
from cwtui.net.rematcher import Rematcher
from cwtui.net.room import Room
from cwtui.net.room_store import RoomStore
from cwtui.net.stand_ins import StandIns
from cwtui.net.sweeper import Sweeper
from cwtui.net.tables import Client, Tables
from cwtui.net.talk import Talk
from cwtui.outside import plain
from cwtui.shell.crash import crash_line, write_report
from engine.cards import Cards

# Errors that say a resource ran out (descriptors, buffers, memory), not a fault
_EXHAUSTED: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


@dataclass
class GameServer:
    folder: Path
    cards: Cards | None = None
    limits: Limits = field(default_factory=Limits)
    # Called with every message sent, and to whom (tests record the wire with it).
    on_send: Callable[[Client, str], None] | None = None
    codes: Callable[[], str] | None = None  # new rooms' codes (tests fix them; default: drawn)
    # The proxy whose X-Forwarded-For names the client (`serve --trusted-proxy`): its
    # connections count against the address it reports, not its own.
    trusted_proxy: str | None = None
    public_url: str | None = None  # where players reach this server (ws[s]://HOST:PORT), for invites
    web_url: str | None = None  # where browsers open the app (`serve --web`), for invites as links

    def __post_init__(self) -> None:
        self.sweeping: asyncio.Task[None] | None = None
        self.opened = asyncio.Event()  # the earlier run's rooms are open (start, open_rooms)
        self.store = RoomStore(self.folder, self.cards, self.codes)
        self.ratings = RatingStore(self.folder)
        self.tables = Tables(self.limits, self.on_send)
        # The table actions, each a unit of its own given what it works on
        self.finisher = Finisher(self.tables, self.store, self.ratings, self.report_line)
        self.arrivals = Arrivals(self.tables, self.store, self.finisher)
        self.rematcher = Rematcher(self.tables, self.store)
        self.stand_ins = StandIns(self.tables, self.finisher, self.report, self.report_line)
        self.sweeper = Sweeper(self.tables, self.finisher, self.report)
        self.talk = Talk(self.tables)
        self.problems: list[str] = []
        self.gate: Gate | None = None  # made by start: every socket, counted from its accept
        self.loop_faults: Any = None  # the loop's exception handler before start's
        self.exhausted_said = -60.0  # when a resource run out was last said (time.monotonic)

    @property
    def rooms(self) -> dict[str, Room]:
        return self.tables.rooms

    @property
    def clients(self) -> dict[str, set[Client]]:
        return self.tables.clients

    async def start(
        self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, opened: bool = True
    ) -> WebsocketServer:
        """Listen (OSError if the address cannot be had) and serve the folder (GameInUse
        if another server does, NotSaved if it cannot: cwtui.net.room_store.RoomStore.hold;
        nothing listens then). Not `opened`: questions wait until `open_rooms` has found the
        earlier run's rooms (a table reconnecting to a restarted server must find its
        room, not be told there is none)."""
        if opened:
            self.opened.set()
        limits = self.limits
        available = descriptors()
        self.gate = Gate(
            limits.handshakes_per_address,
            lambda: available - limits.descriptors_reserved - in_flight(available) - FILES_A_ROOM * len(self.rooms),
            limits.descriptors_reserved,
            self.trusted_proxy,
        )
        loop = asyncio.get_running_loop()
        self.loop_faults = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_fault)
        # No per-message deflate: a table is a few KiB of JSON, and compressing each one
        # took a third of the server's time (scripts/bench_server.py: 0.88 ms of CPU a
        # move without, 1.37 with; 100 busy rooms send about 1 MB/s uncompressed).
        # close_timeout: a peer that does not answer our close (a silent socket) is dropped
        # after 2 s, not the library's 10, so it does not hold its address's place meanwhile.
        listening = await serve(
            self.handle, host, port, max_size=MAX_FRAME, compression=None, close_timeout=2,
            open_timeout=limits.handshake_timeout, create_connection=gated(self.gate), process_request=refusal,
            backlog=backlog(available),
        )  # fmt: skip
        try:  # once the address is had: a bad one leaves nothing behind
            self.store.hold()
        except BaseException:
            listening.close()
            await listening.wait_closed()
            raise
        self.sweeping = asyncio.create_task(self.sweeper.forever())
        return listening

    def _loop_fault(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """What the event loop could not hand to anyone: a resource run out (no
        descriptor left to accept with, no memory for a buffer) is one line for the
        operator, at most once a minute (the loop says it at every try, thousands of
        times); anything else is a fault of the server's own, reported."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _EXHAUSTED:
            now = time.monotonic()
            if now - self.exhausted_said >= 60:
                self.exhausted_said = now
                self.report_line(
                    f"{context.get('message', 'out of a resource')}: {exc.strerror} (new connections wait; "
                    "with too few file descriptors, raise the limit: ulimit -n, systemd's LimitNOFILE)"
                )
        elif isinstance(exc, Exception):
            self.report(exc)
        else:
            self.report_line(str(context.get("message", "the event loop reported a fault")))

    def open_rooms(self) -> None:
        """The rooms of an earlier run, resumed from their logs, their bots playing on
        (a room that cannot be opened is left out, with a line in `problems`). Called
        in the running loop."""
        rooms, self.problems = self.store.load()
        self.problems += self.ratings.problems
        for room in rooms:
            self.tables.add(room)
            self.stand_ins.drive(room)
        self.opened.set()

    def close(self) -> None:
        """Stop the bots and save every room's moves held back for undo."""
        if self.sweeping is not None:
            self.sweeping.cancel()
            asyncio.get_running_loop().set_exception_handler(self.loop_faults)
        for task in self.tables.bots.values():
            task.cancel()
        for room in self.rooms.values():
            room.close()
        self.store.let_go()

    def report_line(self, line: str) -> None:
        """A fault outside the server (a full disk): one line for the operator, no report."""
        line = plain(line)  # a file's name, a client's words, may be in it
        self.problems.append(line)
        print(f"cwtui serve: {line}", file=sys.stderr)

    def report(self, exc: Exception) -> None:
        """A fault of the server's own: a crash report, and one line for the operator."""
        line = crash_line(exc, write_report(exc))
        self.problems.append(line)
        print(f"cwtui serve: {line}", file=sys.stderr)

    @cached_property
    def host_key(self) -> str:
        """The key that creating a room takes (made in the folder at first need;
        host_key.HostKeyError if it cannot be)."""
        return host_key.of_server(self.folder)

    # ---- a connection --------------------------------------------------------------

    async def handle(self, connection: ServerConnection) -> None:
        handshake_done = getattr(connection, "handshake_done", None)  # cwtui.net.gate's connection
        if handshake_done is not None:
            handshake_done()
        address = self.address_of(connection)
        if self.tables.addresses[address] >= self.limits.connections_per_address:
            await connection.close(1008, f"at most {self.limits.connections_per_address} connections an address")
            return
        client = Client(connection, address)
        self.tables.count(client)
        try:
            while True:
                silence = self.silence(client)
                try:
                    async with asyncio.timeout(silence):
                        data = await connection.recv()
                except TimeoutError:
                    where = "outside a room" if client.room is None else "watching"
                    await connection.close(1008, f"nothing said in {silence:g} s {where}")
                    break
                try:
                    await self.dispatch(client, decode_client(data))
                except ProtocolError as exc:
                    self.tables.send(client, exc.reply())
                except Exception as exc:  # a fault of the server's own: reported, the connection kept
                    self.report(exc)
                    self.tables.send(client, Error("the server failed on that message; its operator has a report"))
        except ConnectionClosed:
            pass
        finally:
            self.tables.uncount(client)
            await self.leave(client)

    def silence(self, client: Client) -> float | None:
        """Seconds `client` may say nothing before it is closed: outside a room, a few
        (a question comes at once); watching, a few minutes (its table says `Watching`);
        at a seat, for ever (a game over days)."""
        if client.room is None:
            return self.limits.idle_outside
        return self.limits.idle_spectator if client.seat is None else None

    def address_of(self, connection: ServerConnection) -> str:
        """The client's address: the connection's own, or for the trusted proxy the
        last address its X-Forwarded-For names (the one the proxy itself added)."""
        own = str(connection.remote_address[0]) if connection.remote_address else "?"
        if self.trusted_proxy is None or own != self.trusted_proxy or connection.request is None:
            return own
        forwarded = connection.request.headers.get_all("X-Forwarded-For")
        named = [part.strip() for line in forwarded for part in line.split(",") if part.strip()]
        return named[-1] if named else own

    async def dispatch(self, client: Client, message: ClientMessage) -> None:
        """Answer `message` by the table action it asks for; after one that changes a
        room's game, the room's bots are driven (they may be to play now)."""
        await self.opened.wait()  # a restart: no question is answered before the rooms are back
        send = self.tables.send
        changed: Room | None = None
        if isinstance(message, ListRooms):
            send(client, Rooms(tuple(room.info(self.ratings_of(room)) for room in self.listed())))
        elif isinstance(message, ListRatings):
            send(client, Ratings(self.ratings.standings()))
        elif isinstance(message, Identify):
            await self.identify(client, message)
        elif isinstance(message, CreateRoom):
            self.check_key(message.key)
            changed, invites = await self.arrivals.create(client, message)
            send(client, RoomMade(changed.code, invites, self.public_url, self.web_url))
        elif isinstance(message, Hello):
            await self.arrivals.join(client, message)
        elif isinstance(message, AskReplay):
            await self.replay(client)
        elif isinstance(message, Say):
            self.talk.say(client, message.text)
        elif isinstance(message, Watching):
            if client.room is None:
                raise ProtocolError("join a room first (hello)")
        elif isinstance(message, CloseRoom):
            await self.close_room(client, message)
        elif isinstance(message, Play | Undo):
            changed = await self.move(client, message)
        elif isinstance(message, Resign):
            changed = await self.finisher.resign(client)
        elif isinstance(message, Abort):
            await self.finisher.abort(client)
        elif isinstance(message, Rematch):
            changed = await self.rematcher.rematch(client, message.after)
        else:
            assert_never(message)
        if changed is not None:
            self.stand_ins.drive(changed)

    def listed(self) -> list[Room]:
        """The lobby: rooms under way, and those finished within `finished_kept`."""
        now = time.time()
        kept = self.limits.finished_kept
        return [room for room in self.rooms.values() if not room.over or now - room.finished_at() < kept]

    def ratings_of(self, room: Room) -> tuple[float | None, ...]:
        """Each seat's player's rating on this server (None: unrated)."""
        return tuple(self.ratings.rating(room.player(seat)) for seat in range(len(room.names)))

    def check_key(self, key: str | None) -> None:
        """Refused unless `key` is the server's host key (compared in constant time)."""
        if key is None or not hmac.compare_digest(key.encode(), self.host_key.encode()):
            if key:
                raise ProtocolError(
                    "this server makes and closes rooms only for holders of its host key: HOST:PORT#KEY "
                    "(that key is not it; its operator has it)"
                )
            raise ProtocolError(
                "this server makes and closes rooms only for holders of its host key: HOST:PORT#KEY "
                "(none was given; its operator has it)"
            )

    async def close_room(self, client: Client, message: CloseRoom) -> None:
        """The host closes a room (the host's own connection is told too, from outside it)."""
        self.check_key(message.key)
        room = self.rooms.get(message.room.upper())
        if room is None:
            raise ProtocolError("there is no room {room} on this server", room=repr(message.room))
        closed = N_("closed by its host")
        if client.room is not room:
            self.tables.send(client, RoomClosed(room.code, closed, closed))
        await self.finisher.end_room(room, closed)

    async def identify(self, client: Client, message: Identify) -> None:
        """The seat's player proves their key: the seat is rated for the first player who
        does (a later proof of another key changes nothing)."""
        room, seat = client.room, client.seat
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if seat is None:
            raise ProtocolError("spectators are not rated: only a seat's player proves a key")
        if not player_key.proves(message.player, message.proof, client.challenge, room.code):
            raise ProtocolError("that proof is not that key's signature of this connection's challenge")
        if seat in room.players:
            return
        if message.player in room.players.values():  # one player, two seats: one rating cannot rank twice
            raise ProtocolError("that key is rated at another seat of this room: this seat plays unrated")
        async with self.tables.locks[room.code]:
            room.players[seat] = message.player
            try:
                self.store.save(room)
            except NotSaved as exc:
                del room.players[seat]
                raise ProtocolError("{why}; this seat is not rated for you yet, join again", why=exc) from None

    async def move(self, client: Client, message: Play | Undo) -> Room:
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        lock = self.tables.locks.get(room.code)
        if lock is None:
            raise ProtocolError("room {room} is closed", room=room.code)
        async with lock:
            if self.rooms.get(room.code) is not room:  # closed while the move waited
                raise ProtocolError("room {room} is closed", room=room.code)
            if isinstance(message, Play):
                room.play(client.seat, message.ply, message.move)
            else:
                room.undo(client.seat, message.ply)
            if room.over:
                await self.finisher.rate(room)
        self.tables.broadcast(room)
        return room

    async def replay(self, client: Client) -> None:
        """The finished game as the client's seat saw it (made in a thread the first time)."""
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        self.tables.send(client, await asyncio.to_thread(shown.seen_game, room, client.seat))

    async def leave(self, client: Client) -> None:
        room = client.room
        if room is None:
            return
        self.clients[room.code].discard(client)
        self.tables.out_of_room(client)
        if client.seat is not None:
            room.depart(client.seat)
            if not room.present[client.seat]:
                self.tables.broadcast(room)  # "waiting for …" on the others' tables
                self.stand_ins.drive(room)  # a bot may play for them after the room's takeover time
