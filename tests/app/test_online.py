"""`cwtui join`: the table as a game server's client, driven by keys with Pilot against a
real server on localhost (in the same event loop)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cwtui.app import CwtuiApp
from cwtui.game.logfile import read_log
from cwtui.game.replaying import ReplayCursor, SeenCursor
from cwtui.game.verification import verify_log
from cwtui.net import host_key, player_key
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import ClockRule, CreateRoom, Hello, Play, RoomMade, Table, Welcome
from cwtui.net.remote import RemoteGame
from cwtui.net.server import GameServer
from cwtui.screens.online.online import OnlineScreen
from cwtui.screens.replay.replay import ReplayScreen
from cwtui.screens.results.results import ResultsScreen
from cwtui.shell import settings
from cwtui.widgets.table.event_log import EventLog
from engine.cards import load_cards
from engine.config import SeatConfig
from engine.replay import Replay
from engine.rng import Rng
from engine.view import view

CARDS = load_cards()


async def room(address: Address, *seats: SeatConfig, seed: int = 7) -> RoomMade:
    async with await Connection.open(address) as host:
        await host.send(CreateRoom(seats, seed, key=host_key.local_key(address.uri)))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    return made


async def joined(address: Address, code: str, token: str | None) -> tuple[RemoteGame, Address]:
    """What `cwtui join` does before the app starts: meet the server, get the game."""
    seat_address = Address(address.uri, code, token)
    async with await Connection.open(seat_address) as connection:
        await connection.send(Hello(code, token))
        welcome, table = await connection.receive(), await connection.receive()
    assert isinstance(welcome, Welcome) and isinstance(table, Table)
    return RemoteGame(welcome, CARDS, table), seat_address


async def until_table(connection: Connection, done: Callable[[Table], object]) -> Table:
    """The next Table the scripted connection is sent for which `done(table)` holds."""
    while True:
        message = await asyncio.wait_for(connection.receive(), 30)
        if isinstance(message, Table) and done(message):
            return message


async def until(pilot: Pilot[None], done: Callable[[], object], seconds: float = 30) -> None:
    """Pause until `done()` holds (the server answers over a real socket)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done():
        assert loop.time() < end, "timed out"
        await pilot.pause(0.02)


@contextlib.asynccontextmanager
async def ana_at_the_table(address: Address, folder: Path) -> AsyncIterator[tuple[OnlineScreen, Pilot[None], RoomMade]]:
    """Ana (human) against Bo (the server's greedy bot), at her online table, connected
    and at her first decision."""
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(folder, still=True, online=game, address=seat_address)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.options)
        yield screen, pilot, made


@contextlib.asynccontextmanager
async def ana_with_cy(
    address: Address, folder: Path, write: Callable[[str], None] | None = None
) -> AsyncIterator[tuple[OnlineScreen, Pilot[None], Connection, RoomMade]]:
    """Ana (human) at her online table, and Cy (human) as a scripted connection the test
    plays; `write` stands in for the terminal (turn alerts)."""
    made = await room(address, SeatConfig("Ana"), SeatConfig("Cy"))
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(folder, still=True, online=game, address=seat_address)
    if write is not None:
        app.write_to_terminal = write  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot, await Connection.open(address) as cy:
        await cy.send(Hello(made.room, made.invites[1].token))
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.options)
        yield screen, pilot, cy, made


