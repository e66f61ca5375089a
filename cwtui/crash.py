"""What happens when cwtui itself fails: the traceback goes to a report file, and the
user sees one line saying so — never the traceback, and never exit status 0.

Reports go to $CWTUI_CRASH_DIR, else the platform's log folder for cwtui
(~/.local/state/cwtui/log on Linux), else the temporary folder.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_log_path

CRASH_ENV = "CWTUI_CRASH_DIR"
EXIT_CRASH = 70  # EX_SOFTWARE (sysexits.h): an internal error


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
    name = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    for folder in (report_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8", errors="backslashreplace")
            return path
        except OSError:
            continue
    return None


def crash_line(error: BaseException, report: Path | None) -> str:
    """The one line the user sees."""
    where = f"the full report is in {report}" if report else "no report could be written"
    summary = " ".join(f"{type(error).__name__}: {error}".split())[:200]
    return f"cwtui crashed ({summary}); {where}"
