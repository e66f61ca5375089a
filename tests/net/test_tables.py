"""cwtui.net.tables: the rooms, who is at each, and what each connection is sent."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from net_helpers import Place
from websockets.asyncio.server import ServerConnection

from cwtui.net.limits import Limits
from cwtui.net.protocol import Table
from cwtui.net.tables import Client, Tables


def test_each_seat_gets_its_own_table_and_spectators_share_one_with_the_plies_they_lack(place: Place) -> None:
    room = place.room()
    ana, bo = place.sit(room, 0), place.sit(room, 1)
    watchers = [place.sit(room, None, f"198.51.100.{n}") for n in range(3)]
    room.play(room.session.state.to_act, 0, room.session.legal()[0])
    place.tables.broadcast(room)
    sent = {id(client): message for client, message in place.tables.sent}
    assert isinstance(sent[id(ana)], Table) and isinstance(sent[id(bo)], Table)
    assert sent[id(ana)].view.seat == 0 and sent[id(bo)].view.seat == 1  # type: ignore[union-attr]
    assert len(place.tables.writes) == 3 and set(place.tables.writes[-1][0]) == set(watchers)  # made once
    assert all(client.known == 1 for client in (ana, bo, *watchers))
    place.tables.writes.clear()
    place.tables.broadcast(room)  # nothing new: each table starts where the last one ended
    assert all(isinstance(m, Table) and m.first == 1 and not m.plies for _c, m in place.tables.sent)


def test_leaving_a_room_frees_a_spectators_place_on_its_address(place: Place) -> None:
    room = place.room()
    watcher = place.sit(room, None, "198.51.100.9")
    assert place.tables.spectators["198.51.100.9"] == 1
    place.tables.out_of_room(watcher)
    assert watcher.room is None and "198.51.100.9" not in place.tables.spectators


def test_a_connection_counts_against_its_address_until_it_sits_or_leaves() -> None:
    tables = Tables(Limits())
    client = Client(cast(ServerConnection, None), "192.0.2.5")
    tables.count(client)
    assert tables.addresses == {"192.0.2.5": 1} and client.on_address
    tables.uncount(client)
    tables.uncount(client)  # once only
    assert not tables.addresses and not client.on_address


def test_a_connection_that_does_not_read_what_it_is_sent_is_cut_off() -> None:
    aborted: list[bool] = []
    transport = SimpleNamespace(get_write_buffer_size=lambda: 300 * 1024, abort=lambda: aborted.append(True))
    deaf = Client(cast(ServerConnection, SimpleNamespace(transport=transport)), "192.0.2.5")
    written: list[str] = []
    Tables(Limits(behind=256 * 1024), on_send=lambda _client, text: written.append(text)).write([deaf], "{}")
    assert aborted == [True] and written == ["{}"]
