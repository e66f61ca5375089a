"""The log: byte-identical for the same seed and moves; a reader that names problems."""

from __future__ import annotations

import pytest
from helpers import config, random_playout

from engine import LogFormatError, LogVersionError, new_game
from engine.cards import load_cards
from engine.log import encode, footer_for, header_for, parse, ply_record
from engine.replay import Replay


def game_log(players: int = 2, seed: int = 5) -> list[bytes]:
    cards = load_cards()
    cfg = config(players, seed)
    state = new_game(cfg, cards)
    lines = [encode(header_for(cfg, cards.hash, f"g{seed}", "2026-11-22T00:00:00+00:00"))]
    for before, move, events in random_playout(state, seed):
        lines.append(encode(ply_record(before, move, events)))
    return lines


def full_log(players: int = 2, seed: int = 5) -> list[bytes]:
    lines = game_log(players, seed)
    replay = Replay(parse(lines))
    return [*lines, encode(footer_for(replay.final))]


def test_same_seed_and_moves_give_identical_bytes() -> None:
    assert full_log(3, 11) == full_log(3, 11)
    assert full_log(3, 11) != full_log(3, 12)


def test_replay_verifies_a_whole_log() -> None:
    log = parse(full_log(4, 3))
    replay = Replay(log)
    assert replay.divergence is None
    assert replay.final.over
    mid = len(log.plies) // 2
    assert replay.state_at(mid).ply == mid


def test_truncated_last_line_is_reported_not_fatal() -> None:
    lines = full_log()
    cut = [*lines[:-2], lines[-2][: len(lines[-2]) // 2]]  # crash mid-write of a ply
    log = parse(cut)
    assert log.truncated and log.footer is None
    assert len(log.plies) == len(lines) - 3
    assert Replay(log).divergence is None


def test_corrupt_line_names_its_line() -> None:
    lines = full_log()
    lines[4] = b'{"kind":"ply","ply":3,"oops"\n'
    with pytest.raises(LogFormatError, match=r"^line 5: "):
        parse(lines)


def test_reordered_lines_are_refused() -> None:
    lines = full_log()
    lines[3], lines[4] = lines[4], lines[3]
    with pytest.raises(LogFormatError, match="line 4: expected ply 2, found ply 3"):
        parse(lines)


def test_newer_format_is_refused_with_a_clear_message() -> None:
    lines = full_log()
    lines[0] = lines[0].replace(b'"format":1', b'"format":99')
    with pytest.raises(LogVersionError, match="format 99 is newer"):
        parse(lines)


def test_empty_and_headerless_logs() -> None:
    with pytest.raises(LogFormatError, match="empty"):
        parse([])
    with pytest.raises(LogFormatError, match="first line must be the header"):
        parse(full_log()[1:])


def test_a_tampered_event_is_found_at_its_ply() -> None:
    lines = full_log()
    target = next(i for i, line in enumerate(lines) if b'"fish_caught"' in line)
    lines[target] = (
        lines[target].replace(b'"how":"bait"', b'"how":"rod"', 1).replace(b'"how":"deck_top"', b'"how":"rod"', 1)
    )
    replay = Replay(parse(lines))
    assert replay.divergence is not None
    assert replay.divergence.ply == target - 1
    assert "differs" in replay.divergence.reason


def test_other_card_data_is_refused() -> None:
    lines = full_log()
    lines[0] = lines[0].replace(b'"cards":"sha256:', b'"cards":"sha256:0', 1)
    with pytest.raises(LogFormatError, match="other card data"):
        Replay(parse(lines))
