"""How long a client takes to read a server's table: `protocol.decode_server` on the
table a seat of a four-seat game is sent mid-game (its strings looked over, and walked
only where one needs cleaning), and on the same table with a name that needs it.

    python scripts/bench_decode.py [--plies 200] [--repeats 400]
    python scripts/bench_versus.py 8fb43d8 scripts/bench_decode.py   # against an earlier commit

Every message a table receives goes through it, on the app's event loop."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import msgspec
from timings import report

from cwtui.game.session import GameSession
from cwtui.net import shown
from cwtui.net.protocol import decode_server, encode
from cwtui.net.room import Room
from engine.config import GameConfig, SeatConfig


def a_table(plies: int, folder: Path) -> str:
    """The table Ana's seat is sent after `plies` moves of a four-seat game."""
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"), SeatConfig("Cy", "greedy"), SeatConfig("Di", "greedy"))
    session = GameSession.start(GameConfig(seats, 5), folder)
    for _ in range(plies):
        if session.state.over:
            break
        session.play(session.legal()[0] if session.is_human(session.to_act) else session.bot_move().move)
    room = Room("ABCDEF", session, {})
    table = encode(shown.table(room, 0, 0, shown.seat_views(room, [0])[0]))
    session.close()
    return table


def timed(data: str, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        decode_server(data)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=200, help="moves played before the table is taken")
    parser.add_argument("--repeats", type=int, default=400, help="decodings timed of each table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table = a_table(args.plies, Path(folder))
    named = table.replace('"Ana"', msgspec.json.encode("Ana\u202e\x1b[2J").decode())
    print(f"a table of {len(table.encode()):,} bytes")
    report("decode a table", timed(table, args.repeats), digits=3)
    report("decode a table with a name to clean", timed(named, args.repeats), digits=3)


if __name__ == "__main__":
    main()
