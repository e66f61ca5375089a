"""A game kept by a server, as one connection knows it: the plies it was sent and the
latest Table. It is the `SeatedGame` of the online table (cwtui.screens.online), and
free of Textual and sockets, so it can be tested alone.

Everything here came from the server already redacted for this seat: the View, the
moves and events (`engine.visibility`). The hint searches from the View, as any bot.
"""

from __future__ import annotations

import time
from pathlib import Path

from cwtui.game.hint import Hint, hint_at
from cwtui.game.replaying import SeenRecord, final_scores
from cwtui.game.session import Ply
from cwtui.game.words import KIND_NAMES
from cwtui.lang import _
from cwtui.net.client import Address, Connection, Refused, meet
from cwtui.net.protocol import (
    Error,
    Hello,
    ProtocolError,
    Rematch,
    Rematched,
    RoomClosed,
    RoomInfo,
    SeenGame,
    Table,
    Welcome,
    in_language,
    unpack_views,
)
from engine.cards import Cards, load_cards
from engine.events import ScoreLine
from engine.moves import Move
from engine.view import View


def room_line(room: RoomInfo) -> str:
    """A room in the lobby, on one line: its code, how far its game is, its seats (with
    each rated player's rating on the server)."""

    def rated(seat: int) -> str:
        rating = room.ratings[seat] if seat < len(room.ratings) else None
        return f", rated {rating:.1f}" if rating is not None else ""

    seats = ", ".join(
        f"{name} ({KIND_NAMES.get(kind, kind)}{rated(seat)}{', here' if seat in room.connected else ''})"
        for seat, (name, kind) in enumerate(zip(room.names, room.kinds, strict=True))
    )
    state = "over" if room.over else f"move {room.ply + 1}"
    return f"{room.room}  {state:>9}  {seats}"


async def sit_down(address: Address) -> RemoteGame:
    """The game at `address` (HOST:PORT/ROOM[#TOKEN]) as its seat, or a spectator, sees
    it now; ServerGone or Refused with the line to show (no server, a wrong token, no
    such room, or card data other than the server's)."""
    welcome, table = await meet(address)
    cards = load_cards()
    if cards.hash != welcome.cards_hash:
        raise Refused(_("the server plays with other card data than this cwtui's; update one of them"))
    return RemoteGame(welcome, cards, table)


async def ask_rematch(address: Address, after: str) -> None:
    """Ask the room at `address` (a seat's line) for its next game after `after`, or
    learn it has begun; ServerGone or Refused with the line to show."""
    if address.room is None:
        raise Refused(_("give the room too: HOST:PORT/ROOM#TOKEN"))
    async with await Connection.open(address) as connection:
        await connection.send(Hello(address.room, address.token))
        await connection.send(Rematch(after))
        while True:
            answer = await connection.receive()
            if isinstance(answer, Rematched):
                return
            if isinstance(answer, Error):
                said = in_language(answer.message, answer.template, answer.said)
                raise Refused(_("the server refused: {reason}").format(reason=said))
            if isinstance(answer, RoomClosed):
                why = in_language(answer.reason, answer.template, answer.said)
                raise Refused(_("room {room} was {reason}").format(room=answer.room, reason=why))
            # anything else is what whoever sits down is sent (the table, the room's
            # talk): not the answer; the server answers the Rematch once that is sent


class RemoteGame:
    def __init__(self, welcome: Welcome, cards: Cards, table: Table) -> None:
        """`cards`: this client's card data, the same as the server's (the caller checks
        `welcome.cards_hash`)."""
        self.welcome = welcome
        self.seat = welcome.seat  # None: watching
        self._cards = cards
        self.history: list[Ply] = []
        self.table = table
        self.before: View | None = None
        self.take(table)
        self.before = None  # no last move to mark on arrival

    def take(self, table: Table) -> tuple[list[Ply], list[Ply]]:
        """A new table from the server: the plies it adds, and those it takes away (an
        undo took them back). A rejoin resends the whole game: nothing changes then."""
        previous = self.table.view
        sent = [Ply(p.seat, p.move, list(p.events), p.stand_in) for p in table.plies]
        # a rejoin sends the whole game again: what this client holds already is kept
        held = self.history[table.first :]
        same = 0
        while same < min(len(held), len(sent)) and held[same] == sent[same]:
            same += 1
        dropped = held[same:]
        added = sent[same:]
        del self.history[table.first + same :]
        self.history.extend(added)
        if dropped:
            self.before = None
        elif added:
            self.before = previous if previous.seat == table.view.seat else None
        self.table = table
        self.received = time.monotonic()  # the clock's times are as of now
        return added, dropped

    def time_left(self, seat: int) -> float | None:
        """Seconds `seat` has now on the room's clock (None: no clock, or none for it):
        the running seat's hand counted down since the table came, another's bank."""
        clock = self.table.clock
        if clock is None:
            return None
        if seat == clock.running and clock.hand_left is not None:
            return max(0.0, clock.hand_left - (time.monotonic() - self.received))
        return clock.banks[seat] if seat < len(clock.banks) else None

    # -- SeatedGame ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return list(self.welcome.names)

    @property
    def cards(self) -> Cards:
        return self._cards

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def to_act(self) -> int:
        return self.table.view.to_act

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def ply(self) -> int:
        return self.table.ply

    @property
    def can_undo(self) -> bool:
        return self.table.can_undo

    @property
    def path(self) -> Path | None:
        return None  # the log is the server's

    def is_human(self, seat: int) -> bool:
        return self.welcome.kinds[seat] == "human"

    def legal(self) -> list[Move]:
        return list(self.table.legal)

    def view_for(self, seat: int) -> View:
        return self.table.view  # the only one this client has: its seat's

    def view_before_last(self, seat: int) -> View | None:
        return self.before

    def hint(self) -> Hint:
        """The hint for this seat, from its View (cwtui.game.hint; call from a worker)."""
        return hint_at(self.table.view, self.legal(), self._cards)

    # -- the end ---------------------------------------------------------------------
    @property
    def scores(self) -> tuple[ScoreLine, ...] | None:
        """The final scores, once the game is over (its last event says them)."""
        return final_scores(ply.events for ply in self.history)

    def seen_record(self, game: SeenGame) -> SeenRecord:
        """The finished game's replay as this seat saw it: the plies it holds and the
        Views the server sent (ProtocolError if they are damaged or do not match)."""
        views = unpack_views(game.views, game.ply)
        if game.ply != len(self.history):
            raise ProtocolError(
                "the server sent a replay of {moves} moves; this table holds {held}",
                moves=game.ply,
                held=len(self.history),
            )
        who = "watched" if self.seat is None else f"as {self.names[self.seat]} saw it"
        return SeenRecord(
            f"room {self.welcome.room}, {who}", self.names, self._cards, self.seat, list(self.history), views
        )

    @property
    def away(self) -> tuple[int, ...]:
        return self.table.away

    @property
    def stood_in(self) -> tuple[int, ...]:
        return self.table.stood_in
