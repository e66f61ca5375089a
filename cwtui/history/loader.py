"""Load game logs into the history database.

Which files are games is the engine reader's call alone (engine.log.judge): Python
reads each log once, the reader judges it, and the lines it accepted are staged as
they were read, in files of the load's own that DuckDB reads (each line wrapped with
its log's key). DuckDB is never given a log's name, so no name is read as a glob and a
log still being written cannot change between being judged and being loaded. SQL then
turns the lines into the tables of `schema.py`. Memory is bounded whatever the logs:
the reader keeps no moves, a transaction takes at most BATCH_BYTES of logs, DuckDB
works within LOAD_MEMORY (on disk beyond it), and no join multiplies a game's rows (a
contest's events are keyed by their move, each Master Angler card's takings and
catches are paired in order), even in a log that repeats its moves.

Loading is incremental and idempotent: `log_files` remembers each log's size and
modification time, so a load reads only new and changed logs, drops the games of
deleted ones, and a second load of the same folder changes nothing. A log the reader
refuses is skipped with the reader's reason and the rest still load; a log that
DuckDB fails on costs only itself. The load is one transaction, so a load stopped half
way (Ctrl+C, kill -9, a full disk) leaves the history as it was and no reader sees a
game half replaced (if DuckDB fails on a log, the load is done again a batch a
transaction, and that log skipped). A second
copy of a game is recorded as a copy and loaded in the original's place if the
original goes.

The database is a cache of the logs: one that DuckDB cannot read (not a database, cut
short, failing its checksums) is moved aside and rebuilt from the logs.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

import duckdb
import msgspec

from cwtui.history import schema
from cwtui.logfile import open_log
from cwtui.processes import worker_pool
from cwtui.review import SIDECAR_SUFFIX, DamagedReview, OlderReview, Sidecar, parse_sidecar
from cwtui.verification import verify_game
from engine.cards import Cards, load_cards
from engine.config import kind_name
from engine.errors import LogFormatError
from engine.events import TrophyTaken
from engine.log import MAX_LINE, GameLog, Header, created_at, judge, parse
from engine.replay import setup_events
from engine.review import move_accuracy
from engine.setup import SILENT_SEAT

BATCH = 1000  # logs per transaction at most: paces the progress bar
BATCH_BYTES = 48 << 20  # and log bytes per transaction at most: memory stays bounded, whatever the logs
READ_PART = 250  # logs a reading task judges
LOAD_MEMORY = "256MB"  # DuckDB's memory during a load: beyond it, it works on disk
PROCESSES_FROM = 2 * BATCH  # logs from which reading is spread over processes
SILENT_NAME = SILENT_SEAT.name
COPY = "copy"  # log_files.status of a second file holding a game already loaded

Progress = Callable[[int, int], None]  # (logs done, logs to load)


@dataclass
class LoadReport:
    loaded: int = 0  # logs read in this load, new or changed
    unchanged: int = 0  # logs already in the history as they are
    removed: int = 0  # logs gone from the folder, their games dropped
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # logs that could not be loaded, and why
    rebuilt: str | None = None  # why the database was rebuilt, and where the damaged one went
    reviews: int = 0  # kept reviews read in this load, new or changed (their skipped ones are in `skipped`)
    replayed: int = 0  # games replayed in this load (--verify)
    failed: list[tuple[Path, str]] = field(default_factory=list)  # games whose replay failed, and the verdict

    @property
    def ok(self) -> bool:
        return not self.skipped and not self.failed


class _OneLogFails(Exception):
    """DuckDB failed on a log the reader accepted: the load starts again, a batch a
    transaction, so that the log is skipped alone."""


class HistoryError(Exception):
    """The history database cannot be opened or written (locked, unwritable, a path
    DuckDB cannot use)."""


class DamagedHistory(HistoryError):
    """The database file is not one DuckDB can read: it is set aside and rebuilt."""


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


def _cause(exc: duckdb.Error) -> Literal["damage", "machine", "log"]:
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


def _is_damage(exc: duckdb.Error) -> bool:
    return _cause(exc) == "damage"


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


def load(
    db: Path,
    folders: Iterable[Path],
    cards: Sequence[Cards] = (),
    progress: Progress | None = None,
    verify: bool = False,
) -> LoadReport:
    """Bring the history in `db` up to date with the logs (`*.jsonl`) in `folders`,
    rebuilding it if it is damaged. With `verify`, every game not yet checked is
    replayed by the engine and the verdict recorded (games.verified)."""
    folders = list(folders)
    rebuilt = None
    for attempt in range(2):
        try:
            con = connect(db)
        except DamagedHistory as exc:
            if attempt:
                raise
            rebuilt = set_aside(db, str(exc))
            continue
        # Rows need no order (every table has its ordering columns), and letting DuckDB
        # write them out of order lets it insert on every core.
        con.execute("SET preserve_insertion_order = false")
        con.execute(f"SET memory_limit = '{LOAD_MEMORY}'")
        try:
            with _staging(db) as staging:
                try:
                    report = Loader(con, [load_cards(), *cards], staging, verify).load(folders, progress)
                except _OneLogFails:
                    with contextlib.suppress(duckdb.TransactionException):  # DuckDB may have ended it
                        con.execute("ROLLBACK")
                    report = Loader(con, [load_cards(), *cards], staging, verify, whole=False).load(folders, progress)
            report.rebuilt = rebuilt
            return report
        except RuntimeError as exc:
            if "interrupted" in str(exc).lower():  # DuckDB's word for Ctrl+C reaching it mid-statement
                raise KeyboardInterrupt from None
            raise
        except duckdb.Error as exc:
            if attempt or not _is_damage(exc):
                raise HistoryError(f"loading into {db} failed: {str(exc).strip().splitlines()[0]}") from None
            message = f"{db} is damaged ({str(exc).strip().splitlines()[0]})"
        finally:
            con.close()
        rebuilt = set_aside(db, message)
    raise AssertionError("unreachable: the second attempt returns or raises")


@contextlib.contextmanager
def _staging(db: Path) -> Iterator[Path]:
    """A folder of the load's own for the lines read (in the temporary folder, or beside
    the database if the temporary folder's path has characters DuckDB reads as a file
    pattern), removed when the load ends, however it ends."""
    where = Path(tempfile.gettempdir())
    if any(c in str(where) for c in _PATTERN):
        where = db.resolve().parent
    if any(c in str(where) for c in _PATTERN):
        raise HistoryError(f"DuckDB would read {where} as a file pattern; set TMPDIR to a folder without {_PATTERN}")
    try:
        folder = tempfile.mkdtemp(prefix="cwtui-history-", dir=where)
    except OSError as exc:
        raise HistoryError(f"cannot make a folder in {where} to load from: {exc.strerror}") from None
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_PATTERN = "*?[]{}\\"  # what DuckDB's file readers take as a pattern


def rebuild(db: Path, replays: Path, why: str, progress: Progress | None = None) -> LoadReport:
    """Set a damaged database aside and load the replays folder into a new one."""
    note = set_aside(db, why)
    report = load(db, [replays] if replays.is_dir() else [], progress=progress)
    report.rebuilt = note
    return report


def known_folders(db: Path) -> list[Path]:
    """The folders whose logs are in the history: a refresh reloads them all."""
    if not db.exists():
        return []
    try:
        con = connect(db, read_only=True)
    except HistoryError:
        return []  # damaged or locked: the load that follows says so, or rebuilds it
    try:
        rows = con.execute("SELECT DISTINCT regexp_replace(file, '/[^/]*$', '') FROM log_files ORDER BY 1").fetchall()
    except duckdb.Error:
        return []  # an older schema: the next load rebuilds it
    finally:
        con.close()
    return [Path(row[0]) for row in rows]


def refresh(db: Path, replays: Path, cards: Sequence[Cards] = (), progress: Progress | None = None) -> LoadReport:
    """Load what is new in the replays folder and in every folder loaded before; a folder
    that has gone (an unplugged disk, say) keeps its games until it is loaded again.
    With no database yet and no logs to make one from, nothing is created."""
    folders = {p for p in known_folders(db) if p.is_dir()}
    if replays.is_dir():
        folders.add(replays.resolve())
    if not db.exists() and not any(_logs_in(folder) for folder in folders):
        return LoadReport()
    return load(db, sorted(folders), cards, progress)


def _logs_in(folder: Path, suffix: str = ".jsonl") -> list[os.DirEntry[str]]:
    """The files under `folder` with that suffix, in its subfolders too, as the replay
    list finds them (`cwtui.saved.saved_games`): the samples in replays/samples, a
    simulation's folder. Links to folders are not followed (a loop would never end)."""
    found: list[os.DirEntry[str]] = []
    folders = [folder]
    while folders:
        here = folders.pop()
        try:
            with os.scandir(here) as entries:
                for e in entries:
                    if e.is_dir(follow_symlinks=False):
                        folders.append(Path(e.path))
                    elif e.name.endswith(suffix) and e.is_file():
                        found.append(e)
        except OSError as exc:
            if here == folder:
                raise HistoryError(f"cannot read the folder {folder}: {exc.strerror}") from None
            continue  # a subfolder that cannot be read holds no games for the history
    return found


