"""How far to trust a review's numbers: calibration of its win chances, the noise of its
losses, and how its grades fall for players of known strength.

    python scripts/calibrate_review.py runs/greedy-p2 runs/greedy-p3 --games 300 --per-game 4
    cwtui simulate --players 2 --bots greedy,random --games 300 --out runs/mixed-p2   # logs to measure

From each finished game (the first --games logs of each folder) it draws --per-game
decisions at random (seeded) and judges each as `cwtui review` does (engine.review.judge),
then prints:

1. Calibration: the win chance the search gave the seat to move (with the best move)
   against how often that seat went on to win, in bands of ten points, per number of
   contenders; with the Brier score and log-loss of the estimates beside those of the
   uniform guess 1/n.
2. Noise: the loss a review finds when the move chosen *is* the search's best, searched
   again on its own (what a perfect player would be charged): its quantiles set the
   bound of "best".
3. Grades by the kind of player that made the move (random, greedy, medium, hard), over
   every decision and over those in open positions (the seat's chance between 15% and
   85%: in a game already won or lost no move can lose many points).
4. A fit of calibration: logit(won) = a·logit(estimate) + b for each number of
   contenders (Platt scaling), and the bands again through it.

--save FILE keeps the samples (JSON lines) as they are judged, and the same command run
again after a stop judges only those not yet in it; --samples FILE reads them back
instead of searching, to look at them again.

The win chances are the search's estimates for the seat's future *with the same players
continuing*: measured on games of bots, they say how the estimates fare when the play
that follows is the logs' own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.logfile import read_log
from cwtui.processes import default_workers, run_all
from engine.bots import search_bot
from engine.cards import load_cards
from engine.log_types import GameLog
from engine.review import GRADES, Position, judge, position_seed, positions, scaled_loss
from engine.rng import Rng, stream_seed

Job = tuple[Position, str, str, bool]  # (decision, level, kind of its player, whether that seat won)


class Sample(NamedTuple):
    contenders: int
    kind: str  # the kind of player that made the move
    won: bool  # the seat to move won the game
    judged_before: float
    judged_after: float
    loss: float
    grade: str
    noise: float  # the loss charged for playing the search's own best move


def drawn(log: GameLog, per_game: int, seed: int) -> list[Position]:
    """`per_game` of the game's decisions, drawn without replacement."""
    cards = load_cards()
    every = list(positions(log, cards, range(len(log.header.config.seats))))
    rng = Rng(stream_seed(seed, log.header.game))
    picked: list[Position] = []
    while every and len(picked) < per_game:
        picked.append(every.pop(rng.below(len(every))))
    return picked


def measure(job: Job) -> Sample:
    position, level, kind, won = job
    cards = load_cards()
    judged = judge(position, level, cards)
    seed = position_seed(position.view)
    # The best move searched on its own, as judge searches a move that is not the best.
    alone = search_bot(level, stream_seed(seed, "chosen"), cards, timed=False).analyse(position.view, [judged.best])
    contenders = len(position.view.seats)
    noise = scaled_loss(judged.before, alone[0].win_rate, contenders)
    return Sample(contenders, kind, won, judged.before, judged.after, judged.loss, judged.grade, noise)


def jobs(folders: list[Path], games: int, per_game: int, level: str, seed: int) -> list[Job]:
    out = []
    for folder in folders:
        taken = 0
        for path in sorted(folder.glob("*.jsonl")):
            if taken >= games:
                break
            log = read_log(path)
            if log.footer is None:
                continue
            taken += 1
            kinds = [s.kind for s in log.header.config.seats]
            for p in drawn(log, per_game, seed):
                out.append((p, level, kinds[p.seat], log.footer.winner == p.seat))
    return out


def calibration(samples: list[Sample]) -> None:
    print("\n1. Calibration: the seat's estimated win chance (with the best move) against its wins")
    for n in sorted({s.contenders for s in samples}):
        group = [s for s in samples if s.contenders == n]
        print(f"\n  {n} contenders, {len(group)} decisions")
        print("    band      decisions  estimated  won")
        bands: dict[int, list[Sample]] = defaultdict(list)
        for s in group:
            bands[min(9, int(s.judged_before * 10))].append(s)
        for band in sorted(bands):
            b = bands[band]
            est = sum(s.judged_before for s in b) / len(b)
            won = sum(s.won for s in b) / len(b)
            print(f"    {10 * band:3d}–{10 * band + 10:3d}%  {len(b):9d}  {100 * est:8.1f}%  {100 * won:5.1f}%")
        estimates, uniform = [s.judged_before for s in group], [1 / n] * len(group)
        print(
            f"    Brier {brier(estimates, group):.4f} (uniform {brier(uniform, group):.4f}); "
            f"log-loss {log_loss(estimates, group):.4f} (uniform {log_loss(uniform, group):.4f})"
        )


def brier(p: list[float], group: list[Sample]) -> float:
    return sum((x - s.won) ** 2 for x, s in zip(p, group, strict=True)) / len(group)


def log_loss(p: list[float], group: list[Sample]) -> float:
    eps = 1e-3
    return -sum(math.log(max(eps, x if s.won else 1 - x)) for x, s in zip(p, group, strict=True)) / len(group)


def quantiles(values: list[float], qs: tuple[float, ...]) -> list[float]:
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in qs]


