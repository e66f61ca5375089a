"""Game log files: written append-only and flushed after every move, so a crash loses
nothing already played; read back through engine.log.parse.

One process writes a log at a time: a writer holds an exclusive lock on it (flock) until
it closes, and a second is refused with GameInUse, naming the process that holds it.

A line is written whole or not at all: a write that fails (a full disk, a lost mount)
is cut back to the last whole line and raises NotSaved, and the chain of digests stays
where it was, so the log reads as it did before and the same line can be written again
once the fault is gone.

Reading is bounded: only regular files are opened (a directory, a device such as
/dev/zero or a named pipe is refused at once, never read or waited on), and no log may
be larger than MAX_LOG, so no file can exhaust memory. Every problem comes out as a
LogFormatError whose message leaves the path to the caller.

Nothing is written through a name cwtui did not make. A replays or server folder may be
shared, or unpacked from an archive of games, so any name in it may be a planted link
to a file elsewhere. Every file cwtui writes there (the log, its undo journal and lock
holder's note, a `.part` that `write_whole` renames over a review, a room or a clock, a
room's talk, the ratings) is opened by `create_own`, `open_own` or `append_own`, which
never follow a symbolic link and never open for writing a file with another name (a
hard link), a pipe, a device or a folder: those are left alone, and the write refused in
one line (NotOurs).
"""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import os
import stat
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, cast

import msgspec

from engine.errors import EngineError, LogFormatError
from engine.log import (
    MAX_LINE,
    Chain,
    Footer,
    GameLog,
    Header,
    Ply,
    footer_for,
    parse,
    parse_header,
    parse_line,
)
from engine.moves import AnyMove, Move
from engine.state import State

MAX_LOG = 64 << 20  # bytes; a long four-player game is ~0.2 MB
TAIL = 1 << 16  # bytes read from a log's end to find its last line; far above any line
HOLDER_NOTE = 32  # bytes of a lock holder's note (a process id) read at most


class GameInUse(EngineError):
    """A log another process is writing (or wrote since it was read): nothing was written."""


class LogExists(GameInUse):
    """A new log's name is taken: another game's, perhaps being written right now."""


class NotSaved(OSError):
    """A line the log could not take: the log is as it was before it (one line, for the
    player: the disk is full, say). An OSError, as the fault under it is."""


