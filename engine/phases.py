"""Phases: which decision a game waits on. One closed type that the engine, the rule
checker and the UI all key on, and for each decision the rule that asks it and what
it asks, in one table.

Two phases are never seen outside `engine.game.apply`: an action (a space's or a
Lure's) or a silent player's turn sets them when it has finished, and the turn
machine (`engine.game.advance`) moves the turn on from there. Actions therefore never
call back into the turn.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, TypeAlias

Phase: TypeAlias = Literal[
    "place",
    "remove",
    "after",
    "port",
    "bait",
    "catch_order",
    "catch",
    "silent_draws",
    "silent_clear",
    "present",
    "over",
    "action_done",
    "turn_done",
]

PLACE: Final = "place"  # R3.1 (tackle may be played first, R7.6)
REMOVE: Final = "remove"  # R3.2
AFTER: Final = "after"  # after step 2: tackle or end the turn (R7.6)
PORT: Final = "port"  # R4.3
BAIT: Final = "bait"  # R5.1
CATCH_ORDER: Final = "catch_order"  # R5.4
CATCH: Final = "catch"  # R5.3, R6.2, R7.1–R7.3
SILENT_DRAWS: Final = "silent_draws"  # R12.2
SILENT_CLEAR: Final = "silent_clear"  # R12.5
PRESENT: Final = "present"  # R10.1
OVER: Final = "over"  # R9.2, R11
ACTION_DONE: Final = "action_done"  # transient: an action resolved
TURN_DONE: Final = "turn_done"  # transient: a turn's play is over (R3.3, R12.2)

# The tackle windows (R7.6): the decisions a Lure or a Reel may be played at, and the
# ones an action returns to.
WINDOWS: Final[frozenset[Phase]] = frozenset((PLACE, REMOVE, AFTER))


class Ask(NamedTuple):
    """What a decision asks, and the rule that asks it."""

    rule: str
    asks: str


ASKS: Final[dict[Phase, Ask]] = {
    PLACE: Ask("R3.1", "step 1: place your angler token on a free space (or play tackle)"),
    REMOVE: Ask("R3.2", "step 2: take another angler token off the board (or play tackle)"),
    AFTER: Ask("R3.3", "play more tackle, or end your turn"),
    PORT: Ask("R4.3", "Port: refill a zone or take a Master Angler card"),
    BAIT: Ask("R5.1", "put the bait on the discard or a Master Angler slot"),
    CATCH_ORDER: Ask("R5.4", "several zones emptied: choose which catch comes first"),
    CATCH: Ask("R5.3", "choose the fish this catch takes"),
    SILENT_DRAWS: Ask("R12.2", "you have fewer fish than the silent player: choose whether it draws one bait or two"),
    SILENT_CLEAR: Ask("R12.5", "the clear bait was drawn: choose the silent player's second option"),
    PRESENT: Ask("R10.1", "present at most one fish of each species"),
    OVER: Ask("R9.2", "the game is over"),
    ACTION_DONE: Ask("R3.4", "the action is resolving"),
    TURN_DONE: Ask("R3.3", "the turn is ending"),
}
