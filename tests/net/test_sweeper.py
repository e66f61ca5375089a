"""cwtui.net.sweeper: rooms let go after their time, tested without sockets."""

from __future__ import annotations

import time

from net_helpers import Place, finish

from cwtui.net.finisher import Finisher
from cwtui.net.limits import DAY
from cwtui.net.sweeper import Sweeper, duration


def sweeper(place: Place) -> Sweeper:
    finisher = Finisher(place.tables, place.store, place.ratings, place.lines.append)
    return Sweeper(place.tables, finisher, place.faults.append)


async def test_a_game_nobody_moves_in_or_visits_is_closed_after_the_room_ttl(place: Place) -> None:
    idle, visited = place.room(), place.room()
    place.sit(visited, 0)
    now = time.time() + place.tables.limits.room_ttl
    await sweeper(place).sweep(now - 1)
    assert set(place.tables.rooms) == {idle.code, visited.code}
    await sweeper(place).sweep(now + 1)
    assert set(place.tables.rooms) == {visited.code}  # someone is at its table, however long they think
    kept = place.store.retired_folder / f"{idle.code}.json"
    assert b"closed after 30 days without a move or a visit" in kept.read_bytes()


async def test_a_finished_room_nobody_watches_is_retired_once_its_time_is_past(place: Place) -> None:
    done, watched = place.room(), place.room()
    finish(done)
    finish(watched)
    watcher = place.sit(watched, None)
    later = max(done.finished_at(), watched.finished_at()) + place.tables.limits.finished_kept + 1
    await sweeper(place).sweep(later)
    assert set(place.tables.rooms) == {watched.code} and watcher.room is watched
    assert (place.store.retired_folder / f"{done.code}.json").exists()
    assert done.session.path is not None and done.session.path.exists()  # its log stays


def test_a_time_reads_as_a_person_says_it() -> None:
    assert [duration(s) for s in (30 * DAY, 12 * 3600, 60, 1, 40)] == [
        "30 days", "12 hours", "1 minute", "1 second", "40 seconds",
    ]  # fmt: skip
