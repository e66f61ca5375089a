"""The app's garbage collection: CPython's young collections as usual, full ones only
while the app is idle (cwtui/shell/collector.py), and CPython's own thresholds back after."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from cwtui.shell.collector import IDLE, LONGEST, NEVER, IdleCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def collector() -> Iterator[tuple[IdleCollector, Clock]]:
    clock = Clock()
    collector = IdleCollector(clock)
    before = gc.get_threshold()
    collector.start()
    try:
        yield collector, clock
    finally:
        collector.stop()
        assert gc.get_threshold() == before


def middle_collection() -> None:
    """What an active app does between two looks: at least one middle-generation collection."""
    gc.collect(1)


def test_started_it_takes_full_collections_from_cpython(collector: tuple[IdleCollector, Clock]) -> None:
    young, middle, full = gc.get_threshold()
    assert full == NEVER and (young, middle) == collector[0].thresholds[:2]  # type: ignore[index]


def test_a_full_collection_waits_for_the_app_to_be_idle(collector: tuple[IdleCollector, Clock]) -> None:
    idle, clock = collector
    middle_collection()
    idle.tick()  # activity just seen
    assert idle.collections == 0
    clock.now += IDLE / 2
    idle.input_seen()  # a key
    clock.now += IDLE / 2
    idle.tick()
    assert idle.collections == 0  # a key half a second ago: not idle
    clock.now += IDLE
    idle.tick()
    assert idle.collections == 1
    assert gc.get_count()[2] == 0  # the full collection ran
    clock.now += 10 * IDLE
    idle.tick()
    assert idle.collections == 1  # nothing new to collect: no second one


def test_an_app_busy_without_input_is_not_idle_but_is_collected_in_the_end(
    collector: tuple[IdleCollector, Clock],
) -> None:
    """An autoplaying replay: no key, but middle collections at every look."""
    idle, clock = collector
    for _ in range(int(LONGEST / IDLE) - 1):
        middle_collection()
        clock.now += IDLE
        idle.tick()
    assert idle.collections == 0
    middle_collection()
    clock.now += 2 * IDLE
    idle.tick()
    assert idle.collections == 1  # overdue: LONGEST seconds without a full collection


def test_stopped_it_collects_nothing() -> None:
    clock = Clock()
    idle = IdleCollector(clock)
    middle_collection()
    clock.now += 2 * LONGEST
    idle.tick()
    assert idle.collections == 0 and gc.get_threshold()[2] != NEVER