class NotOurs(NotSaved):
    """A name cwtui writes holds what cwtui did not make (a symbolic or hard link, a
    pipe, a device, a folder): it was left alone and nothing was written through it. Its
    strerror is the one line to show."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


class UnfitFile(OSError):
    """A file refused unread: not a regular file, or larger than it may be (strerror
    says which, for the caller to put after the file's name)."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # Windows has none (nor symbolic links a user can plant)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a named pipe opens at once, to be refused, instead of waiting
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _why_not_ours(path: Path, info: os.stat_result) -> NotOurs | None:
    """Why cwtui may not write the file `info` describes (None: it may)."""
    if stat.S_ISLNK(info.st_mode):
        what = "a symbolic link"
    elif stat.S_ISDIR(info.st_mode):
        what = "a folder"
    elif not stat.S_ISREG(info.st_mode):
        what = "a pipe or a device"
    elif info.st_nlink > 1:
        what = "a file with another name (a hard link)"
    else:
        return None
    why = f"{path.name} is {what}, which cwtui did not make: it was left alone and nothing written through it"
    return NotOurs(errno.EPERM, why)


def create_own(path: Path, flags: int = 0, mode: int = 0o666) -> BinaryIO:
    """A new file, made now and opened to write (unbuffered; `flags` such as
    os.O_APPEND): O_EXCL never opens what the name holds, a planted link included
    (FileExistsError)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | flags, mode)
    return io.FileIO(descriptor, "a" if flags & os.O_APPEND else "w")


def open_own(path: Path, flags: int) -> BinaryIO:
    """A file cwtui made, opened to change (unbuffered; `flags`: os.O_WRONLY or O_RDWR,
    and O_APPEND), if it is one: a regular file with no other name, not reached through
    a symbolic link; else NotOurs, and it is left alone. FileNotFoundError if there is
    none."""
    try:
        descriptor = os.open(path, flags | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except OSError as exc:
        # a link not followed (ELOOP; EMLINK on BSD), a pipe nobody reads, a folder
        if exc.errno not in (errno.ELOOP, errno.EMLINK, errno.ENXIO, errno.EISDIR):
            raise
        try:
            refusal = _why_not_ours(path, os.lstat(path))
        except OSError:
            refusal = None
        if refusal is None:
            raise
        raise refusal from None
    try:
        refusal = _why_not_ours(path, os.fstat(descriptor))
        if refusal is not None:
            raise refusal
    except BaseException:
        os.close(descriptor)
        raise
    # FileIO over a descriptor never truncates: its mode says only which ways it goes
    both = flags & os.O_RDWR
    return io.FileIO(descriptor, ("a+" if both else "a") if flags & os.O_APPEND else "r+" if both else "w")


def append_own(path: Path) -> BinaryIO:
    """A file cwtui keeps lines in, opened to add to its end: made if there is none,
    else opened only if it is cwtui's (`open_own`)."""
    try:
        return open_own(path, os.O_WRONLY | os.O_APPEND)
    except FileNotFoundError:
        pass
    try:
        return create_own(path, os.O_APPEND)
    except FileExistsError:  # made meanwhile, by another writer or a planter
        return open_own(path, os.O_WRONLY | os.O_APPEND)


def remove_own(path: Path) -> None:
    """Remove a file cwtui made; anything else at its name is left alone (NotOurs)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    refusal = _why_not_ours(path, info)
    if refusal is not None:
        raise refusal
    path.unlink(missing_ok=True)


def open_regular(path: Path, limit: int, kind: str, follow: bool = True) -> BinaryIO:
    """A file opened to read if it is a regular file of at most `limit` bytes; a folder,
    a device such as /dev/zero or a named pipe is refused at once (UnfitFile, naming
    `kind`: what the file should be), never read or waited on. `follow=False`: a
    symbolic link is not followed (OSError ELOOP), for a file only cwtui makes."""
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | (0 if follow else _NOFOLLOW)
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise UnfitFile(errno.EISDIR, f"it is a folder, not a {kind}")
        if not stat.S_ISREG(info.st_mode):
            raise UnfitFile(errno.EINVAL, f"it is not a regular file (a device or a pipe), so not a {kind}")
        if info.st_size > limit:
            raise UnfitFile(errno.EFBIG, f"it is {info.st_size:,} bytes; no {kind} is larger than {limit:,}")
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


class LogWriter:
    """Appends lines to a log in the log's own format and chain, each line whole or not
    at all. The file is unbuffered: a failed write leaves nothing behind in a buffer to
    come out later, after the lines that follow."""

    def __init__(self, path: Path, file: BinaryIO, chain: Chain) -> None:
        self.path = path
        self._file = file
        self.chain = chain
        self._end = file.seek(0, os.SEEK_END)  # where the last whole line ends
        self._torn = False  # a failed line may still be in the file: cut it before the next

    @classmethod
    def create(cls, path: Path, header: Header) -> LogWriter:
        """A new log with this header (never over another file: LogExists)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            file = create_own(path)  # the name is taken only if it was free
        except FileExistsError:
            raise LogExists(
                f"{path.name} exists already (is another cwtui writing games into this folder?); it was not touched"
            ) from None
        _lock(file, path)
        writer = cls(path, file, Chain(header.format))
        try:
            writer._line(header)
        except NotSaved:
            writer.close()
            path.unlink(missing_ok=True)  # an empty file is no game
            raise
        return writer

    @classmethod
    def create_new(cls, folder: Path, stem: str, header_for: Callable[[str], Header]) -> LogWriter:
        """A new log under a name no other file has — stem, then stem-2, stem-3… — taken
        at the moment it is created, so two processes starting games at once get two
        names. `header_for` makes the header for the name chosen (the game's id)."""
        for n in itertools.count(1):
            path = folder / (f"{stem}.jsonl" if n == 1 else f"{stem}-{n}.jsonl")
            if path.exists():
                continue
            try:
                return cls.create(path, header_for(path.stem))
            except LogExists:
                continue  # taken since we looked: the next name
        raise AssertionError("unreachable")

    @classmethod
    def append(cls, path: Path, log: GameLog) -> LogWriter:
        """More lines for an existing log, as `read_log` read it. Locked first, then
        checked: a last line cut off by a crash is dropped, and a log that has moved on
        since it was read (another process played) is refused with GameInUse. A log that
        is not cwtui's to write (a link) is refused with NotOurs.

        What is checked and cut is the file held, read through its own descriptor: a
        name changed meanwhile cannot put another file under the lock."""
        file = open_own(path, os.O_RDWR | os.O_APPEND)
        try:
            _lock(file, path)
            file.seek(0)
            data = _read_upto(file, MAX_LOG + 1)
            if not data.endswith(b"\n"):  # a last line a crash cut off: new lines start afresh
                data = data[: data.rfind(b"\n") + 1]
                os.ftruncate(file.fileno(), len(data))
            if len(data) > MAX_LOG or parse(data.splitlines(keepends=True)).digest != log.digest:
                raise GameInUse(f"{path.name} has changed since it was read: another process is playing it")
        except BaseException:
            file.close()
            raise
        return cls(path, file, Chain(log.format, log.digest))

    def _line(self, record: Header | Ply | Footer) -> None:
        """Write one record's line whole, or cut the file back and keep the chain as it
        was (NotSaved)."""
        if self._torn:
            self._cut_back()
            if self._torn:
                raise NotSaved(f"the game could not be saved to {self.path.name}: its last line cannot be cut back")
        previous = self.chain.previous
        data = self.chain.line(record)
        try:
            _write_all(self._file, data)
        except OSError as exc:
            self.chain.previous = previous
            self._cut_back()
            raise NotSaved(f"the game could not be saved to {self.path.name}: {exc.strerror or exc}") from None
        self._end += len(data)

    def _cut_back(self) -> None:
        """Drop what a failed write left of its line (if even that fails, the reader
        drops a cut last line, and the next write cuts it first)."""
        self._torn = True
        try:
            os.ftruncate(self._file.fileno(), self._end)
            self._file.seek(self._end)
        except OSError:
            return
        self._torn = False

    def record(self, record: Ply) -> None:
        """A move's line: every move reaches a log here, as engine.log.ply_record makes
        it (from the state before it, in this log's format: `chain.format`)."""
        self._line(record)

    def finish(self, final: State) -> None:
        self._line(footer_for(final))

    def close(self) -> None:
        release(self._file, self.path)

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def _write_all(file: BinaryIO, data: bytes) -> None:
    """All of `data` to an unbuffered file, which may take it in parts."""
    written = 0
    while written < len(data):
        count = file.write(data[written:])
        if not count:  # a regular file takes at least a byte, or fails
            raise OSError(errno.EIO, "the file took nothing")
        written += count


def _read_upto(file: BinaryIO, limit: int) -> bytes:
    """Up to `limit` bytes from an unbuffered file, which may give them in parts."""
    parts: list[bytes] = []
    size = 0
    while size < limit and (part := file.read(limit - size)):
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def open_log(path: Path) -> BinaryIO:
    """A log file opened for reading, if it is a regular file of a plausible size (a
    link is followed: a log is only read here)."""
    try:
        return open_regular(path, MAX_LOG, "game log")
    except UnfitFile as exc:
        raise LogFormatError(str(exc)) from None
    except OSError as exc:
        raise LogFormatError(f"cannot read it: {exc.strerror}") from None


def read_bytes(path: Path) -> bytes:
    """A log file's whole content (LogFormatError if it cannot be a log)."""
    with open_log(path) as f:
        try:
            data = f.read(MAX_LOG + 1)
        except OSError as exc:
            raise LogFormatError(f"cannot read it: {exc.strerror}") from None
    if len(data) > MAX_LOG:
        raise LogFormatError(f"it is larger than {MAX_LOG:,} bytes; no game log is")
    return data


def read_log(path: Path) -> GameLog:
    return parse(read_bytes(path).splitlines(keepends=True))


def last_record(path: Path) -> tuple[Header, Ply | Footer | None]:
    """A log's header and its last complete line (None if no move yet), reading only the
    first line and the end of the file: cheap enough to list a folder of thousands.
    The lines between are not read, so nothing here says the log is sound."""
    with open_log(path) as f:
        try:
            header = parse_header(f.readline(MAX_LINE + 1))
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - TAIL))
            tail = f.read(TAIL).split(b"\n")
        except OSError as exc:
            raise LogFormatError(f"cannot read it: {exc.strerror}") from None
    # The last piece follows the last newline: empty, or a line cut off by a crash. The
    # first may be a line's end, when the tail starts inside it.
    complete = tail[1:-1] if size > TAIL else tail[:-1]
    for raw in reversed(complete):
        try:
            return header, parse_line(raw + b"\n")
        except LogFormatError:
            continue  # the header itself, or a damaged line
    return header, None


