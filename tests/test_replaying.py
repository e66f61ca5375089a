"""Moving through replays (cwtui/game/replaying.py) and playing on from one (GameSession.fork)."""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest
from helpers import reseal, seen_record

from cwtui.batch.runner import play_out
from cwtui.game.replaying import EVERYONE, ReplayCursor, SeenCursor, SeenRecord, open_replay
from cwtui.game.saved import saved_games
from cwtui.game.session import GameSession
from engine import SeatConfig
from engine.bots import seat_bots
from engine.errors import LogFormatError
from engine.state import State
from engine.view import view

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


def same(a: State, b: State) -> bool:
    """Two states agree on everything a seat sees and everything hidden."""
    return (
        all(view(a, s) == view(b, s) for s in range(len(a.players)))
        and (a.decks, a.bag, a.mystery, a.ma_deck, a.tackle_deck, a.ply) == (b.decks, b.bag, b.mystery, b.ma_deck,
                                                                           b.tackle_deck, b.ply)
    )  # fmt: skip


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_golden_log_replays_to_its_recorded_final_scores(path: Path) -> None:
    replay = open_replay(path)
    assert replay.divergence is None and replay.log.footer is not None
    cursor = ReplayCursor(replay)
    cursor.go(cursor.end)
    state = cursor.state
    assert state.over and state.result == replay.log.footer.scores
    totals = {line.seat: line.total for line in replay.log.footer.scores}
    assert [series[-1] for series in cursor.scores()] == [totals[s] for s in range(len(totals))]


def test_stepping_forward_matches_jumping() -> None:
    replay = open_replay(GOLDEN[3])  # the 4-player game: the longest
    stepper, jumper = ReplayCursor(replay), ReplayCursor(replay)
    for position in range(1, stepper.end + 1):
        stepper.go(position)
        if position % 7 == 0 or position == stepper.end:
            jumper.go(position)
            assert same(stepper.state, jumper.state), position
    for position in (stepper.end - 1, 3, 200, 0, 17):  # backwards and anywhere
        stepper.go(position)
        assert same(stepper.state, replay.state_at(position))


def test_positions_are_clamped() -> None:
    cursor = ReplayCursor(open_replay(GOLDEN[1]))
    cursor.go(-5)
    assert cursor.position == 0
    cursor.go(10_000)
    assert cursor.position == cursor.end


def test_turns_catches_and_trophies_are_found() -> None:
    cursor = ReplayCursor(open_replay(GOLDEN[2]))
    cursor.go(cursor.next_turn())
    assert cursor.state.turn == 2 and cursor.plies[cursor.position].turn == 2
    assert cursor.plies[cursor.position - 1].turn == 1
    cursor.go(cursor.previous_turn())
    assert cursor.position == 0
    catch = cursor.next_of("catch")
    assert catch is not None and cursor.lines[catch - 1].catch
    assert not any(line.catch for line in cursor.lines[: catch - 1])
    cursor.go(catch)
    trophy = cursor.next_of("trophy")
    assert trophy is not None and trophy > catch and cursor.lines[trophy - 1].trophy
    cursor.go(trophy)
    assert cursor.previous_of("trophy") is None or cursor.previous_of("trophy") < trophy  # type: ignore[operator]
    assert cursor.previous_of("catch") is not None
    cursor.go(cursor.end)
    assert cursor.next_of("catch") is None and cursor.next_turn() == cursor.end


def test_scores_only_grow_until_the_final_tally() -> None:
    cursor = ReplayCursor(open_replay(GOLDEN[3]))
    for series in cursor.scores():
        assert len(series) == cursor.end + 1
        assert all(a <= b for a, b in pairwise(series[:-1]))  # the last value adds tag points


def test_fork_plays_on_from_a_position_and_verifies(tmp_path: Path) -> None:
    parent = tmp_path / "parent.jsonl"
    shutil.copy(GOLDEN[1], parent)
    before = parent.read_bytes()
    replay = open_replay(parent)
    ply = 120
    seats = (SeatConfig("Ann", "random"), SeatConfig("Bo", "greedy"))
    session = GameSession.fork(replay, ply, seats, tmp_path / "forks")
    assert session.path is not None and session.path.parent == tmp_path / "forks"
    assert len(session.history) == ply
    expected = replay.state_at(ply)
    assert (session.state.ply, session.state.decks, session.state.bag) == (expected.ply, expected.decks, expected.bag)
    final = play_out(session.state, seat_bots(session.config, session.state.cards), session.writer)
    session.close()
    fork = open_replay(session.path)
    assert fork.divergence is None and fork.log.footer is not None
    assert fork.log.footer.scores == final.result
    assert fork.log.header.parent is not None
    assert (fork.log.header.parent.game, fork.log.header.parent.ply) == (replay.log.header.game, ply)
    assert fork.log.header.config.seats == seats
    assert fork.log.plies[:ply] == replay.log.plies[:ply]
    assert parent.read_bytes() == before  # the original is never changed