@dataclass
class _Log:
    path: str
    size: int
    mtime_ns: int


@dataclass
class _Read:
    """A log the reader accepted; the lines it accepted are in its batch's staging file
    under its key."""

    log: _Log
    header: Header
    truncated: bool
    fullness: tuple[bool, int]  # (finished, moves): of two files of one game, the fuller is loaded
    key: int  # its lines' key in the staging files: unique in the load
    verdict: tuple[bool | None, str | None] = (None, None)  # games.verified and verdict


@dataclass
class _Batch:
    read: list[_Read] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # path: the reader's reason
    copies: dict[str, tuple[str, str]] = field(default_factory=dict)  # path: (game, file already holding it)
    seen: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (size, mtime_ns) as read
    staged: list[str] = field(default_factory=list)  # staging files written (the lines of `read`)


class Loader:
    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        cards: Sequence[Cards],
        staging: Path,
        verify: bool = False,
        whole: bool = True,
    ) -> None:
        self.con = con
        # One transaction for the whole load, so that a load stopped half way (Ctrl+C,
        # kill -9, a full disk) leaves the history as it was. If DuckDB fails on a log,
        # the load is done again a batch a transaction (whole=False), and that log
        # skipped, so one log never costs the others their load.
        self.whole = whole
        self.cards = cards
        self.verify = verify  # replay every game not yet checked
        self.staging = staging  # where readers leave the lines they accepted, for DuckDB to read
        self.parts = itertools.count()  # numbers the reading tasks: their files, their logs' keys

    def load(self, folders: Iterable[Path], progress: Progress | None = None) -> LoadReport:
        if self.whole:
            self.con.execute("BEGIN")
        report = self._load(folders, progress)
        if self.whole:
            self.con.execute("COMMIT")
        return report

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """A unit of the load: its own transaction, or a part of the whole load's."""
        if self.whole:
            yield
            return
        self.con.execute("BEGIN")
        yield
        self.con.execute("COMMIT")

    def _load(self, folders: Iterable[Path], progress: Progress | None = None) -> LoadReport:
        report = LoadReport()
        self._store_cards()
        on_disk: dict[str, _Log] = {}
        roots = []
        for folder in folders:
            root = folder.resolve()
            roots.append(str(root))
            for entry in _logs_in(root):
                st = entry.stat()
                on_disk[entry.path] = _Log(entry.path, st.st_size, st.st_mtime_ns)
        known = {
            file: (size, mtime, status, error, game)
            for file, size, mtime, status, error, game in self.con.execute(
                "SELECT file, size, mtime_ns, status, error, game FROM log_files"
            ).fetchall()
        }
        copied = [row[4] for row in known.values() if row[2] == COPY]
        loaded_games = {
            game
            for (game,) in self.con.execute(
                "SELECT game FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [copied]
            ).fetchall()
        }  # of the games that files recorded as copies hold: a copy whose game went is loaded
        unchecked = (
            {f for (f,) in self.con.execute("SELECT file FROM games WHERE verified IS NULL").fetchall()}
            if self.verify
            else set()
        )  # games to read again, to be replayed
        gone = [f for f in known if f not in on_disk and any(_under(f, r) for r in roots)]
        self._drop(gone)
        gone_games = {known[f][4] for f in gone if known[f][2] == "loaded"}
        report.removed = len(gone)
        todo: list[_Log] = []
        for path, log in sorted(on_disk.items()):
            seen = known.get(path)
            if seen is None or seen[:2] != (log.size, log.mtime_ns) or (seen[2] == "loaded" and path in unchecked):
                todo.append(log)
            elif seen[2] == "skipped":
                report.skipped.append((Path(path), seen[3]))
            elif seen[2] == COPY and (seen[4] not in loaded_games or seen[4] in gone_games):
                todo.append(log)  # the game it copies is no longer loaded: this copy takes its place
            elif seen[2] == COPY:
                report.skipped.append((Path(path), seen[3]))
            else:
                report.unchanged += 1
        if progress:
            progress(0, len(todo))
        batches = _batches(todo)
        done = 0
        # The next batches are read and judged while DuckDB (which lets go of the GIL)
        # loads this one: in a thread, or for many logs on every core (reading is most
        # of a first load's time, and Python's).
        with _readers(len(todo), self.verify) as (reader, ahead):
            reading = [self._submit(reader, logs) for logs in batches[:ahead]]
            for i, logs in enumerate(batches):
                batch = _gathered(reading[i])
                if i + ahead < len(batches):
                    reading.append(self._submit(reader, batches[i + ahead]))
                _as_read(logs, batch)
                try:
                    self._load_batch(logs, batch, report)
                finally:
                    _unstage(batch)
                done += len(logs)
                if progress:
                    progress(done, len(todo))
        ReviewLoader(self.con, self._transaction).load(roots, report)
        # games whose replay failed, in this load or before: named every time, as skipped logs are
        report.failed = [
            (Path(file), verdict)
            for file, verdict in self.con.execute(
                "SELECT file, verdict FROM games WHERE NOT verified ORDER BY file"
            ).fetchall()
            if any(_under(file, root) for root in roots)
        ]
        return report

    def _store_cards(self) -> None:
        for cards in self.cards:
            if self.con.execute("SELECT count(*) FROM fish WHERE cards = ?", [cards.hash]).fetchone() != (0,):
                continue
            n = len(cards.fish_species)
            self.con.execute(
                "INSERT INTO fish SELECT ?, " + ", ".join(["unnest(?)"] * 7),
                [
                    cards.hash,
                    list(range(n)),
                    [cards.species_names[s] for s in cards.fish_species],
                    [cards.data.species[s].location for s in cards.fish_species],
                    [s in cards.small_species for s in cards.fish_species],
                    list(cards.fish_weight),
                    list(cards.fish_time),
                    list(cards.fish_tag),
                ],
            )
            self.con.execute(
                "INSERT INTO master_angler_cards SELECT ?, unnest(?), unnest(?), unnest(?)",
                [
                    cards.hash,
                    list(range(len(cards.ma_kind))),
                    list(cards.ma_kind),
                    [len(s) for s in cards.ma_slots],
                ],
            )

    def _drop(self, files: Sequence[str]) -> None:
        """Drop the games of logs that went away, and their log_files rows."""
        if files:
            with self._transaction():
                self._forget(files)

    def _forget(self, files: Sequence[str]) -> None:
        """Delete the rows of these files' games (inside the caller's transaction)."""
        con = self.con
        con.execute("CREATE OR REPLACE TEMP TABLE forget AS SELECT unnest(?::VARCHAR[]) AS file", [list(files)])
        con.execute(
            "CREATE OR REPLACE TEMP TABLE forget_games AS "
            "SELECT game FROM log_files JOIN forget USING (file) WHERE game IS NOT NULL AND status = 'loaded'"
        )
        for table in schema.GAME_TABLES:
            con.execute(f"DELETE FROM {table} WHERE game IN (SELECT game FROM forget_games)")
        con.execute("DELETE FROM log_files WHERE file IN (SELECT file FROM forget)")

    def _load_batch(self, logs: list[_Log], batch: _Batch, report: LoadReport) -> None:
        """Load a batch, as `_read_batch` judged it, in one transaction. If DuckDB fails
        on it, each log is loaded alone, so that one log can cost only itself."""
        try:
            self._commit(logs, batch)
        except duckdb.Error as exc:
            if self.whole and _cause(exc) == "log":
                raise _OneLogFails from exc  # load() starts again, a batch a transaction
            self._rollback()
            if _cause(exc) != "log" or (len(logs) == 1 and not batch.read):
                raise  # the database or the machine: load() rebuilds or stops
            if len(logs) > 1:
                for log in logs:
                    alone = _read_batch([log], str(self.staging), next(self.parts), self._checking())
                    try:
                        self._load_batch([log], alone, report)
                    finally:
                        _unstage(alone)
                return
            # DuckDB refused this one log: skip it with DuckDB's message
            batch.skipped[logs[0].path] = f"the history could not take it: {str(exc).strip().splitlines()[0]}"
            batch.read = []
            self._commit(logs, batch)
        report.loaded += len(batch.read)
        report.replayed += sum(read.verdict[0] is not None for read in batch.read)
        report.skipped.extend((Path(p), batch.skipped[p]) for p in sorted(batch.skipped))
        report.skipped.extend((Path(p), _copy_note(batch.copies[p]) or "") for p in sorted(batch.copies))

    def _rollback(self) -> None:
        """Undo the batch's transaction; DuckDB has already done so when COMMIT itself
        failed (a full disk), and then there is nothing to undo."""
        with contextlib.suppress(duckdb.TransactionException):
            self.con.execute("ROLLBACK")

    def _commit(self, logs: list[_Log], batch: _Batch) -> None:
        with self._transaction():
            self._write(logs, batch)

    def _write(self, logs: list[_Log], batch: _Batch) -> None:
        con = self.con
        self._forget([log.path for log in logs])
        self._claim_games(batch)
        if batch.read:
            self._stage(batch.read, batch.staged)
            for statement in _INSERTS:
                con.execute(statement)
        games = {r.log.path: r.header.game for r in batch.read}
        status = {path: "skipped" for path in batch.skipped} | {path: COPY for path in batch.copies}
        con.execute(
            "INSERT INTO log_files SELECT unnest(?::VARCHAR[]), unnest(?::BIGINT[]), unnest(?::BIGINT[]), "
            "unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), ?",
            [
                [log.path for log in logs],
                [log.size for log in logs],
                [log.mtime_ns for log in logs],
                [games.get(log.path) or batch.copies.get(log.path, (None,))[0] for log in logs],
                [status.get(log.path, "loaded") for log in logs],
                [batch.skipped.get(log.path) or _copy_note(batch.copies.get(log.path)) for log in logs],
                datetime.now(UTC),
            ],
        )

    def _claim_games(self, batch: _Batch) -> None:
        """Each game is loaded once, from the fullest file that holds it (finished, then
        the most moves, then the first by name): the others are recorded as copies. A
        fuller copy than the one loaded takes its place (in this batch's transaction)."""
        ids = [r.header.game for r in batch.read]
        taken: dict[str, tuple[str, tuple[bool, int]]] = {
            game: (file, (finished, plies))
            for game, file, finished, plies in self.con.execute(
                "SELECT game, file, finished, plies FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [ids]
            ).fetchall()
        }
        kept: dict[str, _Read] = {}
        for read in sorted(batch.read, key=lambda r: (not r.fullness[0], -r.fullness[1], r.log.path)):
            game = read.header.game
            holder = taken.get(game)
            if game in kept:  # a fuller file of this batch has it
                batch.copies[read.log.path] = (game, kept[game].log.path)
                continue
            if holder is not None and holder[1] >= read.fullness:  # the history has it as fully
                batch.copies[read.log.path] = (game, holder[0])
                continue
            if holder is not None:  # this file holds more of the game than the one loaded
                self._demote(holder[0], game, read.log.path)
            kept[game] = read
        batch.read = [r for r in batch.read if r.header.game in kept and kept[r.header.game] is r]

    def _demote(self, file: str, game: str, fuller: str) -> None:
        """The file that held a game becomes a copy of it: a fuller file replaces it."""
        for table in schema.GAME_TABLES:
            self.con.execute(f"DELETE FROM {table} WHERE game = ?", [game])
        self.con.execute(
            "UPDATE log_files SET status = ?, error = ? WHERE file = ?", [COPY, _copy_note((game, fuller)), file]
        )

    def _submit(self, reader: Executor, logs: list[_Log]) -> list[Future[_Batch]]:
        """A batch's logs to read, in parts that the reader's workers share."""
        return [
            reader.submit(
                _read_batch, logs[start : start + READ_PART], str(self.staging), next(self.parts), self._checking()
            )
            for start in range(0, len(logs), READ_PART)
        ]

    def _checking(self) -> tuple[Cards, ...] | None:
        """The card data a reader replays games with, or None: it does not replay."""
        return tuple(self.cards) if self.verify else None

    def _stage(self, logs: list[_Read], staged: list[str]) -> None:
        """The batch's headers as a temp table, from what Python read, and its lines as
        DuckDB reads them from the staging files."""
        headers = [r.header for r in logs]
        by_hash = {c.hash: c for c in self.cards}
        # R12.1: the silent player's Small Species tile, as the log records it
        setups = [
            [msgspec.json.encode(e).decode() for e in setup_events(h, by_hash.get(h.cards, self.cards[0]))
             if isinstance(e, TrophyTaken)]
            for h in headers
        ]  # fmt: skip
        con = self.con
        con.execute(
            """
            CREATE OR REPLACE TEMP TABLE stage_headers AS
            SELECT unnest(?::BIGINT[]) AS fid,
                   unnest(?::VARCHAR[]) AS file, unnest(?::VARCHAR[]) AS game, unnest(?::TIMESTAMPTZ[]) AS created,
                   unnest(?::VARCHAR[]) AS engine, unnest(?::INTEGER[]) AS format, unnest(?::VARCHAR[]) AS prng,
                   unnest(?::VARCHAR[]) AS cards, unnest(?::UBIGINT[]) AS seed, unnest(?::BOOLEAN[]) AS tag_points,
                   unnest(?::VARCHAR[]) AS parent_game, unnest(?::INTEGER[]) AS parent_ply,
                   unnest(?::VARCHAR[][]) AS names, unnest(?::VARCHAR[][]) AS kinds,
                   unnest(?::BOOLEAN[]) AS truncated, unnest(?::VARCHAR[][]) AS setup_trophies,
                   unnest(?::BOOLEAN[]) AS verified, unnest(?::VARCHAR[]) AS verdict
            """,
            [
                [r.key for r in logs],
                [r.log.path for r in logs],
                [h.game for h in headers],
                [created_at(h.created) for h in headers],
                [h.engine for h in headers],
                [h.format for h in headers],
                [h.prng for h in headers],
                [h.cards for h in headers],
                [h.config.seed for h in headers],
                [h.config.tag_points for h in headers],
                [h.parent.game if h.parent else None for h in headers],
                [h.parent.ply if h.parent else None for h in headers],
                [[s.name for s in h.config.seats] for h in headers],
                [[kind_name(s.kind) for s in h.config.seats] for h in headers],
                [r.truncated for r in logs],
                setups,
                [r.verdict[0] for r in logs],
                [r.verdict[1] for r in logs],
            ],
        )
        # DuckDB parses each line once, as it reads it, into the columns the tables need
        # (the files are the loader's own: their names hold no pattern characters).
        con.execute(
            f"""
            CREATE OR REPLACE TEMP TABLE stage_lines AS
            SELECT h.game, l.kind, l.ply, l.turn, l.seat, l.step, l.phase, l.move, l.events, l.plies, l.scores,
                   l.winner, coalesce(l.ply < h.parent_ply, false) AS copied
            FROM (SELECT f AS fid, unnest(l) FROM read_ndjson(?::VARCHAR[], columns={_STAGED_COLUMNS},
                                                      maximum_object_size={2 * MAX_LINE})) l
            JOIN stage_headers h USING (fid)
            """,
            [staged],
        )