def _holder_file(log: Path) -> Path:
    """Where a log's writer notes its process id, for a second process to name it."""
    return log.with_name(log.name + ".pid")


def _lock(file: BinaryIO, path: Path) -> None:
    """Hold the log for this process (GameInUse if another holds it)."""
    hold(file, path, lambda holder: f"{path.name} is being played by another process{holder}; nothing was written")


def hold(file: BinaryIO, path: Path, in_use: Callable[[str], str]) -> None:
    """Hold the file `path`, open as `file`, for this process, and note beside it who
    holds it; if another process holds it, `file` is closed and GameInUse says
    `in_use(holder)`, the holder being " (process N)" where the note names it. The hold
    goes with the file's closing or the process's end, kill -9 included."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one process a file is the player's to keep
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        file.close()
        try:
            with open_regular(_holder_file(path), HOLDER_NOTE, "process id", follow=False) as note:
                holder = f" (process {int(note.read(HOLDER_NOTE))})"
        except (OSError, ValueError):
            holder = ""
        raise GameInUse(in_use(holder)) from None
    with contextlib.suppress(OSError):  # only a name for the second process: the lock is what holds
        write_whole(_holder_file(path), str(os.getpid()).encode())


def release(file: BinaryIO, path: Path) -> None:
    """Let go of a file `hold` holds: its holder's note removed, then the file closed
    (and with it the hold: in this order, a process that holds it next keeps its note)."""
    if not file.closed:
        with contextlib.suppress(OSError):
            remove_own(_holder_file(path))
    file.close()


def write_whole(path: Path, data: bytes, durable: bool = False) -> None:
    """Write a small file whole or not at all: a temporary beside it renamed over it, so
    a crash never leaves half of it; an OSError (a full disk) leaves the old file as it
    was and no temporary behind. `durable`: on the disk before the rename (fsync), for a
    file a restarted server must find.

    The temporary is made afresh (`create_own`): one a crash left is removed first if it
    is cwtui's, and anything else at its name refused (NotOurs). The rename replaces the
    name `path`, never writing through it, even if it is a link."""
    temporary = path.with_name(path.name + ".part")
    try:
        file = create_own(temporary)
    except FileExistsError:
        remove_own(temporary)  # a crash's: NotOurs if it is not
        try:
            file = create_own(temporary)
        except FileExistsError:
            raced = f"{temporary.name} was made again as cwtui replaced it; nothing was written"
            raise NotOurs(errno.EEXIST, raced) from None
    try:
        with file:
            _write_all(file, data)
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)  # the one just made
        raise


def undo_journal(log: Path) -> Path:
    """Where a log's moves kept back for undo are journaled (not `*.jsonl`: no reader of
    logs takes it for a game)."""
    return log.with_name(log.name + ".undo")


class KeptMove(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A journal line: a move played but kept back from the log while it can be undone."""

    game: str  # the log's game id: a journal is never read into another game
    ply: int
    move: AnyMove


