"""The play screen's layout mechanics: pane keys only where they act, and an event log
that wraps at its own width."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app
from helpers import config
from textual.widgets import RichLog, Static

from cwtui import words
from cwtui.screens.play.play import PlayScreen
from cwtui.session import GameSession


async def open_bots_game(app, replays: Path):  # type: ignore[no-untyped-def]
    session = GameSession.start(config(2, 9), replays)  # two random bots play on their own
    screen = PlayScreen(session, app.settings)
    await app.push_screen(screen)
    return screen


@pytest.mark.parametrize(("size", "compact"), [((140, 40), False), ((80, 24), True)])
async def test_pane_keys_are_offered_only_in_the_compact_layout(replays: Path, size, compact: bool) -> None:
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_bots_game(app, replays)
        await pilot.pause()
        keys = {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        offered = {key for key in ("f2", "f3", "f4", "f5") if key in keys}
        assert offered == ({"f2", "f3", "f4", "f5"} if compact else set())


async def test_the_event_log_wraps_at_its_own_width(replays: Path) -> None:
    """RichLog renders at least 78 columns by default: in a narrower pane the ends of
    long narrations (usually the fish's name) were cut off."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_bots_game(app, replays)
        log = screen.query_one(RichLog)
        width = log.scrollable_content_region.width
        assert width < 78

        def longest() -> int:
            session = screen.session
            cards, names = session.state.cards, session.names
            return max(
                (len(words.narrate(cards, names, p.seat, p.move, p.events, None)) for p in session.history), default=0
            )

        for _ in range(400):  # bots at instant speed: play until a narration is wider than the pane
            if longest() > width + 5:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        assert longest() > width + 5
        assert max(line.cell_length for line in log.lines) <= width


async def test_s_cycles_the_bot_speed_and_the_status_says_so(replays: Path) -> None:
    app = make_app(replays)  # bots at instant speed
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_bots_game(app, replays)
        await pilot.press("p", "s")
        await pilot.pause()
        assert app.settings.bot_speed == "normal"
        assert "bots normal" in str(screen.query_one("#status", Static).render())
