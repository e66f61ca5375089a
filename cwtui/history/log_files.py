"""The load's bookkeeping, in the `log_files` table: which logs are new, changed, gone
or unchanged since the last load (by size and modification time; with --verify, by the
bytes it checked too), which were skipped and why, and which file a game is loaded
from when several hold it (`standing`: never one the replay found out in place of one
it did not, then the fullest; the others are recorded as copies, and one takes the
game's place if the loaded file goes). Every function works inside the caller's
transaction."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence, Set
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from cwtui.game.logfile import read_bytes
from cwtui.history import schema
from cwtui.history.reading import Batch, Log, Read, content_hash, logs_in, under
from engine.errors import LogFormatError

COPY = "copy"  # log_files.status of a second file holding a game already loaded


@dataclass
class Survey:
    """What a load of some folders has to do."""

    roots: list[str]  # the folders, resolved
    todo: list[Log] = field(default_factory=list)  # new and changed logs, and copies that take a game's place
    gone: list[str] = field(default_factory=list)  # logs no longer in their folder
    unchanged: int = 0
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # unchanged logs skipped before, and why


def survey(con: duckdb.DuckDBPyConnection, folders: Iterable[Path], verify: bool) -> Survey:
    """Compare the logs in `folders` with what `log_files` remembers of them. With
    `verify`, a loaded game not yet checked is read again, to be replayed, and so is
    every file whose bytes no --verify load has checked as they are (`unchecked`)."""
    on_disk: dict[str, Log] = {}
    found = Survey(roots=[])
    for folder in folders:
        root = folder.resolve()
        found.roots.append(str(root))
        for entry in logs_in(root):
            st = entry.stat()
            on_disk[entry.path] = Log(entry.path, st.st_size, st.st_mtime_ns)
    known = {
        file: (size, mtime, status, error, game, content)
        for file, size, mtime, status, error, game, content in con.execute(
            "SELECT file, size, mtime_ns, status, error, game, hash FROM log_files"
        ).fetchall()
    }
    copied = [row[4] for row in known.values() if row[2] == COPY]
    loaded_games = {
        game
        for (game,) in con.execute(
            "SELECT game FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [copied]
        ).fetchall()
    }  # of the games that files recorded as copies hold: a copy whose game went is loaded
    again = unchecked(con, known, on_disk) if verify else set()
    reading = {
        path for path, log in on_disk.items() if path not in known or known[path][:2] != (log.size, log.mtime_ns)
    } | again
    held_by = {seen[4]: file for file, seen in known.items() if seen[2] == "loaded"}  # game: the file it is loaded from
    found.gone = [f for f in known if f not in on_disk and any(under(f, r) for r in found.roots)]
    gone_games = {known[f][4] for f in found.gone if known[f][2] == "loaded"}
    for path, log in sorted(on_disk.items()):
        seen = known.get(path)
        if seen is None or path in reading:
            found.todo.append(log)
        elif seen[2] == "skipped":
            found.skipped.append((Path(path), seen[3]))
        elif seen[2] == COPY and (seen[4] not in loaded_games or seen[4] in gone_games):
            found.todo.append(log)  # the game it copies is no longer loaded: this copy takes its place
        elif seen[2] == COPY and held_by.get(seen[4]) in reading:
            found.todo.append(log)  # the file its game is loaded from is read again: the two are judged again
        elif seen[2] != COPY:  # a copy is named once the load has settled which file holds its game (`copies`)
            found.unchanged += 1
    return found


def unchecked(con: duckdb.DuckDBPyConnection, known: dict[str, tuple[Any, ...]], on_disk: dict[str, Log]) -> set[str]:
    """The files a --verify load reads again though their size and time are as loaded:
    a game not yet checked (`games.verified` null), a file no --verify load has read
    since it changed, and one whose bytes are not those --verify read, changed behind
    an unchanged size and time (a forgery with its time set back). Only --verify reads
    every file: a load without it trusts size and time, and stays fast."""
    as_loaded = {
        path: seen[5]
        for path, seen in known.items()
        if path in on_disk and seen[:2] == (on_disk[path].size, on_disk[path].mtime_ns)
    }
    again = {f for (f,) in con.execute("SELECT file FROM games WHERE verified IS NULL").fetchall()}
    again |= {path for path, content in as_loaded.items() if content is None}
    checked = sorted(path for path, content in as_loaded.items() if content is not None)
    with ThreadPoolExecutor(os.cpu_count() or 1) as hashing:  # hashlib lets go of the GIL
        now = hashing.map(_hash_of, checked)
        return again | {path for path, content in zip(checked, now, strict=True) if content != as_loaded[path]}


def _hash_of(path: str) -> str | None:
    try:
        return content_hash(read_bytes(Path(path)))
    except LogFormatError:
        return None  # read again, for the reader to say why


def forget(con: duckdb.DuckDBPyConnection, files: Sequence[str]) -> None:
    """Delete these files' games and their log_files rows."""
    con.execute("CREATE OR REPLACE TEMP TABLE forget AS SELECT unnest(?::VARCHAR[]) AS file", [list(files)])
    con.execute(
        "CREATE OR REPLACE TEMP TABLE forget_games AS "
        "SELECT game FROM log_files JOIN forget USING (file) WHERE game IS NOT NULL AND status = 'loaded'"
    )
    for table in schema.GAME_TABLES:
        con.execute(f"DELETE FROM {table} WHERE game IN (SELECT game FROM forget_games)")
    con.execute("DELETE FROM log_files WHERE file IN (SELECT file FROM forget)")


