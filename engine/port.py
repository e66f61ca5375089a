"""The Port (R4.3, R4.4, R4.6): refill a zone or take a Master Angler card."""

from __future__ import annotations

from engine import bait, solo
from engine.components import MAX_UNCAUGHT_MASTER_ANGLERS
from engine.events import DisplayRefilled, Event, MasterAnglerTaken, NothingToDo
from engine.moves import Refill, SilentClear, TakeMasterAngler
from engine.phases import ACTION_DONE, PORT
from engine.state import EMPTY, Player, State


def can_take_master_angler(s: State, p: Player) -> bool:
    """R4.6 ruling — not with 3 uncaught cards, nor with no card to take."""
    if len(p.ma) >= MAX_UNCAUGHT_MASTER_ANGLERS:
        return False
    return bool(s.ma_deck) or any(c != EMPTY for c in s.display)


def has_option(s: State, p: Player) -> bool:
    return can_take_master_angler(s, p) or any(p.zone_total(z) < z for z in (3, 4, 5, 6))


def start(s: State, actions: int, ev: list[Event]) -> None:
    s.ports_left = actions
    next_action(s, ev)


def next_action(s: State, ev: list[Event]) -> None:
    """R3.4 — a Port action that can do nothing is spent doing nothing."""
    p = s.player
    while s.ports_left and not has_option(s, p):
        ev.append(NothingToDo(p.seat, "port"))
        s.ports_left -= 1
    if s.ports_left:
        s.phase = PORT
    else:
        s.phase = ACTION_DONE


def refill(s: State, move: Refill, ev: list[Event]) -> None:
    s.refilling = move.zone
    go_on_refilling(s, ev)


def go_on_refilling(s: State, ev: list[Event]) -> None:
    """R4.4 — refill the zone; in a solo game the clear bait drawn on the way is the
    silent player's too (R12.5), which may stop the refill for your choice of its
    second option (`clear_chosen` goes on with it)."""
    while not bait.refill_zone(s, s.player, s.refilling, ev):
        if solo.clear_bait_in_refill(s, ev):
            return
    s.refilling = 0
    s.ports_left -= 1
    next_action(s, ev)


def clear_chosen(s: State, move: SilentClear, ev: list[Event]) -> None:
    """R12.5 — the silent player's second option, chosen while you were refilling."""
    solo.take_option(s, move, ev)
    go_on_refilling(s, ev)


def take_master_angler(s: State, move: TakeMasterAngler, ev: list[Event]) -> None:
    p = s.player
    if move.card is None:
        card = s.ma_deck.pop()
        ev.append(MasterAnglerTaken(p.seat, card, True))
    else:
        slot = s.display.index(move.card)
        card = move.card
        ev.append(MasterAnglerTaken(p.seat, card, False))
        s.display[slot] = s.ma_deck.pop() if s.ma_deck else EMPTY
        if s.display[slot] != EMPTY:
            ev.append(DisplayRefilled(slot, s.display[slot]))
    p.ma.append([card] + [0] * len(s.cards.ma_slots[card]))
    s.ports_left -= 1
    next_action(s, ev)
