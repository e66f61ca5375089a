"""What a game server reads from its folder (issue 51.9 and 51.14's player key, for the
server's own files): a room's file, its talk and its clock, the ratings and the host
key. A device without end (a link to /dev/zero) or a named pipe planted at one of those
names made the server read until memory ran out, or wait for ever. Each is now refused
at once: the server starts, says a line for what it could not read, and serves; the
key it cannot do without ends it in one line. A real `cwtui serve`, its memory capped."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cwtui.net.chat import ChatLog
from cwtui.net.client import Address, Connection
from cwtui.net.clock import clock_rule
from cwtui.net.host_key import KEY_FILE, of_server
from cwtui.net.protocol import Hello, ListRooms, Rooms, Table, Welcome
from cwtui.net.ratings import FILE_NAME
from cwtui.net.room_store import RoomStore
from engine.config import GameConfig, SeatConfig


def a_device_without_end(path: Path) -> None:
    os.symlink("/dev/zero", path)


def a_named_pipe(path: Path) -> None:
    os.mkfifo(path)


def a_served_folder(folder: Path) -> tuple[str, str]:
    """A server's folder with a room (its clock and talk too), ratings and a key: the
    room's code and Ana's token."""
    store = RoomStore(folder)
    config = GameConfig((SeatConfig("Ana"), SeatConfig("Bo")), 7)
    room, invites = store.create(config, set(), clock=clock_rule((600.0, 0.0), None))
    assert room.clock is not None
    room.clock.save()
    ChatLog(folder / "rooms" / f"{room.code}.chat.ndjson").add(0, "Ana", "good luck", 0)
    (folder / FILE_NAME).write_bytes(b"")
    of_server(folder)
    room.close()
    return room.code, invites[0].token


PLANTED = {
    "room": lambda code: f"rooms/{code}.json",
    "talk": lambda code: f"rooms/{code}.chat.ndjson",
    "clock": lambda code: f"rooms/{code}.clock.json",
    "ratings": lambda code: FILE_NAME,
    "host key": lambda code: KEY_FILE,
}
SAID = {  # what the server says of each (a line on its standard error, or its refusal)
    "room": "cannot be opened",
    "talk": None,  # the talk is only not shown
    "clock": ".clock.json cannot be read",
    "ratings": f"{FILE_NAME} cannot be read",
    "host key": f"cwtui serve: cannot keep the server's key in {{folder}}/{KEY_FILE}",
}


@pytest.mark.slow
@pytest.mark.parametrize("plant", [a_device_without_end, a_named_pipe], ids=["dev-zero", "pipe"])
@pytest.mark.parametrize("file", list(PLANTED))
async def test_a_server_never_reads_without_end_nor_waits_on_its_files(
    tmp_path: Path, file: str, plant: Callable[[Path], None]
) -> None:
    folder = tmp_path / "server"
    code, token = a_served_folder(folder)
    planted = folder / PLANTED[file](code)
    planted.unlink()
    plant(planted)
    capped = f'ulimit -v 4000000; exec "{sys.executable}" -m cwtui serve --port 0 --replays-dir "{folder}"'
    server = subprocess.Popen(["bash", "-c", capped], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and server.stderr is not None
        first = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
        if file == "host key":  # no key, no server: one line, and nothing listens
            assert first == "" and server.wait(30) == 2
            err = server.stderr.read()
            assert err.startswith(SAID[file].format(folder=folder)) and err.count("\n") == 1, err
            return
        listening = re.search(r"listening on (ws://[\d.]+:\d+)", first)
        assert listening, (first, server.poll())
        address = Address(listening[1])
        async with await Connection.open(address) as lobby:
            await lobby.send(ListRooms())
            rooms = await asyncio.wait_for(lobby.receive(), 10)
        assert isinstance(rooms, Rooms) and [room.room for room in rooms.rooms] == ([] if file == "room" else [code])
        if file != "room":  # Ana sits down: her table, whatever her room's talk is
            async with await Connection.open(address) as ana:
                await ana.send(Hello(code, token))
                assert isinstance(await asyncio.wait_for(ana.receive(), 10), Welcome)
                assert isinstance(await asyncio.wait_for(ana.receive(), 10), Table)
    finally:
        server.terminate()
        _out, err = server.communicate(timeout=30)
    assert "Traceback" not in err and "MemoryError" not in err, err
    if SAID[file] is not None:
        assert SAID[file] in err, err
