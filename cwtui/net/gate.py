"""Who may open a connection to the game server, counted from the moment its socket is
accepted, before any websocket handshake.

A socket costs the server a file descriptor from its accept on. The server's other
limits (connections an address, a seat's, spectators) count connections that have said
who they are, after the handshake; a socket that never finishes it would escape them
and, a few hundred at once, take every descriptor the process has: the server could
then accept nobody and open no file (issue 51.6: 300 such sockets locked new clients
out of a server of 256 descriptors, with thousands of lines of tracebacks). So:

- an address may have at most `Limits.handshakes_per_address` sockets opening at once
  (a trusted proxy's are every client's: they count only against the whole);
- the server holds at most as many sockets as its descriptors allow, less those kept
  for its files (`descriptors_reserved`, and FILES_A_ROOM a room) and for the sockets
  the event loop has accepted that the gate has not yet seen or closed (`in_flight`):
  it always has descriptors to play, save and answer with;
- a socket refused is answered, where the client asks within REFUSAL_GRACE, with an
  HTTP 503 whose body says why in words (`REFUSED` begins it: the client shows it);
  one that says nothing in that time is cut, and so at once is one from an address
  already being told, or beyond half the reserve (a flood gets one answer an address).

The websocket library times the handshake itself (`Limits.handshake_timeout`).
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
from collections import Counter
from collections.abc import Callable
from typing import Any, Final, cast

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from cwtui.net.protocol import REFUSED

REFUSAL_GRACE: Final = 1.0  # seconds a refused socket has to ask, and be told why
BACKLOG: Final = 100  # the listening socket's queue, and the sockets the event loop accepts at a time
# asyncio's selector loop accepts a batch of sockets in one turn; their transports are
# made a turn later, the gate sees them (connection_made) the turn after that, and a
# socket it refuses is closed a turn later still. So up to three batches are open that
# the gate has not yet counted or has refused and not yet closed: the descriptors kept for
# them (the CI run of stop 59: a flood of 320 sockets at a server of 256 descriptors
# reached the limit and asyncio said "socket.accept() out of system resource").
BATCHES_IN_FLIGHT: Final = 3
FILES_A_ROOM: Final = 2  # descriptors a room holds: its log, and a file written beside it


def backlog(available: int) -> int:
    """The listening queue and accept batch for a process of `available` descriptors:
    BACKLOG, less where its batches in flight would take more than three eighths of them."""
    return max(8, min(BACKLOG, available * 3 // (8 * BATCHES_IN_FLIGHT)))


def in_flight(available: int) -> int:
    """The descriptors sockets accepted but not yet counted, or refused and not yet
    closed, may take."""
    return BATCHES_IN_FLIGHT * backlog(available)


def descriptors() -> int:
    """The descriptors this process may open: the soft limit, raised first to the hard
    one (a server's usual start; `ulimit -n` or systemd's LimitNOFILE set the hard)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft


class Gate:
    """The sockets the server holds: in all, and those still opening, by address."""

    def __init__(
        self,
        handshakes_per_address: int,
        most: Callable[[], int],
        reserved: int,
        trusted_proxy: str | None = None,
    ) -> None:
        """`most`: how many sockets the server may hold now (its descriptors less its
        files'); `reserved`: the descriptors kept from sockets, half of which refused
        sockets may hold while they are told why."""
        self.handshakes_per_address = handshakes_per_address
        self.most = most
        self.reserved = reserved
        self.trusted_proxy = trusted_proxy
        self.held = 0  # sockets accepted and not yet closed, refused ones included
        self.refusing = 0  # refused sockets not yet closed
        self.answering: set[str] = set()  # addresses with a refused socket held to be told why
        self.opening: Counter[str] = Counter()  # by address: sockets before their handshake's end

    def admit(self, address: str) -> str | None:
        """Why a socket just accepted from `address` is refused, or None. Counted
        either way, until `closed`."""
        self.held += 1
        if self.held > self.most():
            reason = "this server has as many connections as it takes now; try again in a while"
        elif address != self.trusted_proxy and self.opening[address] >= self.handshakes_per_address:
            reason = f"at most {self.handshakes_per_address} connections an address may be opening at once"
        else:
            self.opening[address] += 1
            return None
        self.refusing += 1
        return reason

    def opened(self, address: str) -> None:
        """The socket from `address` has finished its handshake: the server's other
        limits count it now."""
        self._forget(address)

    def closed(self, address: str | None, refused: bool, answered: str | None) -> None:
        """A socket is gone: `address` if it was still opening, or None; `answered`:
        the address of a refused one held to be told why."""
        self.held -= 1
        if refused:
            self.refusing -= 1
        elif address is not None:
            self._forget(address)
        if answered is not None:
            self.answering.discard(answered)

    def answers(self, address: str) -> bool:
        """Whether a refused socket from `address` may be held a moment to be told why:
        one an address at a time (a flood's others are cut at once), and never when the
        refused ones would take more than half the descriptors kept for files."""
        if address in self.answering or self.refusing > self.reserved // 2:
            return False
        self.answering.add(address)
        return True

    def _forget(self, address: str) -> None:
        self.opening[address] -= 1
        if self.opening[address] <= 0:
            del self.opening[address]


def gated(gate: Gate) -> type[ServerConnection]:
    """The websocket library's connection, counted by `gate` from its socket's accept."""

    class Gated(ServerConnection):
        refused: str | None = None  # why it is refused (None: admitted)
        opening_from: str | None = None  # its address, while it is still opening
        answered: str | None = None  # its address, while it is held to be told why it is refused

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else "?"
            self.refused = gate.admit(address)
            if self.refused is None:
                self.opening_from = address
            elif gate.answers(address):
                self.answered = address
                self.loop.call_later(REFUSAL_GRACE, cast(asyncio.Transport, transport).abort)
            else:
                cast(asyncio.Transport, transport).abort()

        def connection_lost(self, exc: Exception | None) -> None:
            gate.closed(self.opening_from, self.refused is not None, self.answered)
            self.opening_from = self.answered = None
            super().connection_lost(exc)

        def handshake_done(self) -> None:
            """Its handshake is over (the server's handler starts): no longer opening."""
            if self.opening_from is not None:
                gate.opened(self.opening_from)
                self.opening_from = None

    return Gated


def refusal(connection: ServerConnection, _request: Request) -> Response | None:
    """websockets' `process_request`: a refused socket's answer, HTTP 503 saying why."""
    refused: Any = getattr(connection, "refused", None)
    if refused is None:
        return None
    return connection.respond(503, f"{REFUSED}{refused}\n")
