"""How fast the app is: start-up to an interactive home screen (in a real terminal,
through tmux), and the time to draw a move (headless). Prints numbers; asserts nothing.

    python scripts/bench_app.py [--moves 150]

Start-up is measured from launching `cwtui` in tmux to "New game" on the screen (a fresh
Python process: imports included). A move's draw time runs from the human's choice to
the screen updated: the engine applies and logs it, the panes and prompt are rebuilt,
and Textual lays out and composites the frame (all but writing bytes to the terminal).
The time includes Pilot's own wait for every widget to be idle; "harness floor" is that
wait when nothing changed, measured in the same run (a real terminal does not pay it);
"own work" is the move's handling plus Textual's layout and compositor refreshes alone
(as scripts/bench_replay.py counts a jump), without message dispatch or Pilot's waits.
A screen's first visit (new game, replays, history, join, resume from home) loads its
CSS into the app's stylesheet: that load's time is measured too (cwtui/shell/textual_fixes.py
keeps it from parsing again every source the app already has).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app_driving import human_decision
from frame_timing import frame_work
from textual.css.stylesheet import Stylesheet
from timings import report

from cwtui.app import CwtuiApp
from engine.rng import Rng


def startup(runs: int = 5) -> list[float]:
    if not shutil.which("tmux"):
        return []
    times = []
    for i in range(runs):
        # a tmux server of its own per run: a new session started as the last one's
        # server shuts down can fail ("server exited unexpectedly")
        tmux = ["tmux", "-L", f"cwtui-bench-{os.getpid()}-{i}"]
        with tempfile.TemporaryDirectory() as replays:
            start = time.perf_counter()
            subprocess.run(
                [*tmux, "new-session", "-d", "-s", "bench", "-x", "120", "-y", "36",
                 f"{sys.executable} -m cwtui --replays-dir {replays}"],
                check=True,
            )  # fmt: skip
            try:
                capture = [*tmux, "capture-pane", "-p", "-t", "bench"]
                while "New game" not in subprocess.run(capture, capture_output=True, text=True).stdout:
                    time.sleep(0.005)
                times.append(time.perf_counter() - start)
            finally:
                subprocess.run([*tmux, "kill-server"], check=False)
    return times


async def draw_times(moves: int, size: tuple[int, int]) -> tuple[list[float], list[float], list[float]]:
    """Each move's draw time, its own work, and the harness's floor (a wait with nothing
    to draw)."""
    times: list[float] = []
    own: list[float] = []
    floor: list[float] = []
    spent = frame_work()
    with tempfile.TemporaryDirectory() as replays:
        app = CwtuiApp(Path(replays), bot_speed="instant", seed_source=lambda: 1234, still=True)
        async with app.run_test(size=size) as pilot:
            await pilot.press("n", "ctrl+s")
            rng = Rng(5)
            while len(times) < moves:
                screen = await human_decision(app, pilot)
                if screen is None:
                    break
                start = time.perf_counter()
                await pilot._wait_for_screen()
                app.screen._on_timer_update()
                floor.append(time.perf_counter() - start)
                move = screen.options[rng.below(len(screen.options))]
                spent.clear()
                start = time.perf_counter()
                screen.play_move(move)
                handled = time.perf_counter() - start
                await pilot._wait_for_screen()
                app.screen._on_timer_update()
                times.append(time.perf_counter() - start)
                own.append(handled + sum(spent))
    return times, own, floor


async def screen_css_loads(size: tuple[int, int]) -> list[float]:
    """The time Textual takes to load each screen's CSS on its first visit from home."""
    loads: list[float] = []
    reparse = Stylesheet.reparse

    def timed(stylesheet: Stylesheet) -> None:
        start = time.perf_counter()
        reparse(stylesheet)
        loads.append(time.perf_counter() - start)

    Stylesheet.reparse = timed  # type: ignore[method-assign,assignment]
    try:
        with tempfile.TemporaryDirectory() as replays:
            app = CwtuiApp(Path(replays), bot_speed="instant", seed_source=lambda: 1234, still=True)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                loads.clear()  # the home screen's own, at start-up
                for key in "nohjr":
                    await pilot.press(key)
                    await pilot.pause()
                    await pilot.press("escape")
                    await pilot.pause()
    finally:
        Stylesheet.reparse = reparse  # type: ignore[method-assign]
    return loads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=150)
    args = parser.parse_args()
    starts = startup()
    if starts:
        report("start-up to home screen (tmux, 120x36)", starts, digits=1)
    else:
        print("start-up: tmux not installed, not measured")
    report("screen CSS load on a first visit (120x40)", asyncio.run(screen_css_loads((120, 40))), digits=1)
    for size in ((140, 40), (120, 40), (80, 24)):
        times, own, floor = asyncio.run(draw_times(args.moves, size))
        report(f"draw a move at {size[0]}x{size[1]}", times, digits=1)
        report(f"  own work at {size[0]}x{size[1]}", own, digits=1)
        report(f"  harness floor at {size[0]}x{size[1]}", floor, digits=1)


if __name__ == "__main__":
    main()
