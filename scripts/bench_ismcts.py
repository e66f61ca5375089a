"""Measure the search bot: iterations per second, and seconds a move at each difficulty.

    python scripts/bench_ismcts.py [--players 2] [--games 3] [--iterations 1000]

Positions are every bot decision of greedy self-play games (seeded), so early, middle
and late game are all in the sample. Target (issue 6): at least 2,000 iterations a
second in a two-player game; hard never more than about 2 s a move.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GameConfig, SeatConfig, apply_in_place, legal_moves, load_cards, new_game
from engine.bots import SEARCH_BUDGET, GreedyBot, IsmctsBot
from engine.state import State
from engine.view import view

CARDS = load_cards()


def decisions(players: int, games: int) -> list[State]:
    """Every position with a real choice in greedy games, seeds 0..games-1."""
    found = []
    for seed in range(games):
        seats = tuple(SeatConfig(f"P{i}", "greedy") for i in range(players))
        s = new_game(GameConfig(seats=seats, seed=seed))
        bot = GreedyBot(seed, CARDS)
        while not s.over:
            moves = legal_moves(s)
            if len(moves) > 1:
                found.append(s.clone())
            apply_in_place(s, bot.choose(view(s, s.to_act), moves))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=1000, help="iterations a search, for the rate")
    parser.add_argument("--sample", type=int, default=40, help="positions searched (evenly spread)")
    args = parser.parse_args()
    positions = decisions(args.players, args.games)
    step = max(1, len(positions) // args.sample)
    sample = positions[::step][: args.sample]
    print(f"ISMCTS benchmark: {len(sample)} of {len(positions)} decisions from {args.games} greedy "
          f"{args.players}-player games, one core")  # fmt: skip
    rates = []
    for s in sample:
        bot = IsmctsBot(7, CARDS, args.iterations)
        start = time.perf_counter()
        bot.choose(view(s, s.to_act), legal_moves(s))
        rates.append(bot.last_iterations / (time.perf_counter() - start))
    rates.sort()
    print(f"  iterations/s: median {statistics.median(rates):7.0f}   min {rates[0]:7.0f}   max {rates[-1]:7.0f}")
    for kind, (iterations, cap) in SEARCH_BUDGET.items():
        seconds = []
        capped = 0
        for s in sample:
            bot = IsmctsBot(7, CARDS, iterations, cap, kind)
            start = time.perf_counter()
            bot.choose(view(s, s.to_act), legal_moves(s))
            seconds.append(time.perf_counter() - start)
            capped += bot.last_iterations < iterations
        seconds.sort()
        print(f"  {kind:6} ({iterations} iterations, cap {cap:.1f} s): median {statistics.median(seconds):5.2f} s"
              f"  max {seconds[-1]:5.2f} s  stopped by the cap {capped}/{len(sample)}")  # fmt: skip


if __name__ == "__main__":
    main()
