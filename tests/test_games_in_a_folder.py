"""The games in a folder, defined once (cwtui.game.saved.files_in, issue 55): the replay
list, the history and the scripts' corpus read the same set — every log under the
folder, subfolders too, a link to a folder not followed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cwtui.batch.runner import play_game
from cwtui.game.saved import files_in, saved_games
from cwtui.history.errors import HistoryError
from cwtui.history.reading import logs_in
from engine import GameConfig, SeatConfig, load_cards

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import corpus

CARDS = load_cards()


def test_the_replay_list_the_history_and_the_scripts_read_the_same_games(tmp_path: Path) -> None:
    games = tmp_path / "replays"
    (games / "sim").mkdir(parents=True)
    seats = (SeatConfig("A", "random"), SeatConfig("B", "random"))
    made = [
        play_game(GameConfig(seats=seats, seed=s), folder, CARDS)[1] for s, folder in ((1, games), (2, games / "sim"))
    ]
    (games / "notes.txt").write_text("not a game")
    (games / "loop").symlink_to(games, target_is_directory=True)  # never followed: it would not end
    expected = sorted(str(p) for p in made if p is not None)
    assert sorted(e.path for e in files_in(games)) == expected
    assert sorted(str(g.path) for g in saved_games(games)) == expected
    assert sorted(e.path for e in logs_in(games)) == expected
    assert sorted(str(p) for p in corpus.logs_in([games])) == expected


def test_a_folder_that_cannot_be_read_is_said_as_each_reader_says_it(tmp_path: Path) -> None:
    missing = tmp_path / "none"
    with pytest.raises(OSError):
        files_in(missing)
    assert saved_games(missing) == []  # the replay list: no games yet
    with pytest.raises(HistoryError, match="cannot read the folder"):
        logs_in(missing)
