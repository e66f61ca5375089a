"""A player's own key: who a server rates (cwtui.net.ratings), not a name anyone can type.

An Ed25519 key pair, made on first use and kept in the user's config folder
(`player.key`, readable by its user alone). A player is known to every server by the
public half (`player_id`, 43 characters). At a seat, the client proves it holds the
private half by signing the server's challenge for that connection (`Welcome.challenge`)
with the room's code (`proof`); the server checks it (`proves`) and rates the seat for
that player. A signature made for one connection or room is worth nothing at another.
The cryptography package does the signing: nothing here is home-made but the file.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import os
from pathlib import Path
from typing import Final

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from cwtui.game.logfile import UnfitFile, open_regular
from cwtui.shell.settings import config_folder

KEY_FILE: Final = "player.key"
ID_LENGTH: Final = 43  # characters of a public key, base64url without padding
MAX_KEY_FILE: Final = 1024  # bytes read at most: a key file is 44


class PlayerKeyError(Exception):
    """This user's key cannot be read or made: the player plays unrated (one line why)."""


def own_key(folder: Path | None = None) -> Ed25519PrivateKey:
    """This user's key, made (mode 0600) on first use; PlayerKeyError if it cannot be."""
    path = (folder or config_folder()) / KEY_FILE
    try:
        return _read(path)
    except FileNotFoundError:
        return _make(path)


def _read(path: Path) -> Ed25519PrivateKey:
    """The key in `path` (FileNotFoundError if there is none). Only a regular file of a
    key's size is read: /dev/zero would never end and a named pipe never answer. A link
    is followed (dotfile managers link config files; the folder is the user's own)."""
    try:
        with open_regular(path, MAX_KEY_FILE, "player key") as f:
            raw = f.read(MAX_KEY_FILE)
    except FileNotFoundError:
        raise
    except UnfitFile as exc:
        raise PlayerKeyError(f"{path}: {exc} (move it away, and a new key is made)") from None
    except OSError as exc:
        raise PlayerKeyError(f"cannot read your player key {path}: {exc.strerror or exc}") from None
    try:
        return Ed25519PrivateKey.from_private_bytes(_decode(raw.strip().decode("ascii")))
    except (ValueError, UnicodeDecodeError):
        raise PlayerKeyError(f"{path} is not a player key (move it away, and a new key is made)") from None


def _make(path: Path) -> Ed25519PrivateKey:
    key = Ed25519PrivateKey.generate()
    raw = key.private_bytes_raw()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another cwtui made it meanwhile: that one is the key
        try:
            return _read(path)
        except FileNotFoundError:  # a link to nothing: O_EXCL does not make its target
            raise PlayerKeyError(f"{path} is a link to nothing (move it away, and a new key is made)") from None
    except OSError as exc:
        raise PlayerKeyError(f"cannot keep a player key in {path.parent}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(_encode(raw) + "\n")
    except OSError as exc:
        with contextlib.suppress(OSError):
            path.unlink()
        raise PlayerKeyError(f"cannot keep a player key in {path.parent}: {exc.strerror or exc}") from None
    return key


def player_id(key: Ed25519PrivateKey) -> str:
    """The public half, as servers know the player."""
    return _encode(key.public_key().public_bytes_raw())


def proof(key: Ed25519PrivateKey, challenge: str, room: str) -> str:
    """The signature that proves `key` at the connection given `challenge` in `room`."""
    return _encode(key.sign(_signed(challenge, room)))


def proves(player: str, signature: str, challenge: str, room: str) -> bool:
    """`signature` is `player`'s key's, over this connection's challenge in this room.
    Only `player_id`'s spelling of a key proves it (`_decode`), so a key is one player."""
    try:
        public = Ed25519PublicKey.from_public_bytes(_decode(player))
        public.verify(_decode(signature), _signed(challenge, room))
    except (ValueError, InvalidSignature):
        return False
    return True


def short(player: str) -> str:
    """A player's key as people compare it: its first 8 characters."""
    return player[:8]


def _signed(challenge: str, room: str) -> bytes:
    return f"cwtui seat proof\n{room}\n{challenge}".encode()


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _decode(text: str) -> bytes:
    """base64url without padding, as `_encode` spells it; ValueError for anything else.

    One spelling only: 32 bytes take 43 characters, whose last carries 2 bits that the
    decoder drops, so four strings decode to one key (and sixteen to one signature).
    Each would prove the same key under another name: one person rated as two players."""
    if len(text) > 200 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in text):
        raise ValueError("not base64url")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error:
        raise ValueError("not base64url") from None
    if _encode(raw) != text:
        raise ValueError("not base64url as cwtui spells it (its last character's unused bits are set)")
    return raw
