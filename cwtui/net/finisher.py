"""How a room's game ends and is rated (as lila's round `Finisher`): played to its end,
resigned (a bot plays on, or the game ends, as the host chose), aborted by every human
seat in the first round, forfeited, or closed; and a room served no more."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from cwtui.game.logfile import NotSaved
from cwtui.net.protocol import ProtocolError, RatingChange, RoomClosed, encode
from cwtui.net.ratings import Entrant, RatingStore, ranks_of
from cwtui.net.room import Room
from cwtui.net.room_store import RoomStore
from cwtui.net.tables import Client, Tables


class Finisher:
    def __init__(self, tables: Tables, store: RoomStore, ratings: RatingStore, report_line: Callable[[str], None]):
        """`report_line`: a fault outside the server (a full disk), for the operator."""
        self.tables, self.store, self.ratings, self.report_line = tables, store, ratings, report_line

    async def rate(self, room: Room, how: str = "finished", leaver: int | None = None) -> None:
        """Rate the room's game (cwtui.net.ratings): once it is over, or when `leaver`
        ended it early (ranked last, the others together first). A disk that cannot take
        it leaves the game unrated, said to the operator."""
        if room.rated:
            return
        seats = range(len(room.names))
        if leaver is not None:
            ranks = [2 if seat == leaver else 1 for seat in seats]
        else:
            result = room.session.state.result
            assert result is not None
            finishing = [0] * len(result)
            for line in result:
                finishing[line.seat] = line.rank
            ranks = ranks_of(finishing, sorted(room.resigned))
        entrants = []
        for seat in seats:
            player = room.player(seat)
            if player is not None:
                entrants.append(Entrant(seat, player, room.names[seat], ranks[seat]))
        try:
            rated = self.ratings.rate(room.log_game, room.code, how, entrants)
        except OSError as exc:
            self.report_line(f"room {room.code}: its game could not be rated ({exc.strerror or exc})")
            return
        if rated is None:
            return
        changes: list[RatingChange | None] = [None] * len(room.names)
        for entry in rated.seats:
            changes[entry.seat] = RatingChange(round(entry.before.rating, 1), round(entry.after.rating, 1))
        room.rated = tuple(changes)
        with contextlib.suppress(NotSaved):  # the ratings file has it; the room's file shows it after a restart
            self.store.save(room)

    async def resign(self, client: Client) -> Room | None:
        """The seat leaves for good: the game ends (None), or a bot plays on for it, as
        the host chose (the room: its bots are to be driven)."""
        room, seat = seated_in_a_game(client)
        name = room.names[seat]
        if room.on_resign == "end":
            await self.end_room(room, "{name} resigned; the game ends there", leaver=seat, name=name)
            return None
        if seat in room.resigned:
            raise ProtocolError("you resigned already: a bot plays this seat")
        async with self.tables.locks[room.code]:
            room.resigned.add(seat)
            try:
                self.store.save(room)
            except NotSaved as exc:
                room.resigned.discard(seat)
                raise ProtocolError("{why}; you have not resigned, try again", why=exc) from None
            room.time_hand()  # a resigned seat's clock stops
        self.tables.broadcast(room)
        return room

    async def abort(self, client: Client) -> None:
        """A seat proposes (or agrees) to end the game unplayed: it ends once every human
        seat agrees, while the first round lasts."""
        room, seat = seated_in_a_game(client)
        if not room.first_round:
            raise ProtocolError("the first round is over: a game is aborted only before (resign instead)")
        room.abort_votes.add(seat)
        if set(room.session.humans) - room.resigned <= room.abort_votes:
            await self.end_room(room, "aborted by its players before the first round ended")
        else:
            self.tables.broadcast(room)

    async def end_room(self, room: Room, why: str, leaver: int | None = None, **said: object) -> None:
        """Serve `room` no more: its connections are told why and closed, its bots
        stop, its moves held back for undo go to its log, and its file is retired (a
        restart does not bring it back). `why`: a template, `said` its values (the
        clients say it in their players' languages). `leaver`: the seat whose leaving
        ended its game (a forfeit, a resignation), which the game is rated for."""
        reason = why.format(**said) if said else why
        if leaver is not None and not room.over:
            await self.rate(room, reason, leaver)
        tables = self.tables
        task = tables.bots.pop(room.code, None)
        if task is not None and task is not asyncio.current_task():  # a bot's task ends it: a forfeit
            task.cancel()
        async with tables.locks[room.code]:
            clients = tables.remove(room)
            tables.write(clients, encode(RoomClosed(room.code, reason, why, {k: str(v) for k, v in said.items()})))
            await tables.close(clients, "the room is closed")
            room.close()
        tables.forget(room)
        try:
            self.store.retire(room.code, None if room.over else reason)
        except OSError as exc:
            self.report_line(f"room {room.code}: {reason}, but its file could not be retired: {exc}")


def seated_in_a_game(client: Client) -> tuple[Room, int]:
    """The room and seat of a connection at a seat of a game under way."""
    room, seat = client.room, client.seat
    if room is None:
        raise ProtocolError("join a room first (hello)")
    if seat is None:
        raise ProtocolError("spectators watch; only a seat resigns or aborts")
    if room.over:
        raise ProtocolError("the game is over", "R9")
    return room, seat
