"""Whole games played through the keyboard, to the results screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app, play_by_keys, set_players, settle
from helpers import play_moves
from textual.widgets import Input, Select

from cwtui.game.logfile import read_log
from cwtui.game.session import GameSession
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.results.results import ResultsScreen
from cwtui.screens.resume.resume import ResumeScreen
from engine import GameConfig, SeatConfig
from engine.moves import PlaceAngler
from engine.replay import Replay


def the_log(replays: Path) -> Path:
    logs = list(replays.glob("*.jsonl"))
    assert len(logs) == 1
    return logs[0]


async def test_a_solo_game_to_the_results(replays: Path) -> None:
    app = make_app(replays, seed=7)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n")
        await set_players(pilot, 1)
        assert app.screen.query_one("#players", Select).value == 1
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, PlayScreen)
        await play_by_keys(pilot, seed=1)
        assert isinstance(app.screen, ResultsScreen)
        final = app.screen.final
        assert final.phase == "over" and len(final.seats) == 2 and final.seats[1].kind == "silent"
    log = read_log(the_log(replays))
    assert log.footer is not None and Replay(log).divergence is None


@pytest.mark.slow
async def test_human_against_a_bot(replays: Path) -> None:
    app = make_app(replays, seed=8)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n", "ctrl+s")  # default: you and a greedy bot
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session.state.seats[1].kind == "greedy"
        decisions = await play_by_keys(pilot, seed=2)
        assert isinstance(app.screen, ResultsScreen) and decisions > 20
        bot_moves = [p for p in screen.session.history if p.seat == 1]
        assert len(bot_moves) > 20
    assert Replay(read_log(the_log(replays))).divergence is None


@pytest.mark.slow
async def test_four_seat_hot_seat_game(replays: Path) -> None:
    # Two people share the keyboard with two bots: every human turn is handed over.
    app = make_app(replays, seed=9)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n")
        await set_players(pilot, 4)
        app.screen.query_one("#kind-2", Select).value = "human"
        await pilot.press("ctrl+s")
        play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))  # under the first hand-over
        handovers: list[str] = []
        await play_by_keys(pilot, seed=3, handovers=handovers)
        assert isinstance(app.screen, ResultsScreen)
        human_turns = sum(1 for p in play.session.history if p.seat in (0, 2) and isinstance(p.move, PlaceAngler))
        # every human turn starts with a hand-over to that player
        assert human_turns > 20 and len(handovers) >= human_turns
        assert set(handovers) == {play.session.names[0], play.session.names[2]}
    assert Replay(read_log(the_log(replays))).divergence is None


async def test_quit_mid_game_then_resume_exactly_there(replays: Path) -> None:
    app = make_app(replays, seed=10)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n", "ctrl+s")
        await play_by_keys(pilot, seed=4, stop_after=25)
        await settle(pilot)
        before = app.screen.session
        ply, legal = before.state.ply, before.legal()
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("r", "enter")
        resumed = app.screen
        assert isinstance(resumed, PlayScreen)
        assert resumed.session.state.ply == ply and resumed.session.legal() == legal
        assert resumed.session.path == before.path
        await play_by_keys(pilot, seed=5)
        assert isinstance(app.screen, ResultsScreen)
    assert Replay(read_log(the_log(replays))).divergence is None


async def test_a_game_linked_in_from_elsewhere_is_not_resumed(replays: Path, tmp_path: Path) -> None:
    """Issue 51.9: playing it on would write its file outside the folder. The player is
    told in one line (the refusal was a crash), and the file is left as it was."""
    elsewhere = GameSession.start(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=5), tmp_path)
    play_moves(elsewhere, 6)
    elsewhere.close()
    assert elsewhere.path is not None
    kept = elsewhere.path.read_bytes()
    replays.mkdir()
    (replays / elsewhere.path.name).symlink_to(elsewhere.path)
    app = make_app(replays)
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        await pilot.press("r", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert [n.message for n in app._notifications] == [
            f"{elsewhere.path.name} is a symbolic link, which cwtui did not make: it was left alone and nothing "
            "written through it"
        ]
    assert elsewhere.path.read_bytes() == kept


async def test_new_game_form_refuses_a_bad_seed(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n")
        app.screen.query_one("#seed", Input).value = "-3"
        await pilot.press("ctrl+s")
        assert "seed must be a whole number" in str(app.screen.query_one("#error").render())
        assert not list(replays.glob("*.jsonl"))


async def test_the_new_game_dialog_offers_the_last_seats_again(replays: Path) -> None:
    """A player who chose the medium bot once finds it chosen in the next new game."""
    app = make_app(replays, seed=9)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        app.screen.query_one("#kind-1", Select).value = "medium"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        app.screen.action_leave()
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#kind-1", Select).value == "medium"


async def test_a_move_the_disk_cannot_take_is_refused_in_one_line(replays: Path) -> None:
    """Issue 37.1: the log's disk is full: the player's move is not played (the table is
    as it was, with a note saying why); with room again, the same key plays it."""
    import errno
    import os

    from textual.widgets import OptionList

    app = make_app(replays, seed=8)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("n", "ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session.writer is not None
        writer = screen.session.writer
        real, ply = writer._file, screen.session.state.ply

        class FullDisk:
            def write(self, data: bytes) -> int:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            def __getattr__(self, name: str) -> object:
                return getattr(real, name)

        writer._file = FullDisk()  # type: ignore[assignment]
        try:
            for _ in range(6):  # a move that cannot be undone reaches the log: it is refused
                screen.query_one(OptionList).focus()
                await pilot.press("1")
                await settle(pilot)
                notes = [n.message for n in app._notifications]
                if any("could not be saved" in m for m in notes):
                    break
            assert any("The move was not played: make room on the disk" in m for m in notes), notes
            refused_at = screen.session.state.ply
            logged = read_log(screen.session.path).plies  # type: ignore[arg-type]
            assert refused_at >= ply and (not logged or logged[-1].ply < refused_at)
        finally:
            writer._file = real  # room again
        screen.query_one(OptionList).focus()
        await pilot.press("1")
        await settle(pilot)
        assert screen.session.state.ply > refused_at
