"""R1 — components."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import config, of_type, run, scenario

from engine import IllegalMove, apply, legal_moves, new_game
from engine.cards import load_cards
from engine.components import COLORS, LOCATION_OF_COLOR, LOCATIONS, SPACES, TACKLE, ZONES
from engine.events import FishCaught
from engine.moves import Catch, PlaceAngler, Refill, RemoveAngler

CARDS = load_cards()


def test_R1_1_ninety_seven_bait() -> None:
    s = new_game(config(4))
    in_play = [s.bag[c] + sum(p.board[z][c] for p in s.players for z in range(4)) for c in range(6)]
    assert in_play == [16] * 6 and s.clear_in_bag


def test_R1_2_colors_fish_their_locations() -> None:
    where = {COLORS[c]: LOCATIONS[LOCATION_OF_COLOR[c]] for c in range(6)}
    assert where == {"purple": "shore", "green": "shore", "yellow": "river", "black": "river",
                     "blue": "lake", "red": "lake"}  # fmt: skip
    sc = scenario().board(0, {3: "black", 4: "red", 5: "green", 6: "red"})
    river_fish = sc.state.locations[1][0]
    _, events = run(sc.build(), PlaceAngler("black"))
    assert [(e.location, e.card) for e in of_type(events, FishCaught)] == [("river", river_fish)]


def test_R1_3_sixty_fish_cards() -> None:
    by_species = Counter(CARDS.species_names[s] for s in CARDS.fish_species)
    assert by_species["Pike"] == 10 and len(by_species) == 11 and sum(by_species.values()) == 60
    assert all(n == 5 for sp, n in by_species.items() if sp != "Pike")
    by_location = Counter(LOCATIONS[loc] for loc in CARDS.fish_location)
    assert by_location == {"shore": 20, "river": 20, "lake": 20}
    assert len(set(CARDS.fish_time)) == 60


def test_R1_4_thirty_master_angler_cards() -> None:
    assert Counter(CARDS.ma_kind) == {k: 6 for k in ("Crab", "Conger Eel", "Char", "Dogfish", "Ray")}
    assert {len(slots) for slots in CARDS.ma_slots} == {3, 4}
    assert any(len(set(slots)) < len(slots) for slots in CARDS.ma_slots)  # colors may repeat


def test_R1_5_fifteen_tackle_tokens() -> None:
    assert Counter(TACKLE) == {"lure": 6, "reel": 3, "rod": 3, "line": 3}


def test_R1_6_seven_angler_tokens_with_two_faces() -> None:
    s = new_game(config(4))
    assert len(SPACES) == 7
    assert sum(1 for f in s.spaces if f) + sum(1 for p in s.players if p.hand) == 7
    assert {f for f in s.spaces if f} | {p.hand for p in s.players} == {1}


def test_R1_7_one_tag_tile_of_five() -> None:
    tags = {new_game(config(2, seed)).tag for seed in range(40)}
    assert tags == set(CARDS.data.tag_colors) and len(tags) == 5


def test_R1_8_thirty_five_trophies() -> None:
    s = new_game(config(4))
    sizes = {kind: len(stack) for kind, stack in s.stacks.items()}
    stacked = ("small_species", "first_to_8_species", "shore_contest", "river_contest", "lake_contest")
    assert sizes == {**dict.fromkeys(stacked, 4), "first_to_12": 1, "three_identical": 4, "four_different": 4}
    assert sorted(s.mystery) == [2, 3, 4, 5, 6, 7]
    assert sum(sizes.values()) + len(s.mystery) + s.boxed_trophies == 35 and s.boxed_trophies == 0


def test_R1_9_zone_n_holds_at_most_n_bait() -> None:
    sc = scenario().board(0, {3: "red", 4: "blue blue blue blue", 5: "", 6: ""}).tokens(red=1, yellow=1, green=1)
    s, _ = run(sc.build(), PlaceAngler("port"), Refill(3))
    assert [sum(z) for z in s.players[0].board] == [3, 4, 0, 0]
    sc = scenario().board(0, {3: "red red red", 4: "blue"}).tokens(red=1, yellow=1, green=1)
    s, _ = run(sc.build(), PlaceAngler("port"))
    try:
        run(s, Refill(3))
    except IllegalMove as exc:
        assert exc.rule == "R4.4"
    else:
        raise AssertionError("a full zone was refilled")


def test_R1_9_a_move_naming_a_zone_there_is_not_is_refused() -> None:
    """Issue 51.15: a Python caller's move is not checked by a decoder, so the engine
    checks it: a zone that is not 3 to 6, or not a whole number (Refill(4.0) equals
    Refill(4), but no log would read it back), is refused under the rule of zones."""
    sc = scenario().board(0, {3: "red", 4: "", 5: "", 6: ""}).tokens(red=1, yellow=1, green=1)
    s, _ = run(sc.build(), PlaceAngler("port"))
    assert Refill(4) in legal_moves(s)
    for zone in (9, 4.0, True, "4"):  # deliberately ill-typed, as a Python caller can
        with pytest.raises(IllegalMove) as exc:
            apply(s, Refill(zone))
        assert exc.value.rule == "R1.9"
        assert str(exc.value) == f"R1.9: Refill's zone cannot be {zone!r}: zones are the whole numbers 3 to 6"


def test_R1_10_a_move_naming_a_space_or_location_there_is_not_is_refused() -> None:
    """Issue 51.15: PlaceAngler("orange") raised KeyError in engine/rules_check.py, and a
    compiled engine a TypeError for a space that is not a string at all."""
    s = new_game(config(2))
    spaces = ", ".join(SPACES)
    for move, says in (  # deliberately ill-typed, as a Python caller can
        (PlaceAngler("orange"), f"PlaceAngler's space cannot be 'orange': the spaces are {spaces}"),
        (PlaceAngler("Port"), f"PlaceAngler's space cannot be 'Port': the spaces are {spaces}"),
        (PlaceAngler(None), f"PlaceAngler's space cannot be None: the spaces are {spaces}"),
        (RemoveAngler(3), f"RemoveAngler's space cannot be 3: the spaces are {spaces}"),
        (Catch("sea", 3), "Catch's location cannot be 'sea': the locations are shore, river, lake"),
        (Catch("lake", 7), "Catch's zone cannot be 7: a location's zones are the whole numbers 3 to 6"),
    ):
        with pytest.raises(IllegalMove) as exc:
            apply(s, move)
        assert exc.value.rule == "R1.10" and str(exc.value) == f"R1.10: {says}"


def test_R1_10_board_has_three_locations_of_four_zones() -> None:
    s = new_game(config(3))
    for loc, zones in enumerate(s.locations):
        assert len(zones) == len(ZONES)
        assert all(CARDS.fish_location[c] == loc for c in zones)
    assert [len(d) for d in s.decks] == [16, 16, 16]
