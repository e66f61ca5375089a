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
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import duckdb

from cwtui.history import log_files, reading
from cwtui.history.database import cause_of, connect, is_damage, set_aside
from cwtui.history.errors import DamagedHistory, HistoryError
from cwtui.history.kept_reviews import ReviewLoader
from cwtui.history.rated_games import RatingsLoader
from cwtui.history.reading import (
    Batch,
    Log,
    as_read,
    batches,
    gathered,
    logs_in,
    read_batch,
    readers,
    under,
    unstage,
)
from cwtui.history.staged import fill, stage, store_cards
from engine.cards import Cards, load_cards

LOAD_MEMORY = "256MB"  # DuckDB's memory during a load: beyond it, it works on disk

Progress = Callable[[int, int], None]  # (logs done, logs to load)


@dataclass
class LoadReport:
    loaded: int = 0  # logs read in this load, new or changed
    unchanged: int = 0  # logs already in the history as they are
    removed: int = 0  # logs gone from the folder, their games dropped
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # logs that could not be loaded, and why
    rebuilt: str | None = None  # why the database was rebuilt, and where the damaged one went
    reviews: int = 0  # kept reviews read in this load, new or changed (their skipped ones are in `skipped`)
    ratings: int = 0  # game servers' ratings files read in this load, new or changed (lines left out: `skipped`)
    replayed: int = 0  # games replayed in this load (--verify)
    stopped_late: bool = False  # Ctrl+C came after the load committed: too late to stop it, and it is complete
    failed: list[tuple[Path, str]] = field(default_factory=list)  # games whose replay failed, and the verdict
    failed_reviews: list[tuple[Path, str]] = field(default_factory=list)  # reviews judged again otherwise, and how

    @property
    def ok(self) -> bool:
        return not self.skipped and not self.failed and not self.failed_reviews


class _OneLogFails(Exception):
    """DuckDB failed on a log the reader accepted: the load starts again, a batch a
    transaction, so that the log is skipped alone."""


def load(
    db: Path,
    folders: Iterable[Path],
    cards: Sequence[Cards] = (),
    progress: Progress | None = None,
    verify: bool = False,
) -> LoadReport:
    """Bring the history in `db` up to date with the logs (`*.jsonl`) in `folders`,
    rebuilding it if it is damaged. With `verify`, every game not yet checked is
    replayed by the engine and the verdict recorded (games.verified). Ctrl+C stops it
    (KeyboardInterrupt, nothing changed) until its commit, and is too late after."""
    with _stopping() as stopping:
        report = _load(db, list(folders), cards, progress, verify, stopping)
    report.stopped_late = stopping.late
    return report


class _Stopping:
    """Ctrl+C during a load, where it lands (the main thread): it stops the load until
    the load commits. From the commit on the load is done, closing and tidying up
    included, and a Ctrl+C is only noted: it stopped nothing, so the load must not say
    it stopped."""

    def __init__(self) -> None:
        self.done = False  # the commit has begun
        self.late = False  # a Ctrl+C came after that

    def __call__(self, _signal: int, _frame: FrameType | None) -> None:
        if not self.done:
            raise KeyboardInterrupt
        self.late = True


