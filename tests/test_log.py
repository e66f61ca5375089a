"""The log: byte-identical for the same seed and moves; a reader that accepts only
logs this engine could have written and names the line of anything else."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import config, random_playout, reseal

from engine import LogFormatError, LogVersionError, new_game
from engine.cards import load_cards
from engine.log import FORMAT_VERSION, MAX_LINE, Chain, encode_log, footer_for, header_for, parse, ply_record
from engine.replay import Replay
from engine.setup import set_up

FORMAT1 = Path(__file__).parent / "fixtures" / "format1" / "sim-2p-202.jsonl"


def game_log(players: int = 2, seed: int = 5) -> list[bytes]:
    cards = load_cards()
    cfg = config(players, seed)
    state = new_game(cfg, cards)
    chain = Chain()
    setup = set_up(cfg, cards)[1]
    lines = [chain.line(header_for(cfg, cards.hash, f"g{seed}", "2026-11-22T00:00:00+00:00", setup=setup))]
    for before, move, events in random_playout(state, seed):
        lines.append(chain.line(ply_record(before, move, events)))
    return lines


def full_log(players: int = 2, seed: int = 5) -> list[bytes]:
    log = parse(game_log(players, seed))
    return encode_log(log.header, *log.plies, footer_for(Replay(log).final))


def edit(lines: list[bytes], index: int, old: bytes, new: bytes) -> list[bytes]:
    assert old in lines[index], (old, lines[index][:200])
    return [*lines[:index], lines[index].replace(old, new, 1), *lines[index + 1 :]]


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


def test_a_whole_last_line_without_its_newline_is_cut_off() -> None:
    """A move is written with its newline: without it, the line is not there yet (a
    resumed game drops it, so its next line cannot run on from it)."""
    lines = full_log()
    log = parse([*lines[:5], lines[5].rstrip(b"\n")])
    assert log.truncated and len(log.plies) == 4


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


@pytest.mark.parametrize("damage", [b"\xff", b"\xc3\x28", b"\xed\xa0\x80"])
def test_invalid_utf8_is_a_format_error(damage: bytes) -> None:
    lines = full_log()
    with pytest.raises(LogFormatError, match="line 2: the line is not valid UTF-8"):
        parse(edit(lines, 1, b'"phase":"place"', b'"phase":"pl' + damage + b'ce"'))
    with pytest.raises(LogFormatError, match=r"line 1: .*UTF-8"):
        parse(edit(lines, 0, b'"name":"P0"', b'"name":"P' + damage + b'"'))


@pytest.mark.parametrize("where", [0, 1, -1])
def test_deep_nesting_is_a_format_error(where: int) -> None:
    lines = full_log()
    deep = b'"x":' + b"[" * 100_000 + b"]" * 100_000 + b","
    lines[where] = lines[where].replace(b"{", b"{" + deep, 1)
    with pytest.raises(LogFormatError, match="nests too deeply"):
        parse(lines)


def test_an_overlong_line_is_refused_without_being_decoded() -> None:
    lines = full_log()
    with pytest.raises(LogFormatError, match="longer than"):
        parse([lines[0], b" " * (MAX_LINE + 1) + b"\n"])


def test_newer_and_unknown_formats_are_refused_with_a_clear_message() -> None:
    lines = full_log()
    with pytest.raises(LogVersionError, match="format 99 is newer"):
        parse(edit(lines, 0, b'"format":5', b'"format":99'))
    with pytest.raises(LogFormatError, match="unknown log format 0"):
        parse(edit(lines, 0, b'"format":5', b'"format":0'))
    with pytest.raises(LogFormatError, match="a format 2 header records no setup events"):
        parse(
            edit(
                edit(lines, 0, b'"format":5', b'"format":2'),
                0,
                b'"setup":[]',
                b'"setup":[{"type":"turn_ended","seat":0}]',
            )
        )
    with pytest.raises(LogFormatError, match="a format 1 log has no digests"):
        parse(edit(lines, 0, b'"format":5', b'"format":1'))


def test_empty_and_headerless_logs() -> None:
    with pytest.raises(LogFormatError, match="empty"):
        parse([])
    with pytest.raises(LogFormatError, match="first line must be the header"):
        parse(full_log()[1:])
    with pytest.raises(LogFormatError, match="header line is cut off"):
        parse([full_log()[0].rstrip(b"\n")])


def test_a_changed_line_is_refused_by_its_digest() -> None:
    lines = full_log()
    target = next(i for i, line in enumerate(lines) if b'"fish_caught"' in line)
    step = b'"step":1' if b'"step":1' in lines[target] else b'"step":2'
    changed = edit(lines, target, step, b'"step":2' if step == b'"step":1' else b'"step":1')
    with pytest.raises(LogFormatError, match=rf"line {target + 1}: .*changed after it was written"):
        parse(changed)
    with pytest.raises(LogFormatError, match="line 1: the header was changed"):
        parse(edit(lines, 0, b'"name":"P1"', b'"name":"Q1"'))
    with pytest.raises(LogFormatError, match="no digest"):
        parse([lines[0], lines[1].replace(b',"digest":"', b',"digestx":"')])


def test_a_tampered_event_is_found_at_its_ply() -> None:
    """A forger who recomputes the digests is caught by the replay."""
    lines = full_log()
    target = next(i for i, line in enumerate(lines) if b'"fish_caught"' in line)
    lines = reseal(
        edit(lines, target, b'"how":"bait"', b'"how":"rod"')
        if b'"how":"bait"' in lines[target]
        else edit(lines, target, b'"how":"deck_top"', b'"how":"rod"')
    )
    replay = Replay(parse(lines))
    assert replay.divergence is not None
    assert replay.divergence.ply == target - 1
    assert "differs" in replay.divergence.reason


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [(b'"step":1', b'"step":2', "step 2"), (b'"phase":"place"', b'"phase":"port"', "decision is 'port'"),
     (b'"turn":1', b'"turn":2', "turn 2"), (b'"seat":0,"step"', b'"seat":1,"step"', "seat 1 to move")],
)  # fmt: skip
def test_what_a_line_says_of_its_position_is_checked(old: bytes, new: bytes, reason: str) -> None:
    replay = Replay(parse(reseal(edit(full_log(), 1, old, new))))
    assert replay.divergence is not None and replay.divergence.ply == 0
    assert reason in replay.divergence.reason


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f.replace(b'"winner":0', b'"winner":9').replace(b'"winner":1', b'"winner":0')
         .replace(b'"winner":9', b'"winner":1'), "names seat . the winner"),
        (lambda f: f.replace(b'"plies":', b'"plies":1', 1), "counts"),
        (lambda f: f.replace(b'"rank":2', b'"rank":1', 1), "without ties"),
        (lambda f: f.replace(b'"tags":', b'"tags":1', 1), "not the sum"),
        (lambda f: f.replace(b'{"seat":1,', b'{"seat":0,', 1), "each of the 2 seats once"),
    ],
)  # fmt: skip
def test_the_footer_must_agree_with_itself(change, message: str) -> None:  # type: ignore[no-untyped-def]
    lines = full_log()
    lines[-1] = change(lines[-1])
    with pytest.raises(LogFormatError, match=f"line {len(lines)}: the footer .*{message}"):
        parse(reseal(lines))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (b'"created":"2026-11-22T00:00:00+00:00"', b'"created":"yesterday"', "created must be an ISO 8601"),
        (b'"created":"2026-11-22T00:00:00+00:00"', b'"created":""', "created must be an ISO 8601"),
        (b'"created":"2026-11-22T00:00:00+00:00"', b'"created":"2026-11-22T00:00:00"', "UTC offset"),
        (b'"seed":5', b'"seed":-1', "seed must be a whole number"),
        (b'"seed":5', b'"seed":18446744073709551616', "seed must be a whole number|out of range"),
        (b'"kind":"random"', b'"kind":"wizard"', "unknown seat kind 'wizard'"),
        (b'"name":"P1"', b'"name":"P0"', "each seat needs its own name"),
        (b'"name":"P1"', b'"name":""', "a seat's name"),
        (b'"game":"g5"', b'"game":"../../x"', "a game id"),
        (b'"format":5', b'"format":"3"', "Expected `int`"),
    ],
)
def test_a_header_must_describe_a_playable_game(old: bytes, new: bytes, message: str) -> None:
    with pytest.raises(LogFormatError, match=f"^line 1: .*({message})"):
        parse(reseal(edit(full_log(), 0, old, new)))


def test_other_card_data_and_random_numbers_are_refused() -> None:
    lines = full_log()
    with pytest.raises(LogFormatError, match="other card data"):
        Replay(parse(reseal(edit(lines, 0, b'"cards":"sha256:', b'"cards":"sha256:0'))))
    with pytest.raises(LogFormatError, match="random numbers come from 'pcg/1'"):
        Replay(parse(reseal(edit(lines, 0, b'"prng":"splitmix64/1"', b'"prng":"pcg/1"'))))


def test_format_1_logs_are_still_read_and_replayed() -> None:
    lines = FORMAT1.read_bytes().splitlines(keepends=True)
    log = parse(lines)
    assert log.format == 1 and log.footer is not None and FORMAT_VERSION == 5
    assert Replay(log).divergence is None
    with pytest.raises(LogFormatError, match="line 3: a format 1 log has no digests"):
        parse([*lines[:2], lines[2][:-2] + b',"digest":"0123456789abcdef"}\n', *lines[3:]])


def test_every_event_and_move_class_is_in_the_logs_union() -> None:
    """ply_record trusts that any Event the engine emits can be logged (and read back)."""
    from typing import get_args

    from engine import events, moves

    def leaves(base: type) -> set[type]:
        found = set()
        for sub in base.__subclasses__():
            found |= leaves(sub) or {sub}
        return found

    from engine.visibility import REDACTED, REDACTED_MOVES

    assert leaves(events.Event) - set(REDACTED) == set(get_args(events.AnyEvent))
    assert leaves(moves.Move) - set(REDACTED_MOVES) == set(get_args(moves.AnyMove))


def test_a_format_2_log_still_reads_and_its_setup_is_derived(tmp_path: Path) -> None:
    """Format 2 headers have no setup events: the replay and the history take them from
    what setup does for the log's config (the same events format 3 records)."""
    from cwtui.history.loader import connect, load
    from engine.events import TrophyTaken
    from engine.replay import setup_events

    path = Path(__file__).parent / "fixtures" / "format2" / "sim-1p-101.jsonl"
    log = parse(path.read_bytes().splitlines(keepends=True))
    assert log.format == 2 and log.header.setup == ()
    replay = Replay(log)
    assert replay.divergence is None and TrophyTaken(1, "small_species", 5) in replay.setup
    assert setup_events(log.header, replay.cards) == replay.setup
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / path.name).write_bytes(path.read_bytes())
    db = tmp_path / "h.duckdb"
    assert load(db, [folder]).loaded == 1
    with connect(db) as con:
        rows = con.execute("SELECT seat, trophy, points, source FROM trophies WHERE source = 'setup'").fetchall()
    assert rows == [(1, "small_species", 5, "setup")]


def test_a_format_3_log_still_verifies_with_its_step_1_remove_window() -> None:
    """R3.2 — step 2 opens with the tackle window before the remove. Format 3 logged
    that window (and a Lure played in it) as step 1; format 4 logs step 2. Both verify."""
    from engine import GameConfig, SeatConfig, apply, legal_moves
    from engine.moves import RemoveAngler

    path = Path(__file__).parent / "fixtures" / "format3" / "sim-4p-404.jsonl"
    log = parse(path.read_bytes().splitlines(keepends=True))
    assert log.format == 3
    removes = [p for p in log.plies if isinstance(p.move, RemoveAngler)]
    assert removes and {p.step for p in removes} == {1}
    assert Replay(log).divergence is None
    state = new_game(GameConfig(seed=5, seats=(SeatConfig("A", "random"), SeatConfig("B", "random"))))
    while state.phase != "remove":
        state, _ = apply(state, legal_moves(state)[0])
    assert state.step == 2
