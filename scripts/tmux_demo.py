"""Start cwtui in a real terminal (tmux), play a few moves by keys, print the screen.

    python scripts/tmux_demo.py [--size 120x36] [--keys "n ctrl+s 1 1 2"]
    python scripts/tmux_demo.py --size 120x40 --play "--seat Ana:human --seat Bo:medium --seed 7" --keys "1 u 2 1"

--play starts the game with `cwtui play …` (no dialog) instead of the home screen.

The game is saved in a temporary replays folder; the script prints the screen after
each key so a person can check it in a real terminal.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time

TMUX_KEYS = {"ctrl+s": "C-s", "enter": "Enter", "escape": "Escape"} | {f"f{n}": f"F{n}" for n in range(1, 10)}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def wait_for(session: str, text: str, timeout: float = 10.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if text in tmux("capture-pane", "-p", "-t", session):
            return time.perf_counter() - start
        time.sleep(0.01)
    raise TimeoutError(f"{text!r} did not appear within {timeout} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="120x36")
    parser.add_argument("--keys", default="n ctrl+s 1 1 2 1")
    parser.add_argument("--play", default=None, help="arguments of `cwtui play` (the game starts at once)")
    args = parser.parse_args()
    if not shutil.which("tmux"):
        print("tmux is not installed (apt-get install tmux)", file=sys.stderr)
        return 2
    width, height = args.size.split("x")
    session = f"cwtui-demo-{int(time.time())}"
    with tempfile.TemporaryDirectory() as replays:
        command = f"{sys.executable} -m cwtui --replays-dir {replays} --bot-speed instant"
        if args.play is not None:
            command += f" play {args.play}"
        tmux("new-session", "-d", "-s", session, "-x", width, "-y", height, command)
        try:
            first = "Round 1" if args.play is not None else "New game"
            print(f"first screen after {wait_for(session, first):.2f} s")
            for key in args.keys.split():
                tmux("send-keys", "-t", session, TMUX_KEYS.get(key, key))
                time.sleep(0.4)
                print(f"--- after {key} ---")
                print(tmux("capture-pane", "-p", "-t", session))
        finally:
            tmux("kill-session", "-t", session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