def test_a_fork_of_an_older_game_keeps_its_rulings(tmp_path: Path) -> None:
    """A game begun before a ruling changed play (format 4: the clear bait you drew
    refilling a solo zone was not the silent player's, R12.5) is played on under its own
    rulings: its fork is written in the newest format that has them, and verifies."""
    older = Path(__file__).parent / "fixtures" / "format4" / "sim-1p-101.jsonl"
    replay = open_replay(older)
    ply = 110  # past the refills that drew the clear bait
    session = GameSession.fork(replay, ply, (SeatConfig("Solo", "greedy"),), tmp_path)
    assert session.path is not None and session.state.rules == 4
    final = play_out(session.state, seat_bots(session.config, session.state.cards), session.writer)
    session.close()
    fork = open_replay(session.path)
    assert fork.log.format == 4 and fork.divergence is None and fork.log.footer is not None
    assert fork.log.footer.scores == final.result


def test_fork_refuses_a_finished_position(tmp_path: Path) -> None:
    replay = open_replay(GOLDEN[0])
    with pytest.raises(LogFormatError, match="over"):
        GameSession.fork(replay, replay.good_plies, replay.log.header.config.seats, tmp_path)


def test_a_diverging_log_opens_up_to_its_last_good_move(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    lines = GOLDEN[1].read_bytes().splitlines(keepends=True)
    lines[51] = lines[51].replace(b'"turn":', b'"turn":9', 1)  # ply 50 claims another turn
    path.write_bytes(b"".join(reseal(lines)))  # digests and all: only the replay can tell
    replay = open_replay(path)
    assert replay.divergence is not None and replay.divergence.ply == 50
    cursor = ReplayCursor(replay)
    assert cursor.end == 50 and len(cursor.lines) == 50
    cursor.go(cursor.end)
    assert not cursor.state.over


def test_a_corrupt_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_bytes(b"not a log\n")
    with pytest.raises(LogFormatError, match="line 1"):
        open_replay(path)


def test_saved_games_lists_finished_and_unfinished_logs(tmp_path: Path) -> None:
    (tmp_path / "sim").mkdir()
    shutil.copy(GOLDEN[0], tmp_path / "a.jsonl")
    shutil.copy(GOLDEN[2], tmp_path / "sim" / "b.jsonl")
    lines = GOLDEN[1].read_bytes().splitlines(keepends=True)
    (tmp_path / "c.jsonl").write_bytes(b"".join(lines[:30]))
    (tmp_path / "junk.jsonl").write_bytes(b"junk\n")
    games = {g.path.name: g for g in saved_games(tmp_path)}
    assert set(games) == {"a.jsonl", "b.jsonl", "c.jsonl"}
    assert games["a.jsonl"].footer is not None
    assert games["a.jsonl"].plies == len(open_replay(GOLDEN[0]).log.plies)
    assert games["c.jsonl"].footer is None and games["c.jsonl"].plies == 29


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["seat 0", "seat 1", "spectator"])
def test_a_servers_game_replays_as_its_seat_saw_it(viewer: int | None) -> None:
    """SeenCursor: the same moves, turns, catches and scores as the log's replay, but
    every position drawn from the viewer's own View, and narrated as it knew it."""
    path = GOLDEN[2]  # three players
    record = seen_record(path, viewer)
    full, seen = ReplayCursor(open_replay(path)), SeenCursor(record)
    seat = -1 if viewer is None else viewer
    assert seen.perspectives == (viewer,) and seen.end == full.end
    assert seen.lines == full.lines and seen.turn_starts == full.turn_starts
    assert seen.scores() == full.scores()
    for position in (1, 2, 40, 41, 17, full.end):
        full.go(position)
        seen.go(position)
        assert seen.shown((0, 1, 2)) == {seat: view(full.state, seat)}
        assert seen.active == full.active and seen.over == full.over
        assert full.before is not None and seen.shown_before(seat) == view(full.before, seat)
        assert seen.describe(position - 1, EVERYONE) == full.describe(position - 1, viewer)
    assert seen.over and not seen.unfinished
    results, expected = seen.results(), full.results()
    assert results is not None and expected is not None
    assert results[1] == expected[1]
    # every contest is held: what everyone presented is public, as the results show it
    assert [s.presented for s in results[0].seats] == [s.presented for s in expected[0].seats]
    # what no seat but the viewer may know stays out of the replay's narration
    hidden = [full.describe(p, EVERYONE) != seen.describe(p, EVERYONE) for p in range(full.end)]
    assert any(hidden)


def test_a_seen_record_needs_a_view_for_every_position() -> None:
    record = seen_record(GOLDEN[1], 0)
    with pytest.raises(ValueError, match="views for"):
        SeenRecord(record.title, record.names, record.cards, 0, record.plies, record.views[:-1])
