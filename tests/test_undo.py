"""Undo, by Board Game Arena's rule: a human takes back their own decisions up to the
last point where chance or hidden information showed or another seat acted. Moves that
can still be undone are kept back from the log, so an undone move is never written."""

from __future__ import annotations

from pathlib import Path

from cwtui.game.logfile import read_log, undo_journal
from cwtui.game.saved import unfinished_games
from cwtui.game.session import GameSession
from cwtui.history.loader import connect, load
from engine import GameConfig, SeatConfig, apply
from engine.events import BaitDrawn, FishCaught
from engine.moves import Move
from engine.replay import Replay
from engine.visibility import reveals

CONFIG = GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=31)


def logged_plies(session: GameSession) -> int:
    assert session.path is not None
    return len(read_log(session.path).plies)


def quiet_move(session: GameSession) -> Move | None:
    """A legal move of the seat to act that shows nothing and keeps the turn."""
    state = session.state
    for move in session.legal():
        after, events = apply(state, move)
        if not reveals(events) and after.to_act == state.to_act and not after.over:
            return move
    return None


def move_showing(session: GameSession, kind: type) -> Move | None:
    for move in session.legal():
        _after, events = apply(session.state, move)
        if any(isinstance(e, kind) for e in events):
            return move
    return None


def play_until(session: GameSession, found: object) -> Move:
    """Play on (humans: an option picked by the ply number; bots: their choice) until
    `found(session)` names a move of the human's."""
    while not session.state.over:
        if session.is_human(session.state.to_act):
            move = found(session)  # type: ignore[operator]
            if move is not None:
                return move  # type: ignore[no-any-return]
            options = session.legal()
            session.play(options[session.state.ply % len(options)])
        else:
            session.play(session.bot_move().move)
    raise AssertionError("no such move in this game")


def test_a_placement_can_be_undone_and_is_never_logged(tmp_path: Path) -> None:
    """R3.1 — placing a token that catches nothing shows nothing: it can be taken back."""
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, quiet_move)
    before, plies, logged = session.state, len(session.history), logged_plies(session)
    session.play(move)
    assert session.can_undo and logged_plies(session) == logged  # kept back from the log
    undone = session.undo()
    assert undone.move == move and session.state is before and len(session.history) == plies
    assert not session.can_undo
    session.close()
    assert logged_plies(session) == logged


def test_nothing_can_be_undone_after_a_bag_draw(tmp_path: Path) -> None:
    """R4.4 — a refill draws from the bag: chance has spoken."""
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, lambda s: move_showing(s, BaitDrawn))
    session.play(move)
    assert not session.can_undo and logged_plies(session) == len(session.history)


def test_nothing_can_be_undone_after_a_fish_is_caught(tmp_path: Path) -> None:
    """R5.4 — a catch shows the card's back (weight, time, tag) to its catcher."""
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, lambda s: move_showing(s, FishCaught))
    session.play(move)
    assert not session.can_undo


def test_undo_stops_where_a_quiet_move_follows_a_revealing_one(tmp_path: Path) -> None:
    """Only the moves since the last reveal are kept: the earlier ones are logged."""
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, lambda s: move_showing(s, BaitDrawn))
    session.play(move)
    quiet = quiet_move(session) if session.is_human(session.state.to_act) else None
    assert quiet is not None  # this game has one: the test is not vacuous
    session.play(quiet)
    assert session.can_undo
    session.undo()
    assert not session.can_undo


