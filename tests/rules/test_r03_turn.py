"""R3 — the turn: place, remove, flip."""

from __future__ import annotations

import pytest
from helpers import of_type, random_playout, run, scenario, whole_turn

from engine import IllegalMove, legal_moves, new_game
from engine.events import NothingToDo
from engine.moves import PlaceAngler, RemoveAngler
from engine.phases import PLACE, REMOVE


def test_R3_1_place_on_an_unoccupied_space() -> None:
    s = scenario().tokens(red=1, yellow=1, green=1).build()
    assert [m.space for m in legal_moves(s) if isinstance(m, PlaceAngler)] == [
        "port",
        "purple",
        "blue",
        "black",
    ]
    with pytest.raises(IllegalMove) as exc:
        run(s, PlaceAngler("red"))
    assert exc.value.rule == "R3.1" and "occupied" in str(exc.value)


def test_R3_2_remove_another_token() -> None:
    sc = scenario().board(0, {3: "blue purple purple", 4: "blue blue purple purple"})
    s, _ = run(sc.tokens(red=1, yellow=1, green=1).build(), PlaceAngler("black"))
    assert s.phase == REMOVE
    assert [m.space for m in legal_moves(s) if isinstance(m, RemoveAngler)] == ["green", "red", "yellow"]
    with pytest.raises(IllegalMove) as exc:
        run(s, RemoveAngler("black"))
    assert exc.value.rule == "R3.2" and "placed this turn" in str(exc.value)


def test_R3_3_flip_and_keep_the_removed_token() -> None:
    sc = scenario().board(0, {3: "blue purple purple", 4: "blue blue purple purple"})
    s = sc.tokens(red=2, yellow=1, green=1).build()
    s, _events = whole_turn(s, "black", "red")
    assert s.players[0].hand == 1  # a "2" removed comes back as a "1"
    s = sc.tokens(red=1, yellow=1, green=1).build()
    s, _ = whole_turn(s, "black", "yellow")
    assert s.players[0].hand == 2  # a "1" removed comes back as a "2"


def test_R3_4_every_step_is_mandatory_even_doing_nothing() -> None:
    # Placing on black with no black bait is legal and does nothing; a Port action with
    # every zone full and 3 uncaught Master Angler cards is spent doing nothing.
    sc = scenario().board(0, {3: "blue blue blue", 4: "red red red red", 5: "blue blue blue blue blue",
                              6: "red red red red red red"})  # fmt: skip
    s = sc.master_anglers(0, [0, 1, 2]).tokens(red=1, yellow=1, green=1).build()
    assert PlaceAngler("black") in legal_moves(s)
    s, events = run(s, PlaceAngler("port"))
    assert of_type(events, NothingToDo) == [NothingToDo(0, "port")]
    assert s.phase == REMOVE


def test_R3_5_three_tokens_on_the_board_at_every_turn_start() -> None:
    s = new_game(scenario(3).state.config)
    turns = 0
    for before, _move, _events in random_playout(s, 3):
        if before.phase == PLACE and before.step == 1 and before.action is None:
            assert sum(1 for f in before.spaces if f) == 3
            turns += 1
    assert turns > 30
