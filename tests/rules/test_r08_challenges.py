"""R8 — trophies taken during play."""

from __future__ import annotations

from helpers import of_type, run, scenario, whole_turn

from engine.events import FishRevealed, MysteryWeightRevealed, TrophyTaken
from engine.moves import BaitTo, CatchFirst, PlaceAngler, RemoveAngler

CHAR = 12  # red, blue, red


def trophies(events: list) -> list[tuple[int, str, int]]:
    return [(e.seat, e.trophy, e.points) for e in of_type(events, TrophyTaken)]


def test_R8_1_mystery_weight_is_claimed_by_a_fish_of_that_weight() -> None:
    sc = scenario().board(0, {3: "red", 4: "blue blue", 5: "", 6: ""}).mystery([3, 6, 2])
    pike3 = sc.fish_card("Pike", 3)
    s, events = run(sc.location("lake", {3: pike3}).build(), PlaceAngler("red"))
    assert trophies(events) == [(0, "mystery_weight", 1)]
    assert FishRevealed(0, pike3, 3) in events and MysteryWeightRevealed(6) in events
    assert s.mystery == [2, 6]


def test_R8_2_one_mystery_weight_per_step_and_only_new_catches() -> None:
    # Step 1 catches a 3 (claims the 3; the 5 is revealed) and a 5 in the same step (no
    # claim: one per step). Step 2 catches another 5: it claims; the earlier 5 never does.
    sc = scenario().board(0, {3: "red", 4: "red", 5: "black", 6: "blue"}).mystery([3, 5, 7])
    sc.location("lake", {3: "Pike:3", 4: "Pike:5"}).location("river", {5: "Salmon:5"})
    s = sc.tokens(port=1, yellow=1, black=1).build()
    s, events = run(s, PlaceAngler("red"), CatchFirst(3))
    assert trophies(events) == [(0, "mystery_weight", 1)] and s.mystery == [7, 5]
    s, events = run(s, RemoveAngler("black"))
    assert trophies(events) == [(0, "mystery_weight", 1)] and s.mystery == [7]


def test_R8_3_first_to_8_species() -> None:
    sc = scenario().board(0, {3: "green", 4: "blue blue", 5: "", 6: ""})
    sc.fish(0, ["Pike", "Perch", "Sea Trout", "Roach", "Salmon", "Brown Trout", "Rainbow Trout"])
    sc.fish(1, ["Pike", "Perch", "Sea Trout", "Roach", "Salmon", "Brown Trout", "Rainbow Trout", "Mackerel"])
    s, events = run(sc.location("shore", {3: "Wrasse"}).mystery([]).build(), PlaceAngler("green"))
    assert trophies(events) == [(0, "first_to_8_species", 5)]
    assert s.stacks["first_to_8_species"] == [3]


def test_R8_4_small_species() -> None:
    sc = scenario().board(0, {3: "green", 4: "blue blue", 5: "", 6: ""}).fish(0, ["Roach", "Perch"])
    _s, events = run(sc.location("shore", {3: "Flounder"}).mystery([]).build(), PlaceAngler("green"))
    assert trophies(events) == [(0, "small_species", 5)]


def test_R8_5_three_identical_and_four_different() -> None:
    # Caught already: Char, Char, Crab, Ray. Catching a third Char completes both.
    sc = scenario().board(0, {3: "red", 4: "blue blue", 5: "", 6: ""}).master_anglers_caught(0, [13, 14, 0, 24])
    s = sc.master_anglers(0, [CHAR], filled={CHAR: [1, 2]}).build()
    s, events = run(s, PlaceAngler("red"), BaitTo(CHAR))
    assert (0, "three_identical", 2) in trophies(events)
    s2 = scenario().board(0, {3: "red", 4: "blue blue"}).master_anglers_caught(0, [6, 0, 24])
    s2s = s2.master_anglers(0, [CHAR], filled={CHAR: [1, 2]}).build()
    _, events = run(s2s, PlaceAngler("red"), BaitTo(CHAR))
    assert (0, "four_different", 2) in trophies(events) and (0, "three_identical", 2) not in trophies(events)


def test_R8_6_first_to_twelve_fish_at_the_end_of_the_turn() -> None:
    sc = scenario().board(0, {3: "green", 4: "blue blue", 5: "", 6: ""}).mystery([])
    sc.fish(0, ["Pike"] * 5 + ["Perch"] * 2 + ["Roach"] * 2 + ["Salmon"] * 2)
    s = sc.location("shore", {3: "Mackerel"}).build()
    s, events = whole_turn(s, "green", "yellow")
    got = trophies(events)
    assert (0, "first_to_12", 2) in got and got[-1] == (0, "first_to_12", 2)
