"""The queries a user has run, kept across runs in a JSON file beside the database."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import msgspec

from cwtui.game.logfile import write_whole

KEEP = 200
FILE_NAME = "history-queries.json"
MAX_BYTES = 4 << 20  # far above KEEP queries; a larger file is not ours


class RecentQuery(msgspec.Struct, frozen=True):
    sql: str
    at: str  # ISO 8601, when it last ran
    outcome: str  # "12 rows", "error", "cancelled"


_decoder = msgspec.json.Decoder(list[RecentQuery])


class RecentQueries:
    """Newest first; running a query again moves it to the top rather than repeating it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.queries: list[RecentQuery] = self._read()

    def _read(self) -> list[RecentQuery]:
        """The list as saved; a missing, damaged or foreign file starts a new one rather
        than fail the screen (msgspec reports invalid UTF-8 and deep nesting outside its
        DecodeError)."""
        try:
            if not self.path.is_file():
                return []
            with self.path.open("rb") as f:
                data = f.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                return []
            return _decoder.decode(data)[:KEEP]
        except (OSError, msgspec.DecodeError, UnicodeDecodeError, RecursionError):
            return []

    def add(self, sql: str, outcome: str) -> None:
        sql = sql.strip()
        if not sql:
            return
        entry = RecentQuery(sql, datetime.now(UTC).isoformat(timespec="seconds"), outcome)
        self.queries = [entry, *(q for q in self.queries if q.sql != sql)][:KEEP]
        self._write()

    def _write(self) -> None:
        """Write a new file and rename it over the old, so a crash never leaves half a list."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(self.path, msgspec.json.format(msgspec.json.encode(self.queries)))
        except OSError:
            pass  # a read-only folder: the list lives for this run only