class ReviewLoader:
    """Kept reviews (NAME.review.json, cwtui.review) into the `reviews` table, each
    file's decisions replaced as a whole when it changes and dropped when it goes. A
    review that cannot be read is skipped with the reason; a second review of a game
    already loaded from another file (a copy of its log) is skipped as one."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, transaction: Callable[[], contextlib.AbstractContextManager[None]]
    ) -> None:
        self.con = con
        self.transaction = transaction  # the loader's

    def load(self, roots: Sequence[str], report: LoadReport) -> None:
        with self.transaction():
            self._load(roots, report)

    def _load(self, roots: Sequence[str], report: LoadReport) -> None:
        on_disk: dict[str, tuple[int, int]] = {}
        for root in roots:
            for entry in _logs_in(Path(root), SIDECAR_SUFFIX):
                st = entry.stat()
                on_disk[entry.path] = (st.st_size, st.st_mtime_ns)
        known = {
            file: ((size, mtime), status, error)
            for file, size, mtime, status, error in self.con.execute(
                "SELECT file, size, mtime_ns, status, error FROM review_files"
            ).fetchall()
        }
        stale = [f for f, seen in known.items() if on_disk.get(f) != seen[0] and any(_under(f, r) for r in roots)]
        fresh = sorted(f for f, seen in on_disk.items() if f not in known or known[f][0] != seen)
        report.skipped.extend(
            (Path(f), error) for f, (seen, status, error) in known.items() if status != "loaded" and f not in stale
        )
        if not stale and not fresh:
            return
        con = self.con
        con.execute("CREATE OR REPLACE TEMP TABLE stale_reviews AS SELECT unnest(?::VARCHAR[]) AS file", [stale])
        con.execute(
            f"DELETE FROM {schema.REVIEWS} WHERE game IN "
            "(SELECT game FROM review_files JOIN stale_reviews USING (file) WHERE status = 'loaded')"
        )
        con.execute("DELETE FROM review_files WHERE file IN (SELECT file FROM stale_reviews)")
        held = dict(con.execute("SELECT game, file FROM review_files WHERE status = 'loaded'").fetchall())
        rows: list[tuple[object, ...]] = []
        files: list[tuple[str, int, int, str | None, str, str | None]] = []
        for file in fresh:
            size, mtime = on_disk[file]
            try:
                kept = parse_sidecar(Path(file).read_bytes())
            except OlderReview as exc:
                reason = str(exc)
                files.append((file, size, mtime, None, "skipped", reason))
                report.skipped.append((Path(file), reason))
                continue
            except (OSError, DamagedReview) as exc:
                reason = f"cannot read it: {exc.strerror}" if isinstance(exc, OSError) else f"not a kept review: {exc}"
                files.append((file, size, mtime, None, "skipped", reason))
                report.skipped.append((Path(file), reason))
                continue
            game = kept.game
            if game in held:
                reason = f"the same game ({game}) as {held[game]}, whose review is loaded"
                files.append((file, size, mtime, game, "skipped", reason))
                report.skipped.append((Path(file), reason))
                continue
            held[game] = file
            files.append((file, size, mtime, game, "loaded", None))
            rows += _review_rows(kept)
            report.reviews += 1
        if rows:
            con.executemany(f"INSERT INTO {schema.REVIEWS} VALUES ({', '.join(['?'] * 18)})", rows)
        if files:
            con.executemany("INSERT INTO review_files VALUES (?, ?, ?, ?, ?, ?)", files)


def _review_rows(kept: Sidecar) -> list[tuple[object, ...]]:
    settings = kept.settings
    return [
        (kept.game, j.ply, j.seat, j.phase, j.chosen.__struct_config__.tag, msgspec.json.encode(j.chosen).decode(),
         msgspec.json.encode(j.best).decode(), j.options, j.before, j.after, j.lead_best, j.lead_chosen, j.loss,
         j.grade, move_accuracy(j.loss), msgspec.json.encode(j.why).decode(), settings.level, settings.engine)
        for j in kept.decisions
    ]  # fmt: skip


@contextlib.contextmanager
def _readers(count: int, replaying: bool = False) -> Iterator[tuple[Executor, int]]:
    """Where `count` logs are read, and how many batches are read ahead: a thread (one
    ahead), or from PROCESSES_FROM logs (from two, when each is replayed too) a process
    for each core (as many ahead), which cost a fraction of a second to start. The
    processes leave Ctrl+C to this one and are stopped at once when the load ends, and
    one that dies fails the load (cwtui.processes.worker_pool)."""
    workers = os.cpu_count() or 1
    if count < (2 if replaying else PROCESSES_FROM) or workers < 2:
        with ThreadPoolExecutor(1) as thread:
            yield thread, 1
        return
    with worker_pool(workers) as processes:
        yield processes, workers


def _batches(logs: list[_Log]) -> list[list[_Log]]:
    """The logs in batches of at most BATCH logs and BATCH_BYTES bytes (a larger log is
    a batch of its own). The first is an eighth of that, for DuckDB to start sooner."""
    batches: list[list[_Log]] = []
    size = 0
    for log in logs:
        limit = BATCH_BYTES // 8 if len(batches) == 1 else BATCH_BYTES
        if not batches or len(batches[-1]) == BATCH or size + log.size > limit:
            batches.append([])
            size = 0
        batches[-1].append(log)
        size += log.size
    return batches


def _gathered(parts: list[Future[_Batch]]) -> _Batch:
    batch = _Batch()
    for part in parts:
        try:
            done = part.result()
        except BrokenProcessPool:
            raise HistoryError(
                "a process reading the logs ended unexpectedly (out of memory?); nothing was loaded"
            ) from None
        batch.read += done.read
        batch.skipped |= done.skipped
        batch.seen |= done.seen
        batch.staged += done.staged
    return batch


def _unstage(batch: _Batch) -> None:
    for file in batch.staged:
        with contextlib.suppress(OSError):
            os.unlink(file)


def _as_read(logs: list[_Log], batch: _Batch) -> None:
    """Record each log's size and time as they were when it was read (a reading process
    saw them, not this one's objects)."""
    for log in logs:
        log.size, log.mtime_ns = batch.seen.get(log.path, (log.size, log.mtime_ns))
    for read in batch.read:
        read.log.size, read.log.mtime_ns = batch.seen[read.log.path]


