"""The game server over real sockets on localhost: whole games by scripted clients, what
each connection is sent, bad input, leaving and coming back."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
from helpers import served

from cwtui.cli import main
from cwtui.game.logfile import GameInUse, read_log
from cwtui.game.verification import verify_log
from cwtui.history.loader import load
from cwtui.net import host_key
from cwtui.net.client import Address, Connection, ServerGone
from cwtui.net.limits import Limits
from cwtui.net.protocol import (
    MAX_MESSAGE,
    MAX_VIEWS,
    AskReplay,
    CloseRoom,
    CreateRoom,
    Error,
    Hello,
    ListRooms,
    Play,
    ProtocolError,
    RoomClosed,
    RoomMade,
    Rooms,
    SeenGame,
    SeenPly,
    ServerMessage,
    Table,
    Undo,
    Welcome,
    decode_client,
    decode_server,
    pack_views,
    unpack_views,
)
from cwtui.net.room import Room
from cwtui.net.room_store import SERVED
from cwtui.net.server import GameServer
from cwtui.net.tables import Client
from engine import new_game
from engine.cards import load_cards
from engine.config import GameConfig, SeatConfig
from engine.errors import ConfigError
from engine.events import FishCaught, LocationRefilled, TackleDrawn
from engine.moves import EndTurn, Present
from engine.replay import Replay
from engine.rng import Rng
from engine.view import View, view
from engine.visibility import PresentUnseen, seen, seen_move

CARDS = load_cards()
TIMEOUT = 60  # seconds for a whole game; a hang fails instead of stalling CI


class Wire:
    """Every message the server sent, to which seat (None: a spectator)."""

    def __init__(self) -> None:
        self.sent: list[tuple[int | None, bool, str]] = []  # (seat, joined, text)

    def __call__(self, client: Client, text: str) -> None:
        self.sent.append((client.seat, client.room is not None, text))


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[GameServer, Address, Wire]]:
    wire = Wire()
    game_server = GameServer(tmp_path, on_send=wire)
    async with served(game_server) as address:
        yield game_server, address, wire


async def make_room(address: Address, *seats: tuple[str, str], seed: int | None = 7) -> RoomMade:
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(tuple(SeatConfig(name, kind) for name, kind in seats), seed, key=key_of(address)))
        made = await host.receive()
    assert isinstance(made, RoomMade), made
    return made


def key_of(address: Address) -> str | None:
    """The host key of a server on this machine, as `cwtui host` finds it."""
    return host_key.local_key(address.uri)


async def next_table(connection: Connection) -> Table:
    while True:
        message = await connection.receive()
        if isinstance(message, Table):
            return message
        assert not isinstance(message, Error), message


class Seat:
    """A scripted client: keeps the plies it is sent as the table would."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.plies: list[SeenPly] = []
        self.table: Table | None = None
        self.welcome: Welcome | None = None

    @classmethod
    async def join(cls, address: Address, room: str, token: str | None) -> Seat:
        seat = cls(await Connection.open(address))
        await seat.connection.send(Hello(room, token))
        welcome = await seat.connection.receive()
        assert isinstance(welcome, Welcome), welcome
        seat.welcome = welcome
        await seat.update()
        return seat

    def take(self, table: Table) -> None:
        del self.plies[table.first :]
        assert len(self.plies) == table.first
        self.plies.extend(table.plies)
        assert len(self.plies) == table.ply
        self.table = table

    async def update(self) -> Table:
        table = await next_table(self.connection)
        self.take(table)
        return table

    async def play_to_the_end(self, rng: Rng) -> None:
        """Play a random legal move whenever it is this seat's turn."""
        assert self.table is not None
        played = -1  # a table for the same position comes again when someone joins
        while not self.table.over:
            if self.table.legal and self.table.ply != played:
                move = self.table.legal[rng.below(len(self.table.legal))]
                await self.connection.send(Play(self.table.ply, move))
                played = self.table.ply
            await self.update()


def public(ply: SeenPly) -> tuple[object, ...]:
    """A ply as a spectator knows it (from what any seat was sent)."""
    return (ply.seat, seen_move(ply.move, ply.seat, None), tuple(seen(e, None, CARDS) for e in ply.events))


