"""Engine throughput on one core: random games per second, engine steps per second, and
game-log write/read throughput. Prints numbers; asserts nothing.

    python scripts/bench_engine.py [--games 200] [--profile]

"Functional" is `apply` (returns a new state: what the app and bots' callers use);
"in place" is `apply_in_place` (changes the state: what simulation and search use).
A step is one `legal_moves` plus one apply.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from engine import GameConfig, SeatConfig, apply, apply_in_place, legal_moves, new_game
from engine.cards import load_cards
from engine.log import Chain, header_for, parse, ply_record
from engine.rng import Rng
from engine.setup import set_up


def random_games(players: int, games: int, in_place: bool) -> tuple[float, int]:
    """Seconds taken and steps played by `games` random games."""
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        config = GameConfig(seats=tuple(SeatConfig(f"P{i}", "random") for i in range(players)), seed=seed)
        state = new_game(config)
        rng = Rng(seed)
        while not state.over:
            moves = legal_moves(state)
            move = moves[rng.below(len(moves))]
            if in_place:
                apply_in_place(state, move)
            else:
                state, _ = apply(state, move)
            steps += 1
    return time.perf_counter() - start, steps


def log_throughput(games: int) -> tuple[int, int, float, float]:
    """Lines and bytes of `games` 4-player logs; seconds to write them and to read them."""
    cards = load_cards()
    records: list[list[bytes]] = []
    for seed in range(games):
        config = GameConfig(seats=tuple(SeatConfig(f"P{i}", "random") for i in range(4)), seed=seed)
        state = new_game(config, cards)
        rng = Rng(seed)
        chain = Chain()
        setup = set_up(config, cards)[1]
        lines = [chain.line(header_for(config, cards.hash, f"g{seed}", "2026-01-01T00:00:00+00:00", setup=setup))]
        while not state.over:
            moves = legal_moves(state)
            move = moves[rng.below(len(moves))]
            after, events = apply(state, move)
            lines.append(chain.line(ply_record(state, move, events)))
            state = after
        records.append(lines)
    with tempfile.TemporaryDirectory() as tmp:
        paths = [Path(tmp) / f"g{i}.jsonl" for i in range(games)]
        start = time.perf_counter()
        for path, lines in zip(paths, records, strict=True):
            with path.open("wb") as f:
                for line in lines:  # one write and flush per move, as the game writes them
                    f.write(line)
                    f.flush()
        written = time.perf_counter() - start
        start = time.perf_counter()
        for path in paths:
            with path.open("rb") as f:
                parse(f)
        read = time.perf_counter() - start
    n_lines = sum(len(lines) for lines in records)
    n_bytes = sum(len(line) for lines in records for line in lines)
    return n_lines, n_bytes, written, read


def report(games: int) -> None:
    print(f"engine benchmark: {games} random games per row, one core")
    for players in (2, 4):
        for in_place in (False, True):
            seconds, steps = random_games(players, games, in_place)
            mode = "in place  " if in_place else "functional"
            print(
                f"  {players} players, {mode}: {games / seconds:7.1f} games/s  "
                f"{steps / seconds:9.0f} steps/s  ({steps / games:.0f} steps a game)"
            )
    lines, size, written, read = log_throughput(max(games // 4, 10))
    print(
        f"  log write: {lines / written:9.0f} lines/s {size / written / 1e6:6.1f} MB/s (flushed per line)\n"
        f"  log read:  {lines / read:9.0f} lines/s {size / read / 1e6:6.1f} MB/s (parsed to typed records)"
    )


def profile(run: Callable[[], object]) -> None:
    profiler = cProfile.Profile()
    profiler.runcall(run)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="also print the top costs of 4-player games")
    args = parser.parse_args()
    report(args.games)
    if args.profile:
        profile(lambda: random_games(4, max(args.games // 4, 10), in_place=True))


if __name__ == "__main__":
    main()
