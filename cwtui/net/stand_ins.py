"""Who plays when no player does: a room's bot seats, and a bot standing in for a human
seat whose player is away past the room's takeover time, resigned, or out of time on
the room's clock (which may forfeit the game instead). One task a room, which waits for
the first of these and plays while one holds; its moves are thought in a thread, so the
other rooms go on meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from cwtui.game.logfile import NotSaved
from cwtui.net.finisher import Finisher
from cwtui.net.room import Room
from cwtui.net.tables import Tables
from engine.bots import decide
from engine.log import StandIn

SAVE_RETRY = 5.0  # seconds a room's bots wait before trying again a move its log could not take


class StandIns:
    def __init__(
        self,
        tables: Tables,
        finisher: Finisher,
        report: Callable[[Exception], None],
        report_line: Callable[[str], None],
    ) -> None:
        """`report`: a fault of the server's own; `report_line`: one outside it (a full disk)."""
        self.tables, self.finisher, self.report, self.report_line = tables, finisher, report, report_line

    def drive(self, room: Room) -> None:
        """Play the bots' moves while a bot is to act, or a human seat is timed out: its
        player away past the room's takeover time, resigned, or out of time on the
        room's clock (one task per room, which waits for the first of these). Called
        after every change to the room's game or to who is at it."""
        running = self.tables.bots.get(room.code)
        if running is not None and not running.done():
            self.tables.wakers[room.code].set()  # the game changed: what it waits for may have too
            return
        state = room.session.state
        if state.over:
            return
        if room.session.is_human(state.to_act) and room.bot_wait(state.to_act) is None:
            return
        self.tables.bots[room.code] = asyncio.create_task(self._run(room))

    async def _run(self, room: Room) -> None:
        try:
            await self._play(room)
        except Exception as exc:  # a bot's fault: the room waits, the operator has the report
            self.report(exc)

    async def _play(self, room: Room) -> None:
        session = room.session
        while not session.state.over:
            seat, ply = session.state.to_act, session.state.ply
            stand_in: StandIn | None = None
            if not session.is_human(seat):
                decision = await asyncio.to_thread(session.bot_move)
                searched = decision.searched
            else:
                waiting = room.bot_wait(seat)
                if waiting is None:
                    return  # their player is there: they play
                wait, stand_in = waiting
                if wait > 0:  # then look again (sooner if the game changes): they may be back, or have played
                    await self._wait(room, wait)
                    continue
                if stand_in == "time" and await self._out_of_time(room, seat, ply):
                    return  # forfeited: the room is closed
                decision = await asyncio.to_thread(decide, room.stand_in(seat), session.state)
                searched = None  # a human seat's move: the log audits bot seats only
            async with self.tables.locks[room.code]:
                if session.state.ply != ply:
                    continue  # the seat's player came back and played meanwhile
                if session.is_human(seat) and room.bot_wait(seat) != (0.0, stand_in):
                    continue  # back in time: their decision, not the bot's
                try:
                    room.play_for(decision.move, searched, stand_in)
                except NotSaved as exc:  # not played: the room waits for the disk, and tries again
                    self.report_line(f"room {room.code}: {exc}; trying again in {SAVE_RETRY:.0f} s")
                    unsaved = True
                else:
                    unsaved = False
                    if room.over:
                        await self.finisher.rate(room)
            if unsaved:
                await asyncio.sleep(SAVE_RETRY)
                continue
            self.tables.broadcast(room)

    async def _wait(self, room: Room, seconds: float) -> None:
        """`seconds`, or less if the room's game changes meanwhile (`drive` wakes it)."""
        waker = self.tables.wakers[room.code]
        waker.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await waker.wait()

    async def _out_of_time(self, room: Room, seat: int, ply: int) -> bool:
        """`seat` ran out of time on the room's clock at position `ply`: it forfeits (the
        room ends; True), or a bot plays for it (False): its hand, or to the end if its
        bank ran out. A move its player made in time meanwhile wins (False)."""
        assert room.clock is not None
        name = room.names[seat]
        async with self.tables.locks[room.code]:
            if room.session.state.ply != ply or room.bot_wait(seat) != (0.0, "time"):
                return False  # played in time: the bot's move that follows is dropped
            expiry = room.run_out(seat)
        if room.clock.rule.on_time == "forfeit":
            await self.finisher.end_room(
                room, "{name} ran out of time and forfeits; the game ends there", leaver=seat, name=name
            )
            return True
        if expiry == "bank":
            self.tables.broadcast(room)  # "out of time" on every table, before the bot's move
        return False
