"""The review's better line on a fork (cwtui.screens.play.line): which of its moves is
due as the game goes on, follows it, leaves it or takes a move back."""

from __future__ import annotations

from cwtui.screens.play.line import BetterLine
from engine.moves import EndTurn, PlaceAngler, Refill, RemoveAngler

BEFORE = [PlaceAngler("red"), RemoveAngler("red")]  # the parent's moves before the fork
LINE = BetterLine(seat=1, start=2, moves=(PlaceAngler("port"), Refill(6), Refill(4)))
LEGAL = [PlaceAngler("port"), Refill(4), Refill(5), Refill(6), EndTurn()]


def test_each_move_is_due_in_turn_while_the_game_follows_the_line() -> None:
    assert LINE.due(BEFORE, 1, LEGAL) == 0
    assert LINE.due([*BEFORE, PlaceAngler("port")], 1, LEGAL) == 1
    assert LINE.due([*BEFORE, PlaceAngler("port"), Refill(6)], 1, LEGAL) == 2
    played = [*BEFORE, *LINE.moves]
    assert LINE.due(played, 1, LEGAL) is None and LINE.ended(played)


def test_a_move_off_the_line_ends_it_and_taking_it_back_restores_it() -> None:
    off = [*BEFORE, PlaceAngler("port"), Refill(5)]
    assert LINE.due(off, 1, LEGAL) is None and not LINE.ended(off)
    assert LINE.due(off[:-1], 1, LEGAL) == 1  # u took it back: the line's move is due again


def test_nothing_is_due_for_another_seat_or_a_move_not_legal_here() -> None:
    assert LINE.due(BEFORE, 0, LEGAL) is None
    assert LINE.due(BEFORE, 1, [Refill(4), EndTurn()]) is None
