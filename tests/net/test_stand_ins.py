"""cwtui.net.stand_ins: who plays when no player does (bot seats, a resigned or away
seat's stand-in, the clock's verdicts), tested without sockets."""

from __future__ import annotations

import asyncio

from net_helpers import Place

from cwtui.net.finisher import Finisher
from cwtui.net.protocol import ClockRule, RoomClosed, Table
from cwtui.net.room import Room
from cwtui.net.stand_ins import StandIns
from engine.config import SeatConfig


def stand_ins(place: Place) -> StandIns:
    finisher = Finisher(place.tables, place.store, place.ratings, place.lines.append)
    return StandIns(place.tables, finisher, place.faults.append, place.lines.append)


async def driven(place: Place, room: Room) -> None:
    """Drive `room`'s bots and wait for their task to stop (a human to act, or the end)."""
    stand_ins(place).drive(room)
    task = place.tables.bots.get(room.code)
    if task is not None:
        await asyncio.wait_for(task, 60)
    assert not place.faults


async def test_a_bot_seat_plays_until_a_human_is_to_act(place: Place) -> None:
    room = place.room(SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    ana = place.sit(room, 0)
    while room.session.state.to_act == 0:  # Ana's turn: nothing for a bot to do
        await driven(place, room)
        assert room.code not in place.tables.bots
        room.play(0, room.ply, room.session.legal()[0])
    await driven(place, room)
    state = room.session.state
    assert room.ply > 0 and state.to_act == 0 and not state.over
    assert all(ply.stand_in is None for ply in room.session.history)  # a bot seat's own moves
    last = place.tables.to(ana)[-1]
    assert isinstance(last, Table) and last.ply == room.ply and last.legal  # Ana's table, her turn


async def test_a_resigned_seats_stand_in_plays_it_to_the_end(place: Place) -> None:
    room = place.room(SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    room.resigned.add(0)
    await driven(place, room)
    assert room.over
    ana_plies = [ply for ply in room.session.history if ply.seat == 0]
    assert ana_plies and all(ply.stand_in == "resigned" for ply in ana_plies)  # the log says why


async def test_a_seat_with_nobody_at_it_is_waited_for_then_played_after_the_takeover_time(place: Place) -> None:
    room = place.room(SeatConfig("Ana"), SeatConfig("Bo"), takeover=0.2)
    bo = place.sit(room, 1)
    if room.session.state.to_act == 1:
        room.play(1, room.ply, room.session.legal()[0])
    ply = room.ply
    stand_ins(place).drive(room)  # Ana has never come: away since the room was made
    while room.ply == ply:
        await asyncio.sleep(0.02)
    assert room.session.history[ply].stand_in == "away"
    place.tables.bots[room.code].cancel()
    assert any(isinstance(message, Table) and 0 in message.stood_in for message in place.tables.to(bo))


async def test_a_seat_out_of_time_forfeits_where_the_host_chose_it(place: Place) -> None:
    room = place.room(clock=ClockRule(bank=600, on_time="forfeit"))
    ana, bo = place.sit(room, 0), place.sit(room, 1)
    seat = room.session.state.to_act
    assert room.clock is not None
    room.clock.used[seat] = 600  # its bank is spent
    await driven(place, room)
    name = room.names[seat]
    why = "{name} ran out of time and forfeits; the game ends there"
    told = RoomClosed(room.code, why.format(name=name), why, {"name": name})  # and the same in no language
    assert room.code not in place.tables.rooms
    assert place.tables.to(ana)[-1] == place.tables.to(bo)[-1] == told


async def test_a_bank_run_out_is_played_by_a_bot_after_every_table_is_told(place: Place) -> None:
    room = place.room(clock=ClockRule(bank=600))
    bo = place.sit(room, 1)
    place.sit(room, 0)
    seat = room.session.state.to_act
    assert room.clock is not None
    room.clock.used[seat] = 600
    ply = room.ply
    stand_ins(place).drive(room)
    while room.ply == ply:
        await asyncio.sleep(0.02)
    place.tables.bots[room.code].cancel()
    assert room.session.history[ply].stand_in == "time"
    tables = [message for message in place.tables.to(bo) if isinstance(message, Table)]
    assert tables[0].ply == ply and tables[0].clock is not None  # "out of time" before the bot's move
    assert seat in tables[0].stood_in
