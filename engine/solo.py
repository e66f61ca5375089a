"""The silent player of the solo game, Practice Pond (R12)."""

from __future__ import annotations

from engine import bait, challenges, fishing
from engine.components import COLORS, LOCATION_OF_COLOR, LOCATIONS, SPACE_INDEX, SPACES
from engine.events import (
    AnglerMoved,
    ClearBaitDrawn,
    ClearBaitReturned,
    Event,
    MasterAnglerCaught,
    NoCatch,
    SilentDrew,
)
from engine.moves import SilentClear
from engine.phases import SILENT_CLEAR, SILENT_DRAWS, TURN_DONE
from engine.state import EMPTY, State

SILENT = 1  # the silent player's seat
CLEAR = 6


def start_silent_turn(s: State, ev: list[Event]) -> None:
    """R12.2 — two draws, or the human's choice of one when behind on fish."""
    s.step = 0
    s.action = None
    human, silent = s.players
    if len(human.fish) < len(silent.fish):
        s.phase = SILENT_DRAWS
        return
    s.silent_draws_left = 2
    draw_and_act(s, ev)


def choose_draws(s: State, count: int, ev: list[Event]) -> None:
    s.silent_draws_left = count
    draw_and_act(s, ev)


def draw_and_act(s: State, ev: list[Event]) -> None:
    """Draw and act until the draws are done or the human must choose (R12.5)."""
    while s.silent_draws_left:
        s.silent_draws_left -= 1
        color = bait.draw_from_bag(s)
        if color is None:  # ruling: nothing in the bag, nothing happens
            continue
        if color == CLEAR:
            ev.append(SilentDrew("clear"))
            clear_bait(s, ev)
            if second_option_asked(s, ev):
                return
            end_of_draw(s, ev)
            continue
        ev.append(SilentDrew(COLORS[color]))
        move_angler(s, color, ev)
        fish(s, color, ev)
        end_of_draw(s, ev)
    s.phase = TURN_DONE


def move_angler(s: State, color: int, ev: list[Event]) -> None:
    """R12.3 — Action 1 along the track Port, purple, green, blue, red, yellow, black."""
    target = SPACE_INDEX[COLORS[color]]  # SPACES is in track order
    if s.spaces[target]:
        frm = target
        to = next((target + k) % 7 for k in range(1, 7) if not s.spaces[(target + k) % 7])
    else:
        to = target
        frm = next((target - k) % 7 for k in range(1, 7) if s.spaces[(target - k) % 7])
    # Ruling: the token keeps its face when the silent player moves it.
    s.spaces[to], s.spaces[frm] = s.spaces[frm], 0
    ev.append(AnglerMoved(SPACES[frm], SPACES[to]))


def fish(s: State, color: int, ev: list[Event]) -> None:
    """R12.4 — Action 2: discard the bait; 3–6 of its color in the discard catch a fish."""
    s.discard[color] += 1
    count = s.discard[color]
    if not 3 <= count <= 6:
        return
    loc = LOCATION_OF_COLOR[color]
    card = s.locations[loc][count - 3]
    if card == EMPTY:  # R5.7
        ev.append(NoCatch(SILENT, LOCATIONS[loc], count, count))
        return
    s.locations[loc][count - 3] = EMPTY
    fishing.take_fish(s, SILENT, card, LOCATIONS[loc], count, count, "silent", ev)


def clear_bait(s: State, ev: list[Event]) -> None:
    """R12.5 — a Master Angler card for the silent player; the discard back in the bag."""
    give_master_angler(s, ev)
    ev.append(ClearBaitDrawn(SILENT, bait.return_discard_to_bag(s)))


def give_master_angler(s: State, ev: list[Event]) -> None:
    if not s.ma_deck:
        return
    silent = s.players[SILENT]
    card = s.ma_deck.pop()
    silent.ma_caught.append(card)
    ev.append(MasterAnglerCaught(SILENT, card))
    challenges.master_angler_caught(s, silent, ev)


def clear_bait_in_refill(s: State, ev: list[Event]) -> bool:
    """R12.5 — you drew the clear bait refilling a zone (the discard is back in the
    bag, R4.5): a Master Angler card for the silent player, then its second option, then
    the clear bait goes back and your refill goes on. True while the option is yours to
    choose (with the deck empty, only seven bait can be drawn: our ruling)."""
    give_master_angler(s, ev)
    return second_option_asked(s, ev)


def second_option_asked(s: State, ev: list[Event]) -> bool:
    """R12.5 — the second option is the human's to choose while the deck has a card
    (True: the choice waits); with the deck empty, seven bait are drawn (our ruling)."""
    if s.ma_deck:
        s.phase = SILENT_CLEAR
        return True
    take_option(s, SilentClear("discard_seven"), ev)
    return False


def take_option(s: State, move: SilentClear, ev: list[Event]) -> None:
    """R12.5 — the second option, then the clear bait goes back in the bag."""
    if move.choice == "master_angler":
        give_master_angler(s, ev)
    else:
        bait.seed_discard(s, 7, ev)
    s.clear_in_bag = True
    ev.append(ClearBaitReturned())


def finish_clear(s: State, move: SilentClear, ev: list[Event]) -> None:
    take_option(s, move, ev)
    end_of_draw(s, ev)


def end_of_draw(s: State, ev: list[Event]) -> None:
    """Ruling: each of the silent player's draws is one step (R5.6, R8.2)."""
    fishing.refill_locations(s, ev)
    s.player.mystery_this_step = False


def choose_clear(s: State, move: SilentClear, ev: list[Event]) -> None:
    finish_clear(s, move, ev)
    draw_and_act(s, ev)
