"""The server's look, every `Limits.sweep_every` seconds, for rooms to let go: a game
nobody has moved in or visited for the room TTL is closed, a finished one nobody watches
is retired once `finished_kept` has passed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from cwtui.lang import N_
from cwtui.net.finisher import Finisher
from cwtui.net.limits import DAY
from cwtui.net.tables import Tables


class Sweeper:
    def __init__(self, tables: Tables, finisher: Finisher, report: Callable[[Exception], None]) -> None:
        """`report`: a fault of the server's own."""
        self.tables, self.finisher, self.report = tables, finisher, report

    async def forever(self) -> None:
        while True:
            await asyncio.sleep(self.tables.limits.sweep_every)
            try:
                await self.sweep(time.time())
            except Exception as exc:  # a fault of the server's own: reported, the next look goes on
                self.report(exc)

    async def sweep(self, now: float) -> None:
        """Close the rooms under way that nobody has moved in or visited for the room
        TTL, and retire the finished ones past `finished_kept` that nobody watches."""
        limits = self.tables.limits
        for room in list(self.tables.rooms.values()):
            if self.tables.clients[room.code]:
                continue
            if room.over and now - room.finished_at() >= limits.finished_kept:
                await self.finisher.end_room(room, "the game is over")
            elif not room.over and now - room.active_at >= limits.room_ttl:
                why = N_("closed after {time} without a move or a visit")
                await self.finisher.end_room(room, why, time=duration(limits.room_ttl))


def duration(seconds: float) -> str:
    """A time as a person says it: 30 days, 12 hours, 5 minutes, 40 seconds."""
    for unit, size in (("day", DAY), ("hour", 3600.0), ("minute", 60.0)):
        if seconds >= size:
            count = round(seconds / size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    count = round(seconds)
    return f"{count} second{'s' if count != 1 else ''}"
