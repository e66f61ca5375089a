"""What a room shows each viewer: a seat's or a spectator's table now, and the finished
game as they saw it. Made by the engine's one policy of what a seat may know
(engine.view, engine.visibility), as every local screen is: nothing here decides a
secret."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import cast

from cwtui.net.protocol import ProtocolError, SeenGame, SeenPly, Table, pack_views
from cwtui.net.room import SPECTATOR_SEAT, Room
from engine.moves import AnyMove
from engine.setup import set_up
from engine.view import View, view, views
from engine.visibility import SeenEvent, SeenMove, seen, seen_move
from engine.walk import walk_in_place


def seat_views(room: Room, viewers: Iterable[int | None]) -> dict[int | None, View]:
    """What each viewer (None: a spectator) may know now, built at once."""
    viewers = tuple(viewers)
    shown = views(room.session.state, {SPECTATOR_SEAT if v is None else v for v in viewers})
    return {viewer: shown[SPECTATOR_SEAT if viewer is None else viewer] for viewer in viewers}


def table(room: Room, viewer: int | None, first: int, shown: View) -> Table:
    """The game as `viewer` may know it: its View `shown` (from `seat_views`), with the
    plies from number `first` on."""
    session = room.session
    state = session.state
    cards = state.cards
    first = max(0, min(first, len(session.history)))
    plies = tuple(
        SeenPly(
            ply.seat,
            cast(SeenMove, seen_move(ply.move, ply.seat, viewer)),
            tuple(cast(SeenEvent, seen(e, viewer, cards)) for e in ply.events),
            ply.stand_in,
        )
        for ply in session.history[first:]
    )
    stood_in = room.stood_in
    to_move = viewer is not None and not state.over and state.to_act == viewer and viewer not in stood_in
    return Table(
        ply=len(session.history),
        first=first,
        plies=plies,
        view=shown,
        legal=tuple(cast(AnyMove, m) for m in session.legal()) if to_move else (),
        can_undo=to_move and session.can_undo,
        away=room.away,
        unjoined=tuple(seat for seat in room.away if seat not in room.joined),
        stood_in=stood_in,
        over=state.over,
        resigned=tuple(sorted(room.resigned)),
        abort_votes=tuple(sorted(room.abort_votes)) if room.first_round else (),
        clock=room.clock.shown(room.session.humans, len(state.seats), time.time()) if room.clock else None,
        ratings=room.rated,
    )


def seen_game(room: Room, viewer: int | None) -> SeenGame:
    """The finished game as `viewer` saw it: its View at every position, made by the
    engine's policy as every Table's View is. Only once the game is over, when it no
    longer changes: each viewer's is made once (about 0.1 s, in a thread) and kept,
    so asking again costs the server nothing."""
    if not room.over:
        raise ProtocolError("the replay comes once the game is over", "R9")
    if viewer not in room.seen_games:
        session = room.session
        seat = SPECTATOR_SEAT if viewer is None else viewer
        state, _setup = set_up(session.config, session.state.cards, session.state.rules)
        shown = [view(before, seat) for before, _ply in walk_in_place(state, session.history)]
        shown.append(view(state, seat))  # the end
        room.seen_games[viewer] = SeenGame(len(session.history), pack_views(tuple(shown)))
    return room.seen_games[viewer]
