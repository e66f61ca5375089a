"""How fast the game server answers: whole games by two scripted clients on localhost.

    python scripts/bench_server.py [--games 5]

For each move: the round trip from a client's Play to its new Table (the server decodes,
checks, applies and logs the move, then sends every connection its own table), and the
size of the tables sent. The baseline, measured in the same run, is the same moves
played in process through a GameSession (apply and log, no network, no views): the
ratio is what the server and the wire add. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.net.client import Address, Connection
from cwtui.net.protocol import CreateRoom, Hello, Play, RoomMade, Table, decode_server
from cwtui.net.server import GameServer
from cwtui.session import GameSession
from engine.config import GameConfig, SeatConfig
from engine.moves import Move
from engine.rng import Rng

SEATS = (SeatConfig("Ana"), SeatConfig("Bo"))


def ms(values: list[float]) -> str:
    values = sorted(values)
    return f"median {statistics.median(values) * 1e3:6.2f} ms  p95 {values[int(len(values) * 0.95) - 1] * 1e3:6.2f} ms"


async def served_game(address: Address, seed: int) -> tuple[list[float], list[int], list[Move]]:
    """A game by two clients choosing seeded random moves: each move's round trip, the
    size of each table, and the moves (for the baseline)."""
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(SEATS, seed))
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


async def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = GameServer(Path(folder) / "server")
        listening = await server.start("127.0.0.1", 0)
        address = Address(f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}")
        trips: list[float] = []
        sizes: list[int] = []
        base: list[float] = []
        plies = 0
        for game in range(games):
            game_trips, game_sizes, moves = await served_game(address, 100 + game)
            trips += game_trips
            sizes += game_sizes
            plies += len(moves)
            base.append(in_process(100 + game, moves, Path(folder) / "local"))
        listening.close()
        await listening.wait_closed()
        server.close()
    print(f"{games} two-seat games by two clients on localhost, {plies} moves")
    print(f"a move's round trip (Play → the mover's Table): {ms(trips)}")
    print(f"the same move applied and logged in process:     median {statistics.median(base) * 1e3:6.2f} ms")
    print(f"ratio (median round trip / in process):          {statistics.median(trips) / statistics.median(base):.1f}×")
    print(f"a Table on the wire: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5)
    asyncio.run(main(parser.parse_args().games))
