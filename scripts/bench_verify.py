"""Measure what checking a log costs: reading it (the engine's reader, digests
included), replaying it, and asking its bots again (`verify`'s default).

    python scripts/bench_verify.py --simulate 200            # 200 games per player count (scripts/corpus.py)
    python scripts/bench_verify.py FOLDER...                 # the logs in these folders

Prints logs/s and plies/s for each stage, measured in the same run on the same logs,
and each stage's time as a multiple of reading alone (the machine is shared: compare
the ratios, not the seconds, across runs).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import logs_in, simulate

from cwtui.game.logfile import read_log
from engine.bots.audit import audit
from engine.cards import load_cards
from engine.replay import Replay


def timed(files: list[Path], stage: Callable[[Path], int]) -> tuple[float, int]:
    start = time.perf_counter()
    plies = sum(stage(path) for path in files)
    return time.perf_counter() - start, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--simulate", type=int, default=0, help="first simulate this many games per player count")
    parser.add_argument("--out", type=Path, default=None, help="where simulated logs go")
    args = parser.parse_args()
    folders: list[Path] = list(args.folders)
    if args.simulate:
        folders += simulate(args.out or Path(tempfile.mkdtemp(prefix="cwtui-verify-")), args.simulate)
    files = logs_in(folders)
    if not files:
        parser.error("no logs: give folders of *.jsonl or --simulate N")
    cards = load_cards()

    def read(path: Path) -> int:
        return len(read_log(path).plies)

    def replay(path: Path) -> int:
        return Replay(read_log(path), cards).good_plies

    def replay_and_audit(path: Path) -> int:
        r = Replay(read_log(path), cards)
        assert r.divergence is None and audit(r) is None, path
        return r.good_plies

    print(f"{len(files)} logs")
    base = None
    for name, stage in (("read", read), ("read + replay", replay), ("read + replay + bots", replay_and_audit)):
        seconds, plies = timed(files, stage)
        base = base or seconds
        print(f"{name:22} {seconds:7.2f} s  {len(files) / seconds:7.0f} logs/s  {plies / seconds:9.0f} plies/s"
              f"  ×{seconds / base:.1f} of reading")  # fmt: skip


if __name__ == "__main__":
    main()