@contextlib.contextmanager
def _stopping() -> Iterator[_Stopping]:
    """The load's Ctrl+C, in place of Python's while it runs, where Ctrl+C is Python's
    to handle (not in a worker thread, nor where a caller handles it otherwise)."""
    stopping = _Stopping()
    ours = threading.current_thread() is threading.main_thread()
    if not ours or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield stopping
        return
    signal.signal(signal.SIGINT, stopping)
    try:
        yield stopping
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _load(
    db: Path, folders: list[Path], cards: Sequence[Cards], progress: Progress | None, verify: bool, stopping: _Stopping
) -> LoadReport:
    rebuilt = None
    for attempt in range(2):
        try:
            con = connect(db)
        except DamagedHistory as exc:
            if attempt:
                raise
            rebuilt = set_aside(db, str(exc))
            continue
        prepare_for_load(con)
        try:
            with _staging(db) as staging:
                try:
                    report = Loader(con, [load_cards(), *cards], staging, verify, stopping=stopping).load(
                        folders, progress
                    )
                except _OneLogFails:
                    with contextlib.suppress(duckdb.TransactionException):  # DuckDB may have ended it
                        con.execute("ROLLBACK")
                    report = Loader(con, [load_cards(), *cards], staging, verify, False, stopping).load(
                        folders, progress
                    )
            report.rebuilt = rebuilt
            return report
        except RuntimeError as exc:
            if "interrupted" in str(exc).lower():  # DuckDB's word for Ctrl+C reaching it mid-statement
                raise KeyboardInterrupt from None
            raise
        except duckdb.Error as exc:
            if attempt or not is_damage(exc):
                raise HistoryError(f"loading into {db} failed: {str(exc).strip().splitlines()[0]}") from None
            message = f"{db} is damaged ({str(exc).strip().splitlines()[0]})"
        finally:
            con.close()
        rebuilt = set_aside(db, message)
    raise AssertionError("unreachable: the second attempt returns or raises")


def prepare_for_load(con: duckdb.DuckDBPyConnection) -> None:
    """DuckDB's settings for a load. Rows need no order (every table has its ordering
    columns), and letting DuckDB write them out of order lets it insert on every core;
    beyond LOAD_MEMORY it works on disk."""
    con.execute("SET preserve_insertion_order = false")
    con.execute(f"SET memory_limit = '{LOAD_MEMORY}'")


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
    if not db.exists() and not any(logs_in(folder) for folder in folders):
        return LoadReport()
    return load(db, sorted(folders), cards, progress)


