"""kill -9 loses nothing: a game killed at any moment resumes from its log and ends as
a log that verifies; a stopped simulation finishes with the same games; a game whose
last move was logged but not its footer is finished when resumed."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from helpers import play_on

from cwtui.cli import main
from cwtui.game.logfile import read_log
from cwtui.game.saved import unfinished_games
from cwtui.game.session import GameSession
from cwtui.game.verification import verify_log
from cwtui.history.loader import load
from engine.cards import load_cards

PLAYER = """
import sys, time
from pathlib import Path
from cwtui.game.session import GameSession
from engine import GameConfig, SeatConfig
config = GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random"), SeatConfig("Cy", "greedy")),
                    seed=int(sys.argv[2]))
session = GameSession.start(config, Path(sys.argv[1]))
print(session.path, flush=True)
while not session.state.over:
    decision = session.bot_move()
    session.play(decision.move, decision.searched)
    time.sleep(0.01)  # a game lasts seconds: the kills land mid-game
"""


def finish(path: Path) -> GameSession:
    session = GameSession.resume(path)
    play_on(session)
    return session


def test_a_game_killed_at_any_moment_resumes_and_verifies(tmp_path: Path) -> None:
    cards = load_cards()
    for i, after in enumerate((0.3, 0.5, 0.8, 1.1, 1.5)):
        folder = tmp_path / f"kill-{i}"
        proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), str(40 + i)], stdout=subprocess.PIPE,
                                text=True)  # fmt: skip
        assert proc.stdout is not None
        path = Path(proc.stdout.readline().strip())
        time.sleep(after)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        played = read_log(path)
        assert played.footer is None, "killed before the end"
        assert [p for p, _h, _n in unfinished_games(folder)] == [path]
        session = finish(path)
        assert session.state.ply > len(played.plies)
        verdict = verify_log(path, cards)
        assert verdict.ok and verdict.text.startswith("OK ("), verdict.text
        assert read_log(path).plies[: len(played.plies)] == played.plies  # nothing played was lost


def test_a_simulation_killed_finishes_with_the_same_games(tmp_path: Path) -> None:
    args = ["simulate", "--players", "2", "--games", "30", "--bots", "greedy,random", "--seed", "300", "--workers",
            "2"]  # fmt: skip
    killed, calm = tmp_path / "killed", tmp_path / "calm"
    proc = subprocess.Popen([sys.executable, "-m", "cwtui", *args, "--out", str(killed)], start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 60
    while len(list(killed.glob("*.jsonl"))) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the parent and its workers, mid-game
    proc.wait()
    assert main([*args, "--out", str(killed)]) == 0
    assert main([*args, "--out", str(calm)]) == 0

    def moves(folder: Path) -> dict[str, list[bytes]]:
        return {p.name: [re.sub(rb',"digest":"\w+"}$', b"}", line) for line in p.read_bytes().splitlines()[1:]]
                for p in sorted(folder.glob("*.jsonl"))}  # fmt: skip

    assert moves(killed) == moves(calm) and len(moves(calm)) == 30


def test_a_game_that_ended_without_its_footer_is_finished_on_resume(tmp_path: Path) -> None:
    """The crash came between the last move and the footer: the game is over but its log
    says nothing of the result. Resuming writes the footer; until then it is listed as
    unfinished and verify says what happened."""
    from cwtui.batch.runner import play_game
    from engine import GameConfig, SeatConfig

    config = GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy")), seed=12)
    _, path = play_game(config, tmp_path, created="2026-11-23T00:00:00+00:00")
    assert path is not None
    whole = path.read_bytes()
    path.write_bytes(whole[: whole.rstrip(b"\n").rfind(b"\n") + 1])  # the footer never written
    assert [p for p, _h, _n in unfinished_games(tmp_path)] == [path]
    verdict = verify_log(path, load_cards())
    assert verdict.ok and "the game ended, but its footer was never written" in verdict.text
    session = GameSession.resume(path)
    assert session.state.over and session.writer is None
    assert path.read_bytes() == whole  # the footer written is the one the game would have had
    assert unfinished_games(tmp_path) == []
    report = load(tmp_path / "h.duckdb", [tmp_path])
    assert report.ok and report.loaded == 1


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(child) for child in f.read().split()]


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped (the container's init may not reap)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_with_their_parent_quietly(tmp_path: Path) -> None:
    """Issue 37.6: killing only `simulate`'s parent left its workers playing on, and
    then printing BrokenPipe tracebacks; the resource tracker outlived them all."""
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"):
        import pytest

        pytest.skip("needs Linux's /proc to list a process's children")
    args = ["simulate", "--players", "2", "--games", "100", "--bots", "medium", "--workers", "2"]
    proc = subprocess.Popen([sys.executable, "-m", "cwtui", *args, "--out", str(tmp_path / "sim")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < 3 and time.monotonic() < deadline:  # the tracker and two workers
        time.sleep(0.1)
    time.sleep(1.0)  # the workers at their games
    children = _children(proc.pid)
    assert len(children) >= 3
    proc.kill()  # kill -9 of the parent alone
    _out, err = proc.communicate(timeout=30)
    time.sleep(1.5)
    assert [child for child in children if _alive(child)] == []
    assert err == ""  # and nothing said where the parent's output was


def test_a_worker_killed_from_outside_stops_the_work_in_one_line(tmp_path: Path) -> None:
    """A worker killed by the system (its out-of-memory killer, say) left `simulate`
    waiting for ever for the games it held (multiprocessing.Pool loses them): now the
    work stops, says so in one line and exits 1, and the games done are kept."""
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"):
        import pytest

        pytest.skip("needs Linux's /proc to list a process's children")
    out = tmp_path / "sim"
    args = ["simulate", "--players", "2", "--games", "2000", "--bots", "easy", "--workers", "2", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "cwtui", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip
    deadline = time.monotonic() + 60
    while len(list(out.glob("*.jsonl"))) < 20 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = [child for child in _children(proc.pid) if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    _out, err = proc.communicate(timeout=60)  # not for ever
    assert proc.returncode == 1
    said = err.strip()
    assert said.startswith("cwtui simulate: a worker process ended unexpectedly") and "\n" not in said
    assert "Traceback" not in err
