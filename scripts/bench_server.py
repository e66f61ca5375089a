"""How fast the game server answers, alone and under load, on localhost.

    python scripts/bench_server.py [--games 3] [--rooms 100] [--think 0.0]

1. One room at a time (--games): whole two-seat games by two scripted clients. For each
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

from timings import report
from websockets.asyncio.client import connect

from cwtui.logfile import read_log
from cwtui.net.client import Address, Connection
from cwtui.net.host_key import local_key
from cwtui.net.protocol import MAX_FRAME, CreateRoom, Error, Hello, Play, RoomMade, Table, decode_server
from cwtui.net.server import GameServer
from cwtui.session import GameSession
from engine.cards import load_cards
from engine.config import GameConfig, SeatConfig
from engine.moves import Move
from engine.replay import Replay
from engine.rng import Rng

SEATS = (SeatConfig("Ana"), SeatConfig("Bo"))


async def served_game(address: Address, seed: int, key: str) -> tuple[list[float], list[int], list[Move]]:
    """A game by two clients choosing seeded random moves: each move's round trip, the
    size of each table, and the moves (for the baseline)."""
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(SEATS, seed, key=key))
        made = await host.receive()
    assert isinstance(made, RoomMade)
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
    return trips, sizes, moves


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


async def one_at_a_time(games: int, folder: Path) -> float:
    """Part 1: prints its numbers, returns the median round trip."""
    server = GameServer(folder / "server")
    listening = await server.start("127.0.0.1", 0)
    address = Address(f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}")
    trips: list[float] = []
    sizes: list[int] = []
    base: list[float] = []
    plies = 0
    for game in range(games):
        game_trips, game_sizes, moves = await served_game(address, 100 + game, server.host_key)
        trips += game_trips
        sizes += game_sizes
        plies += len(moves)
        base.append(in_process(100 + game, moves, folder / "local"))
    listening.close()
    await listening.wait_closed()
    server.close()
    print(f"{games} two-seat games one at a time, two clients each, {plies} moves")
    report("a move's round trip (Play → the mover's Table)", trips)
    print(f"the same move applied and logged in process:     median {statistics.median(base) * 1e3:6.2f} ms")
    print(f"ratio (median round trip / in process):          {statistics.median(trips) / statistics.median(base):.1f}×")
    print(f"a Table on the wire: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")
    return statistics.median(trips)


# ---- 2. under load ---------------------------------------------------------------------

FOUR = tuple(SeatConfig(name) for name in ("Ana", "Bo", "Cy", "Di"))
PER_ADDRESS = 32  # the server's limit of connections an address (cwtui.net.server.Limits)


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
    for path in sorted(folder.rglob("*.jsonl")):
        replay = Replay(read_log(path), cards)
        if replay.divergence or not replay.final.over:
            wrong.append(f"{path.name}: {replay.divergence or 'not finished'}")
        elif len(replay.log.plies) != plies.get(replay.log.header.config.seed):
            wrong.append(f"{path.name}: {len(replay.log.plies)} plies, not what its clients saw")
        else:
            good += 1
    return good, wrong


async def under_load(rooms: int, think: float, folder: Path) -> tuple[Load, float, tuple[int, int], int]:
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cwtui", "serve", "--port", str(port), "--replays-dir", str(folder),
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert server.stdout is not None
    await server.stdout.readline()  # "listening on …": it is ready
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


async def main(games: int, rooms: int, think: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        single = await one_at_a_time(games, Path(folder))
        load, elapsed, (idle, peak), code = await under_load(rooms, think, Path(folder) / "loaded")
        good, wrong = logs_verified(Path(folder) / "loaded", load.plies)
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
    options = parser.parse_args()
    asyncio.run(main(options.games, options.rooms, options.think))
