"""Issue 65: text from outside (another seat's name and talk, a server's words, a file's
name, a query's result) reaches a terminal as its characters and bounded, through
cwtui.outside.plain: never an escape, never markup, never a line of a megabyte. The
commands here; the app's screens in tests/app/test_outside_text_screens.py."""

from __future__ import annotations

import asyncio
import contextlib
import time
import tracemalloc
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
from websockets.asyncio.server import ServerConnection, serve

from cwtui.batch.runner import play_game
from cwtui.cli import main
from cwtui.net.protocol import MAX_FRAME, Error, RoomClosed, RoomInfo, Rooms, decode_server, in_language
from cwtui.outside import CUT, MAX_SHOWN, MAX_VALUE, plain
from engine.config import GameConfig, SeatConfig

MARKUP = ("[/]", "[bold]", "[@click=app.quit]")
ESCAPE = "\x1b[2J"
MEGABYTE = "[/]" * 333_333
BOMB = "{a}" * 10_000


def test_plain_is_printable_bounded_and_keeps_markup_as_characters() -> None:
    assert plain("gg [/] well played") == "gg [/] well played"
    assert plain(ESCAPE + "[bold]x\u202eevil\nline") == "[2J[bold]xevil line"
    cut = plain(MEGABYTE)
    assert len(cut) == MAX_SHOWN and cut.endswith(CUT) and cut.startswith("[/][/]")
    assert plain("abc", 2) == "a" + CUT
    assert plain("x" * MAX_SHOWN) == "x" * MAX_SHOWN  # exactly at the bound: whole


def test_a_megabyte_is_cut_before_it_is_looked_at() -> None:
    text = "\x00" * 10_000_000  # every character would be looked at by the printable filter
    started = time.perf_counter()
    assert plain(text) == CUT  # nothing printable in the first MAX_SHOWN, and more after
    assert time.perf_counter() - started < 0.05


