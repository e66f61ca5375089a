"""A user's query in a process of its own, so that its limits hold whatever it does.

DuckDB's own limits do not reach every operator: under `memory_limit` 1 GB and an
interrupt at 5 s, `SELECT list(range(1000000000))` grew to 20 GB and stopped after 58 s
(measured, duckdb 2.0). So the query runs in a child process under an operating-system
cap on its memory (RLIMIT_DATA: DuckDB's allocations fail there and it says "Out of
Memory"; one that fails anyway ends the child, not cwtui), and the child is killed
when its time is up or the user cancels: that takes a tenth of a second, whatever
DuckDB is doing. The child ignores Ctrl+C, which is the parent's to handle.

The child is started afresh (spawn, never fork: the parent may hold DuckDB's and the
app's threads), which costs a fraction of a second a query.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Final, Generic, TypeVar

from cwtui.cores.processes import SPAWN, as_a_worker, start_resource_tracker

T = TypeVar("T")

MB: Final = 1 << 20
# What the child needs before DuckDB's first byte: Python, DuckDB's code, its threads'
# stacks and arenas. The cap is the query's memory plus this.
BASE_MEMORY: Final = 768 * MB
POLL: Final = 0.05  # seconds between looks at the child


def default_memory() -> int:
    """A query's memory by default: a quarter of the machine's, at most 2 GB (never a
    whole machine shared with others), at least 256 MB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        total = 8 << 30
    return max(256 * MB, min(2 << 30, total // 4))


class QueryTimedOut(Exception):
    """The query ran past its time and was stopped."""


class QueryStopped(Exception):
    """The user cancelled the query (Esc, Ctrl+C): it was stopped."""


class Apart(Generic[T]):
    """`task(*args)` in a child process capped at `memory` bytes (and BASE_MEMORY; the
    task gives DuckDB the same `memory`, so that it fails gracefully first where it
    can); `result()` waits for it (from any thread), `cancel()` stops it (from any
    other)."""

    def __init__(self, task: Callable[..., T], args: tuple[Any, ...], memory: int, timeout: float | None) -> None:
        start_resource_tracker()  # the app's stderr is not one a spawned process can be handed
        self._results, sending = SPAWN.Pipe(duplex=False)
        self._child = SPAWN.Process(target=_child, args=(sending, memory, task, args), name="cwtui-query", daemon=True)
        self._child.start()
        sending.close()  # the child holds its end: if it dies, the pipe says so
        self.memory = memory
        self._deadline = None if not timeout else time.monotonic() + timeout
        self._cancelled = False

    def cancel(self) -> None:
        self._cancelled = True

    def result(self) -> T:
        try:
            while not self._results.poll(POLL):
                if self._cancelled:
                    raise QueryStopped
                if self._deadline is not None and time.monotonic() > self._deadline:
                    raise QueryTimedOut
                if not self._child.is_alive():
                    break
            try:
                kind, value = self._results.recv()
            except (EOFError, OSError):
                self._child.join(1)
                raise self._died() from None
        finally:
            self._stop()
        if kind == "error":
            raise value
        result: T = value
        return result

    def _died(self) -> Exception:
        """What to tell of a child that ended without an answer: the memory cap (an
        allocation DuckDB could not survive), the kernel's out-of-memory killer, or a
        crash."""
        code = self._child.exitcode
        if code in (-signal.SIGABRT, -signal.SIGKILL, -signal.SIGSEGV, -signal.SIGBUS):
            from cwtui.history.sandbox import QueryOutOfMemory  # DuckDB loads with the query

            return QueryOutOfMemory(self.memory)
        return RuntimeError(f"the query's process ended without an answer (exit status {code})")

    def _stop(self) -> None:
        if self._child.is_alive():
            self._child.kill()
        self._child.join()
        self._results.close()


def _child(results: Connection, memory: int, task: Callable[..., Any], args: tuple[Any, ...]) -> None:
    as_a_worker()  # Ctrl+C is the parent's (it stops this process), and this one ends with it
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        cap = memory + BASE_MEMORY
        resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))
    try:
        answer: tuple[str, Any] = ("ok", task(*args))
    except MemoryError:
        from cwtui.history.sandbox import QueryOutOfMemory

        answer = ("error", QueryOutOfMemory(memory))
    except Exception as exc:  # the task's to report (QueryError, HistoryError, …), raised again in the parent
        answer = ("error", exc)
    try:
        results.send(answer)
    except Exception as exc:  # an answer that cannot be pickled: say so instead
        results.send(("error", RuntimeError(f"the query's answer could not be passed on: {exc}")))
