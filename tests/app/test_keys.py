"""Issue 35.6: every action of the play screen is in its footer where there is room,
always in the command palette, and first in F1 — not Textual's widget plumbing."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app, settle
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from cwtui.game.session import GameSession
from cwtui.screens.help.help import HelpScreen
from cwtui.screens.keys import game_keys
from cwtui.screens.play.play import PlayScreen
from engine import GameConfig, SeatConfig
from engine.moves import PlaceAngler

ACTIONS = {"Home", "Undo", "Hint", "Scores", "Since", "Pause", "Speed", "Help", "Quit"}


async def open_table(app, replays: Path) -> PlayScreen:  # type: ignore[no-untyped-def]
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    screen = PlayScreen(GameSession.start(GameConfig(seats=seats, seed=7), replays), app.settings)
    await app.push_screen(screen)
    return screen


@pytest.mark.parametrize(
    ("size", "listed"),
    [((120, 40), {"Home", "Undo", "Hint", "Scores", "Seats", "Since", "Pause", "Speed", "Help", "palette"}),
     # issue 52.1: at 80×24 the game's keys, the panes' on the panes' borders
     ((80, 24), {"Home", "Undo", "Hint", "Scores", "You", "Seats", "Since", "Pause", "Speed", "Help"})],
)  # fmt: skip
async def test_the_keys_are_found(replays: Path, size: tuple[int, int], listed: set[str]) -> None:
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(app, replays)
        await settle(pilot)
        footer = {key.description for key in screen.query(FooterKey)}
        assert footer == listed
        assert sum(key.outer_size.width for key in screen.query(FooterKey)) <= size[0]  # none cut
        keys = [active.binding.description for active in game_keys(screen)]
        assert set(keys) >= ACTIONS and keys[:4] == ["Home", "Undo", "Hint", "Scores"]
        assert not {"Scroll Left", "Page Up", "Focus Next", "Copy selected text"} & set(keys)
        commands = {command.title for command in app.get_system_commands(screen)}
        assert ACTIONS - {"Help"} <= commands
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # the page has no footer: its first line says how to leave it (a newcomer looked)
        assert "Esc" in str(app.screen.query_one("#help-leave", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_undo_from_the_command_palette(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(app, replays)
        await settle(pilot)
        screen.play_move(next(m for m in screen.options if isinstance(m, PlaceAngler)))
        await settle(pilot)
        played = screen.session.state.ply
        await pilot.press("ctrl+p", *"undo")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.state.ply == played - 1


async def test_the_palette_offers_the_games_commands_each_once(replays: Path) -> None:
    """Issue 52.10: the palette listed Textual's own commands ("Show help for the focused
    widget…", "Maximize the focused widget", "Save an SVG 'screenshot'…") among the
    game's, and "New game" twice on the home screen."""
    from cwtui.screens.home.home import HomeScreen

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(HomeScreen(replays))
        await settle(pilot)
        for screen in (app.screen, await open_table(app, replays)):
            await settle(pilot)
            titles = [command.title for command in app.get_system_commands(screen)]
            assert len(titles) == len(set(titles)), titles
            assert not {"Keys", "Maximize", "Minimize", "Screenshot"} & set(titles), titles
            assert {"Theme", "Quit", "New game"} <= set(titles) or {"Theme", "Home"} <= set(titles), titles
            # issue 67.7: home's own t ("Learn") and the app's "Learn to play" were one
            # command listed twice; and home offered "Home"
            assert [t for t in titles if t.startswith("Learn")] == ["Learn to play", "Learn the solo game"], titles
            assert ("Home" in titles) != isinstance(screen, HomeScreen), titles


async def test_home_offers_the_solo_lesson(replays: Path) -> None:
    """Issue 67.6: the solo lesson was offered by `cwtui learn --help` alone."""
    from cwtui.screens.home.home import HomeScreen
    from cwtui.screens.lesson.lesson import LessonNote, LessonScreen

    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HomeScreen(replays))
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, LessonNote) and app.screen.title_text == "Chapter 1 of 1: The silent player"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.key == "solo"


async def test_the_palettes_search_box_speaks_the_language_in_use(replays: Path) -> None:
    """A French reader saw « 🔎 Search for commands… » over French commands (Textual's
    own placeholder)."""
    from textual.command import CommandInput

    from cwtui.lang import use

    use("fr")
    try:
        app = make_app(replays)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            placeholder = app.screen.query_one(CommandInput).placeholder
            assert "Search" not in placeholder and "command" in placeholder.lower(), placeholder
    finally:
        use("en")
