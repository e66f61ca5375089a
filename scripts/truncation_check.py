"""How near a review's rollouts of a few turns (ended in the lead evaluation) come to
rollouts played to the end, and how wide their margins are.

    cwtui simulate --players 2 --games 4 --seed 11100 --bots easy,random --out runs/trunc/er
    cwtui simulate --players 2 --games 4 --seed 11200 --bots medium,easy --out runs/trunc/me
    python scripts/truncation_check.py runs/trunc/er runs/trunc/me --per-game 12 --turns 2,4,8

At --per-game decisions drawn from each game (--seed), two moves — the search's pick and
the move played (or, where they are one, the search's second) — are rolled out on the
judge's streams: --rollouts times each to the game's end (what the review did before
issue 66), and as many times for each number of turns in --turns, each rollout then
evaluated (engine.bots.judge.rollouts). The reference is --reference rollouts to the end
on streams of their own. Printed: each way's loss against the reference's (RMSE, mean
error), its median 95% margin, and its time; the reference's own margin is printed
beside, as part of every error is its noise.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import logs_in  # the games in a folder, as the app reads them

from cwtui.cores.processes import default_workers, run_all
from cwtui.game.logfile import read_log
from engine.bots.judge import Bench, Position, default_seats, gap, gap_margin, positions, rollouts
from engine.cards import load_cards
from engine.rng import Rng, stream_seed

CARDS = load_cards()


class Measured(NamedTuple):
    ply: int
    reference: tuple[float, float]  # loss, margin
    ways: tuple[tuple[float, float, float], ...]  # loss, margin, seconds: to the end, then each --turns


Job = tuple[Position, tuple[int, ...], int, int]


def measure(job: Job) -> Measured | None:
    position, turns, count, reference_count = job
    bench = Bench(position.view, position.moves, CARDS, "medium")
    best = bench.searched.move
    other = position.chosen if position.chosen != best else (bench.ranked[1].move if len(bench.ranked) > 1 else None)
    if other is None:
        return None
    seen = position.view
    judged_on, reference_on = stream_seed(bench.seed, "rollouts"), stream_seed(bench.seed, "reference")
    a, b = (rollouts(seen, m, CARDS, reference_on, reference_count, turns=None) for m in (best, other))
    reference = (gap(a, b), gap_margin(a, b))
    ways = []
    for t in (None, *turns):  # the judge's own streams, each way alike
        start = time.perf_counter()
        a, b = (rollouts(seen, m, CARDS, judged_on, count, turns=t) for m in (best, other))
        ways.append((gap(a, b), gap_margin(a, b), time.perf_counter() - start))
    return Measured(position.ply, reference, tuple(ways))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--per-game", type=int, default=12, help="decisions drawn from each game")
    parser.add_argument("--turns", default="2,4,8", help="turns a rollout plays before it is evaluated")
    parser.add_argument("--rollouts", type=int, default=80, help="of each move, each way")
    parser.add_argument("--reference", type=int, default=1000, help="rollouts to the end of each move, the reference")
    parser.add_argument("--seed", type=int, default=1, help="draws the decisions")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    args = parser.parse_args()
    turns = tuple(int(t) for t in args.turns.split(","))
    rng = Rng(stream_seed(args.seed, "truncation"))
    jobs: list[Job] = []
    for folder in args.folders:
        for path in logs_in([folder]):
            log = read_log(path)
            every = list(positions(log, CARDS, default_seats(log.header.config)))
            for _ in range(min(args.per_game, len(every))):
                jobs.append((every.pop(rng.below(len(every))), turns, args.rollouts, args.reference))
    start = time.perf_counter()
    measured = [m for m in run_all(measure, jobs, len(jobs), args.workers or default_workers()) if m is not None]
    print(f"{len(measured)} decisions in {time.perf_counter() - start:.0f} s")
    names = ["to the end", *(f"{t} turns" for t in turns)]
    print(f"\nreference: {args.reference} rollouts to the end, median margin "
          f"±{statistics.median(m.reference[1] for m in measured):.2f}\n")  # fmt: skip
    print(
        f"| {args.rollouts} rollouts | RMSE against the reference | mean error | median margin | seconds a decision |"
    )
    print("|---|---|---|---|---|")
    for k, name in enumerate(names):
        errors = [m.ways[k][0] - m.reference[0] for m in measured]
        rmse = math.sqrt(statistics.fmean(e * e for e in errors))
        margin = statistics.median(m.ways[k][1] for m in measured)
        seconds = statistics.fmean(m.ways[k][2] for m in measured)
        print(f"| {name} | {rmse:.2f} | {statistics.fmean(errors):+.2f} | ±{margin:.2f} | {seconds:.3f} |")


if __name__ == "__main__":
    main()
