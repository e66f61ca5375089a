"""The app's game session: logged as it goes, resumable, even after a crash mid-write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import play_moves

from cwtui.game.logfile import GameInUse, LogWriter, read_log
from cwtui.game.saved import unfinished_games
from cwtui.game.session import GameSession
from engine import GameConfig, LogFormatError, SeatConfig
from engine.replay import Replay

CONFIG = GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=31)


def test_resume_continues_exactly_where_the_game_stopped(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 30)
    state = session.state
    session.close()
    assert [p for p, _h, _n in unfinished_games(tmp_path)] == [session.path]
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == state.ply and resumed.legal() == session.legal()
    play_moves(resumed, 10)
    resumed.close()
    assert Replay(read_log(session.path)).divergence is None


def test_a_line_cut_off_by_a_crash_is_dropped_on_resume(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 20)
    session.close()
    data = session.path.read_bytes()
    session.path.write_bytes(data[:-15])  # the crash: the last move half written
    assert [(p, n) for p, _h, n in unfinished_games(tmp_path)] == [(session.path, 19)]
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == 19
    play_moves(resumed, 5)
    resumed.close()
    log = read_log(session.path)
    assert not log.truncated and len(log.plies) == 24 and Replay(log).divergence is None


def test_a_finished_game_cannot_be_resumed(tmp_path: Path) -> None:
    session = GameSession.start(
        GameConfig(seats=(SeatConfig("A", "greedy"), SeatConfig("B", "greedy")), seed=2), tmp_path
    )
    while not session.state.over:
        session.play(session.bot_move().move)
    assert unfinished_games(tmp_path) == []
    with pytest.raises(LogFormatError, match="finished game"):
        GameSession.resume(session.path)


def test_a_log_with_a_seat_kind_no_bot_plays_is_refused_not_resumed(tmp_path: Path) -> None:
    """Even with its digests recomputed: the reader refuses the header, so no bot is
    ever asked for (bots_for used to crash on it)."""
    from helpers import reseal

    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 10)
    session.close()
    assert session.path is not None
    lines = session.path.read_bytes().splitlines(keepends=True)
    session.path.write_bytes(b"".join(reseal([lines[0].replace(b'"kind":"greedy"', b'"kind":"wizard"'), *lines[1:]])))
    assert unfinished_games(tmp_path) == []
    with pytest.raises(LogFormatError, match="unknown seat kind 'wizard'"):
        GameSession.resume(session.path)


def test_a_format_1_game_resumes_in_format_1(tmp_path: Path) -> None:
    """A game begun before digests goes on without them: one file, one format."""
    format1 = Path(__file__).parent / "fixtures" / "format1" / "sim-2p-202.jsonl"
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"".join(format1.read_bytes().splitlines(keepends=True)[:80]))
    session = GameSession.resume(path)
    play_moves(session, 20)
    session.close()
    log = read_log(path)
    assert log.format == 1 and len(log.plies) == 79 + 20 and b'"digest"' not in path.read_bytes()
    assert Replay(log).divergence is None


def test_the_unfinished_list_passes_over_what_is_not_a_log(tmp_path: Path) -> None:
    """The home screen counts unfinished games at start-up: a dangling link, a folder or
    a damaged file named *.jsonl must not stop it."""
    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 6)
    session.close()
    (tmp_path / "gone.jsonl").symlink_to(tmp_path / "nowhere")
    (tmp_path / "folder.jsonl").mkdir()
    (tmp_path / "bad.jsonl").write_bytes(b'{"kind":"header","x":"\xff"}\n')
    assert [p for p, _h, _n in unfinished_games(tmp_path)] == [session.path]


def test_one_process_writes_a_game_at_a_time(tmp_path: Path) -> None:
    """Issue 37.2 (../shared/repro/two_resumes.py): two resumes of one game both appended,
    and the log no longer read. The second is refused, naming who holds it, and writes
    nothing; once the first has closed, the game resumes where it left off."""
    first = GameSession.start(CONFIG, tmp_path)
    play_moves(first, 20)
    first.close()
    assert first.path is not None
    holder = GameSession.resume(first.path)
    logged = first.path.read_bytes()
    with pytest.raises(GameInUse, match=rf"is being played by another process \(process {os.getpid()}\)"):
        GameSession.resume(first.path)
    assert first.path.read_bytes() == logged
    play_moves(holder, 10)
    holder.close()
    again = GameSession.resume(first.path)
    assert again.state.ply == holder.state.ply
    again.close()


def test_a_log_that_moved_on_since_it_was_read_is_not_appended_to(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 10)
    assert session.path is not None
    stale = read_log(session.path)
    play_moves(session, 5)
    session.close()
    with pytest.raises(GameInUse, match="has changed since it was read"):
        LogWriter.append(session.path, stale)


def test_a_new_game_takes_the_next_name_if_its_own_is_taken_meanwhile(tmp_path: Path) -> None:
    """Issue 37.4: two games started in the same second with the same seed: the second's
    name was free when it looked and taken when it created the file (FileExistsError,
    exit 70). Names are taken as files are created: it gets the next one."""
    from engine import load_cards
    from engine.log import header_for
    from engine.setup import set_up

    cards = load_cards()
    _state, setup = set_up(CONFIG, cards)

    def taken_meanwhile(game: str) -> object:
        if game == "g":  # another process creates g.jsonl between the look and the create
            (tmp_path / "g.jsonl").write_bytes(b"another game\n")
        return header_for(CONFIG, cards.hash, game, "2026-11-26T00:00:00+00:00", setup=setup)

    with LogWriter.create_new(tmp_path, "g", taken_meanwhile) as writer:  # type: ignore[arg-type]
        assert writer.path.name == "g-2.jsonl"
    assert (tmp_path / "g.jsonl").read_bytes() == b"another game\n"  # not touched
    assert read_log(tmp_path / "g-2.jsonl").header.game == "g-2"
