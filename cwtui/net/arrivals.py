"""Rooms made and tables sat down at: a host's new room, within what an address and the
server may hold (finished rooms nobody watches make way), and a connection's hello,
which seats it (its token opens a seat) or lets it watch, within the room's places."""

from __future__ import annotations

import asyncio
import secrets

from cwtui.game.logfile import NotSaved
from cwtui.net.chat import RateLimit
from cwtui.net.finisher import Finisher
from cwtui.net.protocol import (
    MAX_TAKEOVER,
    PROTOCOL,
    Chat,
    CreateRoom,
    Hello,
    Invite,
    ProtocolError,
    Welcome,
)
from cwtui.net.room import Room
from cwtui.net.room_store import RoomStore
from cwtui.net.tables import Client, Tables
from engine.config import SEEDS, GameConfig
from engine.errors import ConfigError


class Arrivals:
    def __init__(self, tables: Tables, store: RoomStore, finisher: Finisher) -> None:
        self.tables, self.store, self.finisher = tables, store, finisher
        self.room_paces: dict[str, RateLimit] = {}  # rooms made, by address

    async def create(self, client: Client, message: CreateRoom) -> tuple[Room, tuple[Invite, ...]]:
        """A new room as `message` asks (its host key checked already), made by `client`."""
        await self.make_way_for_a_room(client.address)
        seed = secrets.randbelow(SEEDS) if message.seed is None else message.seed
        try:
            config = GameConfig(message.seats, seed, message.tag_points)
        except ConfigError as exc:  # its message names the rule where one is broken ("R2: …")
            raise ProtocolError(str(exc), "R2" if str(exc).startswith("R2") else None) from None
        if message.takeover is not None and not 0 <= message.takeover <= MAX_TAKEOVER:
            raise ProtocolError(
                "a takeover time is 0 to {most} seconds, not {given}",
                most=format(MAX_TAKEOVER, ","),
                given=message.takeover,
            )
        problem = message.clock.problem() if message.clock is not None else None
        if problem is not None:
            raise ProtocolError(problem)
        try:
            room, invites = self.store.create(
                config, set(self.tables.rooms), message.takeover, message.spectators_talk, message.on_resign,
                message.clock,
            )  # fmt: skip
        except NotSaved as exc:  # the server's disk is full: the client is told, nothing is left half made
            raise ProtocolError("no room was made: {why}; try again later", why=exc) from None
        room.made_by = client.address
        self.tables.add(room)
        return room, invites

    async def make_way_for_a_room(self, address: str) -> None:
        """Refused unless `address` may make a room now and the server may hold one
        more. Finished rooms count too (a game of bots ends in seconds, and stays
        listed): where a limit is reached, the finished ones nobody watches are retired
        to make way, those that ended first first."""
        limits, rooms = self.tables.limits, self.tables.rooms
        pace = self.room_paces.setdefault(address, RateLimit(limits.rooms_an_hour, 3600.0))
        if not pace.allow():
            raise ProtocolError("at most {count} rooms an hour from an address; try later", count=limits.rooms_an_hour)
        mine = [room for room in rooms.values() if room.made_by == address]
        if len(mine) >= limits.rooms_per_address:
            refusal = ProtocolError(
                "your address holds {count} rooms, its most: close one or wait for one to end", count=len(mine)
            )
            await self._make_way(mine, refusal)
        if len(rooms) >= limits.rooms:
            refusal = ProtocolError("this server holds {count} rooms, its most; try later", count=len(rooms))
            await self._make_way(list(rooms.values()), refusal)

    async def _make_way(self, rooms: list[Room], refusal: ProtocolError) -> None:
        """Retire the finished room among `rooms` that ended first and nobody watches,
        or refuse with `refusal` if there is none."""
        finished = [room for room in rooms if room.over and not self.tables.clients[room.code]]
        if not finished:
            raise refusal
        await self.finisher.end_room(min(finished, key=Room.finished_at), "the game is over")

    async def join(self, client: Client, message: Hello) -> None:
        """`client` sits at the seat its token opens, or watches (no token): it is
        welcomed, sent its table and the table talk it reads."""
        tables = self.tables
        if client.room is not None:
            raise ProtocolError("this connection is already in room {room}", room=client.room.code)
        if message.protocol != PROTOCOL:
            raise ProtocolError(
                "this server speaks protocol {ours}, not {theirs}: update cwtui", ours=PROTOCOL, theirs=message.protocol
            )
        room = tables.rooms.get(message.room.upper())
        if room is None:
            raise ProtocolError("there is no room {room} on this server", room=repr(message.room))
        seat = room.seat_for(message.token)
        self.check_room_for(client, room, seat)
        client.room, client.seat, client.known = room, seat, 0
        if seat is not None:
            room.arrive(seat)
            tables.uncount(client)  # its seat's now, not its address's
        else:
            tables.spectators[client.address] += 1
        tables.clients[room.code].add(client)
        config = room.session.config
        tables.send(
            client,
            Welcome(
                room.code,
                seat,
                room.names,
                tuple(s.kind for s in config.seats),
                config.tag_points,
                room.session.state.cards.hash,
                talk=room.talks(seat),
                on_resign=room.on_resign,
                game=room.game,
                challenge=client.challenge if seat is not None else "",
                idle=tables.limits.idle_spectator if seat is None else 0.0,
            ),
        )
        tables.broadcast(room)  # the newcomer's table; the others see who is back
        if room.talks(seat) and room.chat is not None:
            recent = await asyncio.to_thread(room.chat.recent)
            if recent:
                tables.send(client, Chat(recent))

    def check_room_for(self, client: Client, room: Room, seat: int | None) -> None:
        """Refused unless the room has a place for `client` at `seat` (None: watching):
        a seat takes a few tables at once; spectators are limited a room and an address."""
        limits = self.tables.limits
        if seat is not None:
            if room.present[seat] >= limits.connections_per_seat:
                raise ProtocolError(
                    "{name}'s seat is open at {count} tables already, its most: close one of them first",
                    name=room.names[seat],
                    count=room.present[seat],
                )
            return
        if self.tables.spectators[client.address] >= limits.spectators_per_address:
            raise ProtocolError("at most {count} spectators' tables an address", count=limits.spectators_per_address)
        watching = sum(1 for other in self.tables.clients[room.code] if other.seat is None)
        if watching >= limits.spectators_per_room:
            raise ProtocolError(
                "room {room} has as many spectators as it takes ({count}); try later", room=room.code, count=watching
            )