async def test_four_seats_two_humans_two_server_bots_play_to_the_results(
    server: tuple[GameServer, Address, Wire],
) -> None:
    game_server, address, wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"), ("Cy", "human"), ("Di", "greedy"), seed=None)
    assert [i.seat for i in made.invites] == [0, 2]  # a secret for each human seat only
    ana = await Seat.join(address, made.room, made.invites[0].token)
    cy = await Seat.join(address, made.room, made.invites[1].token)
    watcher = await Seat.join(address, made.room, None)
    assert ana.welcome and ana.welcome.seat == 0 and watcher.welcome and watcher.welcome.seat is None

    async def watch() -> None:
        while watcher.table is None or not watcher.table.over:
            await watcher.update()

    await asyncio.wait_for(asyncio.gather(ana.play_to_the_end(Rng(1)), cy.play_to_the_end(Rng(2)), watch()), TIMEOUT)

    room = game_server.rooms[made.room]
    assert room.over and room.session.path is not None
    # every client saw the same public events in the same order, all of the game's
    assert [public(p) for p in ana.plies] == [public(p) for p in cy.plies] == [public(p) for p in watcher.plies]
    assert len(ana.plies) == len(room.session.history)
    # the server's log verifies, bots included, and loads into the history
    verdict = verify_log(room.session.path, CARDS)
    assert verdict.ok, verdict.text
    report = load(game_server.folder / "history.duckdb", [game_server.folder])
    assert report.loaded == 1 and report.ok
    # the replay at the end: each seat's View at every position, as the log gives it
    replay = Replay(read_log(room.session.path), CARDS)
    for client, viewer in ((ana, 0), (cy, 2), (watcher, -1)):
        await client.connection.send(AskReplay())
        seen = await client.connection.receive()
        assert isinstance(seen, SeenGame) and seen.ply == len(client.plies)
        views = unpack_views(seen.views, seen.ply)
        for position in (0, 1, 77, seen.ply // 2, seen.ply):
            assert views[position] == view(replay.state_at(position), viewer), position
    for connection in (ana, cy, watcher):
        await connection.connection.close()
    assert_nothing_leaked(wire)
    # the seed (drawn by the server) orders every deck and the bag: it is never sent
    assert all(str(room.session.config.seed) not in text for _seat, _joined, text in wire.sent)


def assert_nothing_leaked(wire: Wire) -> None:
    """The engine's view tests, applied to the wire: no message to a seat holds a
    weight, time or tag of another seat's unrevealed fish (its card), another seat's
    tackle kinds, a contest entry before the contest, or a deck's order or the bag's."""
    tables = 0
    for seat, _joined, text in wire.sent:
        message: ServerMessage = decode_server(text)
        if isinstance(message, RoomMade):
            continue  # to the host, who created the room
        if isinstance(message, SeenGame):  # the replay at the end: a View per position
            for shown in unpack_views(message.views, message.ply):
                assert_view_is_for(shown, seat)
            continue
        if not isinstance(message, Table):
            continue
        tables += 1
        assert_view_is_for(message.view, seat)
        for ply in message.plies:
            if ply.seat != seat:
                assert not isinstance(ply.move, Present)
            for event in ply.events:
                assert not isinstance(event, LocationRefilled)  # its card is its weight
                if isinstance(event, FishCaught | TackleDrawn):
                    assert event.seat == seat
    assert tables > 50


def assert_view_is_for(shown: View, seat: int | None) -> None:
    assert shown.seat == (-1 if seat is None else seat)
    for other in shown.seats:
        if other.seat != seat:
            assert other.fish is None and other.tackle is None


async def test_the_replay_comes_at_the_end_and_only_then(server: tuple[GameServer, Address, Wire]) -> None:
    """AskReplay before the game is over, or outside a room, is refused and changes
    nothing; once over, asking again sends the same replay (made once per viewer)."""
    game_server, address, wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "random"), seed=5)
    room = game_server.rooms[made.room]
    async with await Connection.open(address) as stranger:
        await stranger.send(AskReplay())
        reply = await stranger.receive()
        assert isinstance(reply, Error) and "join a room first" in reply.message
    ana = await Seat.join(address, made.room, made.invites[0].token)
    await ana.connection.send(AskReplay())
    reply = await ana.connection.receive()
    assert isinstance(reply, Error) and reply.rule == "R9" and "once the game is over" in reply.message
    assert room.ply == 0 and not room.seen_games
    await asyncio.wait_for(ana.play_to_the_end(Rng(4)), TIMEOUT)
    answers = []
    for _ in range(2):
        await ana.connection.send(AskReplay())
        answers.append(await ana.connection.receive())
    assert isinstance(answers[0], SeenGame) and answers[0] == answers[1]
    assert list(room.seen_games) == [0]
    # small on the wire: a View repeats most of the one before
    assert len(wire.sent[-1][2]) < 60_000, len(wire.sent[-1][2])
    await ana.connection.close()


def test_a_damaged_or_oversized_replay_is_refused_by_the_client() -> None:
    """What a client inflates is bounded (MAX_VIEWS) and checked: a bad payload is one
    ProtocolError, never a crash or a table built from garbage."""
    state = new_game(GameConfig((SeatConfig("Ana"), SeatConfig("Bo")), 1), CARDS)
    packed = pack_views((view(state, 0),))
    assert unpack_views(packed, 0) == (view(state, 0),)
    bomb = zlib.compress(b"[" + b" " * (MAX_VIEWS + 10) + b"]", 9)  # tiny on the wire, too big inflated
    bad = [
        (packed[:-4], "cut off"),
        (b"not zlib at all", "cannot read"),
        (zlib.compress(b'[{"seat": 0}]'), "cannot read"),
        (zlib.compress(b"[1, 2"), "cannot read"),
        (bomb, "too large"),
    ]
    for data, expected in bad:
        with pytest.raises(ProtocolError, match=expected):
            unpack_views(data, 0)
    with pytest.raises(ProtocolError, match="a replay of 0 moves for a game of 3"):
        unpack_views(packed, 3)


async def test_a_contest_entry_reaches_the_others_hidden(server: tuple[GameServer, Address, Wire]) -> None:
    """R10.1 on the wire: which fish a seat presents reaches only that seat."""
    game_server, address, wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "random"), seed=11)
    ana = await Seat.join(address, made.room, made.invites[0].token)
    watcher = await Seat.join(address, made.room, None)

    async def watch() -> None:
        while watcher.table is None or not watcher.table.over:
            await watcher.update()

    await asyncio.wait_for(asyncio.gather(ana.play_to_the_end(Rng(3)), watch()), TIMEOUT)
    history = game_server.rooms[made.room].session.history
    entries = [i for i, ply in enumerate(history) if isinstance(ply.move, Present)]
    assert entries
    for i in entries:
        mover = history[i].seat
        assert (ana.plies[i].move == history[i].move) == (mover == 0)
        assert watcher.plies[i].move == PresentUnseen(history[i].move.location)  # type: ignore[attr-defined]
    assert_nothing_leaked(wire)


