"""Start-up of the app, this tree against another commit, measured in the same run.

    python scripts/bench_startup.py --against 05e494e --runs 10

Each run launches `python -m cwtui` in a tmux terminal of its own (120×36) and times it
from the launch to "New game" on the screen: a fresh Python process, imports included,
as a player waits for it. The two trees take turns (A, B, A, B: this machine's speed
drifts within minutes), each run from its own checkout through PYTHONPATH (the other
commit from a temporary `git worktree`), both with the pure-Python engine (CWTUI_PURE:
the other checkout has no compiled modules), in the same Python. Prints each side's
median and range, and the median of the paired ratios.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def launch_to_home(tree: Path, label: str) -> float:
    """Seconds from launching the app from `tree` to its home screen in tmux."""
    tmux = ["tmux", "-L", f"cwtui-startup-{os.getpid()}-{label}"]
    env = {**os.environ, "PYTHONPATH": str(tree), "CWTUI_PURE": "1"}
    with tempfile.TemporaryDirectory() as replays:
        command = f"cd {replays} && {sys.executable} -m cwtui --replays-dir {replays}"
        start = time.perf_counter()
        subprocess.run([*tmux, "new-session", "-d", "-s", "bench", "-x", "120", "-y", "36", command],
                       check=True, env=env)  # fmt: skip
        try:
            capture = [*tmux, "capture-pane", "-p", "-t", "bench"]
            while "New game" not in subprocess.run(capture, capture_output=True, text=True).stdout:
                if time.perf_counter() - start > 30:
                    raise RuntimeError(f"{label}: no home screen after 30 s")
                time.sleep(0.005)
            return time.perf_counter() - start
        finally:
            subprocess.run([*tmux, "kill-server"], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit to compare with (a hash, a tag, HEAD~3)")
    parser.add_argument("--runs", type=int, default=10, help="runs of each side (default 10)")
    args = parser.parse_args()
    if not shutil.which("tmux"):
        sys.exit("bench_startup: needs tmux")
    with tempfile.TemporaryDirectory() as folder:
        other = Path(folder) / "other"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
                       check=True)  # fmt: skip
        try:
            launch_to_home(ROOT, "warm")  # the first launch reads from disk
            launch_to_home(other, "warm")
            here: list[float] = []
            there: list[float] = []
            for i in range(args.runs):
                there.append(launch_to_home(other, f"b{i}"))
                here.append(launch_to_home(ROOT, f"a{i}"))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False)
    ratios = [a / b for a, b in zip(here, there, strict=True)]
    for name, times in ((f"{args.against}", there), ("this tree", here)):
        print(f"{name:>12}: median {statistics.median(times):.3f} s  (range {min(times):.3f}–{max(times):.3f} s, "
              f"n={len(times)})")  # fmt: skip
    print(f"this tree / {args.against}: median of paired ratios {statistics.median(ratios):.2f}× "
          f"(range {min(ratios):.2f}–{max(ratios):.2f}×)")  # fmt: skip


if __name__ == "__main__":
    main()
