"""A game server's ratings (ratings.ndjson in its folder, cwtui.net.ratings) into the
history's `rated_games` table: a folder a server plays in is also a folder the history
loads, so its ratings are queried beside its games (`rated_games.game` is `games.game`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path

import duckdb

from cwtui.history.reading import logs_in, under
from cwtui.net.ratings import FILE_NAME

# DuckDB reads the file itself: a line a crash cut off is passed over (ignore_errors),
# as the server passes it over when it folds the file.
_READ = """
    INSERT OR IGNORE INTO rated_games
    SELECT $file, game, room, "at"::TIMESTAMPTZ, how, s.seat, s.player, s.name, s.rank,
           s.before[1] - 3 * s.before[2], s.after[1] - 3 * s.after[2],
           s.before[1], s.before[2], s.after[1], s.after[2]
    FROM (
        SELECT game, room, "at", how, unnest(seats) AS s
        FROM read_json($file, format = 'newline_delimited', ignore_errors = true, columns = {
            game: 'VARCHAR', room: 'VARCHAR', "at": 'VARCHAR', how: 'VARCHAR',
            seats: 'STRUCT(seat INTEGER, player VARCHAR, name VARCHAR, rank INTEGER, before DOUBLE[], after DOUBLE[])[]'
        })
        WHERE game IS NOT NULL
    )
"""


class RatingsLoader:
    """Every ratings file under the roots, read again whole when it changes (a server
    appends a line a rated game) and its rows dropped when it goes."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, transaction: Callable[[], contextlib.AbstractContextManager[None]]
    ) -> None:
        self.con = con
        self.transaction = transaction  # the loader's

    def load(self, roots: Sequence[str]) -> int:
        """The ratings files read (new or changed)."""
        on_disk: dict[str, tuple[int, int]] = {}
        for root in roots:
            for entry in logs_in(Path(root), FILE_NAME):
                if entry.name == FILE_NAME:
                    st = entry.stat()
                    on_disk[entry.path] = (st.st_size, st.st_mtime_ns)
        known = {
            file: (size, mtime)
            for file, size, mtime in self.con.execute("SELECT file, size, mtime_ns FROM rating_files").fetchall()
        }
        stale = [f for f, seen in known.items() if on_disk.get(f) != seen and any(under(f, r) for r in roots)]
        fresh = sorted(f for f, seen in on_disk.items() if known.get(f) != seen)
        if not stale and not fresh:
            return 0
        with self.transaction():
            for file in stale:
                self.con.execute("DELETE FROM rated_games WHERE file = ?", [file])
                self.con.execute("DELETE FROM rating_files WHERE file = ?", [file])
            for file in fresh:
                self.con.execute(_READ, {"file": file})
                self.con.execute("INSERT INTO rating_files VALUES (?, ?, ?)", [file, *on_disk[file]])
        return len(fresh)
