"""`cwtui history load|export` and `cwtui sql`.

Exit codes a script can rely on:
  0  done (load: every log is in the history)
  1  load: some logs could not be loaded (each is named on stderr with the reason);
     sql: DuckDB refused or failed the query (its message is on stderr)
  2  nothing done: no such folder, no history database, or the database cannot be
     opened (another cwtui may be loading into it)
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import Any, TextIO

import msgspec

from cwtui.history.loader import DB_NAME, HistoryError, LoadReport, load, refresh
from cwtui.history.query import QueryError, export_tables, is_numeric, open_history, run, stream
from cwtui.progress import progress_bar
from cwtui.session import replays_dir
from engine import EngineError
from engine.cards import load_cards


def add_parsers(sub: Any) -> None:
    history = sub.add_parser("history", help="load game logs into the history database, or export it")
    hsub = history.add_subparsers(dest="history_command", required=True)
    load_p = hsub.add_parser("load", help="load new and changed logs (incremental; safe to repeat)")
    load_p.add_argument("folders", nargs="*", type=Path, help="folders of *.jsonl logs (default: the replays folder)")
    _db_arg(load_p)
    load_p.add_argument(
        "--cards", dest="cards_files", type=Path, action="append", default=[], help="card data files the games used"
    )
    export_p = hsub.add_parser("export", help="write every table as DIR/<table>.parquet")
    export_p.add_argument("folder", type=Path)
    _db_arg(export_p)
    sql = sub.add_parser("sql", help="run a read-only SQL query on the history database")
    sql.add_argument("query")
    sql.add_argument("--format", choices=("table", "csv", "json"), default="table")
    sql.add_argument("--max-rows", type=int, default=40, help="rows shown in table format (default 40)")
    sql.add_argument("--no-load", action="store_true", help="do not load new logs first")
    _db_arg(sql)


def _db_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=None, help=f"the database (default: REPLAYS/{DB_NAME})")


def database(args: argparse.Namespace) -> Path:
    return args.db or replays_dir(args.replays_dir) / DB_NAME


def history(args: argparse.Namespace) -> int:
    if args.history_command == "export":
        try:
            written = export_tables(database(args), args.folder)
        except HistoryError as exc:
            return _fail("history export", str(exc), 2)
        print(f"wrote {len(written)} tables to {args.folder}")
        return 0
    return history_load(args)


def history_load(args: argparse.Namespace) -> int:
    return load_folders(args, args.folders or [replays_dir(args.replays_dir)])


def load_folders(args: argparse.Namespace, folders: list[Path]) -> int:
    """Load `folders` into the database args name (--db, --replays-dir, --cards)."""
    missing = [f for f in folders if not f.is_dir()]
    if missing:
        return _fail("history load", f"no such folder: {', '.join(map(str, missing))}", 2)
    try:
        cards = [load_cards(path) for path in getattr(args, "cards_files", None) or []]
    except EngineError as exc:
        return _fail("history load", str(exc), 2)
    try:
        with progress_bar("logs") as bar:
            report = load(database(args), folders, cards, bar)
    except HistoryError as exc:
        return _fail("history load", str(exc), 2)
    _summary(report, sys.stdout)
    for path, reason in report.skipped:
        print(f"{path}: skipped: {reason}", file=sys.stderr)
    return 0 if report.ok else 1


def sql(args: argparse.Namespace) -> int:
    db = database(args)
    if not args.no_load:
        try:
            report = refresh(db, replays_dir(args.replays_dir))
        except HistoryError as exc:
            print(f"cwtui sql: warning: could not load new logs: {exc}", file=sys.stderr)
        else:
            if report.skipped:
                print(f"cwtui sql: warning: {len(report.skipped)} logs could not be loaded "
                      "(see `cwtui history load`)", file=sys.stderr)  # fmt: skip
    try:
        con = open_history(db)
    except HistoryError as exc:
        return _fail("sql", str(exc), 2)
    try:
        if args.format == "table":
            result = run(con, args.query, max(args.max_rows, 0))
            _table(result.columns, result.types, result.rows, result.shown)
        else:
            columns, chunks = stream(con, args.query)
            (_csv if args.format == "csv" else _json)(columns, chunks, sys.stdout)
    except QueryError as exc:
        return _fail("sql", str(exc), 1)
    finally:
        con.close()
    return 0


def _summary(report: LoadReport, out: TextIO) -> None:
    parts = [f"loaded {report.loaded}", f"unchanged {report.unchanged}"]
    if report.removed:
        parts.append(f"removed {report.removed}")
    if report.skipped:
        parts.append(f"skipped {len(report.skipped)}")
    print("logs: " + ", ".join(parts), file=out)


def _fail(command: str, message: str, code: int) -> int:
    print(f"cwtui {command}: {message}", file=sys.stderr)
    return code


def _table(columns: tuple[str, ...], types: tuple[str, ...], rows: list[tuple[Any, ...]], shown: str) -> None:
    from rich.console import Console
    from rich.table import Column, Table

    if not columns:
        return
    table = Table(
        *(Column(name, justify="right" if is_numeric(t) else "left") for name, t in zip(columns, types, strict=True)),
        caption=shown,
    )
    for row in rows:
        table.add_row(*("NULL" if v is None else str(v) for v in row))
    Console(soft_wrap=False).print(table)


def _csv(columns: tuple[str, ...], chunks: Any, out: TextIO) -> None:
    if not columns:
        return
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for rows in chunks:
        writer.writerows(rows)


def _json(columns: tuple[str, ...], chunks: Any, out: TextIO) -> None:
    """A JSON array of objects, one per row. The first rows are fetched before anything
    is written, so a query that fails at once leaves stdout empty."""
    encoder = msgspec.json.Encoder(enc_hook=str)
    rows = next(chunks, [])
    out.write("[")
    first = True
    while rows:
        for row in rows:
            out.write(("\n" if first else ",\n") + encoder.encode(dict(zip(columns, row, strict=True))).decode())
            first = False
        rows = next(chunks, [])
    out.write("]\n" if first else "\n]\n")
