"""The log's records: msgspec Structs for its header, its move lines and its footer,
and the facts they check when decoded. Kept apart from engine/log.py's code (the
reader and the writer, which run for every line of every log), which mypyc compiles and
which cannot hold them (mypyc drops class keywords such as frozen= and tag=).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Final, Literal

import msgspec

from engine.config import GameConfig
from engine.errors import LogFormatError
from engine.events import AnyEvent, ScoreLine
from engine.moves import AnyMove

FORMAT_VERSION: Final = 5  # what this engine writes
SETUP_FROM: Final = 3  # the first format whose header records the setup events
# A ruling that changes play takes effect from a format on: a game keeps the rulings of
# the format its log was begun in (engine.state.State.rules), so every log replays as
# it was played. From format 5, the clear bait you draw refilling a zone in a solo game
# is the silent player's clear bait too (R12.5).
SOLO_REFILL_CLEAR_FROM: Final = 5
RULINGS_CHANGED: Final = (SOLO_REFILL_CLEAR_FROM,)  # the formats from which play changed


def format_keeping_rulings(format: int) -> int:
    """The newest format whose rulings are those of `format`: a game played on from a
    log in `format` (a fork) is written in it, so that its moves replay as they were
    played."""
    later = [changed for changed in RULINGS_CHANGED if changed > format]
    return min(later) - 1 if later else FORMAT_VERSION


GAME_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}")  # also a file name: no paths

Count = Annotated[int, msgspec.Meta(ge=0)]
SeatIndex = Annotated[int, msgspec.Meta(ge=0, le=3)]


class Parent(msgspec.Struct, frozen=True):
    """Where a forked game came from (replay's "play from here")."""

    game: str
    ply: Count

    def __post_init__(self) -> None:
        check_game_id(self.game)


class Header(msgspec.Struct, frozen=True, tag_field="kind", tag="header"):
    format: int
    engine: str
    prng: str
    cards: str  # the card data's hash
    game: str  # an id for the game, unique among saved games
    created: str  # ISO 8601 with a UTC offset, stamped by whoever writes the file
    config: GameConfig
    parent: Parent | None = None
    # What setup did that the board does not keep (engine.setup.set_up), from format 3.
    setup: tuple[AnyEvent, ...] = ()

    def __post_init__(self) -> None:
        check_game_id(self.game)
        created_at(self.created)
        if self.setup and self.format < SETUP_FROM:
            raise LogFormatError(f"a format {self.format} header records no setup events")


# Why a bot played a human seat's move (a server's room: cwtui.net): its player was away
# past the room's takeover time, had resigned, or had run out of time on the room's clock.
StandIn = Literal["away", "resigned", "time"]


# gc=False: a line holds a move and events, never a cycle (see engine.events.Event).
class Ply(msgspec.Struct, frozen=True, tag_field="kind", tag="ply", omit_defaults=True, gc=False):
    ply: Count
    turn: Count
    seat: SeatIndex
    step: Annotated[int, msgspec.Meta(ge=0, le=2)]  # 1 or 2 within a turn; 0 for the silent player and contests
    phase: str  # the decision the move answered
    move: AnyMove
    events: tuple[AnyEvent, ...]
    # A search bot's iterations when its time cap stopped it short of its budget, so
    # that the move can be checked by searching exactly as long (None: a full search,
    # or not a search bot's move).
    searched: Annotated[int, msgspec.Meta(ge=1)] | None = None
    stand_in: StandIn | None = None  # a bot played this human seat's move, and why (None: its player)


class Footer(msgspec.Struct, frozen=True, tag_field="kind", tag="footer", gc=False):
    plies: Count
    scores: tuple[ScoreLine, ...]
    winner: SeatIndex


class FormatProbe(msgspec.Struct):
    """The two fields read first, to choose how to read the rest."""

    kind: str
    format: int = 0


class GameLog(msgspec.Struct):
    header: Header
    plies: list[Ply]
    footer: Footer | None
    truncated: bool = False  # the last line was cut off (a crash mid-write)
    digest: bytes = b""  # the last complete line's digest, where more lines chain on (format 2)

    @property
    def format(self) -> int:
        return self.header.format


def created_at(created: str) -> datetime:
    """A header's `created` stamp as a datetime (LogFormatError unless it is ISO 8601
    with a UTC offset)."""
    try:
        moment = datetime.fromisoformat(created)
    except ValueError:
        raise LogFormatError(f"created must be an ISO 8601 date and time, not {created!r}") from None
    if moment.utcoffset() is None:
        raise LogFormatError(f"created must give its UTC offset: {created!r}")
    return moment


def check_game_id(game: str) -> None:
    if not GAME_ID.fullmatch(game):
        raise LogFormatError(f"a game id is 1–200 letters, digits, '.', '_' or '-', not starting with '.': {game!r}")
