"""Running a user's SQL against the history, for the app and the command line.

Users' queries run in a sandbox: a read-only connection with DuckDB's external access
switched off (no file but the history is read or written: no COPY TO, EXPORT, ATTACH,
read_text, or URL), no extension installed or loaded, no spilling to disk, and the
configuration locked so that no statement can undo any of it. Exports go through
`export`, which lets exactly the file the user named be written. The command line and
the app run each query in a process of its own (cwtui.history.apart, `run_query`), so
that its time and memory limits hold.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import duckdb

from cwtui.history import schema
from cwtui.history.database import connect
from cwtui.history.errors import HistoryError
from cwtui.lang import _, n_, number

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
        """'500 of >500 rows', '12 rows', '1 row' (« 12 lignes »: a French reader saw
        "6 rows" under a French query)."""
        n = len(self.rows)
        if self.more:
            return _("{count} of >{count} rows").format(count=number(n))
        return n_("{count} row", "{count} rows", n).format(count=number(n))


class QueryError(Exception):
    """DuckDB refused or failed the query; the message is DuckDB's own."""


class QueryCancelled(Exception):
    pass


class QueryOutOfMemory(QueryError):
    """The query needed more memory than its limit (DuckDB's, or its process's cap)."""

    def __init__(self, memory: int) -> None:
        super().__init__(f"the query needed more than its {memory >> 20:,} MB of memory")
        self.memory = memory

    def __reduce__(self) -> tuple[type[QueryOutOfMemory], tuple[int]]:
        return QueryOutOfMemory, (self.memory,)  # raised in a query's process, again in cwtui's


# Set when the database starts; the rest is set, in order, before any user SQL runs.
SANDBOX_CONFIG: Final = {  # and the loader's OFFLINE settings, as on every connection
    "allow_community_extensions": False,
    "temp_directory": "",  # no spill files: a query too big for memory fails instead
}


def open_history(db: Path, writable: Path | None = None, memory: int | None = None) -> duckdb.DuckDBPyConnection:
    """A sandboxed connection for users' queries (see the module's doc); `writable` is
    the one file an export may write; `memory`, DuckDB's memory limit in bytes (a
    query's process, cwtui.history.apart, gives its own)."""
    config = SANDBOX_CONFIG if memory is None else {**SANDBOX_CONFIG, "memory_limit": f"{memory // (1 << 20)}MB"}
    con = connect(db, read_only=True, config=config)
    try:
        # Connections in one process share DuckDB's database instance, and with it these
        # settings: one opened while another is open finds the sandbox already locked.
        locked = con.execute("SELECT current_setting('lock_configuration')").fetchone() == (True,)
        if locked and writable is not None:
            raise HistoryError("an export needs the history to itself: try again when the running query ends")
        if not locked:
            if writable is not None:
                # only possible while external access is still on
                con.execute("SET allowed_paths = [?]", [str(writable)])
            con.execute("SET enable_external_access = false")
            con.execute("SET lock_configuration = true")
    except (duckdb.Error, HistoryError) as exc:
        con.close()
        if isinstance(exc, HistoryError):
            raise
        raise HistoryError(f"cannot open {db} for queries: {_message(exc)}") from None
    return con


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
    except duckdb.OutOfMemoryException:
        raise QueryOutOfMemory(_memory_limit(con)) from None
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    return QueryResult(columns, types, rows[:limit], more, time.perf_counter() - start)


def run_query(db: Path, sql: str, limit: int, memory: int) -> QueryResult:
    """`run` on a sandboxed connection of its own with `memory` for DuckDB: a query's
    whole life, for a query's process (cwtui.history.apart)."""
    con = open_history(db, memory=memory)
    try:
        return run(con, sql, limit)
    finally:
        con.close()


def stream(
    con: duckdb.DuckDBPyConnection, sql: str, chunk: int = 10_000
) -> tuple[tuple[str, ...], Iterator[list[tuple[Any, ...]]]]:
    """Every row of `sql`'s result, in chunks (for the command line's csv and json)."""
    try:
        con.execute(sql)
    except duckdb.OutOfMemoryException:
        raise QueryOutOfMemory(_memory_limit(con)) from None
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    if con.description is None:
        return (), iter(())
    columns = tuple(d[0] for d in con.description)

    def chunks() -> Iterator[list[tuple[Any, ...]]]:
        while True:
            try:
                rows = con.fetchmany(chunk)
            except duckdb.OutOfMemoryException:
                raise QueryOutOfMemory(_memory_limit(con)) from None
            except duckdb.Error as exc:
                raise QueryError(_message(exc)) from None
            if not rows:
                return
            yield rows

    return columns, chunks()


def _memory_limit(con: duckdb.DuckDBPyConnection) -> int:
    """DuckDB's memory limit on this connection, in bytes."""
    try:
        row = con.execute("SELECT value FROM duckdb_settings() WHERE name = 'memory_limit'").fetchone()
        number, unit = str(row[0] if row else "").split()
        return int(float(number) * {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}.get(unit, 1))
    except (duckdb.Error, ValueError):
        return 0


def export(db: Path, sql: str, path: Path, fmt: ExportFormat) -> None:
    """Write the whole result of one query with DuckDB's own CSV or Parquet writer, on
    a sandboxed connection that may write `path` and nothing else."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise QueryError(f"cannot write {path}: {exc.strerror}") from None
    con = open_history(db, writable=path.resolve())
    try:
        statements = con.extract_statements(sql)
        if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
            raise QueryError("only a single query that returns rows (SELECT, FROM, WITH …) can be exported")
        query = statements[0].query.strip().rstrip(";")
        options = "FORMAT csv, HEADER true" if fmt == "csv" else "FORMAT parquet"
        # USE_TMP_FILE false: DuckDB would otherwise write a file beside it and rename it,
        # and the sandbox lets only `path` itself be written. Newlines: a trailing comment
        # in the query must not swallow the closing parenthesis.
        con.execute(f"COPY (\n{query}\n) TO '{_sql_string(str(path.resolve()))}' ({options}, USE_TMP_FILE false)")
    except duckdb.Error as exc:
        raise QueryError(_message(exc)) from None
    finally:
        con.close()


def export_tables(db: Path, folder: Path) -> list[Path]:
    """Every table as `<folder>/<table>.parquet` (cwtui's own statements only, so on a
    plain read-only connection rather than the sandbox)."""
    con = connect(db, read_only=True)
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


def one_line(message: str) -> str:
    """DuckDB's message on one line, for the command line: its lines joined, the caret
    line that points into the query dropped (the quoted `LINE n: …` still says where)."""
    parts = [line.strip() for line in message.splitlines()]
    return " ".join(part for part in parts if part and set(part) != {"^"})


def _sql_string(text: str) -> str:
    return text.replace("'", "''")


def _message(exc: duckdb.Error) -> str:
    return str(exc).strip()
