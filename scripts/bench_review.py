"""How long a game review takes: a two-player game reviewed at medium and at hard, on
one worker and on two.

    python scripts/bench_review.py                       # the sample game, both levels
    python scripts/bench_review.py GAME.jsonl --levels medium --workers 1 2

For each level it first measures the baseline in the same run: the judge's search
choosing a move at every decision of the game (one search each, one process). The
review searches once per decision and, for each move that was not the search's best,
rolls out both moves (engine.bots.judge.ROLLOUTS each), so its time on one worker is that
baseline plus the rollouts; on more workers, that divided by the speed-up. Targets
(issue 36, this 2-core machine): a two-player game under 10 s at medium on two workers,
under a minute at hard.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.game.logfile import read_log
from cwtui.game.review import review
from engine.bots.judge import judge_search, position_seed, positions
from engine.cards import load_cards

SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "samples" / "sim-2p-2026.jsonl"


def baseline(path: Path, level: str) -> tuple[float, int]:
    """Seconds for the judge's search at the level to choose at every decision, and the decisions."""
    cards = load_cards()
    log = read_log(path)
    todo = list(positions(log, cards, range(len(log.header.config.seats))))
    start = time.perf_counter()
    for p in todo:
        judge_search(level, position_seed(p.view), cards).choose(p.view, p.moves)
    return time.perf_counter() - start, len(todo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--levels", nargs="+", choices=("medium", "hard"), default=["medium", "hard"])
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    args = parser.parse_args()
    cards = load_cards()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        shutil.copy(args.game, path)
        for level in args.levels:
            base, decisions = baseline(path, level)
            print(f"{level}: {decisions} decisions; the judge's search at each, one process: {base:6.1f} s (baseline)")
            for workers in args.workers:
                for side in Path(tmp).glob("*.review.json"):
                    side.unlink()
                start = time.perf_counter()
                game = review(path, cards, level, workers=workers)
                took = time.perf_counter() - start
                others = sum(j.chosen != j.best for j in game.decisions) / max(1, len(game.decisions))
                print(
                    f"  review on {workers} worker{'s' if workers > 1 else ''}: {took:6.1f} s "
                    f"({took / base:.2f}× the baseline; {150 * took / decisions:5.1f} s for 150 decisions; "
                    f"{100 * others:.0f}% of moves not the search's: rolled out)"
                )
            start = time.perf_counter()
            review(path, cards, level, workers=1)
            print(f"  again, the kept review read back: {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