async def test_bad_messages_get_an_error_and_change_nothing(server: tuple[GameServer, Address, Wire]) -> None:
    game_server, address, _wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "human"))
    ana = await Seat.join(address, made.room, made.invites[0].token)
    bo = await Seat.join(address, made.room, made.invites[1].token)
    await ana.update()  # Bo's arrival
    assert ana.table and ana.table.legal and bo.table and not bo.table.legal
    room = game_server.rooms[made.room]
    log = room.session.path
    assert log is not None
    before = (room.ply, log.read_bytes())
    move = ana.table.legal[0]
    bad = [
        ("not json", "not a message this server takes"),
        ('{"kind": "fly"}', "not a message this server takes"),
        ('{"kind": "play", "ply": 0}', "missing required field `move`"),
        ('{"kind": "play", "ply": 0, "move": {"type": "place", "space": "mauve"}}', "not a message"),
        ("x" * (MAX_MESSAGE + 1), "message too long"),
        (msgspec.json.encode(Play(0, move)).decode(), "it is Ana's turn, not yours"),  # Bo out of turn
        (msgspec.json.encode(Play(5, move)).decode(), "that move was meant for move 6"),
        (msgspec.json.encode(Undo(0)).decode(), "it is Ana's turn"),
        (msgspec.json.encode(AskReplay()).decode(), "the replay comes once the game is over"),
        (msgspec.json.encode(Hello(made.room, made.invites[1].token)).decode(), "already in room"),
    ]
    for text, expected in bad:
        await bo.connection.socket.send(text)
        reply = await bo.connection.receive()
        assert isinstance(reply, Error) and expected in reply.message, (text[:40], reply)
    # an illegal move names its rule
    await ana.connection.send(Play(0, EndTurn()))  # step 1 is a placement (R3.1)
    reply = await ana.connection.receive()
    assert isinstance(reply, Error) and reply.rule and reply.rule.startswith("R"), reply
    assert (room.ply, log.read_bytes()) == before
    # the connections are still there, and the game goes on
    await bo.connection.send(ListRooms())
    rooms = await bo.connection.receive()
    assert isinstance(rooms, Rooms) and rooms.rooms[0].room == made.room
    await ana.connection.send(Play(0, move))
    assert (await ana.update()).ply == 1


async def test_a_wrong_token_a_missing_room_and_a_bad_room_are_refused(
    server: tuple[GameServer, Address, Wire],
) -> None:
    _game_server, address, _wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    async with await Connection.open(address) as connection:
        for hello, expected in [
            (Hello(made.room, "not-the-token"), "that token opens no seat here"),
            (Hello("NOROOM", None), "there is no room 'NOROOM'"),
            (Hello(made.room, None, protocol=99), "protocol"),
        ]:
            await connection.send(hello)
            reply = await connection.receive()
            assert isinstance(reply, Error) and expected in reply.message
        await connection.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Ana")), key=key_of(address)))
        reply = await connection.receive()
        assert isinstance(reply, Error) and "own name" in reply.message
        await connection.send(CreateRoom(tuple(SeatConfig(f"P{i}") for i in range(5)), key=key_of(address)))
        reply = await connection.receive()
        assert isinstance(reply, Error) and reply.rule == "R2" and "1 to 4 players" in reply.message


async def test_a_seat_that_drops_rejoins_where_the_game_is(server: tuple[GameServer, Address, Wire]) -> None:
    _game_server, address, _wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "human"))
    ana_invite, bo_invite = made.invites
    ana = await Seat.join(address, made.room, ana_invite.token)
    bo = await Seat.join(address, made.room, bo_invite.token)
    await ana.update()
    assert ana.table and ana.table.away == ()
    await ana.connection.send(Play(0, ana.table.legal[0]))  # mid-turn: the placement
    await ana.update()
    await bo.update()
    await ana.connection.close()
    table = await bo.update()
    assert table.away == (0,)  # "waiting for Ana"
    ana = await Seat.join(address, made.room, ana_invite.token)
    assert ana.table and ana.table.first == 0 and ana.table.ply == 1 and len(ana.plies) == 1
    assert ana.table.legal and ana.table.can_undo  # her own placement can still be taken back
    assert (await bo.update()).away == ()
    await ana.connection.send(Undo(1))
    assert (await ana.update()).ply == 0
    table = await bo.update()
    assert table.first == 0 and table.ply == 0 and not table.plies


