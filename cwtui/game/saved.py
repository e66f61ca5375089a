"""Saved games: where they are kept, and what a folder of them holds, read from each
log's first and last lines only (the home screen's count, the resume and replay lists,
the command line's folders). Nothing here plays or replays a game: the app's first
screen reads it without loading the bots."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cwtui.game.logfile import last_record, read_journal
from cwtui.outside import plain
from engine.errors import LogFormatError
from engine.log import Footer, Header, Ply

REPLAYS_ENV = "CWTUI_REPLAYS"
LOG_SUFFIX = ".jsonl"
DB_NAME = "history.duckdb"  # the history of a replays folder's games, in it (unless --db names another)


def replays_dir(arg: str | Path | None = None) -> Path:
    """--replays-dir, else $CWTUI_REPLAYS, else ./replays."""
    return Path(arg or os.environ.get(REPLAYS_ENV) or "replays")


def shown_path(path: Path) -> str:
    """A path as the app and the commands show it: relative to the working folder when
    inside it, and as text from outside (cwtui.outside.plain: a file's name may hold
    an escape sequence)."""
    try:
        return plain(str(path.resolve().relative_to(Path.cwd().resolve())))
    except ValueError:
        return plain(str(path))


def unfinished_games(folder: Path) -> list[tuple[Path, Header, int]]:
    """Logs in the folder without a footer: (path, header, plies, its undo journal's
    included), newest first. Only each log's first and last lines are read; resuming
    verifies the whole log."""
    found = []
    for path, header, last, modified in _ends(folder.glob("*.jsonl")):
        if not isinstance(last, Footer):
            logged = 0 if last is None else last.ply + 1
            kept, _journal_ends = read_journal(path, header.game)  # moves a crash left undoable
            found.append((modified, path, header, max([logged, *(k.ply + 1 for k in kept)])))
    found.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
    return [(path, header, plies) for _, path, header, plies in found]


@dataclass(frozen=True)
class SavedGame:
    """A log as the replay list shows it, from its first and last lines only."""

    path: Path
    header: Header
    footer: Footer | None
    plies: int
    modified: float


def files_in(folder: Path, suffix: str = LOG_SUFFIX) -> list[os.DirEntry[str]]:
    """The games in a folder: every file under it with that suffix, in its subfolders too
    (the samples in replays/samples, a simulation's folder), as the replay list, the
    history and the scripts all read them. Links to folders are not followed (a loop
    would never end); a subfolder that cannot be read holds none. OSError: the folder
    itself cannot be read."""
    found: list[os.DirEntry[str]] = []
    folders = [folder]
    while folders:
        here = folders.pop()
        try:
            with os.scandir(here) as entries:
                for e in entries:
                    if e.is_dir(follow_symlinks=False):
                        folders.append(Path(e.path))
                    elif e.name.endswith(suffix) and e.is_file():
                        found.append(e)
        except OSError:
            if here == folder:
                raise
    return found


def saved_games(folder: Path) -> list[SavedGame]:
    """Every log under the folder (`files_in`), newest first. Logs whose header cannot
    be read are left out; opening one names its problem."""
    try:
        paths = [Path(e.path) for e in files_in(folder)]
    except OSError:  # no folder yet: no games
        paths = []
    found = []
    for path, header, last, modified in _ends(paths):
        footer = last if isinstance(last, Footer) else None
        plies = last.plies if isinstance(last, Footer) else 0 if last is None else last.ply + 1
        found.append(SavedGame(path, header, footer, plies, modified))
    found.sort(key=lambda g: (g.modified, g.path), reverse=True)
    return found


def _ends(paths: Iterable[Path]) -> Iterator[tuple[Path, Header, Ply | Footer | None, float]]:
    """Each log's header, last record and modification time; a file that is not a log,
    or is gone (a dangling link, a file deleted meanwhile), is passed over."""
    for path in paths:
        try:
            header, last = last_record(path)
            modified = path.stat().st_mtime
        except (LogFormatError, OSError):
            continue
        yield path, header, last, modified
