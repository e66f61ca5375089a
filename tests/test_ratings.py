"""Ratings (issue 39): each player is known by a key of their own, proved at their seat;
a server rates every game its players finish (OpenSkill's Plackett–Luce), shows the
ratings in its lobby, at the results and to `cwtui ratings`, and keeps every rated game
in its folder. Over real sockets."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import msgspec
import pytest

from cwtui.cli import main
from cwtui.net import host_key, player_key
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import (
    ClockRule,
    CreateRoom,
    Error,
    Hello,
    Identify,
    ListRatings,
    ListRooms,
    Play,
    Ratings,
    RoomClosed,
    RoomMade,
    Rooms,
    Table,
    Welcome,
)
from cwtui.net.ratings import FILE_NAME, Entrant, RatedGame, RatingStore, ranks_of
from cwtui.net.server import GameServer
from cwtui.shell import settings
from engine.config import SeatConfig
from engine.rng import Rng
from tests.test_resign_abort import until


async def made(address: Address, *seats: SeatConfig, clock: ClockRule | None = None) -> RoomMade:
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(seats, 11, key=host_key.local_key(address.uri), clock=clock))
        reply = await host.receive()
    assert isinstance(reply, RoomMade)
    return reply


async def seated(address: Address, room: str, token: str, key_folder: Path | None) -> tuple[Connection, Table]:
    """A seat's connection, its player's key proved (None: a player without one)."""
    connection = await Connection.open(address)
    await connection.send(Hello(room, token))
    welcome, table = await connection.receive(), await connection.receive()
    assert isinstance(welcome, Welcome) and isinstance(table, Table) and welcome.challenge
    if key_folder is not None:
        key = player_key.own_key(key_folder)
        await connection.send(Identify(player_key.player_id(key), player_key.proof(key, welcome.challenge, room)))
    return connection, table


async def play_to_the_end(connection: Connection, rng: Rng) -> Table:
    """Seeded random moves (always the first option can go on for ever) until the end."""
    while True:
        table = await asyncio.wait_for(connection.receive(), 30)
        if isinstance(table, Table) and table.over:
            return table
        if isinstance(table, Table) and table.legal:
            await connection.send(Play(table.ply, table.legal[rng.below(len(table.legal))]))


async def test_a_finished_game_rates_its_players_and_every_list_shows_it(
    server: tuple[GameServer, Address], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_server, address = server
    room = await made(address, SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "greedy"))
    ana, _ = await seated(address, room.room, room.invites[0].token, tmp_path / "ana")
    bo, _ = await seated(address, room.room, room.invites[1].token, tmp_path / "bo")
    ends = await asyncio.gather(play_to_the_end(ana, Rng(1)), play_to_the_end(bo, Rng(2)))
    result = game_server.rooms[room.room].session.state.result
    assert result is not None
    for end in ends:  # each table's last says how the game moved every seat's rating
        assert len(end.ratings) == 3 and all(change is not None for change in end.ratings)
    first = next(line.seat for line in result if line.rank == 1)
    last = next(line.seat for line in result if line.rank == 3)
    changes = ends[0].ratings
    assert changes[first].after > changes[first].before and changes[last].after < changes[last].before  # type: ignore[union-attr]
    assert all(change.before == 0.0 for change in changes if change is not None)  # everyone new here
    # the server's history: a line for the game, the players by their keys, the bot by its level
    lines = (tmp_path / "server" / FILE_NAME).read_bytes().splitlines()
    rated = msgspec.json.decode(lines[0], type=RatedGame)
    assert len(lines) == 1 and rated.game == game_server.rooms[room.room].log_game and rated.how == "finished"
    ana_id = player_key.player_id(player_key.own_key(tmp_path / "ana"))
    assert [s.player for s in rated.seats] == [
        ana_id,
        player_key.player_id(player_key.own_key(tmp_path / "bo")),
        "bot:greedy",
    ]
    assert [s.rank for s in rated.seats] == [line.rank for line in sorted(result, key=lambda line: line.seat)]
    # the lobby
    async with await Connection.open(address) as lobby:
        await lobby.send(ListRooms())
        rooms = await lobby.receive()
        await lobby.send(ListRatings())
        ratings = await lobby.receive()
    assert isinstance(rooms, Rooms) and rooms.rooms[0].ratings == tuple(c.after for c in changes)  # type: ignore[union-attr]
    assert isinstance(ratings, Ratings) and [p.rating for p in ratings.players] == sorted(
        (c.after for c in changes if c is not None), reverse=True
    )
    assert {p.player for p in ratings.players} == {ana_id[:8], player_key.short(rated.seats[1].player), "bot:greedy"}
    # `cwtui ratings`, as a player reads it
    os.environ[settings.CONFIG_ENV] = str(tmp_path / "ana")  # Ana asks: her line is marked
    try:
        assert await asyncio.to_thread(main, ["ratings", address.uri.removeprefix("ws://")]) == 0
    finally:
        del os.environ[settings.CONFIG_ENV]
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["rating", "games", "player", "key", "(skill", "±", "uncertainty)"]
    assert len(out) == 4 and sum(line.startswith("▶") for line in out) == 1
    assert next(line for line in out if line.startswith("▶")).split()[3] == "Ana"
    for connection in (ana, bo):
        await connection.close()


async def test_a_seat_is_rated_only_for_a_key_its_player_proves(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    room = await made(address, SeatConfig("Ana"), SeatConfig("Bo"))
    connection = await Connection.open(address)
    await connection.send(Hello(room.room, room.invites[0].token))
    welcome = await connection.receive()
    assert isinstance(welcome, Welcome)
    mine, theirs = player_key.own_key(tmp_path / "ana"), player_key.own_key(tmp_path / "eve")
    forged = [
        Identify(player_key.player_id(theirs), player_key.proof(mine, welcome.challenge, room.room)),  # not her key
        Identify(player_key.player_id(mine), player_key.proof(mine, "another challenge", room.room)),  # replayed
        Identify(player_key.player_id(mine), player_key.proof(mine, welcome.challenge, "ELSEWHERE")),  # another room
        Identify("not a key", "not a signature"),
    ]
    for message in forged:
        await connection.send(message)
        reply = await until(connection, Error)
        assert isinstance(reply, Error)
        assert reply.message == "that proof is not that key's signature of this connection's challenge"
    assert game_server.rooms[room.room].players == {}
    await connection.send(Identify(player_key.player_id(mine), player_key.proof(mine, welcome.challenge, room.room)))
    async with asyncio.timeout(30):
        while game_server.rooms[room.room].players == {}:
            await asyncio.sleep(0.01)
    assert game_server.rooms[room.room].players == {0: player_key.player_id(mine)}
    await connection.close()
    async with await Connection.open(address) as other_seat:  # her key again, at Bo's seat: not rated twice
        await other_seat.send(Hello(room.room, room.invites[1].token))
        bos = await other_seat.receive()
        assert isinstance(bos, Welcome)
        await other_seat.send(Identify(player_key.player_id(mine), player_key.proof(mine, bos.challenge, room.room)))
        reply = await until(other_seat, Error)
        assert isinstance(reply, Error)
        assert reply.message == "that key is rated at another seat of this room: this seat plays unrated"
    assert game_server.rooms[room.room].players == {0: player_key.player_id(mine)}
    async with await Connection.open(address) as spectator:  # a spectator has no seat to be rated at
        await spectator.send(Hello(room.room))
        watching = await spectator.receive()
        assert isinstance(watching, Welcome) and watching.challenge == ""
        await spectator.send(Identify(player_key.player_id(mine), "x"))
        reply = await until(spectator, Error)
        assert isinstance(reply, Error)
        assert reply.message == "spectators are not rated: only a seat's player proves a key"


async def test_a_forfeit_on_time_rates_the_seat_that_ran_out_last(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    room = await made(address, SeatConfig("Ana"), SeatConfig("Bo"), clock=ClockRule(bank=600, on_time="forfeit"))
    ana, _ = await seated(address, room.room, room.invites[0].token, tmp_path / "ana")
    bo, _ = await seated(address, room.room, room.invites[1].token, tmp_path / "bo")
    served = game_server.rooms[room.room]
    async with asyncio.timeout(30):
        while len(served.players) < 2:
            await asyncio.sleep(0.01)
    assert served.clock is not None
    served.clock.used[0] = 601.0
    game_server.stand_ins.drive(served)
    await until(bo, RoomClosed)
    rated = msgspec.json.decode((tmp_path / "server" / FILE_NAME).read_bytes(), type=RatedGame)
    assert rated.how == "Ana ran out of time and forfeits; the game ends there"
    assert [(s.name, s.rank) for s in rated.seats] == [("Ana", 2), ("Bo", 1)]
    assert rated.seats[1].after.rating > rated.seats[0].after.rating
    for connection in (ana, bo):
        await connection.close()


async def test_a_solo_room_is_listed_played_to_its_end_and_not_rated(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 51.8: a solo room (R12) broke the lobby for everyone, and its player's last
    move, on the silent player's seat, which the room's seats did not have."""
    _game_server, address = server
    room = await made(address, SeatConfig("Solo"))
    solo, first = await seated(address, room.room, room.invites[0].token, tmp_path / "solo")
    async with await Connection.open(address) as lobby:
        await lobby.send(ListRooms())
        listed = await lobby.receive()
    assert isinstance(listed, Rooms), listed
    assert listed.rooms[0].names == ("Solo", "Silent player") and listed.rooms[0].ratings == (None, None)
    await solo.send(Play(first.ply, first.legal[0]))  # the first table came with the seat
    end = await play_to_the_end(solo, Rng(3))
    assert end.over and end.ratings == ()  # the silent player is no player to rank against
    assert not (tmp_path / "server" / FILE_NAME).exists()
    await solo.close()


