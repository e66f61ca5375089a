"""The room's next game, once one is over (as lila's round `Rematcher`): the same seats
and variant, the next seed; the last game's tables are told and closed, and join the new
one with the same lines."""

from __future__ import annotations

from cwtui.game.logfile import NotSaved
from cwtui.net.protocol import ProtocolError, Rematched, encode
from cwtui.net.room import Room
from cwtui.net.room_store import RoomStore
from cwtui.net.tables import Client, Tables


class Rematcher:
    def __init__(self, tables: Tables, store: RoomStore) -> None:
        self.tables, self.store = tables, store

    async def rematch(self, client: Client, after: str) -> Room | None:
        """The room's next game after `after`, begun by the first seat that asks (the
        room: its bots are to be driven); the others asking are told it has begun
        (None)."""
        room, seat = client.room, client.seat
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if seat is None:
            raise ProtocolError("spectators watch; a seat asks for the rematch")
        if room.previous_game == after:
            self.tables.send(client, Rematched(room.code, room.game))  # begun already
            return None
        if room.game != after:
            raise ProtocolError("that is not this room's last game")
        if not room.over:
            raise ProtocolError("the rematch comes once the game is over", "R9")
        async with self.tables.locks[room.code]:
            try:
                self.store.rematch(room)
            except NotSaved as exc:
                raise ProtocolError("{why}; try again later", why=exc) from None
        # The last game's connections leave the room before anyone is told: a player who
        # sits down at once (told by this very message) joins the new game's room.
        last = self.tables.empty(room)
        self.tables.write(last, encode(Rematched(room.code, room.game)))
        await self.tables.close(last, "the room's next game has begun")
        return room