def _read_batch(logs: list[_Log], staging: str, part: int, replay_with: tuple[Cards, ...] | None = None) -> _Batch:
    """Read and judge each log with the engine's reader (and with `replay_with`, replay
    it with the card data it names); the lines it accepts go to this part's staging
    file, each wrapped with its log's key (the line itself is the value of "l", so
    nothing in it can pass for another log's). The size and time recorded are those of
    what was read, and the verdict is on those very bytes."""
    batch = _Batch()
    staged = Path(staging) / f"part-{part}.jsonl"
    try:
        _stage_part(logs, staged, part, batch, replay_with)
    except OSError as exc:  # the staging file's: a full disk, say
        _unstage(batch)
        raise HistoryError(f"cannot stage the logs read in {staging}: {exc.strerror or exc}") from None
    return batch


def _stage_part(
    logs: list[_Log], staged: Path, part: int, batch: _Batch, replay_with: tuple[Cards, ...] | None
) -> None:
    with staged.open("wb") as out:
        batch.staged.append(str(staged))
        for i, log in enumerate(logs):
            try:
                log.path.encode("utf-8")
            except UnicodeEncodeError:
                batch.skipped[log.path] = "its file name is not UTF-8, which the history cannot record"
                continue
            try:
                with open_log(Path(log.path)) as f:
                    st = os.fstat(f.fileno())
                    log.size, log.mtime_ns = st.st_size, st.st_mtime_ns
                    batch.seen[log.path] = (st.st_size, st.st_mtime_ns)
                    data = f.read(st.st_size)
                lines = data.splitlines(keepends=True)
                if replay_with is None:
                    game, moves = judge(lines)
                else:
                    game = parse(lines)  # its moves kept, to replay
                    moves = len(game.plies)
            except LogFormatError as exc:
                batch.skipped[log.path] = str(exc)
                continue
            except OSError as exc:
                batch.skipped[log.path] = f"cannot read it: {exc.strerror}"
                continue
            key = part * READ_PART + i
            prefix = b'{"f":%d,"l":' % key
            accepted = lines[1 : 1 + moves + (game.footer is not None)]
            out.writelines(prefix + line.rstrip(b"\r\n") + b"}\n" for line in accepted)
            verdict = (None, None) if replay_with is None else _replayed(game, replay_with)
            batch.read.append(_Read(log, game.header, game.truncated, (game.footer is not None, moves), key, verdict))


