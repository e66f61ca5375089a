"""Reading logs for the history: which files a folder holds, and each log read once and
judged by the engine's reader (engine.log.judge; with --verify, replayed too), in a
thread or on every core, the lines it accepted staged in files of the load's own for
DuckDB to read (cwtui.history.staged). A batch is at most BATCH logs and BATCH_BYTES:
memory stays bounded, whatever the logs. Workers import only this module's needs."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from cwtui.cores.processes import worker_pool
from cwtui.game.logfile import open_log
from cwtui.game.saved import LOG_SUFFIX, files_in
from cwtui.history.errors import HistoryError
from engine.cards import Cards
from engine.errors import LogFormatError
from engine.log import GameLog, Header, judge, parse

BATCH = 1000  # logs per transaction at most: paces the progress bar
BATCH_BYTES = 48 << 20  # and log bytes per transaction at most: memory stays bounded, whatever the logs
READ_PART = 250  # logs a reading task judges
PROCESSES_FROM = 2 * BATCH  # logs from which reading is spread over processes


@dataclass
class Log:
    path: str
    size: int
    mtime_ns: int
    hash: str | None = None  # content_hash of its bytes, as a --verify load read them (None: not read by one)


@dataclass
class Read:
    """A log the reader accepted; the lines it accepted are in its batch's staging file
    under its key."""

    log: Log
    header: Header
    truncated: bool
    fullness: tuple[bool, int]  # (finished, moves): which of two files of one game is loaded (log_files.standing)
    key: int  # its lines' key in the staging files: unique in the load
    verdict: tuple[bool | None, str | None] = (None, None)  # games.verified and verdict


@dataclass
class Batch:
    read: list[Read] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # path: the reader's reason
    copies: dict[str, tuple[str, str]] = field(default_factory=dict)  # path: (game, why: log_files.copy_note)
    seen: dict[str, tuple[int, int, str | None]] = field(default_factory=dict)  # path: (size, mtime_ns, hash) as read
    staged: list[str] = field(default_factory=list)  # staging files written (the lines of `read`)


def logs_in(folder: Path, suffix: str = LOG_SUFFIX) -> list[os.DirEntry[str]]:
    """The games in a folder as the replay list finds them (`cwtui.game.saved.files_in`);
    HistoryError where the folder cannot be read."""
    try:
        return files_in(folder, suffix)
    except OSError as exc:
        raise HistoryError(f"cannot read the folder {folder}: {exc.strerror}") from None


def content_hash(data: bytes) -> str:
    """A log's bytes as --verify checked them (BLAKE2b-128, as a kept review names its
    log's: cwtui.game.review)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def under(file: str, root: str) -> bool:
    """`file` is in `root` or one of its subfolders (where `logs_in` looks)."""
    return file.startswith(root.rstrip(os.sep) + os.sep)


@contextlib.contextmanager
def readers(count: int, replaying: bool = False) -> Iterator[tuple[Executor, int]]:
    """Where `count` logs are read, and how many batches are read ahead: a thread (one
    ahead), or from PROCESSES_FROM logs (from two, when each is replayed too) a process
    for each core (as many ahead), which cost a fraction of a second to start. The
    processes leave Ctrl+C to this one and are stopped at once when the load ends, and
    one that dies fails the load (cwtui.cores.processes.worker_pool)."""
    workers = os.cpu_count() or 1
    if count < (2 if replaying else PROCESSES_FROM) or workers < 2:
        with ThreadPoolExecutor(1) as thread:
            yield thread, 1
        return
    with worker_pool(workers) as processes:
        yield processes, workers


def batches(logs: list[Log]) -> list[list[Log]]:
    """The logs in batches of at most BATCH logs and BATCH_BYTES bytes (a larger log is
    a batch of its own). The first is an eighth of that, for DuckDB to start sooner."""
    batches: list[list[Log]] = []
    size = 0
    for log in logs:
        limit = BATCH_BYTES // 8 if len(batches) == 1 else BATCH_BYTES
        if not batches or len(batches[-1]) == BATCH or size + log.size > limit:
            batches.append([])
            size = 0
        batches[-1].append(log)
        size += log.size
    return batches


