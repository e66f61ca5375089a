"""`cwtui serve`: the game server. Rooms play on it; clients send moves and get views.

One asyncio process, websockets for the wire (cwtui.net.protocol). Every room's game
is a GameSession logging to the server's replays folder, so replay, verify and the
history read its games like any other; a room's moves are taken one at a time (a lock
per room), and its bot seats think in a thread so the other rooms go on meanwhile.

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
import contextlib
import errno
import hmac
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Final, assert_never

from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from cwtui.game.logfile import NotSaved
from cwtui.net import chat, host_key, player_key
from cwtui.net.chat import RateLimit
from cwtui.net.gate import FILES_A_ROOM, Gate, backlog, descriptors, gated, in_flight, refusal
from cwtui.net.protocol import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MAX_FRAME,
    MAX_TAKEOVER,
    PROTOCOL,
    Abort,
    AskReplay,
    Chat,
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
    RatingChange,
    Ratings,
    Rematch,
    Rematched,
    Resign,
    RoomClosed,
    RoomMade,
    Rooms,
    Say,
    ServerMessage,
    Undo,
    Welcome,
    decode_client,
    encode,
)
from cwtui.net.ratings import Entrant, RatingStore, ranks_of
from cwtui.net.room import Room, RoomStore
from cwtui.shell.crash import crash_line, write_report
from engine.bots import decide
from engine.cards import Cards
from engine.config import SEEDS, GameConfig
from engine.errors import ConfigError
from engine.log import StandIn

SAVE_RETRY = 5.0  # seconds a room's bots wait before trying again a move its log could not take
# Errors that say a resource ran out (descriptors, buffers, memory), not a fault
_EXHAUSTED: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
DAY = 24 * 3600.0


@dataclass(frozen=True)
class Limits:
    """What one client, address, seat or room may take of the server (issue 51.6: each
    counted where a stranger could otherwise take everyone's share)."""

    # Connections from an address not at a seat: the lobby, hosts, spectators, a table
    # before its hello. A connection that sits at a seat counts against its seat instead,
    # so spectators from an address never keep its players out.
    connections_per_address: int = 32
    connections_per_seat: int = 4  # a player's tables at once (a terminal, a browser…)
    spectators_per_address: int = 8  # spectators' tables from one address, in every room
    spectators_per_room: int = 100
    # Sockets from an address still opening (from their accept to their handshake's
    # end), and how long a handshake may take (cwtui.net.gate).
    handshakes_per_address: int = 8
    handshake_timeout: float = 5.0
    # Descriptors kept from sockets for the server's files (logs, rooms, ratings, and
    # with --web each browser's guest): the server can always save and answer.
    descriptors_reserved: int = 64
    # Bytes a connection may have waiting to be sent (about 80 tables); past it, it is
    # cut off: it does not read what it is sent (cwtui.net.server.GameServer.write).
    behind: int = 256 * 1024
    # Rooms held at once, finished ones still listed included (when full, the finished
    # ones nobody watches are retired first), and held by rooms one address made.
    rooms: int = 200
    rooms_per_address: int = 10
    rooms_an_hour: int = 30  # rooms an address may make in an hour
    # Seconds a connection in no room may stay silent: a lobby's or a host's question
    # comes at once, and a table says hello at once.
    idle_outside: float = 5.0
    # Seconds a room under way may go without a move, and with nobody at it, before it
    # is closed (`serve --room-ttl`): long enough for a game played over days.
    room_ttl: float = 30 * DAY
    finished_kept: float = 3600.0  # seconds a finished room is served (the lobby, its replay) after its end
    sweep_every: float = 60.0  # seconds between looks for rooms to close or retire


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
        self.sweeper: asyncio.Task[None] | None = None
        self.opened = asyncio.Event()  # the earlier run's rooms are open (start, open_rooms)
        self.store = RoomStore(self.folder, self.cards, self.codes)
        self.ratings = RatingStore(self.folder)
        self.rooms: dict[str, Room] = {}
        self.clients: dict[str, set[Client]] = {}  # room code → its connections
        self.locks: dict[str, asyncio.Lock] = {}
        self.bots: dict[str, asyncio.Task[None]] = {}
        # Set when a room's game changes, to wake its bot task where it waits for a seat
        # to time out (the seat to act, and its time, may have changed).
        self.wakers: dict[str, asyncio.Event] = {}
        self.addresses: Counter[str] = Counter()  # connections not at a seat, by address
        self.spectators: Counter[str] = Counter()  # spectators' connections, by address
        self.room_paces: dict[str, RateLimit] = {}  # rooms made, by address
        self.problems: list[str] = []
        self.gate: Gate | None = None  # made by start: every socket, counted from its accept
        self.loop_faults: Any = None  # the loop's exception handler before start's
        self.exhausted_said = -60.0  # when a resource run out was last said (time.monotonic)

    async def start(
        self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, opened: bool = True
    ) -> WebsocketServer:
        """Listen (OSError if the address cannot be had) and serve the folder (GameInUse
        if another server does, NotSaved if it cannot: cwtui.net.room.RoomStore.hold;
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
        self.sweeper = asyncio.create_task(self._sweep_forever())
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
            self._add(room)
            self._drive_bots(room)
        self.opened.set()

    def close(self) -> None:
        """Stop the bots and save every room's moves held back for undo."""
        if self.sweeper is not None:
            self.sweeper.cancel()
            asyncio.get_running_loop().set_exception_handler(self.loop_faults)
        for task in self.bots.values():
            task.cancel()
        for room in self.rooms.values():
            room.close()
        self.store.let_go()

    def report_line(self, line: str) -> None:
        """A fault outside the server (a full disk): one line for the operator, no report."""
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

    def _add(self, room: Room) -> None:
        self.rooms[room.code] = room
        self.clients[room.code] = set()
        self.locks[room.code] = asyncio.Lock()
        self.wakers[room.code] = asyncio.Event()

    # ---- a connection --------------------------------------------------------------

    async def handle(self, connection: ServerConnection) -> None:
        handshake_done = getattr(connection, "handshake_done", None)  # cwtui.net.gate's connection
        if handshake_done is not None:
            handshake_done()
        address = self.address_of(connection)
        if self.addresses[address] >= self.limits.connections_per_address:
            await connection.close(1008, f"at most {self.limits.connections_per_address} connections an address")
            return
        client = Client(connection, address)
        self._count(client)
        try:
            while True:
                try:
                    async with asyncio.timeout(self.limits.idle_outside if client.room is None else None):
                        data = await connection.recv()
                except TimeoutError:
                    await connection.close(1008, f"nothing said in {self.limits.idle_outside:g} s outside a room")
                    break
                try:
                    await self.dispatch(client, decode_client(data))
                except ProtocolError as exc:
                    await self.send(client, exc.reply())
                except Exception as exc:  # a fault of the server's own: reported, the connection kept
                    self.report(exc)
                    await self.send(client, Error("the server failed on that message; its operator has a report"))
        except ConnectionClosed:
            pass
        finally:
            self._uncount(client)
            await self.leave(client)

    def _count(self, client: Client) -> None:
        """`client` counts against its address's connections."""
        self.addresses[client.address] += 1
        client.on_address = True

    def _uncount(self, client: Client) -> None:
        """`client` no longer counts against its address (it sat at a seat, or left)."""
        if client.on_address:
            client.on_address = False
            self.addresses[client.address] -= 1
            if not self.addresses[client.address]:
                del self.addresses[client.address]

    def address_of(self, connection: ServerConnection) -> str:
        """The client's address: the connection's own, or for the trusted proxy the
        last address its X-Forwarded-For names (the one the proxy itself added)."""
        own = str(connection.remote_address[0]) if connection.remote_address else "?"
        if self.trusted_proxy is None or own != self.trusted_proxy or connection.request is None:
            return own
        forwarded = connection.request.headers.get_all("X-Forwarded-For")
        named = [part.strip() for line in forwarded for part in line.split(",") if part.strip()]
        return named[-1] if named else own

    async def send(self, client: Client, message: ServerMessage) -> None:
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

    async def dispatch(self, client: Client, message: ClientMessage) -> None:
        await self.opened.wait()  # a restart: no question is answered before the rooms are back
        if isinstance(message, ListRooms):
            await self.send(client, Rooms(tuple(room.info(self.ratings_of(room)) for room in self.listed())))
        elif isinstance(message, ListRatings):
            await self.send(client, Ratings(self.ratings.standings()))
        elif isinstance(message, Identify):
            await self.identify(client, message)
        elif isinstance(message, CreateRoom):
            await self.create(client, message)
        elif isinstance(message, Hello):
            await self.join(client, message)
        elif isinstance(message, AskReplay):
            await self.replay(client)
        elif isinstance(message, Say):
            await self.say(client, message.text)
        elif isinstance(message, CloseRoom):
            self.check_key(message.key)
            room = self.rooms.get(message.room.upper())
            if room is None:
                raise ProtocolError(f"there is no room {message.room!r} on this server")
            if client.room is not room:
                await self.send(client, RoomClosed(room.code, "closed by its host"))
            await self.end_room(room, "closed by its host")
        elif isinstance(message, Play | Undo):
            await self.move(client, message)
        elif isinstance(message, Resign):
            await self.resign(client)
        elif isinstance(message, Abort):
            await self.abort(client)
        elif isinstance(message, Rematch):
            await self.rematch(client, message.after)
        else:
            assert_never(message)

    def listed(self) -> list[Room]:
        """The lobby: rooms under way, and those finished within `finished_kept`."""
        now = time.time()
        kept = self.limits.finished_kept
        return [room for room in self.rooms.values() if not room.over or now - room.finished_at() < kept]

    def check_key(self, key: str | None) -> None:
        """Refused unless `key` is the server's host key (compared in constant time)."""
        if key is None or not hmac.compare_digest(key.encode(), self.host_key.encode()):
            raise ProtocolError(
                "this server makes and closes rooms only for holders of its host key: HOST:PORT#KEY "
                f"({'that key is not it' if key else 'none was given'}; its operator has it)"
            )

    async def create(self, client: Client, message: CreateRoom) -> None:
        self.check_key(message.key)
        await self.make_way_for_a_room(client.address)
        seed = secrets.randbelow(SEEDS) if message.seed is None else message.seed
        try:
            config = GameConfig(message.seats, seed, message.tag_points)
        except ConfigError as exc:  # its message names the rule where one is broken ("R2: …")
            raise ProtocolError(str(exc), "R2" if str(exc).startswith("R2") else None) from None
        if message.takeover is not None and not 0 <= message.takeover <= MAX_TAKEOVER:
            raise ProtocolError(f"a takeover time is 0 to {MAX_TAKEOVER:,} seconds, not {message.takeover}")
        problem = message.clock.problem() if message.clock is not None else None
        if problem is not None:
            raise ProtocolError(problem)
        try:
            room, invites = self.store.create(
                config, set(self.rooms), message.takeover, message.spectators_talk, message.on_resign, message.clock
            )
        except NotSaved as exc:  # the server's disk is full: the client is told, nothing is left half made
            raise ProtocolError(f"no room was made: {exc}; try again later") from None
        room.made_by = client.address
        self._add(room)
        await self.send(client, RoomMade(room.code, invites, self.public_url, self.web_url))
        self._drive_bots(room)

    async def make_way_for_a_room(self, address: str) -> None:
        """Refused unless `address` may make a room now and the server may hold one
        more. Finished rooms count too (a game of bots ends in seconds, and stays
        listed): where a limit is reached, the finished ones nobody watches are retired
        to make way, those that ended first first."""
        limits = self.limits
        pace = self.room_paces.setdefault(address, RateLimit(limits.rooms_an_hour, 3600.0))
        if not pace.allow():
            raise ProtocolError(f"at most {limits.rooms_an_hour} rooms an hour from an address; try later")
        mine = [room for room in self.rooms.values() if room.made_by == address]
        if len(mine) >= limits.rooms_per_address:
            await self._make_way(
                mine, f"your address holds {len(mine)} rooms, its most: close one or wait for one to end"
            )
        if len(self.rooms) >= limits.rooms:
            await self._make_way(
                list(self.rooms.values()), f"this server holds {len(self.rooms)} rooms, its most; try later"
            )

    async def _make_way(self, rooms: list[Room], refusal: str) -> None:
        """Retire the finished room among `rooms` that ended first and nobody watches,
        or refuse with `refusal` if there is none."""
        finished = [room for room in rooms if room.over and not self.clients[room.code]]
        if not finished:
            raise ProtocolError(refusal)
        await self.end_room(min(finished, key=Room.finished_at), "the game is over")

    async def join(self, client: Client, message: Hello) -> None:
        if client.room is not None:
            raise ProtocolError(f"this connection is already in room {client.room.code}")
        if message.protocol != PROTOCOL:
            raise ProtocolError(f"this server speaks protocol {PROTOCOL}, not {message.protocol}: update cwtui")
        room = self.rooms.get(message.room.upper())
        if room is None:
            raise ProtocolError(f"there is no room {message.room!r} on this server")
        seat = room.seat_for(message.token)
        self.check_room_for(client, room, seat)
        client.room, client.seat, client.known = room, seat, 0
        if seat is not None:
            room.arrive(seat)
            self._uncount(client)  # its seat's now, not its address's
        else:
            self.spectators[client.address] += 1
        self.clients[room.code].add(client)
        config = room.session.config
        await self.send(
            client,
            Welcome(
                room.code,
                seat,
                room.names,
                tuple(s.kind for s in config.seats),
                config.tag_points,
                room.session.state.cards.hash,
                talk=room.talks(seat),
                on_resign=room.on_resign,
                game=room.game,
                challenge=client.challenge if seat is not None else "",
            ),
        )
        await self.broadcast(room)  # the newcomer's table; the others see who is back
        if room.talks(seat) and room.chat is not None:
            recent = await asyncio.to_thread(room.chat.recent)
            if recent:
                await self.send(client, Chat(recent))

    def check_room_for(self, client: Client, room: Room, seat: int | None) -> None:
        """Refused unless the room has a place for `client` at `seat` (None: watching):
        a seat takes a few tables at once; spectators are limited a room and an address."""
        limits = self.limits
        if seat is not None:
            if room.present[seat] >= limits.connections_per_seat:
                raise ProtocolError(
                    f"{room.names[seat]}'s seat is open at {room.present[seat]} tables already, its most: "
                    "close one of them first"
                )
            return
        if self.spectators[client.address] >= limits.spectators_per_address:
            raise ProtocolError(f"at most {limits.spectators_per_address} spectators' tables an address")
        watching = sum(1 for other in self.clients[room.code] if other.seat is None)
        if watching >= limits.spectators_per_room:
            raise ProtocolError(f"room {room.code} has as many spectators as it takes ({watching}); try later")

    async def say(self, client: Client, text: str) -> None:
        """A line of table talk, cleaned, kept beside the room and sent to whoever in
        the room reads it (cwtui.net.chat)."""
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if not room.talks(client.seat):
            raise ProtocolError("spectators do not talk in this room (its host did not allow it)")
        line = chat.clean(text)
        if not line:
            raise ProtocolError("nothing to say: a line of table talk needs printable words")
        if not room.talk_pace(client.seat, client.address).allow():
            raise ProtocolError(f"slow down: at most {chat.RATE_LINES} lines in {chat.RATE_SECONDS:g} s")
        if room.chat is None:
            raise ProtocolError("this room keeps no table talk")
        name = "a spectator" if client.seat is None else room.names[client.seat]
        try:
            said = room.chat.add(client.seat, name, line, room.ply)
        except OSError as exc:
            raise ProtocolError(
                f"the server could not keep that line ({exc.strerror or exc}); it was not said"
            ) from None
        for other in list(self.clients.get(room.code, ())):
            if room.talks(other.seat):
                await self.send(other, Chat((said,)))

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
        async with self.locks[room.code]:
            room.players[seat] = message.player
            try:
                self.store.save(room)
            except NotSaved as exc:
                del room.players[seat]
                raise ProtocolError(f"{exc}; this seat is not rated for you yet, join again") from None

    def ratings_of(self, room: Room) -> tuple[float | None, ...]:
        """Each seat's player's rating on this server (None: unrated)."""
        return tuple(self.ratings.rating(room.player(seat)) for seat in range(len(room.names)))

    async def rate(self, room: Room, how: str = "finished", leaver: int | None = None) -> None:
        """Rate the room's game (cwtui.net.ratings): once it is over, or when `leaver`
        ended it early (ranked last, the others together first). A disk that cannot take
        it leaves the game unrated, said to the operator."""
        if room.rated:
            return
        seats = range(len(room.names))
        if leaver is not None:
            ranks = [2 if seat == leaver else 1 for seat in seats]
        else:
            result = room.session.state.result
            assert result is not None
            finishing = [0] * len(result)
            for line in result:
                finishing[line.seat] = line.rank
            ranks = ranks_of(finishing, sorted(room.resigned))
        entrants = []
        for seat in seats:
            player = room.player(seat)
            if player is not None:
                entrants.append(Entrant(seat, player, room.names[seat], ranks[seat]))
        try:
            rated = self.ratings.rate(room.log_game, room.code, how, entrants)
        except OSError as exc:
            self.report_line(f"room {room.code}: its game could not be rated ({exc.strerror or exc})")
            return
        if rated is None:
            return
        changes: list[RatingChange | None] = [None] * len(room.names)
        for entry in rated.seats:
            changes[entry.seat] = RatingChange(round(entry.before.rating, 1), round(entry.after.rating, 1))
        room.rated = tuple(changes)
        with contextlib.suppress(NotSaved):  # the ratings file has it; the room's file shows it after a restart
            self.store.save(room)

    def seated_in_a_game(self, client: Client) -> tuple[Room, int]:
        """The room and seat of a connection at a seat of a game under way."""
        room, seat = client.room, client.seat
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if seat is None:
            raise ProtocolError("spectators watch; only a seat resigns or aborts")
        if room.over:
            raise ProtocolError("the game is over", "R9")
        return room, seat

    async def resign(self, client: Client) -> None:
        """The seat leaves for good: the game ends, or a bot plays on for it, as the
        host chose."""
        room, seat = self.seated_in_a_game(client)
        name = room.names[seat]
        if room.on_resign == "end":
            await self.end_room(room, f"{name} resigned; the game ends there", leaver=seat)
            return
        if seat in room.resigned:
            raise ProtocolError("you resigned already: a bot plays this seat")
        async with self.locks[room.code]:
            room.resigned.add(seat)
            try:
                self.store.save(room)
            except NotSaved as exc:
                room.resigned.discard(seat)
                raise ProtocolError(f"{exc}; you have not resigned, try again") from None
            room.time_hand()  # a resigned seat's clock stops
        await self.broadcast(room)
        self._drive_bots(room)

    async def abort(self, client: Client) -> None:
        """A seat proposes (or agrees) to end the game unplayed: it ends once every human
        seat agrees, while the first round lasts."""
        room, seat = self.seated_in_a_game(client)
        if not room.first_round:
            raise ProtocolError("the first round is over: a game is aborted only before (resign instead)")
        room.abort_votes.add(seat)
        if set(room.session.humans) - room.resigned <= room.abort_votes:
            await self.end_room(room, "aborted by its players before the first round ended")
        else:
            await self.broadcast(room)

    async def rematch(self, client: Client, after: str) -> None:
        """The room's next game after `after`, begun by the first seat that asks; the
        others asking are told it has begun. Its connections (tables of the last game)
        are told and closed: they join again with the same lines."""
        room, seat = client.room, client.seat
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if seat is None:
            raise ProtocolError("spectators watch; a seat asks for the rematch")
        if room.previous_game == after:
            await self.send(client, Rematched(room.code, room.game))  # begun already
            return
        if room.game != after:
            raise ProtocolError("that is not this room's last game")
        if not room.over:
            raise ProtocolError("the rematch comes once the game is over", "R9")
        async with self.locks[room.code]:
            try:
                self.store.rematch(room)
            except NotSaved as exc:
                raise ProtocolError(f"{exc}; try again later") from None
        # The last game's connections leave the room before anyone is told: a player who
        # sits down at once (told by this very message) joins the new game's room.
        last = list(self.clients.get(room.code, ()))
        self.clients[room.code] = set()
        for other in last:
            self._out_of_room(other)  # its leaving is not a departure from the new game
        room.everyone_left()
        self.write(last, encode(Rematched(room.code, room.game)))
        # at once: a table that does not answer its close holds up no other's
        await asyncio.gather(*(other.connection.close(1000, "the room's next game has begun") for other in last))
        self._drive_bots(room)

    async def move(self, client: Client, message: Play | Undo) -> None:
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        lock = self.locks.get(room.code)
        if lock is None:
            raise ProtocolError(f"room {room.code} is closed")
        async with lock:
            if self.rooms.get(room.code) is not room:  # closed while the move waited
                raise ProtocolError(f"room {room.code} is closed")
            if isinstance(message, Play):
                room.play(client.seat, message.ply, message.move)
            else:
                room.undo(client.seat, message.ply)
            if room.over:
                await self.rate(room)
        await self.broadcast(room)
        self._drive_bots(room)

    async def replay(self, client: Client) -> None:
        """The finished game as the client's seat saw it (made in a thread the first time)."""
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        await self.send(client, await asyncio.to_thread(room.seen_game, client.seat))

    async def leave(self, client: Client) -> None:
        room = client.room
        if room is None:
            return
        self.clients[room.code].discard(client)
        self._out_of_room(client)
        if client.seat is not None:
            room.depart(client.seat)
            if not room.present[client.seat]:
                await self.broadcast(room)  # "waiting for …" on the others' tables
                self._drive_bots(room)  # a bot may play for them after the room's takeover time

    def _out_of_room(self, client: Client) -> None:
        """`client` is in no room now (it left, or its room's game or the room ended): a
        spectator no longer counts against its address."""
        if client.room is not None and client.seat is None:
            self.spectators[client.address] -= 1
            if not self.spectators[client.address]:
                del self.spectators[client.address]
        client.room = None

    async def broadcast(self, room: Room) -> None:
        """Each connection in the room gets its own seat's table, with the plies it has
        not been sent (or, after an undo, from the first one taken back). Connections
        that would get the same table (a room's spectators, mostly) share one made and
        encoded once, and every message is on its way before any is waited for: a
        hundred spectators cost a player's move little, and a slow one delays no one."""
        clients = sorted(self.clients.get(room.code, ()), key=lambda c: c.seat is None)  # the seats first
        shown = room.views(client.seat for client in clients)
        alike: dict[tuple[int | None, int], list[Client]] = {}
        for client in clients:
            alike.setdefault((client.seat, client.known), []).append(client)
        for (seat, known), group in alike.items():
            table = room.table(seat, known, shown[seat])
            for client in group:
                client.known = table.ply
            self.write(group, encode(table))

    # ---- a room's end ----------------------------------------------------------------

    async def end_room(self, room: Room, reason: str, leaver: int | None = None) -> None:
        """Serve `room` no more: its connections are told why and closed, its bots
        stop, its moves held back for undo go to its log, and its file is retired (a
        restart does not bring it back). `leaver`: the seat whose leaving ended its game
        (a forfeit, a resignation), which the game is rated for."""
        if leaver is not None and not room.over:
            await self.rate(room, reason, leaver)
        task = self.bots.pop(room.code, None)
        if task is not None and task is not asyncio.current_task():  # a bot's task ends it: a forfeit
            task.cancel()
        async with self.locks[room.code]:
            del self.rooms[room.code]
            clients = self.clients.pop(room.code)
            for client in clients:
                self._out_of_room(client)  # its leaving is not a departure from a room that is gone
            self.write(clients, encode(RoomClosed(room.code, reason)))
            # at once: a table that does not answer its close holds up no other's
            await asyncio.gather(*(client.connection.close(1000, "the room is closed") for client in clients))
            room.close()
        del self.locks[room.code]
        del self.wakers[room.code]
        try:
            self.store.retire(room.code, None if room.over else reason)
        except OSError as exc:
            self.report_line(f"room {room.code}: {reason}, but its file could not be retired: {exc}")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.sweep(time.time())
            except Exception as exc:  # a fault of the server's own: reported, the next look goes on
                self.report(exc)

    async def sweep(self, now: float) -> None:
        """Close the rooms under way that nobody has moved in or visited for the room
        TTL, and retire the finished ones past `finished_kept` that nobody watches."""
        limits = self.limits
        for room in list(self.rooms.values()):
            if self.clients[room.code]:
                continue
            if room.over and now - room.finished_at() >= limits.finished_kept:
                await self.end_room(room, "the game is over")
            elif not room.over and now - room.active_at >= limits.room_ttl:
                await self.end_room(room, f"closed after {_duration(limits.room_ttl)} without a move or a visit")

    # ---- bot seats -----------------------------------------------------------------

    def _drive_bots(self, room: Room) -> None:
        """Play the bots' moves while a bot is to act, or a human seat is timed out: its
        player away past the room's takeover time, resigned, or out of time on the
        room's clock (one task per room, which waits for the first of these)."""
        running = self.bots.get(room.code)
        if running is not None and not running.done():
            self.wakers[room.code].set()  # the game changed: what it waits for may have too
            return
        state = room.session.state
        if state.over:
            return
        if room.session.is_human(state.to_act) and room.bot_wait(state.to_act) is None:
            return
        self.bots[room.code] = asyncio.create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        try:
            await self._play_bots(room)
        except Exception as exc:  # a bot's fault: the room waits, the operator has the report
            self.report(exc)

    async def _play_bots(self, room: Room) -> None:
        session = room.session
        while not session.state.over:
            seat, ply = session.state.to_act, session.state.ply
            stand_in: StandIn | None = None
            if not session.is_human(seat):
                decision = await asyncio.to_thread(session.bot_move)
                searched = decision.searched
            else:
                waiting = room.bot_wait(seat)
                if waiting is None:
                    return  # their player is there: they play
                wait, stand_in = waiting
                if wait > 0:  # then look again (sooner if the game changes): they may be back, or have played
                    waker = self.wakers[room.code]
                    waker.clear()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(wait):
                            await waker.wait()
                    continue
                if stand_in == "time" and await self._out_of_time(room, seat, ply):
                    return  # forfeited: the room is closed
                decision = await asyncio.to_thread(decide, room.stand_in(seat), session.state)
                searched = None  # a human seat's move: the log audits bot seats only
            async with self.locks[room.code]:
                if session.state.ply != ply:
                    continue  # the seat's player came back and played meanwhile
                if session.is_human(seat) and room.bot_wait(seat) != (0.0, stand_in):
                    continue  # back in time: their decision, not the bot's
                try:
                    room.play_for(decision.move, searched, stand_in)
                except NotSaved as exc:  # not played: the room waits for the disk, and tries again
                    self.report_line(f"room {room.code}: {exc}; trying again in {SAVE_RETRY:.0f} s")
                    unsaved = True
                else:
                    unsaved = False
                    if room.over:
                        await self.rate(room)
            if unsaved:
                await asyncio.sleep(SAVE_RETRY)
                continue
            await self.broadcast(room)

    async def _out_of_time(self, room: Room, seat: int, ply: int) -> bool:
        """`seat` ran out of time on the room's clock at position `ply`: it forfeits (the
        room ends; True), or a bot plays for it (False): its hand, or to the end if its
        bank ran out. A move its player made in time meanwhile wins (False)."""
        assert room.clock is not None
        name = room.names[seat]
        async with self.locks[room.code]:
            if room.session.state.ply != ply or room.bot_wait(seat) != (0.0, "time"):
                return False  # played in time: the bot's move that follows is dropped
            expiry = room.run_out(seat)
        if room.clock.rule.on_time == "forfeit":
            await self.end_room(room, f"{name} ran out of time and forfeits; the game ends there", leaver=seat)
            return True
        if expiry == "bank":
            await self.broadcast(room)  # "out of time" on every table, before the bot's move
        return False


def _duration(seconds: float) -> str:
    """A time as a person says it: 30 days, 12 hours, 5 minutes, 40 seconds."""
    for unit, size in (("day", DAY), ("hour", 3600.0), ("minute", 60.0)):
        if seconds >= size:
            count = round(seconds / size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    count = round(seconds)
    return f"{count} second{'s' if count != 1 else ''}"
