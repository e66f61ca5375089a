"""The game log: JSON Lines of msgspec records — a header, one line per move with the
events it caused, and a footer with the result. Encoding and parsing only; files are
opened by the caller (cwtui.game.logfile), so the engine does no I/O.

Format 2 ends every line with a digest: BLAKE2b-64 of the line's bytes before it, keyed
with the digest of the line before, so a line changed, moved or dropped after it was
written no longer reads. It is a check against damage and careless edits, not a
signature (anyone can compute it): what a log says about play is proved by replaying
it (engine.replay) and by asking its bots again (engine.bots.audit). Format 1, written
before digests, is still read.

The reader accepts a log only if it is one this engine could have written: every line
decodes to its record, the header describes a playable game, moves are numbered from 0
without gaps, and the footer agrees with itself. A last line without its newline is a
line cut off by a crash: it is dropped and the log marked truncated. Nothing but
LogFormatError (or LogVersionError, for a newer format) ever leaves `parse`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Final, TypeVar, cast

import msgspec

from engine.config import GameConfig
from engine.errors import LogFormatError, LogVersionError
from engine.events import AnyEvent, Event, winner
from engine.game import MAX_PLIES
from engine.log_types import (
    FORMAT_VERSION,
    GAME_ID,
    SETUP_FROM,
    SOLO_REFILL_CLEAR_FROM,
    Count,
    Footer,
    FormatProbe,
    GameLog,
    Header,
    Parent,
    Ply,
    SeatIndex,
    StandIn,
    check_game_id,
    created_at,
    format_keeping_rulings,
)
from engine.moves import AnyMove, Move
from engine.phases import REMOVE
from engine.state import State

FIRST_FORMAT: Final = 1  # the oldest format it reads
DIGESTS_FROM: Final = 2  # the first format whose lines end with a digest
# The first format that records step 2 from the moment step 1 ends (R3.2): before it,
# the tackle window before the remove (and a Lure played there) was logged as step 1.
STEP_2_WINDOW_FROM: Final = 4
MAX_LINE: Final = 1 << 20  # bytes; a real line is at most a few KB

DIGEST_KEY: Final = b',"digest":"'
DIGEST_SIZE: Final = 8  # bytes of BLAKE2b, written as 16 hex digits
_SUFFIX: Final = len(DIGEST_KEY) + 2 * DIGEST_SIZE + len(b'"}')

T = TypeVar("T")

__all__ = [  # the records live in engine/log_types.py; this module is their reader and writer
    "DIGESTS_FROM", "DIGEST_KEY", "DIGEST_SIZE", "FIRST_FORMAT", "FORMAT_VERSION", "GAME_ID", "MAX_LINE",
    "SETUP_FROM", "SOLO_REFILL_CLEAR_FROM", "STEP_2_WINDOW_FROM", "Chain", "Count", "Footer", "GameLog", "Header",
    "Parent", "Ply", "SeatIndex", "StandIn", "check_game_id", "created_at", "encode_log", "footer_for",
    "footer_problem", "format_keeping_rulings", "header_for", "judge", "logged_step", "parse", "parse_header",
    "parse_line", "ply_record",
]  # fmt: skip


_encoder = msgspec.json.Encoder()
_line_decoder = msgspec.json.Decoder(Ply | Footer)
_header_decoder = msgspec.json.Decoder(Header)
_probe_decoder = msgspec.json.Decoder(FormatProbe)


class Chain:
    """Turns records into log lines. In format 2 each line carries the digest of its
    bytes keyed with the previous line's; format 1 (continued only when a game begun in
    it is resumed) has no digests."""

    def __init__(self, format: int = FORMAT_VERSION, previous: bytes = b"") -> None:
        self.format = format
        self.previous = previous

    def line(self, record: Header | Ply | Footer) -> bytes:
        data = _encoder.encode(record)
        if self.format < DIGESTS_FROM:
            return data + b"\n"
        body = data[:-1]  # the record without its closing brace; the digest goes last
        self.previous = _digest(self.previous, body)
        return body + DIGEST_KEY + self.previous + b'"}\n'


def encode_log(*records: Header | Ply | Footer) -> list[bytes]:
    """A whole log's lines, the first record being its header."""
    chain = Chain(records[0].format if records and isinstance(records[0], Header) else FORMAT_VERSION)
    return [chain.line(record) for record in records]


