"""The history as its two readers use it — the History screen and `cwtui sql` — written
once: new logs loaded before a question (`refresh`), what a question reads while nothing
is loaded yet (`source`: the empty history), the tables and the count of games
(`overview`), a query run in a process of its own (`ask`, cwtui.history.apart) whose
failure comes back as one of a few classes, and a damaged database made again from the
logs (`rebuild`). Headless, as Harlequin keeps its query core apart from its TUI and
CLI: no screen here, and neither reader opens DuckDB itself.

The failures of `Asked.result`:

- `DamagedHistory`: the database is damaged, found on opening it (`found` "opening")
  or by DuckDB while the query ran ("query"); the database is a cache of the logs, and
  the caller may `rebuild` it (the screen does; `cwtui sql` only where the query found
  it: a file named by --db that is no database is refused, not moved aside);
- `HistoryError`: a history that cannot be read (not a database, a newer schema…);
- `QueryOutOfMemory`, `QueryTimedOut`, `QueryStopped` (cancelled), and `QueryError`
  (the query's own: a syntax error, a missing column), each said in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import duckdb

from cwtui.history.apart import Apart
from cwtui.history.database import empty_history, is_damage_message
from cwtui.history.errors import DamagedHistory, HistoryError
from cwtui.history.loader import LoadReport, Progress, rebuild, refresh
from cwtui.history.sandbox import QueryError, TableInfo, describe, one_line, open_history

T = TypeVar("T")


class Damaged(DamagedHistory):
    """A damaged history, and where it was found: on opening it, or by the query."""

    def __init__(self, message: str, found: Literal["opening", "query"]) -> None:
        super().__init__(message)
        self.found = found


@dataclass(frozen=True)
class History:
    """The history database `db` of the games under `replays`."""

    db: Path
    replays: Path

    def refresh(self, progress: Progress | None = None) -> LoadReport:
        """New, changed and removed logs brought in (HistoryError: it could not be)."""
        return refresh(self.db, self.replays, progress=progress)

    @property
    def loaded(self) -> bool:
        return self.db.exists()

    def source(self) -> Path:
        """What a question reads: the history, or while nothing is loaded yet, the empty
        one (every table, no rows), so that a question is answered all the same."""
        return self.db if self.loaded else empty_history()

    def overview(self) -> tuple[list[TableInfo], int]:
        """The tables and their columns, and how many games the history holds
        (HistoryError: it cannot be read)."""
        try:
            con = open_history(self.source())
            try:
                row = con.execute("SELECT count(*) FROM games").fetchone()
                return describe(con), row[0] if row else 0
            finally:
                con.close()
        except duckdb.Error as exc:
            raise HistoryError(one_line(str(exc))) from None

    def ask(self, task: Callable[..., T], args: tuple[Any, ...], memory: int, timeout: float | None) -> Asked[T]:
        """`task(*args)` (its first argument the database it reads) in a process of its
        own, capped at `memory` bytes and `timeout` seconds."""
        return Asked(Apart(task, args, memory, timeout), args[0])

    def rebuild(self, why: str) -> str:
        """The damaged database set aside and made again from the logs: what was done
        (HistoryError: it could not be)."""
        return rebuild(self.db, self.replays, why).rebuilt or ""


class Asked(Generic[T]):
    """A query under way in its own process: `result()` waits for it (from any thread)
    and says its failure as one of the module's classes; `cancel()` stops it."""

    def __init__(self, apart: Apart[T], source: Path) -> None:
        self.apart, self.source = apart, source

    def cancel(self) -> None:
        self.apart.cancel()

    def result(self) -> T:
        try:
            return self.apart.result()
        except DamagedHistory as exc:
            raise Damaged(str(exc), "opening") from None
        except QueryError as exc:
            if is_damage_message(str(exc)):
                raise Damaged(f"{self.source} is damaged ({one_line(str(exc))})", "query") from None
            raise