async def start_process(folder: Path) -> tuple[subprocess.Popen[str], Address]:
    """`cwtui serve` in a process of its own, on a free port (read from its first line)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cwtui", "serve", "--port", "0", "--replays-dir", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), TIMEOUT)
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    assert found, (line, process.stderr.read() if process.poll() is not None and process.stderr else "")
    return process, Address(f"ws://127.0.0.1:{found[1]}")


@pytest.mark.parametrize("undoable", [False, True], ids=["all-logged", "moves-still-undoable"])
async def test_a_server_killed_mid_game_resumes_every_room_at_the_same_move(tmp_path: Path, undoable: bool) -> None:
    """Killed at a decision of Ana's with every move in the log, or with moves she could
    still take back (issue 37.3: those were lost, and her client said she had taken
    them back; the undo journal keeps them)."""
    process, address = await start_process(tmp_path)
    try:
        made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"), seed=5)
        ana = await Seat.join(address, made.room, made.invites[0].token)
        rng = Rng(4)
        while ana.table is None or ana.table.ply < 30 or not ana.table.legal or ana.table.can_undo != undoable:
            assert ana.table is not None and not ana.table.over
            if ana.table.legal:
                await ana.connection.send(Play(ana.table.ply, ana.table.legal[rng.below(len(ana.table.legal))]))
            await ana.update()
        before = ana.table
        plies = list(ana.plies)
    finally:
        process.kill()  # kill -9: no chance to save anything
        process.wait()
    process, address = await start_process(tmp_path)
    try:
        again = await Seat.join(address, made.room, made.invites[0].token)
        assert again.table is not None
        assert again.table.ply == before.ply and again.plies == plies
        assert again.table.view == before.view and again.table.legal == before.legal
        assert again.table.can_undo == undoable
        if undoable:
            await again.connection.send(Undo(again.table.ply))
            assert (await again.update()).ply == before.ply - 1
        await asyncio.wait_for(again.play_to_the_end(Rng(9)), TIMEOUT)  # and the game goes on to its end
        await again.connection.close()
    finally:
        process.terminate()
        process.wait(TIMEOUT)
    assert process.returncode == 0
    (log,) = tmp_path.glob("*.jsonl")
    verdict = verify_log(log, CARDS)
    assert verdict.ok, verdict.text


def mutations(template: bytes, rng: Rng) -> bytes:
    """A message a broken or hostile client might send instead of `template`."""
    data = bytearray(template)
    kind = rng.below(8)
    if kind == 0 and data:  # a byte changed
        data[rng.below(len(data))] = rng.below(256)
    elif kind == 1:  # cut short
        del data[rng.below(len(data) + 1) :]
    elif kind == 2:  # a number swapped for something else
        swaps = (b"-1", b"1e999", b"18446744073709551616", b'"7"', b"null", b"[]", b"{}", b"true", b"0.5")
        swap = swaps[rng.below(len(swaps))]
        return re.sub(rb"\d+", lambda _: swap, template, count=1 + rng.below(3))
    elif kind == 3:  # a string swapped
        swaps = (b'"\\ud800"', b'""', b"1", b'"' + b"A" * 300 + b'"', b'"../../etc"', b"null")
        swap = swaps[rng.below(len(swaps))]
        return re.sub(rb'"[a-z_]+"(?=[,}])', lambda _: swap, template, count=1)
    elif kind == 4:  # an unknown field
        return template[:-1] + b',"extra":1}'
    elif kind == 5:  # deep nesting
        depth = 1 + rng.below(2000)
        return b"[" * depth + b"]" * depth
    elif kind == 6:  # too long
        return template[:-1] + b',"pad":"' + b"x" * (MAX_MESSAGE + rng.below(1000)) + b'"}'
    else:  # not UTF-8 text
        return bytes(data) + bytes([0xFF, 0xC3, 0x28][rng.below(3) :])
    return bytes(data)


async def test_protocol_fuzzing_changes_nothing_and_the_game_goes_on(
    server: tuple[GameServer, Address, Wire],
) -> None:
    """Thousands of malformed, oversized, out-of-turn and illegal messages from the seat
    to act, another seat and a spectator: each gets an Error unless it is a move that
    is legal now (the oracle decodes it as the server should), nothing else changes, no
    fault of the server's own, and the connections stay."""
    game_server, address, _wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "human"), seed=3)
    room = game_server.rooms[made.room]
    key = game_server.host_key
    seats = [await Seat.join(address, made.room, invite.token) for invite in made.invites]
    seats.append(await Seat.join(address, made.room, None))
    await seats[0].update()  # Bo's arrival
    await seats[0].update()  # the spectator's
    await seats[1].update()  # the spectator's
    rng = Rng(21)
    sent = 0
    outcomes: Counter[str] = Counter()
    for _round in range(30):
        for who, seat in enumerate(seats):
            legal = list(room.session.legal())
            templates = [
                msgspec.json.encode(Play(room.ply, legal[rng.below(len(legal))])),
                msgspec.json.encode(Undo(room.ply)),
                msgspec.json.encode(Hello(made.room, made.invites[0].token)),
                msgspec.json.encode(ListRooms()),
                msgspec.json.encode(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "medium")), 5, key=key)),
            ]
            for _ in range(25):
                data = mutations(templates[rng.below(len(templates))], rng)
                expected = _applied(data, room, who, key)
                outcomes[expected] += 1
                before = (room.ply, len(game_server.rooms))
                await seat.connection.socket.send(data)
                sent += 1
                reply = await seat.connection.receive()
                if expected == "move":
                    assert isinstance(reply, Table) and room.ply == before[0] + 1, reply
                    for other in seats:
                        if other is not seat:
                            other.take(await next_table(other.connection))
                elif expected == "room":
                    assert isinstance(reply, RoomMade) and len(game_server.rooms) == before[1] + 1
                elif expected == "rooms":
                    assert isinstance(reply, Rooms)
                else:
                    assert isinstance(reply, Error), (data[:80], reply)
                    assert "failed on that message" not in reply.message
                    assert (room.ply, len(game_server.rooms)) == before
    assert sent >= 2000
    # most are refused, and some of each other kind went through
    assert outcomes["error"] > 1500 and outcomes["move"] and outcomes["room"] and outcomes["rooms"], outcomes
    assert not game_server.problems
    # the game goes on: every connection still answers, and the seat to act can play
    to_act = seats[room.session.state.to_act]
    await to_act.connection.send(Play(room.ply, room.session.legal()[0]))  # type: ignore[arg-type]
    assert isinstance(await to_act.connection.receive(), Table)
    # and what it played is on disk as a game that verifies, up to the move just made
    assert room.session.path is not None
    verdict = verify_log(room.session.path, CARDS)
    assert verdict.ok and f"up to move {room.ply} " in verdict.text, verdict.text


def _applied(data: bytes, room: Room, who: int, key: str) -> str:
    """What the server should do with `data` from connection `who` (0, 1: the seats;
    2: the spectator): "move", "room", "rooms", or "error"."""
    try:
        message = decode_client(data)
    except ProtocolError:
        return "error"
    if isinstance(message, ListRooms):
        return "rooms"
    if isinstance(message, CreateRoom):
        if message.key != key:
            return "error"
        try:
            GameConfig(message.seats, message.seed or 0, message.tag_points)
        except ConfigError:
            return "error"
        return "room"
    if isinstance(message, Play):
        ok = who == room.session.state.to_act and message.ply == room.ply and message.move in room.session.legal()
        return "move" if ok else "error"
    return "error"  # a second hello; an undo (nothing to take back at a turn's start, or not one's turn)


