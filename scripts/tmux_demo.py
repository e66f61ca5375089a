"""Start cwtui in a real terminal (tmux), play a few moves by keys, print the screen.

    python scripts/tmux_demo.py [--size 120x36] [--keys "n ctrl+s 1 1 2"]

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

TMUX_KEYS = {"ctrl+s": "C-s", "enter": "Enter", "escape": "Escape", "f1": "F1", "f2": "F2", "f3": "F3"}


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
    args = parser.parse_args()
    if not shutil.which("tmux"):
        print("tmux is not installed (apt-get install tmux)", file=sys.stderr)
        return 2
    width, height = args.size.split("x")
    session = f"cwtui-demo-{int(time.time())}"
    with tempfile.TemporaryDirectory() as replays:
        command = f"{sys.executable} -m cwtui --replays-dir {replays} --bot-speed instant"
        tmux("new-session", "-d", "-s", session, "-x", width, "-y", height, command)
        try:
            print(f"home screen after {wait_for(session, 'New game'):.2f} s")
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
