"""An earlier commit checked out beside this one, for benchmarks that measure against it
in the same run (this machine's speed drifts from hour to hour)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checkout(commit: str) -> Iterator[Path]:
    """A temporary git worktree of `commit`, removed afterwards; exits with one line if
    the commit cannot be checked out."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "base"
        added = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), commit],
            capture_output=True, text=True,
        )  # fmt: skip
        if added.returncode:
            sys.exit(f"cannot check out {commit}: {(added.stderr.strip().splitlines() or ['?'])[-1]}")
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
