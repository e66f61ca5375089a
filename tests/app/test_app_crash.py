"""When the app itself fails: one line on the terminal naming the crash report, the
traceback in the report, and a non-zero exit status. Never a traceback on screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.app import CwtuiApp
from cwtui.cli import main
from cwtui.screens.home.home import HomeScreen
from cwtui.shell.crash import EXIT_CRASH
from cwtui.widgets.table.quiet import TextLines


def test_a_crash_exits_70_with_one_line_and_a_report(
    replays: Path, crash_reports: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: HomeScreen) -> None:
        raise RuntimeError("the menu fell over")

    real_run = CwtuiApp.run
    monkeypatch.setattr(HomeScreen, "refresh_menu", broken)
    monkeypatch.setattr(CwtuiApp, "run", lambda self: real_run(self, headless=True, size=(80, 24)))
    code = main(["--replays-dir", str(replays)])
    out, err = capsys.readouterr()
    assert code == EXIT_CRASH
    assert "Traceback" not in out + err
    (line,) = [line for line in err.splitlines() if line.strip()]
    assert line.startswith("cwtui crashed (RuntimeError: the menu fell over); the full report is in ")
    (report,) = crash_reports.glob("crash-*.txt")
    assert str(report) in line
    text = report.read_text()
    assert "Traceback (most recent call last)" in text and "the menu fell over" in text and "refresh_menu" in text


async def test_a_bot_that_raises_pauses_the_game_instead_of_closing_the_app(
    replays: Path, crash_reports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's exception in its worker used to end the app; now the game stops there,
    saved and paused, with one line and a crash report."""
    from app_helpers import make_app, settle
    from helpers import config

    from cwtui.game.session import GameSession
    from cwtui.screens.play.play import PlayScreen

    def broken(self: GameSession) -> None:
        raise RuntimeError("the bot tripped")

    monkeypatch.setattr(GameSession, "bot_move", broken)
    app = make_app(replays)
    session = GameSession.start(config(2, 5), replays)  # two random bots
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayScreen(session, app.settings)
        await app.push_screen(screen)
        await settle(pilot)
        assert app.is_running and app.screen is screen and screen.paused
        assert "(paused)" in screen.query_one("#status", TextLines).drawn_text
        assert session.state.ply == 0 and session.path is not None and session.path.exists()
        assert list(crash_reports.iterdir())
