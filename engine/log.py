"""The game log: JSON Lines of msgspec records — a header, one line per move with the
events it caused, and a footer with the result. Encoding and parsing only; files are
opened by the caller (cwtui.logfile), so the engine does no I/O.

A reader of format N reads every format <= N and refuses newer ones by name.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engine.config import GameConfig
from engine.errors import LogFormatError, LogVersionError
from engine.events import AnyEvent, ScoreLine
from engine.moves import AnyMove
from engine.state import State

FORMAT_VERSION = 1


class Parent(msgspec.Struct, frozen=True):
    """Where a forked game came from (replay's "play from here")."""

    game: str
    ply: int


class Header(msgspec.Struct, frozen=True, tag_field="kind", tag="header"):
    format: int
    engine: str
    prng: str
    cards: str  # the card data's hash
    game: str  # an id for the game, unique among saved games
    created: str  # ISO 8601, stamped by whoever writes the file
    config: GameConfig
    parent: Parent | None = None


class Ply(msgspec.Struct, frozen=True, tag_field="kind", tag="ply"):
    ply: int
    turn: int
    seat: int
    step: int  # 1 or 2 within a turn; 0 for the silent player's turn and the contests
    phase: str  # the decision the move answered
    move: AnyMove
    events: tuple[AnyEvent, ...]


class Footer(msgspec.Struct, frozen=True, tag_field="kind", tag="footer"):
    plies: int
    scores: tuple[ScoreLine, ...]
    winner: int


class _Probe(msgspec.Struct):
    kind: str
    format: int = 0


class GameLog(msgspec.Struct):
    header: Header
    plies: list[Ply]
    footer: Footer | None
    truncated: bool = False  # the last line was cut off (a crash mid-write)


_encoder = msgspec.json.Encoder()
_line_decoder = msgspec.json.Decoder(Ply | Footer)
_header_decoder = msgspec.json.Decoder(Header)
_probe_decoder = msgspec.json.Decoder(_Probe)


def encode(record: Header | Ply | Footer) -> bytes:
    return _encoder.encode(record) + b"\n"


def parse(lines: Iterable[bytes]) -> GameLog:
    """Parse a log's lines (with their newlines, as from `readlines`).

    Raises LogVersionError for a newer format and LogFormatError naming the line for
    anything malformed, except a last line cut off mid-write: that is dropped and the
    log is marked truncated.
    """
    it = iter(lines)
    first = next(it, None)
    if first is None or not first.strip():
        raise LogFormatError("the log is empty", 1)
    header = parse_header(first)
    plies: list[Ply] = []
    footer: Footer | None = None
    truncated = False
    number = 1
    for raw in it:
        number += 1
        if truncated:
            raise LogFormatError("a damaged line is followed by more lines", number - 1)
        if footer is not None:
            raise LogFormatError("a line after the footer", number)
        try:
            record = _line_decoder.decode(raw)
        except msgspec.DecodeError as exc:
            if not raw.endswith(b"\n"):
                truncated = True  # only allowed as the very last line; checked above
                continue
            raise LogFormatError(str(exc), number) from None
        if isinstance(record, Footer):
            footer = record
        elif record.ply != len(plies):
            raise LogFormatError(f"expected ply {len(plies)}, found ply {record.ply}", number)
        else:
            plies.append(record)
    return GameLog(header, plies, footer, truncated)


def parse_line(line: bytes) -> Ply | Footer:
    """One line after the header (raises msgspec.DecodeError if it is not one)."""
    record: Ply | Footer = _line_decoder.decode(line)
    return record


def parse_header(line: bytes) -> Header:
    """A log's first line; refuses newer formats (LogVersionError) and non-headers."""
    try:
        probe = _probe_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise LogFormatError(f"not a game log header ({exc})", 1) from None
    if probe.kind != "header":
        raise LogFormatError(f"the first line must be the header, not {probe.kind!r}", 1)
    if probe.format > FORMAT_VERSION:
        raise LogVersionError(
            f"log format {probe.format} is newer than this cwtui reads (format "
            f"{FORMAT_VERSION}); upgrade cwtui to open it",
            1,
        )
    try:
        return _header_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise LogFormatError(f"bad header: {exc}", 1) from None


def header_for(config: GameConfig, cards_hash: str, game: str, created: str, parent: Parent | None = None) -> Header:
    from engine import ENGINE_VERSION
    from engine.rng import PRNG_NAME

    return Header(FORMAT_VERSION, ENGINE_VERSION, PRNG_NAME, cards_hash, game, created, config, parent)


def ply_record(before: State, move: AnyMove, events: list[AnyEvent]) -> Ply:
    """The log line for `move`, made from the state it was applied to."""
    return Ply(before.ply, before.turn, before.to_act, before.step, before.phase, move, tuple(events))


def footer_for(state: State) -> Footer:
    assert state.result is not None, "the game is not over"
    winner = next(line.seat for line in state.result if line.rank == 1)
    return Footer(state.ply, state.result, winner)
