"""Engine throughput on one core, beside baselines measured in the same run. Prints
numbers; asserts nothing.

    python scripts/bench_engine.py [--games 100] [--rounds 5] [--base e99cb5f] [--profile]

Random games through the public API: a step is one `legal_moves` and one apply,
"functional" `apply` (a new state: what the app and the log use), "in place"
`apply_in_place` (what simulation and search use). Each round measures, one after the
other in fresh interpreters:

- `--base`: an earlier commit's engine, from a temporary git worktree (issue 15's
  2.5× is against e99cb5f);
- "pure": this checkout's engine run from its sources (CWTUI_PURE=1);
- "this": this checkout's engine as installed (compiled by mypyc where it could be:
  engine/native.py says which);
- python-chess playing random games (moves a second: legal moves and a push), a
  well-known engine on the same core;

and then `cwtui simulate` of random 4-player games with their logs, the whole command,
on the base and here. The figures are medians over the rounds; ratios are against the
base measured in the same run. Log write and read throughput follow, for this engine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from baseline import ROOT, checkout

ROWS = [(2, True), (4, True), (2, False), (4, False)]  # (players, in place)


def random_games(players: int, games: int, in_place: bool) -> tuple[float, int]:
    """Seconds taken and steps played by `games` random games (the engine is imported
    here, so that a measuring process uses the engine its PYTHONPATH names)."""
    from engine import GameConfig, SeatConfig, apply, apply_in_place, legal_moves, new_game
    from engine.rng import Rng

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


def chess_games(games: int) -> float:
    """python-chess: random legal moves a second, over whole random games."""
    import random

    import chess

    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    return moves / (time.perf_counter() - start)


def measure(args: list[str], tree: Path, env: dict[str, str]) -> dict[str, Any]:
    """This script's `--measure …` run in a fresh interpreter on `tree`'s code."""
    out = subprocess.run(
        [sys.executable, __file__, *args], cwd=tree, capture_output=True, text=True, check=True,
        env={**env, "PYTHONPATH": str(tree)},
    ).stdout  # fmt: skip
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def simulate(tree: Path, env: dict[str, str], games: int) -> float:
    """Seconds for the whole `cwtui simulate` of random 4-player games, logs written."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "cwtui", "simulate", "--players", "4", "--games", str(games), "--bots", "random",
             "--workers", "1", "--seed", "1", "--out", out],
            cwd=tree, capture_output=True, check=True, env={**env, "PYTHONPATH": str(tree)},
        )  # fmt: skip
        return time.perf_counter() - start


def log_throughput(games: int) -> tuple[int, int, float, float]:
    """Lines and bytes of `games` 4-player logs; seconds to write them and to read them."""
    from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
    from engine.cards import load_cards
    from engine.log import Chain, header_for, parse, ply_record
    from engine.rng import Rng
    from engine.setup import set_up

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


def row_name(players: int, in_place: bool) -> str:
    return f"{players} players, {'in place  ' if in_place else 'functional'}"


def report(args: argparse.Namespace) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_PURE"}
    pure_env = {**env, "CWTUI_PURE": "1"}
    steps: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    chess_rate: list[float] = []
    simulated: dict[str, list[float]] = defaultdict(list)
    running = ""
    with checkout(args.base) as base:
        for i in range(args.rounds):
            for side, tree, side_env in ((args.base, base, env), ("pure", ROOT, pure_env), ("this", ROOT, env)):
                result = measure(["--measure", str(args.games)], tree, side_env)
                for name, rate in result.items():
                    if name == "running":
                        continue
                    steps[name][side].append(rate)
                if side == "this":
                    running = str(result.get("running", ""))
            try:
                chess_rate.append(measure(["--measure-chess", str(max(args.games // 10, 5))], ROOT, env)["chess"])
            except subprocess.CalledProcessError:
                chess_rate.clear()  # python-chess not installed: no such baseline
            for side, tree in ((args.base, base), ("this", ROOT)):
                simulated[side].append(simulate(tree, env, args.games))
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    print(f"engine: {args.games} random games a row, one core, medians of {args.rounds} interleaved rounds")
    print(f"this engine runs {running}")
    print(f"  {'steps a second':<28} {args.base:>10} {'pure':>10} {'this':>10}  this/base  pure/base")
    for players, in_place in ROWS:
        name = row_name(players, in_place)
        base_rate, pure_rate, this_rate = (statistics.median(steps[name][side]) for side in (args.base, "pure", "this"))
        print(
            f"  {name:<28} {base_rate:10,.0f} {pure_rate:10,.0f} {this_rate:10,.0f}"
            f"  {this_rate / base_rate:8.2f}×  {pure_rate / base_rate:8.2f}×"
        )
    if chess_rate:
        chess = statistics.median(chess_rate)
        four = statistics.median(steps[row_name(4, True)]["this"])
        print(f"  python-chess, random games: {chess:,.0f} moves a second; this engine's 4-player steps are "
              f"{four / chess:.1f}× that")  # fmt: skip
    else:
        print("  python-chess is not installed (pip install -e '.[test]'): no chess baseline")
    was, now = statistics.median(simulated[args.base]), statistics.median(simulated["this"])
    print(
        f"  cwtui simulate, {args.games} random 4-player games with logs, one worker: {args.base} {was:.2f} s, "
        f"this {now:.2f} s: {was / now:.2f}× as fast"
    )
    lines, size, written, read = log_throughput(max(args.games // 4, 10))
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
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--base", default="e99cb5f", help="the commit to measure against (default: e99cb5f)")
    parser.add_argument("--profile", action="store_true", help="also profile 4-player games on this engine")
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)  # a measuring process: N games a row
    parser.add_argument("--measure-chess", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        rates: dict[str, float | str] = {}
        for players, in_place in ROWS:
            seconds, played = random_games(players, args.measure, in_place)
            rates[row_name(players, in_place)] = played / seconds
        try:
            from engine.native import RUNNING

            rates["running"] = RUNNING
        except ImportError:
            rates["running"] = "pure Python (before engine.native)"
        print(json.dumps(rates))
        return
    if args.measure_chess:
        print(json.dumps({"chess": chess_games(args.measure_chess)}))
        return
    report(args)
    if args.profile:
        profile(lambda: random_games(4, max(args.games // 4, 10), in_place=True))


if __name__ == "__main__":
    main()
