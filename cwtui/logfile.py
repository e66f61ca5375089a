"""Game log files: written append-only and flushed after every move, so a crash loses
nothing already played; read back through engine.log.parse."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from engine.errors import LogFormatError
from engine.events import Event
from engine.log import GameLog, Header, encode, footer_for, parse, ply_record
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

    def finish(self, final: State) -> None:
        self._write(encode(footer_for(final)))

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def read_log(path: Path) -> GameLog:
    try:
        with path.open("rb") as f:
            return parse(f)
    except OSError as exc:
        raise LogFormatError(f"cannot read {path}: {exc.strerror}") from None
