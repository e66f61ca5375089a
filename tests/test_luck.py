"""Luck apart from play (engine.bots.luck): each seat's final lead is the first
position's lead plus its luck plus what the moves did, exactly; a move that draws
nothing has no luck; a game that is not over is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.batch.runner import play_game
from cwtui.game.logfile import read_log
from engine import GameConfig, SeatConfig, load_cards
from engine.bots import LEAD
from engine.bots.lead import shipped
from engine.bots.luck import NotOver, game_luck
from engine.log_types import GameLog
from engine.moves import EndTurn

CARDS = load_cards()


def finished(tmp_path: Path, players: int, seed: int, kind: str = "greedy") -> GameLog:
    seats = tuple(SeatConfig(f"P{i}", kind) for i in range(players))
    _state, path = play_game(GameConfig(seats=seats, seed=seed), tmp_path, CARDS)
    assert path is not None
    return read_log(path)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_start_luck_and_play_add_up_to_each_final_lead(tmp_path: Path, players: int) -> None:
    log = finished(tmp_path, players, 40 + players)
    assert log.footer is not None
    luck = game_luck(log, CARDS, shipped(LEAD))
    totals = {line.seat: line.total for line in log.footer.scores}
    assert len(luck.seats) == len(totals)
    for seat in luck.seats:
        others = [t for s, t in totals.items() if s != seat.seat]
        assert seat.final == pytest.approx(totals[seat.seat] - sum(others) / len(others))
        assert seat.start + seat.luck + seat.own + seat.others == pytest.approx(seat.final, abs=1e-6)
        assert seat.margin > 0
    assert sum(s.luck for s in luck.seats) == pytest.approx(0, abs=1e-6), "leads add up to 0, and so does luck"
    assert luck.moves, "some moves drew something"
    for drawn in luck.moves:
        assert not isinstance(log.plies[drawn.ply].move, EndTurn), "ending a turn draws nothing"


def test_luck_is_the_same_when_measured_again(tmp_path: Path) -> None:
    log = finished(tmp_path, 3, 77)
    assert game_luck(log, CARDS, shipped(LEAD)) == game_luck(log, CARDS, shipped(LEAD))


def test_a_game_that_is_not_over_has_no_luck_yet(tmp_path: Path) -> None:
    """Mid-game, luck would tell a seat what another's hidden fish are worth."""
    log = finished(tmp_path, 2, 5)
    cut = GameLog(log.header, log.plies[:100], None)
    with pytest.raises(NotOver):
        game_luck(cut, CARDS, shipped(LEAD))
