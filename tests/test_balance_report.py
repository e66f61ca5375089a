"""The balance report script runs on a history and prints its three tables."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[1] / "scripts" / "balance_report.py"


def test_balance_report_prints_every_table(
    loaded_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["balance_report.py", "--db", str(loaded_db)])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    out = capsys.readouterr().out
    assert "8 finished games" in out
    assert "Win rate by seat" in out and "What each trophy is worth" in out and "How games end" in out
    assert "twelve_fish" in out and "lake_contest" in out


def test_balance_report_rows_are_the_databases_counts(loaded_db: Path) -> None:
    """Each printed row carries the numbers the history holds (not just the titles)."""
    import duckdb
    from rich.console import Console

    script = runpy.run_path(str(SCRIPT))
    con = duckdb.connect(str(loaded_db), read_only=True)
    console = Console(record=True, width=200, color_system=None)
    script["seat_advantage"](con, console, "true")
    script["end_conditions"](con, console, "true")
    lines = [" ".join(line.replace("│", " ").split()) for line in console.export_text().splitlines()]
    by_seat = con.execute(
        "SELECT players, seat, count(*), count(*) FILTER (WHERE won) FROM results WHERE NOT solo GROUP BY ALL"
    ).fetchall()
    assert by_seat
    for players, seat, games, wins in by_seat:
        rate = f"{100 * wins / games:.1f}%"
        row = f"{players} {seat + 1} {games} {rate} "
        assert any(line.startswith(row) for line in lines), row
    ends = con.execute("SELECT players, end_reason, count(*) FROM games WHERE finished GROUP BY ALL").fetchall()
    assert ends
    for players, reason, games in ends:
        assert any(line.startswith(f"{players} {reason} {games} ") for line in lines), (players, reason)
    con.close()


def test_the_balance_report_can_count_only_verified_games(
    logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37.9: a forged footer's winner is the log's claim; --verified counts only
    games the engine replayed and found as logged."""
    from helpers import reseal

    forged = sorted(logs.glob("sim-2p-*.jsonl"))[0]
    lines = forged.read_bytes().splitlines(keepends=True)
    lines[-1] = lines[-1].replace(b'"winner":0', b'"winner":1').replace(b'"rank":1', b'"rank":9').replace(
        b'"rank":2', b'"rank":1').replace(b'"rank":9', b'"rank":2')  # fmt: skip
    forged.write_bytes(b"".join(reseal(lines)))
    db = tmp_path / "h.duckdb"
    monkeypatch.setattr(sys, "argv", ["balance_report.py", "--db", str(db), "--load", str(logs), "--verified"])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    out = capsys.readouterr().out
    games = len(list(logs.glob("*.jsonl")))
    assert f"replayed and verified: {games - 1}; failed their replay: 1; not checked: 0" in out