def test_a_template_repeating_a_value_ten_thousand_times_fills_a_bounded_line() -> None:
    """Issue 65.4: a 900 KB error asked for 60 billion characters, and `cwtui rooms`
    died of MemoryError."""
    # too long a template is not filled: the English text, bounded, says it
    assert in_language("[/] refused", BOMB, {"a": "x" * 900_000}) == "[/] refused"
    # the longest template filled with the longest values: bounded before, cut after
    tracemalloc.start()
    said = in_language("refused", "{a}" * (MAX_SHOWN // 3), {"a": "x" * 900_000})
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(said) == MAX_SHOWN and said.startswith("x" * (MAX_VALUE - 1) + CUT + "x")
    assert peak < 4_000_000  # a few hundred kilobytes at most are ever made
    assert in_language(MEGABYTE, "", {}) == plain(MEGABYTE)
    # a value is cut to MAX_VALUE, markup and escapes kept as characters or dropped
    filled = in_language("", "there is no room {room} on this server", {"room": ESCAPE + MEGABYTE})
    assert filled == f"there is no room {plain(ESCAPE + MEGABYTE, MAX_VALUE)} on this server"


def test_every_string_a_server_sends_is_shown_bounded() -> None:
    names = ("[/]" + ESCAPE, "x" * 900_000)
    data = msgspec.json.encode(Rooms((RoomInfo("[/]", names, ("human", "human"), 0, False, ()),))).decode()
    rooms = decode_server(data)
    assert isinstance(rooms, Rooms)
    assert rooms.rooms[0].names == ("[/][2J", "x" * (MAX_SHOWN - 1) + CUT)
    # one string over the bound, the message otherwise plain: still bounded
    long = decode_server(msgspec.json.encode(Error("y" * 5000)))
    assert isinstance(long, Error) and len(long.message) == MAX_SHOWN
    # a plain message is kept as it is, not walked
    plain_one = msgspec.json.encode(RoomClosed("ABCDEF", "closed by its host"))
    assert decode_server(plain_one) == RoomClosed("ABCDEF", "closed by its host")


@pytest.mark.parametrize("length", [MAX_SHOWN - 1, MAX_SHOWN, MAX_SHOWN + 1, 3 * MAX_SHOWN])
@pytest.mark.parametrize("offset", [0, 1, 999, 1000, 1001])
def test_the_quick_look_finds_every_string_too_long_wherever_it_lies(length: int, offset: int) -> None:
    """`decode_server` looks a message over before walking it; a string over MAX_SHOWN
    anywhere in it, in any alignment, is found and cut."""
    names = ("x" * offset, "y" * length, *("z" * 900 for _ in range(5)))
    data = msgspec.json.encode(Rooms((RoomInfo("ABCDEF", names, ("human",) * 7, 0, False, ()),)))
    rooms = decode_server(data)
    assert isinstance(rooms, Rooms)
    shown = rooms.rooms[0].names[1]
    assert shown == ("y" * length if length <= MAX_SHOWN else "y" * (MAX_SHOWN - 1) + CUT)


@contextlib.asynccontextmanager
async def hostile_server(message: object) -> AsyncIterator[str]:
    """A server that answers every question with `message`."""
    data = msgspec.json.encode(message).decode()
    assert len(data) < MAX_FRAME

    async def handle(connection: ServerConnection) -> None:
        async for _question in connection:
            await connection.send(data)

    async with serve(handle, "127.0.0.1", 0, max_size=2 * MAX_FRAME) as server:
        yield f"127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"


ANSWERS = {
    "markup": {"kind": "error", "message": "[/]", "template": "there is no room {room} on this server",
               "said": {"room": "[@click=app.quit][/]"}},
    "bomb": {"kind": "error", "message": "refused", "template": BOMB, "said": {"a": "x" * 90_000}},
    "megabyte": {"kind": "error", "message": ESCAPE + MEGABYTE[:990_000]},
    "rooms": Rooms((RoomInfo("[/]" + ESCAPE, ("[bold]", "x" * 900_000), ("human", "greedy"), 3, False, (0,), 0),)),
    "ratings": {"kind": "ratings", "players": [{"player": "[/]", "name": "[@click=app.quit]" + "y" * 900_000,
                                               "rating": 1.0, "mu": 25.0, "sigma": 8.0, "games": 1}]},
}  # fmt: skip


@pytest.mark.parametrize("answer", list(ANSWERS))
@pytest.mark.parametrize("command", ["rooms", "ratings", "join", "close"])
async def test_no_command_crashes_or_floods_on_a_servers_words(
    answer: str, command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    async with hostile_server(ANSWERS[answer]) as server:
        argv = {
            "rooms": ["rooms", server],
            "ratings": ["ratings", server],
            "join": ["join", f"{server}/ROOM#token"],
            "close": ["close", f"{server}#key", "ROOM"],
        }[command]
        started = time.perf_counter()
        code = await asyncio.to_thread(main, ["--replays-dir", str(tmp_path), *argv])
        assert time.perf_counter() - started < 10
    printed = capsys.readouterr()
    assert code in (0, 1) and "crashed" not in printed.err
    for stream in (printed.out, printed.err):
        assert "\x1b" not in stream
        assert all(len(line) <= MAX_SHOWN + 200 for line in stream.splitlines()), max(map(len, stream.splitlines()))
    shows = answer in ("markup", "megabyte") or answer == command  # else: "the server answered something else"
    assert not shows or "[/]" in printed.out + printed.err or "[bold]" in printed.out + printed.err


def test_sql_shows_a_querys_markup_escapes_and_megabytes_as_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cwtui sql` drew its table with Rich, which read `[/]` in a value as markup and
    crashed, and printed a value's escapes to the terminal."""
    db = tmp_path / "h.duckdb"
    (tmp_path / "logs").mkdir()
    assert main(["history", "load", str(tmp_path / "logs"), "--db", str(db)]) == 0
    query = "select '[/]' as \"[bold]\", chr(27) || '[2Jcleared' as b, repeat('[@click=app.quit]', 100000) as c"
    assert main(["sql", "--db", str(db), query]) == 0
    out = capsys.readouterr().out
    assert "[/]" in out and "[bold]" in out and "[2Jcleared" in out and "[@click=app.quit]" in out
    assert "\x1b" not in out and len(out) < 20_000
    assert main(["sql", "--db", str(db), "select [/]"]) == 1  # a query's error quotes it: one line, no crash
    assert "crashed" not in capsys.readouterr().err


def test_file_names_reach_a_command_as_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log's file name is outside text too: `verify` and `history load` printed its
    escapes to the terminal."""
    folder = tmp_path / "logs"
    folder.mkdir()
    play_game(GameConfig((SeatConfig("[/]", "random"), SeatConfig("Bo", "random")), 3), folder)
    (log,) = folder.glob("*.jsonl")
    named = log.rename(folder / "a\x1b[31mred[b].jsonl")
    (folder / "b\x1b]0;title\x07.jsonl").write_text("junk\n")
    main(["verify", str(named), str(folder / "b\x1b]0;title\x07.jsonl")])
    main(["history", "load", str(folder), "--db", str(tmp_path / "h.duckdb")])
    printed = capsys.readouterr()
    for stream in (printed.out, printed.err):
        assert "\x1b" not in stream and "\x07" not in stream
    assert "a[31mred[b].jsonl" in printed.out and "b]0;title.jsonl" in printed.err
