"""Work on every core: spawned worker processes that leave Ctrl+C to the parent.

Spawned, not forked, because the parent may be running threads (the progress bar's),
which a fork would copy half-way. Workers ignore SIGINT: at a terminal, Ctrl+C reaches
the whole process group, and the parent alone stops the work (terminating the pool),
so a stop prints one line rather than a traceback from every worker.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    return os.cpu_count() or 1


def ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_resource_tracker() -> None:
    """Start the resource tracker that every spawned process is handed, with the real
    stderr. Under Textual, sys.stderr is a capture whose fileno() is -1, and a tracker
    started there fails to spawn ("bad value(s) in fds_to_keep"): make it before the app
    runs where possible; started later, it gets the terminal's stderr for a moment."""
    from multiprocessing import resource_tracker

    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (OSError, ValueError, AttributeError):
        usable = False
    if usable or sys.__stderr__ is None:
        resource_tracker.ensure_running()
        return
    captured, sys.stderr = sys.stderr, sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured


def run_all(work: Callable[[T], R], items: Iterable[T], count: int, workers: int, ordered: bool = True) -> Iterator[R]:
    """`work` on each item (`count` of them, taken lazily), on `workers` processes (in
    this one when one will do), yielding results in order or as they come."""
    if workers <= 1 or count <= 1:
        yield from map(work, items)
        return
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(16, count // (workers * 8)))
    with context.Pool(workers, initializer=ignore_interrupts) as pool:
        try:
            mapped = pool.imap if ordered else pool.imap_unordered
            yield from mapped(work, items, chunksize=chunk)
        except BaseException:
            pool.terminate()
            raise


def start_ray() -> None:
    """Ray, started once for the process (`simulate`, `review` with --backend ray):
    RAY_ADDRESS names a cluster, else Ray starts a local one. An optional extra: pip
    install 'cwtui[ray]'."""
    import ray

    if not ray.is_initialized():
        ray.init(address=os.environ.get("RAY_ADDRESS"), include_dashboard=False, log_to_driver=False)
