"""The app's hard bot grows its trees in the app's own processes (cwtui.cores.search_pool).

Run in a fresh interpreter: what broke depends on what the process has started before.
A pool first started inside the running app could not start its processes: the
multiprocessing resource tracker, started with the first of them, hands the new process
sys.stderr's file descriptor, and under Textual sys.stderr is a capture whose fileno()
is -1 ("bad value(s) in fds_to_keep"), so every hard move failed (seen in tmux).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import asyncio, sys
from pathlib import Path
from cwtui.app import CwtuiApp
from cwtui.screens.play.play import PlayScreen
from cwtui.cores.search_pool import TreePool
from cwtui.game.session import GameSession
from engine import GameConfig, SeatConfig, new_game

async def main() -> None:
    app = CwtuiApp(Path(sys.argv[1]), bot_speed="instant", seed_source=lambda: 1, still=True)
    app.settings.search = app.trees = TreePool(workers=2)  # as the app makes it when not still
    seats = (SeatConfig("Bo", "hard"), SeatConfig("Ana", "human"))
    session = GameSession.unlogged(new_game(GameConfig(seats=seats, seed=7)))
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(PlayScreen(session, app.settings))
        for _ in range(600):  # the first hard move, its processes started on the way
            if session.state.to_act == 1:
                break
            await pilot.pause(0.05)
        pool = app.trees
        print("ply", session.state.ply, "to act", session.state.to_act,
              "processes", pool.pool is not None, "fallbacks", pool.fallbacks)

asyncio.run(main())
"""


def test_a_hard_bot_in_the_app_searches_in_its_processes(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    line = done.stdout.strip().splitlines()[-1]
    assert line.endswith("to act 1 processes True fallbacks 0"), line
