"""Self-play at scale: the same logs on any number of processes, and a stopped run
resumes without losing or repeating games."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from cwtui.batch import selfplay
from cwtui.cli import main
from cwtui.game.logfile import read_log
from engine.replay import Replay


def plan(out: Path, games: int = 6) -> selfplay.Plan:
    return selfplay.Plan(2, games, 500, ("greedy", "random"), out=out)


def moves_of(folder: Path) -> dict[str, bytes]:
    """Each log without its header line (the header holds the time it was written) and
    without the digests (which chain on from the header's)."""
    return {
        p.name: b"".join(re.sub(rb',"digest":"[0-9a-f]{16}"}$', b"}", line) for line in p.read_bytes().splitlines()[1:])
        for p in sorted(folder.glob("*.jsonl"))
    }


def test_the_same_games_on_one_process_or_two(tmp_path: Path) -> None:
    one = {o.game: o for o in selfplay.run(plan(tmp_path / "one"), workers=1)}
    two = {o.game: o for o in selfplay.run(plan(tmp_path / "two"), workers=2)}
    assert one == two
    assert moves_of(tmp_path / "one") == moves_of(tmp_path / "two")
    assert len(moves_of(tmp_path / "one")) == 6


def test_a_stopped_run_resumes_without_losing_or_repeating_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = plan(tmp_path)
    real = selfplay.play_one
    played: list[int] = []

    def stopping(plan: selfplay.Plan, game: int) -> selfplay.Outcome:
        if len(played) == 3:  # the 4th game is cut short: half its log is written
            real(plan, game)
            path = plan.log(game)
            assert path is not None
            lines = path.read_bytes().splitlines(keepends=True)
            path.write_bytes(b"".join(lines[: len(lines) // 2]))
            raise KeyboardInterrupt
        played.append(game)
        return real(plan, game)

    monkeypatch.setattr(selfplay, "play_one", stopping)
    with pytest.raises(KeyboardInterrupt):
        list(selfplay.run(p, workers=1))
    assert played == [0, 1, 2]
    kept = moves_of(tmp_path)
    assert len(kept) == 4  # three games done, one cut short

    monkeypatch.setattr(selfplay, "play_one", lambda plan, game: played.append(game) or real(plan, game))
    outcomes = {o.game: o for o in selfplay.run(p, workers=1)}
    assert played == [0, 1, 2, 3, 4, 5]  # the cut game again, then the rest; none twice
    assert sorted(outcomes) == list(p.indexes)
    after = moves_of(tmp_path)
    assert all(after[name] == kept[name] for name in ("sim-2p-500.jsonl", "sim-2p-501.jsonl", "sim-2p-502.jsonl"))
    for path in tmp_path.glob("*.jsonl"):
        replay = Replay(read_log(path))
        assert replay.divergence is None and replay.log.footer is not None


def test_outcomes_of_earlier_runs_are_counted(tmp_path: Path) -> None:
    first = {o.game: o for o in selfplay.run(plan(tmp_path, games=3), workers=1)}
    both = {o.game: o for o in selfplay.run(plan(tmp_path, games=6), workers=1)}
    assert {game: both[game] for game in first} == first and len(both) == 6


def test_simulate_loads_its_logs_into_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "h.duckdb"
    out = tmp_path / "sim"
    args = ["simulate", "--players", "3", "--games", "4", "--bots", "greedy,random", "--out", str(out)]
    assert main([*args, "--workers", "2", "--load", "--db", str(db)]) == 0
    printed = capsys.readouterr().out
    assert "games: 4  players: 3" in printed and "logs: loaded 4, unchanged 0" in printed
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM games WHERE players = 3 AND finished").fetchone() == (4,)
    con.close()
    assert main(args) == 0  # everything is done already: nothing is played again
    assert "games: 4" in capsys.readouterr().out


def test_simulate_reports_a_stop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def stop(*args: object, **kwargs: object) -> dict[int, selfplay.Outcome]:
        raise KeyboardInterrupt

    monkeypatch.setattr(selfplay, "run", stop)
    assert main(["simulate", "--games", "3", "--out", str(tmp_path)]) == 130
    assert "run the same command again" in capsys.readouterr().err


@pytest.mark.slow
def test_the_ray_backend_writes_the_same_logs_as_local_processes(tmp_path: Path) -> None:
    """On a local Ray instance (what --backend ray starts without $RAY_ADDRESS)."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = {o.game: o for o in selfplay.run(plan(tmp_path / "ray"), workers=2, backend="ray")}
    finally:
        ray.shutdown()
    local = {o.game: o for o in selfplay.run(plan(tmp_path / "local"), workers=1)}
    assert on_ray == local
    assert moves_of(tmp_path / "ray") == moves_of(tmp_path / "local")
    assert not list((tmp_path / "ray").glob("*.part"))


@contextlib.contextmanager
def _simulating(tmp_path: Path, *args: str) -> Iterator[subprocess.Popen[str]]:
    """`cwtui simulate` in a process group of its own, as a shell starts it. The group
    is killed when the test ends, however it ends: a test that fails before its Ctrl+C
    works (or where SIGINT is ignored, as in a background job) leaves no run behind."""
    proc = subprocess.Popen([sys.executable, "-m", "cwtui", "simulate", *args], start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "CWTUI_CRASH_DIR": str(tmp_path / "crashes")})  # fmt: skip
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):  # the group is gone: the run stopped whole
            os.killpg(proc.pid, signal.SIGKILL)
        if proc.returncode is None:
            proc.communicate()


def _wait_for_logs(folder: Path, n: int, finished: bool = False, seconds: float = 60) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        logs = list(folder.glob("*.jsonl"))
        if len([p for p in logs if not finished or (p.read_bytes().rstrip().endswith(b"}")
                and b'"kind":"footer"' in p.read_bytes())]) >= n:  # fmt: skip
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"fewer than {n} logs in {folder} after {seconds} s")


def test_ctrl_c_stops_a_simulation_with_one_line(tmp_path: Path) -> None:
    """Ctrl+C at a terminal reaches the whole process group, workers too: the workers
    let the parent stop the run, which says so in one line and exits 130."""
    out = tmp_path / "sim"
    args = ["--games", "400", "--bots", "greedy,random", "--workers", "2", "--seed", "900", "--out", str(out)]
    with _simulating(tmp_path, *args) as proc:
        _wait_for_logs(out, 4)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "stopped with" in lines[0] and "run the same command again" in lines[0], err
    assert not (tmp_path / "crashes").exists()


def test_a_billion_games_start_at_once(tmp_path: Path) -> None:
    """The games are handed out lazily: the first game of a billion starts as soon as
    Python has started, and stopping it is as quick."""
    out = tmp_path / "sim"
    with _simulating(tmp_path, "--games", "1000000000", "--workers", "2", "--out", str(out)) as proc:
        took = _wait_for_logs(out, 1, finished=True, seconds=30)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "of 1000000000 games done" in err
    assert took < 15  # process start, two workers spawned, one game played
