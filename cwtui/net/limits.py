"""What one client, address, seat or room may take of a game server (`cwtui serve`'s
options set some of them)."""

from __future__ import annotations

from dataclasses import dataclass

DAY = 24 * 3600.0


@dataclass(frozen=True)
class Limits:
    """What one client, address, seat or room may take of the server (issue 51.6: each
    counted where a stranger could otherwise take everyone's share)."""

    # Connections from an address not at a seat: the lobby, hosts, spectators, a table
    # before its hello. A connection that sits at a seat counts against its seat instead,
    # so spectators from an address never keep its players out.
    connections_per_address: int = 32
    connections_per_seat: int = 4  # a player's tables at once (a terminal, a browser…)
    spectators_per_address: int = 8  # spectators' tables from one address, in every room
    spectators_per_room: int = 100
    # Sockets from an address still opening (from their accept to their handshake's
    # end), and how long a handshake may take (cwtui.net.gate).
    handshakes_per_address: int = 8
    handshake_timeout: float = 5.0
    # Descriptors kept from sockets for the server's files (logs, rooms, ratings, and
    # with --web each browser's guest): the server can always save and answer.
    descriptors_reserved: int = 64
    # Bytes a connection may have waiting to be sent (about 80 tables); past it, it is
    # cut off: it does not read what it is sent (cwtui.net.tables.Tables.write).
    behind: int = 256 * 1024
    # Rooms held at once, finished ones still listed included (when full, the finished
    # ones nobody watches are retired first), and held by rooms one address made.
    rooms: int = 200
    rooms_per_address: int = 10
    rooms_an_hour: int = 30  # rooms an address may make in an hour
    # Seconds a connection in no room may stay silent: a lobby's or a host's question
    # comes at once, and a table says hello at once.
    idle_outside: float = 5.0
    # Seconds a spectator's connection may stay silent: a cwtui table says `Watching`
    # well within it (Welcome.idle tells it how long); a socket that only listens, one
    # of hundreds, each costing every move of the room, is closed (issue 65.5).
    idle_spectator: float = 300.0
    # Seconds a room under way may go without a move, and with nobody at it, before it
    # is closed (`serve --room-ttl`): long enough for a game played over days.
    room_ttl: float = 30 * DAY
    finished_kept: float = 3600.0  # seconds a finished room is served (the lobby, its replay) after its end
    sweep_every: float = 60.0  # seconds between looks for rooms to close or retire
