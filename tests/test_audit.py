"""engine.bots.audit: a bot seat's moves are the moves its bot makes, so a log cannot
credit a bot with a game it did not play."""

from __future__ import annotations

from pathlib import Path

from helpers import play_on, reseal

from cwtui.batch.runner import play_game
from cwtui.game.logfile import read_log
from cwtui.game.session import GameSession
from cwtui.game.verification import verify_log
from engine import GameConfig, SeatConfig
from engine.bots import IsmctsBot
from engine.bots.audit import audit
from engine.cards import load_cards
from engine.log import parse
from engine.replay import Replay

CONFIG = GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random")), seed=8)


def game(tmp_path: Path, config: GameConfig = CONFIG) -> list[bytes]:
    _, path = play_game(config, tmp_path, created="2026-11-23T00:00:00+00:00")
    assert path is not None
    return path.read_bytes().splitlines(keepends=True)


def audited(lines: list[bytes]) -> str | None:
    replay = Replay(parse(lines))
    assert replay.divergence is None
    wrong = audit(replay)
    return None if wrong is None else f"ply {wrong.ply}: {wrong.reason}"


def test_a_bot_game_passes_its_audit(tmp_path: Path) -> None:
    assert audited(game(tmp_path)) is None


def test_a_seat_relabelled_as_another_bot_is_caught(tmp_path: Path) -> None:
    lines = game(tmp_path)
    for old, new in ((b'"kind":"greedy"', b'"kind":"random"'), (b'"kind":"random"', b'"kind":"greedy"'),
                     (b'"kind":"greedy"', b'"kind":"hard"')):  # fmt: skip
        problem = audited(reseal([lines[0].replace(old, new, 1), *lines[1:]]))
        assert problem is not None and "bot, which plays" in problem, (old, new)


def test_a_human_seat_claimed_by_a_bot_is_caught(tmp_path: Path) -> None:
    """A game played by a human (here, always the last option) relabelled as a bot's."""
    config = GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=9)
    session = GameSession.start(config, tmp_path)
    play_on(session, until_ply=60)
    session.close()
    assert session.path is not None
    lines = session.path.read_bytes().splitlines(keepends=True)
    assert audited(lines) is None
    forged = reseal([lines[0].replace(b'"kind":"human"', b'"kind":"greedy"', 1), *lines[1:]])
    problem = audited(forged)
    assert problem is not None and "seat 0 is a greedy bot" in problem


def test_a_search_cut_short_by_the_clock_is_logged_and_checks_out(tmp_path: Path) -> None:
    """In the app a search bot stops at its time cap; the log records the iterations it
    ran, and the audit searches exactly as long."""
    config = GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "medium")), seed=10)
    session = GameSession.start(config, tmp_path)
    bot = session.bots[1]
    assert isinstance(bot, IsmctsBot)
    bot.seconds = 0.003  # a slow machine: the cap cuts every search short (compiled, ~10,000 iterations a second)
    play_on(session, until_ply=40)
    session.close()
    assert session.path is not None
    lines = session.path.read_bytes().splitlines(keepends=True)
    searched = [p.searched for p in read_log(session.path).plies if p.searched is not None]
    assert searched and all(0 < n < 300 for n in searched)
    assert audited(lines) is None
    # Without the counts, the log claims full searches the clock never allowed: the
    # audit searches 300 iterations and finds a move the bot did not make.
    import re

    forged = reseal([re.sub(rb',"searched":\d+', b"", line) for line in lines])
    problem = audited(forged)
    assert problem is not None and "medium bot, which plays" in problem


def test_a_search_claimed_for_a_bot_that_does_not_search_is_caught(tmp_path: Path) -> None:
    lines = game(tmp_path)  # seat 0 is greedy, which never searches
    at = next(i for i, line in enumerate(lines) if b'"seat":0,"step":1,"phase":"place"' in line and i > 1)
    claimed = lines[at].replace(b',"digest":', b',"searched":5,"digest":', 1)
    problem = audited(reseal([*lines[:at], claimed, *lines[at + 1 :]]))
    assert problem is not None and "does not search" in problem


def test_the_moves_a_fork_copied_are_not_its_seats(tmp_path: Path) -> None:
    """A fork's first moves were made by the parent's seats; its own seats answer for
    the moves after the fork only."""
    from cwtui.game.replaying import open_replay

    parent = tmp_path / "parent"
    parent.mkdir()
    _, path = play_game(CONFIG, parent, created="2026-11-23T00:00:00+00:00")
    assert path is not None
    seats = (SeatConfig("Ana", "random"), SeatConfig("Bo", "greedy"))  # both change kind
    forked = GameSession.fork(open_replay(path), 50, seats, tmp_path)
    play_on(forked, until_ply=90)
    forked.close()
    assert forked.path is not None
    assert verify_log(forked.path, load_cards()).ok