def noise(samples: list[Sample]) -> None:
    print("\n2. Noise: the loss charged for the search's own best move, searched again alone")
    qs = (0.5, 0.75, 0.9, 0.95, 0.99)
    print("    contenders  " + "  ".join(f"q{int(q * 100):02d}" for q in qs))
    for n in sorted({s.contenders for s in samples}):
        values = [s.noise for s in samples if s.contenders == n]
        print(f"    {n:10d}  " + "  ".join(f"{v:4.1f}" for v in quantiles(values, qs)))
    values = [s.noise for s in samples]
    print("    all         " + "  ".join(f"{v:4.1f}" for v in quantiles(values, qs)))


def grades(samples: list[Sample]) -> None:
    print("\n3. Grades by the kind of player that made the move (share of its decisions)")
    for title, chosen in (
        ("every decision", samples),
        ("open positions (estimate 15–85%)", [s for s in samples if 0.15 <= s.judged_before <= 0.85]),
    ):
        print(f"\n  {title}")
        print("    kind     decisions  " + "  ".join(f"{g:>10}" for g in GRADES) + "  mean loss")
        by_kind: dict[str, list[Sample]] = defaultdict(list)
        for s in chosen:
            by_kind[s.kind].append(s)
        for kind, group in sorted(by_kind.items()):
            counts = Counter(s.grade for s in group)
            shares = "  ".join(f"{100 * counts[g] / len(group):9.1f}%" for g in GRADES)
            mean = sum(s.loss for s in group) / len(group)
            print(f"    {kind:8} {len(group):9d}  {shares}  {mean:9.2f}")


def logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return math.log(p / (1 - p))


def fit(samples: list[Sample]) -> None:
    """Platt scaling per number of contenders, by Newton's method (numpy)."""
    import numpy as np

    print("\n4. Calibration fitted: logit(won) = a·logit(estimate) + b")
    for n in sorted({s.contenders for s in samples}):
        group = [s for s in samples if s.contenders == n]
        x = np.array([[logit(s.judged_before), 1.0] for s in group])
        y = np.array([float(s.won) for s in group])
        w = np.array([1.0, 0.0])
        for _ in range(50):
            p = 1 / (1 + np.exp(-x @ w))
            gradient = x.T @ (p - y)
            hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-9 * np.eye(2)
            w = w - np.linalg.solve(hessian, gradient)
        a, b = float(w[0]), float(w[1])
        calibrated = [1 / (1 + math.exp(-(a * logit(s.judged_before) + b))) for s in group]
        before, after = log_loss([s.judged_before for s in group], group), log_loss(calibrated, group)
        print(f"\n  {n} contenders: a = {a:.3f}, b = {b:.3f}; log-loss {before:.4f} -> {after:.4f}")
        bands: dict[int, list[tuple[float, Sample]]] = defaultdict(list)
        for c, s in zip(calibrated, group, strict=True):
            bands[min(9, int(c * 10))].append((c, s))
        for band in sorted(bands):
            b_ = bands[band]
            est = sum(c for c, _ in b_) / len(b_)
            won = sum(s.won for _, s in b_) / len(b_)
            print(f"    {10 * band:3d}–{10 * band + 10:3d}%  {len(b_):9d}  {100 * est:8.1f}%  {100 * won:5.1f}%")


def measure_all(todo: list[Job], workers: int, save: Path | None) -> list[Sample]:
    """Every job's sample, in order. With `save`, each is written there as it comes, and
    a run stopped part-way resumes: the samples already in the file are the first jobs'
    (the jobs are drawn in a seeded order), so only the rest are searched."""
    kept = [Sample(*json.loads(line)) for line in save.read_text().splitlines()] if save and save.exists() else []
    if kept:
        print(f"{len(kept)} decisions already judged in {save}; judging the other {len(todo) - len(kept)}")
    t = time.perf_counter()
    samples = list(kept)
    rest = todo[len(kept) :]
    with open(save, "a") if save else contextlib.nullcontext() as out:
        for i, sample in enumerate(run_all(measure, rest, len(rest), workers), 1):
            samples.append(sample)
            if out is not None:
                out.write(json.dumps(list(sample)) + "\n")
                out.flush()
            if i % 50 == 0:
                print(f"  {len(samples)}/{len(todo)} judged, {time.perf_counter() - t:.0f} s", flush=True)
    print(f"{time.perf_counter() - t:.0f} s")
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--games", type=int, default=200, help="finished games read from each folder")
    parser.add_argument("--per-game", type=int, default=4, help="decisions drawn from each game")
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--save", type=Path, default=None, help="keep the samples in this file (JSON lines)")
    parser.add_argument("--samples", type=Path, default=None, help="read samples kept by --save; search nothing")
    args = parser.parse_args()
    if args.samples:
        samples = [Sample(*json.loads(line)) for line in args.samples.read_text().splitlines()]
        print(f"{len(samples)} decisions read from {args.samples}")
    else:
        todo = jobs(args.folders, args.games, args.per_game, args.level, args.seed)
        print(
            f"{len(todo)} decisions from {len(args.folders)} folders, judged at {args.level} on {args.workers} workers",
            flush=True,
        )
        samples = measure_all(todo, args.workers, args.save)
    calibration(samples)
    noise(samples)
    grades(samples)
    fit(samples)


if __name__ == "__main__":
    main()
