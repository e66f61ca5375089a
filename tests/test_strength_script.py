"""scripts/strength.py keeps finished tournament games in the repository and unpacks
them in a later sitting: what it packs comes back byte for byte, packs the same way
twice, and a game still being played is neither kept nor counted."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from cwtui.cli import main

SCRIPT = Path(__file__).parents[1] / "scripts" / "strength.py"


@pytest.fixture
def strength(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "KEPT", tmp_path / "kept")  # not the repository's
    return module


def test_kept_games_come_back_as_they_were(strength: ModuleType, tmp_path: Path) -> None:
    work = tmp_path / "work"
    name = "hard-greedy-2p"
    folder = work / name  # cheap bots, under the names the script plays
    args = ["tournament", "--bots", "greedy,random", "--games", "4", "--seed", "2026", "--workers", "1"]
    assert main([*args, "--out", str(folder), "--db", str(tmp_path / "h.duckdb")]) == 0
    logs = {p.name: p.read_bytes() for p in folder.glob("*.jsonl")}
    (folder / "match-2p-2028-r0.jsonl").write_bytes(next(iter(logs.values()))[:500])  # being played
    assert len(strength.finished(name, work)) == 4

    strength.keep(work, [])
    strength.keep(work, [])  # nothing new: no second archive
    archives = strength.archives(name)
    assert [a.parent for a in archives] == [tmp_path / "kept"]
    assert [a.name for a in archives] == ["hard-greedy-2p-001.tar.xz"]
    first = archives[0].read_bytes()
    archives[0].unlink()
    strength.keep(work, [])
    assert archives[0].read_bytes() == first  # no times or owners in it

    for log in folder.iterdir():
        log.unlink()
    assert strength.unpack(name, work) == 4
    assert {p.name: p.read_bytes() for p in folder.glob("*.jsonl")} == logs


def test_unpacking_writes_logs_inside_the_folder_only(strength: ModuleType, tmp_path: Path) -> None:
    import io
    import tarfile

    kept = tmp_path / "kept"
    kept.mkdir()
    with tarfile.open(kept / "hard-greedy-2p-001.tar.xz", "w:xz") as tar:
        for name in ("../outside.jsonl", "/tmp/absolute.jsonl", "notes.txt", "match-2p-2026-r0.jsonl"):
            info = tarfile.TarInfo(name)
            info.size = 2
            tar.addfile(info, io.BytesIO(b"{}"))
    work = tmp_path / "work"
    assert strength.unpack("hard-greedy-2p", work) == 1
    assert [p.name for p in (work / "hard-greedy-2p").iterdir()] == ["match-2p-2026-r0.jsonl"]
    assert not (work / "outside.jsonl").exists() and not Path("/tmp/absolute.jsonl").exists()


def test_the_tournaments_named_run_in_the_order_named(strength: ModuleType) -> None:
    assert [t[0] for t in strength.chosen(["hard-medium-2p", "hard-greedy-2p"])] == ["hard-medium-2p", "hard-greedy-2p"]
    assert [t[0] for t in strength.chosen([])] == [t[0] for t in strength.TOURNAMENTS]


def test_a_tournament_that_is_not_one_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], strength: ModuleType
) -> None:
    monkeypatch.setattr("sys.argv", ["strength.py", "run", "--work", "w", "hard-medium-3p"])
    with pytest.raises(SystemExit) as stop:
        strength.main()
    assert stop.value.code == 2
    assert "no tournament 'hard-medium-3p'; choose from hard-greedy-2p" in capsys.readouterr().err
