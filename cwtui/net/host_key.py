"""Who may create rooms on a game server: whoever holds its host key.

A server makes its key at its first start and keeps it in its folder (`server.key`,
readable by its user alone). Hosts give it after the address, `HOST:PORT#KEY`, as a
seat's invite gives its token; `cwtui host` and the app on the server's own machine, run
by the same user, find it without being told, for a server on a loopback address: the
running server leaves it in that user's state folder, by port.

Why a key and not accounts: a server for friends has one operator, who makes the rooms
or hands the key to whoever should. Everyone else can sit at a seat they were invited to
(its token) or watch, and nothing more: before the key, one anonymous connection made
200 rooms in 2 s and every later `cwtui host` was refused (issue 39).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Final

from cwtui.game.logfile import open_regular

if TYPE_CHECKING:
    from cwtui.net.address import Address

KEY_FILE: Final = "server.key"
STATE_ENV: Final = "CWTUI_STATE_DIR"  # the state folder, instead of the platform's (tests)
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
_KEY_BYTES = 24  # 32 characters of URL-safe base64
MAX_KEY_FILE: Final = 1024  # bytes of a key's file read at most (a key is 33)


class HostKeyError(OSError):
    """The server's key cannot be made or read: the line to show."""


def of_server(folder: Path) -> str:
    """The server's key, made (exclusively, so two servers starting at once agree) at
    its first start."""
    path = folder / KEY_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        made = secrets.token_urlsafe(_KEY_BYTES)
        with contextlib.suppress(FileExistsError):
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(descriptor, made.encode() + b"\n")
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        # a regular file only, and small: a device without end or a pipe at its name is
        # refused, never read or waited on (a link is followed: servers may share one key)
        with open_regular(path, MAX_KEY_FILE, "server key") as file:
            key = file.read(MAX_KEY_FILE).decode("ascii", errors="replace").strip()
    except OSError as exc:
        raise HostKeyError(f"cannot keep the server's key in {path}: {exc.strerror or exc}") from None
    if not _well_formed(key):
        raise HostKeyError(f"{path} is not a server key (remove it, and a new key is made)")
    return key


def _well_formed(key: str) -> bool:
    return 20 <= len(key) <= 100 and all(c.isascii() and (c.isalnum() or c in "-_") for c in key)


def state_folder() -> Path:
    given = os.environ.get(STATE_ENV)
    if given:
        return Path(given)
    from platformdirs import user_state_path

    return user_state_path("cwtui")


def _entry(port: int) -> Path:
    return state_folder() / "servers" / f"{port}.json"


def register(port: int, key: str, folder: Path) -> None:
    """Leave the key where this user's `cwtui host` finds it (best effort: without it,
    hosts give the key)."""
    entry = _entry(port)
    with contextlib.suppress(OSError):
        entry.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(entry, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump({"key": key, "folder": str(folder.resolve()), "pid": os.getpid()}, out)


def unregister(port: int, key: str) -> None:
    """Remove the entry, if it is still this server's."""
    if local_key_at(port) == key:
        with contextlib.suppress(OSError):
            _entry(port).unlink()


def local_key_at(port: int) -> str | None:
    """The key the server on `port` left, if that server still runs: an entry left by
    one killed with kill -9 is not sent to whatever listens on the port now."""
    try:
        entry = json.loads(_entry(port).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict):
        return None
    key, pid = entry.get("key"), entry.get("pid")
    if not isinstance(key, str) or not _well_formed(key) or not isinstance(pid, int) or not _running(pid):
        return None
    return key


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # a process of another user's: not this server's; its port is checked by the key
    except OSError:
        return False
    return pid > 0


def local_key(uri: str) -> str | None:
    """The key of a server on this machine's loopback address (`ws://HOST:PORT`), as
    its running server left it for this user; None for any other server (a key is
    never sent to a server it is not for)."""
    host, _, port = uri.split("://", 1)[-1].rpartition(":")
    if host.lower() not in LOOPBACK or not port.isdecimal():
        return None
    return local_key_at(int(port))


def key_for(address: Address) -> str | None:
    """The host key to send with `address` (HOST:PORT#KEY): the one it gives, or the one
    a server of this machine left for this user."""
    return address.token or local_key(address.uri)
