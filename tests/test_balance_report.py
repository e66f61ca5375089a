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
