"""Run a benchmark script against this checkout and against an earlier commit, taking
turns, and print each one's medians side by side with their ratio.

    python scripts/bench_versus.py 2892d1b scripts/bench_app.py --moves 80
    python scripts/bench_versus.py efae34d scripts/bench_replay.py --rounds 3 -- --jumps 100

This machine's speed drifts from hour to hour, so a number is only worth comparing with
one measured beside it: the rounds alternate (base, this, base, this, …) and each line's
figures are the medians over the rounds (of the script's medians and 95th percentiles,
which it reports as JSON lines through scripts/timings.py's `report`: nothing is read
from its printed text). The script given is this checkout's copy, run
on the other commit's code (this checkout's scripts/ copied into a temporary worktree of
it), so both sides are measured the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from baseline import ROOT, checkout
from timings import RESULTS_ENV


def run(tree: Path, script: Path, args: list[str]) -> dict[str, float]:
    """One run of `script` (this checkout's copy) on `tree`'s code: the median and the
    95th percentile ("label, p95") of every time it reports."""
    target = tree / "scripts" / script.name
    if tree != ROOT:  # this checkout's scripts, and the modules they share
        for own in script.parent.glob("*.py"):
            shutil.copy(own, tree / "scripts" / own.name)
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "results.jsonl"
        subprocess.run(
            [sys.executable, str(target), *args], cwd=tree, capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONPATH": str(tree), RESULTS_ENV: str(results)},
        )  # fmt: skip
        lines = results.read_text(encoding="utf-8").splitlines() if results.exists() else []
    medians = {}
    for line in lines:
        record = json.loads(line)
        label = record["label"].strip()
        medians[label] = float(record["median_ms"])
        medians[label + ", p95"] = float(record["p95_ms"])
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the commit to compare with")
    parser.add_argument("script", type=Path, help="a benchmark script that reports its times (scripts/timings.py)")
    parser.add_argument("--rounds", type=int, default=3)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)  # after --: the script's own arguments
    args = parser.parse_args(argv[:split])
    extra = argv[split + 1 :]
    script = args.script.resolve()
    if not script.is_file():
        parser.error(f"no such script: {args.script}")
    with checkout(args.base) as base:
        results: dict[str, dict[str, list[float]]] = {"base": defaultdict(list), "this": defaultdict(list)}
        for i in range(args.rounds):
            for side, tree in (("base", base), ("this", ROOT)):
                try:
                    medians = run(tree, script, extra)
                except subprocess.CalledProcessError as exc:
                    last = (exc.stderr or "").strip().splitlines()[-1:] or ["no message"]
                    sys.exit(f"bench_versus: {script.name} failed on {side}: {last[0]}")
                for label, ms in medians.items():
                    results[side][label].append(ms)
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{'median over ' + str(args.rounds) + ' rounds':<58} {args.base:>10} {'this':>10}  this/base")
    for label, values in results["this"].items():
        before = results["base"].get(label)
        now = statistics.median(values)
        if before:
            was = statistics.median(before)
            print(f"{label:<58} {was:8.1f} ms {now:7.1f} ms  {now / was:6.2f}")
        else:
            print(f"{label:<58} {'—':>10} {now:7.1f} ms")


if __name__ == "__main__":
    main()
