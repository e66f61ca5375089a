"""Issue 37.1: a log whose disk fills up mid-game. A move the log cannot take is not
played: the log stays as it was (no partial line, the digest chain where it was), and
when space comes back the game plays on and the log verifies (../shared/repro/
session_diskfull.py showed a duplicated, half-written ply that lost the whole game)."""

from __future__ import annotations

import errno
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from helpers import play_moves

from cwtui.game.logfile import NotSaved, read_log
from cwtui.game.session import GameSession
from cwtui.game.verification import verify_log
from engine import GameConfig, SeatConfig, apply, load_cards

CONFIG = GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy")), seed=5)


class FullDisk:
    """A log file whose disk is full: a write takes a few bytes of the line, then fails."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, data: bytes) -> int:
        self.real.write(data[:7])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()


def test_a_move_the_disk_cannot_take_is_not_played_and_the_game_goes_on(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play_moves(session, 30)
    writer = session.writer
    assert writer is not None and session.path is not None
    logged = session.path.read_bytes()
    ply, state = session.state.ply, session.state
    real = writer._file
    writer._file = FullDisk(real)  # the disk fills up
    for _ in range(3):  # the player (or the bot) tries again, and again
        decision = session.bot_move()
        with pytest.raises(NotSaved, match=r"could not be saved to .*: No space left on device"):
            session.play(decision.move, decision.searched)
        assert session.state is state and session.state.ply == ply and len(session.history) == ply
        assert session.path.read_bytes() == logged  # nothing of the failed line is left
    writer._file = real  # space comes back
    play_moves(session, 10_000)
    session.close()
    assert session.state.over
    verdict = verify_log(session.path, load_cards())
    assert verdict.ok, verdict.text
    assert read_log(session.path).footer is not None


def test_a_footer_the_disk_cannot_take_is_written_on_close(tmp_path: Path) -> None:
    """The last move's line is written and the footer's is not: the game is over (the
    move was saved), and the footer is written when the game is closed."""
    session = GameSession.start(CONFIG, tmp_path)
    while not apply(session.state, session.bot_move().move)[0].over:
        play_moves(session, 1)
    writer, path = session.writer, session.path
    assert writer is not None and path is not None
    real, finish = writer._file, writer.finish

    def footer_on_a_full_disk(final: Any) -> None:
        writer._file = FullDisk(real)
        try:
            finish(final)
        finally:
            writer._file = real

    writer.finish = footer_on_a_full_disk  # type: ignore[method-assign]
    play_moves(session, 1)
    assert session.state.over and read_log(path).footer is None
    assert verify_log(path, load_cards()).text.startswith("OK up to move")  # every move, no footer yet
    writer.finish = finish  # type: ignore[method-assign]
    session.close()  # space is back
    verdict = verify_log(path, load_cards())
    assert verdict.ok and verdict.text.startswith("OK ("), verdict.text


def test_a_real_disk_that_fills_up_and_frees_again(tmp_path: Path) -> None:
    """The repro itself, on a 256 KiB tmpfs (root only)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a small tmpfs")
    folder = Path(tempfile.mkdtemp(prefix="cwtui-full-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)]).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        session = GameSession.start(CONFIG, folder)
        filler, refused = folder / "filler", 0
        for i in range(2000):
            if session.state.over:
                break
            if i == 40:  # the disk fills up
                fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
                try:
                    while True:
                        os.write(fd, b"\0" * 512)
                except OSError:
                    os.close(fd)
            if i == 80:  # and frees again
                filler.unlink()
            decision = session.bot_move()
            try:
                session.play(decision.move, decision.searched)
            except NotSaved:
                refused += 1
        session.close()
        assert refused and session.state.over and session.path is not None
        verdict = verify_log(session.path, load_cards())
        assert verdict.ok, verdict.text
    finally:
        subprocess.run(["umount", str(folder)])


def test_a_move_the_undo_journal_cannot_take_is_not_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move kept back for undo is journaled before it counts (37.3): on a full disk it
    is refused like any other, and the journal is left with whole lines only."""
    from test_undo import CONFIG as HUMAN_CONFIG
    from test_undo import play_until, quiet_move

    from cwtui.game import logfile

    session = GameSession.start(HUMAN_CONFIG, tmp_path)
    move = play_until(session, quiet_move)
    assert session.path is not None
    journal, state = logfile.undo_journal(session.path), session.state
    real_open = logfile.append_own

    def full_disk_open(path: Path) -> Any:
        file = real_open(path)
        return FullDisk(file) if path == journal else file

    monkeypatch.setattr(logfile, "append_own", full_disk_open)
    for _ in range(2):
        with pytest.raises(NotSaved, match="No space left on device"):
            session.play(move)
        assert session.state is state and not session.can_undo
        assert not journal.exists() or journal.read_bytes() == b""
    monkeypatch.undo()  # space comes back
    session.play(move)
    assert session.can_undo and journal.read_bytes().count(b"\n") == 1