async def test_host_and_rooms_from_the_shell(
    server: tuple[GameServer, Address, Wire], capsys: pytest.CaptureFixture[str]
) -> None:
    game_server, address, _wire = server
    where = str(address)
    argv = ["host", where, "--seat", "Ana:human", "--seat", "Bo:medium", "--seat", "Cy", "--seed", "9"]
    assert await asyncio.to_thread(main, argv) == 0
    out = capsys.readouterr().out
    (code,) = game_server.rooms
    lines = out.splitlines()
    assert lines[0].startswith(f"Room {code} on {where}.")
    invites = [line.split(": ", 1)[1] for line in lines[1:3]]
    assert [line.split(":")[0].strip() for line in lines[1:3]] == ["Ana", "Cy"]  # humans only
    assert all(invite.startswith(f"cwtui join {where}/{code}#") for invite in invites)
    assert lines[3] == f"  To watch: cwtui join {where}/{code}"
    seat = await Seat.join(address, code, invites[1].split("#")[1])  # the invite opens its seat
    assert seat.welcome and seat.welcome.seat == 2
    assert await asyncio.to_thread(main, ["rooms", where]) == 0
    assert capsys.readouterr().out.split() == [
        code,
        "move",
        "1",
        "Ana",
        "(human),",
        "Bo",
        "(medium",
        "bot),",
        "Cy",
        "(human,",
        "here)",
    ]
    # a server that serves browsers too (serve --web): each invite is also a link there
    game_server.web_url = "https://cwtui.example.org"
    before = set(game_server.rooms)
    assert await asyncio.to_thread(main, ["host", where, "--seat", "Ana:human", "--seat", "Bo:medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    (web_room,) = set(game_server.rooms) - before
    token = lines[1].split("#")[1]
    assert lines[2] == f"       or in a browser: https://cwtui.example.org/join/{web_room}#{token}"
    # bad seats: bad input (exit 2) before the server is asked; no server: exit 1
    assert await asyncio.to_thread(main, ["host", where, "--seat", "A", "--seat", "A"]) == 2
    assert capsys.readouterr().err == "cwtui host: each seat needs its own name\n"
    assert len(game_server.rooms) == 2  # nothing made of the bad seats
    # join: a wrong token or a missing room is refused before any screen opens
    assert await asyncio.to_thread(main, ["join", f"{where}/{code}#wrong"]) == 1
    assert (
        capsys.readouterr().err == "cwtui join: the server refused: room " + code + ": that token opens no seat here\n"
    )
    assert await asyncio.to_thread(main, ["join", f"{where}/NOSUCH"]) == 1
    assert "there is no room 'NOSUCH'" in capsys.readouterr().err
    assert await asyncio.to_thread(main, ["rooms", "127.0.0.1:1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cwtui rooms: cannot reach a cwtui server at ws://127.0.0.1:1") and err.count("\n") == 1


async def test_limits_on_connections_an_address_and_games_a_server(tmp_path: Path) -> None:
    game_server = GameServer(tmp_path, limits=Limits(connections_per_address=3, rooms=2))
    async with served(game_server) as address:
        kept = [await Connection.open(address) for _ in range(3)]
        one_too_many = await Connection.open(address)
        with pytest.raises(ServerGone, match="at most 3 connections an address"):
            await one_too_many.receive()
        await kept.pop().close()  # a place comes free
        await asyncio.sleep(0.1)
        again = await Connection.open(address)
        await again.send(ListRooms())
        assert isinstance(await again.receive(), Rooms)
        for _ in range(2):
            await again.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), key=game_server.host_key))
            assert isinstance(await again.receive(), RoomMade)
        await again.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), key=game_server.host_key))
        refused = await again.receive()
        assert isinstance(refused, Error) and refused.message == "this server holds 2 rooms, its most; try later"
        assert len(game_server.rooms) == 2
        for connection in (*kept, again):
            await connection.close()


async def test_a_seat_that_stays_away_waits_or_gets_a_bot_when_the_host_allows(
    server: tuple[GameServer, Address, Wire],
) -> None:
    game_server, address, _wire = server
    # without a takeover time the game waits for Ana
    waiting = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    watcher = await Seat.join(address, waiting.room, None)
    await asyncio.sleep(0.5)
    assert game_server.rooms[waiting.room].ply == 0
    assert watcher.table and watcher.table.away == (0,) and watcher.table.stood_in == ()
    await watcher.connection.close()
    # with one, a bot plays for her once she has been away that long, until she is back
    async with await Connection.open(address) as host:
        await host.send(
            CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), 5, takeover=0.3, key=key_of(address))
        )
        made = await host.receive()
    assert isinstance(made, RoomMade)
    room = game_server.rooms[made.room]
    watcher = await Seat.join(address, made.room, None)
    table = await asyncio.wait_for(watcher.update(), TIMEOUT)
    assert table.ply >= 1 and table.stood_in == (0,)
    while not any(ply.seat == 0 for ply in watcher.plies[1:]):  # she played through the bot, more than once
        await asyncio.wait_for(watcher.update(), TIMEOUT)
    ana = await Seat.join(address, made.room, made.invites[0].token)
    assert ana.table and ana.table.stood_in == () and ana.table.away == ()
    # her seat is hers again: at her next decision the game waits for her move
    while not ana.table.legal:
        await asyncio.wait_for(ana.update(), TIMEOUT)
    at = room.ply
    await asyncio.sleep(0.5)
    assert room.ply == at and room.session.state.to_act == 0
    await ana.connection.send(Play(at, ana.table.legal[0]))
    assert (await ana.update()).ply == at + 1
    assert room.session.path is not None
    assert verify_log(room.session.path, CARDS).ok  # stand-in moves are ordinary moves of her seat
    await ana.connection.close()
    await watcher.connection.close()


