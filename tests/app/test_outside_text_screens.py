"""Issue 65: text from other players and servers is shown, never obeyed. At 80×24 and
120×40, a table whose seats are named `[/]` and `[@click=app.quit]` hears talk full of
markup, and a server in the middle (a relay that forwards a real server and slips in
messages of its own) refuses with markup, escapes, a megabyte's value and a template
that repeats a value ten thousand times, then closes the room the same way. Nothing
crashes; every text is shown as its characters, bounded; no click runs an action the
table did not make. Then the same names through a whole local game, hot seat (hand-over
screens, the score sheet, the results), the replay and resume lists, and the history."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import msgspec
import pytest
from app_helpers import play_by_keys, settle
from test_history_screen import wait_idle
from test_no_markup import actions_on_screen, screen_text
from test_online import joined, room, until
from textual.pilot import Pilot
from textual.widgets import TextArea
from textual.widgets._toast import Toast
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from cwtui.app import CwtuiApp
from cwtui.game.session import GameSession
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import MAX_FRAME, Hello, Say
from cwtui.net.server import GameServer
from cwtui.outside import MAX_SHOWN
from cwtui.screens.history.fitted import CELL_WIDTH, ResultTable
from cwtui.screens.online.online import OnlineScreen
from cwtui.screens.results.results import ResultsScreen
from engine.config import GameConfig, SeatConfig

MARKUP = ("[/]", "[bold]", "[@click=app.quit]")
ESCAPE = "\x1b[2J"
MEGABYTE = "[/]" * 333_333  # a value of a megabyte, markup all through
BOMB = "{a}" * 10_000  # a template that repeats its value ten thousand times


@contextlib.asynccontextmanager
async def relay(upstream: Address) -> AsyncIterator[tuple[Address, Callable[[object], Awaitable[None]]]]:
    """A server in the middle: forwards the real server at `upstream` to its clients,
    and `inject` sends each of them a message of its own, as it is."""
    clients: set[ServerConnection] = set()

    async def handle(client: ServerConnection) -> None:
        async with connect(upstream.uri, max_size=MAX_FRAME, compression=None) as up:
            clients.add(client)

            async def down() -> None:
                async for message in up:
                    await client.send(message)

            async def across() -> None:
                async for message in client:
                    await up.send(message)

            tasks = [asyncio.create_task(down()), asyncio.create_task(across())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                clients.discard(client)
                for task in tasks:
                    task.cancel()

    async def inject(message: object) -> None:
        data = msgspec.json.encode(message).decode()
        assert len(data) < MAX_FRAME  # the client takes it: a hostile server's, not one it refuses
        for client in list(clients):
            await client.send(data)

    async with serve(handle, "127.0.0.1", 0, max_size=2 * MAX_FRAME, compression=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield Address(f"ws://127.0.0.1:{port}"), inject


def toasts(app: CwtuiApp) -> list[str]:
    return [toast.render().plain for toast in app.screen.query(Toast)]


async def still_standing(app: CwtuiApp, pilot: Pilot[None]) -> str:
    """The screen's text once drawn, after checking the app stands and shows nothing
    unbounded and no action from outside."""
    await pilot.pause()
    await pilot.pause()
    assert app.crashed is None and app.is_running
    for toast in toasts(app):
        assert len(toast) <= MAX_SHOWN + 200, len(toast)  # a title and a message, each bounded
    assert not {action for action in actions_on_screen(app) if "quit" in action}
    shown = screen_text(app)
    assert ESCAPE not in shown and "\x1b" not in "".join(toasts(app))
    return shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_talk_refusals_and_a_rooms_end_from_outside_are_shown_never_obeyed(
    server: tuple[GameServer, Address], tmp_path: Path, size: tuple[int, int]
) -> None:
    _game_server, address = server
    made = await room(address, SeatConfig("[/]"), SeatConfig("[@click=app.quit]"), SeatConfig("[bold]B", "greedy"))
    async with relay(address) as (middle, inject):
        game, seat_address = await joined(middle, made.room, made.invites[0].token)
        app = CwtuiApp(tmp_path, still=True, online=game, address=seat_address)
        async with app.run_test(size=size, notifications=True) as pilot, await Connection.open(address) as other:
            screen = app.screen
            assert isinstance(screen, OnlineScreen)
            await until(pilot, lambda: screen.connection is not None and screen.options)
            shown = await still_standing(app, pilot)
            assert "[/]" in shown and "[@click=app.quit]" in shown  # the seats' names, as they are
            # the other seat talks: the compact layout toasts it, the wide one logs it
            await other.send(Hello(made.room, made.invites[1].token))
            for line in ("gg [/] well played", *MARKUP, ESCAPE + "cleared?"):
                await other.send(Say(line))
                words = line.removeprefix(ESCAPE)
                await until(pilot, lambda words=words: any(words in heard.text for heard in screen.heard))
                await still_standing(app, pilot)
            assert any("[@click=app.quit]: gg [/] well played" in toast for toast in toasts(app)) or size[0] >= 120
            # the server in the middle: talk, refusals and a room's end of its own
            said = {"seat": 1, "name": "[/]" + ESCAPE, "text": ESCAPE + MEGABYTE, "at": "", "ply": None}
            await inject({"kind": "chat", "lines": [said]})
            await until(pilot, lambda: any(heard.name.startswith("[/]") for heard in screen.heard))
            await still_standing(app, pilot)
            refusals = [
                {"kind": "error", "message": "refused", "template": "there is no room {room} on this server",
                 "said": {"room": "[/]"}},
                {"kind": "error", "message": "refused", "template": "there is no room {room} on this server",
                 "said": {"room": "[@click=app.quit]" + MEGABYTE[:900_000]}},
                {"kind": "error", "message": "[bold]" + MEGABYTE[:900_000], "rule": "[@click=app.quit]"},
                {"kind": "error", "message": "refused", "template": BOMB, "said": {"a": "[/]" * 30_000}},
                {"kind": "error", "message": ESCAPE, "template": "[/] {a} [@click=app.quit]", "said": {"a": ESCAPE}},
            ]  # fmt: skip
            for refusal in refusals:
                await inject(refusal)
                await pilot.pause(0.1)
                shown = await still_standing(app, pilot)
            assert any(toast.startswith("Not allowed\nthere is no room [/] on this server") for toast in toasts(app))
            assert any("[/] [2J [@click=app.quit]" in toast for toast in toasts(app))  # the escape's characters dropped
            await inject({"kind": "room_closed", "room": "[/]" + ESCAPE, "reason": "[@click=app.quit]",
                          "template": "{a}" * 600, "said": {"a": "[/]" * 30_000}})  # fmt: skip
            await until(pilot, lambda: screen.gone is not None)
            shown = await still_standing(app, pilot)
            assert screen.gone is not None and screen.gone.startswith("room [/][2J was [/][/][/]")
            assert len(screen.gone) <= MAX_SHOWN + 100
            await pilot.click(offset=(size[0] // 2, size[1] // 2))  # wherever the words are, a click runs nothing
            assert app.is_running and app.crashed is None


NAMES = ("[/]", "[@click=app.quit]", "[bold]B", "[link=file:///]L")


@pytest.mark.slow
@pytest.mark.parametrize(("size", "humans"), [((80, 24), 2), ((120, 40), 1)])
async def test_seats_named_in_markup_through_a_whole_game_its_replay_and_the_history(
    tmp_path: Path, size: tuple[int, int], humans: int
) -> None:
    seats = tuple(SeatConfig(name, "human" if i < humans else "random") for i, name in enumerate(NAMES))
    session = GameSession.start(GameConfig(seats, 11), tmp_path)
    app = CwtuiApp(tmp_path, bot_speed="instant", still=True, game=session)
    async with app.run_test(size=size, notifications=True) as pilot:
        handovers: list[str] = []
        await play_by_keys(pilot, seed=4, handovers=handovers)
        assert isinstance(app.screen, ResultsScreen)
        assert set(handovers) == set(NAMES[:humans]) or humans == 1
        shown = await still_standing(app, pilot)
        assert "[/]" in shown and "[bold]B" in shown
        for key in ("b", "escape", "w"):  # the score sheet; the replay
            await pilot.press(key)
            await settle(pilot)
            await still_standing(app, pilot)
    # the lists that read the log back, and the history of it
    app = CwtuiApp(tmp_path, still=True)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("o")  # the replay list
        await settle(pilot)
        assert "[@click=app.quit]" in await still_standing(app, pilot)
        await pilot.press("enter")
        await settle(pilot)
        await still_standing(app, pilot)
        await pilot.press("escape", "escape", "h")  # the history: a query's answer is outside text too
        await wait_idle(pilot)
        editor = app.screen.query_one("#editor", TextArea)
        editor.load_text("select name, chr(27) || '[2J' || name as cleared, repeat(name, 100000) as long from seats")
        await pilot.press("f5")
        await wait_idle(pilot)
        shown = await still_standing(app, pilot)
        assert "[@click=app.qu" in shown and "[2J[/]" in shown  # cut to the room there is, at 80×24
        table = app.screen.query_one(ResultTable)
        cells = [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        assert len(cells) == 3 * len(NAMES) and max(map(len, cells)) <= CELL_WIDTH + 1  # a megabyte's value: a cell's