def parse(lines: Iterable[bytes]) -> GameLog:
    """Parse a log's lines (with their newlines, as from `readlines`).

    Raises LogVersionError for a newer format and LogFormatError naming the line for
    anything else that is not a log, except a last line cut off mid-write: that is
    dropped and the log marked truncated.
    """
    plies: list[Ply] = []
    header, _moves, footer, truncated, previous = _read(lines, plies)
    return GameLog(header, plies, footer, truncated, previous)


def judge(lines: Iterable[bytes]) -> tuple[GameLog, int]:
    """What `parse` says of a log, and how many moves it has, without keeping its moves
    (the GameLog's `plies` is empty): memory stays that of one line, whatever the log."""
    header, moves, footer, truncated, previous = _read(lines, None)
    return GameLog(header, [], footer, truncated, previous), moves


def _read(lines: Iterable[bytes], plies: list[Ply] | None) -> tuple[Header, int, Footer | None, bool, bytes]:
    """The reader itself: the header, the number of moves (each kept in `plies` unless
    None), the footer, whether the last line was cut off, the last digest."""
    it = iter(lines)
    first = next(it, None)
    if first is None or not first.strip():
        raise LogFormatError("the log is empty", 1)
    header, previous = _read_header(first)
    chained = header.format >= DIGESTS_FROM
    seats = len(header.config.seats) + header.config.solo  # the silent player sits at 1
    moves = 0
    footer: Footer | None = None
    truncated = False
    number = 1
    for raw in it:
        number += 1
        if truncated:
            raise LogFormatError("a damaged line is followed by more lines", number - 1)
        if footer is not None:
            raise LogFormatError("a line after the footer", number)
        if len(raw) > MAX_LINE:
            raise LogFormatError(f"the line is longer than {MAX_LINE:,} bytes", number)
        if not raw.endswith(b"\n"):
            truncated = True  # only allowed as the very last line; checked above
            continue
        try:  # _decode's work, inline: this loop runs for every line of every log read
            record = _line_decoder.decode(raw)
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise _decoding_error(exc, number) from None
        if isinstance(record, Footer):
            footer = record
        elif record.ply != moves:
            raise LogFormatError(f"expected ply {moves}, found ply {record.ply}", number)
        elif record.seat >= seats:
            raise LogFormatError(f"ply {record.ply} is played by seat {record.seat}, but the game has {seats}", number)
        elif moves >= MAX_PLIES:
            raise LogFormatError(f"more moves than the longest game the engine allows ({MAX_PLIES:,})", number)
        else:
            moves += 1
            if plies is not None:
                plies.append(record)
        previous = _check_digest(raw, previous, chained, number)
    if footer is not None:
        problem = footer_problem(footer, moves, seats)
        if problem:
            raise LogFormatError(f"the footer {problem}", number)
    return header, moves, footer, truncated, previous


def parse_line(line: bytes) -> Ply | Footer:
    """One line after the header, unchecked against its neighbours (raises
    LogFormatError if it is not a move or footer line)."""
    record: Ply | Footer = _decode(_line_decoder, line, None)
    return record


def parse_header(line: bytes) -> Header:
    """A log's first line, with its newline; refuses newer formats (LogVersionError),
    unknown ones and anything that is not a valid header."""
    return _read_header(line)[0]


def _read_header(line: bytes) -> tuple[Header, bytes]:
    """The header and its digest (empty in format 1)."""
    probe = _decode(_probe_decoder, line, 1)
    if probe.kind != "header":
        raise LogFormatError(f"the first line must be the header, not {probe.kind!r}", 1)
    if probe.format > FORMAT_VERSION:
        raise LogVersionError(
            f"log format {probe.format} is newer than this cwtui reads (format "
            f"{FORMAT_VERSION}); upgrade cwtui to open it",
            1,
        )
    if probe.format < FIRST_FORMAT:
        raise LogFormatError(f"unknown log format {probe.format}", 1)
    if not line.endswith(b"\n"):
        raise LogFormatError("the header line is cut off", 1)
    header: Header = _decode(_header_decoder, line, 1)
    return header, _check_digest(line, b"", probe.format >= DIGESTS_FROM, 1)


