"""Issue 51.9: a name planted beside a log (a shared folder, an unpacked archive of
games) made cwtui write a file outside the folder: `NAME.review.json.part` got the
review, `NAME.jsonl.pid` the process id on Resume, a `.undo` planted mid-game cut its
target to 0 (../shared/repro/symlink_victims.sh). Each kind of file cwtui writes there
is tried with real links to a real file outside: the file is left as it was, and where
cwtui cannot write the player is told in one line."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import play_moves, quick_judge
from test_undo import CONFIG as HUMAN_CONFIG
from test_undo import play_until, quiet_move

from cwtui.batch.runner import play_game
from cwtui.cli import main
from cwtui.game import review as reviews
from cwtui.game.logfile import GameInUse, LogExists, LogWriter, NotOurs, NotSaved, undo_journal, write_whole
from cwtui.game.session import GameSession
from cwtui.net.chat import ChatLog
from cwtui.net.ratings import FILE_NAME, Entrant, RatingStore
from engine import GameConfig, SeatConfig, load_cards
from engine.log import Header, header_for
from engine.setup import set_up

PRECIOUS = b"precious data\n" * 100
REFUSED = "which cwtui did not make: it was left alone and nothing written through it"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file outside the replays folder, which nothing cwtui does may change."""
    outside = tmp_path / "outside"
    outside.mkdir()
    path = outside / "victim.txt"
    path.write_bytes(PRECIOUS)
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "replays"
    path.mkdir()
    return path


def symlink(name: Path, victim: Path) -> None:
    name.symlink_to(victim)


def hard_link(name: Path, victim: Path) -> None:
    os.link(victim, name)


def named_pipe(name: Path, victim: Path) -> None:
    os.mkfifo(name)


PLANTED = [symlink, hard_link, named_pipe]


def untouched(victim: Path) -> bool:
    return victim.read_bytes() == PRECIOUS


@pytest.mark.parametrize("plant", PLANTED)
def test_a_planted_part_file_is_never_written_through(
    folder: Path, victim: Path, plant: Callable[[Path, Path], None]
) -> None:
    """write_whole: a review's sidecar, a room's file and its clock's, my games, the
    lock holder's note all go through its `.part`."""
    target = folder / "ROOM42.clock.json"
    plant(folder / "ROOM42.clock.json.part", victim)
    with pytest.raises(NotOurs) as refused:
        write_whole(target, b'{"spent": 1}')
    assert untouched(victim) and not target.exists()
    assert str(refused.value) == f"ROOM42.clock.json.part is a {_what(plant)}, {REFUSED}"


def _what(plant: Callable[[Path, Path], None]) -> str:
    kinds = {
        symlink: "symbolic link",
        hard_link: "file with another name (a hard link)",
        named_pipe: "pipe or a device",
    }
    return kinds[plant]


def test_a_part_file_a_crash_left_is_replaced(folder: Path) -> None:
    target = folder / "ROOM42.json"
    (folder / "ROOM42.json.part").write_bytes(b'{"half')  # cwtui's own, from a crash
    write_whole(target, b"{}")
    assert target.read_bytes() == b"{}" and not (folder / "ROOM42.json.part").exists()


def test_a_linked_file_is_replaced_by_a_rename_never_written_through(folder: Path, victim: Path) -> None:
    target = folder / "game.review.json"
    target.symlink_to(victim)
    write_whole(target, b"{}")
    assert untouched(victim) and not target.is_symlink() and target.read_bytes() == b"{}"


def test_a_review_beside_a_planted_part_link_is_shown_and_not_kept(
    folder: Path, victim: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The repro's first victim, through the command."""
    monkeypatch.setattr(reviews, "judge_job", quick_judge)
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy"))
    _, log = play_game(GameConfig(seats=seats, seed=7), folder, load_cards(), created="2026-11-25T00:00:00+00:00")
    assert log is not None
    part = reviews.sidecar_path(log).with_name(reviews.sidecar_path(log).name + ".part")
    part.symlink_to(victim)
    assert main(["review", str(log), "--workers", "1"]) == 0
    err = capsys.readouterr().err
    side = reviews.sidecar_path(log)
    assert err == f"cwtui review: the review could not be kept in {side} ({part.name} is a symbolic link, {REFUSED})\n"
    assert untouched(victim) and part.is_symlink() and not reviews.sidecar_path(log).exists()


def unfinished(folder: Path) -> Path:
    session = GameSession.start(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=5), folder)
    play_moves(session, 6)
    session.close()
    assert session.path is not None
    return session.path


@pytest.mark.parametrize("plant", PLANTED)
def test_resume_beside_a_planted_holder_note_leaves_its_target(
    folder: Path, victim: Path, plant: Callable[[Path, Path], None]
) -> None:
    """The repro's second victim: the lock holder's note is written whole beside the
    log, replacing the name; the game goes on."""
    log = unfinished(folder)
    note = log.with_name(log.name + ".pid")
    plant(note, victim)
    session = GameSession.resume(log)
    assert untouched(victim)
    assert note.read_bytes() == str(os.getpid()).encode() and not note.is_symlink()
    play_moves(session, 4)
    session.close()
    assert untouched(victim) and not note.exists()


