"""The engine's entry points: `legal_moves` and `apply`.

`apply` checks the move, clones the state, carries the move out on the clone, then
takes every decision that has a single legal option (its outcome is in the events), so
the returned state always waits on a real choice or is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine import contests, fishing, port, solo, tackle, turn
from engine.components import COLOR_INDEX
from engine.errors import IllegalMove
from engine.events import Event
from engine.legal import legal_moves
from engine.moves import (
    BaitTo,
    Catch,
    CatchFirst,
    EndTurn,
    LetGo,
    Move,
    PlaceAngler,
    PlayLure,
    PlayReel,
    Present,
    Refill,
    RemoveAngler,
    SilentClear,
    SilentDraws,
    TakeMasterAngler,
)
from engine.phases import ACTION_DONE, CATCH, OVER, TURN_DONE
from engine.rules_check import explain, same_move
from engine.state import State

# The longest game there is: no real game comes near (a long 4-player game is ~600
# moves); loops that play a game to its end stop here instead of hanging on an engine bug.
MAX_PLIES: Final = 20_000


def apply(state: State, move: Move) -> tuple[State, list[Event]]:
    """The state after `move` and the events it caused. An illegal move raises
    IllegalMove (naming the rule) and leaves `state` as it was."""
    _check(state, move)
    s = state.clone()
    return s, _play(s, move)


def apply_in_place(state: State, move: Move) -> list[Event]:
    """`apply` without the copy, for simulation and search: changes `state` itself and
    returns the events. An illegal move still raises and changes nothing."""
    _check(state, move)
    return _play(state, move)


def _check(state: State, move: Move) -> None:
    if state.phase == OVER:
        raise IllegalMove("R9.2", "the game is over")
    legal = legal_moves(state)
    try:
        for own in legal:
            if own is move:  # the engine's own move (a bot's, the playouts'): well formed
                return
            # A move made elsewhere (a log's, a search tree's, a Python caller's) counts
            # only if it is the legal one exactly: equal is not enough (Refill(3.0) ==
            # Refill(3), and no compiled rule can read 3.0 as a zone).
            if own == move:
                if same_move(own, move):
                    return
                break
    except (ValueError, TypeError):  # a field that cannot even be compared
        pass
    raise explain(state, move)  # names what is wrong, a field that names nothing first


def _play(s: State, move: Move) -> list[Event]:
    ev: list[Event] = []
    _carry_out(s, move, ev)
    advance(s, ev)
    s.ply += 1
    return ev


def begin_turn(s: State, seat: int, ev: list[Event]) -> None:
    """Start `seat`'s turn and run it to its first real decision (a silent player's
    turn plays itself out, R12.2)."""
    turn.start_turn(s, seat, ev)
    advance(s, ev)


def advance(s: State, ev: list[Event]) -> None:
    """The turn machine. After a move: when an action has resolved, return to the tackle
    window it came from; when a turn's play is over, do the end-of-turn checks and start
    the next turn (or the contests); take every forced decision (a single legal option);
    stop at a real choice or the end. Actions and turns only report that they are done
    (a transient phase); what follows is decided here and in `engine.turn`."""
    while True:
        phase = s.phase
        if phase == ACTION_DONE:
            turn.action_done(s, ev)
        elif phase == TURN_DONE:
            turn.turn_over(s, ev)
        elif phase == OVER:
            break
        else:
            moves = legal_moves(s)
            if len(moves) != 1:
                return  # a real choice: its legal moves stay cached on the state
            _carry_out(s, moves[0], ev)
    s._legal = None


def _carry_out(s: State, move: Move, ev: list[Event]) -> None:
    s._legal = None
    _HANDLERS[type(move)](s, move, ev)


def _bait_to(s: State, move: BaitTo, ev: list[Event]) -> None:
    fishing.remove_next(s, move.card, ev)
    fishing.continue_removal(s, ev)


def _catch_first(s: State, move: CatchFirst, ev: list[Event]) -> None:
    s.emptied.remove(move.zone)
    s.catch_zone = move.zone
    s.phase = CATCH


def _lure(s: State, move: PlayLure, ev: list[Event]) -> None:
    tackle.play(s, s.player, "lure", ev)
    s.action = "lure"
    fishing.start(s, COLOR_INDEX[move.color], list(move.zones), ev)


# One handler per Move type: what carrying the move out means.
_HANDLERS: dict[type[Move], Callable[[State, Any, list[Event]], None]] = {
    PlaceAngler: turn.place,
    RemoveAngler: turn.remove,
    EndTurn: lambda s, _move, ev: turn.end_turn(s, ev),
    Refill: port.refill,
    TakeMasterAngler: port.take_master_angler,
    BaitTo: _bait_to,
    CatchFirst: _catch_first,
    Catch: fishing.resolve_catch,
    LetGo: lambda s, _move, ev: fishing.resolve_catch(s, None, ev),
    PlayLure: _lure,
    PlayReel: lambda s, move, ev: tackle.reel(s, s.player, move, ev),
    Present: contests.present,
    SilentDraws: lambda s, move, ev: solo.choose_draws(s, move.count, ev),
    SilentClear: lambda s, move, ev: (port.clear_chosen if s.refilling else solo.choose_clear)(s, move, ev),
}