def _replayed(game: GameLog, cards: tuple[Cards, ...]) -> tuple[bool | None, str]:
    """games.verified and verdict: the engine's replay of the game (bots not audited)."""
    played_with = next((c for c in cards if c.hash == game.header.cards), None)
    if played_with is None:
        return None, "not checked: played with other card data (load with --cards FILE to check it)"
    verdict = verify_game(game, played_with, bots=False)
    return verdict.ok, verdict.text


def _copy_note(copy: tuple[str, str] | None) -> str | None:
    return None if copy is None else f"the same game ({copy[0]}) as {copy[1]}, already loaded"


def _under(file: str, root: str) -> bool:
    """`file` is in `root` or one of its subfolders (where `_logs_in` looks)."""
    return file.startswith(root.rstrip(os.sep) + os.sep)


_STAGED_COLUMNS = (
    "{f: 'BIGINT', l: 'STRUCT(kind VARCHAR, ply INTEGER, turn INTEGER, seat INTEGER, step INTEGER, phase VARCHAR, "
    "move JSON, events JSON[], plies INTEGER, scores STRUCT(seat INTEGER, trophies INTEGER, master_anglers INTEGER, "
    "tags INTEGER, total INTEGER, rank INTEGER)[], winner INTEGER)'}"
)

# The fields the derived tables need from events, parsed once per event.
_EVENT_FIELDS = (
    '{"type":"VARCHAR","seat":"INTEGER","card":"INTEGER","zone":"INTEGER","board_zone":"INTEGER",'
    '"color":"VARCHAR","location":"VARCHAR","how":"VARCHAR","trophy":"VARCHAR","points":"INTEGER",'
    '"weight":"INTEGER","from_deck":"BOOLEAN","reason":"VARCHAR","fish":["INTEGER"],"ranking":["INTEGER"]}'
)