def test_resigned_seats_rank_last_together() -> None:
    assert ranks_of([2, 1, 3, 4], left=[1]) == [1, 4, 2, 3]
    assert ranks_of([1, 2, 3], left=[0, 2]) == [2, 1, 2]
    assert ranks_of([3, 1, 2], left=[]) == [3, 1, 2]


def test_the_ratings_are_the_fold_of_their_file_and_a_cut_line_is_passed_over(tmp_path: Path) -> None:
    store = RatingStore(tmp_path)
    ana, bo = Entrant(0, "A" * 43, "Ana", 1), Entrant(1, "B" * 43, "Bo", 2)
    assert store.rate("g1", "ROOM", "finished", [ana]) is None  # one player: nothing to rate
    first = store.rate("g1", "ROOM", "finished", [ana, bo])
    assert first is not None and store.rating("A" * 43) == round(first.seats[0].after.rating, 1) > 0
    with (tmp_path / FILE_NAME).open("ab") as f:
        f.write(b'{"game":"g2","room":"RO')  # a crash cut the next line
    again = RatingStore(tmp_path)
    assert again.known == store.known and again.problems == [
        f"{FILE_NAME} line 2 cannot be read; left out of the ratings"
    ]
    second = again.rate("g3", "ROOM", "finished", [ana, bo])
    assert second is not None and second.seats[0].before == first.seats[0].after  # the next line is whole
    third = RatingStore(tmp_path)
    assert third.known["A" * 43].games == 2 and len(third.problems) == 1


def test_a_players_key_is_made_once_and_kept_to_its_user(tmp_path: Path) -> None:
    key = player_key.own_key(tmp_path)
    path = tmp_path / player_key.KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert player_key.player_id(player_key.own_key(tmp_path)) == player_key.player_id(key)
    assert len(player_key.player_id(key)) == player_key.ID_LENGTH
    path.write_text("damaged\n")
    with pytest.raises(player_key.PlayerKeyError, match="is not a player key"):
        player_key.own_key(tmp_path)