def claim_games(con: duckdb.DuckDBPyConnection, batch: Batch, pending: Set[str]) -> None:
    """Each game is loaded once, from the file that holds it best (`standing`: one whose
    replay did not fail, the fullest, then one the replay confirmed, then the first by
    name): the others are recorded as copies in `batch.copies`, and `batch.read` keeps
    the files to load. A file that holds it better than the one loaded takes its place,
    and so does any file of it read before the one loaded, which this load reads again
    (`pending`): that one then stands on what its new reading finds, not on what it was."""
    ids = [r.header.game for r in batch.read]
    taken: dict[str, tuple[str, Standing, str | None]] = {
        game: (file, standing(verified, finished, moves), verdict if verified is False else None)
        for game, file, verified, verdict, finished, moves in con.execute(
            "SELECT game, file, verified, verdict, finished, moves FROM games "
            "WHERE game IN (SELECT unnest(?::VARCHAR[]))",
            [ids],
        ).fetchall()
    }
    kept: dict[str, Read] = {}
    for read in sorted(batch.read, key=lambda r: (_standing_of(r), r.log.path)):
        game, failed = read.header.game, read.verdict[1] if read.verdict[0] is False else None
        holder = taken.get(game)
        if game in kept:  # a file of this batch holds it better
            batch.copies[read.log.path] = (game, copy_note(game, kept[game].log.path, failed))
            continue
        if holder is not None and holder[0] not in pending and holder[1] <= _standing_of(read):
            batch.copies[read.log.path] = (game, copy_note(game, holder[0], failed))  # the history has it as well
            continue
        if holder is not None:
            _demote(con, holder[0], game, copy_note(game, read.log.path, holder[2]))
        kept[game] = read
    batch.read = [r for r in batch.read if r.header.game in kept and kept[r.header.game] is r]


Standing = tuple[bool, bool, int, bool]  # lower holds a game better


def standing(verified: bool | None, finished: bool, plies: int) -> Standing:
    """How well a file holds its game: a forgery the replay found out never holds it in
    place of a file it did not find out, whatever their fullness or names; then the
    fuller (finished, then more moves), as a game in play grows; then one the replay
    confirmed over one not checked."""
    return (verified is False, not finished, -plies, verified is not True)


def _standing_of(read: Read) -> Standing:
    return standing(read.verdict[0], *read.fullness)


def _demote(con: duckdb.DuckDBPyConnection, file: str, game: str, note: str) -> None:
    """The file that held a game becomes a copy of it: a file that holds it better replaces it."""
    for table in schema.GAME_TABLES:
        con.execute(f"DELETE FROM {table} WHERE game = ?", [game])
    con.execute("UPDATE log_files SET status = ?, error = ? WHERE file = ?", [COPY, note, file])


def record(con: duckdb.DuckDBPyConnection, logs: Sequence[Log], batch: Batch) -> None:
    """A row of `log_files` for each of a batch's logs: loaded, skipped (why) or a copy."""
    games = {r.log.path: r.header.game for r in batch.read}
    status = {path: "skipped" for path in batch.skipped} | {path: COPY for path in batch.copies}
    con.execute(
        "INSERT INTO log_files SELECT unnest(?::VARCHAR[]), unnest(?::BIGINT[]), unnest(?::BIGINT[]), "
        "unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), ?",
        [
            [log.path for log in logs],
            [log.size for log in logs],
            [log.mtime_ns for log in logs],
            [log.hash for log in logs],
            [games.get(log.path) or batch.copies.get(log.path, (None, None))[0] for log in logs],
            [status.get(log.path, "loaded") for log in logs],
            [batch.skipped.get(log.path) or batch.copies.get(log.path, (None, None))[1] for log in logs],
            datetime.now(UTC),
        ],
    )


def copies(con: duckdb.DuckDBPyConnection, roots: Sequence[str]) -> list[tuple[Path, str]]:
    """The files under `roots` that hold a game loaded from another, and why: named at
    every load, as skipped logs are, once the load has settled which file holds each
    game (a file it loaded may have become a copy since)."""
    rows = con.execute("SELECT file, error FROM log_files WHERE status = ? ORDER BY file", [COPY]).fetchall()
    return [(Path(file), note) for file, note in rows if any(under(file, root) for root in roots)]


def copy_note(game: str, holder: str, failed: str | None = None) -> str:
    """Why a copy is not loaded: the file its game is loaded from, and the verdict of its
    own replay if that failed (a forgery --verify found out)."""
    note = f"the same game ({game}) as {holder}, already loaded"
    return note if failed is None else f"{note}; this file's replay {failed}"
