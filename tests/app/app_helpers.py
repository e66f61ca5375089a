"""Helpers for the app's Pilot and snapshot tests."""

from __future__ import annotations

import contextlib
from pathlib import Path

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from cwtui.app import CwtuiApp
from cwtui.screens.handover.handover import HandoverScreen
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.results.results import ResultsScreen
from engine.game import MAX_PLIES
from engine.rng import Rng


def make_app(replays: Path, seed: int = 4242) -> CwtuiApp:
    return CwtuiApp(replays, bot_speed="instant", seed_source=lambda: seed, still=True)


async def settle(pilot: Pilot[None]) -> None:
    """Let bot workers finish and their moves be drawn (a bot's worker cancelled by the
    next one, which the play screen's exclusive workers do, is not a failure)."""
    with contextlib.suppress(WorkerCancelled):
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def play_by_keys(
    pilot: Pilot[None], seed: int, stop_after: int | None = None, handovers: list[str] | None = None
) -> int:
    """Answer every decision with one of the offered keys (seeded), passing hand-over
    screens (each one's player is added to `handovers`), until the results screen (or
    `stop_after` human decisions)."""
    app = pilot.app
    rng = Rng(seed)
    decisions = 0
    for _ in range(MAX_PLIES):
        screen = app.screen
        if isinstance(screen, ResultsScreen) or (stop_after is not None and decisions >= stop_after):
            return decisions
        if isinstance(screen, HandoverScreen):
            if handovers is not None:
                handovers.append(screen.player)
            await pilot.press("enter")
        elif isinstance(screen, PlayScreen) and screen.options:
            keys = [k for k in screen.option_keys() if k]
            await pilot.press(keys[rng.below(len(keys))])
            decisions += 1
        else:
            await settle(pilot)
    raise AssertionError("the game did not reach the results screen")


async def set_players(pilot: Pilot[None], n: int) -> None:
    """Choose the number of players in the new-game form with the keyboard."""
    await pilot.press("shift+tab", "enter")  # focus the players select and open it
    for _ in range(abs(n - 2)):
        await pilot.press("up" if n < 2 else "down")
    await pilot.press("enter")
