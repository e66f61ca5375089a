"""Clocks (issue 39): a room's host gives each seat a bank of time, a time per move, or
both; a seat that runs out is played by a bot (its hand, or to the end once its bank is
gone) or forfeits, as the host chose, and the game's log says which moves a bot played
and why. Over real sockets; the server's clock is moved on by setting what it has
counted (a test does not wait out a real clock)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import msgspec
import pytest
from helpers import served

from cwtui.net import host_key
from cwtui.net.client import Address, Connection
from cwtui.net.clock import Clock, clock_words
from cwtui.net.protocol import ClockRule, CreateRoom, Error, Play, ProtocolError, RoomClosed, RoomMade, Table
from cwtui.net.room_store import RoomRecord
from cwtui.net.server import GameServer
from engine.config import SeatConfig
from engine.log import Ply, parse
from tests.test_resign_abort import sit, until


async def clocked(address: Address, rule: ClockRule, *seats: SeatConfig) -> RoomMade | Error:
    async with await Connection.open(address) as host:
        chosen = seats or (SeatConfig("Ana"), SeatConfig("Bo"))
        await host.send(CreateRoom(chosen, 7, key=host_key.local_key(address.uri), clock=rule))
        reply = await host.receive()
    assert isinstance(reply, RoomMade | Error)
    return reply


def logged(game_server: GameServer, code: str) -> list[Ply]:
    path = game_server.rooms[code].session.path
    assert path is not None
    return parse(path.read_bytes().splitlines(keepends=True)).plies


async def play_hand(connection: Connection, table: Table) -> Table:
    """Play the hand `table` offers (its first option each time) until another seat is to act."""
    while table.legal:
        await connection.send(Play(table.ply, table.legal[0]))
        ply = table.ply
        after = await until(connection, lambda t, ply=ply: t.ply > ply)
        assert isinstance(after, Table)
        table = after
    return table


def run_down(game_server: GameServer, code: str, seat: int, spent: float | None = None, hand: float = 0) -> None:
    """Move the room's clock on: `seat` has spent `spent` of its bank, or its hand has
    run `hand` seconds; the room's bot task looks again."""
    room = game_server.rooms[code]
    assert room.clock is not None
    if spent is not None:
        room.clock.used[seat] = spent
    room.clock.since -= hand
    game_server.stand_ins.drive(room)