async def test_a_room_the_disk_cannot_take_is_refused_in_one_line_and_leaves_nothing(
    server: tuple[GameServer, Address, Wire], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37.1: a room file the disk could not take was the server's own failure (a
    crash report, "the server failed") and left a game log without its room."""
    import errno
    import os

    _game_server, address, _wire = server

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as full:
        full.setattr(os, "fsync", full_disk)  # the room file is written durably (logfile.write_whole)
        async with await Connection.open(address) as host:
            await host.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), 7, key=key_of(address)))
            reply = await host.receive()
    assert isinstance(reply, Error)
    assert reply.message == "no room was made: the room could not be saved (No space left on device); try again later"
    made_at_its_start = sorted([host_key.KEY_FILE, SERVED, f"{SERVED}.pid"])
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == made_at_its_start
    # room again: rooms are made
    made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    assert made.room


# ---- issue 39: a server nobody can lock ------------------------------------------------


async def test_only_a_holder_of_the_host_key_makes_rooms(
    server: tuple[GameServer, Address, Wire], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One anonymous connection made 200 rooms in 2 s, and then every host was refused.
    The key is made at the server's first start, kept in its folder for its user alone,
    and the same at the next start; `cwtui host HOST:PORT#KEY` gives it, and the
    invites it prints never repeat it."""
    game_server, address, _wire = server
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    async with await Connection.open(address) as connection:
        for key, why in ((None, "none was given"), ("x" * 32, "that key is not it")):
            await connection.send(CreateRoom(seats, 7, key=key))
            refused = await connection.receive()
            assert isinstance(refused, Error) and "only for holders of its host key" in refused.message
            assert why in refused.message
        assert not game_server.rooms
        await connection.send(CreateRoom(seats, 7, key=game_server.host_key))
        assert isinstance(await connection.receive(), RoomMade)
    kept = tmp_path / host_key.KEY_FILE
    assert kept.read_text().strip() == game_server.host_key and kept.stat().st_mode & 0o777 == 0o600
    assert GameServer(tmp_path).host_key == game_server.host_key  # the next start keeps it
    where = str(address)
    given = f"{where}#{game_server.host_key}"
    host_key.unregister(int(where.rsplit(":", 1)[1]), game_server.host_key)  # from another machine
    assert await asyncio.to_thread(main, ["host", where, "--seat", "Ana"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cwtui host: the server refused: this server makes and closes rooms only for holders of its")
    assert await asyncio.to_thread(main, ["host", f"{where}#{'y' * 32}", "--seat", "Ana"]) == 1
    assert "that key is not it" in capsys.readouterr().err
    assert await asyncio.to_thread(main, ["host", given, "--seat", "Ana", "--seat", "Bo:greedy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Room ") and game_server.host_key not in out and f"cwtui join {where}/" in out


async def test_a_connection_that_says_nothing_outside_a_room_is_closed(tmp_path: Path) -> None:
    """28 sockets that never said hello held an address's connections forever, so a
    real `cwtui rooms` from it was refused. A connection in a room may be silent."""
    game_server = GameServer(tmp_path, limits=Limits(connections_per_address=3, idle_outside=0.3))
    async with served(game_server) as address:
        async with await Connection.open(address) as host:
            await host.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo")), 7, key=game_server.host_key))
            made = await host.receive()
        assert isinstance(made, RoomMade)
        seated = await Seat.join(address, made.room, made.invites[0].token)
        silent = [await Connection.open(address) for _ in range(2)]  # the address's other two places
        for connection in silent:
            with pytest.raises(ServerGone, match=r"nothing said in 0\.3 s outside a room"):
                await asyncio.wait_for(connection.receive(), 5)
        async with await Connection.open(address) as lobby:  # a place is free again
            await lobby.send(ListRooms())
            assert isinstance(await lobby.receive(), Rooms)
        await seated.connection.send(Undo(0))  # still there, long after 0.3 s: refused, not closed
        assert isinstance(await seated.connection.receive(), Error)
        await seated.connection.close()


async def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_connections(tmp_path: Path) -> None:
    """Behind the TLS proxy the README recommends, every player shares the proxy's
    address; with --trusted-proxy the limit counts the address the proxy reports (the
    last of X-Forwarded-For, the one it added), and only for the proxy's own connections."""
    from websockets.asyncio.client import connect

    async def open_as(port: int, client: str | None) -> Connection:
        headers = {"X-Forwarded-For": f"203.0.113.9, {client}"} if client else None
        return Connection(await connect(f"ws://127.0.0.1:{port}", additional_headers=headers))

    async def refused(connection: Connection) -> bool:
        try:
            await connection.send(ListRooms())
            await asyncio.wait_for(connection.receive(), 5)
        except ServerGone:
            return True
        return False

    for trusted in ("127.0.0.1", None):
        game_server = GameServer(tmp_path, limits=Limits(connections_per_address=2), trusted_proxy=trusted)
        listening = await game_server.start("127.0.0.1", 0)
        port = next(iter(listening.sockets)).getsockname()[1]
        try:
            held = [await open_as(port, client) for client in ("10.0.0.1", "10.0.0.1")]
            other = await open_as(port, "10.0.0.2")
            assert await refused(other) == (trusted is None)  # the proxy's own address is full
            third = await open_as(port, "10.0.0.1")
            assert await refused(third)  # that client's two places are taken either way
            for connection in (*held, other, third):
                await connection.close()
        finally:
            listening.close()
            await listening.wait_closed()
            game_server.close()


async def test_the_lobby_lists_rooms_under_way_and_those_finished_lately(
    server: tuple[GameServer, Address, Wire],
) -> None:
    """Every room ever made stayed in the lobby, finished ones too, forever."""
    game_server, address, _wire = server
    playing = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    done = await make_room(address, ("Bo", "greedy"), ("Cy", "random"))  # bots alone play it to its end
    while not game_server.rooms[done.room].over:
        await asyncio.sleep(0.05)

    async def listed() -> list[str]:
        async with await Connection.open(address) as lobby:
            await lobby.send(ListRooms())
            rooms = await lobby.receive()
        assert isinstance(rooms, Rooms)
        return sorted(room.room for room in rooms.rooms)

    assert await listed() == sorted([playing.room, done.room])
    game_server.rooms[done.room].finished = time.time() - game_server.limits.finished_kept - 1  # an hour on
    assert await listed() == [playing.room]
    assert game_server.rooms[done.room].session.path.exists()  # its replay stays


async def test_serve_prints_its_host_line_and_leaves_the_key_for_this_user_while_it_runs(tmp_path: Path) -> None:
    process, address = await start_process(tmp_path)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        key = (tmp_path / host_key.KEY_FILE).read_text().strip()
        port = address.uri.rsplit(":", 1)[1]
        assert f"`cwtui host HOST:{port}#{key} --seat NAME:KIND …`" in line
        assert host_key.local_key(address.uri) == key
        assert host_key.local_key(f"ws://192.0.2.1:{port}") is None  # never sent to another machine
    finally:
        process.terminate()
        process.wait(TIMEOUT)
    assert process.returncode == 0 and host_key.local_key(address.uri) is None


async def test_a_seat_nobody_has_sat_at_is_waited_for_to_join(server: tuple[GameServer, Address, Wire]) -> None:
    """Issue 51.7: a table said "Waiting for Una to come back…" for a seat never joined."""
    game_server, address, _wire = server
    made = await make_room(address, ("Una", "human"), ("Bo", "human"))
    bo = await Seat.join(address, made.room, made.invites[1].token)
    assert bo.table is not None and bo.table.away == (0,) and bo.table.unjoined == (0,)
    una = await Seat.join(address, made.room, made.invites[0].token)
    await una.connection.close()  # she came and went: she is waited for to come back
    table = await asyncio.wait_for(bo.update(), TIMEOUT)
    while table.away != (0,):
        table = await asyncio.wait_for(bo.update(), TIMEOUT)
    assert table.unjoined == ()
    await bo.connection.close()
    room = game_server.rooms[made.room]
    assert room.joined == {0, 1}


async def test_one_server_a_folder(tmp_path: Path) -> None:
    """Issue 51.4: a second server on the same folder started and made rooms there, and a
    game rated on each lost one rating update (each folds the ratings file once, at its
    start). The second is refused, told which process serves the folder; the first's
    end, kill -9 included, lets the next one serve it."""
    first, address = await start_process(tmp_path)
    try:
        second = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "cwtui", "serve", "--port", "0", "--replays-dir", str(tmp_path)],
            capture_output=True, text=True, timeout=TIMEOUT,
        )  # fmt: skip
        assert second.returncode == 2, second.stderr
        assert second.stderr == (
            f"cwtui serve: {tmp_path} is served already, by another cwtui serve (process {first.pid}): "
            "one server a folder\n"
        )
        assert second.stdout == ""
        in_process = GameServer(tmp_path)
        with pytest.raises(GameInUse, match=f"another cwtui serve \\(process {first.pid}\\)"):
            await in_process.start("127.0.0.1", 0)
        made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))  # the first goes on
        assert isinstance(made, RoomMade)
    finally:
        first.kill()  # kill -9: its hold goes with it
        first.wait(TIMEOUT)
    after = GameServer(tmp_path)
    async with served(after):
        after.open_rooms()
        assert list(after.rooms) == [made.room] and after.problems == []


