"""R7 — tackle tokens."""

from __future__ import annotations

import pytest
from helpers import of_type, run, scenario

from engine import IllegalMove, legal_moves
from engine.events import BaitSwapped, FishCaught, LocationRefilled, TackleDrawn, TacklePlayed
from engine.moves import Catch, EndTurn, LetGo, PlaceAngler, PlayLure, PlayReel, Refill, RemoveAngler
from engine.phases import AFTER, PLACE, PORT, REMOVE

BLUE, RED = 0, 1


def catching(tackle: list[str], board: dict[int, str] | None = None):  # -> Scenario
    return scenario().board(0, board or {3: "blue", 4: "red", 5: "", 6: ""}).tackle(0, tackle)


def test_R7_1_rod_takes_the_same_zone_at_another_location() -> None:
    sc = catching(["rod"])
    river4 = sc.state.locations[1][1]
    s, _ = run(sc.build(), PlaceAngler("red"))
    assert legal_moves(s) == [Catch("lake", 4), Catch("shore", 4, rod=True), Catch("river", 4, rod=True)]
    s, events = run(s, Catch("river", 4, rod=True))
    assert [(e.card, e.how) for e in of_type(events, FishCaught)] == [(river4, "rod")]
    assert [e.kind for e in of_type(events, TacklePlayed)] == ["rod"] and s.players[0].tackle == []


def test_R7_1_no_rod_with_the_zone_6_deck_top() -> None:
    s, _ = run(catching(["rod"], {3: "blue", 4: "blue", 5: "", 6: "red"}).build(), PlaceAngler("red"))
    assert Catch("lake", 6, deck_top=True) in legal_moves(s)
    assert Catch("river", 6, rod=True) in legal_moves(s)
    with pytest.raises(IllegalMove) as exc:
        run(s, Catch("river", 6, rod=True, deck_top=True))
    assert exc.value.rule == "R7.1"


def test_R7_2_line_takes_an_adjacent_zone_of_the_same_location() -> None:
    sc = catching(["line"])
    lake = sc.state.locations[2][:]
    s, _ = run(sc.build(), PlaceAngler("red"))
    assert legal_moves(s) == [Catch("lake", 4), Catch("lake", 3, line=True), Catch("lake", 5, line=True)]
    with pytest.raises(IllegalMove) as exc:
        run(s, Catch("lake", 6, line=True))
    assert exc.value.rule == "R7.2"
    s, events = run(s, Catch("lake", 5, line=True))
    assert [e.card for e in of_type(events, FishCaught)] == [lake[2]]
    assert not of_type(events, TackleDrawn)  # a Line into zone 5 earns no tackle


def test_R7_2_line_into_zone_6_gives_no_deck_top() -> None:
    s, _ = run(catching(["line"], {3: "blue", 4: "blue", 5: "red", 6: ""}).build(), PlaceAngler("red"))
    assert Catch("lake", 6, line=True) in legal_moves(s)
    assert not any(getattr(m, "deck_top", False) for m in legal_moves(s))


def test_R7_3_rod_and_line_together() -> None:
    sc = catching(["rod", "line"])
    shore5 = sc.state.locations[0][2]
    s, _ = run(sc.build(), PlaceAngler("red"))
    s, events = run(s, Catch("shore", 5, rod=True, line=True))
    assert [(e.card, e.how) for e in of_type(events, FishCaught)] == [(shore5, "rod+line")]
    assert sorted(e.kind for e in of_type(events, TacklePlayed)) == ["line", "rod"]


def test_R7_4_lure_removes_up_to_two_bait_of_one_color() -> None:
    sc = catching(["lure"], {3: "red blue", 4: "red red blue", 5: "red", 6: ""})
    s = sc.build()
    lures = [m for m in legal_moves(s) if isinstance(m, PlayLure)]
    assert PlayLure("red", (4, 4)) in lures and PlayLure("red", (3, 5)) in lures
    assert PlayLure("red", (3,)) in lures and all(len(m.zones) <= 2 for m in lures)
    lake5 = s.locations[2][2]
    s, events = run(s, PlayLure("red", (3, 5)))
    assert [z[RED] for z in s.players[0].board] == [0, 2, 0, 0]
    assert [e.card for e in of_type(events, FishCaught)] == [lake5]  # zone 5 emptied
    assert s.phase == PLACE  # played before step 1: step 1 is still to come


