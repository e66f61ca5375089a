"""The app's game session: logged as it goes, resumable, even after a crash mid-write."""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.logfile import read_log
from cwtui.session import GameSession, unfinished_games
from engine import GameConfig, LogFormatError, SeatConfig
from engine.replay import Replay

CONFIG = GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=31)


def play(session: GameSession, moves: int) -> None:
    for _ in range(moves):
        session.play(session.legal()[0] if session.is_human(session.state.to_act) else session.bot_move())


def test_resume_continues_exactly_where_the_game_stopped(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play(session, 30)
    state = session.state
    session.close()
    assert [p for p, _h, _n in unfinished_games(tmp_path)] == [session.path]
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == state.ply and resumed.legal() == session.legal()
    play(resumed, 10)
    resumed.close()
    assert Replay(read_log(session.path)).divergence is None


def test_a_line_cut_off_by_a_crash_is_dropped_on_resume(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play(session, 20)
    session.close()
    data = session.path.read_bytes()
    session.path.write_bytes(data[:-15])  # the crash: the last move half written
    assert [(p, n) for p, _h, n in unfinished_games(tmp_path)] == [(session.path, 19)]
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == 19
    play(resumed, 5)
    resumed.close()
    log = read_log(session.path)
    assert not log.truncated and len(log.plies) == 24 and Replay(log).divergence is None


def test_a_finished_game_cannot_be_resumed(tmp_path: Path) -> None:
    session = GameSession.start(
        GameConfig(seats=(SeatConfig("A", "greedy"), SeatConfig("B", "greedy")), seed=2), tmp_path
    )
    while not session.state.over:
        session.play(session.bot_move())
    assert unfinished_games(tmp_path) == []
    with pytest.raises(LogFormatError, match="finished game"):
        GameSession.resume(session.path)
