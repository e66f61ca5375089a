"""A turn (R3): place, remove, flip — with tackle windows around the steps (R7.6) —
and what follows a turn: the end trigger and the last round (R9)."""

from __future__ import annotations

from engine import challenges, contests, fishing, port, solo
from engine.components import FISH_TO_END, SPACE_COLOR, SPACE_INDEX
from engine.components import PORT as PORT_SPACE
from engine.events import AnglerKept, AnglerPlaced, AnglerRemoved, EndTriggered, Event, TurnEnded
from engine.moves import PlaceAngler, RemoveAngler
from engine.phases import AFTER, PLACE, REMOVE, TURN_DONE
from engine.state import State


def start_turn(s: State, seat: int, ev: list[Event]) -> None:
    s.turn += 1
    s.active = seat
    if s.players[seat].silent:
        solo.start_silent_turn(s, ev)
        return
    s.step = 1
    s.phase = s.window = PLACE
    s.action = None


def place(s: State, move: PlaceAngler, ev: list[Event]) -> None:
    """R3.1 — step 1."""
    p = s.player
    space = SPACE_INDEX[move.space]
    face = p.hand
    s.spaces[space] = face
    s.placed = space
    p.hand = 0
    ev.append(AnglerPlaced(p.seat, move.space, face))
    space_action(s, space, face, ev)


def remove(s: State, move: RemoveAngler, ev: list[Event]) -> None:
    """R3.2 — step 2."""
    space = SPACE_INDEX[move.space]
    face = s.spaces[space]
    s.spaces[space] = 0
    s.removed = face
    s.step = 2
    ev.append(AnglerRemoved(s.active, move.space, face))
    space_action(s, space, face, ev)


def space_action(s: State, space: int, face: int, ev: list[Event]) -> None:
    """R4.1–R4.3 — what a space does with a token's face value."""
    if space == PORT_SPACE:
        s.action = "port"
        port.start(s, face, ev)
    else:
        s.action = "fish"
        color = SPACE_COLOR[space]
        fishing.start(s, color, fishing.fishing_queue(s, color, face), ev)


def action_done(s: State, ev: list[Event]) -> None:
    """An action (a space's, or a Lure's) has resolved: back to the window it came from
    (the turn machine, `engine.game.advance`, calls this on ACTION_DONE)."""
    if s.action == "lure":
        s.phase = s.window
    elif s.window == PLACE:
        end_of_step(s, ev)  # R5.6: step 1 is over
        s.phase = s.window = REMOVE
        s.step = 2  # R3.2: step 2 opens with its tackle window, before the remove
    else:
        s.phase = s.window = AFTER
    s.action = None


def end_of_step(s: State, ev: list[Event]) -> None:
    """R5.6, R8.2, R6.1 — refill locations; a new step's Mystery Weight and tackle."""
    fishing.refill_locations(s, ev)
    p = s.player
    p.mystery_this_step = False
    p.fresh.clear()


def end_turn(s: State, ev: list[Event]) -> None:
    """R3.3 — step 3: flip the removed token and keep it; then the end-of-turn checks."""
    end_of_step(s, ev)
    p = s.player
    p.hand = 3 - s.removed
    ev.append(AnglerKept(p.seat, p.hand))
    s.phase = TURN_DONE


def turn_over(s: State, ev: list[Event]) -> None:
    """R8.6, R9 — trophies and the end trigger at the end of any turn, then who's next
    (the turn machine calls this on TURN_DONE, after a player's or the silent player's turn)."""
    p = s.player
    challenges.end_of_turn(s, p, ev)
    ev.append(TurnEnded(p.seat))
    takers = len(s.players)
    if s.end_trigger < 0:
        if any(len(q.fish) >= FISH_TO_END for q in s.players):
            s.end_trigger = p.seat
            ev.append(EndTriggered(p.seat, "twelve_fish"))
        elif s.short:
            s.end_trigger = p.seat
            ev.append(EndTriggered(p.seat, "location_short"))
        if s.end_trigger >= 0:
            s.final_turns = takers - 1  # R9.2: every other player, once
    else:
        s.final_turns -= 1
    if s.end_trigger >= 0 and s.final_turns == 0:
        contests.start(s, ev)
    else:
        start_turn(s, (s.active + 1) % takers, ev)
