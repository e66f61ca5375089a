"""Bait: the bag, the discard, refilling zones (R4.4, R4.5) and where removed bait go
(R5.1, R5.2)."""

from __future__ import annotations

from engine import challenges
from engine.components import COLORS
from engine.events import (
    BaitDrawn,
    BaitRemoved,
    ClearBaitDrawn,
    ClearBaitReturned,
    DiscardSeeded,
    Event,
    MasterAnglerCaught,
    RefillStopped,
)
from engine.log_types import SOLO_REFILL_CLEAR_FROM
from engine.rng import Rng
from engine.state import Player, State

BAG_STREAM = 2


def draw_from_bag(s: State) -> int | None:
    """Draw one bait at random: a color index, 6 for the clear bait, None if empty."""
    total = sum(s.bag) + (1 if s.clear_in_bag else 0)
    if total == 0:
        return None
    rng = Rng(s.rng[BAG_STREAM])
    r = rng.below(total)
    s.rng[BAG_STREAM] = rng.state
    for color, n in enumerate(s.bag):
        if r < n:
            s.bag[color] -= 1
            return color
        r -= n
    s.clear_in_bag = False
    return 6


def return_discard_to_bag(s: State) -> int:
    returned = sum(s.discard)
    for c in range(6):
        s.bag[c] += s.discard[c]
        s.discard[c] = 0
    return returned


def refill_zone(s: State, p: Player, zone: int, ev: list[Event]) -> bool:
    """R4.4 — draw into the zone one bait at a time until it holds `zone` bait. False
    if it stopped at the clear bait in a solo game, whose silent player acts on it
    before the refill goes on (R12.5: engine.port.go_on_refilling)."""
    bait = p.board[zone - 3]
    while sum(bait) < zone:
        if s.clear_in_bag and sum(s.bag) == 0 and sum(s.discard) == 0:
            ev.append(RefillStopped(p.seat, zone))  # R4.5 ruling: nothing left to draw
            break
        drawn = draw_from_bag(s)
        if drawn is None:
            ev.append(RefillStopped(p.seat, zone))
            break
        if drawn == 6:  # R4.5: the discard goes back, the refill goes on
            ev.append(ClearBaitDrawn(p.seat, return_discard_to_bag(s)))
            if s.config.solo and s.rules >= SOLO_REFILL_CLEAR_FROM:
                return False
            continue
        bait[drawn] += 1
        ev.append(BaitDrawn(p.seat, zone, COLORS[drawn]))
    if not s.clear_in_bag:
        s.clear_in_bag = True
        ev.append(ClearBaitReturned())
    return True


def seed_discard(s: State, count: int, ev: list[Event]) -> None:
    """R12.1 / R12.5 — draw up to `count` colored bait from the bag into the discard.
    Only called while the clear bait is out of the bag."""
    drawn: list[int] = []
    for _ in range(count):
        color = draw_from_bag(s)
        if color is None:
            break
        s.discard[color] += 1
        drawn.append(color)
    ev.append(DiscardSeeded(tuple(COLORS[c] for c in drawn)))


def open_slots(s: State, p: Player, color: int) -> list[int]:
    """R5.1 — the uncaught Master Angler cards with an empty slot of this color."""
    slots = s.cards.ma_slots
    cards = []
    for entry in p.ma:
        card = entry[0]
        for i, slot_color in enumerate(slots[card]):
            if slot_color == color and not entry[1 + i]:
                cards.append(card)
                break
    return cards


def remove_bait(s: State, p: Player, zone: int, color: int, card: int | None, ev: list[Event]) -> None:
    """Take one bait of `color` from the zone to the discard or onto `card` (R5.1)."""
    p.board[zone - 3][color] -= 1
    ev.append(BaitRemoved(p.seat, zone, COLORS[color], card))
    if card is None:
        s.discard[color] += 1
        return
    entry = next(e for e in p.ma if e[0] == card)
    slot_colors = s.cards.ma_slots[card]
    for i, slot_color in enumerate(slot_colors):
        if slot_color == color and not entry[1 + i]:
            entry[1 + i] = 1
            break
    if all(entry[1:]):
        catch_master_angler(s, p, entry, ev)


def catch_master_angler(s: State, p: Player, entry: list[int], ev: list[Event]) -> None:
    """R5.2 — all slots filled: the card is caught and its bait go to the discard."""
    card = entry[0]
    p.ma.remove(entry)
    p.ma_caught.append(card)
    for color in s.cards.ma_slots[card]:
        s.discard[color] += 1
    ev.append(MasterAnglerCaught(p.seat, card))
    challenges.master_angler_caught(s, p, ev)
