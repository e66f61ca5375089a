"""cwtui.net.arrivals: rooms made and tables sat down at, within the places a server,
an address, a seat and a room have; tested without sockets."""

from __future__ import annotations

from typing import cast

import pytest
from net_helpers import Place, Recorded, finish
from websockets.asyncio.server import ServerConnection

from cwtui.net.arrivals import Arrivals
from cwtui.net.finisher import Finisher
from cwtui.net.limits import Limits
from cwtui.net.protocol import PROTOCOL, CreateRoom, Hello, ProtocolError, Table, Welcome
from cwtui.net.tables import Client
from engine.config import SeatConfig

SEATS = (SeatConfig("Ana"), SeatConfig("Bo"))


def arrivals(place: Place, limits: Limits | None = None) -> Arrivals:
    if limits is not None:
        place.tables = Recorded(limits)
    return Arrivals(place.tables, place.store, Finisher(place.tables, place.store, place.ratings, place.lines.append))


def connection(address: str = "192.0.2.7") -> Client:
    """A connection before its hello."""
    return Client(cast(ServerConnection, None), address)


async def test_a_room_is_made_with_its_invites_and_a_hello_seats_its_token_or_watches(place: Place) -> None:
    doors = arrivals(place)
    room, invites = await doors.create(connection(), CreateRoom(SEATS, 7))
    assert place.tables.rooms == {room.code: room} and [i.name for i in invites] == ["Ana", "Bo"]
    ana, watcher = connection(), connection()
    await doors.join(ana, Hello(room.code.lower(), invites[0].token))
    await doors.join(watcher, Hello(room.code, None))
    welcome, table = place.tables.to(ana)[:2]
    assert isinstance(welcome, Welcome) and welcome.seat == 0 and welcome.challenge
    assert isinstance(table, Table) and table.view.seat == 0
    assert ana.seat == 0 and room.present[0] == 1 and watcher.seat is None
    assert place.tables.spectators == {"192.0.2.7": 1}
    with pytest.raises(ProtocolError, match="already in room"):
        await doors.join(ana, Hello(room.code, invites[0].token))


@pytest.mark.parametrize(
    ("hello", "said"),
    [
        (Hello("NOROOM", None), "there is no room 'NOROOM' on this server"),
        (Hello("{room}", "not-a-token"), "that token opens no seat here"),
        (Hello("{room}", None, protocol=PROTOCOL + 1), f"this server speaks protocol {PROTOCOL}"),
    ],
)
async def test_a_bad_hello_is_refused_and_seats_nobody(place: Place, hello: Hello, said: str) -> None:
    doors = arrivals(place)
    room, _invites = await doors.create(connection(), CreateRoom(SEATS, 7))
    client = connection()
    with pytest.raises(ProtocolError, match=said):
        await doors.join(client, Hello(hello.room.format(room=room.code), hello.token, protocol=hello.protocol))
    assert client.room is None and not place.tables.clients[room.code] and not place.tables.writes


async def test_a_seat_and_a_room_take_so_many_tables(place: Place) -> None:
    doors = arrivals(place, Limits(connections_per_seat=2, spectators_per_room=1, spectators_per_address=5))
    room, invites = await doors.create(connection(), CreateRoom(SEATS, 7))
    for _ in range(2):
        await doors.join(connection(), Hello(room.code, invites[0].token))
    with pytest.raises(ProtocolError, match="Ana's seat is open at 2 tables already"):
        await doors.join(connection(), Hello(room.code, invites[0].token))
    await doors.join(connection(), Hello(room.code, None))
    with pytest.raises(ProtocolError, match="as many spectators as it takes"):
        await doors.join(connection("198.51.100.1"), Hello(room.code, None))


async def test_a_full_server_retires_a_finished_room_nobody_watches_to_make_way(place: Place) -> None:
    doors = arrivals(place, Limits(rooms=2, rooms_per_address=5))
    host = connection()
    done, _ = await doors.create(host, CreateRoom(SEATS, 7))
    going, _ = await doors.create(host, CreateRoom(SEATS, 8))
    finish(done)
    made, _ = await doors.create(host, CreateRoom(SEATS, 9))
    assert set(place.tables.rooms) == {going.code, made.code}  # the finished one made way
    with pytest.raises(ProtocolError, match="this server holds 2 rooms, its most"):
        await doors.create(host, CreateRoom(SEATS, 10))  # none finished: none makes way


async def test_an_address_makes_so_many_rooms_an_hour(place: Place) -> None:
    doors = arrivals(place, Limits(rooms_an_hour=2))
    host = connection()
    for seed in (1, 2):
        await doors.create(host, CreateRoom(SEATS, seed))
    with pytest.raises(ProtocolError, match="at most 2 rooms an hour"):
        await doors.create(host, CreateRoom(SEATS, 3))
    await doors.create(connection("198.51.100.1"), CreateRoom(SEATS, 3))  # another address's own


async def test_a_room_the_rules_refuse_is_not_made(place: Place) -> None:
    doors = arrivals(place)
    with pytest.raises(ProtocolError) as refused:
        await doors.create(connection(), CreateRoom((SeatConfig("Ana"),) * 5, 7))
    assert refused.value.rule == "R2" and not place.tables.rooms
    assert not list(place.store.folder.glob("**/*.json"))  # no room file, no log
