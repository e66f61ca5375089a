"""The history database itself: opening it (offline, to the current schema), telling a
damaged file from a machine at fault (locked, full, not allowed), and setting a damaged
one aside. The database is a cache of the logs: one DuckDB cannot read is rebuilt from
them (cwtui.history.loader)."""

from __future__ import annotations

import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

import duckdb

from cwtui.history import schema
from cwtui.history.errors import DamagedHistory, HistoryError

# Every connection cwtui opens: DuckDB would otherwise fetch an extension from the
# network to open, say, a SQLite file found where the history should be.
OFFLINE: Final = {"autoinstall_known_extensions": False, "autoload_known_extensions": False}


def connect(db: Path, read_only: bool = False, config: dict[str, Any] | None = None) -> duckdb.DuckDBPyConnection:
    """Open the database; a writable one is created or rebuilt to the current schema.
    DamagedHistory if the file is not a database DuckDB can read."""
    problem = db_path_problem(db)
    if problem:
        raise HistoryError(problem)
    if read_only and not db.exists():
        raise HistoryError(f"no history database at {db} yet; `cwtui history load` makes it from the game logs")
    if not read_only:
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HistoryError(f"cannot make the folder for {db}: {exc.strerror}") from None
    try:
        con = duckdb.connect(str(db), read_only=read_only, config={**OFFLINE, **(config or {})})
    except duckdb.Error as exc:
        raise _opening_error(db, exc) from None
    try:
        if con.execute("SELECT current_setting('lock_configuration')").fetchone() != (True,):  # see query.py
            con.execute("SET enable_progress_bar = false")  # DuckDB's own bar would go into our output
        if read_only:
            con.execute("SELECT count(*) FROM log_files").fetchone()  # a history, readable
        else:
            _ensure_schema(con)
    except duckdb.Error as exc:
        con.close()
        if read_only and isinstance(exc, duckdb.CatalogException):
            raise HistoryError(
                f"{db} is a DuckDB database but not a cwtui history; `cwtui history load` rebuilds it"
            ) from None
        raise _opening_error(db, exc) from None
    return con


_EMPTY: list[tempfile.TemporaryDirectory[str]] = []  # the process's empty history's folder, removed at exit


def empty_history() -> Path:
    """A history with every table and view and no games, for questions asked where there
    is none yet (a fresh folder: nothing played, nothing loaded), so that they answer. It
    is made once a process, in a folder of its own in TMPDIR, and removed at exit:
    nothing is written where the history would be (only a load with logs to load makes
    that)."""
    if not _EMPTY:
        try:
            folder = tempfile.TemporaryDirectory(prefix="cwtui-empty-history-")
        except OSError as exc:
            raise HistoryError(f"cannot make an empty history in {tempfile.gettempdir()}: {exc.strerror}") from None
        connect(Path(folder.name) / "history.duckdb").close()
        _EMPTY.append(folder)
    return Path(_EMPTY[0].name) / "history.duckdb"


def db_path_problem(db: Path) -> str | None:
    """Why `db` cannot be a history database's path, or None."""
    if "?" in str(db):
        # DuckDB reads what follows a '?' as connection options (its WAL would go elsewhere)
        return f"the database path {db} contains '?', which DuckDB cannot open; choose another with --db"
    if "\\" in str(db):
        # DuckDB reads a backslash as a folder separator, on every system (issue 37.5)
        return f"the database path {db} contains a backslash, which DuckDB reads as a folder; choose another with --db"
    if db.exists() and not db.is_file():
        return f"{db} is a folder, not a database file"
    parent = next((p for p in db.parents if p.exists()), None)
    if parent is not None and not parent.is_dir():
        return f"{db}: {parent} is a file, not a folder"
    return None


def _opening_error(db: Path, exc: duckdb.Error) -> HistoryError:
    """Locked, out of space or not allowed: the file is fine and the user can act.
    Anything else means DuckDB cannot read it: damaged."""
    message = str(exc).strip().splitlines()[0]
    if any(marker in message for marker in _MACHINE):
        return HistoryError(f"cannot open {db}: {message}")
    return DamagedHistory(f"{db} is damaged ({message})")


# What DuckDB says when the database file is damaged, and when the machine is at fault.
_DAMAGE = ("Corrupt database", "checksum", "Could not read enough bytes", "not a valid DuckDB database")
_MACHINE = (
    "No such file or directory", "Could not set lock", "Conflicting lock", "Permission denied",
    "Read-only file system", "No space left", "Disk quota", "File too large", "Could not write",
    "Too many open files", "Out of Memory", "out of memory", "Interrupted",
)  # fmt: skip


def cause_of(exc: duckdb.Error) -> Literal["damage", "machine", "log"]:
    """Why a statement of the loader failed: the database file is damaged (rebuild it),
    the machine is at fault (a full disk, no memory, a lock: stop and say so, recording
    nothing against any log), or else the log's own content (skip that log)."""
    text = str(exc)
    if is_damage_message(text):
        return "damage"
    if isinstance(exc, (duckdb.IOException, duckdb.OutOfMemoryException)) or any(m in text for m in _MACHINE):
        return "machine"
    return "log"


def is_damage_message(text: str) -> bool:
    """Whether DuckDB's message for a failed read means the database file is damaged."""
    return any(marker in text for marker in _DAMAGE)


def is_damage(exc: duckdb.Error) -> bool:
    return cause_of(exc) == "damage"


def set_aside(db: Path, why: str) -> str:
    """Move a damaged database (and its WAL) aside; what to tell the user."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = db.with_name(f"{db.name}.damaged-{stamp}")
    try:
        os.replace(db, aside)
        wal = db.with_name(db.name + ".wal")
        if wal.exists():
            os.replace(wal, aside.with_name(aside.name + ".wal"))
    except OSError as exc:
        raise HistoryError(f"{why}; it could not be moved aside to rebuild it ({exc.strerror})") from None
    return f"{why}; it was moved to {aside} and the history is rebuilt from the logs"


def _ensure_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the schema, or rebuild it when an older cwtui made it: the logs are the
    record and the database only a cache of them, so nothing is lost."""
    version = None
    if con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_info'").fetchone() != (0,):
        row = con.execute("SELECT max(version) FROM schema_info").fetchone()
        version = row[0] if row else None
    if version == schema.SCHEMA_VERSION:
        return
    con.execute("BEGIN")
    for view in schema.VIEWS:
        con.execute(f"DROP VIEW IF EXISTS {view.name}")
    for name in (*schema.TABLE_NAMES, "schema_info"):
        con.execute(f"DROP TABLE IF EXISTS {name}")
    for statement in schema.ddl():
        con.execute(statement)
    con.execute("COMMIT")
