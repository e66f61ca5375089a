"""R4 — what the spaces do."""

from __future__ import annotations

import pytest
from helpers import of_type, run, scenario

from engine import IllegalMove, legal_moves
from engine.events import BaitDrawn, ClearBaitDrawn, ClearBaitReturned, DisplayRefilled, RefillStopped
from engine.moves import PlaceAngler, Refill, RemoveAngler, TakeMasterAngler
from engine.phases import PORT, REMOVE
from engine.state import EMPTY

RED = 1


def test_R4_1_face_1_removes_one_bait_of_the_color_from_each_zone() -> None:
    sc = scenario().board(0, {3: "red red blue", 4: "red purple", 5: "blue", 6: "red red red yellow"})
    s, _ = run(sc.tokens(red=1, yellow=1, green=1).build(), PlaceAngler("black"), RemoveAngler("red"))
    assert [z[RED] for z in s.players[0].board] == [1, 0, 0, 2]


def test_R4_2_face_2_removes_all_bait_of_the_color() -> None:
    sc = scenario().board(0, {3: "red red blue", 4: "red purple", 5: "blue", 6: "red red red yellow"})
    s, _ = run(sc.tokens(red=2, yellow=1, green=1).build(), PlaceAngler("black"), RemoveAngler("red"))
    assert [z[RED] for z in s.players[0].board] == [0, 0, 0, 0]


def test_R4_3_port_face_2_gives_two_actions_same_twice_allowed() -> None:
    sc = scenario().board(0, {3: "", 4: "", 5: "", 6: ""}).tokens(hand={0: 2}, red=1, yellow=1, green=1)
    s, _ = run(sc.build(), PlaceAngler("port"), Refill(3))
    assert s.phase == PORT and Refill(4) in legal_moves(s)
    s, _ = run(s, Refill(4))
    assert s.phase == REMOVE and [sum(z) for z in s.players[0].board] == [3, 4, 0, 0]


def test_R4_4_refill_draws_until_the_zone_holds_its_number() -> None:
    sc = scenario().board(0, {5: "red red"}).tokens(red=1, yellow=1, green=1)
    s, events = run(sc.build(), PlaceAngler("port"), Refill(5))
    assert sum(s.players[0].board[2]) == 5 and len(of_type(events, BaitDrawn)) == 3
    s, _ = run(sc.build(), PlaceAngler("port"))
    with pytest.raises(IllegalMove, match=r"R4\.4: zone 3 is already full"):  # ruling: not a full zone
        run(s, Refill(3))


def test_R4_5_clear_bait_returns_the_discard_then_goes_back() -> None:
    sc = scenario().board(0, {3: "blue"}).tokens(red=1, yellow=1, green=1)
    s = sc.discard("red red").bag("green", clear=True).build()
    s, events = run(s, PlaceAngler("port"), Refill(3))
    assert of_type(events, ClearBaitDrawn) == [ClearBaitDrawn(0, 2)]
    assert events.index(of_type(events, ClearBaitReturned)[0]) > events.index(of_type(events, BaitDrawn)[-1])
    assert sum(s.players[0].board[0]) == 3 and s.discard == [0] * 6 and s.clear_in_bag


def test_R4_5_ruling_refill_stops_short_when_nothing_is_left() -> None:
    sc = scenario().board(0, {3: "blue"}).tokens(red=1, yellow=1, green=1)
    s, events = run(sc.discard("").bag("", clear=True).build(), PlaceAngler("port"), Refill(3))
    assert of_type(events, RefillStopped) == [RefillStopped(0, 3)]
    assert sum(s.players[0].board[0]) == 1 and s.clear_in_bag


def test_R4_6_take_a_master_angler_card() -> None:
    sc = scenario().tokens(red=1, yellow=1, green=1).display([0, 1, 2, 3])
    s = sc.build()
    top = s.ma_deck[-1]
    s, events = run(s, PlaceAngler("port"), TakeMasterAngler(2))
    assert s.players[0].ma == [[2, 0, 0, 0]] and s.display == [0, 1, top, 3]
    assert of_type(events, DisplayRefilled) == [DisplayRefilled(2, top)]
    s, _ = run(sc.build(), PlaceAngler("port"), TakeMasterAngler(None))
    assert s.players[0].ma[0][0] == top and s.display == [0, 1, 2, 3]


def test_R4_6_at_most_three_uncaught_cards() -> None:
    s = scenario().tokens(red=1, yellow=1, green=1).master_anglers(0, [4, 5, 6]).build()
    s, _ = run(s, PlaceAngler("port"))
    assert not any(isinstance(m, TakeMasterAngler) for m in legal_moves(s))
    with pytest.raises(IllegalMove, match=r"R4\.6: you already have 3 uncaught"):
        run(s, TakeMasterAngler(s.display[0]))


def test_R4_6_ruling_an_empty_deck_leaves_the_display_short() -> None:
    sc = scenario().tokens(red=1, yellow=1, green=1).display([0, 1, 2, 3])
    s = sc.build()
    s.ma_deck.clear()
    s, _ = run(s, PlaceAngler("port"), TakeMasterAngler(1))
    assert s.display == [0, EMPTY, 2, 3]
    assert TakeMasterAngler(None) not in legal_moves(s)
