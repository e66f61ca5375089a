"""Running a user's SQL against the history, read-only, for the app and the command line."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import duckdb

from cwtui.history import schema
from cwtui.history.loader import HistoryError, connect

ExportFormat = Literal["csv", "parquet"]
NUMERIC_TYPES = frozenset(
    [
        "TINYINT",
        "SMALLINT",
        "INTEGER",
        "BIGINT",
        "HUGEINT",
        "UTINYINT",
        "USMALLINT",
        "UINTEGER",
        "UBIGINT",
        "UHUGEINT",
        "FLOAT",
        "DOUBLE",
    ]
)


def is_numeric(duckdb_type: str) -> bool:
    """Whether a column of this DuckDB type holds numbers (right-aligned, chartable)."""
    return duckdb_type.split("(")[0] in NUMERIC_TYPES or duckdb_type.startswith("DECIMAL")


@dataclass(frozen=True)
class QueryResult:
    columns: tuple[str, ...]
    types: tuple[str, ...]
    rows: list[tuple[Any, ...]]
    more: bool  # the query returned more rows than were fetched
    seconds: float

    @property
    def shown(self) -> str:
        """'500 of >500 rows', '12 rows', '1 row'."""
        n = len(self.rows)
        if self.more:
            return f"{n:,} of >{n:,} rows"
        return f"{n:,} row" + ("" if n == 1 else "s")


class QueryError(Exception):
    """DuckDB refused or failed the query; the message is DuckDB's own."""


class QueryCancelled(Exception):
    pass


def open_history(db: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection: nothing a user types can change the history."""
    return connect(db, read_only=True)


def run(con: duckdb.DuckDBPyConnection, sql: str, limit: int) -> QueryResult:
    """Run `sql` (one or more statements; the last one's rows are returned) and fetch
    at most `limit` rows. Another thread may call `con.interrupt()` to cancel it."""
    start = time.perf_counter()
    try:
        con.execute(sql)
        if con.description is None:  # a statement without rows (SET, PRAGMA, …)
            return QueryResult((), (), [], False, time.perf_counter() - start)
        columns = tuple(d[0] for d in con.description)
        types = tuple(str(d[1]) for d in con.description)
        rows = con.fetchmany(limit + 1)
        more = len(rows) > limit
        if more:
            con.abort()  # the rest of the result is not needed
    except duckdb.InterruptException:
        raise QueryCancelled("the query was cancelled") from None
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    return QueryResult(columns, types, rows[:limit], more, time.perf_counter() - start)


def stream(
    con: duckdb.DuckDBPyConnection, sql: str, chunk: int = 10_000
) -> tuple[tuple[str, ...], Iterator[list[tuple[Any, ...]]]]:
    """Every row of `sql`'s result, in chunks (for the command line's csv and json)."""
    try:
        con.execute(sql)
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    if con.description is None:
        return (), iter(())
    columns = tuple(d[0] for d in con.description)

    def chunks() -> Iterator[list[tuple[Any, ...]]]:
        while True:
            try:
                rows = con.fetchmany(chunk)
            except duckdb.Error as exc:
                raise QueryError(_message(exc)) from None
            if not rows:
                return
            yield rows

    return columns, chunks()


def export(con: duckdb.DuckDBPyConnection, sql: str, path: Path, fmt: ExportFormat) -> None:
    """Write the whole result of `sql` with DuckDB's own CSV or Parquet writer."""
    try:
        relation = con.sql(sql)
        if relation is None:
            raise QueryError("the query returns no rows to export")
        path.parent.mkdir(parents=True, exist_ok=True)
        if fmt == "csv":
            relation.write_csv(str(path), header=True)
        else:
            relation.write_parquet(str(path))
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    except OSError as exc:
        raise QueryError(f"cannot write {path}: {exc.strerror}") from None


def export_tables(db: Path, folder: Path) -> list[Path]:
    """Every table as `<folder>/<table>.parquet`."""
    con = open_history(db)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for name in schema.TABLE_NAMES:
            path = folder / f"{name}.parquet"
            con.execute(f"COPY {name} TO '{_sql_string(str(path))}' (FORMAT parquet)")
            written.append(path)
        return written
    except duckdb.Error as exc:
        raise HistoryError(f"export failed: {_message(exc)}") from None
    except OSError as exc:
        raise HistoryError(f"cannot write to {folder}: {exc.strerror}") from None
    finally:
        con.close()


@dataclass(frozen=True)
class TableInfo:
    name: str
    kind: Literal["table", "view"]
    doc: str
    columns: tuple[schema.Column, ...]


def describe(con: duckdb.DuckDBPyConnection) -> list[TableInfo]:
    """The schema as the database has it, with the comments the loader wrote."""
    rows = con.execute(
        """
        SELECT c.table_name, t.table_type, coalesce(d.comment, v.comment, ''), c.column_name, c.data_type,
               coalesce(col.comment, '')
        FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
        LEFT JOIN duckdb_tables() d ON d.schema_name = c.table_schema AND d.table_name = c.table_name
        LEFT JOIN duckdb_views() v ON v.schema_name = c.table_schema AND v.view_name = c.table_name
        LEFT JOIN duckdb_columns() col ON col.schema_name = c.table_schema AND col.table_name = c.table_name
             AND col.column_name = c.column_name
        WHERE c.table_schema = 'main' AND c.table_name <> 'schema_info'
        ORDER BY t.table_type, c.table_name, c.ordinal_position
        """
    ).fetchall()
    kinds: dict[str, tuple[str, str]] = {}
    columns: dict[str, list[schema.Column]] = {}
    for table, kind, doc, column, type_, column_doc in rows:
        kinds.setdefault(table, (kind, doc))
        columns.setdefault(table, []).append(schema.Column(column, type_, column_doc))
    return [
        TableInfo(table, "view" if kind == "VIEW" else "table", doc, tuple(columns[table]))
        for table, (kind, doc) in kinds.items()
    ]


def _sql_string(text: str) -> str:
    return text.replace("'", "''")


def _message(exc: duckdb.Error) -> str:
    return str(exc).strip()