@pytest.mark.slow
async def test_a_game_at_the_online_table_to_the_results(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
    server_room = game_server.rooms[made.room]
    rng = Rng(3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.options)
        checked, log_text = 0, ""
        while not isinstance(app.screen, ResultsScreen):
            if screen.options and not screen.sent:
                # the table is the server's game as Ana may know it
                assert screen.remote.table.view == view(server_room.session.state, 0)
                assert screen.remote.ply == server_room.ply
                checked += 1
                log_text = screen.query_one("#log-0", EventLog).text()
                keys = [k for k in screen.option_keys() if k]
                await pilot.press(keys[rng.below(len(keys))])
            else:
                await pilot.pause(0.02)
        assert checked > 20
        results = app.screen
        assert isinstance(results, ResultsScreen)
        assert results.result == server_room.session.state.result
        # Ana proved her key at the seat: the game moved her rating and the bot's (issue 39)
        assert server_room.players == {0: player_key.player_id(player_key.own_key())}
        assert results.ratings is not None and results.ratings.startswith("Ratings on this server: Ana 0.0 → ")
        assert "Bo 0.0 → " in results.ratings
        assert "Bo: " in log_text and "Ana: " in log_text  # the event log narrated both seats
        # w replays the game as Ana saw it: her View at every position, from the server
        assert results.seen is not None
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and isinstance(replay.cursor, SeenCursor)
        assert replay.cursor.end == server_room.ply
        await pilot.press("home", "pagedown", "pagedown", "right")
        await pilot.pause()
        full = ReplayCursor(Replay(read_log(server_room.session.path), CARDS))  # type: ignore[arg-type]
        full.go(replay.cursor.position)
        assert replay.cursor.shown((0,)) == {0: view(full.state, 0)}
    assert server_room.session.path is not None
    assert verify_log(server_room.session.path, CARDS).ok


async def test_the_online_table_shows_whom_it_waits_for_and_takes_back(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Cy"))
    game, seat_address = await joined(address, made.room, made.invites[1].token)  # Cy, second to play
    app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.remote.table.away == (0,))
        await pilot.pause()
        status = screen.query_one("#status").drawn_text  # type: ignore[attr-defined]
        question = screen.query_one("#question").drawn_text  # type: ignore[attr-defined]
        assert "room " + made.room in status and "waiting for Ana" in status
        assert "Waiting for Ana to join" in question  # issue 51.7: "to come back", though she never came
        # Ana comes and plays her placement: Cy's table follows, then her take-back
        ana, _ = await joined(address, made.room, made.invites[0].token)
        async with await Connection.open(address) as connection:
            await connection.send(Hello(made.room, made.invites[0].token))
            await connection.receive()
            await connection.receive()
            await until(pilot, lambda: screen.remote.table.away == ())
            from cwtui.net.protocol import Play, Undo

            await connection.send(Play(0, ana.table.legal[0]))
            await until(pilot, lambda: screen.remote.ply == 1)
            log = screen.query_one("#log-1", EventLog)
            assert "Ana: places" in log.text()
            await until(pilot, lambda: "Waiting for Ana…" in screen.query_one("#question").drawn_text)  # type: ignore[attr-defined]
            await connection.send(Undo(1))
            await until(pilot, lambda: screen.remote.ply == 0)
            await pilot.pause()
            assert "Ana: places" not in log.text() and "Ana took back a move" in log.text()
        # she left again: the table says so
        await until(pilot, lambda: screen.remote.table.away == (0,))
    assert game_server.rooms[made.room].ply == 0


async def test_the_online_table_reconnects_when_the_connection_drops(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    game_server, address = server
    async with ana_at_the_table(address, tmp_path) as (screen, pilot, made):
        await pilot.press("1")
        await until(pilot, lambda: screen.remote.ply == 1 and screen.options)
        first = screen.connection
        (client,) = (c for c in game_server.clients[made.room] if c.seat == 0)
        await client.connection.close()  # the network drops the connection
        await until(pilot, lambda: screen.connection is not None and screen.connection is not first)
        await until(pilot, lambda: screen.options and screen.lost is None)
        assert screen.remote.ply == 1 and len(screen.remote.history) == 1  # nothing lost, nothing twice
        await pilot.press("1")
        await until(pilot, lambda: game_server.rooms[made.room].ply >= 2)


class ServerThread:
    """A game server in a thread of its own (snapshot tests run the app in their own
    event loop), with fixed room codes so the screens are the same every run."""

    def __init__(self, folder: Path) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.game_server = GameServer(folder, codes=iter(f"ROOM{i}" for i in range(1, 100)).__next__)
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.listening = self.loop.run_until_complete(self.game_server.start("127.0.0.1", 0))
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait(10)
        port = next(iter(self.listening.sockets)).getsockname()[1]
        self.address = Address(f"ws://127.0.0.1:{port}")
        host_key.register(port, self.game_server.host_key, folder)  # as `cwtui serve` does

    def call(self, coroutine):  # type: ignore[no-untyped-def]
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)

    def stop(self) -> None:
        async def close() -> None:
            self.listening.close()
            await self.listening.wait_closed()
            self.game_server.close()

        self.call(close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def server_thread(tmp_path: Path):  # type: ignore[no-untyped-def]
    running = ServerThread(tmp_path / "server")
    yield running
    running.stop()


def online_app(running: ServerThread, replays: Path, seat: int) -> CwtuiApp:
    """Ana (you), Bo (a bot on the server) and Cy, who has not come: seat `seat`'s table."""
    made = running.call(room(running.address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"), SeatConfig("Cy")))
    game, seat_address = asyncio.run(joined(running.address, made.room, made.invites[seat].token))
    return CwtuiApp(replays, still=True, online=game, address=seat_address)


def connected(*keys: str):  # type: ignore[no-untyped-def]  # -> run_before
    async def run_before(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.remote.table.away == (2,))
        for key in keys:
            ply = screen.remote.ply
            await until(pilot, lambda: bool(screen.options))
            await pilot.press(key)
            await until(pilot, lambda ply=ply: screen.remote.ply > ply)
        await until(pilot, lambda: screen.options or screen.remote.to_act == 2)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_online_your_decision(snap_compare, server_thread: ServerThread, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """Ana's first decision at the online table: the room in the status bar, and whom
    the game will wait for (Cy has not come)."""
    app = online_app(server_thread, tmp_path, 0)
    assert snap_compare(app, terminal_size=size, run_before=connected())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_online_waiting_for_an_away_seat(snap_compare, server_thread: ServerThread, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """After Ana's turn and the server bot's, Cy is to act and away: the table says so."""
    app = online_app(server_thread, tmp_path, 0)
    assert snap_compare(app, terminal_size=size, run_before=connected("2", "1"))


async def test_join_from_the_home_screen(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    """j on the home screen: the invite line (pasted as the host printed it), a refusal
    or a bad line said in the dialog, then the table."""
    from cwtui.screens.join.join import JoinDialog

    _game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    where = str(address)
    app = CwtuiApp(tmp_path, still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("j")
        dialog = app.screen
        assert isinstance(dialog, JoinDialog)
        problem = dialog.query_one("#problem")

        async def submit(text: str) -> None:
            field = dialog.query_one("#invite")
            field.value = text  # type: ignore[attr-defined]
            await pilot.press("enter")

        await submit("nowhere")
        assert "Expected HOST:PORT" in str(problem.render())
        await submit(f"{where}/{made.room}#not-the-token")
        await until(pilot, lambda: "refused" in str(problem.render()))
        assert "that token opens no seat here" in str(problem.render())
        await submit(f"cwtui join {where}/{made.room}#{made.invites[0].token}")
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        screen = app.screen
        assert isinstance(screen, OnlineScreen) and screen.remote.seat == 0
        await until(pilot, lambda: bool(screen.options))
        await pilot.press("q")  # back home; the seat stays hers
        await pilot.pause()
        assert not isinstance(app.screen, OnlineScreen)


def test_join_dialog(snap_compare, replays: Path) -> None:  # type: ignore[no-untyped-def]
    """The join dialog at 80×24, saying why a line is not an invite. (The home screen
    behind it names the replays folder: relative to the test's own folder, so that the
    snapshot is the same wherever the test runs: under xdist tmp_path is longer.)"""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("j")
        await pilot.press(*"localhost/ABC", "enter")
        await pilot.pause()

    assert snap_compare(CwtuiApp(replays, still=True), terminal_size=(80, 24), run_before=run_before)


async def test_the_table_says_when_its_room_is_closed_and_stops_reconnecting(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 39: a client whose room was closed showed "connection lost: reconnecting…"
    forever, and answered keys with "join a room first (hello)"."""
    game_server, address = server
    async with ana_at_the_table(address, tmp_path) as (screen, pilot, made):
        await game_server.finisher.end_room(game_server.rooms[made.room], "closed by its host")
        await until(pilot, lambda: screen.gone is not None)
        await pilot.pause(0.3)
        status = screen.query_one("#status").drawn_text  # type: ignore[attr-defined]
        question = screen.query_one("#question").drawn_text  # type: ignore[attr-defined]
        assert "the room is no more" in status and "reconnecting" not in status
        assert f"This room is no more: room {made.room} was closed by its host" in question
        assert f"Room {made.room} was closed by its host" in screen.query_one("#log-0", EventLog).text()
        assert screen.connection is None and not game_server.clients.get(made.room)
        await pilot.press("1")  # no options: nothing is sent
        await pilot.pause()
        assert not screen.sent


async def test_the_table_says_when_its_room_is_not_on_the_server_any_more(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """A server restarted without the room (its file gone): the reconnecting table is
    refused at its hello, says so, and stops trying."""
    game_server, address = server
    async with ana_at_the_table(address, tmp_path) as (screen, pilot, made):
        del game_server.rooms[made.room]  # as after a restart that did not find it
        (client,) = game_server.clients[made.room]
        await client.connection.close()
        await until(pilot, lambda: screen.gone is not None)
        assert f"there is no room '{made.room}' on this server" in screen.gone
        await pilot.pause(1.5)  # a reconnecting table would have tried again by now
        assert screen.gone is not None and screen.lost is None and screen.connection is None


async def test_the_table_marks_the_takeover_bot(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    """Issue 39: while the room's takeover bot played Cy's turns, the status kept saying
    "waiting for Cy". It says who the bot plays for, and the event log marks it."""
    _game_server, address = server
    async with await Connection.open(address) as host:
        seats = (SeatConfig("Ana"), SeatConfig("Cy"))
        await host.send(CreateRoom(seats, 7, takeover=0.2, key=host_key.local_key(address.uri)))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        while 1 not in screen.remote.stood_in:  # Ana plays; at Cy's turn the bot plays for her
            await until(pilot, lambda: 1 in screen.remote.stood_in or (screen.options and not screen.sent))
            if screen.options and not screen.sent:
                await pilot.press(next(k for k in screen.option_keys() if k))
                await pilot.pause(0.05)
        await until(pilot, lambda: 1 in screen.remote.stood_in)
        await pilot.pause(0.2)
        status = screen.query_one("#status").drawn_text  # type: ignore[attr-defined]
        assert "a bot plays for Cy" in status and "waiting for Cy" not in status
        said = screen.query_one("#log-0", EventLog).text()
        assert "Cy has not come: a bot plays for them until they do" in said  # she never sat down


async def test_a_player_in_another_window_is_told_it_is_their_turn(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 39: a game over days needs the table to call its player back. Once for each
    decision, and only while the terminal says it is not in focus (a key pressed there
    brings it back)."""
    from cwtui.net.protocol import Play
    from cwtui.shell.alerts import alert_sequence

    _game_server, address = server
    written: list[str] = []
    async with ana_with_cy(address, tmp_path, written.append) as (screen, pilot, cy, made):
        app = screen.app
        while screen.remote.to_act == 0:  # Ana's turn, at her table
            await until(pilot, lambda: screen.remote.to_act != 0 or (screen.options and not screen.sent))
            if screen.remote.to_act == 0:
                await pilot.press(next(k for k in screen.option_keys() if k))
                await pilot.pause(0.05)
        assert written == []  # she was looking
        app.app_focus = False  # she went to another window; Cy plays his turn
        played = False
        while True:  # the tables Cy was sent while Ana played, then his own turn
            message = await cy.receive()
            if isinstance(message, Table) and message.legal:
                await cy.send(Play(message.ply, message.legal[0]))
                played = True
            elif isinstance(message, Table) and played:
                break
        await until(pilot, lambda: bool(written))
        text = f"your turn in room {made.room} (move {screen.remote.ply + 1})"
        assert written == [alert_sequence("desktop", "cwtui", text)]
        await pilot.pause(0.3)
        assert len(written) == 1  # once a decision


async def test_table_talk_at_the_online_table(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    """p says a line to the table (the options stay); the others' lines show in the event
    log, set apart from the game's events and cleaned again."""
    from cwtui.net.protocol import Chat, Say
    from cwtui.screens.say.say import SayDialog

    _game_server, address = server
    async with ana_with_cy(address, tmp_path) as (screen, pilot, cy, _made):
        app = screen.app
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, SayDialog))
        await pilot.press(*"good luck", "enter")
        await until(pilot, lambda: app.screen is screen)
        while not isinstance(message := await cy.receive(), Chat):
            pass
        assert [(line.name, line.text) for line in message.lines] == [("Ana", "good luck")]
        assert screen.options and not screen.sent  # talk is no move
        await cy.send(Say("thanks\x1b[2J, you too"))
        log = screen.query_one("#log-0", EventLog)
        await until(pilot, lambda: "» Cy: thanks[2J, you too" in log.text())
        assert "» Ana: good luck" in log.text()
        assert not any(n.title.startswith("Table talk") for n in app._notifications)  # the log is on screen
        await pilot.resize_terminal(80, 24)  # the compact layout: the log is under F6
        await pilot.pause()
        await cy.send(Say("see the log?"))
        await until(pilot, lambda: any(n.message == "Cy: see the log?" for n in app._notifications))


async def test_talk_stays_where_it_was_said_through_a_reconnect(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 51.7: after a reconnect, the room's recent talk (sent again to every
    newcomer) showed once more, after the newest moves. Each line shows once, after the
    moves played before it; a table opened later shows it there too."""
    from cwtui.net.protocol import Say

    game_server, address = server
    async with ana_with_cy(address, tmp_path) as (screen, pilot, cy, made):
        await cy.send(Say("good luck"))
        log = screen.query_one("#log-0", EventLog)
        await until(pilot, lambda: "» Cy: good luck" in log.text())
        await pilot.press("1")  # Ana's placement: the talk was said before it
        await until(pilot, lambda: screen.remote.ply >= 1 and "Ana: places" in log.text())
        first = screen.connection
        (client,) = (c for c in game_server.clients[made.room] if c.seat == 0)
        await client.connection.close()  # the network drops the connection
        await until(pilot, lambda: screen.connection is not None and screen.connection is not first)
        await until(pilot, lambda: screen.lost is None)
        await pilot.pause(0.3)  # the room's recent talk has come again
        assert said_once_before_her_move(log.text())
        # another table of Ana's, opened now: the talk among the moves where it was said
        game, seat_address = await joined(address, made.room, made.invites[0].token)
        later = CwtuiApp(tmp_path / "later", still=True, online=game, address=seat_address)
        async with later.run_test(size=(120, 40)) as later_pilot:
            table = later.screen
            assert isinstance(table, OnlineScreen)
            later_log = table.query_one("#log-0", EventLog)
            await until(later_pilot, lambda: "» Cy: good luck" in later_log.text())
            assert said_once_before_her_move(later_log.text())


def said_once_before_her_move(text: str) -> bool:
    lines = text.splitlines()
    placed = next(i for i, line in enumerate(lines) if line.startswith("Ana: places"))
    return lines.count("» Cy: good luck") == 1 and lines.index("» Cy: good luck") < placed


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_online_say_dialog(snap_compare, server_thread: ServerThread, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """The table-talk dialog over Ana's table, a line typed."""
    app = online_app(server_thread, tmp_path, 0)

    async def run_before(pilot: Pilot[None]) -> None:
        await connected()(pilot)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press(*"good luck, all")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_resigning_and_aborting_from_the_table(server: tuple[GameServer, Address], tmp_path: Path) -> None:
    """ctrl+x: in the first round, a proposal to abort (the others are told); then a
    resignation, after which a bot plays the seat and the table says so."""
    from cwtui.net.protocol import Table
    from cwtui.screens.leave.leave import LeaveDialog

    game_server, address = server
    async with ana_with_cy(address, tmp_path) as (screen, pilot, cy, made):
        app = screen.app
        await pilot.press("ctrl+x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("up", "enter")  # "stay" is highlighted first; above it, propose to abort
        await until(pilot, lambda: screen.remote.table.abort_votes == (0,))
        while not (isinstance(message := await cy.receive(), Table) and message.abort_votes == (0,)):
            pass
        await pilot.press("ctrl+x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        dialog = app.screen
        assert isinstance(dialog, LeaveDialog) and dialog.abort is None  # proposed already
        await pilot.press("up", "enter")  # above "stay": resign
        await until(pilot, lambda: screen.remote.table.resigned == (0,))
        await pilot.pause(0.2)
        parts = screen.status_parts()  # (the bar cuts its end at 120 columns)
        assert "a bot plays for Ana" in parts and "abort proposed by Ana" in parts
        question = screen.query_one("#question").drawn_text  # type: ignore[attr-defined]
        assert "You resigned: a bot plays your seat" in question
        log = screen.query_one("#log-0", EventLog).text()
        assert "Ana proposes to abort the game" in log and "Ana resigned: a bot plays on for them" in log
        assert game_server.rooms[made.room].resigned == {0}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_online_leave_dialog(snap_compare, server_thread: ServerThread, tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    """ctrl+x in the first round: resign (a bot plays on) or propose to abort."""
    app = online_app(server_thread, tmp_path, 0)

    async def run_before(pilot: Pilot[None]) -> None:
        await connected()(pilot)
        await pilot.press("ctrl+x")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_r_on_an_online_games_results_sits_down_at_the_rooms_next_game(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """The results of a server's game: r asks the room for its next game (the same
    seats, the next seed, the same line) and opens its table."""
    from helpers import finished_room

    from cwtui.navigation import ShowResults

    game_server, address = server
    made, first = await finished_room(address)
    served = game_server.rooms[made.room]
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    assert game.over and game.welcome.game == first
    app = CwtuiApp(tmp_path, still=True)
    async with app.run_test(size=(120, 40)) as pilot:
        scores = game.scores
        assert scores is not None
        app.post_message(ShowResults(game.table.view, scores, game.cards, game.names, None, watching=True,
                                     online=(seat_address, first)))  # fmt: skip
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.screen.check_action("rematch", ())
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
        table = app.screen
        assert isinstance(table, OnlineScreen)
        assert served.previous_game == first and table.remote.welcome.game == served.game
        assert not table.remote.over and table.remote.ply == 0


async def test_the_table_shows_the_rooms_clock_and_says_when_time_ran_out(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Issue 39's clocks at the table: the time of the seat to act counts down in the
    status bar, beside this seat's bank, and the event log says when a hand's time ran
    out and the bot played it."""
    game_server, address = server
    async with await Connection.open(address) as host:
        seats = (SeatConfig("Ana"), SeatConfig("Cy"))
        await host.send(CreateRoom(seats, 7, key=host_key.local_key(address.uri), clock=ClockRule(7200, 5, 600)))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    game, seat_address = await joined(address, made.room, made.invites[0].token)
    app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
    async with app.run_test(size=(120, 40)) as pilot, await Connection.open(address) as cy:
        await cy.send(Hello(made.room, made.invites[1].token))
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None and screen.options)
        status = screen.query_one("#status").drawn_text  # type: ignore[attr-defined]
        assert "your time: 9:5" in status  # 10 minutes a move (of a 2-hour bank), counting down
        served = game_server.rooms[made.room]
        assert served.clock is not None
        served.clock.since -= 600  # her ten minutes for this move have gone
        game_server.stand_ins.drive(served)
        await until(pilot, lambda: served.session.state.to_act == 1)
        await until(pilot, lambda: "Cy's time: 9:5" in screen.query_one("#status").drawn_text)  # type: ignore[attr-defined]
        assert "yours: 1 h 5" in screen.query_one("#status").drawn_text  # type: ignore[attr-defined]
        log = screen.query_one("#log-0", EventLog).text()
        assert "Ana ran out of time for this move: a bot plays it" in log
        assert "(a bot, for a player out of time)" in log  # on each move the bot made for her
        assert "Ana ran out of time: a bot plays for them to the end of the game" not in log
        # Cy plays his hand: at her next turn, Ana reads what the bot did for her, marked as its
        table = screen.remote.table
        while served.session.state.to_act == 1:
            mine = await until_table(cy, lambda t: bool(t.legal) and t.ply >= served.ply)
            await cy.send(Play(mine.ply, mine.legal[0]))
            await until(pilot, lambda ply=mine.ply: served.ply > ply)  # type: ignore[misc]
        await until(pilot, lambda: screen.options and not screen.sent and screen.remote.ply > table.ply)
        assert [who for who, _what in screen.decision.since] == ["Ana (a bot)", "Cy"]


def test_the_results_say_how_the_game_moved_each_rating_and_who_resigned() -> None:
    from cwtui.net.protocol import RatingChange
    from cwtui.screens.online.online import rating_line

    changes = (RatingChange(0.0, 3.4), None, RatingChange(2.0, 0.2))
    assert rating_line(["Ana", "Bo", "Cy"], changes, resigned=(2,)) == (
        "Ratings on this server: Ana 0.0 → 3.4 (+3.4) · Cy (resigned: ranked last) 2.0 → 0.2 (-1.8)"
    )
    assert rating_line(["Ana", "Bo"], (None, None)) is None


async def test_a_player_whose_key_cannot_be_kept_plays_unrated_and_is_told(
    server: tuple[GameServer, Address], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(settings.CONFIG_ENV, str(blocked / "config"))  # no folder can be made there
    game_server, address = server
    async with ana_at_the_table(address, tmp_path) as (screen, pilot, made):
        await until(pilot, lambda: not screen.rated)
        notes = [n.message for n in screen.app._notifications]
        assert any(n.startswith("Cannot read your player key ") and n.endswith("; you play unrated.") for n in notes)
        assert game_server.rooms[made.room].players == {}  # the seat is not rated for anyone


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_spectators_footer_offers_no_undo(
    server: tuple[GameServer, Address], tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue 52.11: a spectator's footer offered `u Undo` (and its table has no move of
    its own to take back)."""
    from textual.widgets._footer import FooterKey

    _game_server, address = server
    made = await room(address, SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
    game, watching = await joined(address, made.room, None)
    app = CwtuiApp(tmp_path, still=True, online=game, address=watching)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, OnlineScreen)
        await until(pilot, lambda: screen.connection is not None)
        await pilot.pause()
        listed = {key.key for key in screen.query(FooterKey)}
        assert "u" not in listed and "h" not in listed and "q" in listed, listed
