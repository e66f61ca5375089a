"""Work on every core: spawned worker processes that leave Ctrl+C to the parent and
end with it.

Spawned, not forked, because the parent may be running threads (the progress bar's),
which a fork would copy half-way. Workers ignore SIGINT from their first instruction
(`SPAWN`): at a terminal, Ctrl+C reaches the whole process group, and the parent alone
stops the work (terminating the pool), so a stop prints one line rather than a
traceback from every worker, even from one still starting. A worker whose
parent is gone (kill -9) ends within ORPHAN_CHECK, saying nothing (`as_a_worker`), and
the resource tracker, once no process holds its pipe, ends after it. The converse holds
too: a worker killed from outside fails the work (BrokenProcessPool, one line from the
command) rather than leaving it waiting for ever (`worker_pool`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any, Final, TextIO, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    return os.cpu_count() or 1


ORPHAN_CHECK = 0.2  # seconds between a worker's looks at whether its parent is alive


@contextlib.contextmanager
def _ctrl_c_not_inherited() -> Iterator[None]:
    """Start processes in this block ignoring SIGINT from their first instruction: an
    ignored signal stays ignored across exec, and Python then installs no handler for
    it. (as_a_worker runs only once a spawned process has imported its modules, which
    takes a second or more on a busy machine; a Ctrl+C then printed the traceback of an
    interrupted import.) SIGINT is blocked meanwhile, so a Ctrl+C for this process waits
    for the block's end rather than being lost. Only the main thread sets how signals
    are handled; elsewhere (the app's workers, where Ctrl+C is a key, not a signal)
    nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler if handler is not None else signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


class _WorkerProcess(SpawnProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        # the tracker first: starting it unblocks SIGINT, which would lose a Ctrl+C
        # that came while the signal was ignored
        start_resource_tracker()
        with _ctrl_c_not_inherited():
            return SpawnProcess._Popen(process_obj)


class _WorkerContext(SpawnContext):
    Process = _WorkerProcess


SPAWN = _WorkerContext()  # how cwtui starts every process of its own (pools, queries)


def as_a_worker() -> None:
    """A worker process's start (every pool's initializer): Ctrl+C is the parent's to
    handle, and when the parent is gone (kill -9 included) the worker ends too, at once
    and quietly. Nothing else would end it: it would play its task out and then print a
    BrokenPipeError traceback where the parent's output was."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    sys.stderr = _QuietWhenOrphaned(sys.stderr, parent)
    threading.Thread(target=_end_with, args=(parent,), name="cwtui-orphan-check", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:  # an orphan is adopted by another process
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


class _QuietWhenOrphaned:
    """A worker's stderr that says nothing once its parent has gone (what it would say
    then is only that the parent is gone: a broken pipe)."""

    def __init__(self, stream: TextIO, parent: int) -> None:
        self._stream = stream
        self._parent = parent

    def write(self, text: str) -> int:
        if os.getppid() != self._parent:
            return len(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


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
    captured = sys.stderr
    if not usable and sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    # The tracker takes its warning options from ours when it starts: it is told to keep
    # quiet about the semaphores it cleans up after a parent killed with its pool (it
    # would warn of "leaked semaphore objects" where the parent's output was).
    sys.warnoptions.append(QUIET_TRACKER)
    try:
        resource_tracker.ensure_running()  # it starts the tracker ignoring Ctrl+C itself
    finally:
        sys.warnoptions.remove(QUIET_TRACKER)
        sys.stderr = captured


QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"


def run_all(work: Callable[[T], R], items: Iterable[T], count: int, workers: int, ordered: bool = True) -> Iterator[R]:
    """`work` on each item (`count` of them, taken as the workers need them), on
    `workers` processes (in this one when one will do), yielding results in order or as
    they come. A worker that dies (killed by the system, say) raises BrokenProcessPool
    here: the work stops rather than waiting for ever for the items it held."""
    if workers <= 1 or count <= 1:
        yield from map(work, items)
        return
    todo = iter(items)
    with worker_pool(workers) as pool:
        running: deque[Future[R]] = deque(pool.submit(work, item) for item in islice(todo, AHEAD * workers))
        while running:
            if ordered:
                done = running.popleft()
            else:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                done = next(f for f in running if f in finished)
                running.remove(done)
            yield done.result()
            running.extend(pool.submit(work, item) for item in islice(todo, 1))


AHEAD = 4  # items a worker has queued: enough to keep it busy, few enough to bound memory


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """Processes for every core, spawned and started `as_a_worker`. A worker that dies
    fails the work with BrokenProcessPool (multiprocessing.Pool would wait for its
    tasks for ever); when the work ends, however it ends (Ctrl+C included), the
    workers are stopped at once rather than left to finish what they hold."""
    start_resource_tracker()
    pool = ProcessPoolExecutor(workers, mp_context=SPAWN, initializer=as_a_worker)
    try:
        yield pool
    finally:
        stop_now(pool)


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued, end the workers at once, and wait for the pool's own
    thread to wind up. The workers and the thread are taken before the shutdown, which
    forgets them: a shutdown first left the workers to finish what they held and the
    thread still closing its pipes as the interpreter exited, where concurrent.futures'
    exit hook writes to that pipe (once in a few dozen reviews: "Exception ignored in:
    <module 'threading'> … OSError: [Errno 9] Bad file descriptor")."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError):
            process.kill()
    if manager is not None:
        manager.join(STOP_WAIT)  # it sees the workers gone and ends: a bound, should it not


STOP_WAIT: Final = 10.0  # seconds a stopped pool's thread is waited for


BACKENDS: Final = ("local", "ray")  # where work runs: these processes, or a Ray cluster


def start_ray() -> None:
    """Ray, started once for the process (`simulate`, `review` with --backend ray):
    RAY_ADDRESS names a cluster, else Ray starts a local one. An optional extra: pip
    install 'cwtui[ray]'."""
    import ray

    if not ray.is_initialized():
        ray.init(address=os.environ.get("RAY_ADDRESS"), include_dashboard=False, log_to_driver=False)


def run_on_ray(work: Callable[[T], R], items: Iterable[T], ordered: bool = True) -> Iterator[R]:
    """`work` on each item as a Ray task (`start_ray`): the results in the items' order,
    or as the tasks end (`ordered` False). Stopping early — an exception, Ctrl+C, the
    caller closing the iterator — cancels every task not yet done."""
    import ray  # an optional extra: pip install 'cwtui[ray]'

    start_ray()
    task = ray.remote(work)
    pending = [task.remote(item) for item in items]
    try:
        if ordered:
            for ref in pending:
                yield ray.get(ref)
        else:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
