"""What happens when cwtui itself fails: the traceback goes to a report file, and the
user sees one line saying so — never the traceback, and never exit status 0.

Reports go to $CWTUI_CRASH_DIR, else the platform's log folder for cwtui
(~/.local/state/cwtui/log on Linux), else the temporary folder.
"""

from __future__ import annotations

import io
import os
import platform
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_log_path

from cwtui.game.logfile import create_own
from cwtui.outside import plain

CRASH_ENV = "CWTUI_CRASH_DIR"
EXIT_CRASH = 70  # EX_SOFTWARE (sysexits.h): an internal error
MAX_SAME_SECOND = 100  # reports of one process in one second; then the next folder


def report_folder() -> Path:
    return Path(os.environ.get(CRASH_ENV) or user_log_path("cwtui"))


def write_report(error: BaseException) -> Path | None:
    """Write the error's traceback and what cwtui was doing; the report's path, or None
    if no folder would take it."""
    from engine import ENGINE_VERSION

    now = datetime.now(UTC)
    text = "".join(
        [
            f"cwtui crashed at {now.isoformat(timespec='seconds')}\n",
            f"command: {' '.join(sys.argv)!r}\n",
            f"engine {ENGINE_VERSION}, Python {platform.python_version()}, {platform.platform()}\n\n",
            *traceback.format_exception(error),
        ]
    )
    stem = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}"
    data = text.encode("utf-8", errors="backslashreplace")
    for folder in (report_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return _new_report(folder, stem, data)
        except OSError:
            continue
    return None


def _new_report(folder: Path, stem: str, data: bytes) -> Path:
    """A report file of its own: a second crash in the same second (the server's, the
    app's workers) takes the next name rather than overwriting the first, and a name
    taken by anything else (a link planted in a shared temporary folder) is passed by.
    Readable by its user alone: the command line it records may hold a seat's token."""
    for n in range(1, MAX_SAME_SECOND + 1):
        path = folder / (f"{stem}.txt" if n == 1 else f"{stem}-{n}.txt")
        try:
            file = create_own(path, mode=0o600)
        except FileExistsError:
            continue
        with io.BufferedWriter(file) as out:  # the whole text, however the file takes it
            out.write(data)
        return path
    raise FileExistsError(f"{MAX_SAME_SECOND} reports named {stem} already")


def crash_line(error: BaseException, report: Path | None) -> str:
    """The one line the user sees."""
    where = f"the full report is in {report}" if report else "no report could be written"
    summary = " ".join(plain(f"{type(error).__name__}: {error}", 200).split())  # its words may be outside text
    return f"cwtui crashed ({summary}); {where}"
