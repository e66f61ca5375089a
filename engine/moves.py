"""Every choice a player makes is a Move: a frozen msgspec Struct in one tagged union.

The tag ("type") and field names are the log's wire format; changing them needs a new
log format version (engine/log.py).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.components import Color, Location, Space


# gc=False: a move holds numbers and strings, never a cycle (see engine.events.Event).
class Move(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every move."""


class PlaceAngler(Move, frozen=True, tag="place"):
    """R3.1 — step 1: put your angler token on a free space and resolve it."""

    space: Space


class RemoveAngler(Move, frozen=True, tag="remove"):
    """R3.2 — step 2: take another token off the board and resolve its space."""

    space: Space


class Refill(Move, frozen=True, tag="refill"):
    """R4.4 — Port action: fill one of your zones from the bag."""

    zone: int


class TakeMasterAngler(Move, frozen=True, tag="take_master_angler"):
    """R4.6 — Port action: take a face-up Master Angler card, or (card=None) the deck top."""

    card: int | None = None


class BaitTo(Move, frozen=True, tag="bait"):
    """R5.1 — where the bait being removed goes: the discard (card=None) or an empty
    slot of its color on one of your uncaught Master Angler cards."""

    card: int | None = None


class CatchFirst(Move, frozen=True, tag="catch_first"):
    """R5.4 — several zones emptied at once: which zone's catch to resolve next."""

    zone: int


class Catch(Move, frozen=True, tag="catch"):
    """R5.3, R6.2, R7.1–R7.3 — which fish this catch takes and which tackle it uses."""

    location: Location
    zone: int
    rod: bool = False
    line: bool = False
    deck_top: bool = False


class LetGo(Move, frozen=True, tag="let_go"):
    """R5.7 — the catch points at an empty location zone: take nothing."""


class PlayLure(Move, frozen=True, tag="lure"):
    """R7.4 — remove up to two bait of one color, from one zone or two."""

    color: Color
    zones: tuple[int, ...]


class PlayReel(Move, frozen=True, tag="reel"):
    """R7.5 — swap two bait of different colors between two zones."""

    zone_a: int
    color_a: Color
    zone_b: int
    color_b: Color


class EndTurn(Move, frozen=True, tag="end_turn"):
    """R3.3 — done with tackle after step 2: flip the removed token and end the turn."""


class SilentDraws(Move, frozen=True, tag="silent_draws"):
    """R12.2 — you have fewer fish than the silent player: it draws 1 or 2 bait."""

    count: int


class SilentClear(Move, frozen=True, tag="silent_clear"):
    """R12.5 — the clear bait was drawn (by the silent player, or in your refill): a
    second Master Angler card for the silent player, or seven bait into the discard."""

    choice: Literal["master_angler", "discard_seven"]


class Present(Move, frozen=True, tag="present"):
    """R10.1 — the fish (at most one per species) you present at a location's contest."""

    location: Location
    fish: tuple[int, ...]


AnyMove = (
    PlaceAngler | RemoveAngler | Refill | TakeMasterAngler | BaitTo | CatchFirst | Catch
    | LetGo | PlayLure | PlayReel | EndTurn | SilentDraws | SilentClear | Present
)  # fmt: skip
