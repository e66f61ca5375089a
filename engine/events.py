"""What happened: every outcome of a move is an Event, logged after the move.

Events carry the whole truth (drawn bait, fish identities); engine/view.py decides what
a seat may see of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from engine.components import Color, Location, Space, TackleKind

CatchHow = Literal["bait", "rod", "line", "rod+line", "deck_top", "silent"]


# gc=False: an event holds numbers, strings and tuples of them, never a cycle, so the
# cycle collector need not track the millions a history load decodes (a seventh of it).
class Event(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every event."""


class AnglerPlaced(Event, frozen=True, tag="angler_placed"):
    seat: int
    space: Space
    face: int


class AnglerRemoved(Event, frozen=True, tag="angler_removed"):
    seat: int
    space: Space
    face: int


class BaitRemoved(Event, frozen=True, tag="bait_removed"):
    """A bait left a player's zone for the discard (card None) or a Master Angler slot."""

    seat: int
    zone: int
    color: Color
    card: int | None


class BaitDrawn(Event, frozen=True, tag="bait_drawn"):
    seat: int
    zone: int
    color: Color


class ClearBaitDrawn(Event, frozen=True, tag="clear_bait_drawn"):
    """R4.5 / R12.5 — the discard went back into the bag."""

    seat: int
    returned: int


class ClearBaitReturned(Event, frozen=True, tag="clear_bait_returned"):
    pass


class RefillStopped(Event, frozen=True, tag="refill_stopped"):
    """R4.5 ruling — the bag ran dry before the zone was full."""

    seat: int
    zone: int


class NothingToDo(Event, frozen=True, tag="nothing_to_do"):
    """R3.4 — a mandatory action that could do nothing (e.g. a Port action with every
    zone full and no Master Angler card to take)."""

    seat: int
    action: str


class MasterAnglerTaken(Event, frozen=True, tag="master_angler_taken"):
    seat: int
    card: int
    from_deck: bool


class DisplayRefilled(Event, frozen=True, tag="display_refilled"):
    slot: int
    card: int


class MasterAnglerCaught(Event, frozen=True, tag="master_angler_caught"):
    seat: int
    card: int


class FishCaught(Event, frozen=True, tag="fish_caught"):
    seat: int
    card: int
    location: Location
    zone: int
    board_zone: int
    how: CatchHow


class NoCatch(Event, frozen=True, tag="no_catch"):
    """R5.7 — the catch pointed at an empty location zone."""

    seat: int
    location: Location
    zone: int
    board_zone: int


class TackleDrawn(Event, frozen=True, tag="tackle_drawn"):
    seat: int
    token: int
    kind: TackleKind


class TackleReshuffled(Event, frozen=True, tag="tackle_reshuffled"):
    count: int


class TacklePlayed(Event, frozen=True, tag="tackle_played"):
    seat: int
    token: int
    kind: TackleKind


class BaitSwapped(Event, frozen=True, tag="bait_swapped"):
    seat: int
    zone_a: int
    color_a: Color
    zone_b: int
    color_b: Color


class LocationRefilled(Event, frozen=True, tag="location_refilled"):
    location: Location
    zone: int
    card: int


class LocationShort(Event, frozen=True, tag="location_short"):
    """R9.1 — the location's deck could not refill it to four cards."""

    location: Location


class FishRevealed(Event, frozen=True, tag="fish_revealed"):
    seat: int
    card: int
    weight: int


class TrophyTaken(Event, frozen=True, tag="trophy_taken"):
    seat: int
    trophy: str
    points: int


class MysteryWeightRevealed(Event, frozen=True, tag="mystery_weight_revealed"):
    weight: int


class AnglerKept(Event, frozen=True, tag="angler_kept"):
    """R3.3 — the removed token, flipped, is the player's for next turn."""

    seat: int
    face: int


class EndTriggered(Event, frozen=True, tag="end_triggered"):
    seat: int
    reason: Literal["twelve_fish", "location_short"]


class TurnEnded(Event, frozen=True, tag="turn_ended"):
    seat: int


class SilentDrew(Event, frozen=True, tag="silent_drew"):
    color: Color | Literal["clear"]


class AnglerMoved(Event, frozen=True, tag="angler_moved"):
    """R12.3 — the silent player moved a token along the track."""

    from_space: Space
    to_space: Space


class DiscardSeeded(Event, frozen=True, tag="discard_seeded"):
    """R12.1 / R12.5 — bait drawn from the bag straight into the discard."""

    colors: tuple[Color, ...]


class Presented(Event, frozen=True, tag="presented"):
    seat: int
    location: Location
    fish: tuple[int, ...]
    weight: int


class ContestRanked(Event, frozen=True, tag="contest_ranked"):
    location: Location
    ranking: tuple[int, ...]


class ScoreLine(msgspec.Struct, frozen=True, gc=False):
    seat: int
    trophies: int
    master_anglers: int
    tags: int
    total: int
    rank: int


def winner(scores: Sequence[ScoreLine]) -> int:
    """The seat the scores rank first (ranks never tie, R11.2)."""
    return next(line.seat for line in scores if line.rank == 1)


class GameEnded(Event, frozen=True, tag="game_ended"):
    scores: tuple[ScoreLine, ...]
    winner: int


AnyEvent = (
    AnglerPlaced | AnglerRemoved | BaitRemoved | BaitDrawn | ClearBaitDrawn
    | ClearBaitReturned | RefillStopped | NothingToDo | MasterAnglerTaken | DisplayRefilled
    | MasterAnglerCaught | FishCaught | NoCatch | TackleDrawn | TackleReshuffled
    | TacklePlayed | BaitSwapped | LocationRefilled | LocationShort | FishRevealed
    | TrophyTaken | MysteryWeightRevealed | AnglerKept | EndTriggered | TurnEnded
    | SilentDrew | AnglerMoved | DiscardSeeded | Presented | ContestRanked | GameEnded
)  # fmt: skip
