"""Issue 66.2: a review takes each seat's final lead apart into luck and play, once the
game is over, and keeps it with the decisions (for the history's `luck` tables: not
shown to players while the lead evaluation sees too little of a draw's worth,
docs/bot-strength.md)."""

from __future__ import annotations

import math
from pathlib import Path

import msgspec
import pytest
from helpers import quick_judge

from cwtui.batch.runner import play_game
from cwtui.game import review as reviews
from engine import GameConfig, SeatConfig, load_cards

CARDS = load_cards()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviews, "judge_job", quick_judge)


def finished(folder: Path, seed: int, kinds: tuple[str, str] = ("greedy", "greedy")) -> Path:
    seats = (SeatConfig("Ana", kinds[0]), SeatConfig("Bo", kinds[1]))
    _, path = play_game(GameConfig(seats=seats, seed=seed), folder, CARDS, created="2026-11-25T00:00:00+00:00")
    assert path is not None
    return path


def test_a_finished_games_luck_and_play_add_up_to_each_seats_final_lead(tmp_path: Path, quick: None) -> None:
    path = finished(tmp_path, 3, ("greedy", "random"))
    made = reviews.review(path, CARDS, "medium", workers=1)
    assert made.luck is not None and len(made.luck.seats) == 2
    footer = made.log.footer
    assert footer is not None
    totals = {line.seat: line.total for line in footer.scores}
    for seat in made.luck.seats:
        assert seat.final == pytest.approx(totals[seat.seat] - totals[1 - seat.seat])
        assert seat.start + seat.luck + seat.own + seat.others == pytest.approx(seat.final, abs=1e-6)
        assert math.isclose(seat.luck, sum(d.luck[seat.seat] for d in made.luck.moves), abs_tol=1e-6)
    kept = reviews.review(path, CARDS, "medium", workers=1)
    assert kept.reused and kept.luck == made.luck  # kept beside the decisions, read back as measured


def test_a_game_not_over_has_no_luck_yet(tmp_path: Path, quick: None) -> None:
    """Luck is measured with every secret out: mid-game it would tell a seat what
    another's hidden fish are worth."""
    path = finished(tmp_path, 2)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:60]))
    made = reviews.review(cut, CARDS, "medium", workers=1)
    assert made.luck is None


def test_a_kept_review_whose_luck_does_not_add_up_is_damaged(tmp_path: Path, quick: None) -> None:
    path = finished(tmp_path, 2)
    reviews.review(path, CARDS, "medium", workers=1)
    side = reviews.sidecar_path(path)
    kept = msgspec.json.decode(side.read_bytes(), type=reviews.Sidecar)
    assert kept.luck is not None
    seats = list(kept.luck.seats)
    seats[1] = seats[1]._replace(luck=seats[1].luck + 3.0)  # made luckier than it was, sealed again
    forged = msgspec.structs.replace(kept, luck=kept.luck._replace(seats=tuple(seats)))
    side.write_bytes(msgspec.json.encode(reviews.sealed(forged)))
    redone = reviews.review(path, CARDS, "medium", workers=1)
    assert not redone.reused and "luck and play do not add up" in redone.notes[0]
    assert redone.luck == kept.luck