def gathered(parts: list[Future[Batch]]) -> Batch:
    batch = Batch()
    for part in parts:
        try:
            done = part.result()
        except BrokenProcessPool:
            raise HistoryError(
                "a process reading the logs ended unexpectedly (out of memory?); nothing was loaded"
            ) from None
        batch.read += done.read
        batch.skipped |= done.skipped
        batch.seen |= done.seen
        batch.staged += done.staged
    return batch


def unstage(batch: Batch) -> None:
    for file in batch.staged:
        with contextlib.suppress(OSError):
            os.unlink(file)


def as_read(logs: list[Log], batch: Batch) -> None:
    """Record each log's size, time and hash as they were when it was read (a reading
    process saw them, not this one's objects)."""
    for log in logs:
        log.size, log.mtime_ns, log.hash = batch.seen.get(log.path, (log.size, log.mtime_ns, log.hash))
    for read in batch.read:
        read.log.size, read.log.mtime_ns, read.log.hash = batch.seen[read.log.path]


def read_batch(logs: list[Log], staging: str, part: int, replay_with: tuple[Cards, ...] | None = None) -> Batch:
    """Read and judge each log with the engine's reader (and with `replay_with`, replay
    it with the card data it names); the lines it accepts go to this part's staging
    file, each wrapped with its log's key (the line itself is the value of "l", so
    nothing in it can pass for another log's). The size and time recorded are those of
    what was read, and the verdict is on those very bytes."""
    batch = Batch()
    staged = Path(staging) / f"part-{part}.jsonl"
    try:
        _stage_part(logs, staged, part, batch, replay_with)
    except OSError as exc:  # the staging file's: a full disk, say
        unstage(batch)
        raise HistoryError(f"cannot stage the logs read in {staging}: {exc.strerror or exc}") from None
    return batch


def _stage_part(logs: list[Log], staged: Path, part: int, batch: Batch, replay_with: tuple[Cards, ...] | None) -> None:
    with staged.open("wb") as out:
        batch.staged.append(str(staged))
        for i, log in enumerate(logs):
            try:
                log.path.encode("utf-8")
            except UnicodeEncodeError:
                batch.skipped[log.path] = "its file name is not UTF-8, which the history cannot record"
                continue
            try:
                with open_log(Path(log.path)) as f:
                    st = os.fstat(f.fileno())
                    log.size, log.mtime_ns = st.st_size, st.st_mtime_ns
                    batch.seen[log.path] = (st.st_size, st.st_mtime_ns, None)
                    data = f.read(st.st_size)
                if replay_with is not None:  # the bytes this verdict is on
                    batch.seen[log.path] = (st.st_size, st.st_mtime_ns, content_hash(data))
                lines = data.splitlines(keepends=True)
                if replay_with is None:
                    game, moves = judge(lines)
                else:
                    game = parse(lines)  # its moves kept, to replay
                    moves = len(game.plies)
            except LogFormatError as exc:
                batch.skipped[log.path] = str(exc)
                continue
            except OSError as exc:
                batch.skipped[log.path] = f"cannot read it: {exc.strerror}"
                continue
            key = part << 32 | i  # unique in the load: parts are numbered, and hold fewer than 2**32 logs
            prefix = b'{"f":%d,"l":' % key
            accepted = lines[1 : 1 + moves + (game.footer is not None)]
            out.writelines(prefix + line.rstrip(b"\r\n") + b"}\n" for line in accepted)
            verdict = (None, None) if replay_with is None else _replayed(game, replay_with)
            batch.read.append(Read(log, game.header, game.truncated, (game.footer is not None, moves), key, verdict))


def _replayed(game: GameLog, cards: tuple[Cards, ...]) -> tuple[bool | None, str]:
    """games.verified and verdict: the engine's replay of the game (bots not audited)."""
    from cwtui.game.verification import verify_game  # the bots' audit, loaded only to replay

    played_with = next((c for c in cards if c.hash == game.header.cards), None)
    if played_with is None:
        return None, "not checked: played with other card data (load with --cards FILE to check it)"
    verdict = verify_game(game, played_with, bots=False)
    return verdict.ok, verdict.text
