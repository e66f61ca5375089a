"""cwtui.net.finisher: how a room's game ends and is rated, tested without sockets."""

from __future__ import annotations

import msgspec
import pytest
from net_helpers import Place, finish

from cwtui.net.finisher import Finisher
from cwtui.net.protocol import ProtocolError, RoomClosed, Table
from cwtui.net.ratings import RatedGame
from cwtui.net.room_store import RoomRecord
from engine.config import SeatConfig

ANA, BO = "A" * 43, "B" * 43  # two players' proved keys


def rated_games(place: Place) -> list[RatedGame]:
    """The games rated in the place's ratings file."""
    path = place.ratings.path
    lines = path.read_bytes().splitlines() if path.is_file() else []
    return [msgspec.json.decode(line, type=RatedGame) for line in lines]


def finisher(place: Place) -> Finisher:
    return Finisher(place.tables, place.store, place.ratings, place.lines.append)


async def test_a_resigned_seat_is_kept_in_the_room_file_and_shown_to_every_table(place: Place) -> None:
    room = place.room()
    ana, bo, watcher = place.sit(room, 0), place.sit(room, 1), place.sit(room, None)
    assert await finisher(place).resign(ana) is room  # its bots are to be driven: the stand-in plays Ana
    assert room.resigned == {0}
    assert msgspec.json.decode(place.store._path(room.code).read_bytes(), type=RoomRecord).resigned == (0,)
    for client in (ana, bo, watcher):
        (table,) = place.tables.to(client)
        assert isinstance(table, Table) and table.resigned == (0,) and 0 in table.stood_in
    with pytest.raises(ProtocolError, match="resigned already"):
        await finisher(place).resign(ana)


async def test_a_resignation_that_ends_the_game_ranks_the_leaver_last_and_closes_the_room(place: Place) -> None:
    room = place.room(on_resign="end")
    room.players.update({0: ANA, 1: BO})
    ana, bo = place.sit(room, 0), place.sit(room, 1)
    assert await finisher(place).resign(ana) is None  # no room left to drive
    assert room.code not in place.tables.rooms and room.code not in place.tables.locks
    told = RoomClosed(
        room.code, "Ana resigned; the game ends there", "{name} resigned; the game ends there", {"name": "Ana"}
    )
    assert place.tables.to(ana) == place.tables.to(bo) == [told]
    assert {client for client, _why in place.tables.closed} == {ana, bo} and ana.room is None
    (rated,) = rated_games(place)
    assert {(seat.player, seat.rank) for seat in rated.seats} == {(ANA, 2), (BO, 1)}
    retired = place.store.retired_folder / f"{room.code}.json"
    assert msgspec.json.decode(retired.read_bytes(), type=RoomRecord).ended == told.reason


async def test_a_game_is_aborted_once_every_human_seat_agrees_in_the_first_round(place: Place) -> None:
    room = place.room(SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "greedy"))
    ana, bo = place.sit(room, 0), place.sit(room, 1)
    await finisher(place).abort(ana)
    (table,) = place.tables.to(bo)
    assert isinstance(table, Table) and table.abort_votes == (0,) and room.code in place.tables.rooms
    await finisher(place).abort(bo)  # the bot is not asked
    assert room.code not in place.tables.rooms
    aborted = "aborted by its players before the first round ended"
    assert place.tables.to(bo)[-1] == RoomClosed(room.code, aborted, aborted)  # and the same in no language
    assert not rated_games(place)  # an abort is not rated


async def test_only_a_seat_of_a_game_under_way_resigns_or_aborts(place: Place) -> None:
    room = place.room()
    watcher = place.sit(room, None)
    with pytest.raises(ProtocolError, match="spectators watch"):
        await finisher(place).resign(watcher)
    finish(room)
    with pytest.raises(ProtocolError, match="the game is over") as over:
        await finisher(place).abort(place.sit(room, 0))
    assert over.value.rule == "R9"


async def test_an_abort_after_the_first_round_is_refused(place: Place) -> None:
    room = place.room()
    ana = place.sit(room, 0)
    session = room.session
    while room.first_round:
        room.play(session.state.to_act, room.ply, session.legal()[-1])
    with pytest.raises(ProtocolError, match="first round is over"):
        await finisher(place).abort(ana)
    assert not room.abort_votes


async def test_a_finished_game_is_rated_once_by_its_result(place: Place) -> None:
    room = place.room()
    room.players.update({0: ANA, 1: BO})
    finish(room)
    await finisher(place).rate(room)
    await finisher(place).rate(room)  # once only
    (rated,) = rated_games(place)
    assert rated.how == "finished" and rated.game == room.log_game
    result = room.session.state.result
    assert result is not None
    assert {seat.seat: seat.rank for seat in rated.seats} == {line.seat: line.rank for line in result}
    assert room.rated and all(change is not None for change in room.rated)
    kept = msgspec.json.decode(place.store._path(room.code).read_bytes(), type=RoomRecord)
    assert kept.rated == room.rated  # a restart shows it


async def test_a_rating_the_disk_cannot_take_leaves_the_game_unrated_in_one_line(place: Place) -> None:
    room = place.room()
    room.players.update({0: ANA, 1: BO})
    finish(room)
    place.ratings.path.unlink(missing_ok=True)
    place.ratings.path.mkdir()  # the ratings file cannot be written
    await finisher(place).rate(room)
    assert room.rated == () and len(place.lines) == 1 and "could not be rated" in place.lines[0]
