"""Table talk: a line said at a table, cleaned, kept beside the room and sent to whoever
in the room reads it (spectators too where the host allowed it; cwtui.net.chat)."""

from __future__ import annotations

from cwtui.net import chat
from cwtui.net.protocol import Chat, ProtocolError
from cwtui.net.tables import Client, Tables


class Talk:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def say(self, client: Client, text: str) -> None:
        """A line of table talk, cleaned, kept beside the room and sent to whoever in
        the room reads it (cwtui.net.chat)."""
        room = client.room
        if room is None:
            raise ProtocolError("join a room first (hello)")
        if not room.talks(client.seat):
            raise ProtocolError("spectators do not talk in this room (its host did not allow it)")
        line = chat.clean(text)
        if not line:
            raise ProtocolError("nothing to say: a line of table talk needs printable words")
        if not room.talk_pace(client.seat, client.address).allow():
            raise ProtocolError(
                "slow down: at most {lines} lines in {seconds} s",
                lines=chat.RATE_LINES,
                seconds=format(chat.RATE_SECONDS, "g"),
            )
        if room.chat is None:
            raise ProtocolError("this room keeps no table talk")
        name = "a spectator" if client.seat is None else room.names[client.seat]
        try:
            said = room.chat.add(client.seat, name, line, room.ply)
        except OSError as exc:
            raise ProtocolError(
                "the server could not keep that line ({why}); it was not said", why=exc.strerror or exc
            ) from None
        for other in list(self.tables.clients.get(room.code, ())):
            if room.talks(other.seat):
                self.tables.send(other, Chat((said,)))