class Loader:
    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        cards: Sequence[Cards],
        staging: Path,
        verify: bool = False,
        whole: bool = True,
        stopping: _Stopping | None = None,
    ) -> None:
        self.con = con
        self.stopping = stopping or _Stopping()  # told when the load commits
        # One transaction for the whole load, so that a load stopped half way (Ctrl+C,
        # kill -9, a full disk) leaves the history as it was. If DuckDB fails on a log,
        # the load is done again a batch a transaction (whole=False), and that log
        # skipped, so one log never costs the others their load.
        self.whole = whole
        self.cards = cards
        self.verify = verify  # replay every game not yet checked
        self.staging = staging  # where readers leave the lines they accepted, for DuckDB to read
        self.parts = itertools.count()  # numbers the reading tasks: their files, their logs' keys
        self.pending: set[str] = set()  # the logs this load reads and has not yet written

    def load(self, folders: Iterable[Path], progress: Progress | None = None) -> LoadReport:
        if self.whole:
            self.con.execute("BEGIN")
        report = self._load(folders, progress)
        # Ctrl+C stops the load until here, and is too late from here on: the commit
        # is not cut short, and a commit made is a load done
        self.stopping.done = True
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
        store_cards(self.con, self.cards)
        found = log_files.survey(self.con, folders, self.verify)
        roots, todo = found.roots, found.todo
        self.pending = {log.path for log in todo}
        self._drop(found.gone)
        report.removed = len(found.gone)
        report.unchanged = found.unchanged
        report.skipped.extend(found.skipped)
        if progress:
            progress(0, len(todo))
        parts = batches(todo)
        done = 0
        # The next batches are read and judged while DuckDB (which lets go of the GIL)
        # loads this one: in a thread, or for many logs on every core (reading is most
        # of a first load's time, and Python's).
        with readers(len(todo), self.verify) as (reader, ahead):
            reading = [self._submit(reader, logs) for logs in parts[:ahead]]
            for i, logs in enumerate(parts):
                batch = gathered(reading[i])
                if i + ahead < len(parts):
                    reading.append(self._submit(reader, parts[i + ahead]))
                as_read(logs, batch)
                try:
                    self._load_batch(logs, batch, report)
                finally:
                    unstage(batch)
                done += len(logs)
                if progress:
                    progress(done, len(todo))
        report.skipped.extend(log_files.copies(self.con, roots))
        kept_reviews = ReviewLoader(self.con, self._transaction, self.cards, self.verify)
        report.reviews, skipped = kept_reviews.load(roots)
        report.skipped.extend(skipped)
        report.ratings, skipped = RatingsLoader(self.con, self._transaction, self.staging).load(roots)
        report.skipped.extend(skipped)
        # games whose replay failed, in this load or before: named every time, as skipped logs are
        report.failed = [
            (Path(file), verdict)
            for file, verdict in self.con.execute(
                "SELECT file, verdict FROM games WHERE NOT verified ORDER BY file"
            ).fetchall()
            if any(under(file, root) for root in roots)
        ]
        report.failed_reviews = kept_reviews.failed(roots)  # named every time too
        return report

    def _drop(self, files: Sequence[str]) -> None:
        """Drop the games of logs that went away, and their log_files rows."""
        if files:
            with self._transaction():
                log_files.forget(self.con, files)

    def _load_batch(self, logs: list[Log], batch: Batch, report: LoadReport) -> None:
        """Load a batch, as `read_batch` judged it, in one transaction. If DuckDB fails
        on it, each log is loaded alone, so that one log can cost only itself."""
        try:
            self._commit(logs, batch)
        except duckdb.Error as exc:
            if self.whole and cause_of(exc) == "log":
                raise _OneLogFails from exc  # load() starts again, a batch a transaction
            self._rollback()
            if cause_of(exc) != "log" or (len(logs) == 1 and not batch.read):
                raise  # the database or the machine: load() rebuilds or stops
            if len(logs) > 1:
                for log in logs:
                    alone = read_batch([log], str(self.staging), next(self.parts), self._checking())
                    try:
                        self._load_batch([log], alone, report)
                    finally:
                        unstage(alone)
                return
            # DuckDB refused this one log: skip it with DuckDB's message
            batch.skipped[logs[0].path] = f"the history could not take it: {str(exc).strip().splitlines()[0]}"
            batch.read = []
            self._commit(logs, batch)
        report.loaded += len(batch.read)
        report.replayed += sum(read.verdict[0] is not None for read in batch.read)
        report.skipped.extend((Path(p), batch.skipped[p]) for p in sorted(batch.skipped))

    def _rollback(self) -> None:
        """Undo the batch's transaction; DuckDB has already done so when COMMIT itself
        failed (a full disk), and then there is nothing to undo."""
        with contextlib.suppress(duckdb.TransactionException):
            self.con.execute("ROLLBACK")

    def _commit(self, logs: list[Log], batch: Batch) -> None:
        with self._transaction():
            self._write(logs, batch)

    def _write(self, logs: list[Log], batch: Batch) -> None:
        con = self.con
        log_files.forget(con, [log.path for log in logs])
        log_files.claim_games(con, batch, self.pending)
        if batch.read:
            stage(con, batch.read, batch.staged, self.cards)
            fill(con)
        log_files.record(con, logs, batch)
        self.pending.difference_update(log.path for log in logs)

    def _submit(self, reader: Executor, logs: list[Log]) -> list[Future[Batch]]:
        """A batch's logs to read, in parts that the reader's workers share."""
        return [
            reader.submit(
                read_batch,
                logs[start : start + reading.READ_PART],
                str(self.staging),
                next(self.parts),
                self._checking(),
            )
            for start in range(0, len(logs), reading.READ_PART)
        ]

    def _checking(self) -> tuple[Cards, ...] | None:
        """The card data a reader replays games with, or None: it does not replay."""
        return tuple(self.cards) if self.verify else None
