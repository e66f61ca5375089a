"""The search's trees on every core: the hard level's root-parallel search in the app.

A search bot grows independent trees and adds up their roots (engine.bots.ismcts), so
they can grow in separate processes and the move is the one a single process finds.
The pool is spawned once, on first use, and kept for the app's life: starting a
process costs about a second (importing the engine), a search a fraction of one.
Anything wrong with the pool (a worker killed, a platform without processes) falls
back to growing the trees here, one after another: slower, the same move.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, TypeVar

from cwtui.cores.processes import SPAWN, as_a_worker, start_resource_tracker, stop_now

if TYPE_CHECKING:  # the app makes its pool at start; the search loads with the first search
    from engine.bots.ismcts import TreeJob, TreeResult

T = TypeVar("T")
R = TypeVar("R")


class TreePool:
    """A TreeRunner (engine.bots.ismcts) on `workers` processes (default: one a core)."""

    def __init__(self, workers: int | None = None) -> None:
        """Make it before the app runs: the processes start later, but the resource
        tracker that every spawned process is handed starts now, while sys.stderr is
        the terminal's (cwtui.cores.processes.start_resource_tracker)."""
        self.workers = workers or os.cpu_count() or 1
        self.pool: ProcessPoolExecutor | None = None
        self.fallbacks = 0  # searches the pool failed, grown here instead (tests read it)
        if self.workers > 1:
            start_resource_tracker()

    def __call__(self, jobs: list[TreeJob], seconds: float | None) -> list[TreeResult | None]:
        from engine.bots.ismcts import grow_in_turn, grow_tree

        if len(jobs) < 2 or self.workers < 2:
            return grow_in_turn(jobs, seconds)
        start = time.perf_counter()
        try:
            futures = [self.processes().submit(grow_tree, job) for job in jobs]
            return self.gathered(futures, None if seconds is None else start + seconds)
        except Exception:  # the pool, not the search: a search that fails fails here too
            self.fallbacks += 1
            self.close()  # the next search starts a new pool
            left = None if seconds is None else max(0.0, start + seconds - time.perf_counter())
            return grow_in_turn(jobs, left)

    def gathered(self, futures: list[Future[TreeResult]], deadline: float | None) -> list[TreeResult | None]:
        """The first tree whole (it stops itself at the cap), then the others grown by
        the deadline; from the first one late on, None (it grows on, unused)."""
        results: list[TreeResult | None] = [futures[0].result()]
        for future in futures[1:]:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                results.append(future.result(timeout=left) if results[-1] is not None else None)
            except FutureTimeout:
                results.append(None)
        return results

    def processes(self) -> ProcessPoolExecutor:
        if self.pool is None:
            # spawned: the app runs threads, which a fork would copy half-way
            self.pool = ProcessPoolExecutor(self.workers, mp_context=SPAWN, initializer=as_a_worker)
        return self.pool

    def map(self, work: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """`work` on each item on the pool's processes, in order (a game review's
        decisions); what the pool fails to do is done here, one after another."""
        todo = list(items)
        done = 0
        if self.workers > 1 and len(todo) > 1:
            try:
                for result in self.processes().map(work, todo):
                    yield result
                    done += 1
                return
            except Exception:  # the pool's failure (work that fails fails here too)
                self.fallbacks += 1
                self.close()
        for item in todo[done:]:
            yield work(item)

    def warm(self) -> None:
        """Start the processes now (from a thread: it takes about a second), so that
        the first search does not wait for them."""
        futures = [self.processes().submit(ready) for _ in range(self.workers)]
        for future in futures:
            future.result()

    def close(self) -> None:
        """End the processes at once (the app's end: cwtui.cores.processes.stop_now)."""
        if self.pool is not None:
            pool, self.pool = self.pool, None
            stop_now(pool)


def ready() -> int:
    """A worker made ready to search: the hard level's evaluation imported and its network
    built (numpy and a file: a few tenths of a second the first tree's clock would
    otherwise pay). Its process id, for the caller to wait on."""
    from engine.bots import LEAD
    from engine.bots.lead import folded

    folded(LEAD)
    return os.getpid()
