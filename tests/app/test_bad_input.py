"""The app takes bad input in its stride: a replays folder full of damaged logs, a
replays folder it cannot write in. No crash; a message where one is due."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from app_helpers import make_app, settle
from fuzzing import variants, write_variant
from textual.widgets import DataTable, Static

from cwtui.screens.history.history import HistoryScreen
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.new_game.new_game import NewGameScreen
from cwtui.screens.replay_list.replay_list import ReplayListScreen


def damaged_replays(replays: Path, sim_logs: Path) -> Path:
    """The simulated games, an unfinished one, and 80 damaged and forged copies."""
    shutil.copytree(sim_logs, replays)
    sources = sorted(replays.glob("*.jsonl"))
    whole = sources[0].read_bytes().splitlines(keepends=True)
    (replays / "unfinished.jsonl").write_bytes(b"".join(whole[: len(whole) // 2]))
    for i, variant in enumerate(variants(sources, 80, seed=11)):
        write_variant(variant, replays / f"bad-{i:02d}.jsonl")
    return replays


@pytest.mark.slow
async def test_the_app_opens_lists_and_loads_a_folder_of_damaged_logs(replays: Path, sim_logs: Path) -> None:
    """Start-up (the unfinished count), Resume, Open a replay (the list, and opening every
    entry), History (loading skips the damaged ones): nothing raises."""
    damaged_replays(replays, sim_logs)
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, ReplayListScreen)
        table = app.screen.query_one("#games", DataTable)
        assert table.row_count >= 9
        for row in range(table.row_count):
            table.move_cursor(row=row)
            await pilot.press("enter")
            await settle(pilot)
            if not isinstance(app.screen, ReplayListScreen):
                await pilot.press("escape")  # a replay opened: back to the list
                await settle(pilot)
        await pilot.press("escape")
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        shown = str(app.screen.query_one("#status", Static).render())
        assert "games in the history" in shown and "damaged logs skipped" in shown


async def test_a_new_game_where_games_cannot_be_saved_says_so(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    app = make_app(blocked / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.action_start()
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)  # still here, saying why
        error = str(app.screen.query_one("#error", Static).render())
        assert error.startswith("Cannot save a game in ") and "--replays-dir" in error