_FACT_TYPES = (
    "('end_triggered', 'bait_removed', 'silent_drew', 'fish_caught', 'fish_revealed', 'trophy_taken', "
    "'presented', 'contest_ranked', 'master_angler_taken', 'master_angler_caught')"
)

# Each statement reads the staged batch (already checked) and appends to one table.
_EACH_EVENT = """
    SELECT game, ply, turn, unnest(range(len(events)))::INTEGER AS idx, unnest(events) AS event, copied
    FROM stage_lines WHERE kind = 'ply'
"""

# Each statement reads the staged batch (already checked) and appends to one table. The
# events go straight from the lines to their table; only the facts the other tables
# need (a few in ten) are kept aside, parsed into their fields.
_INSERTS = (
    f"""
    INSERT INTO events
    SELECT game, ply, idx, fields[1], TRY_CAST(fields[2] AS INTEGER), event, copied
    FROM (SELECT *, json_extract_string(event, ['$.type', '$.seat']) AS fields FROM ({_EACH_EVENT}))
    """,
    f"""
    CREATE OR REPLACE TEMP TABLE stage_facts AS
    SELECT game, ply, turn, ply::BIGINT * 100000 + idx AS pos, type, TRY_CAST(seat AS INTEGER) AS seat,
           json_transform(event, '{_EVENT_FIELDS}') AS e, copied
    FROM (SELECT *, event->>'$.type' AS type, event->>'$.seat' AS seat FROM ({_EACH_EVENT}))
    WHERE type IN {_FACT_TYPES}
    """,
    """
    INSERT INTO moves
    SELECT game, ply, turn, seat, step, phase, move->>'$.type', move, copied FROM stage_lines WHERE kind = 'ply'
    """,
    f"""
    INSERT INTO games
    -- the winner is the seat the scores rank first, as in seats.won: never a second fact
    WITH footers AS (SELECT game, list_filter(scores, lambda s: s.rank = 1)[1].seat AS winner
                     FROM stage_lines WHERE kind = 'footer'),
         ends AS (SELECT game, arg_min(e.reason, pos) AS reason, arg_min(seat, pos) AS seat
                  FROM stage_facts WHERE type = 'end_triggered' GROUP BY game),
         counts AS (SELECT game, count(*) FILTER (WHERE kind = 'ply') AS plies, coalesce(max(turn), 0) AS turns
                    FROM stage_lines GROUP BY game)
    SELECT h.game, h.file, h.created, h.engine, h.format, h.prng, h.cards, h.seed,
           len(h.names), len(h.names) = 1, h.tag_points, h.parent_game, h.parent_ply,
           f.game IS NOT NULL, h.truncated, e.reason, e.seat, coalesce(c.plies, 0), coalesce(c.turns, 0), f.winner,
           CASE WHEN f.winner < len(h.names) THEN h.names[f.winner + 1]
                WHEN f.winner IS NOT NULL THEN '{SILENT_NAME}' END,
           CASE WHEN f.winner < len(h.names) THEN h.kinds[f.winner + 1] WHEN f.winner IS NOT NULL THEN 'silent' END,
           h.verified, h.verdict
    FROM stage_headers h LEFT JOIN counts c USING (game) LEFT JOIN footers f USING (game)
    LEFT JOIN ends e USING (game)
    """,
    """
    INSERT INTO scores
    SELECT game, s.seat, s.trophies, s.master_anglers, s.tags, s.total, s.rank
    FROM (SELECT game, unnest(scores) AS s FROM stage_lines WHERE kind = 'footer')
    """,
    f"""
    INSERT INTO seats
    WITH listed AS (
        SELECT game, unnest(range(len(names)))::INTEGER AS seat, unnest(names) AS name, unnest(kinds) AS kind
        FROM stage_headers
        UNION ALL
        SELECT game, 1, '{SILENT_NAME}', '{SILENT_SEAT.kind}' FROM stage_headers WHERE len(names) = 1
    )
    SELECT l.game, l.seat, l.name, l.kind, s.total, s.rank, s.rank = 1
    FROM listed l LEFT JOIN (SELECT * FROM scores WHERE game IN (SELECT game FROM stage_headers)) s
         USING (game, seat)
    """,
    # R5.3: a catch's bait is the last one that left the emptied zone; the silent
    # player's catches come from the bait it drew (R12.3), keyed as its zone 7. The key
    # packs game, seat and zone into one number: the ASOF join sorts far faster on it.
    """
    INSERT INTO catches
    WITH numbered AS (SELECT game, row_number() OVER () AS gid FROM stage_headers),
    bait AS (
        SELECT gid * 64 + seat * 8 + e.zone AS zone_key, e.color, pos
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'bait_removed'
        UNION ALL
        SELECT gid * 64 + 8 + 7, e.color, pos FROM stage_facts JOIN numbered USING (game) WHERE type = 'silent_drew'
    ),
    caught AS (
        SELECT game, ply, turn, pos, seat, e.card, e.location, e.zone, e.board_zone, e.how, copied,
               gid * 64 + seat * 8 + CASE WHEN e.how = 'silent' THEN 7 ELSE e.board_zone END AS zone_key
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'fish_caught'
    ),
    revealed AS (SELECT DISTINCT game, e.card FROM stage_facts WHERE type = 'fish_revealed')
    SELECT c.game, c.ply, c.turn, c.seat, c.card, f.species, c.location, c.zone, c.board_zone, f.weight, f.time,
           f.tag, b.color, c.how, r.card IS NOT NULL, c.copied
    FROM caught c
    JOIN stage_headers h USING (game)
    LEFT JOIN fish f ON f.cards = h.cards AND f.card = c.card
    ASOF LEFT JOIN bait b ON b.zone_key = c.zone_key AND b.pos < c.pos
    LEFT JOIN revealed r ON r.game = c.game AND r.card = c.card
    """,
    """
    INSERT INTO trophies
    SELECT game, ply, turn, seat, e.trophy, e.points,
           CASE WHEN e.trophy LIKE '%_contest' THEN 'contest' ELSE 'play' END, copied
    FROM stage_facts WHERE type = 'trophy_taken'
    UNION ALL
    SELECT game, NULL, 0, (t->>'$.seat')::INTEGER, t->>'$.trophy', (t->>'$.points')::INTEGER, 'setup',
           parent_game IS NOT NULL
    FROM (SELECT game, parent_game, unnest(setup_trophies)::JSON AS t FROM stage_headers)
    """,
    """
    INSERT INTO contests
    -- a contest's events are all in one move's (R10): keyed by it, each join is one to
    -- one, even in a log that repeats contests (the reader checks digests, not play)
    WITH presented AS (
        SELECT game, ply, seat, e.location, e.fish, e.weight FROM stage_facts WHERE type = 'presented'
    ),
    ranked AS (SELECT game, ply, e.location, e.ranking FROM stage_facts WHERE type = 'contest_ranked'),
    won AS (
        SELECT game, ply, seat, replace(e.trophy, '_contest', '') AS location, e.points
        FROM stage_facts WHERE type = 'trophy_taken' AND e.trophy LIKE '%_contest'
    ),
    species AS (
        SELECT p.game, p.ply, p.location, p.seat, list(f.species ORDER BY i) AS species
        FROM (SELECT game, ply, location, seat, unnest(fish) AS card, unnest(range(len(fish))) AS i FROM presented) p
        JOIN stage_headers h USING (game) LEFT JOIN fish f ON f.cards = h.cards AND f.card = p.card
        GROUP BY ALL
    )
    SELECT p.game, p.location, p.seat, p.fish, s.species, len(p.fish), p.weight,
           list_position(r.ranking, p.seat), coalesce(w.points, 0)
    FROM presented p
    LEFT JOIN species s USING (game, ply, location, seat)
    LEFT JOIN ranked r USING (game, ply, location) LEFT JOIN won w USING (game, ply, location, seat)
    """,
    """
    INSERT INTO master_anglers
    -- a card is taken once and caught once in a game; numbering each card's takings and
    -- catchings pairs them one to one even in a log that repeats them
    WITH taken AS (
        SELECT game, ply, turn, seat, e.card, e.from_deck,
               row_number() OVER (PARTITION BY game, e.card ORDER BY pos) AS n
        FROM stage_facts WHERE type = 'master_angler_taken'
    ),
    caught AS (
        SELECT game, ply, turn, seat, e.card, row_number() OVER (PARTITION BY game, e.card ORDER BY pos) AS n
        FROM stage_facts WHERE type = 'master_angler_caught'
    ),
    cards AS (  -- R12.5: the silent player's cards come from the deck already caught
        SELECT coalesce(t.game, c.game) AS game, coalesce(t.seat, c.seat) AS seat, coalesce(t.card, c.card) AS card,
               coalesce(t.from_deck, true) AS from_deck, coalesce(t.ply, c.ply) AS taken_ply,
               coalesce(t.turn, c.turn) AS taken_turn, c.card IS NOT NULL AS caught, c.ply AS caught_ply,
               c.turn AS caught_turn
        FROM taken t FULL JOIN caught c ON c.game = t.game AND c.card = t.card AND c.n = t.n
    )
    SELECT x.game, x.seat, x.card, m.kind, m.slots, x.from_deck, x.taken_ply, x.taken_turn, x.caught, x.caught_ply,
           x.caught_turn, coalesce(x.taken_ply < h.parent_ply, false)
    FROM cards x JOIN stage_headers h USING (game)
    LEFT JOIN master_angler_cards m ON m.cards = h.cards AND m.card = x.card
    """,
)
