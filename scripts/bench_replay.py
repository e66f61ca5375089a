"""Measure replay scrubbing: jumping to any ply, stepping, and drawing it on screen.

    python scripts/bench_replay.py                    # the committed 4-player golden log
    python scripts/bench_replay.py LOG.jsonl --jumps 500

Targets: a jump to any ply of a long 4-player game drawn within a frame at 60 Hz
(issue 13: median 16 ms, p95 33 ms at 140×40); holding → scrubs smoothly. `--cold`
measures the jumps of a screen that draws nothing ahead (what a jump costs before the
screen has drawn the game's positions ahead, in the first seconds after opening).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frame_timing import frame_work
from textual.screen import Screen
from timings import report

from cwtui.game.replaying import ReplayCursor, open_replay
from engine.rng import Rng

if TYPE_CHECKING:
    from cwtui.screens.replay.replay import ReplayScreen

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "sim-4p-404.jsonl"


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
    report("jump to a random ply (state only)", times)
    cursor.go(0)
    steps = []
    for p in range(1, cursor.end + 1):
        t = time.perf_counter()
        cursor.go(p)
        steps.append(time.perf_counter() - t)
    report("step one move forward (state only)", steps)


async def screen_side(path: Path, jumps: int, view: str, cold: bool, stepped: int = 200) -> None:
    """The app's own work for a jump: the screen's update, then its layout (if any) and
    the drawing of what changed, timed inside Textual. Pilot's waits between frames
    (about 20 ms a pause here) are not the app's work and are left out. The jumps start
    once the screen has drawn every position ahead (`cold`: it draws nothing ahead)."""
    from textual import events

    from cwtui.app import CwtuiApp
    from cwtui.screens.replay.replay import ReplayScreen

    spent = frame_work()
    ahead = drawing_ahead(ReplayScreen, cold)

    app = CwtuiApp(path.parent, still=True)
    async with app.run_test(size=(140, 40)) as pilot:
        opened = time.perf_counter()
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        if view == "seat":
            await pilot.press("v")
        memory = resident_mib()
        while not cold and not drawn_ahead(screen, ahead):
            await asyncio.sleep(0.05)  # drawing ahead: until it has started and ended
        if ahead:
            print(
                f"drew every position ahead: {sum(ahead) * 1e3:.0f} ms of work in {len(ahead)} slices "
                f"(longest {max(ahead) * 1e3:.1f} ms), done {time.perf_counter() - opened:.1f} s after opening; "
                f"resident memory {memory:.0f} → {resident_mib():.0f} MiB"
            )
        rng = Rng(6)
        restyled = styled_lines()

        async def measure(target: int) -> float:
            """A jump as `go` makes it: the cursor moves, then the screen draws."""
            await pilot.pause()
            spent.clear()
            restyled.append(0)
            t = time.perf_counter()
            screen.cursor.go(target)
            screen.show_position()
            work = time.perf_counter() - t
            await pilot.pause()
            return work + sum(spent)

        jumps_ms = [await measure(rng.below(screen.cursor.end + 1)) for _ in range(jumps)]
        drawn = "nothing drawn ahead" if cold else "drawn ahead"
        report(f"jump to a random ply, drawn 140×40 ({view} view, {drawn})", jumps_ms)
        print(f"  lines restyled by Textual per jump: median {statistics.median(restyled[1:]):.0f}")
        print(f"  Textual's floor, a whole-screen repaint: {repaint_floor(screen)}")
        await measure(0)
        steps = [await measure(p) for p in range(1, min(stepped, screen.cursor.end) + 1)]
        report(f"step one move forward, drawn 140×40 ({view} view)", steps)
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


def resident_mib() -> float:
    """This process's resident memory (Linux's /proc; 0 elsewhere)."""
    status = Path("/proc/self/status")
    if not status.exists():
        return 0.0
    line = next((x for x in status.read_text().splitlines() if x.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) / 1024


def drawing_ahead(screen: type[ReplayScreen], cold: bool) -> list[float]:
    """Turn drawing ahead off (`cold`), or time each of its slices into the list returned.
    (A commit before drawing ahead has neither: the list stays empty.)"""
    slices: list[float] = []
    if cold:
        screen.DRAW_AHEAD = False
        return slices
    try:
        from cwtui.screens.replay.ahead import DrawAhead

        owner: type[Any] = DrawAhead
        name = "slice"
    except ImportError:  # a commit before the screen's helpers (issue 38): the screen drew ahead
        owner, name = screen, "draw_ahead"
    original = getattr(owner, name, None)
    if original is not None:

        def timed(self: object) -> None:
            t = time.perf_counter()
            original(self)
            slices.append(time.perf_counter() - t)

        setattr(owner, name, timed)
    return slices


def drawn_ahead(screen: ReplayScreen, slices: list[float]) -> bool:
    """Whether the screen has drawn every position ahead (true at once on a commit that
    draws nothing ahead)."""
    ahead: Any = getattr(screen, "ahead", None)
    if hasattr(ahead, "done"):
        return bool(ahead.done)
    if not hasattr(screen, "draw_ahead"):
        return True
    return bool(slices) and ahead is None  # a commit before the screen's helpers


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
    parser.add_argument("--steps", type=int, default=200, help="moves stepped forward from the start")
    parser.add_argument("--view", choices=("everything", "seat"), default="everything")
    parser.add_argument("--cold", action="store_true", help="the screen draws nothing ahead")
    args = parser.parse_args()
    engine_side(args.log, args.jumps * 3)
    asyncio.run(screen_side(args.log, args.jumps, args.view, args.cold, args.steps))


if __name__ == "__main__":
    main()
