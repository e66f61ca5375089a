"""A player's own key (cwtui.net.player_key): one spelling each, and the key file read
only if it can be one (issue 51.14)."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from test_ratings import made
from test_resign_abort import until

from cwtui.cli import main
from cwtui.net import player_key
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import Error, Hello, Identify, Welcome
from cwtui.net.ratings import Entrant
from cwtui.net.server import GameServer
from cwtui.shell import settings
from engine.config import SeatConfig

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def spellings(text: str, unused_bits: int) -> list[str]:
    """Every string that base64url decodes to the bytes `text` spells: its last
    character with each value of the bits the decoder drops."""
    last = ALPHABET.index(text[-1]) & ~((1 << unused_bits) - 1)
    return [text[:-1] + ALPHABET[last | bits] for bits in range(1 << unused_bits)]


def test_a_key_and_a_signature_prove_in_one_spelling_only(tmp_path: Path) -> None:
    """32 bytes in 43 characters leave 2 bits over (four spellings of a key), 64 bytes in
    86 leave 4 (sixteen of a signature); each spelling proved the key."""
    key = player_key.own_key(tmp_path)
    player = player_key.player_id(key)
    signature = player_key.proof(key, "challenge", "ROOM42")
    assert len(spellings(player, 2)) == 4 and player in spellings(player, 2)
    assert [s for s in spellings(player, 2) if player_key.proves(s, signature, "challenge", "ROOM42")] == [player]
    assert [s for s in spellings(signature, 4) if player_key.proves(player, s, "challenge", "ROOM42")] == [signature]


async def test_one_key_spelled_otherwise_is_not_a_second_player(
    server: tuple[GameServer, Address], tmp_path: Path
) -> None:
    """Ana rated at her seat, then at Bo's under another spelling of her key: refused as
    any proof that is not her key's, and the room rates her once."""
    game_server, address = server
    room = await made(address, SeatConfig("Ana"), SeatConfig("Bo"))
    key = player_key.own_key(tmp_path / "ana")
    player = player_key.player_id(key)
    ana = await identified(address, room.room, room.invites[0].token, key, player)
    async with asyncio.timeout(30):
        while not game_server.rooms[room.room].players:
            await asyncio.sleep(0.01)
    other = next(s for s in spellings(player, 2) if s != player)
    bo = await identified(address, room.room, room.invites[1].token, key, other)
    reply = await until(bo, Error)
    assert isinstance(reply, Error)
    assert reply.message == "that proof is not that key's signature of this connection's challenge"
    assert game_server.rooms[room.room].players == {0: player}
    for connection in (ana, bo):
        await connection.close()


async def identified(address: Address, room: str, token: str, key: Ed25519PrivateKey, spelled: str) -> Connection:
    """A seat's connection, proving `key` under the spelling `spelled`."""
    connection = await Connection.open(address)
    await connection.send(Hello(room, token))
    welcome = await connection.receive()
    assert isinstance(welcome, Welcome)
    await connection.send(Identify(spelled, player_key.proof(key, welcome.challenge, room)))
    return connection


def within(seconds: float, work: Callable[[], object]) -> object:
    """`work`'s result (or the exception it raised), or a failure if it takes longer: in
    a thread of its own, so that a read that never ends fails the test, not the run."""
    done: list[object] = []

    def run() -> None:
        try:
            done.append(work())
        except Exception as exc:
            done.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"still at work after {seconds} s"
    return done[0]


PLANTED_KEYS = {
    "/dev/zero": (lambda key: key.symlink_to("/dev/zero"), "it is not a regular file (a device or a pipe)"),
    "a named pipe": (lambda key: os.mkfifo(key), "it is not a regular file (a device or a pipe)"),
    "a folder": (lambda key: key.mkdir(), "it is a folder"),
    "a large file": (lambda key: key.write_bytes(b"A" * 100_000), "it is 100,000 bytes"),
}


@pytest.mark.parametrize("plant", PLANTED_KEYS.values(), ids=PLANTED_KEYS.keys())
def test_a_key_file_that_cannot_be_a_key_is_refused_at_once(
    tmp_path: Path, plant: tuple[Callable[[Path], object], str]
) -> None:
    """player.key linked to /dev/zero grew to 1.5 GB in a second, and a pipe hung the
    command: only a regular file of a key's size is read, and the player plays unrated
    (one line why)."""
    make, says = plant
    make(tmp_path / player_key.KEY_FILE)
    refused = within(10, lambda: player_key.own_key(tmp_path))
    assert isinstance(refused, player_key.PlayerKeyError)
    assert str(refused).startswith(f"{tmp_path / player_key.KEY_FILE}: {says}")
    assert str(refused).endswith("(move it away, and a new key is made)") and "\n" not in str(refused)


def test_a_key_file_linked_to_nothing_is_refused(tmp_path: Path) -> None:
    """It was made afresh, found taken (O_EXCL does not follow the link), read again, not
    found, made afresh… until Python's recursion limit."""
    (tmp_path / player_key.KEY_FILE).symlink_to(tmp_path / "gone")
    refused = within(10, lambda: player_key.own_key(tmp_path))
    assert isinstance(refused, player_key.PlayerKeyError) and "is a link to nothing" in str(refused)
    assert not (tmp_path / "gone").exists()


async def test_the_ratings_command_is_not_held_up_by_a_pipe_for_a_key(
    server: tuple[GameServer, Address], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    game_server, address = server
    game_server.ratings.rate(
        "g1", "ROOM42", "finished", [Entrant(0, "A" * 43, "Ana", 1), Entrant(1, "B" * 43, "Bo", 2)]
    )
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / player_key.KEY_FILE)
    monkeypatch.setenv(settings.CONFIG_ENV, str(config))
    done: list[int] = []
    thread = threading.Thread(target=lambda: done.append(main(["ratings", address.uri.removeprefix("ws://")])))
    thread.daemon = True  # one stuck on the pipe must not hold the run up
    thread.start()
    async with asyncio.timeout(30):
        while not done:
            await asyncio.sleep(0.05)
    assert done == [0]
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and not any(line.startswith("▶") for line in out)  # nobody marked as this user