_kept_encoder = msgspec.json.Encoder()
_kept_decoder = msgspec.json.Decoder(KeptMove)


def read_journal(log: Path, game: str) -> tuple[list[KeptMove], list[int]]:
    """The moves in a log's undo journal, in order, and where each one's line ends. It
    reads up to the first line that is cut off, damaged or another game's: the log is
    the truth, the journal only adds to it. Nothing is written."""
    try:  # only a file cwtui made: never through a link
        with open_regular(undo_journal(log), MAX_LOG, "undo journal", follow=False) as f:
            data = f.read(MAX_LOG)
    except OSError:
        return [], []
    moves: list[KeptMove] = []
    ends: list[int] = []
    end = 0
    for line in data.splitlines(keepends=True):
        try:
            kept = _kept_decoder.decode(line) if line.endswith(b"\n") else None
        except msgspec.DecodeError:
            kept = None
        if kept is None or kept.game != game:
            break
        end += len(line)
        moves.append(kept)
        ends.append(end)
    return moves, ends


class UndoJournal:
    """The moves kept back from a log for undo, one line each, so that a crash (kill -9)
    loses none of what the players saw: a move is added before it is acknowledged, an
    undo cuts its line off, and the file goes when its moves reach the log. Only the
    log's writer touches it, under the log's lock.

    Cutting and removing need no disk space, so only `add` can fail (NotSaved, the
    journal left as it was)."""

    def __init__(self, log: Path, game: str, ends: list[int] | None = None) -> None:
        self.path = undo_journal(log)
        self.game = game
        self._ends = ends or []  # where each line ends

    @classmethod
    def take_over(cls, log: Path, game: str) -> tuple[UndoJournal, list[KeptMove]]:
        """The journal a crash left beside a log, with its moves in order (`read`); what
        `read` did not take (a line cut off by the crash, a damaged line and all after
        it, another game's lines) is cut from the file. Only the log's writer calls it."""
        journal = cls(log, game)
        moves, journal._ends = read_journal(log, game)
        journal._cut(journal._ends[-1] if journal._ends else 0)
        return journal, moves

    def add(self, ply: int, move: Move) -> None:
        # every Move class is a member of AnyMove (tests/test_log.py)
        data = _kept_encoder.encode(KeptMove(self.game, ply, cast("AnyMove", move))) + b"\n"
        start = self._ends[-1] if self._ends else 0
        try:
            with append_own(self.path) as f:
                if f.seek(0, os.SEEK_END) != start:  # a line a failed add left: cut it first
                    f.truncate(start)
                _write_all(f, data)
        except OSError as exc:
            self._cut(start)
            raise NotSaved(f"the game could not be saved to {self.path.name}: {exc.strerror or exc}") from None
        self._ends.append(start + len(data))

    def keep_first(self, count: int) -> None:
        """Only the first `count` lines stay (of those taken over, the ones restored)."""
        del self._ends[count:]
        self._cut(self._ends[-1] if self._ends else 0)

    def drop_last(self) -> None:
        """An undo: the last move's line goes."""
        self._ends.pop()
        self._cut(self._ends[-1] if self._ends else 0)

    def clear(self) -> None:
        """The moves are in the log now."""
        self._ends.clear()
        self._cut(0)

    def _cut(self, end: int) -> None:
        """Cut the journal to `end` bytes (0: remove it); what is not cwtui's is left
        alone, and the next `add` refuses it."""
        with contextlib.suppress(OSError):  # a journal that cannot be cut is dropped on reading
            if end == 0:
                remove_own(self.path)
                return
            with open_own(self.path, os.O_WRONLY) as f:
                if f.seek(0, os.SEEK_END) != end:
                    f.truncate(end)
