"""The sample games that come with cwtui, put where a player's games are when asked for
(`cwtui history load --samples`, F9 on the History screen).

They are kept once, in the checkout's `replays/samples/` (which the replay list and the
history read from a new checkout, as its replays folder), and the wheel carries that
folder as `cwtui/samples/` (pyproject.toml: force-include), so an installed cwtui has
them too. Asked for, they are copied into REPLAYS/samples/, where the replay list finds
them and the history loads them like any game of the folder. A file already at a
sample's name is left alone: the replays folder may be shared, and cwtui writes only
names that are free (cwtui.game.logfile).
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path

from cwtui.game.logfile import UnfitFile, open_regular, write_whole
from cwtui.history.errors import HistoryError

FOLDER = "samples"  # REPLAYS/samples: where the samples go, as in the checkout
LARGEST = 1 << 20  # bytes: no sample is larger (they are 37-120 KB)

_PACKAGE = Path(__file__).resolve().parents[1]


def shipped() -> Path:
    """The folder of the samples this cwtui came with: the installed package's, or, run
    from a checkout, the checkout's replays/samples."""
    for folder in (_PACKAGE / FOLDER, _PACKAGE.parent / "replays" / FOLDER):
        if folder.is_dir():
            return folder
    raise HistoryError("this cwtui was installed without its sample games")


def sample_files() -> list[Path]:
    return sorted(shipped().glob("*.jsonl"))


@dataclass
class Samples:
    """What putting the samples in a replays folder did."""

    folder: Path  # REPLAYS/samples
    copied: list[str] = field(default_factory=list)
    there: list[str] = field(default_factory=list)  # already there, the same bytes
    left_alone: list[tuple[Path, str]] = field(default_factory=list)  # another file at a sample's name, and why

    @property
    def count(self) -> int:
        return len(self.copied) + len(self.there) + len(self.left_alone)


def add_samples(replays: Path) -> Samples:
    """Copy the samples into REPLAYS/samples/, each one whose name is free; one already
    there with the same bytes is counted as there. HistoryError if the folder cannot be
    made or a sample written (each sample is written whole or not at all)."""
    done = Samples(replays / FOLDER)
    files = sample_files()
    if done.folder.is_symlink():
        raise HistoryError(f"{done.folder} is a link; cwtui does not write through it")
    try:
        done.folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"cannot make the folder {done.folder}: {exc.strerror or exc}") from None
    for source in files:
        data = source.read_bytes()
        target = done.folder / source.name
        why = _not_the_sample(target, data)
        if why == "":
            done.there.append(source.name)
        elif why is not None:
            done.left_alone.append((target, why))
        else:
            try:
                write_whole(target, data)
            except OSError as exc:
                raise HistoryError(f"cannot write {target}: {exc.strerror or exc}") from None
            done.copied.append(source.name)
    return done


def _not_the_sample(target: Path, data: bytes) -> str | None:
    """None when nothing is at `target`, "" when the sample is (the same bytes), else
    why the file there is not the sample."""
    if not os.path.lexists(target):
        return None
    try:
        with open_regular(target, len(data), "sample game", follow=False) as file:
            same = file.read(len(data) + 1) == data
    except UnfitFile as exc:  # larger than the sample, a folder, a device or a pipe
        return "another file of that name" if exc.errno == errno.EFBIG else exc.strerror or str(exc)
    except OSError as exc:
        return "a link" if target.is_symlink() else exc.strerror or str(exc)
    return "" if same else "another file of that name"
