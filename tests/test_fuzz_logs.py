"""The fuzzing suite: damaged and forged game logs, made from real ones, through the
reader, the listing read, replay opening, `verify`, the history loader and the
commands (tests/fuzzing.py has the mutators and the oracle).

The everyday run judges QUICK variants (about a minute); `pytest --fuzz-full` (or
CWTUI_FUZZ_FULL=1) judges FULL and prints the counts (add -s to see them).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from fuzzing import Judge, Variant, variants, write_variant
from helpers import play_on

from cwtui.cli import main
from cwtui.game.session import GameSession
from engine import GameConfig, SeatConfig
from engine.cards import load_cards

QUICK = 3_000
FULL = 10_000
# variants a history load judges: fewer loads, less of DuckDB's fixed cost (1,000
# variants in 9.0–10.6 s against 11.5–12.7 s in batches of 250)
BATCH = 1000
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def sources(sim_logs: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The real logs to damage: the simulated games (every player count, greedy and
    random bots), an unfinished game, a game with a human seat, and a fork."""
    folder = tmp_path_factory.mktemp("fuzz-sources")
    logs = sorted(sim_logs.glob("*.jsonl"))
    for path in logs:
        shutil.copyfile(path, folder / path.name)
    whole = logs[2].read_bytes().splitlines(keepends=True)
    (folder / "unfinished.jsonl").write_bytes(b"".join(whole[: len(whole) // 2]))
    session = GameSession.start(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=77), folder)
    play_on(session, until_ply=120)
    session.close()
    from cwtui.game.replaying import open_replay

    forked = GameSession.fork(open_replay(logs[3]), 40, (SeatConfig("A", "human"), SeatConfig("B", "random")), folder)
    forked.close()
    return sorted(folder.glob("*.jsonl"))


def fuzz_count(request: pytest.FixtureRequest) -> int:
    full = request.config.getoption("--fuzz-full") or os.environ.get("CWTUI_FUZZ_FULL")
    return FULL if full else QUICK


@pytest.mark.slow
def test_damaged_and_forged_logs(sources: list[Path], tmp_path: Path, request: pytest.FixtureRequest) -> None:
    judge = Judge(load_cards(), tmp_path, good=[GOLDEN / "sim-2p-202.jsonl", GOLDEN / "sim-3p-303.jsonl"])
    batch: list[Variant] = []
    for variant in variants(sources, fuzz_count(request), seed=int(os.environ.get("CWTUI_FUZZ_SEED", "2026"))):
        batch.append(variant)
        if len(batch) == BATCH:
            judge.judge(batch)
            batch = []
    if batch:
        judge.judge(batch)
    report = judge.report
    print("\n" + report.summary())
    assert report.variants == fuzz_count(request)
    assert len(report.by_kind) == 14, report.by_kind  # every mutator and forgery ran
    assert report.verdicts["failed"] > report.variants // 2  # the oracle is not vacuous
    assert not report.problems, "\n".join(report.problems[:30])


def test_the_commands_take_damaged_logs_in_their_stride(
    sources: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify, replay and history load on a folder of damaged logs: an exit code, a line
    per problem, no crash; the good logs among them verify and load."""
    from cwtui.app import CwtuiApp

    monkeypatch.setattr(CwtuiApp, "run", lambda self: None)
    folder = tmp_path / "mixed"
    folder.mkdir()
    for i, variant in enumerate(variants(sources, 60, seed=7)):
        write_variant(variant, folder / f"v{i:03d}.jsonl")
    good = folder / "zz-good.jsonl"
    shutil.copyfile(GOLDEN / "sim-4p-404.jsonl", good)
    paths = sorted(folder.iterdir())
    assert main(["verify", "--skip-bots", *map(str, paths)]) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") == len(paths) and err == ""
    assert f"{good}: OK (" in out
    for path in paths:
        assert main(["replay", str(path)]) in (0, 2)
        _, err = capsys.readouterr()
        assert err.count("\n") <= 1 and "crashed" not in err
    assert main(["history", "load", str(folder), "--db", str(tmp_path / "h.duckdb")]) == 1
    out, err = capsys.readouterr()
    assert "crashed" not in err and f"{good}: skipped" not in err