async def test_the_host_closes_a_room_and_its_players_are_told(
    server: tuple[GameServer, Address, Wire], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rooms never closed. Closing takes the host key; the room's connections get
    RoomClosed, then the server closes them; the room leaves the lobby and does not come
    back at the next start; its log stays as it was."""
    game_server, address, _wire = server
    made = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    ana = await Seat.join(address, made.room, made.invites[0].token)
    watcher = await Seat.join(address, made.room, None)
    log = game_server.rooms[made.room].session.path
    assert log is not None
    async with await Connection.open(address) as host:
        await host.send(CloseRoom(made.room))
        refused = await host.receive()
        assert isinstance(refused, Error) and "none was given" in refused.message
        await host.send(CloseRoom(made.room.lower(), key=game_server.host_key))
        closed = await host.receive()
        assert closed == RoomClosed(made.room, "closed by its host", "closed by its host")
    for seat in (ana, watcher):
        told = await asyncio.wait_for(seat.connection.receive(), TIMEOUT)
        while isinstance(told, Table):  # the watcher's arrival, on Ana's table
            told = await asyncio.wait_for(seat.connection.receive(), TIMEOUT)
        assert told == RoomClosed(made.room, "closed by its host", "closed by its host")
        with pytest.raises(ServerGone):
            await asyncio.wait_for(seat.connection.receive(), TIMEOUT)
    assert made.room not in game_server.rooms
    assert (tmp_path / "rooms" / "retired" / f"{made.room}.json").exists() and log.exists()
    assert not (tmp_path / "rooms" / f"{made.room}.json").exists()
    async with await Connection.open(address) as again:
        await again.send(Hello(made.room, made.invites[0].token))
        gone = await again.receive()
        assert isinstance(gone, Error) and "there is no room" in gone.message
    restarted = GameServer(tmp_path)
    restarted.open_rooms()
    assert made.room not in restarted.rooms
    restarted.close()
    # from the shell: the key found on this machine; a room that is not there: one line
    other = await make_room(address, ("Ana", "human"), ("Bo", "greedy"))
    assert await asyncio.to_thread(main, ["close", str(address), other.room]) == 0
    assert capsys.readouterr().out.startswith(f"Room {other.room} is closed")
    assert await asyncio.to_thread(main, ["close", str(address), other.room]) == 1
    assert (
        capsys.readouterr().err == f"cwtui close: the server refused: there is no room {other.room!r} on this server\n"
    )


async def test_rooms_nobody_visits_expire_and_finished_ones_retire(tmp_path: Path) -> None:
    """Rooms never expired: a room under way with no move and nobody at it for the room
    TTL is closed; a finished room nobody watches is served for a while, then retired."""
    limits = Limits(room_ttl=0.4, finished_kept=0.4, sweep_every=0.05)
    game_server = GameServer(tmp_path, limits=limits)
    async with served(game_server) as address:
        key = game_server.host_key

        async def made(*seats: SeatConfig) -> RoomMade:
            async with await Connection.open(address) as host:
                await host.send(CreateRoom(seats, 7, key=key))
                reply = await host.receive()
            assert isinstance(reply, RoomMade)
            return reply

        left = await made(SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
        visited = await made(SeatConfig("Cy"), SeatConfig("Di", "greedy"))
        bots = await made(SeatConfig("Bo", "greedy"), SeatConfig("Di", "random"))  # plays itself to the end
        cy = await Seat.join(address, visited.room, visited.invites[0].token)
        await asyncio.sleep(1.0)
        assert left.room not in game_server.rooms  # nobody came: expired
        assert visited.room in game_server.rooms  # Cy is at her table, however long she thinks
        assert bots.room not in game_server.rooms  # finished, and nobody watched it
        retired = tmp_path / "rooms" / "retired"
        assert sorted(p.stem for p in retired.glob("*.json")) == sorted([left.room, bots.room])
        await cy.connection.close()
        await asyncio.sleep(1.0)
        assert visited.room not in game_server.rooms  # she left, and nobody came back


async def test_a_tls_mismatch_says_what_is_wrong(server: tuple[GameServer, Address, Wire]) -> None:
    """wss:// to a server without TLS said "cannot reach a cwtui server at wss://…: "
    with nothing after it."""
    from websockets.exceptions import InvalidMessage

    from cwtui.net.client import why_unreachable

    _game_server, address, _wire = server
    tls = Address(address.uri.replace("ws://", "wss://"))
    with pytest.raises(ServerGone) as caught:
        await Connection.open(tls)
    plain = address.uri.removeprefix("ws://")
    assert str(caught.value).endswith(f"no TLS there (ConnectionResetError); a server reached without a TLS proxy is "
                                      f"{plain} (ws://), not wss://")  # fmt: skip
    # a TLS server reached as ws:// answers no HTTP (websockets' InvalidMessage)
    said = why_unreachable(address, InvalidMessage("did not receive a valid HTTP response"))
    assert said.endswith(f"behind a TLS proxy it is wss://{plain}")
    assert (
        why_unreachable(address, ConnectionRefusedError(111, "Connect call failed"))
        == "[Errno 111] Connect call failed"
    )


async def test_invites_name_the_address_players_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Behind a TLS proxy, `host` on the server's machine printed lines naming
    127.0.0.1; with `serve --public-url` they name the address players reach."""
    game_server = GameServer(tmp_path, public_url="wss://play.example.org:443")
    listening = await game_server.start("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    host_key.register(port, game_server.host_key, tmp_path)
    try:
        argv = ["host", f"127.0.0.1:{port}", "--seat", "Ana", "--seat", "Bo:greedy"]
        assert await asyncio.to_thread(main, argv) == 0
        lines = capsys.readouterr().out.splitlines()
        (code,) = game_server.rooms
        assert lines[0].startswith(f"Room {code} on wss://play.example.org:443.")
        assert lines[1].startswith(f"  Ana: cwtui join wss://play.example.org:443/{code}#")
        assert lines[2] == f"  To watch: cwtui join wss://play.example.org:443/{code}"
    finally:
        listening.close()
        await listening.wait_closed()
        game_server.close()
    assert main(["serve", "--public-url", "play.example.org", "--replays-dir", str(tmp_path)]) == 2
    assert "expected HOST:PORT" in capsys.readouterr().err


async def test_a_restarted_server_answers_once_its_rooms_are_back(tmp_path: Path) -> None:
    """A table reconnecting to a restarting server must find its room: the server
    listened before it had opened the earlier run's rooms, and said "there is no room",
    and the table gave the room up for gone."""
    first = GameServer(tmp_path)
    (room, invites) = first.store.create(GameConfig((SeatConfig("Ana"), SeatConfig("Bo")), 7), set())
    room.close()
    restarted = GameServer(tmp_path)
    listening = await restarted.start("127.0.0.1", 0, opened=False)
    address = Address(f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}")
    try:
        async with await Connection.open(address) as ana:
            await ana.send(Hello(room.code, invites[0].token))
            answer = asyncio.ensure_future(ana.receive())
            await asyncio.sleep(0.3)
            assert not answer.done()  # no answer before the rooms are open
            restarted.open_rooms()
            welcome = await asyncio.wait_for(answer, 10)
            assert isinstance(welcome, Welcome) and welcome.seat == 0
    finally:
        listening.close()
        await listening.wait_closed()
        restarted.close()


def test_a_key_left_by_a_server_that_no_longer_runs_is_not_sent(tmp_path: Path) -> None:
    """A server killed with kill -9 leaves its entry behind; whatever listens on its
    port later must not be sent its key."""
    key = "k" * 32
    host_key.register(8771, key, tmp_path)
    assert host_key.local_key("ws://127.0.0.1:8771") == key  # this process: running
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    entry = host_key.state_folder() / "servers" / "8771.json"
    entry.write_text(entry.read_text().replace(f'"pid": {os.getpid()}', f'"pid": {gone.pid}'))
    assert host_key.local_key("ws://127.0.0.1:8771") is None


async def test_a_rooms_connection_names_it_in_its_path_for_a_proxy_to_route_by() -> None:
    """Past one machine (docs/scaling.md): a proxy in front of several servers sends a
    room's players to its server by the path /room/CODE (the server ignores the path);
    a proxy whose server is down answers 502, which the client says in words."""
    from http import HTTPStatus

    from websockets.asyncio.server import ServerConnection
    from websockets.asyncio.server import serve as ws_serve
    from websockets.http11 import Request, Response

    paths: list[str] = []

    def proxy(connection: ServerConnection, request: Request) -> Response | None:
        paths.append(request.path)
        return connection.respond(HTTPStatus.BAD_GATEWAY, "no server\n") if "DOWN" in request.path else None

    async def echo(connection: ServerConnection) -> None:
        await connection.close()

    async with ws_serve(echo, "127.0.0.1", 0, process_request=proxy) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        await (await Connection.open(Address(f"ws://127.0.0.1:{port}", "AB23CD", "token"))).close()
        await (await Connection.open(Address(f"ws://127.0.0.1:{port}"))).close()
        with pytest.raises(ServerGone) as down:
            await Connection.open(Address(f"ws://127.0.0.1:{port}", "DOWN2", None))
    assert paths == ["/room/AB23CD", "/", "/room/DOWN2"]  # the token never in the path
    assert str(down.value).endswith(
        "a proxy there answered HTTP 502: the cwtui server behind it is not running now (its players' tables "
        "reconnect by themselves once it is back)"
    )