def test_R7_5_reel_swaps_two_bait_of_different_colors() -> None:
    s = catching(["reel"], {3: "red blue", 4: "red red", 5: "", 6: ""}).build()
    reels = [m for m in legal_moves(s) if isinstance(m, PlayReel)]
    assert reels == [PlayReel(3, "blue", 4, "red")]  # red-for-red would change nothing
    with pytest.raises(IllegalMove) as exc:
        run(s, PlayReel(3, "red", 4, "red"))
    assert exc.value.rule == "R7.5"
    s, events = run(s, PlayReel(3, "blue", 4, "red"))
    assert s.players[0].board[0][RED] == 2 and s.players[0].board[1][BLUE] == 1
    assert of_type(events, BaitSwapped)


def test_R7_4_R7_5_one_spelling_per_move_and_a_reason_for_the_other() -> None:
    """PlayLure with the higher zone first (and PlayReel likewise) was refused as "your
    board lacks those bait" though the bait are there: the rule check names the order."""
    s = catching(["lure", "reel"], {3: "red blue", 4: "red red blue", 5: "red", 6: ""}).build()
    assert PlayLure("red", (3, 5)) in legal_moves(s) and PlayReel(3, "blue", 5, "red") in legal_moves(s)
    with pytest.raises(IllegalMove, match=r"lowest first: PlayLure\(color='red', zones=\(3, 5\)\)") as exc:
        run(s, PlayLure("red", (5, 3)))
    assert exc.value.rule == "R7.4"
    with pytest.raises(IllegalMove, match="lower zone first") as exc:
        run(s, PlayReel(5, "red", 3, "blue"))
    assert exc.value.rule == "R7.5"
    with pytest.raises(IllegalMove, match="lacks those red bait"):
        run(s, PlayLure("red", (6, 3)))  # no red bait in zone 6: the board is what's wrong


def test_R7_5_ruling_the_two_bait_are_in_different_zones() -> None:
    s = catching(["reel"], {3: "red blue", 4: "", 5: "", 6: ""}).build()
    assert not any(isinstance(m, PlayReel) for m in legal_moves(s))
    with pytest.raises(IllegalMove, match="two different zones"):
        run(s, PlayReel(3, "red", 3, "blue"))


def test_R7_6_ruling_lure_and_reel_before_between_and_after_steps() -> None:
    sc = catching(["lure", "lure", "lure"], {3: "blue blue blue", 4: "red red red red", 5: "", 6: ""})
    s = sc.tokens(red=1, yellow=1, black=1).build()
    assert s.phase == PLACE and PlayLure("red", (4,)) in legal_moves(s)
    s, _ = run(s, PlayLure("red", (4,)), PlaceAngler("port"))
    assert s.phase == PORT and not any(isinstance(m, PlayLure) for m in legal_moves(s))
    s, _ = run(s, Refill(5))
    assert s.phase == REMOVE and PlayLure("red", (4,)) in legal_moves(s)
    s, _ = run(s, PlayLure("red", (4,)), RemoveAngler("black"))
    assert s.phase == AFTER and legal_moves(s)[0] == EndTurn() and PlayLure("red", (4,)) in legal_moves(s)
    s, _ = run(s, PlayLure("red", (4,)))
    assert s.players[0].board[1][RED] == 1
    assert (s.active, s.phase) == (1, PLACE)  # no tackle left: the turn ended by itself


def test_R7_6_ruling_a_lure_before_step_1_belongs_to_step_1() -> None:
    # Its catch leaves the location zone empty through step 1's action, then refills.
    sc = catching(["lure", "line"], {3: "red", 4: "blue", 5: "", 6: ""})
    s = sc.build()
    s, _ = run(s, PlayLure("red", (3,)), Catch("lake", 3))
    assert s.locations[2][0] == -1
    s, events = run(s, PlaceAngler("purple"))
    assert LocationRefilled("lake", 3, s.locations[2][0]) in events and s.phase == REMOVE
    assert LetGo() not in legal_moves(s)