@pytest.mark.slow
async def test_a_seat_whose_bank_runs_out_is_played_by_a_bot_to_the_end(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    made = await clocked(address, ClockRule(bank=60, increment=5))
    assert isinstance(made, RoomMade)
    ana, _, first = await sit(address, made.room, made.invites[0].token)
    bo, _, _ = await sit(address, made.room, made.invites[1].token)
    assert first.clock is not None and first.clock.running == 0
    assert first.clock.banks == pytest.approx((60.0, 60.0), abs=0.5)
    run_down(game_server, made.room, 0, spent=60.5)
    # before the bot's move: refused all the same
    with pytest.raises(ProtocolError, match=r"^your time ran out: a bot plays your seat to the end$"):
        game_server.rooms[made.room].play(0, first.ply, first.legal[0])
    out = await until(bo, lambda t: t.clock is not None and t.clock.out == (0,))
    assert isinstance(out, Table) and 0 in out.stood_in
    # the bot plays Ana's hand, and every hand of hers after
    bos = await until(bo, lambda t: bool(t.legal))
    assert isinstance(bos, Table) and bos.clock is not None and bos.clock.running == 1
    plies = logged(game_server, made.room)
    assert plies and all(p.stand_in == "time" for p in plies if p.seat == 0)
    await play_hand(bo, bos)
    await until(bo, lambda t: bool(t.legal))  # Ana's next hand was the bot's too
    plies = logged(game_server, made.room)
    assert {p.turn for p in plies if p.seat == 0} == {1, 3}
    assert {p.stand_in for p in plies if p.seat == 0} == {"time"}
    assert {p.stand_in for p in plies if p.seat == 1} == {None}
    for connection in (ana, bo):
        await connection.close()


async def test_a_hand_out_of_time_is_the_bots_and_the_next_is_the_players(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    made = await clocked(address, ClockRule(per_move=2 * 24 * 3600))  # two days a move
    assert isinstance(made, RoomMade)
    ana, _, first = await sit(address, made.room, made.invites[0].token)
    bo, _, _ = await sit(address, made.room, made.invites[1].token)
    assert first.clock is not None and first.clock.hand_left == pytest.approx(2 * 24 * 3600, abs=5)
    assert first.clock.banks == (None, None)
    run_down(game_server, made.room, 0, hand=2 * 24 * 3600 - 0.2)
    bos = await until(bo, lambda t: bool(t.legal))
    assert isinstance(bos, Table) and bos.clock is not None and bos.clock.out == ()
    await play_hand(bo, bos)
    mine = await until(ana, lambda t: bool(t.legal) and t.view.turn == 3)  # her next hand is hers
    assert isinstance(mine, Table) and mine.clock is not None and mine.clock.running == 0
    await ana.send(Play(mine.ply, mine.legal[0]))
    await until(ana, lambda t: t.ply > mine.ply)
    room = game_server.rooms[made.room]
    plies = logged(game_server, made.room) + [record for _before, record in room.session.kept if record]
    ana_first = [p.stand_in for p in plies if p.seat == 0 and p.turn == 1]
    assert ana_first and set(ana_first) == {"time"}  # the first hand: the bot's, said in the log
    assert plies[-1].seat == 0 and plies[-1].turn > 1 and plies[-1].stand_in is None  # then her own
    for connection in (ana, bo):
        await connection.close()


async def test_a_seat_out_of_time_forfeits_where_the_host_chose_it(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    made = await clocked(address, ClockRule(bank=600, on_time="forfeit"))
    assert isinstance(made, RoomMade)
    ana, _, _ = await sit(address, made.room, made.invites[0].token)
    bo, _, _ = await sit(address, made.room, made.invites[1].token)
    run_down(game_server, made.room, 0, spent=599.9)
    closed = await until(bo, RoomClosed)
    assert isinstance(closed, RoomClosed) and closed.reason == "Ana ran out of time and forfeits; the game ends there"
    assert made.room not in game_server.rooms
    kept = tmp_path / "server" / "rooms" / "retired" / f"{made.room}.json"
    while not kept.exists():  # retired once its players are told
        await asyncio.sleep(0.02)
    record = msgspec.json.decode(kept.read_bytes(), type=RoomRecord)
    assert record.ended == closed.reason and record.clock == ClockRule(bank=600, on_time="forfeit")
    for connection in (ana, bo):
        await connection.close()


async def test_an_away_seat_out_of_time_forfeits_too(server: tuple[GameServer, Address]) -> None:
    """Issue 51.2: a seat both away past the takeover time and out of time was played
    by the away player's bot (string order chose "away" before "time"): the host's
    forfeit never came."""
    game_server, address = server
    async with await Connection.open(address) as host:
        rule = ClockRule(bank=600, on_time="forfeit")
        seats = (SeatConfig("Ana"), SeatConfig("Bo"))
        await host.send(CreateRoom(seats, 7, takeover=0, key=host_key.local_key(address.uri), clock=rule))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    bo, _, table = await sit(address, made.room, made.invites[1].token)  # Ana never comes: away from the start
    run_down(game_server, made.room, 0, spent=600)
    while True:  # Bo plays his hands until Ana's comes, out of time
        if table.legal:
            await bo.send(Play(table.ply, table.legal[0]))
        message = await asyncio.wait_for(bo.receive(), 30)
        if isinstance(message, RoomClosed):
            closed = message
            break
        if isinstance(message, Table):
            table = message
    assert isinstance(closed, RoomClosed) and closed.reason == "Ana ran out of time and forfeits; the game ends there"
    await bo.close()


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (ClockRule(), "a clock needs a bank of time, a time per move, or both"),
        (ClockRule(bank=5), "a clock's bank is 10 to 2,592,000 seconds (30 days), not 5"),
        (ClockRule(per_move=10**8), "a clock's time per move is 10 to 2,592,000 seconds (30 days), not 1e+08"),
        (ClockRule(bank=60, increment=-1), "a clock's increment is 0 to 3,600 seconds, not -1"),
        (ClockRule(per_move=60, increment=5), "an increment is given back to a bank: give the clock a bank too"),
    ],
)
async def test_a_clock_no_room_takes_is_refused(server: tuple[GameServer, Address], rule: ClockRule, said: str) -> None:
    game_server, address = server
    reply = await clocked(address, rule)
    assert isinstance(reply, Error) and reply.message == said and not game_server.rooms


async def test_bots_seats_have_no_clock_and_a_bots_hand_stops_every_clock(server: tuple[GameServer, Address]) -> None:
    game_server, address = server
    made = await clocked(address, ClockRule(bank=300), SeatConfig("Bot", "greedy"), SeatConfig("Ana"))
    assert isinstance(made, RoomMade)
    ana, _, table = await sit(address, made.room, made.invites[0].token)
    mine = table if table.legal else await until(ana, lambda t: bool(t.legal))
    assert isinstance(mine, Table) and mine.clock is not None
    assert mine.clock.banks[0] is None and mine.clock.running == 1
    room = game_server.rooms[made.room]
    assert room.clock is not None and room.clock.used.get(0) is None  # the bot's hand was never timed
    await ana.close()


async def test_a_restarted_server_keeps_each_seats_time(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    first = GameServer(folder)
    async with served(first) as address:
        made = await clocked(address, ClockRule(bank=3600))
        assert isinstance(made, RoomMade)
        ana, _, table = await sit(address, made.room, made.invites[0].token)
        run_down(first, made.room, 0, hand=100)  # Ana has thought 100 s on her hand
        await play_hand(ana, table)
        await ana.close()
    again = GameServer(folder)
    again.open_rooms()
    clock = again.rooms[made.room].clock
    assert clock is not None and clock.spent(0) == pytest.approx(100, abs=5)
    # Issue 51.3: the clock's file beside the room's was taken for a room that cannot
    # be opened, a false error at every restart
    assert again.problems == [] and list(again.rooms) == [made.room]
    again.close()


async def test_the_clock_starts_with_the_games_first_arrival(server: tuple[GameServer, Address]) -> None:
    """Issue 51.7: a room's clock ran from the room's making, so a player who sat down a
    day after the invites went out had a day less for their first move of two days."""
    game_server, address = server
    made = await clocked(address, ClockRule(per_move=2 * 86400))
    assert isinstance(made, RoomMade)
    room = game_server.rooms[made.room]
    assert room.clock is not None and room.clock.running is None  # nobody has come: nothing runs
    bo, _, _ = await sit(address, made.room, made.invites[1].token)  # Bo first; Ana is to act
    assert room.clock.running == 0 and room.clock.left(0, time.time()) == pytest.approx(2 * 86400, abs=5)
    await bo.close()


@pytest.mark.parametrize(
    ("record", "why"),
    [
        (b'{"spent": {"0": -1000000000}}', "below zero, in a room with no increment"),  # a bank of 31 years
        (b'{"used": {"0": -5}}', "cannot be read (Expected `float` >= 0"),
        (b'{"used": {"0": 5}, "hands": {"0": 20001}}', "cannot be read (Expected `int` <= 20000"),
        (b'{"spent": {"0": 10}, "out": [7]}', "cannot be read (Expected `int` <= 3"),
        (b'{"spent": {"1": 10}, "out": [2]}', "names seat 2, no human seat of its room"),  # Cy is a bot
        (b"not json", "cannot be read"),
    ],
)
def test_a_clock_file_that_cannot_be_true_is_said_and_not_trusted(tmp_path: Path, record: bytes, why: str) -> None:
    """Issue 51.14: a clock file's values were not checked: a negative time spent gave a
    seat a 31-year bank, a seat out of range handed a human seat to a bot."""
    from cwtui.net.clock import clock_rule
    from cwtui.net.room_store import RoomStore
    from engine.config import GameConfig

    store = RoomStore(tmp_path)
    config = GameConfig((SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "greedy")), 7)
    room, _invites = store.create(config, set(), clock=clock_rule((600.0, 0.0), None))
    room.close()
    (tmp_path / "rooms" / f"{room.code}.clock.json").write_bytes(record)
    rooms, problems = store.load()
    (again,) = rooms
    assert again.clock is not None and again.clock.used == {} and again.clock.hands == {} and again.clock.out == set()
    assert len(problems) == 1 and problems[0].startswith(f"room {room.code}: {room.code}.clock.json ")
    assert why in problems[0] and problems[0].endswith("every seat's time starts afresh")
    again.close()


def test_a_hand_is_charged_when_it_ends_and_the_increment_given_back() -> None:
    clock = Clock(ClockRule(bank=100, increment=5))
    clock.hand_of(0, 1000.0)
    assert clock.left(0, 1030.0) == 70.0 and clock.left(1, 1030.0) == 100.0
    clock.hand_of(0, 1040.0)  # still her hand (a second step): nothing charged
    clock.hand_of(1, 1040.0)
    assert (
        clock.used == {0: 40.0} and clock.hands == {0: 1} and clock.spent(0) == 35.0 and clock.left(0, 2000.0) == 65.0
    )
    clock.hand_of(None, 1050.0)  # a bot's hand: nobody's clock runs
    assert clock.used == {0: 40.0, 1: 10.0} and clock.hands == {0: 1, 1: 1} and clock.running is None
    clock.hand_of(0, 1060.0)
    assert clock.left(0, 1125.0) == 0.0 and clock.run_out(0, 1125.0) == "bank" and clock.out == {0}
    assert clock.left(0, 0.0) == 0.0  # out stays out


def test_a_per_move_clock_runs_out_on_the_hand_not_the_game() -> None:
    clock = Clock(ClockRule(per_move=60))
    clock.hand_of(1, 0.0)
    assert clock.left(1, 59.0) == 1.0 and clock.left(1, 61.0) == 0.0 and clock.run_out(1, 61.0) == "hand"
    clock.hand_of(0, 70.0)
    clock.hand_of(1, 80.0)
    assert clock.left(1, 80.0) == 60.0 and clock.out == set()


@pytest.mark.parametrize(
    ("seconds", "shown"), [(0, "0:00"), (-3, "0:00"), (59.9, "0:59"), (247, "4:07"), (3 * 3600 + 720, "3 h 12 m"),
                           (2 * 86400 + 5 * 3600 + 59, "2 d 5 h")],
)  # fmt: skip
def test_a_clock_reads_as_a_player_reads_it(seconds: float, shown: str) -> None:
    assert clock_words(seconds) == shown


def test_a_seat_faster_than_its_increment_keeps_its_time_in_counts_that_cannot_go_negative(tmp_path: Path) -> None:
    """Issue 65.3: a seat that played faster than its increment drove its time spent
    below zero (−73.9 s after 60 fast moves at 10m+5s), and the restarted server then
    refused its own clock file: every seat's time started afresh. The file keeps the
    time used and the hands ended, which only grow."""
    path = tmp_path / "ROOM42.clock.json"
    rule = ClockRule(bank=600, increment=5)
    clock = Clock(rule, path)
    now = 1000.0
    for _ in range(60):  # Ana's hands of 1 s, Bo's of 3 s
        clock.hand_of(0, now)
        clock.hand_of(1, now + 1)
        now += 4
    clock.hand_of(None, now)
    assert clock.spent(0) == pytest.approx(-240.0) and clock.spent(1) == pytest.approx(-120.0)
    kept = msgspec.json.decode(path.read_bytes())
    assert kept == {"used": {"0": 60.0, "1": 180.0}, "hands": {"0": 60, "1": 60}}
    again, problem = Clock.load(rule, path, {0, 1})
    assert problem is None
    assert again.bank_left(0, now) == pytest.approx(840.0) and again.bank_left(1, now) == pytest.approx(720.0)


def test_an_earlier_builds_negative_clock_file_is_read_and_mended(tmp_path: Path) -> None:
    """Issue 65.3: a file an earlier build wrote (the time used less the increments,
    below zero) is mended into the two counts, every seat's time as it was."""
    path = tmp_path / "ROOM42.clock.json"
    path.write_bytes(b'{"spent": {"0": -73.9, "1": 12.5}, "out": []}')
    rule = ClockRule(bank=600, increment=5)
    clock, problem = Clock.load(rule, path, {0, 1})
    assert problem is None
    assert clock.hands == {0: 15} and clock.used[0] == pytest.approx(1.1) and clock.used[1] == 12.5
    assert clock.bank_left(0, 0.0) == pytest.approx(673.9) and clock.bank_left(1, 0.0) == pytest.approx(587.5)
    clock.hand_of(0, 10.0)
    clock.hand_of(1, 20.0)  # written again, as the counts
    assert set(msgspec.json.decode(path.read_bytes())) == {"used", "hands"}


@pytest.mark.slow
async def test_a_clocked_room_killed_and_restarted_gives_every_seat_its_time_back(tmp_path: Path) -> None:
    """Issue 65.3, over a real socket: 60 moves faster than the increment, the server
    gone without a word (nothing closed: as kill -9 leaves it), a new one on its folder:
    every seat's time left as the last table showed it (±1 s)."""
    folder = tmp_path / "server"
    first = GameServer(folder)
    async with served(first) as address:
        made = await clocked(address, ClockRule(bank=600, increment=5))
        assert isinstance(made, RoomMade)
        ana, _, _ = await sit(address, made.room, made.invites[0].token)
        bo, _, _ = await sit(address, made.room, made.invites[1].token)
        room = first.rooms[made.room]
        for _hand in range(60):  # each hand played as soon as it is offered
            seat = room.session.state.to_act
            now = len(room.session.history)
            offered = await until((ana, bo)[seat], lambda t, now=now: bool(t.legal) and t.ply == now)
            assert isinstance(offered, Table)
            await play_hand((ana, bo)[seat], offered)
        before = first.rooms[made.room].clock
        assert before is not None and before.spent(0) < 0 and before.spent(1) < 0
        shown = before.shown({0, 1}, 2, time.time())
        await ana.close()
        await bo.close()
        kept = (folder / "rooms" / f"{made.room}.clock.json").read_bytes()
    (folder / "rooms" / f"{made.room}.clock.json").write_bytes(kept)  # as the kill left it
    again = GameServer(folder)
    again.open_rooms()
    clock = again.rooms[made.room].clock
    assert again.problems == [] and clock is not None
    banks = clock.shown({0, 1}, 2, time.time()).banks
    assert banks == pytest.approx(shown.banks, abs=1.0) and all(b is not None and b > 600 for b in banks)
    again.close()
