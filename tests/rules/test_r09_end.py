"""R9 — the end of the game."""

from __future__ import annotations

from helpers import of_type, random_playout, scenario, whole_turn

from engine.events import EndTriggered, LocationShort
from engine.phases import PLACE


def turns_after(state) -> list[int]:  # the seats that take turns until the contests
    seats: list[int] = []
    for before, _move, _events in random_playout(state, 1):
        if before.step == 0:
            break
        if before.phase == PLACE and before.action is None and (not seats or seats[-1] != before.active):
            seats.append(before.active)
    return seats


def test_R9_1_twelve_fish_trigger_the_end() -> None:
    sc = scenario(3).board(0, {3: "green", 4: "blue blue", 5: "", 6: ""}).mystery([])
    sc.fish(0, ["Pike"] * 5 + ["Perch"] * 2 + ["Roach"] * 2 + ["Salmon"] * 2)
    _s, events = whole_turn(sc.build(), "green", "yellow")
    assert of_type(events, EndTriggered) == [EndTriggered(0, "twelve_fish")]


def test_R9_1_a_location_that_cannot_be_refilled_triggers_the_end() -> None:
    sc = scenario(3).board(0, {3: "green", 4: "blue blue", 5: "", 6: ""}).deck("shore", [], only=True)
    _s, events = whole_turn(sc.build(), "green", "yellow")
    assert of_type(events, LocationShort) == [LocationShort("shore")]
    assert of_type(events, EndTriggered) == [EndTriggered(0, "location_short")]


def test_R9_2_every_other_player_takes_one_last_turn() -> None:
    sc = scenario(3).board(0, {3: "green", 4: "blue blue", 5: "", 6: ""}).deck("shore", [], only=True)
    s, _ = whole_turn(sc.active(1).board(1, {3: "green", 4: "blue blue", 5: "", 6: ""}).build(), "green", "yellow")
    assert s.active == 2
    assert turns_after(s) == [2, 0]  # seat 1 triggered: seats 2 and 0 play once more
