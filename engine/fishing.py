"""Removing bait and catching fish (R4.1, R4.2, R5, R6, R7.1–R7.4).

A fishing action removes bait one at a time (each bait may need a decision, R5.1),
then resolves the catches of the zones it emptied in the player's order (R5.4).
"""

from __future__ import annotations

from engine import bait, challenges, tackle
from engine.components import LOCATION_INDEX, LOCATION_OF_COLOR, LOCATIONS
from engine.events import Event, FishCaught, LocationRefilled, LocationShort, NoCatch
from engine.moves import Catch
from engine.phases import ACTION_DONE, BAIT, CATCH, CATCH_ORDER
from engine.state import EMPTY, State


def start(s: State, color: int, queue: list[int], ev: list[Event]) -> None:
    """Begin removing bait of one color from the zones in `queue` (one entry a bait)."""
    s.action_color = color
    s.bait_queue = queue
    s.emptied = []
    continue_removal(s, ev)


def fishing_queue(s: State, color: int, face: int) -> list[int]:
    """R4.1 / R4.2 — face 1: one bait of the color from each zone; face 2: all of them."""
    queue: list[int] = []
    for z, zone in enumerate(s.player.board):
        n = zone[color]
        if n:
            queue += [z + 3] * (n if face == 2 else 1)
    return queue


def continue_removal(s: State, ev: list[Event]) -> None:
    """Remove queued bait until one needs a decision (R5.1), then go on to the catches."""
    p = s.player
    color = s.action_color
    while s.bait_queue:
        if bait.open_slots(s, p, color):
            s.phase = BAIT
            return
        remove_next(s, None, ev)
    continue_catches(s, ev)


def remove_next(s: State, card: int | None, ev: list[Event]) -> None:
    p = s.player
    zone = s.bait_queue.pop(0)
    bait.remove_bait(s, p, zone, s.action_color, card, ev)
    if p.zone_total(zone) == 0:  # R5.3: the last bait left this zone
        s.emptied.append(zone)


def continue_catches(s: State, ev: list[Event]) -> None:
    """R5.4 — one catch per emptied zone, in the order the player picks."""
    if not s.emptied:
        s.phase = ACTION_DONE
    elif len(s.emptied) > 1:
        s.phase = CATCH_ORDER
    else:
        s.catch_zone = s.emptied.pop()
        s.phase = CATCH


def natural_target(s: State) -> tuple[int, int]:
    """R5.3 — the location of the last bait's color, and the emptied zone's number."""
    return LOCATION_OF_COLOR[s.action_color], s.catch_zone


def resolve_catch(s: State, move: Catch | None, ev: list[Event]) -> None:
    """Take the fish the move names (None: take nothing, R5.7), then the zone bonus."""
    p = s.player
    board_zone = s.catch_zone
    loc, zone = natural_target(s)
    if move is None:
        ev.append(NoCatch(p.seat, LOCATIONS[loc], zone, board_zone))
    else:
        if move.rod:
            tackle.play(s, p, "rod", ev)
        if move.line:
            tackle.play(s, p, "line", ev)
        target_loc = LOCATION_INDEX[move.location]
        if move.deck_top:
            card = s.decks[target_loc].pop()
            how = "deck_top"
        else:
            card = s.locations[target_loc][move.zone - 3]
            s.locations[target_loc][move.zone - 3] = EMPTY
            how = "rod+line" if move.rod and move.line else "rod" if move.rod else "line" if move.line else "bait"
        take_fish(s, p.seat, card, move.location, move.zone, board_zone, how, ev)
    if board_zone == 5:  # R6.1: earned by emptying zone 5, wherever the catch went
        tackle.draw(s, p, ev)
    continue_catches(s, ev)


def take_fish(
    s: State, seat: int, card: int, location: str, zone: int, board_zone: int, how: str, ev: list[Event]
) -> None:
    p = s.players[seat]
    p.fish.append(card)
    ev.append(FishCaught(seat, card, location, zone, board_zone, how))  # type: ignore[arg-type]
    challenges.fish_caught(s, p, card, ev)


def refill_locations(s: State, ev: list[Event]) -> None:
    """R5.6 — at the end of a step, fill empty location zones lowest first from the deck."""
    for loc, zones in enumerate(s.locations):
        if EMPTY not in zones:
            continue
        deck = s.decks[loc]
        for z in range(4):
            if zones[z] == EMPTY and deck:
                zones[z] = deck.pop()
                ev.append(LocationRefilled(LOCATIONS[loc], z + 3, zones[z]))
        if EMPTY in zones and not s.short & (1 << loc):
            s.short |= 1 << loc  # R9.1: this location could not be refilled to four
            ev.append(LocationShort(LOCATIONS[loc]))
