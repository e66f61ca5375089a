from __future__ import annotations

import gc
import os
import shutil
import signal
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

from cwtui.batch.runner import play_game
from cwtui.history.loader import load
from cwtui.lang import SOURCE, use
from engine import GameConfig, SeatConfig

if TYPE_CHECKING:
    from cwtui.net.client import Address
    from cwtui.net.server import GameServer

# The Ctrl+C tests send SIGINT to commands as a terminal would. A command started from
# a terminal has SIGINT's default action; pytest started as a background job has it
# ignored, and every command it starts would inherit that (an exec keeps only ignored
# signals): those tests would hang, and a run they meant to stop would go on. Any
# handler here makes the commands start as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN and threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The tests start some 230 Python processes: commands, worker pools, servers, Ray's own.
# Where PYTHONDONTWRITEBYTECODE is set (this machine's sessions set it), each compiled
# every module it imported again, the project's and Ray's among them: written once here,
# the bytecode serves them all (the xdist workers and every process they start inherit
# this environment). Interleaved on two cores, the run took 445, 443 and 413 s against
# 490, 460 and 442 s without.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English unless it chooses another language (cwtui.lang.use), and
    so do the commands it runs: the environment names no language (a tester's LANG=fr_FR
    would otherwise change what they print)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    use(SOURCE)
    yield
    use(SOURCE)


@pytest.fixture(autouse=True)
def crash_reports(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Crash reports written during a test go to a folder of its own, never ~/.local."""
    folder = tmp_path_factory.mktemp("crashes")
    monkeypatch.setenv("CWTUI_CRASH_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def state_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where servers leave their host keys for this user's `cwtui host` (cwtui.net.host_key):
    a folder of the test's own, never ~/.local/state (a subprocess inherits it)."""
    folder = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("CWTUI_STATE_DIR", str(folder))
    # and the config folder, where a player's key is made on first use (cwtui.net.player_key)
    monkeypatch.setenv("CWTUI_CONFIG_DIR", str(folder / "config"))
    return folder


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[GameServer, Address]]:
    """A game server on localhost in the test's event loop, and its address; its host
    key left where this user's `cwtui host` finds it, as `cwtui serve` does."""
    from helpers import served

    from cwtui.net.server import GameServer

    game_server = GameServer(tmp_path / "server")
    async with served(game_server) as address:
        yield game_server, address


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pyproject's addopts): two workers a core. The app's tests spend much
    of their time waiting for the app to be idle (Pilot's checks sleep: a third of a
    whole game's time is spent in epoll), so more workers than cores keep the cores
    busy. On this project's two-core machine, interleaved: two workers 504 and 501 s,
    three 405, 433 and 429 s, four 399 and 392 s; later, four 452 s against six 479 s
    (more workers cost more processor time than the waits they fill)."""
    return 2 * (os.cpu_count() or 1)


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """How the workers share the tests (pyproject's `--dist loadgroup`, which hands out
    one unit of work at a time, in this order): first the tests marked slow, each a unit
    of its own, so that the long games and audits start at once on every worker and
    none starts last; then each test file's other tests as one unit, as collected,
    which the first free worker takes: none is left with a queue it was handed while
    the others idle (`--dist load` hands out tests in chunks: the last 30–45 s of a run
    had one or two workers busy). A file's tests run on one worker, as with `load`:
    one test at a time for every test spread each file over all four, each building
    what the file's tests share, and put all four on the history's DuckDB and process
    pools at once at the end of the run; it was no faster."""
    slow = {item for item in items if item.get_closest_marker("slow")}
    for item in items:
        if item not in slow:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items.sort(key=lambda item: item not in slow)  # sort is stable


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the imports and the collection made lives as long as the worker: frozen out of
    the garbage collector's sight (gc.freeze), so that the full collections the tests
    cause (the app's idle ones, cwtui.shell.collector, a few hundred a run) walk only what the
    tests make. Over tests/app/test_history_screen.py and test_whole_games.py in one
    process: full collections 8.9 s, frozen 6.6 s."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Thawed for the interpreter's own end, which frees what is left (DuckDB's types
    among it: nanobind lists each one it finds still alive)."""
    gc.unfreeze()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-golden", action="store_true", help="rewrite tests/golden/ logs")
    parser.addoption("--fuzz-full", action="store_true", help="the full fuzzing run (10,000 damaged logs)")


# Two games of each player count, greedy and random bots mixed, one without tag points.
GAMES = [
    GameConfig(
        seats=tuple(SeatConfig(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)),
        seed=seed,
        tag_points=seed != 42,
    )
    for seed, kinds in [
        (11, ["greedy"]),
        (12, ["random"]),
        (21, ["greedy", "random"]),
        (22, ["random", "greedy"]),
        (31, ["greedy", "random", "greedy"]),
        (42, ["random", "greedy", "random"]),
        (41, ["greedy", "random", "greedy", "random"]),
        (43, ["random", "random", "greedy", "greedy"]),
    ]
]


@pytest.fixture(scope="session")
def sim_logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of finished game logs (never modified: copy it to change it)."""
    folder = tmp_path_factory.mktemp("sim-logs")
    for config in GAMES:
        play_game(config, folder, created="2026-11-22T12:00:00+00:00")
    # One game reviewed (its sidecar, cwtui.game.review), by a stand-in for the search: the
    # history's reviews table and its questions need rows, not the search's judgement.
    from helpers import quick_judge

    from cwtui.game import review
    from engine.cards import load_cards

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review, "judge_job", quick_judge)
        review.review(folder / "sim-2p-21.jsonl", load_cards(), "medium", workers=1)
    return folder


@pytest.fixture
def logs(sim_logs: Path, tmp_path: Path) -> Path:
    """A private copy of the simulated logs, free to damage."""
    folder = tmp_path / "replays"
    shutil.copytree(sim_logs, folder)
    return folder


@pytest.fixture(scope="session")
def loaded_db(sim_logs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The simulated logs loaded into a database (read it only)."""
    db = tmp_path_factory.mktemp("history") / "history.duckdb"
    report = load(db, [sim_logs])
    assert report.ok and report.loaded == len(GAMES)
    return db
