"""A player's own key (cwtui.net.player_key): one spelling each (issue 51.14), and the key
file read only if it is one."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from test_ratings import made
from test_resign_abort import until

from cwtui.net import player_key
from cwtui.net.client import Address, Connection
from cwtui.net.protocol import Error, Hello, Identify, Welcome
from cwtui.net.server import GameServer
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
