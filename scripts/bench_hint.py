"""How long a hint takes on the table: from `h` to the hint on screen, in the app
(headless, at 120×40 and 80×24), over a real game's decisions; and its two parts
alone, the judge (engine.bots.judge.weigh: the medium search and three moves'
rollouts) and the reasons (cwtui.game.reasons.facts for the three moves). Issue 53.3
asks for under 1 s at 120×40. Prints numbers; asserts nothing.

    python scripts/bench_hint.py [--hints 40]

The engine runs compiled where it was installed so (`cwtui --version` says which);
CWTUI_PURE=1 measures the pure-Python one. The machine is shared: compare runs made
together (scripts/bench_versus.py).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from app_driving import human_decision
from timings import report

from cwtui.app import CwtuiApp
from cwtui.game.reasons import facts
from cwtui.widgets.table.quiet import TextLines
from engine import legal_moves
from engine.bots.judge import weigh
from engine.rng import Rng
from engine.view import view


async def hint_times(hints: int, size: tuple[int, int]) -> tuple[list[float], list[float], list[float]]:
    """For `hints` decisions of a game against the easy bot: `h` to the hint drawn, and
    the judge's and the reasons' parts of it, timed again outside the app."""
    shown: list[float] = []
    judged: list[float] = []
    reasoned: list[float] = []
    with tempfile.TemporaryDirectory() as replays:
        app = CwtuiApp(Path(replays), bot_speed="instant", seed_source=lambda: 4321, still=True)
        async with app.run_test(size=size) as pilot:
            await pilot.press("n", "ctrl+s")
            rng = Rng(7)
            while len(shown) < hints:
                screen = await human_decision(app, pilot)
                if screen is None:
                    break
                if len(screen.options) > 1:
                    state = screen.session.state
                    start = time.perf_counter()
                    await pilot.press("h")
                    line = screen.query_one("#keys", TextLines)
                    while not line.drawn_text.startswith("Hint:"):
                        await asyncio.sleep(0.005)
                    shown.append(time.perf_counter() - start)
                    seen, moves = view(state, state.to_act), legal_moves(state)
                    start = time.perf_counter()
                    weighed = weigh(seen, moves, state.cards)
                    judged.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    for w in weighed:
                        facts(seen, state.cards, w.move, seed=seen.ply)
                    reasoned.append(time.perf_counter() - start)
                screen.play_move(screen.options[rng.below(len(screen.options))])
    return shown, judged, reasoned


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=40)
    args = parser.parse_args()
    for size in ((120, 40), (80, 24)):
        shown, judged, reasoned = asyncio.run(hint_times(args.hints, size))
        report(f"hint, h to drawn, {size[0]}x{size[1]}", shown)
        if size == (120, 40):
            report("  the judge alone (weigh)", judged)
            report("  the reasons alone (facts, 3 moves)", reasoned)


if __name__ == "__main__":
    main()