def footer_problem(footer: Footer, plies: int, seats: int) -> str | None:
    """What makes a footer disagree with itself or its log (R11), or None."""
    if footer.plies != plies:
        return f"counts {footer.plies} moves; the log has {plies}"
    if sorted(line.seat for line in footer.scores) != list(range(seats)):
        return f"must score each of the {seats} seats once"
    if sorted(line.rank for line in footer.scores) != list(range(1, seats + 1)):
        return "must rank the seats 1, 2, … without ties (R11.3)"
    for line in footer.scores:
        if line.total != line.trophies + line.master_anglers + line.tags:
            return f"gives seat {line.seat} a total that is not the sum of its points (R11.1)"
    first = winner(footer.scores)
    if footer.winner != first:
        return f"names seat {footer.winner} the winner; its scores rank seat {first} first"
    return None


def header_for(
    config: GameConfig,
    cards_hash: str,
    game: str,
    created: str,
    parent: Parent | None = None,
    *,
    setup: Sequence[Event],
    format: int = FORMAT_VERSION,
) -> Header:
    """`setup`: the events `engine.setup.set_up` returned for this config. `format`: the
    state's rulings (State.rules), for a game played on from an older log."""
    from engine import ENGINE_VERSION
    from engine.rng import PRNG_NAME

    recorded = cast("tuple[AnyEvent, ...]", tuple(setup))
    return Header(format, ENGINE_VERSION, PRNG_NAME, cards_hash, game, created, config, parent, recorded)


def ply_record(
    before: State,
    move: Move,
    events: Sequence[Event],
    searched: int | None = None,
    format: int = FORMAT_VERSION,
    stand_in: StandIn | None = None,
) -> Ply:
    """The log line for `move`, made from the state it was applied to, in `format` (a
    resumed older log goes on in its own format); `stand_in`: why a bot played a human
    seat's move."""
    # Every Move and Event class is a member of AnyMove and AnyEvent (tests/test_log.py).
    logged = cast("tuple[AnyEvent, ...]", tuple(events))
    step = logged_step(before, format)
    return Ply(
        before.ply, before.turn, before.to_act, step, before.phase, cast("AnyMove", move), logged, searched, stand_in
    )


def logged_step(state: State, format: int) -> int:
    """The step a log of `format` records for the state: formats before
    STEP_2_WINDOW_FROM kept step 1 until the token was removed (R3.2)."""
    if format < STEP_2_WINDOW_FROM and state.window == REMOVE and state.action in (None, "lure"):
        return 1
    return state.step


def footer_for(state: State) -> Footer:
    assert state.result is not None, "the game is not over"
    return Footer(state.ply, state.result, winner(state.result))


def _decode(decoder: msgspec.json.Decoder[T], raw: bytes, number: int | None) -> T:
    """Decode one line; every way a line can fail becomes a LogFormatError naming it.
    (msgspec reports invalid UTF-8 as UnicodeDecodeError and nesting beyond its limit
    as RecursionError, outside its DecodeError.)"""
    if len(raw) > MAX_LINE:
        raise LogFormatError(f"the line is longer than {MAX_LINE:,} bytes", number)
    try:
        return decoder.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise _decoding_error(exc, number) from None


def _decoding_error(exc: Exception, number: int | None) -> LogFormatError:
    if isinstance(exc, UnicodeDecodeError):
        message = "the line is not valid UTF-8"
    elif isinstance(exc, RecursionError):
        message = "the line nests too deeply"
    else:
        message = str(exc)
    if number == 1:
        message = f"not a game log header ({message})"
    return LogFormatError(message, number)


def _digest(previous: bytes, body: bytes | memoryview) -> bytes:
    return hashlib.blake2b(body, digest_size=DIGEST_SIZE, key=previous).hexdigest().encode()


def _check_digest(raw: bytes, previous: bytes, chained: bool, number: int) -> bytes:
    """The line's digest, checked against its bytes and the previous line's. (Run on
    every line a reader reads: offsets rather than slices, so the body is not copied.)"""
    body_end = len(raw) - 1 - _SUFFIX  # where `,"digest":"` starts, if the line has one
    has_digest = body_end > 0 and raw.startswith(DIGEST_KEY, body_end) and raw.endswith(b'"}\n')
    if not chained:
        if has_digest:
            raise LogFormatError("a format 1 log has no digests; this line has one", number)
        return b""
    if not has_digest:
        raise LogFormatError("the line has no digest (format 2 ends every line with one)", number)
    digest = raw[body_end + len(DIGEST_KEY) : -3]
    if digest != _digest(previous, memoryview(raw)[:body_end]):
        what = "the header" if number == 1 else "the line, or one before it,"
        raise LogFormatError(f"{what} was changed after it was written (its digest does not match)", number)
    return digest