def test_a_second_process_is_not_held_up_by_a_planted_holder_note(folder: Path) -> None:
    """A pipe at the note's name: the second resume is refused at once, not stuck
    waiting to read who holds the game."""
    log = unfinished(folder)
    holder = GameSession.resume(log)
    note = log.with_name(log.name + ".pid")
    note.unlink()
    os.mkfifo(note)
    refused: list[BaseException] = []

    def second() -> None:
        try:
            GameSession.resume(log)
        except GameInUse as exc:
            refused.append(exc)

    thread = threading.Thread(target=second, daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive(), "the second resume waits on the pipe"
    assert [str(e) for e in refused] == [f"{log.name} is being played by another process; nothing was written"]
    holder.close()


@pytest.mark.parametrize("plant", PLANTED)
def test_a_journal_planted_before_the_first_undoable_move_is_refused(
    folder: Path, victim: Path, plant: Callable[[Path, Path], None]
) -> None:
    """The move is not played (as on a full disk), the player is told why, and once the
    planted name is gone the game goes on."""
    session = GameSession.start(HUMAN_CONFIG, folder)
    move = play_until(session, quiet_move)
    assert session.path is not None
    journal, state = undo_journal(session.path), session.state
    plant(journal, victim)
    with pytest.raises(NotSaved) as refused:
        session.play(move)
    assert str(refused.value) == (
        f"the game could not be saved to {journal.name}: {journal.name} is a {_what(plant)}, {REFUSED}"
    )
    assert session.state is state and not session.can_undo and untouched(victim)
    journal.unlink()
    session.play(move)
    assert session.can_undo and journal.read_bytes().count(b"\n") == 1
    session.close()
    assert untouched(victim)


def test_a_journal_replaced_by_a_link_mid_game_leaves_its_target(folder: Path, victim: Path) -> None:
    """The repro's third victim: the journal swapped for a link while moves are kept
    back; neither an undo (a cut), a commit (a removal) nor the next move writes the
    victim."""
    session = GameSession.start(HUMAN_CONFIG, folder)
    while len(session.kept) < 2:  # the human plays a quiet move where there is one
        session.play(play_until(session, quiet_move))
    assert session.path is not None
    journal = undo_journal(session.path)
    journal.unlink()
    journal.symlink_to(victim)
    session.undo()  # cuts the journal to its first line
    assert untouched(victim)
    move = quiet_move(session)
    assert move is not None
    with pytest.raises(NotSaved, match=REFUSED):
        session.play(move)
    session.close()  # the kept move goes to the log, and the journal is cleared
    assert untouched(victim) and journal.is_symlink()


def test_a_log_that_is_a_link_is_not_resumed(folder: Path, tmp_path: Path) -> None:
    """A game linked into the folder from elsewhere is read (a replay, the history) but
    not played on: its file outside would be written."""
    log = unfinished(tmp_path / "elsewhere")
    kept = log.read_bytes()
    linked = folder / log.name
    linked.symlink_to(log)
    with pytest.raises(NotOurs, match=f"^{linked.name} is a symbolic link, {REFUSED}$"):
        GameSession.resume(linked)
    assert log.read_bytes() == kept


def test_a_new_log_never_takes_a_planted_name(folder: Path, victim: Path) -> None:
    cards = load_cards()
    config = GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo")), seed=5)
    _, setup = set_up(config, cards)

    def header(game: str) -> Header:
        return header_for(config, cards.hash, game, "2026-11-27T00:00:00+00:00", setup=setup)

    (folder / "game.jsonl").symlink_to(victim)
    with pytest.raises(LogExists):
        LogWriter.create(folder / "game.jsonl", header("game"))
    writer = LogWriter.create_new(folder, "game", header)
    writer.close()
    assert writer.path.name == "game-2.jsonl" and untouched(victim)


def test_a_rooms_talk_is_never_written_through_a_planted_link(folder: Path, victim: Path) -> None:
    talk = folder / "ROOM42.chat.ndjson"
    talk.symlink_to(victim)
    with pytest.raises(OSError, match=REFUSED):
        ChatLog(talk).add(0, "Ana", "hello", 0)
    assert untouched(victim)


def test_the_ratings_are_never_written_through_a_planted_link(folder: Path, victim: Path) -> None:
    (folder / FILE_NAME).symlink_to(victim)
    store = RatingStore(folder)
    with pytest.raises(OSError, match=REFUSED):
        store.rate("g1", "ROOM", "finished", [Entrant(0, "A" * 43, "Ana", 1), Entrant(1, "B" * 43, "Bo", 2)])
    assert untouched(victim)


@pytest.mark.parametrize("plant", ["dev-zero", "pipe"])
def test_a_kept_review_that_is_a_device_or_a_pipe_is_never_read(
    folder: Path, plant: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to /dev/zero or a named pipe at NAME.review.json made `cwtui review` and
    the history load read until memory ran out, or wait for ever (read_bytes). Both say
    the kept review cannot be read and go on: the review is made again, in its place."""
    import threading

    from cwtui.history.loader import load

    monkeypatch.setattr(reviews, "judge_job", quick_judge)
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy"))
    _, log = play_game(GameConfig(seats=seats, seed=7), folder, load_cards(), created="2026-11-25T00:00:00+00:00")
    assert log is not None
    side = reviews.sidecar_path(log)
    if plant == "dev-zero":
        side.symlink_to("/dev/zero")
    else:
        os.mkfifo(side)
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(load(folder / "history.duckdb", [folder])), daemon=True)
    worker.start()
    worker.join(60)
    assert done, "the history load waited on the kept review"
    assert main(["review", str(log), "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert f"the kept review {side} cannot be read" in err and "reviewing again" in err
    assert not side.is_symlink() and side.is_file()  # made again: the link replaced, never read or written through
