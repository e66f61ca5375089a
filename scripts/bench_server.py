"""How fast the game server answers, alone and under load, on localhost.

    python scripts/bench_server.py [--games 3] [--rooms 100] [--think 0.0] [--spectators 64]

1. One room at a time (--games): whole two-seat games by two scripted clients (and again
   with --spectators watching, from 8 addresses, each reading all it is sent). For each
   move, the round trip from a client's Play to its new Table (the server decodes,
   checks, applies and logs the move, then sends every connection its own table), and
   the size of the tables sent. The baseline, measured in the same run, is the same
   moves played in process through a GameSession (apply and log, no network, no views):
   the ratio is what the server and the wire add.
2. Under load (--rooms): `cwtui serve` in a process of its own, and that many rooms
   playing at once, each of four clients choosing seeded random moves from their tables
   after --think seconds (0: at once, the server's worst case). Prints games finished,
   moves a second, the round trips (their median beside the single-room median of part
   1), the server's memory (idle and at its peak) and whether every room's log
   verifies: "no game lost" is every room finished on the clients and on disk.

3. What one server holds (--hold): that many four-seat rooms open at once with every
   seat connected and nobody moving: the server's memory per room and per connection.
4. A soak (--soak SECONDS; the issue's is 600): `cwtui serve` with a room TTL and a
   finished room's time in the lobby of a minute each, and --soak-rooms rooms alive at
   any time, each living one of three lives: played to the end (a think of 0.05–0.3 s
   a move), abandoned after a few moves (it expires), or left and rejoined (its seats
   reconnect and play on). Every 30 s: rooms made, finished, expired, the lobby's size,
   and the server's memory; at the end, memory's growth over the last two thirds of the
   run (flat is a few MiB at most).

The clients connect from several loopback addresses (127.0.0.2, .3, …): the server
allows 32 connections an address. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import logs_in  # the games in a folder, as the app reads them
from timings import report
from websockets.asyncio.client import connect

from cwtui.game.logfile import read_log
from cwtui.game.session import GameSession
from cwtui.net.client import Address, Connection
from cwtui.net.host_key import local_key
from cwtui.net.protocol import (
    MAX_FRAME,
    CreateRoom,
    Error,
    Hello,
    ListRooms,
    Play,
    RoomMade,
    Rooms,
    Table,
    decode_server,
)
from cwtui.net.server import GameServer
from engine.cards import load_cards
from engine.config import GameConfig, SeatConfig
from engine.moves import Move
from engine.replay import Replay
from engine.rng import Rng

SEATS = (SeatConfig("Ana"), SeatConfig("Bo"))


async def served_game(
    address: Address, seed: int, key: str, watchers: int = 0
) -> tuple[list[float], list[int], list[Move]]:
    """A game by two clients choosing seeded random moves, watched by `watchers`
    spectators from SPECTATOR_ADDRESSES addresses who read everything: each move's round
    trip, the size of each table, and the moves (for the baseline)."""
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(SEATS, seed, key=key))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    watching = await spectators(address, made.room, watchers) if watchers else None
    clients = [await Connection.open(address) for _ in made.invites]
    seat_tables: dict[int, Table] = {}
    for seat, (client, invite) in enumerate(zip(clients, made.invites, strict=True)):
        await client.send(Hello(made.room, invite.token))
        await client.receive()  # Welcome
        seat_tables[seat] = await receive_table(client, [])
    # Ana's table again, sent as Bo arrived: from here a move sends each seat one table
    seat_tables[0] = await receive_table(clients[0], [])
    rng = Rng(seed)
    trips: list[float] = []
    sizes: list[int] = []
    moves: list[Move] = []
    while True:
        to_act = seat_tables[0].view.to_act
        table = seat_tables[to_act]
        if table.over:
            break
        move = table.legal[rng.below(len(table.legal))]
        start = time.perf_counter()
        await clients[to_act].send(Play(table.ply, move))
        seat_tables[to_act] = await receive_table(clients[to_act], sizes)
        trips.append(time.perf_counter() - start)
        seat_tables[1 - to_act] = await receive_table(clients[1 - to_act], sizes)
        moves.append(move)
    for client in clients:
        await client.close()
    if watching is not None:
        watching.terminate()
        await watching.wait()
    return trips, sizes, moves


SPECTATOR_ADDRESSES = 8


async def spectators(address: Address, room: str, count: int) -> asyncio.subprocess.Process:
    """`count` spectators of `room` in a process of their own (their reading is not the
    server's time), from loopback addresses 127.0.0.2 to .9 in turn, each reading all
    it is sent; once every one is in."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--watch", address.uri, room, str(count), stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None
    said = (await process.stdout.readline()).decode().strip()
    assert said == "watching", said
    return process


async def watch(uri: str, room: str, count: int) -> None:
    """`--watch`: the spectators' process (see `spectators`)."""

    async def spectator(number: int) -> Connection:
        source = f"127.0.0.{2 + number % SPECTATOR_ADDRESSES}"
        connection = Connection(await connect(uri, max_size=MAX_FRAME, local_addr=(source, 0)))
        await connection.send(Hello(room, None))
        welcome = await connection.receive()
        assert not isinstance(welcome, Error), f"spectator {number} refused: {welcome.message}"
        return connection

    async def read(connection: Connection) -> None:
        while True:
            await connection.socket.recv()

    watching = [await spectator(number) for number in range(count)]
    print("watching", flush=True)
    await asyncio.gather(*(read(connection) for connection in watching))


async def receive_table(client: Connection, sizes: list[int]) -> Table:
    data = await client.socket.recv()
    sizes.append(len(data))
    message = decode_server(data)
    assert isinstance(message, Table), message
    return message


def in_process(seed: int, moves: list[Move], folder: Path) -> float:
    """The same moves, applied and logged by a GameSession: seconds a move."""
    session = GameSession.start(GameConfig(SEATS, seed), folder)
    start = time.perf_counter()
    for move in moves:
        session.play(move)
    elapsed = time.perf_counter() - start
    session.close()
    return elapsed / len(moves)


async def one_at_a_time(games: int, folder: Path, watchers: int = 0) -> float:
    """Part 1: prints its numbers, returns the median round trip."""
    server = GameServer(folder / "server")
    listening = await server.start("127.0.0.1", 0)
    address = Address(f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}")
    trips: list[float] = []
    sizes: list[int] = []
    base: list[float] = []
    plies = 0
    for game in range(games):
        game_trips, game_sizes, moves = await served_game(address, 100 + game, server.host_key, watchers)
        trips += game_trips
        sizes += game_sizes
        plies += len(moves)
        base.append(in_process(100 + game, moves, folder / "local"))
    listening.close()
    await listening.wait_closed()
    server.close()
    watched = f", {watchers} spectators over {SPECTATOR_ADDRESSES} addresses" if watchers else ""
    print(f"{games} two-seat games one at a time, two clients each{watched}, {plies} moves")
    report("a move's round trip (Play → the mover's Table)", trips)
    print(f"the same move applied and logged in process:     median {statistics.median(base) * 1e3:6.2f} ms")
    print(f"ratio (median round trip / in process):          {statistics.median(trips) / statistics.median(base):.1f}×")
    print(f"a Table on the wire: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")
    return statistics.median(trips)


# ---- 2. under load ---------------------------------------------------------------------

FOUR = tuple(SeatConfig(name) for name in ("Ana", "Bo", "Cy", "Di"))
PER_ADDRESS = 32  # the server's limit of connections an address (cwtui.net.limits.Limits)


@dataclass
class Load:
    trips: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # Error replies: none expected
    finished: int = 0
    server_cpu: float = 0.0  # seconds of CPU the server used, start-up included
    plies: dict[int, int] = field(default_factory=dict)  # a room's seed → plies its clients saw


async def open_from(port: int, number: int) -> Connection:
    """Connection `number` of the run, from loopback address 127.0.0.(2 + number // 32)."""
    source = f"127.0.0.{2 + number // PER_ADDRESS}"
    socket = await connect(f"ws://127.0.0.1:{port}", max_size=MAX_FRAME, compression=None, local_addr=(source, 0))
    return Connection(socket)


async def seat_client(connection: Connection, seat: int, seed: int, think: float, load: Load) -> Table:
    """Play one seat to the end: a random legal move after `think` seconds whenever it is
    this seat's turn; the round trip is from its Play to the first Table past that ply."""
    rng = Rng(seed)
    sent: tuple[int, float] | None = None  # (ply, when) of the move awaiting its table
    while True:
        message = await connection.receive()
        if isinstance(message, Error):
            load.refused.append(message.message)
            sent = None
            continue
        if not isinstance(message, Table):
            continue
        if sent is not None and message.ply > sent[0]:
            load.trips.append(time.perf_counter() - sent[1])
            sent = None
        if message.over:
            return message
        if sent is None and message.legal:
            if think:
                await asyncio.sleep(think)
            move = message.legal[rng.below(len(message.legal))]
            sent = (message.ply, time.perf_counter())
            await connection.send(Play(message.ply, move))


async def loaded_room(port: int, number: int, think: float, load: Load) -> None:
    host = await open_from(port, number * 5)
    await host.send(CreateRoom(FOUR, 1000 + number, key=local_key(f"ws://127.0.0.1:{port}")))
    made = await host.receive()
    await host.close()
    if not isinstance(made, RoomMade):
        load.refused.append(f"room {number}: {made}")
        return
    clients = [await open_from(port, number * 5 + 1 + seat) for seat in range(len(FOUR))]
    for client, invite in zip(clients, made.invites, strict=True):
        await client.send(Hello(made.room, invite.token))
    ends = await asyncio.gather(
        *(seat_client(client, seat, number * 10 + seat, think, load) for seat, client in enumerate(clients))
    )
    for client in clients:
        await client.close()
    load.finished += 1
    load.plies[1000 + number] = ends[0].ply


def memory_kib(pid: int) -> tuple[int, int]:
    """The process's resident memory now and at its peak (Linux: /proc), KiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def cpu_seconds(pid: int) -> float:
    """User and system time the process has used (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def logs_verified(folder: Path, plies: dict[int, int]) -> tuple[int, list[str]]:
    """How many of the server's logs verify as finished games of the plies their
    clients saw, and what is wrong with the others."""
    cards = load_cards()
    good, wrong = 0, []
    for path in logs_in([folder]):
        replay = Replay(read_log(path), cards)
        if replay.divergence or not replay.final.over:
            wrong.append(f"{path.name}: {replay.divergence or 'not finished'}")
        elif len(replay.log.plies) != plies.get(replay.log.header.config.seed):
            wrong.append(f"{path.name}: {len(replay.log.plies)} plies, not what its clients saw")
        else:
            good += 1
    return good, wrong


async def under_load(rooms: int, think: float, folder: Path) -> tuple[Load, float, tuple[int, int], int]:
    server, port = await serve_process(folder)
    idle = memory_kib(server.pid)[0]
    load = Load()
    start = time.perf_counter()
    await asyncio.gather(*(loaded_room(port, number, think, load) for number in range(rooms)))
    elapsed = time.perf_counter() - start
    peak = memory_kib(server.pid)[1]
    load.server_cpu = cpu_seconds(server.pid)
    server.terminate()
    await server.wait()
    return load, elapsed, (idle, peak), server.returncode or 0


# ---- 3. what one server holds -----------------------------------------------------------


async def serve_process(folder: Path, *options: str) -> tuple[asyncio.subprocess.Process, int]:
    """`cwtui serve` in a process of its own, listening: the process and its port."""
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cwtui", "serve", "--port", str(port), "--replays-dir", str(folder), *options,
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert server.stdout is not None
    await server.stdout.readline()  # "listening on …": it is ready
    return server, port


async def held(rooms: int, folder: Path) -> None:
    """Part 3: `rooms` four-seat rooms open at once, every seat connected, nobody moving."""
    server, port = await serve_process(folder)
    await asyncio.sleep(1.0)
    idle = memory_kib(server.pid)[0]
    clients: list[Connection] = []
    for number in range(rooms):
        host = await open_from(port, number * 5)
        await host.send(CreateRoom(FOUR, 5000 + number, key=local_key(f"ws://127.0.0.1:{port}")))
        made = await host.receive()
        await host.close()
        assert isinstance(made, RoomMade), made
        for seat, invite in enumerate(made.invites):
            client = await open_from(port, number * 5 + 1 + seat)
            await client.send(Hello(made.room, invite.token))
            clients.append(client)
    for client in clients:  # each has its Welcome and tables: the room is fully drawn
        await client.receive()
    await asyncio.sleep(1.0)
    holding = memory_kib(server.pid)[0]
    for client in clients:
        await client.close()
    server.terminate()
    await server.wait()
    grown = (holding - idle) / 1024
    print()
    print(f"{rooms} four-seat rooms open at once, {len(clients)} connections, nobody moving")
    print(f"server memory: {idle / 1024:.0f} MiB idle, {holding / 1024:.0f} MiB holding them: "
          f"{grown * 1024 / rooms:.0f} KiB a room with its 4 connections")  # fmt: skip


# ---- 4. a soak ---------------------------------------------------------------------------


@dataclass
class Soak:
    made: int = 0
    finished: int = 0
    abandoned: int = 0
    rejoined: int = 0
    refused: list[str] = field(default_factory=list)


async def soak_room(port: int, slot: int, life: int, soak: Soak, rng: Rng) -> None:
    """One room's life: 0 played to the end, 1 abandoned after a few moves, 2 left and
    rejoined (its seats reconnect and play on)."""
    number = slot * 3  # each slot's connections come from addresses of its own
    host = await open_from(port, number)
    await host.send(CreateRoom(SEATS, rng.below(1 << 30), key=local_key(f"ws://127.0.0.1:{port}")))
    made = await host.receive()
    await host.close()
    if not isinstance(made, RoomMade):
        soak.refused.append(str(made))
        return
    soak.made += 1

    async def seat(index: int, seconds: float | None) -> bool:
        """Play the seat for `seconds` (None: to the end); True at the end."""
        client = await open_from(port, number + 1 + index)
        await client.send(Hello(made.room, made.invites[index].token))
        until = time.perf_counter() + (seconds if seconds is not None else 3600.0)
        sent = -1  # the position of the last move sent: a table of the same one is not a new turn
        try:
            while (left := until - time.perf_counter()) > 0:
                try:
                    message = await asyncio.wait_for(client.receive(), left)
                except TimeoutError:
                    return False
                if isinstance(message, Error):
                    soak.refused.append(message.message)
                elif isinstance(message, Table):
                    if message.over:
                        return True
                    if message.legal and message.ply > sent:
                        await asyncio.sleep(0.05 + rng.below(250) / 1000)
                        sent = message.ply
                        await client.send(Play(message.ply, message.legal[rng.below(len(message.legal))]))
            return False
        finally:
            await client.close()

    if life == 1:
        await asyncio.gather(seat(0, 3.0), seat(1, 3.0))
        soak.abandoned += 1
        return
    if life == 2:
        await asyncio.gather(seat(0, 3.0), seat(1, 3.0))
        await asyncio.sleep(1.0)
        soak.rejoined += 1
    await asyncio.gather(seat(0, None), seat(1, None))
    soak.finished += 1


async def soaked(seconds: float, alive: int, folder: Path) -> None:
    """Part 4: prints a line every 30 s and the memory's growth."""
    server, port = await serve_process(folder, "--room-ttl", "60s", "--finished-kept", "60s")
    soak = Soak()
    rng = Rng(7)
    start = time.perf_counter()
    samples: list[tuple[float, int]] = []
    print()
    print(f"a soak of {seconds:g} s: {alive} rooms alive at any time (played, abandoned, or left and rejoined)")
    print(f"{'s':>5} {'made':>6} {'done':>6} {'abandoned':>9} {'rejoined':>8} {'lobby':>6} {'MiB':>6}")

    async def slot(index: int) -> None:
        while time.perf_counter() - start < seconds:
            try:
                await soak_room(port, index, rng.below(3), soak, rng)
            except (OSError, TimeoutError, ConnectionError) as exc:
                soak.refused.append(f"{type(exc).__name__}: {exc}")

    async def sample() -> None:
        while True:
            await asyncio.sleep(30)
            rss = memory_kib(server.pid)[0]
            samples.append((time.perf_counter() - start, rss))
            async with await Connection.open(Address(f"ws://127.0.0.1:{port}")) as lobby:
                await lobby.send(ListRooms())
                rooms = await lobby.receive()
            listed = len(rooms.rooms) if isinstance(rooms, Rooms) else -1
            print(f"{samples[-1][0]:>5.0f} {soak.made:>6} {soak.finished:>6} {soak.abandoned:>9} "
                  f"{soak.rejoined:>8} {listed:>6} {rss / 1024:>6.0f}", flush=True)  # fmt: skip

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*(slot(index) for index in range(alive)))
    await asyncio.sleep(150)  # the abandoned rooms expire, the finished leave the lobby
    sampler.cancel()
    retired = len(list((folder / "rooms" / "retired").glob("*.json")))
    server.terminate()
    await server.wait()
    third = [rss for at, rss in samples if at >= seconds / 3]
    print(f"rooms made {soak.made}, retired by the end {retired}; refused or failed: {len(soak.refused)}")
    for line in soak.refused[:5]:
        print(f"  {line}")
    if third:
        print(f"server memory over the last two thirds: {min(third) / 1024:.0f}–{max(third) / 1024:.0f} MiB, "
              f"{(third[-1] - third[0]) / 1024:+.1f} MiB from first to last")  # fmt: skip


async def main(games: int, rooms: int, think: float, hold: int, soak: float, soak_rooms: int, spectators: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        single = await one_at_a_time(games, Path(folder))
        if spectators:
            print()
            await one_at_a_time(games, Path(folder) / "watched", spectators)
        if not rooms:
            return
        load, elapsed, (idle, peak), code = await under_load(rooms, think, Path(folder) / "loaded")
        good, wrong = logs_verified(Path(folder) / "loaded", load.plies)
        report_load(rooms, think, single, load, elapsed, idle, peak, code, good, wrong)
        if hold:
            await held(hold, Path(folder) / "held")
        if soak:
            await soaked(soak, soak_rooms, Path(folder) / "soak")


def report_load(
    rooms: int, think: float, single: float, load: Load, elapsed: float, idle: int, peak: int, code: int,
    good: int, wrong: list[str],
) -> None:  # fmt: skip
    moves = len(load.trips)
    print()
    print(f"{rooms} rooms at once, 4 clients each, moves after {think:g} s (cwtui serve in its own process)")
    print(f"games finished on the clients: {load.finished}/{rooms}; logs that verify as those games: {good}/{rooms}")
    for line in wrong[:5]:
        print(f"  {line}")
    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:,.0f} moves/s; refused: {len(load.refused)}")
    for line in load.refused[:5]:
        print(f"  {line}")
    report("a move's round trip", load.trips)
    print(
        f"the server's CPU: {load.server_cpu:.1f} s of the {elapsed:.1f} s "
        f"({load.server_cpu / elapsed:.0%} of a core), {load.server_cpu / moves * 1e3:.2f} ms a move"
    )
    print(f"ratio (median under load / median of one room alone): {statistics.median(load.trips) / single:.1f}×")
    print(f"server memory: {idle / 1024:.0f} MiB idle, {peak / 1024:.0f} MiB at its peak; it stopped with code {code}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="games played one at a time (part 1)")
    parser.add_argument("--rooms", type=int, default=100, help="rooms played at once (part 2)")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client waits before each move")
    parser.add_argument("--hold", type=int, default=0, help="rooms held open at once, nobody moving (part 3)")
    parser.add_argument("--soak", type=float, default=0.0, help="seconds of the soak (part 4; 0: none)")
    parser.add_argument("--soak-rooms", type=int, default=40, help="rooms alive at any time in the soak")
    parser.add_argument("--spectators", type=int, default=0,
                        help="part 1 again with this many spectators in each room, from 8 addresses")  # fmt: skip
    parser.add_argument("--watch", nargs=3, metavar=("URI", "ROOM", "COUNT"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.watch:
        uri, room, count = options.watch
        asyncio.run(watch(uri, room, int(count)))
        sys.exit(0)
    asyncio.run(
        main(options.games, options.rooms, options.think, options.hold, options.soak, options.soak_rooms,
             options.spectators)
    )  # fmt: skip
