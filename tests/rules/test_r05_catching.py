"""R5 — removing bait and catching fish."""

from __future__ import annotations

import pytest
from helpers import of_type, run, scenario

from engine import IllegalMove, legal_moves
from engine.events import BaitRemoved, FishCaught, LocationRefilled, MasterAnglerCaught, NoCatch
from engine.moves import BaitTo, Catch, CatchFirst, PlaceAngler
from engine.phases import BAIT, CATCH_ORDER
from engine.state import EMPTY
from engine.view import view

RED = 1
CHAR = 12  # slots red, blue, red
CRAB = 0  # slots purple, green, yellow


def test_R5_1_removed_bait_to_the_discard_or_a_matching_slot() -> None:
    sc = scenario().board(0, {3: "red blue", 4: "red blue"}).master_anglers(0, [CHAR, CRAB])
    s, _ = run(sc.build(), PlaceAngler("red"))
    assert s.phase == BAIT and legal_moves(s) == [BaitTo(None), BaitTo(CHAR)]  # no red slot on the Crab
    with pytest.raises(IllegalMove) as exc:
        run(s, BaitTo(CRAB))
    assert exc.value.rule == "R5.1"
    s, events = run(s, BaitTo(CHAR), BaitTo(None))
    assert [e.card for e in of_type(events, BaitRemoved)] == [CHAR, None]
    assert s.players[0].ma == [[CHAR, 1, 0, 0], [CRAB, 0, 0, 0]] and s.discard[RED] == 1


def test_R5_1_no_reserving_bait_for_cards_not_taken() -> None:
    _s, events = run(scenario().board(0, {3: "red blue", 4: "red blue"}).build(), PlaceAngler("red"))
    assert all(e.card is None for e in of_type(events, BaitRemoved))


def test_R5_2_a_master_angler_is_caught_when_its_slots_are_full() -> None:
    sc = scenario().board(0, {3: "red blue", 4: "red blue"}).master_anglers(0, [CHAR], filled={CHAR: [1, 2]})
    s, events = run(sc.discard("").build(), PlaceAngler("red"), BaitTo(CHAR))
    assert of_type(events, MasterAnglerCaught) == [MasterAnglerCaught(0, CHAR)]
    assert s.players[0].ma == [] and s.players[0].ma_caught == [CHAR]
    assert s.discard[RED] == 3 and s.discard[0] == 1  # the card's red, blue, red + the other red


def test_R5_3_the_last_bait_catches_the_fish() -> None:
    sc = scenario().board(0, {3: "green", 4: "green blue", 5: "", 6: ""})
    fish = sc.state.locations[0][0]
    _s, events = run(sc.build(), PlaceAngler("green"))
    assert [(e.card, e.location, e.zone, e.board_zone) for e in of_type(events, FishCaught)] == [(fish, "shore", 3, 3)]


def test_R5_3_last_bait_onto_a_master_angler_still_catches() -> None:
    sc = scenario().board(0, {3: "red", 4: "blue blue", 5: "", 6: ""}).master_anglers(0, [CHAR])
    _s, events = run(sc.build(), PlaceAngler("red"), BaitTo(CHAR))
    assert [e.location for e in of_type(events, FishCaught)] == ["lake"]


def test_R5_4_one_catch_per_emptied_zone_in_the_players_order() -> None:
    sc = scenario().board(0, {3: "red", 4: "red", 5: "red", 6: "blue"})
    lake = sc.state.locations[2][:]
    s, _ = run(sc.build(), PlaceAngler("red"))
    assert s.phase == CATCH_ORDER and legal_moves(s) == [CatchFirst(3), CatchFirst(4), CatchFirst(5)]
    s, events = run(s, CatchFirst(5), CatchFirst(3))
    assert [e.card for e in of_type(events, FishCaught)] == [lake[2], lake[0], lake[1]]


def test_R5_5_weights_are_secret_species_public() -> None:
    sc = scenario().fish(0, ["Pike", "Perch"])
    s = sc.build()
    mine, theirs = view(s, 0).seats[0], view(s, 1).seats[0]
    assert mine.fish == tuple(s.players[0].fish)
    assert theirs.fish is None and theirs.species == ("Perch", "Pike")


def test_R5_6_location_zones_refill_only_at_the_end_of_the_step() -> None:
    sc = scenario().board(0, {3: "red", 4: "red", 5: "", 6: ""}).tackle(0, ["line"])
    deck_top = sc.state.decks[2][-1]
    s, _ = run(sc.build(), PlaceAngler("red"), CatchFirst(3), Catch("lake", 3))
    assert s.locations[2][0] == EMPTY  # still empty while the step goes on
    assert Catch("lake", 3, line=True) not in legal_moves(s)
    s, events = run(s, Catch("lake", 4))
    assert of_type(events, LocationRefilled)[:2] == [
        LocationRefilled("lake", 3, deck_top),
        LocationRefilled("lake", 4, s.locations[2][1]),
    ]


def test_R5_7_ruling_an_empty_location_zone_catches_nothing() -> None:
    sc = scenario().board(0, {3: "red", 4: "blue"}).location("lake", {3: None}).deck("lake", [], only=True)
    _s, events = run(sc.build(), PlaceAngler("red"))
    assert of_type(events, NoCatch) == [NoCatch(0, "lake", 3, 3)] and not of_type(events, FishCaught)


def test_R5_7_ruling_unless_a_rod_redirects_it() -> None:
    sc = scenario().board(0, {3: "red", 4: "blue"}).location("lake", {3: None}).deck("lake", [], only=True)
    river3 = sc.state.locations[1][0]
    s, _ = run(sc.tackle(0, ["rod"]).build(), PlaceAngler("red"))
    assert legal_moves(s)[0].__class__.__name__ == "LetGo"
    s, events = run(s, Catch("river", 3, rod=True))
    assert [e.card for e in of_type(events, FishCaught)] == [river3]
