"""The engine's entry points: `legal_moves` and `apply`.

`apply` checks the move, clones the state, carries the move out on the clone, then
takes every decision that has a single legal option (its outcome is in the events), so
the returned state always waits on a real choice or is over.
"""

from __future__ import annotations

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
from engine.rules_check import explain
from engine.state import CATCH, OVER, State


def apply(state: State, move: Move) -> tuple[State, list[Event]]:
    """The state after `move` and the events it caused. An illegal move raises
    IllegalMove (naming the rule) and leaves `state` as it was."""
    if state.phase == OVER:
        raise IllegalMove("R9.2", "the game is over")
    if move not in legal_moves(state):
        raise explain(state, move)
    s = state.clone()
    ev: list[Event] = []
    _carry_out(s, move, ev)
    advance(s, ev)
    s.ply += 1
    return s, ev


def advance(s: State, ev: list[Event]) -> None:
    """Take forced decisions (a single legal option) until a real choice or the end."""
    while s.phase != OVER:
        moves = legal_moves(s)
        if len(moves) != 1:
            return
        s._legal = None
        _carry_out(s, moves[0], ev)
    s._legal = None


def _carry_out(s: State, move: Move, ev: list[Event]) -> None:
    s._legal = None
    p = s.player
    if isinstance(move, BaitTo):
        fishing.remove_next(s, move.card, ev)
        fishing.continue_removal(s, ev)
    elif isinstance(move, Catch):
        fishing.resolve_catch(s, move, ev)
    elif isinstance(move, LetGo):
        fishing.resolve_catch(s, None, ev)
    elif isinstance(move, CatchFirst):
        s.emptied.remove(move.zone)
        s.catch_zone = move.zone
        s.phase = CATCH
    elif isinstance(move, PlaceAngler):
        turn.place(s, move, ev)
    elif isinstance(move, RemoveAngler):
        turn.remove(s, move, ev)
    elif isinstance(move, EndTurn):
        turn.end_turn(s, ev)
    elif isinstance(move, Refill):
        port.refill(s, move, ev)
    elif isinstance(move, TakeMasterAngler):
        port.take_master_angler(s, move, ev)
    elif isinstance(move, PlayLure):
        tackle.play(s, p, "lure", ev)
        s.action = "lure"
        fishing.start(s, COLOR_INDEX[move.color], list(move.zones), ev)
    elif isinstance(move, PlayReel):
        tackle.reel(s, p, move, ev)
    elif isinstance(move, Present):
        contests.present(s, move, ev)
    elif isinstance(move, SilentDraws):
        solo.choose_draws(s, move.count, ev)
    elif isinstance(move, SilentClear):
        solo.choose_clear(s, move, ev)
    else:  # pragma: no cover - every Move type is handled above
        raise TypeError(f"unknown move {move!r}")
