"""Crash reports (cwtui.shell.crash): each crash keeps a report of its own (issue 51.14: two in
the same second kept one, the second written over the first)."""

from __future__ import annotations

import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cwtui.shell import crash


class SameSecond(datetime):
    """The clock as two crashes a moment apart read it."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
        return datetime(2026, 11, 27, 12, 0, 0, tzinfo=tz or UTC)


def failure(message: str) -> BaseException:
    try:
        raise RuntimeError(message)
    except RuntimeError as exc:
        return exc


@pytest.fixture
def reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "crashes"
    monkeypatch.setenv(crash.CRASH_ENV, str(folder))
    monkeypatch.setattr(crash, "datetime", SameSecond)
    return folder


def test_two_crashes_in_the_same_second_keep_two_reports(reports: Path) -> None:
    first, second = crash.write_report(failure("the first")), crash.write_report(failure("the second"))
    assert first is not None and second is not None and first != second
    assert "RuntimeError: the first" in first.read_text() and "RuntimeError: the second" in second.read_text()
    assert {p.name for p in reports.iterdir()} == {first.name, second.name}
    assert stat.S_IMODE(first.stat().st_mode) == 0o600  # its command line may hold a seat's token


def test_a_report_is_never_written_through_a_planted_link(reports: Path, tmp_path: Path) -> None:
    """A shared temporary folder (where reports go when the log folder takes none): a
    link at the report's name is passed by, and what it points at left as it was."""
    first = crash.write_report(failure("the first"))
    assert first is not None
    first.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious data\n")
    first.symlink_to(victim)
    report = crash.write_report(failure("the second"))
    assert report is not None and report != first and "RuntimeError: the second" in report.read_text()
    assert victim.read_text() == "precious data\n"
