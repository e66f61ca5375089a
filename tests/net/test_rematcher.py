"""cwtui.net.rematcher: the room's next game, tested without sockets."""

from __future__ import annotations

import msgspec
import pytest
from net_helpers import Place, finish

from cwtui.net.protocol import ProtocolError, Rematched
from cwtui.net.rematcher import Rematcher
from cwtui.net.room_store import RoomRecord


async def test_the_first_seat_to_ask_begins_the_next_game_and_the_last_ones_tables_are_closed(place: Place) -> None:
    room = place.room()
    ana, bo, watcher = place.sit(room, 0), place.sit(room, 1), place.sit(room, None)
    first, seed = room.game, room.session.config.seed
    finish(room)
    assert await Rematcher(place.tables, place.store).rematch(ana, first) is room  # its bots are to be driven
    assert room.previous_game == first and room.game != first and not room.over
    assert room.session.config.seed == seed + 1 and room.ply == 0
    told = Rematched(room.code, room.game)
    for client in (ana, bo, watcher):
        assert place.tables.to(client) == [told] and client.room is None
    assert {client for client, _why in place.tables.closed} == {ana, bo, watcher}
    assert not place.tables.clients[room.code] and not place.tables.spectators and not room.present
    record = msgspec.json.decode(place.store._path(room.code).read_bytes(), type=RoomRecord)
    assert room.session.path is not None and record.log == room.session.path.name
    # Bo asks too, from the last game's table: told it has begun, nothing more
    bo.room = room
    assert await Rematcher(place.tables, place.store).rematch(bo, first) is None
    assert place.tables.to(bo)[-1] == told and room.previous_game == first


async def test_a_rematch_comes_only_for_a_seat_once_its_game_is_over(place: Place) -> None:
    room = place.room()
    ana, watcher = place.sit(room, 0), place.sit(room, None)
    rematcher = Rematcher(place.tables, place.store)
    with pytest.raises(ProtocolError, match="once the game is over") as early:
        await rematcher.rematch(ana, room.game)
    assert early.value.rule == "R9"
    finish(room)
    with pytest.raises(ProtocolError, match="spectators watch"):
        await rematcher.rematch(watcher, room.game)
    with pytest.raises(ProtocolError, match="not this room's last game"):
        await rematcher.rematch(ana, "0123456789abcdef")
    assert room.previous_game is None and not place.tables.writes
