"""Measure replay scrubbing: jumping to any ply, stepping, and drawing it on screen.

    python scripts/bench_replay.py                    # the committed 4-player golden log
    python scripts/bench_replay.py LOG.jsonl --jumps 500

Target (issue 5): a jump to any ply of a long 4-player game in under 20 ms; holding →
scrubs smoothly.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frame_timing import frame_work
from textual.screen import Screen

from cwtui.replaying import ReplayCursor, open_replay
from engine.rng import Rng

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "sim-4p-404.jsonl"


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[int(len(values) * 0.95) - 1]
    return f"median {statistics.median(values) * 1e3:6.2f} ms  p95 {p95 * 1e3:6.2f} ms  max {values[-1] * 1e3:6.2f} ms"


def engine_side(path: Path, jumps: int) -> None:
    t = time.perf_counter()
    replay = open_replay(path)
    print(f"{path.name}: {replay.good_plies} plies, opened and verified in {(time.perf_counter() - t) * 1e3:.0f} ms")
    cursor = ReplayCursor(replay)
    rng = Rng(5)
    times = []
    for _ in range(jumps):
        target = rng.below(cursor.end + 1)
        t = time.perf_counter()
        cursor.go(target)
        times.append(time.perf_counter() - t)
    print(f"jump to a random ply (state only):   {ms(times)}")
    cursor.go(0)
    steps = []
    for p in range(1, cursor.end + 1):
        t = time.perf_counter()
        cursor.go(p)
        steps.append(time.perf_counter() - t)
    print(f"step one move forward (state only):  {ms(steps)}")


async def screen_side(path: Path, jumps: int, view: str) -> None:
    """The app's own work for a jump: the screen's update, then its layout (if any) and
    the drawing of what changed, timed inside Textual. Pilot's waits between frames
    (about 20 ms a pause here) are not the app's work and are left out."""
    from textual import events

    from cwtui.app import CwtuiApp
    from cwtui.screens.replay.replay import ReplayScreen

    spent = frame_work()

    app = CwtuiApp(path.parent, still=True)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path, replays=path.parent))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        if view == "seat":
            await pilot.press("v")
        rng = Rng(6)
        restyled = styled_lines()

        async def measure(target: int) -> float:
            await pilot.pause()
            spent.clear()
            restyled.append(0)
            t = time.perf_counter()
            screen.go(target)
            screen.show_position()
            work = time.perf_counter() - t
            await pilot.pause()
            return work + sum(spent)

        jumps_ms = [await measure(rng.below(screen.cursor.end + 1)) for _ in range(jumps)]
        print(f"jump to a random ply, drawn 140×40 ({view} view):   {ms(jumps_ms)}")
        print(f"  lines restyled by Textual per jump: median {statistics.median(restyled[1:]):.0f}")
        print(f"  Textual's floor, a whole-screen repaint: {repaint_floor(screen)}")
        await measure(0)
        steps = [await measure(p) for p in range(1, min(200, screen.cursor.end) + 1)]
        print(f"step one move forward, drawn 140×40 ({view} view): {ms(steps)}")
        # Holding →: the terminal repeats the key; the keys queue and the draws coalesce.
        await measure(0)
        draws = 0
        show = screen.show_position

        def counted() -> None:
            nonlocal draws
            draws += 1
            show()

        screen.show_position = counted  # type: ignore[method-assign]
        t = time.perf_counter()
        for _ in range(100):
            screen.post_message(events.Key("right", None))
        await pilot.pause()
        elapsed = time.perf_counter() - t
        print(
            f"100 → keys queued at once (a held key): at ply {screen.cursor.position} after {elapsed * 1e3:.0f} ms, "
            f"{draws} redraw(s)"
        )


def styled_lines() -> list[int]:
    """Count the widget lines Textual styles (border, padding, colours: its per-line cost)
    into the list's last entry. Textual is pinned, so the private name holds."""
    from textual._styles_cache import StylesCache

    counts: list[int] = [0]
    original = StylesCache.render_line

    def counted(self: StylesCache, *args: object, **kwargs: object) -> object:
        counts[-1] += 1
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    StylesCache.render_line = counted  # type: ignore[assignment,method-assign]
    return counts


def repaint_floor(screen: Screen[Any]) -> str:
    """What Textual costs to repaint this whole screen when nothing of ours is redrawn:
    with every widget's styled lines kept, and with every line styled again (as when
    all of them changed). The second bounds a jump that changes most of the screen."""
    compositor = screen._compositor
    kept, restyled = [], []
    for _ in range(30):
        t = time.perf_counter()
        compositor.render_update(full=True)
        kept.append(time.perf_counter() - t)
        for widget in compositor.visible_widgets:
            widget._styles_cache.clear()
        t = time.perf_counter()
        compositor.render_update(full=True)
        restyled.append(time.perf_counter() - t)
    lines = sum(region.intersection(clip).height for region, clip in compositor.visible_widgets.values())
    return (
        f"lines kept {statistics.median(kept) * 1e3:.1f} ms, "
        f"all {lines} widget lines styled again {statistics.median(restyled) * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", nargs="?", type=Path, default=GOLDEN)
    parser.add_argument("--jumps", type=int, default=300)
    parser.add_argument("--view", choices=("everything", "seat"), default="everything")
    args = parser.parse_args()
    engine_side(args.log, args.jumps * 3)
    asyncio.run(screen_side(args.log, args.jumps, args.view))


if __name__ == "__main__":
    main()
