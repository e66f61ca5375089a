"""cwtui's own processes (cwtui.cores.processes): Ctrl+C is the parent's to handle, from a
worker's first instruction on (issue 37.6; found again under a loaded test run, where a
worker still importing its modules printed an interrupted import's traceback)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cwtui.cores.processes import SPAWN, start_resource_tracker, worker_pool


def test_a_process_just_started_ignores_ctrl_c(capfd: pytest.CaptureFixture[str]) -> None:
    start_resource_tracker()
    child = SPAWN.Process(target=time.sleep, args=(0.5,))
    child.start()
    os.kill(child.pid or 0, signal.SIGINT)  # while it is still starting Python
    child.join(10)
    assert child.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


# In a process of its own: a test runner's worker may hold SIGINT blocked or ignored.
PARENT = """
import os, signal, time
from multiprocessing.context import SpawnProcess
from cwtui.cores.processes import SPAWN

real = SpawnProcess._Popen

def started_during_a_ctrl_c(process_obj):
    os.kill(os.getpid(), signal.SIGINT)  # inside the start: blocked until it ends
    return real(process_obj)

SpawnProcess._Popen = staticmethod(started_during_a_ctrl_c)
got = []
signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
child = SPAWN.Process(target=time.sleep, args=(0,))
child.start()
print(got == [signal.SIGINT], end=" ")  # delivered as the start ended, to this handler
child.join(10)
print(child.exitcode)
"""


def test_the_parent_still_gets_the_ctrl_c_that_came_while_a_worker_started() -> None:
    """SIGINT is blocked, not lost, while a process starts: it arrives just after."""
    done = subprocess.run([sys.executable, "-c", PARENT], capture_output=True, text=True, timeout=60,
                          start_new_session=True)  # fmt: skip
    assert done.stdout.split() == ["True", "0"], done.stderr


def test_a_pool_stopped_leaves_no_worker_nor_thread_behind() -> None:
    """worker_pool's end kills the workers and waits for the pool's own thread: a
    shutdown first forgot both, leaving the thread closing its pipes as the interpreter
    exited (issue 52.13)."""
    with worker_pool(2) as pool:
        assert pool.submit(abs, -1).result() == 1
        workers = list((pool._processes or {}).values())
        manager = pool._executor_manager_thread
    assert manager is not None and not manager.is_alive()
    assert workers and not any(w.is_alive() for w in workers)


# concurrent.futures' exit hook wakes each pool's thread through a pipe that the thread
# closes as it winds up; a thread switch between the hook's check and its write (here a
# pause) printed "Exception ignored in: <module 'threading'> … OSError" at exit
EXIT_RACE = """
import time
import concurrent.futures.process as cfp
from cwtui.cores.processes import run_all

def paused_at_exit(self):
    if not self._closed:
        if cfp._global_shutdown:
            time.sleep(1.0)
        self._writer.send_bytes(b"")

cfp._ThreadWakeup.wakeup = paused_at_exit
print(sum(run_all(abs, range(-20, 0), 20, 2)))
"""


def test_nothing_is_printed_at_exit_after_work_on_processes() -> None:
    """Once in a few dozen `cwtui review`s a traceback reached the terminal as the
    command exited (issue 52.13): the pool's thread outlived the work."""
    done = subprocess.run([sys.executable, "-c", EXIT_RACE], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "210\n", "")
