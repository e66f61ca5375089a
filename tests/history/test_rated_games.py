"""A game server's ratings in the history (issue 39): the folder `cwtui serve` plays in
is a folder the history loads, and its ratings.ndjson becomes `rated_games`, joined to
its games; the table follows the file as the server appends to it, and as it goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pytest
from helpers import served

from cwtui.batch.runner import play_game
from cwtui.cli import main
from cwtui.history.loader import load
from cwtui.net.ratings import FILE_NAME, Entrant, RatingStore
from engine import GameConfig, SeatConfig
from engine.cards import load_cards

ANA, BO = "A" * 43, "B" * 43


def rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def test_a_servers_ratings_load_beside_its_games_and_follow_their_file(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    end, log = play_game(GameConfig((SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random")), 3), folder, load_cards())
    assert log is not None and end.result is not None
    ranks = {line.seat: line.rank for line in end.result}
    store = RatingStore(folder)
    first = store.rate(
        log.stem, "ROOM1", "finished", [Entrant(0, ANA, "Ana", ranks[0]), Entrant(1, BO, "Bo", ranks[1])]
    )
    assert first is not None
    with (folder / FILE_NAME).open("ab") as f:
        f.write(b'{"game":"cut off by a cra')  # a crash mid-line: passed over, as the server passes it over
    db = tmp_path / "history.duckdb"
    report = load(db, [folder])
    assert report.ok and report.ratings == 1
    assert rows(db, "SELECT seat, player, name, rank, round(rating_after, 3), how FROM rated_games ORDER BY seat") == [
        (0, ANA, "Ana", ranks[0], round(first.seats[0].after.rating, 3), "finished"),
        (1, BO, "Bo", ranks[1], round(first.seats[1].after.rating, 3), "finished"),
    ]
    # joined to the game's own rows: the seat that won it is the one whose rating rose
    assert rows(
        db,
        "SELECT bool_and((r.rating_after > r.rating_before) = s.won) FROM rated_games r "
        "JOIN seats s USING (game, seat)",
    ) == [(True,)]
    assert load(db, [folder]).ratings == 0  # unchanged: not read again
    again = RatingStore(folder)  # the server started again, and rates the next game
    again.rate("another-game", "ROOM2", "Bo ran out of time and forfeits; the game ends there",
               [Entrant(0, ANA, "Ana", 1), Entrant(1, BO, "Bo", 2)])  # fmt: skip
    assert load(db, [folder]).ratings == 1
    assert rows(db, "SELECT count(*), count(DISTINCT game) FROM rated_games") == [(4, 2)]
    assert rows(db, "SELECT rating_before FROM rated_games WHERE game = 'another-game' AND seat = 0") == [
        (first.seats[0].after.rating,)
    ]
    (folder / FILE_NAME).unlink()
    load(db, [folder])
    assert rows(db, "SELECT count(*) FROM rated_games") == [(0,)]


def test_a_bad_ratings_line_is_left_out_with_its_reason_and_the_rest_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 51.11: one line with `"at":"27 Nov 2026"` (which the server's fold takes)
    made every `history load` of the folder exit 2 ("Conversion Error: invalid timestamp
    field format"), so new logs were never loaded again. Each line is judged before
    DuckDB reads it: a bad one is left out with its reason, named at every load, as a
    skipped log is, and the rest load."""
    folder = tmp_path / "server"
    folder.mkdir()
    cards = load_cards()
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random"))
    play_game(GameConfig(seats, 3), folder, cards)
    RatingStore(folder).rate("good", "ROOM1", "finished", [Entrant(0, ANA, "Ana", 1), Entrant(1, BO, "Bo", 2)])
    ratings = folder / FILE_NAME
    good = ratings.read_bytes()
    at = msgspec.json.decode(good)["at"]
    with ratings.open("ab") as f:
        f.write(good.replace(b'"good"', b'"dated-by-hand"').replace(at.encode(), b"27 Nov 2026"))
        f.write(good.replace(b'"good"', b'"too-far"').replace(b'"seat":1', b'"seat":%d' % 2**40))
        f.write(b'{"game":"cut off by a cra')  # a crash mid-line: passed over, as before
    db = tmp_path / "history.duckdb"
    left_out = [
        (ratings, "line 2: its time '27 Nov 2026' is not an ISO 8601 time with its UTC offset, as the server "
                  "writes it; the file's other lines are loaded"),
        (ratings, f"line 3: seat {2**40}'s number or rank 2 is out of range; the file's other lines are loaded"),
    ]  # fmt: skip
    report = load(db, [folder])
    assert (report.ratings, report.loaded, report.skipped, report.ok) == (1, 1, left_out, False)
    assert rows(db, "SELECT DISTINCT game FROM rated_games") == [("good",)]
    again = load(db, [folder])
    assert (again.ratings, again.skipped) == (0, left_out)  # named again, not read again
    play_game(GameConfig(seats, 4), folder, cards)  # the next game is loaded, whatever the ratings file holds
    assert main(["history", "load", str(folder), "--db", str(db)]) == 1
    out, err = capsys.readouterr()
    assert out == "logs: loaded 1, unchanged 1, skipped 2\n"
    assert err.splitlines() == [f"{ratings}: skipped: {why}" for _, why in left_out]
    assert rows(db, "SELECT count(*) FROM games") == [(2,)]


async def test_a_servers_folder_loads_whole_with_its_rooms_and_talk(tmp_path: Path) -> None:
    """Seen this sitting: `cwtui history load` of a game server's folder named every
    room's table talk (rooms/CODE.chat.jsonl) as a log it skipped, and exited 1. Only
    game logs end in .jsonl; a room's talk is ndjson, like its server's ratings."""
    import asyncio

    from cwtui.net.client import Connection
    from cwtui.net.protocol import CreateRoom, Hello, RoomMade, Say
    from cwtui.net.server import GameServer

    folder = tmp_path / "server"
    game_server = GameServer(folder)
    async with served(game_server) as address:
        async with await Connection.open(address) as host:
            await host.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo")), 3, key=game_server.host_key))
            made = await host.receive()
        assert isinstance(made, RoomMade)
        async with await Connection.open(address) as ana:
            await ana.send(Hello(made.room, made.invites[0].token))
            await ana.send(Say("good luck"))
            async with asyncio.timeout(30):
                while not game_server.rooms[made.room].chat.recent():  # type: ignore[union-attr]
                    await asyncio.sleep(0.01)
    report = await asyncio.to_thread(load, tmp_path / "history.duckdb", [folder])
    assert report.skipped == [] and report.ok and report.loaded == 1
