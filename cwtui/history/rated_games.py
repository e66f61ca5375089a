"""A game server's ratings (ratings.ndjson in its folder, cwtui.net.ratings) into the
history's `rated_games` table: a folder a server plays in is also a folder the history
loads, so its ratings are queried beside its games (`rated_games.game` is `games.game`).

Each line is judged here before DuckDB sees it, as each log is judged by the engine's
reader: decoded as the server writes it (`RatedGame`), its time an ISO 8601 time with
its offset and its numbers ones the table holds. A line that is not is left out with
its reason, named at every load until the file changes, and the file's other lines
load; a line a crash cut off is passed over, as the server passes it over. The lines
judged are staged in the load's own folder, with their times in UTC, for DuckDB to
read (as logs are: cwtui.history.reading)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

import duckdb
import msgspec

from cwtui.history.errors import HistoryError
from cwtui.history.reading import logs_in, under
from cwtui.net.ratings import FILE_NAME, RatedGame

INTEGER = range(-(2**31), 2**31)  # what an INTEGER column holds
LONGEST = 64 << 10  # bytes: a rated game's line is a few hundred (four seats, their keys and names)

# DuckDB reads the lines judged (the staging file is the load's own: its name holds no
# pattern characters).
_READ = """
    INSERT OR IGNORE INTO rated_games
    SELECT $file, game, room, "at"::TIMESTAMPTZ, how, s.seat, s.player, s.name, s.rank,
           s.before[1] - 3 * s.before[2], s.after[1] - 3 * s.after[2],
           s.before[1], s.before[2], s.after[1], s.after[2]
    FROM (
        SELECT game, room, "at", how, unnest(seats) AS s
        FROM read_json($staged, format = 'newline_delimited', columns = {
            game: 'VARCHAR', room: 'VARCHAR', "at": 'VARCHAR', how: 'VARCHAR',
            seats: 'STRUCT(seat INTEGER, player VARCHAR, name VARCHAR, rank INTEGER, before DOUBLE[], after DOUBLE[])[]'
        })
    )
"""


class RatingsLoader:
    """Every ratings file under the roots, read again whole when it changes (a server
    appends a line a rated game) and its rows dropped when it goes."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        transaction: Callable[[], contextlib.AbstractContextManager[None]],
        staging: Path,
    ) -> None:
        self.con = con
        self.transaction = transaction  # the loader's
        self.staged = staging / "ratings.ndjson"  # the lines judged, for DuckDB to read

    def load(self, roots: Sequence[str]) -> tuple[int, list[tuple[Path, str]]]:
        """The ratings files read (new or changed), and the lines left out, with why."""
        on_disk: dict[str, tuple[int, int]] = {}
        for root in roots:
            for entry in logs_in(Path(root), FILE_NAME):
                if entry.name == FILE_NAME:
                    st = entry.stat()
                    on_disk[entry.path] = (st.st_size, st.st_mtime_ns)
        known = {
            file: ((size, mtime), left_out)
            for file, size, mtime, left_out in self.con.execute(
                "SELECT file, size, mtime_ns, left_out FROM rating_files"
            ).fetchall()
        }
        stale = [f for f, seen in known.items() if on_disk.get(f) != seen[0] and any(under(f, r) for r in roots)]
        fresh = sorted(f for f, seen in on_disk.items() if f not in known or known[f][0] != seen)
        # unchanged files' lines left out before: named again, as skipped logs are
        skipped = [(Path(f), why) for f in sorted(on_disk) if f not in fresh for why in known[f][1] or ()]
        if not stale and not fresh:
            return 0, skipped
        with self.transaction():
            for file in stale:
                self.con.execute("DELETE FROM rated_games WHERE file = ?", [file])
                self.con.execute("DELETE FROM rating_files WHERE file = ?", [file])
            for file in fresh:
                left_out = self._read(file)
                self.con.execute("INSERT INTO rating_files VALUES (?, ?, ?, ?)", [file, *on_disk[file], left_out])
                skipped += [(Path(file), why) for why in left_out]
        return len(fresh), skipped

    def _read(self, file: str) -> list[str]:
        """Insert the file's rated games; the lines left out, each with why."""
        try:
            left_out = _stage(file, self.staged)
        except OSError as exc:
            if exc.filename == str(self.staged):
                raise HistoryError(f"cannot stage {file} in {self.staged.parent}: {exc.strerror}") from None
            return [f"cannot read it: {exc.strerror}"]
        try:
            if self.staged.stat().st_size:
                self.con.execute(_READ, {"file": file, "staged": str(self.staged)})
        finally:
            self.staged.unlink(missing_ok=True)
        return left_out


def _stage(file: str, staged: Path) -> list[str]:
    """Each line of `file` that holds a rated game into `staged`, its time in UTC; the
    lines left out, each with why."""
    left_out: list[str] = []
    with open(file, "rb") as lines, staged.open("wb") as out:
        for number, line in enumerate(_lines(lines), 1):
            rated = _judged(line)
            if isinstance(rated, RatedGame):
                out.write(_encoder.encode(rated) + b"\n")
            elif rated:
                left_out.append(f"line {number}: {rated}; the file's other lines are loaded")
    return left_out


def _judged(line: bytes | None) -> RatedGame | str | None:
    """The line's rated game, its time in UTC; or why it is left out; or None for a
    line a crash cut off (or a blank one), passed over."""
    if line is None:
        return "longer than any rated game"
    try:
        rated = _decoder.decode(line)
    except msgspec.DecodeError as exc:
        return None if str(exc) == "Input data was truncated" else f"not a rated game ({exc})"
    at = _time(rated.at)
    if at is None:
        return f"its time {rated.at!r} is not an ISO 8601 time with its UTC offset, as the server writes it"
    return _out_of_range(rated) or msgspec.structs.replace(rated, at=at.isoformat())


_decoder = msgspec.json.Decoder(RatedGame)
_encoder = msgspec.json.Encoder()


def _lines(lines: IO[bytes]) -> Iterator[bytes | None]:
    """Each line, or None for one longer than LONGEST, which is passed over unread (so
    memory stays bounded, whatever the file)."""
    while line := lines.readline(LONGEST + 1):
        if len(line) <= LONGEST:
            yield line
            continue
        while line and not line.endswith(b"\n"):
            line = lines.readline(LONGEST)
        yield None


def _time(text: str) -> datetime | None:
    """When the server rated it (it writes UTC with its offset), or None: a time without
    an offset would be read in the loading machine's zone."""
    try:
        at = datetime.fromisoformat(text)
        return None if at.tzinfo is None else at.astimezone(UTC)
    except (ValueError, OverflowError):
        return None


def _out_of_range(rated: RatedGame) -> str | None:
    for s in rated.seats:
        if s.seat not in INTEGER or s.rank not in INTEGER:
            return f"seat {s.seat}'s number or rank {s.rank} is out of range"
    return None
