"""The sample games that come with cwtui reach a newcomer's history (issue 52.7): the
wheel carries them, a fresh folder's first query answers from an empty history with
every table (and creates nothing), and `cwtui history load --samples` puts them in the
replays folder and loads them, leaving alone any other file at their names."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cwtui.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(p.name for p in (ROOT / "replays" / "samples").glob("*.jsonl"))
HINT = "`cwtui history load --samples` loads the sample games that come with cwtui"


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder where cwtui has never run: no replays folder, no history."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CWTUI_REPLAYS", raising=False)
    return tmp_path


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_fresh_folders_first_query_answers_and_creates_nothing(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "no history database at replays/history.duckdb yet" and exited 2."""
    code, out, err = cli(capsys, "sql", "SELECT count(*) AS n FROM games", "--format", "csv")
    assert (code, out) == (0, "n\n0\n")
    assert err == f"cwtui sql: the history has no games yet (none loaded from replays): play a game, or {HINT}\n"
    code, out, _ = cli(capsys, "sql", "SELECT count(*) AS n FROM reviews JOIN moves USING (game)", "--no-load",
                       "--format", "csv")  # fmt: skip
    assert (code, out) == (0, "n\n0\n")  # every table is there
    code, out, err = cli(capsys, "sql", "DELETE FROM games")
    assert code == 1 and out == "" and "read-only" in err  # as a history is
    code, _, err = cli(capsys, "history", "load")
    assert code == 2 and err == (
        f"cwtui history load: no such folder: replays (no game has been played here yet); play a game, or {HINT}\n"
    )
    assert list(fresh.iterdir()) == []


def test_history_load_samples_puts_them_in_the_replays_folder_and_loads_them(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "history", "load", "--samples")
    assert (code, out) == (0, "samples: 3 sample games copied to replays/samples\nlogs: loaded 3, unchanged 0\n")
    assert sorted(p.name for p in (fresh / "replays" / "samples").iterdir()) == SAMPLES
    for name in SAMPLES:
        assert (fresh / "replays" / "samples" / name).read_bytes() == (ROOT / "replays" / "samples" / name).read_bytes()
    code, out, err = cli(capsys, "sql", "SELECT players FROM games ORDER BY 1", "--format", "csv")
    assert (code, out, err) == (0, "players\n1\n2\n4\n", "")
    code, out, _ = cli(capsys, "history", "load", "--samples")
    assert (code, out) == (0, "samples: 3 sample games in replays/samples already\nlogs: loaded 0, unchanged 3\n")


def test_samples_go_to_the_replays_folder_when_other_folders_are_loaded(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (fresh / "mine").mkdir()
    code, out, _ = cli(capsys, "history", "load", "mine", "--samples", "--replays-dir", "games")
    assert (code, out) == (0, "samples: 3 sample games copied to games/samples\nlogs: loaded 3, unchanged 0\n")
    assert (fresh / "games" / "history.duckdb").exists()


def test_a_file_at_a_samples_name_is_left_alone(fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The replays folder may be shared: another file at a sample's name, or a link
    planted there, is not overwritten nor written through."""
    folder = fresh / "replays" / "samples"
    folder.mkdir(parents=True)
    (folder / SAMPLES[0]).write_text("my own notes\n")
    victim = fresh / "victim.txt"
    victim.write_text("keep me\n")
    (folder / SAMPLES[1]).symlink_to(victim)
    code, out, err = cli(capsys, "history", "load", "--samples")
    assert code == 1
    assert out.startswith("samples: 1 sample game copied to replays/samples\n")
    assert f"replays/samples/{SAMPLES[0]} is not the sample game of that name (another file of that name)" in err
    assert f"replays/samples/{SAMPLES[1]} is not the sample game of that name (a link)" in err
    assert (folder / SAMPLES[0]).read_text() == "my own notes\n" and victim.read_text() == "keep me\n"
    assert (folder / SAMPLES[1]).is_symlink()


def test_a_samples_folder_that_is_a_link_is_not_written_through(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = fresh / "elsewhere"
    elsewhere.mkdir()
    (fresh / "replays").mkdir()
    (fresh / "replays" / "samples").symlink_to(elsewhere)
    code, out, err = cli(capsys, "history", "load", "--samples")
    assert (code, out) == (2, "")
    assert err == "cwtui history load: replays/samples is a link; cwtui does not write through it\n"
    assert list(elsewhere.iterdir()) == []


def test_the_wheel_carries_the_samples(tmp_path: Path) -> None:
    """Installed from the wheel, outside any checkout, cwtui has its samples: a newcomer's
    first query answers, and `history load --samples` loads them (the wheel held none)."""
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_REPLAYS"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q", "-w",
         str(tmp_path / "wheel")],
        env={**env, "CWTUI_PURE": "1"}, check=True, timeout=600, capture_output=True,
    )  # fmt: skip
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    installed = tmp_path / "site"
    with zipfile.ZipFile(wheel) as built:
        assert sorted(n for n in built.namelist() if n.startswith("cwtui/samples/")) == [
            f"cwtui/samples/{name}" for name in SAMPLES
        ]
        assert "cwtui/learn/rules.md" in built.namelist()  # the Rules screen's (issue 53.1)
        built.extractall(installed)
    home = tmp_path / "home"
    home.mkdir()

    def cwtui(*args: str) -> subprocess.CompletedProcess[str]:
        run = "import sys, cwtui; assert cwtui.__file__.startswith(sys.argv[1]); from cwtui.cli import main; "
        run += "sys.exit(main(sys.argv[2:]))"
        return subprocess.run(
            [sys.executable, "-c", run, str(installed), *args], cwd=home, env={**env, "PYTHONPATH": str(installed)},
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    first = cwtui("sql", "SELECT count(*) AS n FROM games", "--format", "csv")
    assert (first.returncode, first.stdout) == (0, "n\n0\n") and HINT in first.stderr
    loaded = cwtui("history", "load", "--samples")
    assert (loaded.returncode, loaded.stdout) == (0, "samples: 3 sample games copied to replays/samples\n"
                                                     "logs: loaded 3, unchanged 0\n"), loaded.stderr  # fmt: skip
    asked = cwtui("sql", "SELECT count(*) AS n FROM games", "--format", "csv")
    assert (asked.returncode, asked.stdout, asked.stderr) == (0, "n\n3\n", "")
    # the rules come with it too, read from the package, not a checkout's docs/
    rules = cwtui("rules", "clear", "bait")
    assert rules.returncode == 0 and rules.stdout.startswith("R1.1 ") and "\nR12.5 Clear bait:" in rules.stdout
