"""Measure the search bot: iterations a second beside a baseline, and seconds a move.

    python scripts/bench_ismcts.py [--base e99cb5f] [--rounds 3] [--players 2] [--games 3]

Positions are decisions of greedy self-play games (seeded), so early, middle and late
game are all in the sample. Iterations a second are measured for 2, 3 and 4 players in
fresh interpreters, taking turns: the base commit's engine and bots (a git worktree;
issue 15's 2× is against e99cb5f), this checkout's run from its sources (CWTUI_PURE=1)
and as installed (compiled by mypyc where it could be). Then the seconds a move at each
level for this engine: on one core, and for a level of several trees also on a process
a core as the app searches (cwtui.cores.search_pool). Targets: issue 6, at least 2,000 iterations a second in a
two-player game and hard never more than about 2 s a move; issue 15, twice the base's
iterations a second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import TYPE_CHECKING

from baseline import ROOT, checkout
from corpus import decisions

from engine import legal_moves, load_cards
from engine.bots import IsmctsBot
from engine.state import State
from engine.view import view

if TYPE_CHECKING:  # this file also runs against the base commit (--rate-only), which has neither
    from engine.bots import TreeRunner

CARDS = load_cards()


def rate(players: int, games: int, iterations: int, sample_size: int) -> float:
    """Median iterations a second of searches from positions of greedy games."""
    positions = decisions(players, games)
    step = max(1, len(positions) // sample_size)
    rates = []
    for s in positions[::step][:sample_size]:
        bot = IsmctsBot(7, iterations=iterations, cards=CARDS)  # keywords: the base commit orders them otherwise
        start = time.perf_counter()
        bot.choose(view(s, s.to_act), legal_moves(s))
        rates.append(bot.last_iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def compare(args: argparse.Namespace) -> None:
    """Iterations a second for 2, 3 and 4 players: the base commit's engine and bots, this
    checkout's from their sources (CWTUI_PURE=1) and as installed, taking turns."""
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_PURE"}
    sides = ((args.base, None, env), ("pure", ROOT, {**env, "CWTUI_PURE": "1"}), ("this", ROOT, env))
    rates: dict[tuple[int, str], list[float]] = defaultdict(list)
    with checkout(args.base) as base:
        for i in range(args.rounds):
            for players in (2, 3, 4):
                for side, tree, side_env in sides:
                    where = tree or base
                    out = subprocess.run(
                        [sys.executable, __file__, "--rate-only", "--players", str(players), "--games",
                         str(args.games), "--iterations", str(args.iterations), "--sample", str(args.sample)],
                        cwd=where, capture_output=True, text=True, check=True,
                        env={**side_env, "PYTHONPATH": str(where)},
                    ).stdout  # fmt: skip
                    rates[players, side].append(json.loads(out.splitlines()[-1])["rate"])
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    print(f"ISMCTS iterations a second, {args.sample} decisions of {args.games} greedy games a row, one core, "
          f"medians of {args.rounds} interleaved rounds")  # fmt: skip
    print(f"  {'':10} {args.base:>9} {'pure':>9} {'this':>9}  this/base  pure/base")
    for players in (2, 3, 4):
        was, pure, now = (statistics.median(rates[players, side]) for side in (args.base, "pure", "this"))
        print(f"  {players} players {was:9,.0f} {pure:9,.0f} {now:9,.0f}  {now / was:8.2f}×  {pure / was:8.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2, help="for the seconds a move at each level")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=1000, help="iterations a search, for the rate")
    parser.add_argument("--sample", type=int, default=20, help="positions searched (evenly spread)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default="e99cb5f", help="the commit to measure against (default: e99cb5f)")
    parser.add_argument("--rate-only", action="store_true", help=argparse.SUPPRESS)  # a measuring process
    args = parser.parse_args()
    if args.rate_only:
        print(json.dumps({"rate": rate(args.players, args.games, args.iterations, args.sample)}))
        return
    compare(args)
    from cwtui.cores.search_pool import TreePool
    from engine.bots import SEARCH_BUDGET
    from engine.native import RUNNING

    positions = decisions(args.players, args.games)
    step = max(1, len(positions) // args.sample)
    sample = positions[::step][: args.sample]
    print(f"seconds a move, this engine ({RUNNING}), {len(sample)} decisions of {args.players}-player games:")
    pool = TreePool()
    pool.warm()  # as the app does when a hard seat sits down
    try:
        for kind, budget in SEARCH_BUDGET.items():
            runners: list[tuple[str, TreeRunner | None]] = [("one core", None)]
            if budget.trees > 1 and pool.workers > 1:
                runners.append((f"{pool.workers} processes", pool))
            for where, runner in runners:
                seconds_a_move(kind, where, runner, sample)
    finally:
        pool.close()


def seconds_a_move(kind: str, where: str, runner: TreeRunner | None, sample: list[State]) -> None:
    from engine.bots import level, search_bot

    budget = level(kind)
    seconds = []
    capped = 0
    for s in sample:
        bot = search_bot(kind, 7, CARDS, runner=runner)
        start = time.perf_counter()
        bot.choose(view(s, s.to_act), legal_moves(s))
        seconds.append(time.perf_counter() - start)
        capped += bot.searched is not None
    seconds.sort()
    print(f"  {kind:6} ({budget.trees} × {budget.iterations} iterations, cap {budget.seconds:.1f} s, "
          f"{budget.evaluation or 'hand-written'}, {where}): "
          f"median {statistics.median(seconds):5.2f} s  max {seconds[-1]:5.2f} s  "
          f"stopped by the cap {capped}/{len(sample)}")  # fmt: skip


if __name__ == "__main__":
    main()
