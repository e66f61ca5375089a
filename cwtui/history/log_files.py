"""The load's bookkeeping, in the `log_files` table: which logs are new, changed, gone
or unchanged since the last load (by size and modification time), which were skipped
and why, and which file a game is loaded from when several hold it (the fullest; the
others are recorded as copies, and one takes the game's place if the loaded file
goes). Every function works inside the caller's transaction."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from cwtui.history import schema
from cwtui.history.reading import Batch, Log, Read, logs_in, under

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
    `verify`, a loaded game not yet checked is read again, to be replayed."""
    on_disk: dict[str, Log] = {}
    found = Survey(roots=[])
    for folder in folders:
        root = folder.resolve()
        found.roots.append(str(root))
        for entry in logs_in(root):
            st = entry.stat()
            on_disk[entry.path] = Log(entry.path, st.st_size, st.st_mtime_ns)
    known = {
        file: (size, mtime, status, error, game)
        for file, size, mtime, status, error, game in con.execute(
            "SELECT file, size, mtime_ns, status, error, game FROM log_files"
        ).fetchall()
    }
    copied = [row[4] for row in known.values() if row[2] == COPY]
    loaded_games = {
        game
        for (game,) in con.execute(
            "SELECT game FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [copied]
        ).fetchall()
    }  # of the games that files recorded as copies hold: a copy whose game went is loaded
    unchecked = (
        {f for (f,) in con.execute("SELECT file FROM games WHERE verified IS NULL").fetchall()} if verify else set()
    )
    found.gone = [f for f in known if f not in on_disk and any(under(f, r) for r in found.roots)]
    gone_games = {known[f][4] for f in found.gone if known[f][2] == "loaded"}
    for path, log in sorted(on_disk.items()):
        seen = known.get(path)
        if seen is None or seen[:2] != (log.size, log.mtime_ns) or (seen[2] == "loaded" and path in unchecked):
            found.todo.append(log)
        elif seen[2] == "skipped":
            found.skipped.append((Path(path), seen[3]))
        elif seen[2] == COPY and (seen[4] not in loaded_games or seen[4] in gone_games):
            found.todo.append(log)  # the game it copies is no longer loaded: this copy takes its place
        elif seen[2] == COPY:
            found.skipped.append((Path(path), seen[3]))
        else:
            found.unchanged += 1
    return found


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


def claim_games(con: duckdb.DuckDBPyConnection, batch: Batch) -> None:
    """Each game is loaded once, from the fullest file that holds it (finished, then
    the most moves, then the first by name): the others are recorded as copies in
    `batch.copies`, and `batch.read` keeps the files to load. A fuller copy than the
    one loaded takes its place."""
    ids = [r.header.game for r in batch.read]
    taken: dict[str, tuple[str, tuple[bool, int]]] = {
        game: (file, (finished, plies))
        for game, file, finished, plies in con.execute(
            "SELECT game, file, finished, plies FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [ids]
        ).fetchall()
    }
    kept: dict[str, Read] = {}
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
            _demote(con, holder[0], game, read.log.path)
        kept[game] = read
    batch.read = [r for r in batch.read if r.header.game in kept and kept[r.header.game] is r]


def _demote(con: duckdb.DuckDBPyConnection, file: str, game: str, fuller: str) -> None:
    """The file that held a game becomes a copy of it: a fuller file replaces it."""
    for table in schema.GAME_TABLES:
        con.execute(f"DELETE FROM {table} WHERE game = ?", [game])
    con.execute("UPDATE log_files SET status = ?, error = ? WHERE file = ?", [COPY, copy_note((game, fuller)), file])


def record(con: duckdb.DuckDBPyConnection, logs: Sequence[Log], batch: Batch) -> None:
    """A row of `log_files` for each of a batch's logs: loaded, skipped (why) or a copy."""
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
            [batch.skipped.get(log.path) or copy_note(batch.copies.get(log.path)) for log in logs],
            datetime.now(UTC),
        ],
    )


def copy_note(copy: tuple[str, str] | None) -> str | None:
    """Why a copy (game, the file it is loaded from) is not loaded."""
    return None if copy is None else f"the same game ({copy[0]}) as {copy[1]}, already loaded"
