"""What engine 0.5.0's contest search (engine.bots.ismcts.undominated) is worth: the same
games played by a search bot of this engine and of engine 0.4.0, paired.

    python scripts/contest_pruning_check.py --games 40 --level medium --seed 14000

Game i (seed SEED+i, two players) is played twice with the same bots' streams: once with
seat i % 2 a search bot at --level as this engine defines it, once as engine 0.4.0 did
(every presentation searched); the other seat is the easy bot both times. Up to the
contests both games are nearly the same (only a search that reaches the contests in its
tree can differ), so the difference in the searching seat's final lead (its score less
the other's) is what the contest search is worth. Prints the mean difference with its
95% interval, and how many games differ at all.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.cores.processes import default_workers, run_all
from engine import GameConfig, SeatConfig, apply_in_place, load_cards, new_game
from engine.bots import decide, make_bot
from engine.bots.lead import final_leads
from engine.rng import stream_seed


def lead(job: tuple[int, str, str | None]) -> float:
    """The searching seat's final lead in game `seed`, its bot as engine `engine` defines it."""
    seed, level, engine = job
    cards = load_cards()
    seat = seed % 2
    kinds = [level, "greedy"] if seat == 0 else ["greedy", level]
    config = GameConfig(seats=tuple(SeatConfig(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)), seed=seed)
    bots = {i: make_bot(kind, stream_seed(seed, f"bot-{i}"), cards, timed=False,
                        engine=engine if kind == level else None) for i, kind in enumerate(kinds)}  # fmt: skip
    state = new_game(config, cards)
    while not state.over:
        apply_in_place(state, decide(bots[state.to_act], state).move)
    return final_leads(state)[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument("--seed", type=int, default=14_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    jobs = [(args.seed + i, args.level, engine) for i in range(args.games) for engine in (None, "0.4.0")]
    leads = list(run_all(lead, jobs, len(jobs), args.workers))
    gains = [leads[2 * i] - leads[2 * i + 1] for i in range(args.games)]
    mean = statistics.fmean(gains)
    margin = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
    differ = sum(g != 0 for g in gains)
    print(f"{args.games} two-player games, {args.level} against easy, seeds {args.seed}–{args.seed + args.games - 1}")
    print(f"  games that differ: {differ}; the searching seat's lead, this engine less 0.4.0: "
          f"{mean:+.2f} ± {margin:.2f} points a game")  # fmt: skip


if __name__ == "__main__":
    main()
