"""The history's one query service (cwtui.history.service, issue 55), which the History
screen and `cwtui sql` both use: a question before anything is loaded, the overview, and
each class of failure a query comes back with — written and tested once."""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.history.apart import QueryStopped, QueryTimedOut
from cwtui.history.database import _DAMAGE
from cwtui.history.errors import HistoryError
from cwtui.history.loader import load
from cwtui.history.sandbox import QueryError, run_query
from cwtui.history.service import Asked, Damaged, History

MEMORY = 256 << 20
DAMAGE_MARKER = _DAMAGE[0]  # a message DuckDB gives for a damaged file


def asked(history: History, sql: str, timeout: float | None = None):  # -> the query's result
    return history.ask(run_query, (history.source(), sql, 10, MEMORY), MEMORY, timeout).result()


def test_a_question_before_anything_is_loaded_reads_the_empty_history(tmp_path: Path) -> None:
    history = History(tmp_path / "history.duckdb", tmp_path)
    assert not history.loaded and history.source() != history.db
    assert asked(history, "SELECT count(*) AS n FROM games").rows == [(0,)]
    tables, games = history.overview()
    assert games == 0 and {"games", "moves", "reviews"} <= {t.name for t in tables}
    assert not history.db.exists()  # nothing is written where the history would be


def test_the_overview_counts_the_games_loaded(logs: Path, tmp_path: Path) -> None:
    history = History(tmp_path / "h.duckdb", logs)
    report = history.refresh()
    _tables, games = history.overview()
    assert games == report.loaded > 0


def test_a_file_that_is_no_history_is_damage_found_on_opening(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    db.write_bytes(b"SQLite format 3\0" + bytes(4080))
    with pytest.raises(Damaged) as found:
        asked(History(db, tmp_path), "SELECT 1")
    assert found.value.found == "opening" and "is damaged" in str(found.value)


class Failing:
    """A query's process that ends with `error` (DuckDB's damage met mid-query is hard to
    make on purpose: a damaged file is mostly found on opening it)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def result(self) -> None:
        raise self.error

    def cancel(self) -> None: ...


def test_damage_a_query_meets_is_found_by_the_query_and_a_rebuild_makes_it_again(logs: Path) -> None:
    history = History(logs / "history.duckdb", logs)
    load(history.db, [logs])
    met = QueryError(f"IO Error: {DAMAGE_MARKER} in block 7")
    with pytest.raises(Damaged) as found:
        Asked(Failing(met), history.db).result()  # type: ignore[arg-type]
    assert found.value.found == "query" and str(history.db) in str(found.value)
    assert "moved to" in history.rebuild(str(found.value))
    assert asked(history, "SELECT count(*) FROM games").rows[0][0] > 0
    with pytest.raises(QueryError, match="Binder Error"):  # the query's own error stays the query's
        Asked(Failing(QueryError("Binder Error: no column x")), history.db).result()  # type: ignore[arg-type]


def test_the_querys_own_error_its_time_and_a_cancel_come_back_as_their_classes(tmp_path: Path) -> None:
    history = History(tmp_path / "history.duckdb", tmp_path)
    with pytest.raises(QueryError, match="no_such_column"):
        asked(history, "SELECT no_such_column FROM games")
    with pytest.raises(QueryTimedOut):
        asked(history, "SELECT count(*) FROM range(10000000000)", timeout=0.5)
    running = history.ask(run_query, (history.source(), "SELECT count(*) FROM range(10000000000)", 10, MEMORY),
                          MEMORY, None)  # fmt: skip
    running.cancel()
    with pytest.raises(QueryStopped):
        running.result()
    assert not issubclass(Damaged, QueryError) and issubclass(Damaged, HistoryError)
