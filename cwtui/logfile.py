"""Game log files: written append-only and flushed after every move, so a crash loses
nothing already played; read back through engine.log.parse."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

import msgspec

from engine.errors import LogFormatError
from engine.events import Event
from engine.log import Footer, GameLog, Header, Ply, encode, footer_for, parse, parse_header, parse_line, ply_record
from engine.moves import Move
from engine.state import State


class LogWriter:
    def __init__(self, path: Path, header: Header | None) -> None:
        """A new log with this header, or (header None) more lines for an existing one."""
        self.path = path
        if header is None:
            self._file = path.open("ab")
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        # "x": never overwrite another game's log.
        self._file = path.open("xb")
        self._write(encode(header))

    @classmethod
    def append(cls, path: Path) -> LogWriter:
        return cls(path, None)

    def _write(self, data: bytes) -> None:
        self._file.write(data)
        self._file.flush()

    def ply(self, before: State, move: Move, events: list[Event]) -> None:
        self._write(encode(ply_record(before, move, events)))  # type: ignore[arg-type]

    def record(self, record: Ply) -> None:
        """A move line as it stands in another log (a fork copies its parent's moves)."""
        self._write(encode(record))

    def finish(self, final: State) -> None:
        self._write(encode(footer_for(final)))

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


TAIL = 1 << 16  # bytes read from a log's end to find its last line; far above any line


def last_record(path: Path) -> tuple[Header, Ply | Footer | None]:
    """A log's header and its last complete line (None if no move yet), reading only the
    first line and the end of the file: cheap enough to list a folder of thousands."""
    try:
        with path.open("rb") as f:
            header = parse_header(f.readline())
            f.seek(0, 2)
            size = f.tell()
            f.seek(max(0, size - TAIL))
            tail = f.read().split(b"\n")
    except OSError as exc:
        raise LogFormatError(f"cannot read {path}: {exc.strerror}") from None
    for raw in reversed(tail[1:] if size > TAIL else tail):
        try:
            return header, parse_line(raw)
        except msgspec.DecodeError:
            continue  # the header itself, an empty line, or a line cut off by a crash
    return header, None


def read_log(path: Path) -> GameLog:
    try:
        with path.open("rb") as f:
            return parse(f)
    except OSError as exc:
        raise LogFormatError(f"cannot read {path}: {exc.strerror}") from None