def test_nothing_can_be_undone_once_another_seat_acts(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    play_until(session, lambda s: s.legal()[0] if s.state.ply > 0 else None)
    while session.is_human(session.state.to_act):
        session.play(session.legal()[0])
    assert not session.can_undo  # the turn passed: Ana's last move is logged
    assert logged_plies(session) == len(session.history)
    session.play(session.bot_move().move)
    assert not session.can_undo


def test_an_undone_move_is_in_neither_the_log_nor_the_history(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    undone = []
    while not session.state.over:
        if session.is_human(session.state.to_act):
            quiet = quiet_move(session)
            if quiet is not None and len(undone) < 5:
                session.play(quiet)
                undone.append(session.undo())
            session.play(session.legal()[-1])
        else:
            session.play(session.bot_move().move)
    assert len(undone) == 5
    assert session.path is not None
    log = read_log(session.path)
    assert Replay(log).divergence is None
    assert [p.move for p in log.plies] == [p.move for p in session.history]
    db = tmp_path / "h.duckdb"
    assert load(db, [tmp_path]).loaded == 1
    with connect(db) as con:
        (moves,) = con.execute("SELECT count(*) FROM moves").fetchone() or (0,)
    assert moves == len(session.history)


# A crash loses nothing already played (issue 37.3): moves kept back for undo are also
# kept in a journal beside the log, written before the move is acknowledged, and a
# resume (or a restarted server) restores them — still undoable, still not in the log.

KILLED_CHILD = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_undo import CONFIG, play_until, quiet_move
from cwtui.game.session import GameSession
from cwtui.game.saved import unfinished_games
session = GameSession.start(CONFIG, Path({folder!r}))
play_until(session, quiet_move)
while (move := quiet_move(session)) is not None and len(session.kept) < 2:
    session.play(move)
print(session.path, session.state.ply, len(session.kept), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_moves_kept_for_undo_survive_kill_9(tmp_path: Path) -> None:
    import subprocess
    import sys

    child = KILLED_CHILD.format(tests=str(Path(__file__).parent), folder=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert done.returncode == -9, done.stderr
    path, ply, kept = done.stdout.split()
    assert int(kept) >= 1  # the game had a move kept back when it was killed
    assert unfinished_games(tmp_path) == [(Path(path), read_log(Path(path)).header, int(ply))]  # as Resume lists it
    session = GameSession.resume(Path(path))
    assert session.state.ply == int(ply)  # the position the player last saw
    assert len(session.kept) == int(kept) and session.can_undo  # and still undoable
    logged = logged_plies(session)
    assert logged == int(ply) - int(kept)  # the log still has only moves that cannot be undone
    session.undo()
    session.close()
    log = read_log(Path(path))
    assert len(log.plies) == int(ply) - 1 and Replay(log).divergence is None
    assert not undo_journal(Path(path)).exists()


def test_an_undone_move_is_not_restored_after_a_crash(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, quiet_move)
    before = session.state.ply
    session.play(move)
    session.undo()
    assert session.path is not None and session.writer is not None
    session.writer.close()  # the process dies here: nothing more is written
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == before and not resumed.can_undo


def test_a_journal_whose_moves_reached_the_log_is_not_played_twice(tmp_path: Path) -> None:
    """A crash between writing kept moves to the log and clearing the journal."""
    session = GameSession.start(CONFIG, tmp_path)
    play_until(session, quiet_move)
    while (move := quiet_move(session)) is not None and len(session.kept) < 2:
        session.play(move)
    assert session.path is not None and session.writer is not None
    journal = undo_journal(session.path).read_bytes()
    ply = session.state.ply
    session.commit()
    session.writer.close()
    undo_journal(session.path).write_bytes(journal)  # as the crash left it
    resumed = GameSession.resume(session.path)
    assert resumed.state.ply == ply and not resumed.can_undo


def test_a_damaged_or_foreign_journal_leaves_the_log_as_the_truth(tmp_path: Path) -> None:
    session = GameSession.start(CONFIG, tmp_path)
    move = play_until(session, quiet_move)
    ply = session.state.ply
    session.play(move)
    assert session.path is not None and session.writer is not None
    session.writer.close()
    journal = undo_journal(session.path)
    for content in (b"not json\n", journal.read_bytes().replace(b'"game":"', b'"game":"x'), b"\x00" * 50):
        journal.write_bytes(content)
        resumed = GameSession.resume(session.path)
        assert resumed.state.ply == ply and not resumed.can_undo
        assert resumed.writer is not None
        resumed.writer.close()
