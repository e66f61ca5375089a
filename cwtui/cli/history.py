"""`cwtui history load|export` and `cwtui sql`.

Exit codes a script can rely on:
  0  done (load: every log is in the history)
  1  load: some logs could not be loaded (each is named on stderr with the reason), or
     --verify found a game or a kept review otherwise than it says (each named too);
     sql: DuckDB refused or failed the query, or it ran past --timeout (one line on
     stderr; nothing on stdout)
  2  nothing done: bad arguments, no such folder, no history database at the --db
     named, or the database cannot be opened (another cwtui may be loading into it)

Where no game has been loaded yet (a fresh folder), `sql` answers from an empty history,
with every table, and says on stderr how to get games: `history load --samples` puts the
sample games that come with cwtui in the replays folder and loads them.
  130 stopped with Ctrl+C (the query is interrupted at once)
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import msgspec

from cwtui.cli.args import (
    EXIT_STOPPED,
    EXIT_USAGE,
    count_arg,
    megabytes_arg,
    need_folder_or_nothing,
    seconds_arg,
    usage,
)
from cwtui.game.saved import DB_NAME, replays_dir
from cwtui.history.apart import default_memory
from cwtui.lang import N_, _, n_
from cwtui.outside import plain

# DuckDB and the history's modules load when a command runs, not with the command line
# (the app starts through it).
if TYPE_CHECKING:
    import duckdb

    from cwtui.history.loader import LoadReport
    from cwtui.history.samples import Samples
    from cwtui.history.service import History


T = TypeVar("T")
DEFAULT_TIMEOUT = 60.0  # seconds; --timeout 0 waits for ever


def add_parsers(sub: Any) -> None:
    history_p = sub.add_parser("history", help=_("load game logs into the history database, or export it"))
    hsub = history_p.add_subparsers(dest="history_command", required=True)
    load_p = hsub.add_parser("load", help=_("load new and changed logs (incremental; safe to repeat)"))
    load_p.add_argument(
        "folders", nargs="*", type=Path, help=_("folders of *.jsonl logs (default: the replays folder)")
    )
    _db_arg(load_p)
    load_p.add_argument(
        "--cards", dest="cards_files", type=Path, action="append", default=[], help=_("card data files the games used")
    )
    load_p.add_argument(
        "--samples",
        action="store_true",
        help=_(
            "put the sample games that come with cwtui in REPLAYS/samples (where the replay list finds them "
            "too) and load them"
        ),
    )
    load_p.add_argument(
        "--verify",
        action="store_true",
        help=_(
            "replay every game not yet checked, and judge every kept review again (as long as the review "
            "took), on every core, and record the verdicts (games.verified, reviews.verified)"
        ),
    )
    export_p = hsub.add_parser("export", help=_("write every table as DIR/<table>.parquet"))
    export_p.add_argument("folder", type=Path)
    _db_arg(export_p)
    sql_p = sub.add_parser("sql", help=_("run a read-only SQL query on the history database"))
    sql_p.add_argument("query", help=_("one SQL statement, read-only (the tables: README's History in SQL)"))
    sql_p.add_argument("--format", choices=("table", "csv", "json"), default="table")
    sql_p.add_argument("--max-rows", type=count_arg(0), default=40, help=_("rows shown in table format (default 40)"))
    sql_p.add_argument("--no-load", action="store_true", help=_("do not load new logs first"))
    sql_p.add_argument(
        "--timeout", type=seconds_arg, default=DEFAULT_TIMEOUT,
        help=_("stop the query after this many seconds (default {seconds}; 0: no limit)").format(
            seconds=f"{DEFAULT_TIMEOUT:.0f}"),
    )  # fmt: skip
    sql_p.add_argument(
        "--memory-limit", type=megabytes_arg, default=default_memory(), metavar="SIZE",
        help=_("stop a query that needs more memory than this, e.g. 512MB or 2GB "
               "(default {size}: a quarter of this machine's, at most 2GB)").format(
                   size=f"{default_memory() >> 20:,}MB"),
    )  # fmt: skip
    _db_arg(sql_p)
    history_p.set_defaults(run=history)
    sql_p.set_defaults(run=sql)


def _db_arg(parser: argparse.ArgumentParser) -> None:
    """Where the history is: --db, or REPLAYS/history.duckdb, taken after the command as
    `play` and `serve` take --replays-dir (`cwtui history load --replays-dir SERVER_FOLDER`
    loads a server's folder into its own history); before it, it counts too."""
    parser.add_argument(
        "--db", type=Path, default=None, help=_("the database (default: {path})").format(path=f"REPLAYS/{DB_NAME}")
    )
    parser.add_argument("--replays-dir", type=Path, default=argparse.SUPPRESS, metavar="REPLAYS",
                        help=_("the replays folder: loaded by default, and where the database is"))  # fmt: skip


def database(args: argparse.Namespace) -> Path:
    db: Path = args.db or replays_dir(args.replays_dir) / DB_NAME
    return db


def check_db(db: Path, command: str) -> None:
    """A database path cwtui can use, before any work is done for it."""
    from cwtui.history.database import db_path_problem

    problem = db_path_problem(db)
    if problem:
        raise usage(command, problem)


def history(args: argparse.Namespace) -> int:
    from cwtui.history.errors import HistoryError
    from cwtui.history.sandbox import export_tables

    check_db(database(args), "history " + args.history_command)
    if args.history_command == "export":
        need_folder_or_nothing(args.folder, "the export folder", "history export")
        try:
            written = export_tables(database(args), args.folder)
        except HistoryError as exc:
            return _fail("history export", str(exc), EXIT_USAGE)
        print(_("wrote {count} tables to {folder}").format(count=len(written), folder=args.folder))
        return 0
    replays = replays_dir(args.replays_dir)
    folders = args.folders or [replays]
    if not args.samples:
        if not args.folders and not replays.exists():
            said = _("no such folder: {folder} (no game has been played here yet); {hint}")
            raise usage("history load", said.format(folder=replays, hint=_(SAMPLES_HINT)))
        return load_folders(args, folders)
    from cwtui.history.samples import add_samples

    try:
        samples = add_samples(replays)
    except HistoryError as exc:
        return _fail("history load", str(exc), EXIT_USAGE)
    _say_samples(samples)
    code = load_folders(args, [*folders, samples.folder] if args.folders else folders)
    return code or (1 if samples.left_alone else 0)


SAMPLES_HINT = N_("play a game, or `cwtui history load --samples` loads the sample games that come with cwtui")


def _say_samples(samples: Samples) -> None:

    where = samples.folder
    if samples.copied:
        copied = len(samples.copied)
        said = n_("samples: {count} sample game copied to {folder}", "samples: {count} sample games copied to {folder}",
                  copied)  # fmt: skip
        print(said.format(count=copied, folder=where))
    if samples.there:
        there = len(samples.there)
        said = n_(
            "samples: {count} sample game in {folder} already",
            "samples: {count} sample games in {folder} already",
            there,
        )
        print(said.format(count=there, folder=where))
    for path, why in samples.left_alone:
        said = _("{path} is not the sample game of that name ({why}): left alone, and that sample is not loaded")
        print("cwtui history load: " + said.format(path=plain(str(path)), why=plain(why)), file=sys.stderr)


def load_folders(args: argparse.Namespace, folders: list[Path]) -> int:
    """Load `folders` into the database args name (--db, --replays-dir, --cards)."""
    from cwtui.history.errors import HistoryError
    from cwtui.history.loader import load
    from cwtui.shell.progress import progress_bar
    from engine.cards import load_cards
    from engine.errors import EngineError

    check_db(database(args), "history load")
    files = [f for f in folders if f.exists() and not f.is_dir()]
    if files:
        return _fail("history load", f"not a folder of logs: {', '.join(map(str, files))}", EXIT_USAGE)
    missing = [f for f in folders if not f.is_dir()]
    if missing:
        return _fail("history load", f"no such folder: {', '.join(map(str, missing))}", EXIT_USAGE)
    try:
        cards = [load_cards(path) for path in getattr(args, "cards_files", None) or []]
    except EngineError as exc:
        return _fail("history load", str(exc), EXIT_USAGE)
    try:
        with progress_bar("logs") as bar:
            report = load(database(args), folders, cards, bar, verify=getattr(args, "verify", False))
    except HistoryError as exc:
        return _fail("history load", str(exc), EXIT_USAGE)
    _report(report, "history load")
    for path, reason in report.skipped:
        print(_("{path}: skipped: {reason}").format(path=plain(str(path)), reason=plain(reason)), file=sys.stderr)
    for path, verdict in report.failed:
        said = _("{path}: loaded, but its replay {verdict} (games.verified is false)")
        print(said.format(path=plain(str(path)), verdict=plain(verdict)), file=sys.stderr)
    for path, verdict in report.failed_reviews:
        said = _("{path}: loaded, but judged again it {verdict} (reviews.verified is false)")
        print(said.format(path=plain(str(path)), verdict=plain(verdict)), file=sys.stderr)
    return 0 if report.ok else 1


def sql(args: argparse.Namespace) -> int:
    from cwtui.history.service import Damaged, History

    try:
        args.query.encode("utf-8")
    except UnicodeEncodeError:
        raise usage("sql", _("the query is not valid UTF-8 text")) from None
    if not args.query.strip():
        raise usage("sql", _("the query is empty"))
    db = database(args)
    check_db(db, "sql")
    history = History(db, replays_dir(args.replays_dir))
    if not args.no_load:
        _refresh_quietly(history)
    if args.db is None and not history.loaded:  # nothing loaded yet (a fresh folder): an empty history answers
        return _answer_from_nothing(args, history)
    try:
        return _answer(args, history, db)
    except Damaged as exc:
        # found while querying: the database is a cache of the logs, so make it again
        print(f"cwtui sql: {history.rebuild(str(exc))}", file=sys.stderr)
        return _answer(args, history, db)


def _answer_from_nothing(args: argparse.Namespace, history: History) -> int:
    from cwtui.history.errors import HistoryError

    said = _("the history has no games yet (none loaded from {folder}): {hint}")
    print("cwtui sql: " + said.format(folder=history.replays, hint=_(SAMPLES_HINT)), file=sys.stderr)
    try:
        return _answer(args, history, history.source())
    except HistoryError as exc:
        return _fail("sql", str(exc), 1)


def _refresh_quietly(history: History) -> None:
    from cwtui.history.errors import HistoryError

    try:
        report = history.refresh()
    except HistoryError as exc:
        said = _("warning: could not load new logs ({why}); answering from the history as it was")
        print("cwtui sql: " + said.format(why=exc), file=sys.stderr)
        return
    if report.rebuilt:
        print(f"cwtui sql: {report.rebuilt}", file=sys.stderr)
    if report.skipped:
        skipped = len(report.skipped)
        said = n_("warning: {count} file could not be loaded (`cwtui history load` names it)",
                  "warning: {count} files could not be loaded (`cwtui history load` names them)", skipped)  # fmt: skip
        print("cwtui sql: " + said.format(count=skipped), file=sys.stderr)


def _answer(args: argparse.Namespace, history: History, db: Path) -> int:
    """Run the query on `db` (the history, or the empty one) in a process of its own,
    within its time and memory, its output held back in a file until it is whole.
    Damaged (cwtui.history.service): found by the query, for the caller to rebuild."""
    from cwtui.history.apart import QueryTimedOut
    from cwtui.history.errors import HistoryError
    from cwtui.history.sandbox import QueryError, QueryOutOfMemory, one_line
    from cwtui.history.service import Damaged

    try:
        with tempfile.NamedTemporaryFile(prefix="cwtui-sql-", suffix=".out", delete=False) as made:
            spool = Path(made.name)
    except OSError as exc:
        return _fail("sql", f"cannot make a file for the result in {tempfile.gettempdir()}: {exc.strerror}", 1)
    try:
        job = (db, args.query, args.format, args.max_rows, spool, args.memory_limit)
        try:
            history.ask(answer_into, job, args.memory_limit, args.timeout).result()
        except Damaged as exc:
            if exc.found == "query":
                raise
            # found on opening it: a file --db names may be no history at all, and is not moved aside
            return _fail("sql", f"{exc}; `cwtui history load` rebuilds it from the logs", EXIT_USAGE)
        except HistoryError as exc:
            return _fail("sql", str(exc), EXIT_USAGE)
        except QueryOutOfMemory:
            limit = f"{args.memory_limit >> 20:,} MB"
            return _fail("sql", f"the query needed more than its {limit} of memory (--memory-limit) and was stopped", 1)
        except QueryError as exc:
            return _fail("sql", one_line(str(exc)), 1)
        except QueryTimedOut:
            return _fail("sql", f"the query ran for more than {args.timeout:g} s (--timeout) and was stopped", 1)
        except KeyboardInterrupt:
            return _fail("sql", "stopped; the query was interrupted", EXIT_STOPPED)
        try:
            with spool.open("rb") as result:
                shutil.copyfileobj(result, sys.stdout.buffer)
        except BrokenPipeError:
            raise  # the reader went away (`| head`): cwtui's entry point leaves quietly
        sys.stdout.flush()
        return 0
    finally:
        spool.unlink(missing_ok=True)


def answer_into(db: Path, query: str, fmt: str, max_rows: int, path: Path, memory: int) -> None:
    """The query's whole output into `path` (in a query's process: cwtui.history.apart)."""
    from cwtui.history.sandbox import QueryError, open_history

    con = open_history(db, memory=memory)
    try:
        with path.open("w", encoding="utf-8", errors="backslashreplace", newline="") as out:
            _write_result(con, query, fmt, max_rows, out)
    except OSError as exc:
        raise QueryError(
            f"cannot hold the result in {path.parent}: {exc.strerror}; set TMPDIR to a folder with room"
        ) from None
    finally:
        con.close()


def _write_result(con: duckdb.DuckDBPyConnection, query: str, fmt: str, max_rows: int, out: IO[str]) -> None:
    from cwtui.history.sandbox import run, stream

    if fmt == "table":
        result = run(con, query, max_rows)
        _table(result.columns, result.types, result.rows, result.shown, out)
    else:
        columns, chunks = stream(con, query)
        (_csv if fmt == "csv" else _json)(columns, chunks, out)


def _report(report: LoadReport, command: str) -> None:
    if report.rebuilt:
        print(f"cwtui {command}: {report.rebuilt}", file=sys.stderr)
    if report.stopped_late:
        said = _("Ctrl+C came after the load was committed: the load is complete")
        print(f"cwtui {command}: {said}", file=sys.stderr)
    parts = [_("loaded {count}").format(count=report.loaded), _("unchanged {count}").format(count=report.unchanged)]
    if report.removed:
        parts.append(_("removed {count}").format(count=report.removed))
    if report.skipped:
        parts.append(_("skipped {count}").format(count=len(report.skipped)))
    if report.replayed:
        parts.append(_("replayed {count} ({failed} failed)").format(count=report.replayed, failed=len(report.failed)))
    also = [_("reviews loaded: {count}").format(count=report.reviews)] if report.reviews else []
    also += [_("server ratings files loaded: {count}").format(count=report.ratings)] if report.ratings else []
    print(_("logs: {parts}").format(parts=", ".join(parts) + "".join(f"; {line}" for line in also)))


def _fail(command: str, message: str, code: int) -> int:
    print(f"cwtui {command}: {plain(message)}", file=sys.stderr)  # a query's or a file's words among them
    return code


def _table(columns: tuple[str, ...], types: tuple[str, ...], rows: list[tuple[Any, ...]], shown: str,
           out: IO[str]) -> None:  # fmt: skip
    from rich.console import Console
    from rich.table import Column, Table
    from rich.text import Text

    from cwtui.history.sandbox import is_numeric
    from cwtui.outside import MAX_VALUE, plain

    if not columns:
        return
    table = Table(
        *(Column(Text(plain(name, MAX_VALUE)), justify="right" if is_numeric(t) else "left")
          for name, t in zip(columns, types, strict=True)),
        caption=shown,
    )  # fmt: skip
    for row in rows:  # each value as its characters (cwtui.outside.plain): a string may hold anything
        table.add_row(*(Text("NULL" if v is None else plain(str(v))) for v in row))
    terminal = Console()  # drawn for the real stdout's width and colours, into the spool
    Console(file=out, width=terminal.width, force_terminal=terminal.is_terminal, soft_wrap=False, markup=False,
            color_system="auto" if terminal.color_system else None).print(table)  # fmt: skip


def _csv(columns: tuple[str, ...], chunks: Iterator[list[tuple[Any, ...]]], out: IO[str]) -> None:
    if not columns:
        return
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for rows in chunks:
        writer.writerows(rows)


def _json(columns: tuple[str, ...], chunks: Iterator[list[tuple[Any, ...]]], out: IO[str]) -> None:
    """A JSON array of objects, one per row."""
    encoder = msgspec.json.Encoder(enc_hook=str)
    out.write("[")
    first = True
    for rows in chunks:
        for row in rows:
            out.write(("\n" if first else ",\n") + encoder.encode(dict(zip(columns, row, strict=True))).decode())
            first = False
    out.write("]\n" if first else "\n]\n")
