"""How wide a review's paired margins are with each rollout decision's dice numbered by
its place in the game (engine.bots.playout.play_turns) against dice drawn in order from
one stream, as the review drew them before.

    cwtui simulate --players 2 --games 3 --seed 600 --bots easy,easy --out runs/dice/ee
    cwtui simulate --players 3 --games 3 --seed 700 --bots easy,easy,random --out runs/dice/eer
    cwtui simulate --players 2 --games 4 --seed 13400 --bots medium,easy --out runs/dice/me
    python scripts/paired_dice_check.py runs/dice/ee runs/dice/eer runs/dice/me --per-game 12

At --per-game decisions drawn from each game (--seed), two moves — the search's pick and
the move played (or, where they are one, the search's second) — are rolled out --rollouts
times each both ways (engine.bots.judge.rollouts), on two streams. Printed for each way:
the median and mean 95% margin of the loss, the spread of the two streams' losses (RMS of
their difference) beside the spread the margins predict, how often the two streams give
the same grade, and the time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import logs_in  # the games in a folder, as the app reads them

from cwtui.cores.processes import default_workers, run_all
from cwtui.game.logfile import read_log
from engine.bots import LEAD
from engine.bots.judge import (
    ROLLOUT_TURNS,
    Z95,
    Bench,
    Position,
    Rolled,
    default_seats,
    gap,
    gap_margin,
    grade,
    lead_sheet,
    positions,
    rollouts,
)
from engine.bots.lead import shipped
from engine.bots.playout import playout_move
from engine.cards import Cards, load_cards
from engine.determinize import World
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.moves import Move
from engine.rng import Rng, stream_seed
from engine.view import View

CARDS = load_cards()
STREAMS = ("a", "b")


def in_order(seen: View, move: Move, cards: Cards, seed: int, count: int) -> Rolled:
    """`rollouts` with each rollout's dice drawn in order from one stream: the review's
    way before its dice were numbered by the decision (the same worlds)."""
    world, ends = World(seen, cards), []
    for i in range(count):
        s = world.sample(Rng(stream_seed(seed, f"world-{i}")))
        apply_in_place(s, move)
        dice, stop = Rng(stream_seed(seed, f"play-{i}")), s.turn + ROLLOUT_TURNS
        while not s.over and s.turn < stop:
            apply_in_place(s, playout_move(s, legal_moves(s), dice))
        ends.append(s)
    leads = shipped(LEAD).many(ends)
    return Rolled(tuple(lead_sheet(s, lead, seen.seat) for s, lead in zip(ends, leads, strict=True)), (0.0,) * count)


Way = Callable[[View, Move, Cards, int, int], Rolled]
WAYS: dict[str, Way] = {"numbered (the review's)": rollouts, "in order (before)": in_order}


class Read(NamedTuple):
    loss: float
    margin: float
    seconds: float


def measure(job: tuple[Position, int]) -> dict[str, list[Read]] | None:
    position, count = job
    bench = Bench(position.view, position.moves, CARDS, "medium")
    best = bench.searched.move
    other = position.chosen if position.chosen != best else (bench.ranked[1].move if len(bench.ranked) > 1 else None)
    if other is None:
        return None
    out: dict[str, list[Read]] = {}
    for name, way in WAYS.items():
        out[name] = []
        for stream in STREAMS:
            seed = stream_seed(bench.seed, stream)
            start = time.perf_counter()
            a, b = (way(position.view, m, CARDS, seed, count) for m in (best, other))
            out[name].append(Read(gap(a, b), gap_margin(a, b), time.perf_counter() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--per-game", type=int, default=12, help="decisions drawn from each game")
    parser.add_argument("--rollouts", type=int, default=160, help="of each move, each way, each stream")
    parser.add_argument("--seed", type=int, default=5, help="draws the decisions")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    args = parser.parse_args()
    rng = Rng(stream_seed(args.seed, "paired-dice"))
    jobs: list[tuple[Position, int]] = []
    for path in logs_in(args.folders):
        log = read_log(path)
        every = list(positions(log, CARDS, default_seats(log.header.config)))
        for _ in range(min(args.per_game, len(every))):
            jobs.append((every.pop(rng.below(len(every))), args.rollouts))
    measured = [m for m in run_all(measure, jobs, len(jobs), args.workers or default_workers()) if m is not None]
    print(f"{len(measured)} decisions, {args.rollouts} rollouts of each move\n")
    print("| dice | median margin | mean margin | two streams' losses apart (RMS) | as the margins predict | "
          "the same grade | seconds a decision |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for name in WAYS:
        reads = [m[name] for m in measured]
        margins = [r.margin for pair in reads for r in pair]
        apart = math.sqrt(statistics.fmean((a.loss - b.loss) ** 2 for a, b in reads))
        predicted = math.sqrt(statistics.fmean((a.margin**2 + b.margin**2) / Z95**2 for a, b in reads))
        same = sum(grade(max(0.0, a.loss)) == grade(max(0.0, b.loss)) for a, b in reads)
        seconds = statistics.fmean(r.seconds for pair in reads for r in pair)
        print(f"| {name} | ±{statistics.median(margins):.2f} | ±{statistics.fmean(margins):.2f} | {apart:.2f} | "
              f"{predicted:.2f} | {same} of {len(reads)} | {seconds:.3f} |")  # fmt: skip


if __name__ == "__main__":
    main()
